//===- VectorTranspositions.cpp - transpositions in register blocks -------===//
//
// Part of `aotc-cpu-vector-kernels`: an elementwise linalg.generic on buffers
// that reads an input transposed (the input's contiguous dimension is along
// another loop than the output's) has no loop along which both are
// contiguous, so the parallel-loop kernels leave it; as scalar loops it moved
// one element per load and store. Here it is computed in square blocks of
// `lanes` x `lanes` elements: `lanes` vector loads along the input's
// contiguous loop, a transposition in registers (log2(lanes) rounds of
// two-source shuffles: AVX-512's vpermt2ps, AVX2's unpacks and lane
// permutes), the body on each transposed row and one vector store per row
// along the output's contiguous loop. Blocks at the ends of the two loops
// load and store under masks. docs/cpu-kernels.md.
//
//===----------------------------------------------------------------------===//

#include "VectorKernelSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace aotc::cpu {
namespace {

/// How the kernel reads one input along the output's contiguous loop.
enum class Read {
  /// Contiguous along the input's own loop, strided along the output's:
  /// loaded in rows and transposed in registers.
  Transposed,
  /// Contiguous along the output's loop: one vector per output row.
  Row,
  /// The same element for the whole output row: one scalar, splat.
  Invariant,
  /// Strided along the output's loop and the same for every row of a
  /// block (a layer norm's first element of each normalized row): one
  /// vector of scalar loads per block.
  Gathered,
};

struct TranspositionPlan {
  /// The output's contiguous loop and the transposed inputs' one.
  unsigned outLoop, inLoop;
  SmallVector<Read> reads;
  Type element;
  unsigned lanes;
};

bool hasStaticMemRefType(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.hasStaticShape();
}

std::optional<TranspositionPlan> planTransposition(linalg::GenericOp generic,
                                                   unsigned vectorBits) {
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1 ||
      generic.getNumReductionLoops() != 0 || generic.hasIndexSemantics())
    return std::nullopt;
  OpOperand *init = generic.getDpsInitOperand(0);
  Value out = init->get();
  AffineMap outMap = generic.getMatchingIndexingMap(init);
  if (!hasStaticMemRefType(out) || !outMap.isPermutation() ||
      outMap.getNumResults() < 2)
    return std::nullopt;
  auto outType = cast<MemRefType>(out.getType());
  Type element = outType.getElementType();
  if (!(element.isF32() || element.isSignlessInteger(32)))
    return std::nullopt;
  TranspositionPlan plan;
  plan.element = element;
  plan.lanes = vectorBits / 32;
  plan.outLoop = cast<AffineDimExpr>(outMap.getResults().back()).getPosition();
  if (stepAlong(outMap, outType, plan.outLoop) != 1)
    return std::nullopt;

  std::optional<unsigned> inLoop;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    Value value = input->get();
    if (!hasStaticMemRefType(value))
      return std::nullopt;
    // Inputs read along the output's rows may be wider (a layer norm's f64
    // statistics): vectors of as many lanes.
    auto type = cast<MemRefType>(value.getType());
    Type inputElement = type.getElementType();
    if (!inputElement.isF32() && !inputElement.isF64() &&
        !inputElement.isSignlessInteger(32))
      return std::nullopt;
    AffineMap map = generic.getMatchingIndexingMap(input);
    std::optional<int64_t> step = stepAlong(map, type, plan.outLoop);
    if (step == 1) {
      plan.reads.push_back(Read::Row);
      continue;
    }
    if (step == 0) {
      plan.reads.push_back(Read::Invariant);
      continue;
    }
    // Read along the output's loop in an outer dimension: transposed, if
    // contiguous along a loop of its own (the same for every such input);
    // else gathered, decided below.
    // Its innermost index may be a blocked layout's `l mod B` (an NCHWc
    // image unpacked): a vector from a multiple of `lanes` along `l` stays
    // within one block when B is a multiple of `lanes` (stepAlong).
    std::optional<unsigned> contiguous;
    if (map.getNumResults() != 0 && value != out && inputElement == element)
      for (unsigned l = 0; l < map.getNumDims() && !contiguous; ++l)
        if (l != plan.outLoop && map.getResults().back().isFunctionOfDim(l) &&
            (!inLoop || *inLoop == l) &&
            stepAlong(map, type, l, plan.lanes) == 1)
          contiguous = l;
    if (contiguous) {
      inLoop = contiguous;
      plan.reads.push_back(Read::Transposed);
      continue;
    }
    plan.reads.push_back(Read::Gathered);
  }
  if (!inLoop)
    return std::nullopt;
  plan.inLoop = *inLoop;
  // A gathered input is read element by element once per block: it must
  // not change along the block's rows.
  for (auto [input, read] :
       llvm::zip(generic.getDpsInputOperands(), plan.reads))
    if (read == Read::Gathered &&
        generic.getMatchingIndexingMap(input).isFunctionOfDim(plan.inLoop))
      return std::nullopt;
  // A block must fill at least one whole vector each way; smaller
  // transpositions are a few elements per row.
  SmallVector<int64_t> extents = generic.getStaticLoopRanges();
  if (extents[plan.inLoop] < plan.lanes || extents[plan.outLoop] < plan.lanes)
    return std::nullopt;
  // Reading the output as an input (an accumulation) is a Row read; the
  // body must compute on vectors, garbage lanes included.
  if (!hasVectorizableBody(generic))
    return std::nullopt;
  return plan;
}

/// Transposes the `rows` (each `lanes` wide, `lanes` of them) in registers:
/// log2(lanes) rounds in which rows j and j + lanes/2 interleave into rows
/// 2j (their first halves) and 2j + 1 (their second halves). Each round is
/// a perfect shuffle of the element coordinates' bits; log2(lanes) of them
/// swap row and column.
SmallVector<Value> transposeInRegisters(OpBuilder &b, Location loc,
                                        ArrayRef<Value> rows) {
  int64_t lanes = rows.size();
  SmallVector<int64_t> low, high;
  for (int64_t j = 0; j < lanes / 2; ++j) {
    low.append({j, lanes + j});
    high.append({lanes / 2 + j, lanes + lanes / 2 + j});
  }
  SmallVector<Value> current(rows);
  for (int64_t round = 1; round < lanes; round *= 2) {
    SmallVector<Value> next;
    for (int64_t j = 0; j < lanes / 2; ++j) {
      Value first = current[j], second = current[j + lanes / 2];
      next.push_back(vector::ShuffleOp::create(b, loc, first, second, low));
      next.push_back(vector::ShuffleOp::create(b, loc, first, second, high));
    }
    current = std::move(next);
  }
  return current;
}

class TranspositionEmitter {
public:
  TranspositionEmitter(linalg::GenericOp generic, const TranspositionPlan &plan)
      : generic(generic), plan(plan), vb(generic.getLoc(), plan.lanes),
        extents(generic.getStaticLoopRanges()) {}

  void emit(OpBuilder &b) {
    SmallVector<unsigned> outer;
    for (unsigned l = 0; l < extents.size(); ++l)
      if (l != plan.inLoop && l != plan.outLoop)
        outer.push_back(l);
    SmallVector<OpFoldResult> dims(extents.size(), b.getIndexAttr(0));
    emitOuterLoops(b, outer, dims, /*parallel=*/true);
  }

private:
  /// Loops over the dimensions other than the block's two. Every loop but
  /// the blocks' inner one is parallel: aotc-cpu-parallelize-kernels shares
  /// out the outermost, or the blocks' when the outer ones are few.
  void emitOuterLoops(OpBuilder &b, ArrayRef<unsigned> loops,
                      SmallVector<OpFoldResult> &dims, bool parallel) {
    if (loops.empty())
      return emitBlocks(b, dims, parallel);
    unsigned loop = loops.front();
    vb.forLoop(
        b, 0, extents[loop], 1, {},
        [&](OpBuilder &nb, Value iv, ValueRange) {
          dims[loop] = iv;
          emitOuterLoops(nb, loops.drop_front(), dims, parallel);
          return SmallVector<Value>{};
        },
        parallel);
  }

  /// The blocks of one plane: whole blocks in loops, then the partial ones
  /// at the ends of the two loops.
  void emitBlocks(OpBuilder &b, SmallVector<OpFoldResult> &dims,
                  bool parallel) {
    int64_t lanes = plan.lanes;
    int64_t inWhole = extents[plan.inLoop] / lanes * lanes;
    int64_t outWhole = extents[plan.outLoop] / lanes * lanes;
    int64_t inRest = extents[plan.inLoop] - inWhole;
    int64_t outRest = extents[plan.outLoop] - outWhole;
    // One row of blocks along the output's loop, `inActive` deep.
    auto emitRow = [&](OpBuilder &rb, int64_t inActive) {
      vb.forLoop(rb, 0, outWhole, lanes, {},
                 [&](OpBuilder &nb, Value iv, ValueRange) {
                   dims[plan.outLoop] = iv;
                   emitBlock(nb, dims, inActive, lanes);
                   return SmallVector<Value>{};
                 });
      if (outRest != 0) {
        dims[plan.outLoop] = rb.getIndexAttr(outWhole);
        emitBlock(rb, dims, inActive, outRest);
      }
    };
    vb.forLoop(
        b, 0, inWhole, lanes, {},
        [&](OpBuilder &nb, Value iv, ValueRange) {
          dims[plan.inLoop] = iv;
          emitRow(nb, lanes);
          return SmallVector<Value>{};
        },
        parallel);
    if (inRest != 0) {
      dims[plan.inLoop] = b.getIndexAttr(inWhole);
      emitRow(b, inRest);
    }
  }

  /// A vector of zeros of `element`.
  Value zeros(OpBuilder &b, Type element) {
    auto type = VectorType::get({plan.lanes}, element);
    return arith::ConstantOp::create(
        b, vb.loc, type, DenseElementsAttr::get(type, b.getZeroAttr(element)));
  }

  /// The indices of `operand` at loop values `dims`.
  SmallVector<Value> indices(OpBuilder &b, OpOperand *operand,
                             ArrayRef<OpFoldResult> dims) {
    return vb.apply(b, generic.getMatchingIndexingMap(operand), dims);
  }

  Value load(OpBuilder &b, OpOperand *operand, ArrayRef<OpFoldResult> dims,
             int64_t active) {
    Location loc = vb.loc;
    Type element = cast<MemRefType>(operand->get().getType()).getElementType();
    auto type = VectorType::get({plan.lanes}, element);
    SmallVector<Value> at = indices(b, operand, dims);
    if (active == plan.lanes)
      return vector::LoadOp::create(b, loc, type, operand->get(), at);
    return vector::MaskedLoadOp::create(b, loc, type, operand->get(), at,
                                        vb.mask(b, active), zeros(b, element));
  }

  /// The block at `dims`: `inActive` elements along the transposed inputs'
  /// loop by `outActive` along the output's.
  void emitBlock(OpBuilder &b, SmallVector<OpFoldResult> dims,
                 int64_t inActive, int64_t outActive) {
    Location loc = vb.loc;
    OpFoldResult inBase = dims[plan.inLoop], outBase = dims[plan.outLoop];
    Value zero = zeros(b, plan.element);
    // Each transposed input: `outActive` rows along its contiguous loop,
    // transposed into rows along the output's.
    SmallVector<SmallVector<Value>> transposed(plan.reads.size());
    for (auto [input, read] :
         llvm::zip(generic.getDpsInputOperands(), plan.reads)) {
      if (read != Read::Transposed)
        continue;
      SmallVector<Value> rows;
      for (int64_t r = 0; r < plan.lanes; ++r) {
        if (r >= outActive) {
          rows.push_back(zero);
          continue;
        }
        dims[plan.outLoop] = vb.offset(b, outBase, r);
        dims[plan.inLoop] = inBase;
        rows.push_back(load(b, input, dims, inActive));
      }
      transposed[input->getOperandNumber()] = transposeInRegisters(b, loc, rows);
    }
    // What is the same for every row of the block (inputs that do not
    // depend on the rows' loop, and the body ops computed from them only: a
    // layer norm's statistics) is loaded and computed once.
    Block *body = generic.getBody();
    OpOperand *init = generic.getDpsInitOperand(0);
    dims[plan.inLoop] = inBase;
    dims[plan.outLoop] = outBase;
    IRMapping invariant;
    for (auto [input, read] :
         llvm::zip(generic.getDpsInputOperands(), plan.reads)) {
      BlockArgument arg = generic.getMatchingBlockArgument(input);
      if (arg.use_empty() || read == Read::Transposed ||
          generic.getMatchingIndexingMap(input).isFunctionOfDim(plan.inLoop))
        continue;
      invariant.map(arg, read == Read::Gathered
                             ? gather(b, input, dims, outActive)
                             : readAlongRow(b, input, read, dims, outActive));
    }
    llvm::SmallPtrSet<Operation *, 8> hoisted;
    for (Operation &op : body->without_terminator()) {
      bool rowInvariant = llvm::all_of(op.getOperands(), [&](Value operand) {
        return operand.getParentBlock() != body || invariant.contains(operand);
      });
      if (!rowInvariant)
        continue;
      vb.cloneOnVectors(b, op, invariant);
      hoisted.insert(&op);
    }
    // One output row per element along the transposed inputs' loop.
    for (int64_t c = 0; c < inActive; ++c) {
      dims[plan.inLoop] = vb.offset(b, inBase, c);
      dims[plan.outLoop] = outBase;
      IRMapping mapping = invariant;
      for (auto [input, read] :
           llvm::zip(generic.getDpsInputOperands(), plan.reads)) {
        BlockArgument arg = generic.getMatchingBlockArgument(input);
        if (arg.use_empty() || mapping.contains(arg))
          continue;
        mapping.map(arg, read == Read::Transposed
                             ? transposed[input->getOperandNumber()][c]
                             : readAlongRow(b, input, read, dims, outActive));
      }
      BlockArgument outArg = generic.getMatchingBlockArgument(init);
      if (!outArg.use_empty())
        mapping.map(outArg, load(b, init, dims, outActive));
      for (Operation &op : body->without_terminator())
        if (!hoisted.contains(&op))
          vb.cloneOnVectors(b, op, mapping);
      Value result =
          vb.vectorOf(b, body->getTerminator()->getOperand(0), mapping);
      SmallVector<Value> at = indices(b, init, dims);
      if (outActive == plan.lanes)
        vector::StoreOp::create(b, loc, result, init->get(), at);
      else
        vector::MaskedStoreOp::create(b, loc, init->get(), at,
                                      vb.mask(b, outActive), result);
    }
  }

  /// A Row input's vector along the output's row at `dims`, or an
  /// Invariant one's element, splat.
  Value readAlongRow(OpBuilder &b, OpOperand *input, Read read,
                     ArrayRef<OpFoldResult> dims, int64_t outActive) {
    if (read == Read::Row)
      return load(b, input, dims, outActive);
    return vb.splat(b, memref::LoadOp::create(b, vb.loc, input->get(),
                                              indices(b, input, dims)));
  }

  /// A Gathered input's elements along the output's row at `dims`, one
  /// scalar load each (zero past `outActive`).
  Value gather(OpBuilder &b, OpOperand *input, SmallVector<OpFoldResult> dims,
               int64_t outActive) {
    Type element = cast<MemRefType>(input->get().getType()).getElementType();
    OpFoldResult outBase = dims[plan.outLoop];
    Value zero = arith::ConstantOp::create(b, vb.loc, b.getZeroAttr(element));
    SmallVector<Value> elements;
    for (int64_t r = 0; r < plan.lanes; ++r) {
      if (r >= outActive) {
        elements.push_back(zero);
        continue;
      }
      dims[plan.outLoop] = vb.offset(b, outBase, r);
      elements.push_back(memref::LoadOp::create(b, vb.loc, input->get(),
                                                indices(b, input, dims)));
    }
    return vector::FromElementsOp::create(
        b, vb.loc, VectorType::get({plan.lanes}, element), elements);
  }

  linalg::GenericOp generic;
  const TranspositionPlan &plan;
  VectorBuilder vb;
  SmallVector<int64_t> extents;
};

} // namespace

bool emitVectorTransposition(linalg::GenericOp generic, unsigned vectorBits) {
  std::optional<TranspositionPlan> plan =
      planTransposition(generic, vectorBits);
  if (!plan)
    return false;
  OpBuilder b(generic);
  TranspositionEmitter(generic, *plan).emit(b);
  return true;
}

} // namespace aotc::cpu
