//===- Sampling.cpp - tg sampling ops to linalg ---------------------------===//
//
// Lowers the ops of TGSamplingOps.td to linalg on tensors:
//
// - tg.grid_sample is one all-parallel `linalg.generic` over the output
//   (batch, channel, output position). Its body reads the output position's
//   coordinates from the grid with `tensor.extract`, maps them to input
//   coordinates (denormalization, then nearest rounding and the border or
//   reflection adjustment), derives each spatial axis' taps (1, 2 or 4
//   neighbour indices and weights) and sums, over every combination of one
//   tap per axis, the product of the weights times the input element read
//   with `tensor.extract` at the clamped (border), reflected (reflection)
//   or clamped-and-masked (zeros) indices. This follows ONNX's reference
//   implementation step by step.
//
// Coordinates and weights are computed in f32, or f64 when the input or the
// grid is f64; f16 and bf16 inputs are extended for the sum and rounded once.
// Shapes are static and the ops verified, so the patterns never fail.
//
//===----------------------------------------------------------------------===//

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

/// Scalar float arithmetic in one compute type, for the grid-sample body.
struct FloatMath {
  OpBuilder &b;
  Location loc;
  FloatType type;

  Value constant(double value) {
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value floor(Value x) { return math::FloorOp::create(b, loc, x); }
  Value lt(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
  }
  Value gt(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value clamp(Value x, double low, double high) {
    Value lowered = arith::MaxNumFOp::create(b, loc, x, constant(low));
    return arith::MinNumFOp::create(b, loc, lowered, constant(high));
  }
  /// Converts a float of another width to the compute type.
  Value convert(Value x) {
    auto from = cast<FloatType>(x.getType());
    if (from == type)
      return x;
    if (from.getWidth() < type.getWidth())
      return arith::ExtFOp::create(b, loc, type, x);
    return arith::TruncFOp::create(b, loc, type, x);
  }

  /// ONNX's `_gs_reflect`: mirrors `x` at `low` and `high` until it lies
  /// between them (the borders themselves are mirror lines).
  Value reflect(Value x, double low, double high) {
    double range = high - low;
    if (range <= 0)
      return constant(low);
    auto mirrored = [&](Value distance, double near, double far) {
      // n = trunc(distance / range), r = distance - n * range; an even n
      // mirrors back from `near`, an odd one from `far`.
      Value n = floor(div(distance, constant(range)));
      Value r = sub(distance, mul(n, constant(range)));
      Value half = floor(mul(n, constant(0.5)));
      Value even = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, n,
                                         mul(half, constant(2)));
      Value sign = constant(near < far ? 1 : -1);
      return select(even, add(constant(near), mul(sign, r)),
                    sub(constant(far), mul(sign, r)));
    };
    Value below = mirrored(sub(constant(low), x), low, high);
    Value above = mirrored(sub(x, constant(high)), high, low);
    return select(lt(x, constant(low)), below,
                  select(gt(x, constant(high)), above, x));
  }
};

/// One neighbour of a sampled coordinate along one axis: the index to read
/// (always within the axis), its weight (null for nearest) and whether it is
/// inside the input (null unless padding is zeros).
struct Tap {
  Value index;
  Value weight;
  Value valid;
};

/// Keys' cubic convolution weights (a = -0.75) of the 4 neighbours
/// `floor(x) - 1 ... floor(x) + 2` at fraction `t = x - floor(x)`, as ONNX's
/// `_gs_get_cubic_coeffs`.
SmallVector<Value> cubicWeights(FloatMath &m, Value t) {
  const double a = -0.75;
  auto far = [&](Value d) { // |d| in [1, 2]
    Value v = m.sub(m.mul(m.constant(a), d), m.constant(5 * a));
    v = m.add(m.mul(v, d), m.constant(8 * a));
    return m.sub(m.mul(v, d), m.constant(4 * a));
  };
  auto near = [&](Value d) { // |d| in [0, 1]
    Value v = m.sub(m.mul(m.constant(a + 2), d), m.constant(a + 3));
    return m.add(m.mul(m.mul(v, d), d), m.constant(1));
  };
  Value one = m.constant(1), two = m.constant(2);
  return {far(m.add(t, one)), near(t), near(m.sub(one, t)), far(m.sub(two, t))};
}

/// Lowers tg.grid_sample; see the file comment.
struct GridSampleOpLowering final : OpConversionPattern<tg::GridSampleOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::GridSampleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), grid = adaptor.getGrid();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto gridType = cast<RankedTensorType>(grid.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = resultType.getElementType();
    int64_t rank = resultType.getRank(), spatial = rank - 2;
    tg::GridSampleMode mode = op.getMode();
    tg::GridSamplePadding padding = op.getPadding();
    bool alignCorners = op.getAlignCorners();

    FloatType computeType = rewriter.getF32Type();
    if (elementType.isF64() || gridType.getElementType().isF64())
      computeType = rewriter.getF64Type();

    auto body = [&](OpBuilder &b, Location bodyLoc, ValueRange) {
      FloatMath m{b, bodyLoc, computeType};
      SmallVector<Value> loops;
      for (int64_t d = 0; d < rank; ++d)
        loops.push_back(linalg::IndexOp::create(b, bodyLoc, d));

      // The taps of every spatial axis.
      SmallVector<SmallVector<Tap>> taps(spatial);
      for (int64_t axis = 0; axis < spatial; ++axis) {
        double size = inputType.getDimSize(2 + axis);
        // Grid coordinates list the innermost axis first.
        SmallVector<Value> gridIndices{loops[0]};
        llvm::append_range(gridIndices, ArrayRef(loops).drop_front(2));
        gridIndices.push_back(
            arith::ConstantIndexOp::create(b, bodyLoc, spatial - 1 - axis));
        Value g =
            m.convert(tensor::ExtractOp::create(b, bodyLoc, grid, gridIndices));
        Value gPlusOne = m.add(g, m.constant(1));
        Value x =
            alignCorners
                ? m.mul(gPlusOne, m.constant((size - 1) / 2))
                : m.div(m.sub(m.mul(gPlusOne, m.constant(size)), m.constant(1)),
                        m.constant(2));
        if (mode == tg::GridSampleMode::nearest)
          x = math::RoundEvenOp::create(b, bodyLoc, x);
        double low = alignCorners ? 0 : -0.5;
        double high = alignCorners ? size - 1 : size - 0.5;
        if (padding == tg::GridSamplePadding::border) {
          Value outside = arith::OrIOp::create(
              b, bodyLoc, m.lt(x, m.constant(low)), m.gt(x, m.constant(high)));
          x = m.select(outside, m.clamp(x, 0, size - 1), x);
        } else if (padding == tg::GridSamplePadding::reflection) {
          x = m.reflect(x, low, high);
        }

        // Neighbour coordinates (integral floats) and their weights.
        SmallVector<Value> coords, weights;
        if (mode == tg::GridSampleMode::nearest) {
          coords.push_back(math::TruncOp::create(b, bodyLoc, x));
        } else {
          Value base = m.floor(x);
          Value t = m.sub(x, base);
          if (mode == tg::GridSampleMode::linear) {
            coords = {base, m.add(base, m.constant(1))};
            weights = {m.sub(m.constant(1), t), t};
          } else {
            for (int k = -1; k <= 2; ++k)
              coords.push_back(m.add(base, m.constant(k)));
            weights = cubicWeights(m, t);
          }
        }
        for (auto [k, coord] : llvm::enumerate(coords)) {
          Tap tap;
          if (padding == tg::GridSamplePadding::zeros)
            tap.valid = arith::AndIOp::create(
                b, bodyLoc,
                arith::CmpFOp::create(b, bodyLoc, arith::CmpFPredicate::OGE,
                                      coord, m.constant(0)),
                arith::CmpFOp::create(b, bodyLoc, arith::CmpFPredicate::OLE,
                                      coord, m.constant(size - 1)));
          else if (padding == tg::GridSamplePadding::reflection)
            coord = m.reflect(coord, low, high);
          // Reflected indices are inside already; clamping also guards the
          // conversion against rounding and non-finite coordinates.
          Value clamped = m.clamp(coord, 0, size - 1);
          Value i64 =
              arith::FPToSIOp::create(b, bodyLoc, b.getI64Type(), clamped);
          tap.index =
              arith::IndexCastOp::create(b, bodyLoc, b.getIndexType(), i64);
          if (!weights.empty())
            tap.weight = weights[k];
          taps[axis].push_back(tap);
        }
      }

      // Sum over every combination of one tap per axis.
      Value zero = createScalarConstant(b, bodyLoc, elementType, 0);
      Value sum;
      int64_t combinations = 1;
      for (const auto &axisTaps : taps)
        combinations *= axisTaps.size();
      for (int64_t combo = 0; combo < combinations; ++combo) {
        SmallVector<Value> indices{loops[0], loops[1]};
        Value weight, valid;
        int64_t rest = combo;
        for (int64_t axis = spatial - 1; axis >= 0; --axis) {
          const Tap &tap = taps[axis][rest % taps[axis].size()];
          rest /= taps[axis].size();
          indices.insert(indices.begin() + 2, tap.index);
          if (tap.weight)
            weight = weight ? m.mul(weight, tap.weight) : tap.weight;
          if (tap.valid)
            valid = valid ? arith::AndIOp::create(b, bodyLoc, valid, tap.valid)
                                .getResult()
                          : tap.valid;
        }
        Value element = tensor::ExtractOp::create(b, bodyLoc, input, indices);
        if (valid)
          element = m.select(valid, element, zero);
        if (!weight) { // nearest: a single tap
          sum = element;
          continue;
        }
        Value term = m.mul(weight, m.convert(element));
        sum = sum ? m.add(sum, term) : term;
      }
      if (mode != tg::GridSampleMode::nearest)
        sum = FloatMath{b, bodyLoc, cast<FloatType>(elementType)}.convert(sum);
      linalg::YieldOp::create(b, bodyLoc, sum);
    };

    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{},
        ValueRange{createEmptyTensor(rewriter, loc, resultType)},
        SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(rank)},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        body);
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void aotc::populateTGSamplingToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<GridSampleOpLowering>(patterns.getContext());
}
