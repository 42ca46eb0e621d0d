//===- VNNIKernels.cpp - uint8 x int8 contractions as vpdpbusd ------------===//
//
// Implements `aotc-cpu-vnni-kernels` (Passes.td has the contract): each
// contraction aotc-cpu-vnni-matmuls built, on buffers, becomes register
// tiles of int32 accumulators updated by AVX-512 VNNI's vpdpbusd, one
// instruction per 16 x 4 multiply-adds.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "VNNISupport.h"

#include "aotc/Transforms/ParallelLoops.h"

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

/// Emits `generic` (a, packed, out; loops m, nb, j, k4, i) as register
/// tiles.
class Emitter {
public:
  Emitter(linalg::GenericOp generic)
      : generic(generic), loc(generic.getLoc()),
        a(generic.getDpsInputs()[0]), packed(generic.getDpsInputs()[1]),
        out(generic.getDpsInits()[0]) {
    SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    rows = ranges[0];
    blocks = ranges[1];
    steps = ranges[3];
  }

  /// Whether a zero fill of the whole output (`fill`) comes just before,
  /// which the tiles' zero accumulators make unnecessary.
  void takeZeroFill(linalg::FillOp fill) {
    zeroInit = true;
    fill.erase();
  }

  void emit(OpBuilder &b) {
    // The 16 x 4 bytes of a block and step, as one row of 64.
    packedRows = memref::CollapseShapeOp::create(
        b, loc, packed, ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}});
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
    auto loop = scf::ForOp::create(b, loc, constant(b, begin),
                                   constant(b, end), constant(b, tileVectors));
    // Tiles write disjoint columns: NAME_run_parallel's tasks.
    aotc::markParallelLoop(loop);
    OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
    Value block = loop.getInductionVar();
    int64_t fullRows = rows - rows % kTileRows;
    if (fullRows)
      emitRows(body, block, tileVectors, 0, fullRows, kTileRows);
    if (fullRows != rows)
      emitRows(body, block, tileVectors, fullRows, rows, 1);
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

  void emitTile(OpBuilder &b, Value row0, Value block0, int64_t tileRows,
                int64_t tileVectors) {
    Type i32 = b.getI32Type(), i8 = b.getI8Type();
    auto accType = VectorType::get({aotc::kVNNILanes}, i32);
    auto bytesType = VectorType::get({4 * aotc::kVNNILanes}, i8);
    SmallVector<Value> rowIndex, columnIndex, blockIndex;
    for (int64_t r = 0; r < tileRows; ++r)
      rowIndex.push_back(offset(b, row0, r));
    for (int64_t v = 0; v < tileVectors; ++v) {
      blockIndex.push_back(offset(b, block0, v));
      columnIndex.push_back(arith::MulIOp::create(
          b, loc, blockIndex.back(), constant(b, aotc::kVNNILanes)));
    }
    // The accumulators start from zero when a zero fill of the output came
    // just before (it goes), else from the output.
    SmallVector<Value> initial;
    Value zeros;
    if (zeroInit)
      zeros = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(accType, b.getI32IntegerAttr(0)));
    for (int64_t r = 0; r < tileRows; ++r)
      for (int64_t v = 0; v < tileVectors; ++v)
        initial.push_back(zeroInit
                              ? zeros
                              : vector::LoadOp::create(
                                    b, loc, accType, out,
                                    ValueRange{rowIndex[r], columnIndex[v]})
                                    .getResult());
    auto loop = scf::ForOp::create(
        b, loc, constant(b, 0), constant(b, steps), constant(b, 1), initial,
        [&](OpBuilder &nb, Location nloc, Value step, ValueRange accs) {
          Value zero = constant(nb, 0);
          SmallVector<Value> weights;
          for (int64_t v = 0; v < tileVectors; ++v)
            weights.push_back(vector::LoadOp::create(
                nb, nloc, bytesType, packedRows,
                ValueRange{blockIndex[v], step, zero}));
          Value column =
              arith::MulIOp::create(nb, nloc, step, constant(nb, 4));
          SmallVector<Value> next;
          for (int64_t r = 0; r < tileRows; ++r) {
            // Four uint8 values of the row, repeated in every lane.
            Value four = vector::LoadOp::create(
                nb, nloc, VectorType::get({4}, i8), a,
                ValueRange{rowIndex[r], column});
            Value word = vector::ExtractOp::create(
                nb, nloc,
                vector::BitCastOp::create(nb, nloc,
                                          VectorType::get({1}, i32), four),
                ArrayRef<int64_t>{0});
            Value broadcast = vector::BitCastOp::create(
                nb, nloc, bytesType,
                vector::BroadcastOp::create(nb, nloc, accType, word));
            for (int64_t v = 0; v < tileVectors; ++v)
              next.push_back(
                  LLVM::CallIntrinsicOp::create(
                      nb, nloc, accType,
                      nb.getStringAttr("llvm.x86.avx512.vpdpbusd.512"),
                      ValueRange{accs[r * tileVectors + v], broadcast,
                                 weights[v]})
                      .getResult(0));
          }
          scf::YieldOp::create(nb, nloc, next);
        });
    for (int64_t r = 0; r < tileRows; ++r)
      for (int64_t v = 0; v < tileVectors; ++v)
        vector::StoreOp::create(b, loc, loop.getResult(r * tileVectors + v),
                                out, ValueRange{rowIndex[r], columnIndex[v]});
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
  int64_t rows = 0, blocks = 0, steps = 0;
  bool zeroInit = false;
};

/// The zero fill of `out` just before `generic`, if any.
linalg::FillOp getZeroFillBefore(linalg::GenericOp generic, Value out) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(generic->getPrevNode());
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getOutputs()[0] != out)
    return nullptr;
  return matchPattern(fill.getInputs()[0], m_Zero()) ? fill : nullptr;
}

/// Whether `generic` is a contraction of aotc-cpu-vnni-matmuls on buffers
/// whose rows the kernel can read with unit-stride vector loads.
bool isVNNIContraction(linalg::GenericOp generic) {
  if (!generic->hasAttr(aotc::kVNNIAttrName) ||
      !generic.hasPureBufferSemantics() || generic.getNumLoops() != 5)
    return false;
  for (Value operand : generic->getOperands()) {
    auto type = dyn_cast<MemRefType>(operand.getType());
    if (!type || !type.hasStaticShape() || !type.isLastDimUnitStride())
      return false;
  }
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  // The 16 x 4 bytes of each block and step are contiguous.
  auto packed = cast<MemRefType>(generic.getDpsInputs()[1].getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (packed.getRank() != 4 ||
      failed(packed.getStridesAndOffset(strides, offset)) ||
      strides[2] != 4 || strides[3] != 1)
    return false;
  return ranges[2] == aotc::kVNNILanes && ranges[4] == 4;
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
      if (linalg::FillOp fill =
              getZeroFillBefore(generic, generic.getDpsInits()[0]))
        emitter.takeZeroFill(fill);
      emitter.emit(b);
      generic.erase();
      ++numEmitted;
    }
  }
};

} // namespace
