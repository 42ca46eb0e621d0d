//===- WinogradKernels.cpp - Winograd transforms as separable vector code -===//
//
// Implements `aotc-cpu-winograd-kernels` (Passes.td has the contract): the
// contraction tg.winograd_input or tg.winograd_output lowers to (a sum over
// a 6x6 tile weighted by a table of products of two matrix rows) becomes
// one kernel that computes it as two products by the constant matrix, rows
// then columns, on vectors of channels, with the matrix's zeros and ones
// skipped. Before this kernel, each transform was four matmuls by slices of
// the matrix and a transposition, five kernels over the tiles.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "KernelEpilogue.h"
#include "VectorKernelSupport.h"

#include "aotc/Dialect/TG/IR/Winograd.h"
#include "aotc/Transforms/LinalgQueries.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace aotc {
#define GEN_PASS_DEF_WINOGRADKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc::tg::winograd;

namespace {

/// A marked transform on buffers: `in` and `out` as the lowering makes
/// them (Winograd.cpp of TGToLinalg).
struct Transform {
  linalg::GenericOp generic;
  bool isInput = false;
  Value in, out;
  int64_t batch = 0, tilesHigh = 0, tilesWide = 0, channels = 0;
};

std::optional<Transform> matchTransform(linalg::GenericOp generic) {
  auto which = generic->getAttrOfType<StringAttr>(
      aotc::kWinogradTransformAttrName);
  if (!which || (which.getValue() != "input" && which.getValue() != "output") ||
      !generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || generic.getNumLoops() != 8)
    return std::nullopt;
  Transform t;
  t.generic = generic;
  t.isInput = which.getValue() == "input";
  t.in = generic.getDpsInputs()[0];
  t.out = generic.getDpsInits()[0];
  auto in = dyn_cast<MemRefType>(t.in.getType());
  auto out = dyn_cast<MemRefType>(t.out.getType());
  if (!in || !out || !in.hasStaticShape() || !out.hasStaticShape() ||
      !in.getElementType().isF32() || !out.getElementType().isF32() ||
      !in.isLastDimUnitStride() || !out.isLastDimUnitStride() ||
      out.getRank() != 6)
    return std::nullopt;
  // The loops are the lowering's; their extents give the shapes.
  SmallVector<int64_t> loops = generic.getStaticLoopRanges();
  if (t.isInput) {
    // (p, q, n, y, x, c, i, j).
    t.batch = loops[2];
    t.tilesHigh = loops[3];
    t.tilesWide = loops[4];
    t.channels = loops[5];
    if (in.getRank() != 4 || in.getDimSize(1) < kBlock * t.tilesHigh + 2 ||
        in.getDimSize(2) < kBlock * t.tilesWide + 2)
      return std::nullopt;
  } else {
    // (n, y, a, x, b, k, p, q).
    t.batch = loops[0];
    t.tilesHigh = loops[1];
    t.tilesWide = loops[3];
    t.channels = loops[5];
    if (in.getRank() != 6 || loops[2] != kBlock || loops[4] != kBlock)
      return std::nullopt;
  }
  if (loops[6] != kTile || loops[7] != kTile)
    return std::nullopt;
  return t;
}

/// Emits one transform.
class Emitter {
public:
  Emitter(Transform t, int64_t lanes)
      : t(t), loc(t.generic.getLoc()), lanes(lanes) {}

  void emit(OpBuilder &b) {
    vectorType = VectorType::get({lanes}, b.getF32Type());
    aotc::cpu::VectorBuilder v(loc, lanes);
    // Rows of tiles of every image, in parallel; then tiles along the row
    // and vectors of channels.
    v.forLoop(
        b, 0, t.batch * t.tilesHigh, 1, {},
        [&](OpBuilder &b, Value row, ValueRange) {
          Value tiles = index(b, t.tilesHigh);
          Value n = arith::DivUIOp::create(b, loc, row, tiles);
          Value y = arith::RemUIOp::create(b, loc, row, tiles);
          v.forLoop(b, 0, t.tilesWide, 1, {},
                    [&](OpBuilder &b, Value x, ValueRange) {
                      v.forLoop(b, 0, t.channels, lanes, {},
                                [&](OpBuilder &b, Value c, ValueRange) {
                                  if (t.isInput)
                                    emitInputTile(b, n, y, x, c);
                                  else
                                    emitOutputTile(b, n, y, x, c);
                                  return SmallVector<Value>{};
                                });
                      return SmallVector<Value>{};
                    });
          return SmallVector<Value>{};
        },
        /*parallel=*/true);
  }

private:
  Value index(OpBuilder &b, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value plus(OpBuilder &b, Value base, int64_t offset) {
    return offset == 0 ? base
                       : arith::AddIOp::create(b, loc, base, index(b, offset))
                             .getResult();
  }
  Value times(OpBuilder &b, Value base, int64_t factor) {
    return arith::MulIOp::create(b, loc, base, index(b, factor));
  }

  /// `sum over i of coefficients[i] * values[i]`: zeros skipped, ones added
  /// or subtracted, the others multiply-added.
  Value combine(OpBuilder &b, ArrayRef<double> coefficients,
                ArrayRef<Value> values) {
    Value sum;
    for (auto [coefficient, value] : llvm::zip(coefficients, values)) {
      if (coefficient == 0)
        continue;
      if (coefficient == 1) {
        sum = sum ? arith::AddFOp::create(b, loc, sum, value).getResult()
                  : value;
      } else if (coefficient == -1) {
        sum = sum ? arith::SubFOp::create(b, loc, sum, value).getResult()
                  : arith::NegFOp::create(b, loc, value).getResult();
      } else {
        Value scale = arith::ConstantOp::create(
            b, loc,
            DenseElementsAttr::get(vectorType, float(coefficient)));
        sum = sum ? vector::FMAOp::create(b, loc, scale, value, sum).getResult()
                  : arith::MulFOp::create(b, loc, scale, value).getResult();
      }
    }
    if (!sum)
      sum = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(vectorType, 0.0f));
    return sum;
  }

  /// `M v M^T` of the 6x6 vectors `v` for the rows of `m` (`B^T` or
  /// `A^T`): row `r` of `M v` combined from v's columns, then each of its
  /// elements `s`, `(M v)[r] . m[s]`, given to `store(r, s, value)`.
  template <size_t Rows>
  void emitSeparable(OpBuilder &b,
                     const std::array<std::array<double, kTile>, Rows> &m,
                     Value (&v)[kTile][kTile],
                     function_ref<void(int64_t, int64_t, Value)> store) {
    for (int64_t r = 0; r < int64_t(Rows); ++r) {
      SmallVector<Value> row;
      for (int64_t j = 0; j < kTile; ++j) {
        SmallVector<Value> column;
        for (int64_t i = 0; i < kTile; ++i)
          column.push_back(v[i][j]);
        row.push_back(combine(b, m[r], column));
      }
      for (int64_t s = 0; s < int64_t(Rows); ++s)
        store(r, s, combine(b, m[s], row));
    }
  }

  /// `B^T d B` of tile `(y, x)` of image `n`, channels `[c, c + lanes)`.
  void emitInputTile(OpBuilder &b, Value n, Value y, Value x, Value c) {
    Value row = times(b, y, kBlock), column = times(b, x, kBlock);
    Value d[kTile][kTile];
    for (int64_t i = 0; i < kTile; ++i)
      for (int64_t j = 0; j < kTile; ++j)
        d[i][j] = vector::LoadOp::create(
            b, loc, vectorType, t.in,
            ValueRange{n, plus(b, row, i), plus(b, column, j), c});
    emitSeparable(b, kBT, d, [&](int64_t p, int64_t q, Value value) {
      vector::StoreOp::create(b, loc, value, t.out,
                              ValueRange{index(b, p), index(b, q), n, y, x, c});
    });
  }

  /// `A^T m A` of tile `(y, x)` of image `n`, channels `[k, k + lanes)`.
  void emitOutputTile(OpBuilder &b, Value n, Value y, Value x, Value k) {
    Value m[kTile][kTile];
    for (int64_t p = 0; p < kTile; ++p)
      for (int64_t q = 0; q < kTile; ++q)
        m[p][q] = vector::LoadOp::create(
            b, loc, vectorType, t.in,
            ValueRange{index(b, p), index(b, q), n, y, x, k});
    emitSeparable(b, kAT, m, [&](int64_t row, int64_t column, Value value) {
      SmallVector<Value> at{n, y, index(b, row), x, index(b, column)};
      if (epilogue) {
        aotc::cpu::emitKernelEpilogue(b, loc, *epilogue, value, at, k, lanes);
        return;
      }
      at.push_back(k);
      vector::StoreOp::create(b, loc, value, t.out, at);
    });
  }

public:
  /// The elementwise op after an output transform, applied to its vectors
  /// instead of storing them (KernelEpilogue.h).
  std::optional<aotc::cpu::KernelEpilogue> epilogue;

private:
  Transform t;
  Location loc;
  int64_t lanes;
  VectorType vectorType;
};

struct WinogradKernelsPass final
    : aotc::impl::WinogradKernelsPassBase<WinogradKernelsPass> {
  using WinogradKernelsPassBase::WinogradKernelsPassBase;

  void runOnOperation() override {
    SmallVector<Transform> found;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (std::optional<Transform> t = matchTransform(generic))
        found.push_back(*t);
    });
    for (Transform &t : found) {
      // The widest power of two of lanes that divides the channels.
      int64_t lanes = std::max<int64_t>(vectorBits / 32, 1);
      while (t.channels % lanes != 0)
        lanes /= 2;
      // Every element of the result is written: its zero fill is not
      // needed.
      if (Operation *fill = aotc::cpu::getZeroFillBefore(t.generic, t.out))
        fill->erase();
      Emitter emitter(t, lanes);
      // An output transform's epilogue (the bias, the activation) is
      // applied before its vectors are stored.
      if (!t.isInput)
        emitter.epilogue = aotc::cpu::matchKernelEpilogue(t.generic);
      OpBuilder b(t.generic);
      emitter.emit(b);
      t.generic.erase();
      if (emitter.epilogue) {
        emitter.epilogue->generic.erase();
        ++numEpilogues;
      }
      ++numEmitted;
    }
  }
};

} // namespace
