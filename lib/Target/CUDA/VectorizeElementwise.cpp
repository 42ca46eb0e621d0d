//===- VectorizeElementwise.cpp - vector accesses in elementwise kernels --===//
//
// Implements `aotc-cuda-vectorize-elementwise` (Passes.td): a top-level
// scf.parallel that loads, computes elementwise and stores gets an innermost
// step of V, its body a vector version guarded by a test of the buffers'
// alignment, and the original body in a loop of V iterations otherwise.
//
// The steps, per loop:
//   1. analyze (LoopAnalysis): every op of the body is classified, and the
//      vector width V is chosen; anything unexpected leaves the loop alone;
//   2. build the vector body (buildVectorBody) and the scalar fallback
//      (buildScalarBody) under one scf.if on the buffers' alignment.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"
#include "aotc/Analysis/GraphLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAVECTORIZEELEMENTWISEPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// How a load or store of the body is vectorized.
enum class Access {
  /// One vector access of V consecutive elements.
  Contiguous,
  /// A load that is the same for the V elements: loaded once, splat.
  Uniform,
  /// A load of V elements that are not consecutive: V scalar loads.
  Gather,
};

/// The element offset of `type`'s layout and its strides, when static.
std::optional<std::pair<int64_t, SmallVector<int64_t>>>
getStaticLayout(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  return std::make_pair(offset, strides);
}

/// What one scf.parallel's body needs to be vectorized.
struct LoopAnalysis {
  mutable scf::ParallelOp loop; // op handles are not const-correct
  Value iv; // the innermost induction variable
  int64_t width = 0;
  llvm::DenseMap<Operation *, Access> accesses;
  /// The buffers read or written with vector accesses.
  llvm::SetVector<Value> vectorBuffers;

  /// Classifies the body; false leaves the loop alone.
  bool analyze(scf::ParallelOp parallel, unsigned vectorBytes);

private:
  /// Whether `v` depends on the innermost induction variable.
  bool dependsOnIV(Value v) const;
  /// Whether `v` is an index that can be recomputed for another value of
  /// the induction variable: an induction variable, a value from outside
  /// the loop, or affine.apply of those.
  bool isIndexExpression(Value v) const;
  std::optional<Access> classify(Value memref, ValueRange indices,
                                 bool isStore) const;
};

bool LoopAnalysis::dependsOnIV(Value v) const {
  if (v == iv)
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || !loop->isAncestor(def))
    return false;
  return llvm::any_of(def->getOperands(),
                      [&](Value operand) { return dependsOnIV(operand); });
}

bool LoopAnalysis::isIndexExpression(Value v) const {
  if (llvm::is_contained(loop.getInductionVars(), v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || !loop->isAncestor(def))
    return true;
  if (def->hasTrait<OpTrait::ConstantLike>())
    return true;
  auto apply = dyn_cast<affine::AffineApplyOp>(def);
  return apply && llvm::all_of(apply.getOperands(), [&](Value operand) {
           return isIndexExpression(operand);
         });
}

std::optional<Access> LoopAnalysis::classify(Value memref, ValueRange indices,
                                             bool isStore) const {
  if (!llvm::all_of(indices, [&](Value v) { return isIndexExpression(v); }))
    return std::nullopt;
  bool dependent = llvm::any_of(indices, [&](Value v) { return dependsOnIV(v); });
  if (!dependent)
    return isStore ? std::nullopt : std::optional(Access::Uniform);
  auto type = cast<MemRefType>(memref.getType());
  bool lastIsIV = !indices.empty() && indices.back() == iv &&
                  llvm::none_of(indices.drop_back(),
                                [&](Value v) { return dependsOnIV(v); });
  if (lastIsIV) {
    // Every vector starts at a multiple of `width` elements from an
    // aligned base when the layout's offset and outer strides are
    // multiples of it.
    auto layout = getStaticLayout(type);
    if (layout && layout->second.back() == 1 && layout->first % width == 0 &&
        llvm::all_of(ArrayRef(layout->second).drop_back(),
                     [&](int64_t s) { return s % width == 0; }))
      return Access::Contiguous;
  }
  return isStore ? std::nullopt : std::optional(Access::Gather);
}

bool LoopAnalysis::analyze(scf::ParallelOp parallel, unsigned vectorBytes) {
  loop = parallel;
  if (loop.getNumResults() != 0 || loop.getNumLoops() == 0)
    return false;
  iv = loop.getInductionVars().back();
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound().back());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound().back());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep().back());
  if (!lb || !ub || !step || *step != 1)
    return false;
  // The width: as many of the widest element as `vectorBytes` holds.
  unsigned widest = 0;
  for (Operation &op : loop.getBody()->without_terminator()) {
    Value memref;
    if (auto load = dyn_cast<memref::LoadOp>(op))
      memref = load.getMemRef();
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      memref = store.getMemRef();
    else
      continue;
    Type element = cast<MemRefType>(memref.getType()).getElementType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
      return false;
    widest = std::max(widest, element.getIntOrFloatBitWidth() / 8);
  }
  if (widest == 0 || vectorBytes < 2 * widest)
    return false;
  width = vectorBytes / widest;
  if ((*ub - *lb) % width != 0 || *lb % width != 0)
    return false;

  bool stores = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    std::optional<Access> access;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      access = classify(load.getMemRef(), load.getIndices(), false);
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      access = classify(store.getMemRef(), store.getIndices(), true);
      stores = true;
    } else if (isa<affine::AffineApplyOp>(op) ||
               op.hasTrait<OpTrait::ConstantLike>()) {
      continue; // indices; recomputed where needed
    } else if (isa<arith::ArithDialect, math::MathDialect>(op.getDialect()) &&
               op.getNumRegions() == 0 && op.getNumResults() == 1 &&
               llvm::all_of(op.getOperandTypes(),
                            [](Type t) { return !t.isIndex(); }) &&
               !op.getResult(0).getType().isIndex()) {
      continue; // elementwise: the same op on vectors
    } else {
      return false;
    }
    if (!access)
      return false;
    accesses[&op] = *access;
    if (*access == Access::Contiguous)
      vectorBuffers.insert(isa<memref::LoadOp>(op)
                               ? cast<memref::LoadOp>(op).getMemRef()
                               : cast<memref::StoreOp>(op).getMemRef());
  }
  return stores && !vectorBuffers.empty();
}

struct CUDAVectorizeElementwisePass final
    : aotc::impl::CUDAVectorizeElementwisePassBase<
          CUDAVectorizeElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    if (vectorBytes == 0)
      return;
    SmallVector<scf::ParallelOp> loops;
    for (Block *body : aotc::getHostBlocks(getOperation()))
      llvm::append_range(loops, body->getOps<scf::ParallelOp>());
    for (scf::ParallelOp loop : loops) {
      LoopAnalysis analysis;
      if (!analysis.analyze(loop, vectorBytes))
        continue;
      vectorize(analysis);
      ++numVectorized;
    }
  }

private:
  void vectorize(LoopAnalysis &a);
  void buildVectorBody(OpBuilder &b, LoopAnalysis &a, Block *original);
  void buildScalarBody(OpBuilder &b, LoopAnalysis &a, Block *original);
  Value isAligned(OpBuilder &b, Location loc, LoopAnalysis &a);
};

/// Whether every vector-accessed buffer's base pointer is aligned to `width`
/// elements.
Value CUDAVectorizeElementwisePass::isAligned(OpBuilder &b, Location loc,
                                              LoopAnalysis &a) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value bits;
  for (Value buffer : a.vectorBuffers) {
    auto type = cast<MemRefType>(buffer.getType());
    int64_t bytes = a.width * type.getElementTypeBitWidth() / 8;
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
    Value low = arith::AndIOp::create(
        b, loc, pointer, arith::ConstantIndexOp::create(b, loc, bytes - 1));
    bits = bits ? arith::OrIOp::create(b, loc, bits, low).getResult() : low;
  }
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bits, zero);
}

void CUDAVectorizeElementwisePass::vectorize(LoopAnalysis &a) {
  scf::ParallelOp loop = a.loop;
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  SmallVector<Value> steps(loop.getStep());
  steps.back() = arith::ConstantIndexOp::create(b, loc, a.width);
  auto vectorLoop = scf::ParallelOp::create(b, loc, loop.getLowerBound(),
                                            loop.getUpperBound(), steps);
  Block *original = loop.getBody();
  Block *body = vectorLoop.getBody();
  b.setInsertionPointToStart(body);
  // The alignment test depends only on the buffers: every thread takes the
  // same branch.
  auto branch = scf::IfOp::create(b, loc, isAligned(b, loc, a),
                                  /*withElseRegion=*/true);
  OpBuilder thenBuilder(branch.thenBlock()->getTerminator());
  buildVectorBody(thenBuilder, a, original);
  OpBuilder elseBuilder(branch.elseBlock()->getTerminator());
  buildScalarBody(elseBuilder, a, original);
  // The new loop's induction variables replace the old ones in both.
  for (auto [from, to] : llvm::zip(loop.getInductionVars(),
                                   vectorLoop.getInductionVars()))
    from.replaceAllUsesWith(to);
  loop.erase();
}

void CUDAVectorizeElementwisePass::buildScalarBody(OpBuilder &b,
                                                   LoopAnalysis &a,
                                                   Block *original) {
  Location loc = a.loop.getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value width = arith::ConstantIndexOp::create(b, loc, a.width);
  auto lanes = scf::ForOp::create(b, loc, zero, width, one);
  b.setInsertionPoint(lanes.getBody()->getTerminator());
  IRMapping mapping;
  mapping.map(a.iv, arith::AddIOp::create(b, loc, a.iv,
                                          lanes.getInductionVar()));
  for (Operation &op : original->without_terminator())
    b.clone(op, mapping);
}

void CUDAVectorizeElementwisePass::buildVectorBody(OpBuilder &b,
                                                   LoopAnalysis &a,
                                                   Block *original) {
  Location loc = a.loop.getLoc();
  // Scalars (indices, uniform loads) map through `scalars`; per-element
  // values through `vectors`.
  IRMapping scalars;
  llvm::DenseMap<Value, Value> vectors;
  auto vectorType = [&](Type element) {
    return VectorType::get({a.width}, element);
  };
  // The value of `v` as a vector: its vector version, or a splat.
  auto asVector = [&](Value v) -> Value {
    if (Value vector = vectors.lookup(v))
      return vector;
    return vector::BroadcastOp::create(b, loc, vectorType(v.getType()),
                                       scalars.lookupOrDefault(v));
  };
  auto alignment = [&](Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    return llvm::MaybeAlign(a.width * type.getElementTypeBitWidth() / 8);
  };
  // The indices of an access with the innermost induction variable at
  // `iv + lane`.
  auto indicesAt = [&](ValueRange indices, int64_t lane) {
    IRMapping at = scalars;
    Value shifted = arith::AddIOp::create(
        b, loc, a.iv, arith::ConstantIndexOp::create(b, loc, lane));
    at.map(a.iv, shifted);
    SmallVector<Value> result;
    for (Value index : indices) {
      Operation *def = index.getDefiningOp();
      if (def && a.loop->isAncestor(def))
        result.push_back(b.clone(*def, at)->getResult(0));
      else
        result.push_back(at.lookupOrDefault(index));
    }
    return result;
  };

  for (Operation &op : original->without_terminator()) {
    auto it = a.accesses.find(&op);
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      Access access = it->second;
      Type element = load.getType();
      SmallVector<Value> indices = llvm::map_to_vector(
          load.getIndices(), [&](Value v) { return scalars.lookupOrDefault(v); });
      if (access == Access::Uniform) {
        scalars.map(load.getResult(),
                    memref::LoadOp::create(b, loc, load.getMemRef(), indices)
                        .getResult());
      } else if (access == Access::Contiguous) {
        vectors[load.getResult()] = vector::LoadOp::create(
            b, loc, vectorType(element), load.getMemRef(), indices,
            /*nontemporal=*/false, alignment(load.getMemRef()));
      } else {
        SmallVector<Value> elements;
        for (int64_t lane = 0; lane < a.width; ++lane)
          elements.push_back(memref::LoadOp::create(
              b, loc, load.getMemRef(), indicesAt(load.getIndices(), lane)));
        vectors[load.getResult()] = vector::FromElementsOp::create(
            b, loc, vectorType(element), elements);
      }
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      SmallVector<Value> indices = llvm::map_to_vector(
          store.getIndices(),
          [&](Value v) { return scalars.lookupOrDefault(v); });
      vector::StoreOp::create(b, loc, asVector(store.getValueToStore()),
                              store.getMemRef(), indices,
                              /*nontemporal=*/false,
                              alignment(store.getMemRef()));
      continue;
    }
    bool elementwise = llvm::any_of(op.getOperands(), [&](Value v) {
      return vectors.count(v);
    });
    if (!elementwise) {
      // Indices, constants and arithmetic on uniform values stay scalar.
      b.clone(op, scalars);
      continue;
    }
    SmallVector<Value> operands =
        llvm::map_to_vector(op.getOperands(), asVector);
    OperationState state(op.getLoc(), op.getName(), operands,
                         {vectorType(op.getResult(0).getType())},
                         op.getAttrs());
    vectors[op.getResult(0)] = b.create(state)->getResult(0);
  }
}

} // namespace
