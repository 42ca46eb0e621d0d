//===- RaiseNormalizations.cpp - decomposed softmax and layer norm --------===//
//
// Implements `aotc-tg-raise-normalizations`: one rewrite pattern per
// decomposed form (Passes.td lists them), each anchored at the op that
// produces the normalized value and walking up its operands. A pattern
// matches only when every intermediate value is used inside the pattern
// alone, so the rewrite never duplicates work, and replaces just the root:
// the greedy driver erases the composition once it is dead.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <array>

namespace aotc {
#define GEN_PASS_DEF_RAISENORMALIZATIONSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc;

namespace {

//===----------------------------------------------------------------------===//
// Matching helpers
//===----------------------------------------------------------------------===//

/// Whether every user of `value` is one of `users`.
bool isUsedOnlyBy(Value value, ArrayRef<Operation *> users) {
  return llvm::all_of(value.getUsers(), [&](Operation *user) {
    return llvm::is_contained(users, user);
  });
}

/// The `tg.reduce` of `kind` with `keepdims` that defines `value`, or null.
tg::ReduceOp getKeepdimsReduce(Value value, tg::ReduceKind kind) {
  auto reduce = value.getDefiningOp<tg::ReduceOp>();
  if (!reduce || reduce.getKind() != kind || !reduce.getKeepdims())
    return nullptr;
  return reduce;
}

/// The single axis `reduce` reduces, if it reduces exactly one.
std::optional<int64_t> getSingleAxis(tg::ReduceOp reduce) {
  if (reduce.getAxes().size() != 1)
    return std::nullopt;
  return reduce.getAxes().front();
}

/// The first of the axes `reduce` reduces if they are the trailing ones,
/// `[axis, rank)`, in any order.
std::optional<int64_t> getTrailingAxes(tg::ReduceOp reduce) {
  SmallVector<int64_t> axes = llvm::to_vector(reduce.getAxes());
  if (axes.empty())
    return std::nullopt;
  llvm::sort(axes);
  int64_t rank = reduce.getInput().getType().getRank();
  int64_t first = rank - static_cast<int64_t>(axes.size());
  for (auto [i, axis] : llvm::enumerate(axes))
    if (axis != first + static_cast<int64_t>(i))
      return std::nullopt;
  return first;
}

/// The value of `value` if it is a float splat constant.
std::optional<double> getSplatFloat(Value value) {
  DenseFPElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat())
    return std::nullopt;
  return attr.getSplatValue<APFloat>().convertToDouble();
}

/// `x` when `shifted` is `x - reduce_max(x)` along one axis with keepdims
/// and `x` of `shifted`'s type; sets `axis` and `max`.
Value matchMaxShift(Value shifted, int64_t &axis, tg::ReduceOp &max) {
  auto sub = shifted.getDefiningOp<tg::SubOp>();
  if (!sub)
    return nullptr;
  max = getKeepdimsReduce(sub.getRhs(), tg::ReduceKind::max);
  if (!max || max.getInput() != sub.getLhs() ||
      sub.getLhs().getType() != shifted.getType())
    return nullptr;
  std::optional<int64_t> maxAxis = getSingleAxis(max);
  if (!maxAxis)
    return nullptr;
  axis = *maxAxis;
  return sub.getLhs();
}

//===----------------------------------------------------------------------===//
// Softmax
//===----------------------------------------------------------------------===//

/// `e = exp(x - reduce_max(x)); e / reduce_sum(e)` -> `tg.softmax x`.
struct RaiseSoftmax final : OpRewritePattern<tg::DivOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tg::DivOp div,
                                PatternRewriter &rewriter) const override {
    auto exp = div.getLhs().getDefiningOp<tg::ExpOp>();
    if (!exp)
      return rewriter.notifyMatchFailure(div, "numerator is not an exp");
    tg::ReduceOp sum = getKeepdimsReduce(div.getRhs(), tg::ReduceKind::sum);
    if (!sum || sum.getInput() != exp.getResult())
      return rewriter.notifyMatchFailure(div, "denominator is not its sum");
    int64_t axis;
    tg::ReduceOp max;
    Value x = matchMaxShift(exp.getInput(), axis, max);
    if (!x || getSingleAxis(sum) != axis || x.getType() != div.getType())
      return rewriter.notifyMatchFailure(div, "not exp(x - max(x)) / sum");
    Operation *shift = exp.getInput().getDefiningOp();
    if (!isUsedOnlyBy(max.getResult(), shift) ||
        !isUsedOnlyBy(exp.getInput(), exp.getOperation()) ||
        !isUsedOnlyBy(exp.getResult(), {sum, div}) ||
        !isUsedOnlyBy(sum.getResult(), div.getOperation()))
      return rewriter.notifyMatchFailure(div, "an intermediate has users");
    rewriter.replaceOpWithNewOp<tg::SoftmaxOp>(div, x, axis);
    return success();
  }
};

/// `d = x - reduce_max(x); d - log(reduce_sum(exp(d)))` ->
/// `tg.log_softmax x`.
struct RaiseLogSoftmax final : OpRewritePattern<tg::SubOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tg::SubOp root,
                                PatternRewriter &rewriter) const override {
    auto log = root.getRhs().getDefiningOp<tg::LogOp>();
    if (!log)
      return rewriter.notifyMatchFailure(root, "subtrahend is not a log");
    tg::ReduceOp sum = getKeepdimsReduce(log.getInput(), tg::ReduceKind::sum);
    if (!sum)
      return rewriter.notifyMatchFailure(root, "log of no sum");
    auto exp = sum.getInput().getDefiningOp<tg::ExpOp>();
    Value shifted = root.getLhs();
    if (!exp || exp.getInput() != shifted)
      return rewriter.notifyMatchFailure(root, "not log(sum(exp(lhs)))");
    int64_t axis;
    tg::ReduceOp max;
    Value x = matchMaxShift(shifted, axis, max);
    if (!x || getSingleAxis(sum) != axis || x.getType() != root.getType())
      return rewriter.notifyMatchFailure(root, "lhs is not x - max(x)");
    if (!isUsedOnlyBy(max.getResult(), shifted.getDefiningOp()) ||
        !isUsedOnlyBy(shifted, {exp, root}) ||
        !isUsedOnlyBy(exp.getResult(), sum.getOperation()) ||
        !isUsedOnlyBy(sum.getResult(), log.getOperation()) ||
        !isUsedOnlyBy(log.getResult(), root.getOperation()))
      return rewriter.notifyMatchFailure(root, "an intermediate has users");
    rewriter.replaceOpWithNewOp<tg::LogSoftmaxOp>(root, x, axis);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Layer normalization
//===----------------------------------------------------------------------===//

/// The op that squares `d`: `d ** 2` (a splat constant 2) or `d * d`.
Operation *matchSquareOf(Value square, Value d) {
  if (auto pow = square.getDefiningOp<tg::PowOp>()) {
    if (pow.getLhs() == d && getSplatFloat(pow.getRhs()) == 2.0 &&
        pow.getType() == d.getType())
      return pow;
    return nullptr;
  }
  if (auto mul = square.getDefiningOp<tg::MulOp>())
    if (mul.getLhs() == d && mul.getRhs() == d)
      return mul;
  return nullptr;
}

/// `d = x - mean(x); d / sqrt(mean(d * d) + eps)` -> `tg.layer_norm x`,
/// also with `d ** 2` and with `d * rsqrt(...)` (either operand order).
/// The means reduce the same trailing axes. `Root` is tg.div or tg.mul.
template <typename Root> struct RaiseLayerNorm final : OpRewritePattern<Root> {
  using OpRewritePattern<Root>::OpRewritePattern;

  LogicalResult matchAndRewrite(Root root,
                                PatternRewriter &rewriter) const override {
    // Find the deviation `d` and the root of the variance: `sqrt(v + eps)`
    // dividing it, or `rsqrt(v + eps)` multiplying it from either side.
    Value d, addend;
    Operation *varianceRoot = nullptr;
    auto matchRoot = [&](Value deviation, Value divisor) {
      Operation *op = divisor.getDefiningOp();
      if (!op || !isa<tg::SqrtOp, tg::RsqrtOp>(op) ||
          isa<tg::SqrtOp>(op) != std::is_same_v<Root, tg::DivOp>)
        return false;
      d = deviation;
      addend = op->getOperand(0);
      varianceRoot = op;
      return true;
    };
    if (!matchRoot(root.getLhs(), root.getRhs()) &&
        (std::is_same_v<Root, tg::DivOp> ||
         !matchRoot(root.getRhs(), root.getLhs())))
      return rewriter.notifyMatchFailure(root, "no root of a variance");
    auto sub = d.getDefiningOp<tg::SubOp>();
    if (!sub)
      return rewriter.notifyMatchFailure(root, "no deviation x - mean");
    Value x = sub.getLhs();
    tg::ReduceOp mean = getKeepdimsReduce(sub.getRhs(), tg::ReduceKind::mean);
    if (!mean || mean.getInput() != x || x.getType() != root.getType() ||
        d.getType() != root.getType() ||
        !isa<FloatType>(getElementTypeOrSelf(x)))
      return rewriter.notifyMatchFailure(root, "deviation is not x - mean(x)");
    std::optional<int64_t> axis = getTrailingAxes(mean);
    if (!axis)
      return rewriter.notifyMatchFailure(root, "mean not over trailing axes");

    // addend = variance + eps, in either order.
    auto add = addend.getDefiningOp<tg::AddOp>();
    if (!add)
      return rewriter.notifyMatchFailure(root, "no variance + eps");
    tg::ReduceOp variance;
    std::optional<double> epsilon;
    for (auto [v, e] : {std::pair(add.getLhs(), add.getRhs()),
                        std::pair(add.getRhs(), add.getLhs())}) {
      variance = getKeepdimsReduce(v, tg::ReduceKind::mean);
      epsilon = getSplatFloat(e);
      if (variance && epsilon)
        break;
    }
    if (!variance || !epsilon ||
        add.getType() != variance.getResult().getType() ||
        variance.getAxes() != mean.getAxes())
      return rewriter.notifyMatchFailure(root, "no mean(square) + eps");
    Operation *square = matchSquareOf(variance.getInput(), d);
    if (!square)
      return rewriter.notifyMatchFailure(root, "variance of no d * d");

    if (!isUsedOnlyBy(mean.getResult(), sub.getOperation()) ||
        !isUsedOnlyBy(d, {square, root}) ||
        !isUsedOnlyBy(square->getResult(0), variance.getOperation()) ||
        !isUsedOnlyBy(variance.getResult(), add.getOperation()) ||
        !isUsedOnlyBy(add.getResult(), varianceRoot) ||
        !isUsedOnlyBy(varianceRoot->getResult(0), root.getOperation()))
      return rewriter.notifyMatchFailure(root, "an intermediate has users");
    rewriter.replaceOpWithNewOp<tg::LayerNormOp>(root, x, *axis,
                                                 APFloat(*epsilon));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct RaiseNormalizationsPass final
    : aotc::impl::RaiseNormalizationsPassBase<RaiseNormalizationsPass> {
  /// The numbers of tg.softmax, tg.log_softmax and tg.layer_norm ops.
  std::array<unsigned, 3> countNormalizations() {
    std::array<unsigned, 3> counts = {0, 0, 0};
    getOperation().walk([&](Operation *op) {
      if (isa<tg::SoftmaxOp>(op))
        ++counts[0];
      else if (isa<tg::LogSoftmaxOp>(op))
        ++counts[1];
      else if (isa<tg::LayerNormOp>(op))
        ++counts[2];
    });
    return counts;
  }

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<RaiseSoftmax, RaiseLogSoftmax, RaiseLayerNorm<tg::DivOp>,
                 RaiseLayerNorm<tg::MulOp>>(context);
    // Count the raised ops: those present after the rewrite but not before.
    std::array<unsigned, 3> before = countNormalizations();
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    std::array<unsigned, 3> after = countNormalizations();
    numSoftmax += after[0] - before[0];
    numLogSoftmax += after[1] - before[1];
    numLayerNorm += after[2] - before[2];
  }
};

} // namespace
