//===- Normalization.cpp - tg softmax and layer_norm to linalg ------------===//
//
// Lowers tg.softmax, tg.log_softmax and tg.layer_norm to two
// `linalg.generic`s each, so the data is read twice:
//
//  1. a reduction over the normalized axes with two outputs that computes
//     both statistics of a slice at once: the running maximum and the sum of
//     exponentials (rescaled whenever the maximum grows), or the sums of the
//     deviations from the slice's first element and of their squares;
//  2. an all-parallel generic that applies them to every element. Elementwise
//     consumers (a layer norm's scale and bias) fuse into it later.
//
// Softmaxes of f16 and bf16 are computed in f32 (like the sums of
// Contraction.cpp) and the result is rounded once; layer normalization sums
// in f64 and normalizes in f32 (f64 for f64). The accumulators start as
// `linalg.fill`s of the reduced shape, a pass over the statistics only.
// docs/ops-normalization.md derives the update rules and their numerics.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The type a normalization of `elementType` computes in: f32 for 16-bit
/// floats, the element type otherwise.
FloatType getComputeType(Type elementType) {
  if (elementType.isF16() || elementType.isBF16())
    return Float32Type::get(elementType.getContext());
  return cast<FloatType>(elementType);
}

/// Converts the float scalar `value` to `type` (extension or truncation);
/// a no-op when the types agree.
Value convertFloat(OpBuilder &b, Location loc, Value value, Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (from.getIntOrFloatBitWidth() < type.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, loc, type, value);
  return arith::TruncFOp::create(b, loc, type, value);
}

/// A float constant of `type`.
Value createFloat(OpBuilder &b, Location loc, FloatType type, double value) {
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
}

/// `-inf` of `type`.
Value createNegativeInfinity(OpBuilder &b, Location loc, FloatType type) {
  APFloat inf = APFloat::getInf(type.getFloatSemantics(), /*Negative=*/true);
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, inf));
}

/// The loop nest of a normalization of a rank-`rank` input: one loop per
/// input dimension, in order, where `isReduced(d)` marks the normalized ones.
struct NormalizationLoops {
  MLIRContext *context;
  int64_t rank;
  SmallVector<bool> reduced;

  /// Reads a tensor of the input's shape at the loop indices.
  AffineMap identity() const {
    return AffineMap::getMultiDimIdentityMap(rank, context);
  }
  /// Reads a tensor of the statistics' shape: the input's without the
  /// normalized dimensions.
  AffineMap statistics() const {
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      if (!reduced[d])
        exprs.push_back(getAffineDimExpr(d, context));
    return AffineMap::get(rank, /*symbolCount=*/0, exprs, context);
  }
  /// Reads the input at the first element of the current slice: index 0
  /// along every normalized dimension.
  AffineMap firstOfSlice() const {
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      exprs.push_back(reduced[d] ? getAffineConstantExpr(0, context)
                                 : getAffineDimExpr(d, context));
    return AffineMap::get(rank, /*symbolCount=*/0, exprs, context);
  }
  /// Reduction iterators on the normalized dimensions, parallel elsewhere.
  SmallVector<utils::IteratorType> reductionIterators() const {
    SmallVector<utils::IteratorType> iterators;
    for (bool isReduced : reduced)
      iterators.push_back(isReduced ? utils::IteratorType::reduction
                                    : utils::IteratorType::parallel);
    return iterators;
  }
  SmallVector<utils::IteratorType> parallelIterators() const {
    return SmallVector<utils::IteratorType>(rank,
                                            utils::IteratorType::parallel);
  }
  /// The statistics' tensor type for an input of `shape`.
  RankedTensorType statisticsType(ArrayRef<int64_t> shape,
                                  Type elementType) const {
    SmallVector<int64_t> kept;
    for (int64_t d = 0; d < rank; ++d)
      if (!reduced[d])
        kept.push_back(shape[d]);
    return RankedTensorType::get(kept, elementType);
  }
};

//===----------------------------------------------------------------------===//
// Softmax and log-softmax
//===----------------------------------------------------------------------===//

/// Builds pass 1 of a softmax: the maximum `m` and the sum `s` of
/// `exp(x - m)` of every slice along the reduced loop, in one reduction.
/// An element `x` updates them as
///
///   m' = max(m, x)
///   s' = s * exp(m - x) + 1   when x > m (the sum rescaled to the new max)
///   s' = s + exp(x - m)       otherwise
///
/// with one `exp` per element: `exp(min(x, m) - m')`. Two cases make the
/// plain formula disagree with `sum(exp(x - max(x)))` as NumPy computes it:
/// the `+ 1` is written `(x - x) + 1`, the `exp(x - x)` it stands for, so
/// that a new maximum of `+inf` makes the sum NaN as NumPy's does; and an
/// `x` of `-inf` adds 0 even while `m` is still `-inf` (where
/// `exp(-inf - -inf)` would be NaN), so leading `-inf`s do not poison a
/// slice that has finite elements. A NaN propagates through `m`.
std::pair<Value, Value> buildMaxAndSum(OpBuilder &b, Location loc, Value input,
                                       const NormalizationLoops &loops,
                                       FloatType computeType) {
  auto inputType = cast<RankedTensorType>(input.getType());
  RankedTensorType statsType =
      loops.statisticsType(inputType.getShape(), computeType);
  Value maxInit = createFilledTensor(
      b, loc, statsType, createNegativeInfinity(b, loc, computeType));
  Value sumInit = createFilledTensor(b, loc, statsType,
                                     createFloat(b, loc, computeType, 0.0));
  SmallVector<AffineMap> maps = {loops.identity(), loops.statistics(),
                                 loops.statistics()};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{statsType, statsType}, ValueRange{input},
      ValueRange{maxInit, sumInit}, maps, loops.reductionIterators(),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value x = convertFloat(nb, nloc, args[0], computeType);
        Value m = args[1], s = args[2];
        Value grows =
            arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGT, x, m);
        Value newMax = arith::MaximumFOp::create(nb, nloc, m, x);
        Value smaller = arith::SelectOp::create(nb, nloc, grows, m, x);
        Value exponent = arith::SubFOp::create(nb, nloc, smaller, newMax);
        Value e = math::ExpOp::create(nb, nloc, exponent);
        // x > m: s * exp(m - x) + exp(x - x).
        Value zero = createFloat(nb, nloc, computeType, 0.0);
        Value one = createFloat(nb, nloc, computeType, 1.0);
        Value negInf = createNegativeInfinity(nb, nloc, computeType);
        Value self = arith::AddFOp::create(
            nb, nloc, arith::SubFOp::create(nb, nloc, x, x), one);
        Value scaled = arith::MulFOp::create(nb, nloc, s, e);
        Value rescaled = arith::AddFOp::create(nb, nloc, scaled, self);
        // Otherwise: s + exp(x - m), nothing for an x of -inf.
        Value isNegInf = arith::CmpFOp::create(
            nb, nloc, arith::CmpFPredicate::OEQ, x, negInf);
        Value term = arith::SelectOp::create(nb, nloc, isNegInf, zero, e);
        Value accumulated = arith::AddFOp::create(nb, nloc, s, term);
        Value newSum =
            arith::SelectOp::create(nb, nloc, grows, rescaled, accumulated);
        linalg::YieldOp::create(nb, nloc, ValueRange{newMax, newSum});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

/// Lowers tg.softmax (`exp(x - m) / s`) and tg.log_softmax
/// (`x - m - log(s)`): buildMaxAndSum, then one elementwise generic.
template <typename OpTy, bool isLog>
struct SoftmaxLowering final : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto type = cast<RankedTensorType>(op.getType());
    Value empty = createEmptyTensor(rewriter, loc, type);
    if (type.getNumElements() == 0) {
      rewriter.replaceOp(op, empty);
      return success();
    }
    NormalizationLoops loops{rewriter.getContext(), type.getRank(),
                             SmallVector<bool>(type.getRank(), false)};
    loops.reduced[op.getAxis()] = true;
    FloatType computeType = getComputeType(type.getElementType());
    auto [max, sum] = buildMaxAndSum(rewriter, loc, input, loops, computeType);

    SmallVector<AffineMap> maps = {loops.identity(), loops.statistics(),
                                   loops.statistics(), loops.identity()};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{input, max, sum},
        ValueRange{empty}, maps, loops.parallelIterators(),
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          Value x = convertFloat(b, bodyLoc, args[0], computeType);
          Value shifted = arith::SubFOp::create(b, bodyLoc, x, args[1]);
          Value result;
          if (isLog) {
            Value log = math::LogOp::create(b, bodyLoc, args[2]);
            result = arith::SubFOp::create(b, bodyLoc, shifted, log);
          } else {
            Value exp = math::ExpOp::create(b, bodyLoc, shifted);
            result = arith::DivFOp::create(b, bodyLoc, exp, args[2]);
          }
          result = convertFloat(b, bodyLoc, result, type.getElementType());
          linalg::YieldOp::create(b, bodyLoc, result);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Layer normalization
//===----------------------------------------------------------------------===//

/// `x - k` in `type`, both read in the input's element type.
Value buildDeviation(OpBuilder &b, Location loc, Value x, Value k,
                     FloatType type) {
  Value wideX = convertFloat(b, loc, x, type);
  Value wideK = convertFloat(b, loc, k, type);
  return arith::SubFOp::create(b, loc, wideX, wideK);
}

/// Lowers tg.layer_norm. Pass 1 sums, per slice, the deviations `d = x - k`
/// from the slice's first element `k` (S1) and their squares (S2), in f64
/// for every element type. Pass 2 computes, per slice and in f64, the mean
/// `k + S1/N` and `rsqrt(max(S2/N - (S1/N)^2, 0) + eps)` (LLVM hoists both
/// out of the inner loop), and per element, in the compute type,
/// `(x - hi - lo) * rsqrt`, where `hi + lo` is the f64 mean split into two
/// compute-type values. The `max` keeps a variance that rounding made
/// slightly negative from turning into NaN. docs/ops-normalization.md has
/// the error analysis: the shift makes the sums independent of the mean's
/// magnitude, the f64 sums make the cancellation in `S2/N - (S1/N)^2`
/// harmless even when `k` is an outlier of its slice, and the split mean
/// makes `x - mean` exact to rounding of the centered value itself.
struct LayerNormLowering final : OpConversionPattern<tg::LayerNormOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::LayerNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto type = cast<RankedTensorType>(op.getType());
    Value empty = createEmptyTensor(rewriter, loc, type);
    if (type.getNumElements() == 0) {
      rewriter.replaceOp(op, empty);
      return success();
    }
    int64_t rank = type.getRank(), axis = op.getAxis();
    NormalizationLoops loops{rewriter.getContext(), rank,
                             SmallVector<bool>(rank, false)};
    int64_t count = 1;
    for (int64_t d = axis; d < rank; ++d) {
      loops.reduced[d] = true;
      count *= type.getDimSize(d);
    }
    FloatType computeType = getComputeType(type.getElementType());
    FloatType sumType = rewriter.getF64Type();
    RankedTensorType sumsType = loops.statisticsType(type.getShape(), sumType);

    // Pass 1: S1 = sum(x - k), S2 = sum((x - k)^2), in f64.
    Value zero = createFloat(rewriter, loc, sumType, 0.0);
    Value init = createFilledTensor(rewriter, loc, sumsType, zero);
    SmallVector<AffineMap> sumMaps = {loops.identity(), loops.firstOfSlice(),
                                      loops.statistics(), loops.statistics()};
    auto sums = linalg::GenericOp::create(
        rewriter, loc, TypeRange{sumsType, sumsType}, ValueRange{input, input},
        ValueRange{init, init}, sumMaps, loops.reductionIterators(),
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          Value d = buildDeviation(b, bodyLoc, args[0], args[1], sumType);
          Value s1 = arith::AddFOp::create(b, bodyLoc, args[2], d);
          Value square = arith::MulFOp::create(b, bodyLoc, d, d);
          Value s2 = arith::AddFOp::create(b, bodyLoc, args[3], square);
          linalg::YieldOp::create(b, bodyLoc, ValueRange{s1, s2});
        });

    // Pass 2: normalize every element.
    double epsilon = op.getEpsilon().convertToDouble();
    SmallVector<AffineMap> maps = {loops.identity(), loops.firstOfSlice(),
                                   loops.statistics(), loops.statistics(),
                                   loops.identity()};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type},
        ValueRange{input, input, sums.getResult(0), sums.getResult(1)},
        ValueRange{empty}, maps, loops.parallelIterators(),
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          // Per slice, in f64: the mean k + S1/N and 1 / stddev.
          Value n =
              createFloat(b, bodyLoc, sumType, static_cast<double>(count));
          Value zero = createFloat(b, bodyLoc, sumType, 0.0);
          Value eps = createFloat(b, bodyLoc, sumType, epsilon);
          Value k = convertFloat(b, bodyLoc, args[1], sumType);
          Value offset = arith::DivFOp::create(b, bodyLoc, args[2], n);
          Value mean = arith::AddFOp::create(b, bodyLoc, k, offset);
          Value meanSquare = arith::DivFOp::create(b, bodyLoc, args[3], n);
          Value offsetSquare =
              arith::MulFOp::create(b, bodyLoc, offset, offset);
          Value variance =
              arith::SubFOp::create(b, bodyLoc, meanSquare, offsetSquare);
          variance = arith::MaximumFOp::create(b, bodyLoc, variance, zero);
          Value inverse = math::RsqrtOp::create(
              b, bodyLoc, arith::AddFOp::create(b, bodyLoc, variance, eps));
          inverse = convertFloat(b, bodyLoc, inverse, computeType);
          // Per element, in the compute type: x - mean with the mean as the
          // unevaluated sum of two compute-type values, hi + lo.
          Value x = convertFloat(b, bodyLoc, args[0], computeType);
          Value hi = convertFloat(b, bodyLoc, mean, computeType);
          Value centered = arith::SubFOp::create(b, bodyLoc, x, hi);
          if (computeType != sumType) {
            Value rest = arith::SubFOp::create(
                b, bodyLoc, mean, convertFloat(b, bodyLoc, hi, sumType));
            Value lo = convertFloat(b, bodyLoc, rest, computeType);
            centered = arith::SubFOp::create(b, bodyLoc, centered, lo);
          }
          Value result = arith::MulFOp::create(b, bodyLoc, centered, inverse);
          result = convertFloat(b, bodyLoc, result, type.getElementType());
          linalg::YieldOp::create(b, bodyLoc, result);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void aotc::populateTGNormalizationToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<SoftmaxLowering<tg::SoftmaxOp, /*isLog=*/false>,
               SoftmaxLowering<tg::LogSoftmaxOp, /*isLog=*/true>,
               LayerNormLowering>(patterns.getContext());
}
