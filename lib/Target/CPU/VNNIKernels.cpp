//===- VNNIKernels.cpp - uint8 x int8 contractions as vpdpbusd ------------===//
//
// Implements `aotc-cpu-vnni-kernels` (Passes.td has the contract): each
// contraction aotc-cpu-vnni-matmuls built, on buffers, becomes register
// tiles of int32 accumulators updated by AVX-512 VNNI's vpdpbusd, one
// instruction per 16 x 4 multiply-adds.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "KernelEpilogue.h"
#include "VNNISupport.h"
#include "VectorKernelSupport.h"

#include "aotc/Transforms/ParallelLoops.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_VNNIKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The register tile: rows of the uint8 operand times vectors of 16
/// columns, 24 accumulators (with 4 weight vectors and a broadcast, 29 of
/// AVX-512's 32 registers).
constexpr int64_t kTileRows = 6;
constexpr int64_t kTileVectors = 4;

/// Emits `generic` (a, packed, out; loops rows..., nb, j, steps..., i) as
/// register tiles over the rows flattened.
class Emitter {
public:
  Emitter(linalg::GenericOp generic)
      : generic(generic), loc(generic.getLoc()),
        a(generic.getDpsInputs()[0]), packed(generic.getDpsInputs()[1]),
        out(generic.getDpsInits()[0]),
        aMap(generic.getMatchingIndexingMap(generic.getDpsInputOperand(0))) {
    SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    unsigned rowLoops = generic.getNumParallelLoops() - 2;
    rowShape.assign(ranges.begin(), ranges.begin() + rowLoops);
    stepShape.assign(ranges.begin() + rowLoops + 2, ranges.end() - 1);
    rows = 1;
    for (int64_t size : rowShape)
      rows *= size;
    blocks = ranges[rowLoops];
  }

  /// Whether a zero fill of the whole output (`fill`) comes just before,
  /// which the tiles' zero accumulators make unnecessary.
  void takeZeroFill(Operation *fill) {
    zeroInit = true;
    fill->erase();
  }

  /// Applies `found` to every tile's accumulators, which are then not
  /// stored: it was their only reader.
  void takeEpilogue(aotc::cpu::KernelEpilogue found) { epilogue = found; }

  void emit(OpBuilder &b) {
    // The 16 x 4 bytes of a block and step, as one row of 64.
    int64_t rank = cast<MemRefType>(packed.getType()).getRank();
    SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d + 2 < rank; ++d)
      groups.push_back({d});
    groups.push_back({rank - 2, rank - 1});
    packedRows = memref::CollapseShapeOp::create(b, loc, packed, groups);
    // Blocks of columns outermost: each tile's weights, K / 4 x 4 x 64
    // bytes, stay in cache for every tile of rows.
    int64_t fullBlocks = blocks - blocks % kTileVectors;
    if (fullBlocks)
      emitBlocks(b, 0, fullBlocks, kTileVectors);
    if (fullBlocks != blocks)
      emitBlocks(b, fullBlocks, blocks, 1);
  }

private:
  /// Tiles of `tileVectors` column blocks over blocks [begin, end).
  void emitBlocks(OpBuilder &b, int64_t begin, int64_t end,
                  int64_t tileVectors) {
    int64_t fullRows = rows - rows % kTileRows;
    auto emitAllRows = [&](OpBuilder &body, Value block) {
      if (fullRows)
        emitRows(body, block, tileVectors, 0, fullRows, kTileRows);
      if (fullRows != rows)
        emitRows(body, block, tileVectors, fullRows, rows, 1);
    };
    // One tile of blocks: no loop, so that the rows are the tasks.
    if (end - begin == tileVectors)
      return emitAllRows(b, constant(b, begin));
    auto loop = scf::ForOp::create(b, loc, constant(b, begin),
                                   constant(b, end), constant(b, tileVectors));
    // Tiles write disjoint columns: NAME_run_parallel's tasks.
    aotc::markParallelLoop(loop);
    OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
    emitAllRows(body, loop.getInductionVar());
  }

  /// Tiles of `tileRows` rows over rows [begin, end).
  void emitRows(OpBuilder &b, Value block, int64_t tileVectors, int64_t begin,
                int64_t end, int64_t tileRows) {
    auto loop = scf::ForOp::create(b, loc, constant(b, begin),
                                   constant(b, end), constant(b, tileRows));
    aotc::markParallelLoop(loop);
    OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
    emitTile(body, loop.getInductionVar(), block, tileRows, tileVectors);
  }

  /// The row loops' values at flattened row `row`.
  SmallVector<Value> rowCoordinates(OpBuilder &b, Value row) {
    SmallVector<Value> coordinates(rowShape.size());
    for (int64_t d = rowShape.size() - 1; d >= 0; --d) {
      if (d == 0) {
        coordinates[d] = row;
        break;
      }
      Value size = constant(b, rowShape[d]);
      coordinates[d] = arith::RemUIOp::create(b, loc, row, size);
      row = arith::DivUIOp::create(b, loc, row, size);
    }
    return coordinates;
  }

  /// The indices of A's four bytes at `rowValues` and `stepValues`: A's
  /// indexing map at those loop values, the block, column and byte 0.
  SmallVector<Value> aIndices(OpBuilder &b, ArrayRef<Value> rowValues,
                              ArrayRef<Value> stepValues) {
    Value zero = constant(b, 0);
    SmallVector<Value> loops(rowValues);
    loops.append({zero, zero});
    loops.append(stepValues.begin(), stepValues.end());
    loops.push_back(zero);
    SmallVector<Value> indices;
    for (AffineExpr expr : aMap.getResults())
      indices.push_back(affine::expandAffineExpr(b, loc, expr, loops, {}));
    return indices;
  }

  void emitTile(OpBuilder &b, Value row0, Value block0, int64_t tileRows,
                int64_t tileVectors) {
    Type i32 = b.getI32Type(), i8 = b.getI8Type();
    auto accType = VectorType::get({aotc::kVNNILanes}, i32);
    auto bytesType = VectorType::get({4 * aotc::kVNNILanes}, i8);
    SmallVector<SmallVector<Value>> rowValues;
    SmallVector<Value> columnIndex, blockIndex;
    for (int64_t r = 0; r < tileRows; ++r)
      rowValues.push_back(rowCoordinates(b, offset(b, row0, r)));
    for (int64_t v = 0; v < tileVectors; ++v) {
      blockIndex.push_back(offset(b, block0, v));
      columnIndex.push_back(arith::MulIOp::create(
          b, loc, blockIndex.back(), constant(b, aotc::kVNNILanes)));
    }
    auto outIndices = [&](int64_t r, int64_t v) {
      SmallVector<Value> indices(rowValues[r]);
      indices.push_back(columnIndex[v]);
      return indices;
    };
    // The accumulators start from zero when a zero fill of the output came
    // just before (it goes), else from the output.
    SmallVector<Value> initial;
    Value zeros;
    if (zeroInit)
      zeros = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(accType, b.getI32IntegerAttr(0)));
    for (int64_t r = 0; r < tileRows; ++r)
      for (int64_t v = 0; v < tileVectors; ++v)
        initial.push_back(zeroInit ? zeros
                                   : vector::LoadOp::create(b, loc, accType,
                                                            out, outIndices(r, v))
                                         .getResult());
    // One step: 4 bytes of every row by 64 bytes of every block.
    auto step = [&](OpBuilder &nb, ArrayRef<Value> steps, ValueRange accs) {
      SmallVector<Value> weights;
      for (int64_t v = 0; v < tileVectors; ++v) {
        SmallVector<Value> indices = {blockIndex[v]};
        indices.append(steps.begin(), steps.end());
        indices.push_back(constant(nb, 0));
        weights.push_back(
            vector::LoadOp::create(nb, loc, bytesType, packedRows, indices));
      }
      SmallVector<Value> next;
      for (int64_t r = 0; r < tileRows; ++r) {
        // Four uint8 values of the row, repeated in every lane.
        Value four = vector::LoadOp::create(nb, loc, VectorType::get({4}, i8),
                                            a, aIndices(nb, rowValues[r], steps));
        Value word = vector::ExtractOp::create(
            nb, loc,
            vector::BitCastOp::create(nb, loc, VectorType::get({1}, i32), four),
            ArrayRef<int64_t>{0});
        Value broadcast = vector::BitCastOp::create(
            nb, loc, bytesType,
            vector::BroadcastOp::create(nb, loc, accType, word));
        for (int64_t v = 0; v < tileVectors; ++v)
          next.push_back(
              LLVM::CallIntrinsicOp::create(
                  nb, loc, accType,
                  nb.getStringAttr("llvm.x86.avx512.vpdpbusd.512"),
                  ValueRange{accs[r * tileVectors + v], broadcast, weights[v]})
                  .getResult(0));
      }
      return next;
    };
    SmallVector<Value> results = emitSteps(b, 0, {}, initial, step);
    for (int64_t r = 0; r < tileRows; ++r)
      for (int64_t v = 0; v < tileVectors; ++v) {
        if (epilogue)
          aotc::cpu::emitKernelEpilogue(b, loc, *epilogue,
                                        results[r * tileVectors + v],
                                        rowValues[r], columnIndex[v],
                                        aotc::kVNNILanes);
        else
          vector::StoreOp::create(b, loc, results[r * tileVectors + v], out,
                                  outIndices(r, v));
      }
  }

  /// The loops over the steps from `level` in, carrying the accumulators.
  SmallVector<Value> emitSteps(
      OpBuilder &b, unsigned level, SmallVector<Value> steps,
      ValueRange accs,
      function_ref<SmallVector<Value>(OpBuilder &, ArrayRef<Value>,
                                      ValueRange)>
          step) {
    if (level == stepShape.size())
      return step(b, steps, accs);
    auto loop = scf::ForOp::create(
        b, loc, constant(b, 0), constant(b, stepShape[level]), constant(b, 1),
        accs, [&](OpBuilder &nb, Location, Value iv, ValueRange inner) {
          SmallVector<Value> deeper(steps);
          deeper.push_back(iv);
          scf::YieldOp::create(nb, loc,
                               emitSteps(nb, level + 1, deeper, inner, step));
        });
    return SmallVector<Value>(loop.getResults());
  }

  Value constant(OpBuilder &b, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value offset(OpBuilder &b, Value base, int64_t delta) {
    return delta ? arith::AddIOp::create(b, loc, base, constant(b, delta))
                       .getResult()
                 : base;
  }

  linalg::GenericOp generic;
  Location loc;
  Value a, packed, out, packedRows;
  AffineMap aMap;
  SmallVector<int64_t> rowShape, stepShape;
  int64_t rows = 0, blocks = 0;
  bool zeroInit = false;
  std::optional<aotc::cpu::KernelEpilogue> epilogue;
};

/// The loop values where `map` is evaluated at `values` minus where it is
/// evaluated at zero: the map's linear part applied to `values`.
SmallVector<int64_t> linearPart(AffineMap map, ArrayRef<int64_t> values) {
  SmallVector<int64_t> zero(values.size(), 0);
  SmallVector<int64_t> at = map.compose(values), base = map.compose(zero);
  for (auto [x, y] : llvm::zip(at, base))
    x -= y;
  return at;
}

/// Whether `generic` is a contraction of aotc-cpu-vnni-matmuls or
/// aotc-cpu-vnni-convs on buffers, loops (rows..., nb, j, steps..., i),
/// whose four bytes per step the kernel can read with one load.
bool isVNNIContraction(linalg::GenericOp generic) {
  if (!generic->hasAttr(aotc::kVNNIAttrName) ||
      !generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1)
    return false;
  for (Value operand : generic->getOperands()) {
    auto type = dyn_cast<MemRefType>(operand.getType());
    if (!type || !type.hasStaticShape() || !type.isLastDimUnitStride())
      return false;
  }
  unsigned loops = generic.getNumLoops();
  unsigned rowLoops = generic.getNumParallelLoops() - 2;
  unsigned stepLoops = generic.getNumReductionLoops() - 1;
  if (generic.getNumParallelLoops() < 3 || generic.getNumReductionLoops() < 2)
    return false;
  SmallVector<utils::IteratorType> iterators =
      generic.getIteratorTypesArray();
  for (unsigned d = 0; d < loops; ++d)
    if ((iterators[d] == utils::IteratorType::parallel) != (d < rowLoops + 2))
      return false;
  MLIRContext *context = generic.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, context); };
  // out[rows..., 16 nb + j] and packed[nb, steps..., j, i].
  SmallVector<AffineExpr> outResults, packedResults = {dim(rowLoops)};
  for (unsigned d = 0; d < rowLoops; ++d)
    outResults.push_back(dim(d));
  outResults.push_back(dim(rowLoops) * aotc::kVNNILanes + dim(rowLoops + 1));
  for (unsigned d = 0; d < stepLoops; ++d)
    packedResults.push_back(dim(rowLoops + 2 + d));
  packedResults.append({dim(rowLoops + 1), dim(loops - 1)});
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[1] != AffineMap::get(loops, 0, packedResults, context) ||
      maps[2] != AffineMap::get(loops, 0, outResults, context))
    return false;
  // A does not depend on the block or column, and byte i is the i-th of
  // A's innermost dimension.
  auto unit = [&](unsigned d) {
    SmallVector<int64_t> values(loops, 0);
    values[d] = 1;
    return linearPart(maps[0], values);
  };
  SmallVector<int64_t> byte = unit(loops - 1);
  if (llvm::any_of(unit(rowLoops), [](int64_t x) { return x != 0; }) ||
      llvm::any_of(unit(rowLoops + 1), [](int64_t x) { return x != 0; }) ||
      byte.back() != 1 ||
      llvm::any_of(ArrayRef(byte).drop_back(),
                   [](int64_t x) { return x != 0; }))
    return false;
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  // The 16 x 4 bytes of each block and step are contiguous.
  auto packed = cast<MemRefType>(generic.getDpsInputs()[1].getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(packed.getStridesAndOffset(strides, offset)) ||
      strides[strides.size() - 2] != 4 || strides.back() != 1)
    return false;
  return ranges[rowLoops + 1] == aotc::kVNNILanes && ranges.back() == 4;
}

struct VNNIKernelsPass final
    : aotc::impl::VNNIKernelsPassBase<VNNIKernelsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> contractions;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (isVNNIContraction(generic))
        contractions.push_back(generic);
    });
    for (linalg::GenericOp generic : contractions) {
      OpBuilder b(generic);
      Emitter emitter(generic);
      if (Operation *fill =
              aotc::cpu::getZeroFillBefore(generic, generic.getDpsInits()[0]))
        emitter.takeZeroFill(fill);
      std::optional<aotc::cpu::KernelEpilogue> epilogue =
          aotc::cpu::matchKernelEpilogue(generic);
      if (epilogue)
        emitter.takeEpilogue(*epilogue);
      emitter.emit(b);
      generic.erase();
      if (epilogue) {
        epilogue->generic.erase();
        ++numEpilogues;
      }
      ++numEmitted;
    }
  }
};

} // namespace
