//===- ExpandRoundEven.cpp - round half to even without roundeven ---------===//
//
// Implements `aotc-expand-round-even` (Passes.td has the contract): each
// `math.roundeven` becomes floor-based arithmetic, for targets whose
// rounding instructions LLVM cannot use (x86-64 without SSE4.1), where
// `llvm.roundeven` would become a call to `roundeven`, which C99's libm
// does not have.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace aotc {
#define GEN_PASS_DEF_EXPANDROUNDEVENPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// A scalar or splat vector constant of `type` (f16, f32 or f64 elements).
Value createConstant(PatternRewriter &rewriter, Location loc, Type type,
                     double value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr scalar = rewriter.getFloatAttr(element, value);
  if (auto vector = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(vector, scalar));
  return arith::ConstantOp::create(rewriter, loc, scalar);
}

/// r = floor(x) steps up when the fraction x - r (exact) is above one half,
/// or is one half and r is odd; copysign restores the sign of a result that
/// rounds to zero (-0.3 -> -0.0). NaN and the infinities pass through:
/// their fraction is NaN, so r stays.
struct ExpandRoundEven final : OpRewritePattern<math::RoundEvenOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::RoundEvenOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Type type = x.getType();
    Value half = createConstant(rewriter, loc, type, 0.5);
    Value one = createConstant(rewriter, loc, type, 1);
    Value floor = math::FloorOp::create(rewriter, loc, x);
    Value fraction = arith::SubFOp::create(rewriter, loc, x, floor);
    Value aboveHalf = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OGT, fraction, half);
    Value isHalf = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OEQ, fraction, half);
    Value halfFloor = arith::MulFOp::create(rewriter, loc, floor, half);
    Value isOdd = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::ONE,
        math::FloorOp::create(rewriter, loc, halfFloor), halfFloor);
    Value tieUp = arith::AndIOp::create(rewriter, loc, isHalf, isOdd);
    Value up = arith::OrIOp::create(rewriter, loc, aboveHalf, tieUp);
    Value rounded = arith::SelectOp::create(
        rewriter, loc, up, arith::AddFOp::create(rewriter, loc, floor, one),
        floor);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, rounded, x);
    return success();
  }
};

struct ExpandRoundEvenPass final
    : aotc::impl::ExpandRoundEvenPassBase<ExpandRoundEvenPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandRoundEven>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
