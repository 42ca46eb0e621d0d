//===- NBitMatmulKernels.cpp - packed codes unpacked in registers --------===//
//
// Implements `aotc-cpu-nbit-matmul-kernels` (Passes.td has the contract):
// the contraction tg.matmul_nbits lowers to becomes dot products along K
// whose weights are unpacked from their bytes in vector registers, so the
// only weight traffic is the packed codes (bits / 32 of the f32 weights').
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Transforms/LinalgQueries.h"
#include "aotc/Transforms/ParallelLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace aotc {
#define GEN_PASS_DEF_NBITMATMULKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Output columns per register tile of one row: each row's inputs are
/// loaded once per 4 columns of codes.
constexpr int64_t kColumns = 4;
/// The tile of several rows: 2 columns of 4 rows, each vector of codes
/// unpacked once for 4 rows. (One row of 4 columns: 0.27 ms at K = N =
/// 2048, 4 bits, 2 columns of 4 rows 0.36 ms; at 8 rows 2.3 and 1.7 ms, on
/// a 2-core EPYC with AVX2; the 8 accumulators and dot products spill some
/// but win.)
constexpr int64_t kMultiRowColumns = 2;
constexpr int64_t kMultiRowRows = 4;
/// Rows whose regrouped inputs every column tile reads before the next
/// group's (32 rows of K = 4096: 512 KiB).
constexpr int64_t kGroupRows = 32;

/// The operands of a contraction of tg.matmul_nbits' lowering, on buffers.
struct NBitMatmul {
  linalg::GenericOp generic;
  Value a, packed, scales, zeroPoints, out;
  int64_t bits = 0, rows = 0, columns = 0, blocks = 0, fields = 0, bytes = 0;
};

/// `generic` as such a contraction, when it has exactly the shape the
/// lowering gives it (see NBitMatmul.cpp).
std::optional<NBitMatmul> matchNBitMatmul(linalg::GenericOp generic) {
  auto bitsAttr =
      generic->getAttrOfType<IntegerAttr>(aotc::kNBitMatmulAttrName);
  if (!bitsAttr || !generic.hasPureBufferSemantics() ||
      generic.getNumDpsInits() != 1 ||
      (generic.getNumDpsInputs() != 3 && generic.getNumDpsInputs() != 4))
    return std::nullopt;
  NBitMatmul op;
  op.generic = generic;
  op.bits = bitsAttr.getInt();
  if (op.bits != 2 && op.bits != 4 && op.bits != 8)
    return std::nullopt;
  ValueRange inputs = generic.getDpsInputs();
  op.a = inputs[0];
  op.packed = inputs[1];
  op.scales = inputs[2];
  op.zeroPoints = inputs.size() == 4 ? inputs[3] : Value();
  op.out = generic.getDpsInits()[0];
  for (Value operand : generic->getOperands()) {
    auto type = dyn_cast<MemRefType>(operand.getType());
    if (!type || !type.hasStaticShape())
      return std::nullopt;
  }
  // The vector loads read A' and the codes along their innermost dimension.
  auto a = cast<MemRefType>(op.a.getType());
  auto packed = cast<MemRefType>(op.packed.getType());
  if (!a.isLastDimUnitStride() || !packed.isLastDimUnitStride() ||
      !a.getElementType().isF32() || !packed.getElementType().isInteger(8) ||
      a.getRank() != 4 || packed.getRank() != 3)
    return std::nullopt;
  MLIRContext *context = generic.getContext();
  auto map = [&](ArrayRef<unsigned> dims) {
    SmallVector<AffineExpr> exprs;
    for (unsigned d : dims)
      exprs.push_back(getAffineDimExpr(d, context));
    return AffineMap::get(5, 0, exprs, context);
  };
  SmallVector<AffineMap> expected{map({0, 2, 3, 4}), map({1, 2, 4}),
                                  map({1, 2})};
  if (op.zeroPoints)
    expected.push_back(map({1, 2}));
  expected.push_back(map({0, 1}));
  if (generic.getIndexingMapsArray() != ArrayRef(expected))
    return std::nullopt;
  op.rows = a.getDimSize(0);
  op.blocks = a.getDimSize(1);
  op.fields = a.getDimSize(2);
  op.bytes = a.getDimSize(3);
  op.columns = packed.getDimSize(0);
  if (op.fields != 8 / op.bits)
    return std::nullopt;
  return op;
}

/// Emits one NBitMatmul as loops of register tiles.
class Emitter {
public:
  Emitter(NBitMatmul op, int64_t lanes)
      : op(op), loc(op.generic.getLoc()),
        lanes(std::min(lanes, op.bytes)) {
    tileRows = std::min(op.rows, kMultiRowRows);
    tileColumns = op.rows == 1 ? kColumns : kMultiRowColumns;
  }

  void emit(OpBuilder &b) {
    Type f32 = b.getF32Type();
    vectorF32 = VectorType::get({lanes}, f32);
    vectorI32 = VectorType::get({lanes}, b.getI32Type());
    zeros = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorF32, 0.0f));
    int64_t groups = llvm::divideCeil(op.rows, kGroupRows);
    if (groups == 1)
      return emitColumns(b, index(b, 0), op.rows, /*outermost=*/true);
    int64_t full = op.rows / kGroupRows * kGroupRows;
    if (full) {
      auto loop = scf::ForOp::create(b, loc, index(b, 0), index(b, full),
                                     index(b, kGroupRows));
      aotc::markParallelLoop(loop);
      OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
      emitColumns(body, loop.getInductionVar(), kGroupRows, false);
    }
    if (full != op.rows)
      emitColumns(b, index(b, full), op.rows - full, true);
  }

private:
  Value index(OpBuilder &b, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value add(OpBuilder &b, Value x, int64_t offset) {
    return offset ? arith::AddIOp::create(b, loc, x, index(b, offset)) : x;
  }

  /// Every column of `count` rows from `row`: tiles of tileColumns, then
  /// single columns.
  void emitColumns(OpBuilder &b, Value row, int64_t count, bool outermost) {
    int64_t full = op.columns / tileColumns * tileColumns;
    auto columnLoop = [&](int64_t begin, int64_t end, int64_t step) {
      auto loop = scf::ForOp::create(b, loc, index(b, begin), index(b, end),
                                     index(b, step));
      if (outermost)
        aotc::markParallelLoop(loop);
      OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
      emitRows(body, row, count, loop.getInductionVar(), step);
    };
    if (full)
      columnLoop(0, full, tileColumns);
    if (full != op.columns)
      columnLoop(full, op.columns, 1);
  }

  /// Rows [row, row + count) of columns [column, column + columns).
  void emitRows(OpBuilder &b, Value row, int64_t count, Value column,
                int64_t columns) {
    int64_t full = count / tileRows * tileRows;
    auto rowLoop = [&](int64_t begin, int64_t end, int64_t step) {
      auto loop = scf::ForOp::create(b, loc, index(b, begin), index(b, end),
                                     index(b, step));
      OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
      Value first = arith::AddIOp::create(body, loc, row,
                                          loop.getInductionVar());
      emitTile(body, first, step, column, columns);
    };
    if (full)
      rowLoop(0, full, tileRows);
    if (full != count)
      rowLoop(full, count, 1);
  }

  /// One register tile: `rows` x `columns` accumulators over every block.
  ///
  /// Within a block the codes are summed unscaled: per row and column
  /// `dot = sum(code * a)`, per row `sum(a)`; the block then adds
  /// `scale * (dot - zero * sum(a))` to the tile's accumulator, so each
  /// vector of codes costs a mask, a conversion and one multiply-add per
  /// row.
  void emitTile(OpBuilder &b, Value row, int64_t rows, Value column,
                int64_t columns) {
    SmallVector<Value> init(rows * columns, zeros);
    auto blockLoop = scf::ForOp::create(
        b, loc, index(b, 0), index(b, op.blocks), index(b, 1), init,
        [&](OpBuilder &body, Location, Value block, ValueRange accs) {
          // The block's dot products (rows x columns) and input sums (rows).
          SmallVector<Value> sums(rows * columns + rows, zeros);
          auto step = [&](OpBuilder &inner, Value chunk, ValueRange in) {
            return emitChunk(inner, row, rows, column, columns, block, chunk,
                             in);
          };
          if (op.bytes == lanes) {
            sums = step(body, index(body, 0), sums);
          } else {
            auto chunks = scf::ForOp::create(
                body, loc, index(body, 0), index(body, op.bytes),
                index(body, lanes), sums,
                [&](OpBuilder &inner, Location, Value chunk, ValueRange in) {
                  scf::YieldOp::create(inner, loc, step(inner, chunk, in));
                });
            sums.assign(chunks.getResults().begin(),
                        chunks.getResults().end());
          }
          // acc += scale * (dot - zero * sum(a)), per row and column.
          SmallVector<Value> results(accs);
          for (int64_t c = 0; c < columns; ++c) {
            Value n = add(body, column, c);
            Value scale = broadcast(
                body, memref::LoadOp::create(body, loc, op.scales,
                                             ValueRange{n, block}));
            Value negZero;
            if (op.zeroPoints)
              negZero = broadcast(
                  body, arith::NegFOp::create(
                            body, loc,
                            memref::LoadOp::create(body, loc, op.zeroPoints,
                                                   ValueRange{n, block})));
            else
              negZero = arith::ConstantOp::create(
                  body, loc,
                  DenseElementsAttr::get(vectorF32,
                                         -float(1 << (op.bits - 1))));
            for (int64_t r = 0; r < rows; ++r) {
              Value dot = vector::FMAOp::create(
                  body, loc, negZero, sums[rows * columns + r],
                  sums[r * columns + c]);
              Value &acc = results[r * columns + c];
              acc = vector::FMAOp::create(body, loc, dot, scale, acc);
            }
          }
          scf::YieldOp::create(body, loc, results);
        });
    // Each accumulator's lanes added to its output element.
    for (int64_t r = 0; r < rows; ++r) {
      Value m = add(b, row, r);
      for (int64_t c = 0; c < columns; ++c) {
        Value n = add(b, column, c);
        Value sum = vector::ReductionOp::create(
            b, loc, vector::CombiningKind::ADD,
            blockLoop.getResult(r * columns + c));
        Value old = memref::LoadOp::create(b, loc, op.out, ValueRange{m, n});
        memref::StoreOp::create(b, loc,
                                arith::AddFOp::create(b, loc, old, sum),
                                op.out, ValueRange{m, n});
      }
    }
  }

  /// One chunk of `lanes` bytes of every column of a block: `sums` (the
  /// dot products, then the input sums) updated.
  SmallVector<Value> emitChunk(OpBuilder &b, Value row, int64_t rows,
                               Value column, int64_t columns, Value block,
                               Value chunk, ValueRange sums) {
    SmallVector<Value> out(sums);
    auto byteVector = VectorType::get({lanes}, b.getI8Type());
    int64_t mask = (int64_t(1) << op.bits) - 1;
    // The inputs of field p of the chunk, per row, loaded once.
    SmallVector<SmallVector<Value>> inputs(op.fields);
    for (int64_t p = 0; p < op.fields; ++p)
      for (int64_t r = 0; r < rows; ++r) {
        Value x = vector::LoadOp::create(
            b, loc, vectorF32, op.a,
            ValueRange{add(b, row, r), block, index(b, p), chunk});
        inputs[p].push_back(x);
        Value &sum = out[rows * columns + r];
        sum = arith::AddFOp::create(b, loc, sum, x);
      }
    for (int64_t c = 0; c < columns; ++c) {
      Value bytes = vector::LoadOp::create(
          b, loc, byteVector, op.packed,
          ValueRange{add(b, column, c), block, chunk});
      Value wide = arith::ExtUIOp::create(b, loc, vectorI32, bytes);
      for (int64_t p = 0; p < op.fields; ++p) {
        Value code = wide;
        if (p)
          code = arith::ShRUIOp::create(b, loc, code,
                                        splatI32(b, p * op.bits));
        if (op.bits < 8 && p + 1 < op.fields)
          code = arith::AndIOp::create(b, loc, code, splatI32(b, mask));
        Value weight = arith::UIToFPOp::create(b, loc, vectorF32, code);
        for (int64_t r = 0; r < rows; ++r) {
          Value &dot = out[r * columns + c];
          dot = vector::FMAOp::create(b, loc, inputs[p][r], weight, dot);
        }
      }
    }
    return out;
  }

  Value broadcast(OpBuilder &b, Value scalar) {
    return vector::BroadcastOp::create(b, loc, vectorF32, scalar);
  }
  Value splatI32(OpBuilder &b, int64_t value) {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorI32, int32_t(value)));
  }

  NBitMatmul op;
  Location loc;
  int64_t lanes;
  int64_t tileRows = 1, tileColumns = kColumns;
  VectorType vectorF32, vectorI32;
  Value zeros;
};

struct NBitMatmulKernelsPass final
    : aotc::impl::NBitMatmulKernelsPassBase<NBitMatmulKernelsPass> {
  using NBitMatmulKernelsPassBase::NBitMatmulKernelsPassBase;

  void runOnOperation() override {
    SmallVector<NBitMatmul> found;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (std::optional<NBitMatmul> op = matchNBitMatmul(generic))
        found.push_back(*op);
    });
    int64_t lanes = std::max<int64_t>(vectorBits / 32, 4);
    for (NBitMatmul &op : found) {
      OpBuilder b(op.generic);
      Emitter(op, lanes).emit(b);
      op.generic.erase();
      ++numEmitted;
    }
  }
};

} // namespace
