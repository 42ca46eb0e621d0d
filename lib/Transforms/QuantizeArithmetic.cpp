//===- QuantizeArithmetic.cpp - cheaper exact quantization arithmetic -----===//
//
// Implements `aotc-quantize-arithmetic` (Passes.td has the contract): two
// rewrites of the scalar arithmetic that QuantizeLinear and
// DequantizeLinear leave in elementwise bodies, each proven exact for the
// values that reach the output:
//   - round(x / c) clamped to an integer range, with c a constant, becomes
//     a multiplication by RN(1 / c) with one FMA correction (Markstein's
//     quotient step), after the quotients near every rounding boundary in
//     the clamp's range were checked here against the division;
//   - an integral float clamped to an integer type's range and converted to
//     that type and back is the float itself.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>
#include <limits>
#include <optional>

namespace aotc {
#define GEN_PASS_DEF_QUANTIZEARITHMETICPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The value of `v` when it is a constant f32 scalar.
std::optional<float> getConstantF32(Value v) {
  FloatAttr attr;
  if (!v.getType().isF32() || !matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  return attr.getValue().convertToFloat();
}

/// The bounds [low, high] that `v`, the result of a minimumf and a
/// maximumf (in either order) of a value and constants, is clamped to, and
/// that value.
struct Clamp {
  Value input;
  float low, high;
  bool lowIsOuter;
};
std::optional<Clamp> matchClamp(Value v) {
  auto outer = v.getDefiningOp();
  if (!outer || !isa<arith::MinimumFOp, arith::MaximumFOp>(outer))
    return std::nullopt;
  auto inner = outer->getOperand(0).getDefiningOp();
  if (!inner || outer->getName() == inner->getName() ||
      !isa<arith::MinimumFOp, arith::MaximumFOp>(inner) ||
      !inner->getResult(0).hasOneUse())
    return std::nullopt;
  std::optional<float> outerBound = getConstantF32(outer->getOperand(1));
  std::optional<float> innerBound = getConstantF32(inner->getOperand(1));
  if (!outerBound || !innerBound)
    return std::nullopt;
  bool lowIsOuter = isa<arith::MaximumFOp>(outer);
  Clamp clamp{inner->getOperand(0), lowIsOuter ? *outerBound : *innerBound,
              lowIsOuter ? *innerBound : *outerBound, lowIsOuter};
  if (!(clamp.low <= clamp.high))
    return std::nullopt;
  return clamp;
}

/// The one user of `v`, if it has exactly one.
Operation *getOnlyUser(Value v) {
  return v.hasOneUse() ? *v.getUsers().begin() : nullptr;
}

/// Finite constant bounds of `v` (lower, upper) that the minimumf and
/// maximumf ops computing it impose, if any.
std::pair<std::optional<float>, std::optional<float>> getFiniteBounds(Value v) {
  std::optional<float> below, above;
  for (int depth = 0; depth < 2; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def || !isa<arith::MinimumFOp, arith::MaximumFOp>(def))
      break;
    std::optional<float> bound = getConstantF32(def->getOperand(1));
    if (!bound || !std::isfinite(*bound))
      break;
    if (isa<arith::MinimumFOp>(def))
      above = above ? std::min(*above, *bound) : *bound;
    else
      below = below ? std::max(*below, *bound) : *bound;
    v = def->getOperand(0);
  }
  return {below, above};
}

/// Half-integers beyond this distance from 0 are not checked: the rewrite
/// is left alone for wider clamps (16-bit types with far zero points).
constexpr double kMaxCheckedQuotient = double(1 << 17);

/// Whether round_half_even(fma(fma(-q0, c, x), r, q0)), q0 = x * r and
/// r = RN(1 / c), equals round_half_even(x / c) for every f32 `x` whose
/// quotient lies in [low, high] or rounds to their neighbours. Rounding can
/// only differ when a half-integer lies between the two quotients, which
/// are within two ulps of x / c, so the x checked are the 17 floats around
/// RN(h * c) for each half-integer h in the range (the quotient's ulp
/// times |c| spans at most four ulps of x).
bool isExactForRounding(float c, double low, double high) {
  float r = 1.0f / c;
  // Scales whose quotients' FMA residuals could be subnormal (flushed to
  // zero where the app sets FTZ/DAZ) or whose reciprocal is not normal are
  // left to the division.
  float magnitude = std::fabs(c);
  if (!std::isnormal(c) || !std::isnormal(r) || magnitude < 0x1p-60f ||
      magnitude > 0x1p60f)
    return false;
  if (!(high - low <= 2 * kMaxCheckedQuotient) ||
      std::fabs(low) > kMaxCheckedQuotient ||
      std::fabs(high) > kMaxCheckedQuotient)
    return false;
  for (double k = std::floor(low) - 2; k <= std::ceil(high) + 1; ++k) {
    float center = static_cast<float>((k + 0.5) * double(c));
    float up = center, down = center;
    for (int i = 0; i <= 8; ++i) {
      for (float x : {up, down}) {
        float q0 = x * r;
        float e = std::fma(-q0, c, x);
        float q = std::fma(e, r, q0);
        if (std::nearbyint(q) != std::nearbyint(x / c))
          return false;
      }
      up = std::nextafter(up, std::numeric_limits<float>::infinity());
      down = std::nextafter(down, -std::numeric_limits<float>::infinity());
    }
  }
  return true;
}

/// roundeven(x / c) [+ or - d], then clamped to [low, high], with c and d
/// constants: the quotient becomes x' * r corrected by one FMA, where x' is
/// x clamped to +-B, a bound beyond which every quotient saturates the
/// clamp (so infinities stay out of the FMAs: inf * r - inf * c is NaN).
struct ReciprocalBeforeRounding final : OpRewritePattern<arith::DivFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::DivFOp div,
                                PatternRewriter &rewriter) const override {
    std::optional<float> c = getConstantF32(div.getRhs());
    if (!c)
      return failure();
    auto round = dyn_cast_or_null<math::RoundEvenOp>(getOnlyUser(div));
    if (!round)
      return failure();
    // An optional zero point added to (or subtracted from) the rounded
    // quotient, then the clamp.
    Value rounded = round.getResult();
    double shift = 0;
    Operation *next = getOnlyUser(rounded);
    if (next && isa<arith::AddFOp, arith::SubFOp>(next) &&
        next->getOperand(0) == rounded) {
      std::optional<float> d = getConstantF32(next->getOperand(1));
      if (!d)
        return failure();
      shift = isa<arith::AddFOp>(next) ? double(*d) : -double(*d);
      rounded = next->getResult(0);
      next = getOnlyUser(rounded);
    }
    // The clamp: its inner min or max is `next`, its outer one next's user.
    if (!next || !isa<arith::MinimumFOp, arith::MaximumFOp>(next))
      return failure();
    Operation *outer = getOnlyUser(next->getResult(0));
    if (!outer)
      return failure();
    std::optional<Clamp> clamp = matchClamp(outer->getResult(0));
    if (!clamp || clamp->input != rounded)
      return failure();
    double low = double(clamp->low) - shift, high = double(clamp->high) - shift;
    if (!isExactForRounding(*c, low, high))
      return failure();

    Location loc = div.getLoc();
    Value x = div.getLhs();
    float r = 1.0f / *c;
    float bound = static_cast<float>(
        (std::max(std::fabs(low), std::fabs(high)) + 2) * std::fabs(*c));
    auto constant = [&](float value) {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getF32FloatAttr(value));
    };
    // A side already bounded by a finite constant (a ReLU6 or Clip before
    // the quantization) needs no bound.
    auto [below, above] = getFiniteBounds(x);
    Value clamped = x;
    if (!(above && *above <= bound))
      clamped = arith::MinimumFOp::create(rewriter, loc, clamped, constant(bound));
    if (!(below && *below >= -bound))
      clamped =
          arith::MaximumFOp::create(rewriter, loc, clamped, constant(-bound));
    Value q0 = arith::MulFOp::create(rewriter, loc, clamped, constant(r));
    Value negated = arith::NegFOp::create(rewriter, loc, q0);
    Value residual =
        math::FmaOp::create(rewriter, loc, negated, constant(*c), clamped);
    rewriter.replaceOpWithNewOp<math::FmaOp>(div, residual, constant(r), q0);
    return success();
  }
};

/// Whether `v` is an integral float that is never -0: roundeven's result
/// plus or minus an integral constant (x + d is +0, never -0, when it is
/// zero and d is not -0), or clamped from below at +0 or above.
bool isIntegralWithoutNegativeZero(Value v, const Clamp &clamp) {
  bool noNegativeZero = clamp.lowIsOuter && clamp.low >= 0 &&
                        !std::signbit(clamp.low);
  Operation *def = v.getDefiningOp();
  if (def && isa<arith::AddFOp, arith::SubFOp>(def)) {
    std::optional<float> d = getConstantF32(def->getOperand(1));
    if (!d || std::nearbyint(*d) != *d)
      return false;
    // x + d is -0 only when both are -0; x - d only when x is -0 and d +0.
    if (isa<arith::AddFOp>(def) ? (*d != 0 || !std::signbit(*d))
                                : (*d != 0 || std::signbit(*d)))
      noNegativeZero = true;
    def = def->getOperand(0).getDefiningOp();
  }
  return noNegativeZero && def && isa<math::RoundEvenOp>(def);
}

/// itofp(fptoi(v)) = v for an integral v clamped into the integer type's
/// range: the conversion is exact. (A NaN v made the conversion poison; it
/// now stays NaN.)
template <typename ToFloat, typename ToInt, bool isUnsigned>
struct IntegerRoundTrip final : OpRewritePattern<ToFloat> {
  using OpRewritePattern<ToFloat>::OpRewritePattern;

  LogicalResult matchAndRewrite(ToFloat op,
                                PatternRewriter &rewriter) const override {
    auto toInt = op.getIn().template getDefiningOp<ToInt>();
    if (!toInt || toInt.getIn().getType() != op.getType() ||
        !op.getType().isF32())
      return failure();
    auto integer = cast<IntegerType>(toInt.getType());
    unsigned width = integer.getWidth();
    if (width > 24)
      return failure();
    double min = isUnsigned ? 0 : -std::ldexp(1.0, width - 1);
    double max = isUnsigned ? std::ldexp(1.0, width) - 1
                            : std::ldexp(1.0, width - 1) - 1;
    Value v = toInt.getIn();
    std::optional<Clamp> clamp = matchClamp(v);
    if (!clamp || clamp->low < min || clamp->high > max ||
        !isIntegralWithoutNegativeZero(clamp->input, *clamp))
      return failure();
    rewriter.replaceOp(op, v);
    return success();
  }
};

/// The clamp and rounding right before a float-to-integer conversion
/// (`fptoui(max(min(roundeven(x + 0.0), hi), lo))`, each step used once)
/// may ignore NaN and the sign of zero: the conversion gives the same
/// integer for -0 and +0, and a NaN reaching it is poison with or without
/// the flags. With `nnan nsz`, x86 computes the clamp with one vminps and
/// one vmaxps instead of a compare and blends per bound, and LLVM drops
/// the addition of +0.0 (QuantizeLinear's zero point 0).
template <typename ConvertOp>
struct ClampBeforeConversion final : OpRewritePattern<ConvertOp> {
  using OpRewritePattern<ConvertOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertOp convert,
                                PatternRewriter &rewriter) const override {
    auto flags = arith::FastMathFlags::nnan | arith::FastMathFlags::nsz;
    bool changed = false;
    Value value = convert.getIn();
    while (Operation *op = value.getDefiningOp()) {
      if (!op->hasOneUse())
        break;
      auto fastmath = dyn_cast<arith::ArithFastMathInterface>(op);
      bool clamp = isa<arith::MinimumFOp, arith::MaximumFOp>(op);
      auto add = dyn_cast<arith::AddFOp>(op);
      bool addsZero = add && matchPattern(add.getRhs(), m_PosZeroFloat());
      if (clamp || addsZero) {
        arith::FastMathFlagsAttr attr = fastmath.getFastMathFlagsAttr();
        arith::FastMathFlags old =
            attr ? attr.getValue() : arith::FastMathFlags::none;
        arith::FastMathFlags wanted =
            clamp ? flags : arith::FastMathFlags::nsz;
        if ((old & wanted) != wanted) {
          rewriter.modifyOpInPlace(op, [&] {
            op->setAttr(fastmath.getFastMathAttrName(),
                        arith::FastMathFlagsAttr::get(op->getContext(),
                                                      old | wanted));
          });
          changed = true;
        }
        value = op->getOperand(0);
        continue;
      }
      if (auto round = dyn_cast<math::RoundEvenOp>(op)) {
        value = round.getOperand();
        continue;
      }
      break;
    }
    return success(changed);
  }
};

struct QuantizeArithmeticPass final
    : aotc::impl::QuantizeArithmeticPassBase<QuantizeArithmeticPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ReciprocalBeforeRounding,
                 IntegerRoundTrip<arith::UIToFPOp, arith::FPToUIOp, true>,
                 IntegerRoundTrip<arith::SIToFPOp, arith::FPToSIOp, false>>(
        &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // Only once no round trip is left to remove: removing one makes the
    // clamped value a float result again, whose NaN and sign of zero
    // matter (and the round trip's proof that it is never -0 relies on the
    // clamp's exact semantics).
    RewritePatternSet clamps(&getContext());
    clamps.add<ClampBeforeConversion<arith::FPToUIOp>,
               ClampBeforeConversion<arith::FPToSIOp>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(clamps))))
      return signalPassFailure();
  }
};

} // namespace
