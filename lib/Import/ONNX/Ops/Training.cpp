//===- Training.cpp - ONNX's ai.onnx.preview.training optimizers ----------===//
//
// Adagrad, Momentum and Adam, one update step of N tensors each, as ONNX's
// preview-training domain defines them: elementwise compositions of the
// learning rate R, the step count T (both scalars, possibly graph inputs)
// and each tensor's gradient and accumulators.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

namespace {
/// R, T and the groups of N tensors that follow them.
struct OptimizerInputs {
  Value rate, count;
  SmallVector<SmallVector<Value>> groups; // X, G, then V and/or H
};
} // namespace

/// Splits the node's inputs into R, T and `numGroups` groups of equally
/// many tensors, each group's tensor i of X's shape i.
static FailureOr<OptimizerInputs> getOptimizerInputs(NodeContext &ctx,
                                                     unsigned numGroups) {
  unsigned numInputs = ctx.getNumInputs();
  if (numInputs < 2 + numGroups || (numInputs - 2) % numGroups != 0)
    return ctx.emitError() << "expected R, T and " << numGroups
                           << " groups of equally many tensors, got "
                           << numInputs << " inputs";
  unsigned n = (numInputs - 2) / numGroups;
  if (ctx.getNumOutputs() > n * (numGroups - 1))
    return ctx.emitError() << "has " << ctx.getNumOutputs()
                           << " outputs; expected at most "
                           << n * (numGroups - 1);
  OptimizerInputs in;
  in.rate = ctx.getInput(0);
  in.count = ctx.getInput(1);
  if (!isFloatValue(in.rate) || tensorTypeOf(in.rate).getNumElements() != 1 ||
      !isa<IntegerType>(elementTypeOf(in.count)) ||
      tensorTypeOf(in.count).getNumElements() != 1)
    return ctx.emitError() << "expected a one-element float R and integer T";
  Composer c{ctx};
  in.rate = c.reshape(in.rate, {});
  in.count = c.reshape(in.count, {});
  for (unsigned g = 0; g < numGroups; ++g) {
    SmallVector<Value> group;
    for (unsigned i = 0; i < n; ++i) {
      Value v = ctx.getInput(2 + g * n + i);
      Value x = ctx.getInput(2 + i);
      if (v.getType() != x.getType() || !isFloatValue(v))
        return ctx.emitError() << "input " << 2 + g * n + i << " has type "
                               << v.getType() << "; expected "
                               << x.getType();
      group.push_back(v);
    }
    in.groups.push_back(group);
  }
  return in;
}

/// `scalar` (rank 0) in `like`'s element type.
static Value asTypeOf(Composer &c, Value scalar, Value like) {
  return c.cast(scalar, elementTypeOf(like));
}

/// norm_coefficient * X + G.
static Value regularized(NodeContext &ctx, Value x, Value g) {
  Composer c{ctx};
  double norm = ctx.getFloat("norm_coefficient", 0);
  return norm == 0 ? g : c.add(c.mul(c.scalar(x, norm), x), g);
}

/// Adagrad: r = R / (1 + T * decay_factor); G' = norm_coefficient * X + G;
/// H' = H + G'^2; X' = X - r * G' / (sqrt(H') + epsilon).
static LogicalResult convertAdagrad(NodeContext &ctx) {
  FailureOr<OptimizerInputs> in = getOptimizerInputs(ctx, 3);
  if (failed(in))
    return failure();
  Composer c{ctx};
  size_t n = in->groups[0].size();
  double decay = ctx.getFloat("decay_factor", 0);
  double epsilon = ctx.getFloat("epsilon", 0);
  for (size_t i = 0; i < n; ++i) {
    Value x = in->groups[0][i], g = in->groups[1][i], h = in->groups[2][i];
    Value count = asTypeOf(c, in->count, x);
    Value rate = c.div(asTypeOf(c, in->rate, x),
                       c.add(c.scalar(x, 1), c.mul(count, c.scalar(x, decay))));
    Value reg = regularized(ctx, x, g);
    Value newH = c.add(h, c.mul(reg, reg));
    Value adaptive = c.add(c.sqrt(newH), c.scalar(x, epsilon));
    ctx.setOutput(i, c.sub(x, c.div(c.mul(rate, reg), adaptive)));
    ctx.setOutput(n + i, newH);
  }
  return success();
}

/// Momentum: G' = norm_coefficient * X + G; V' = alpha * V + beta' * G'
/// (beta' = T > 0 ? beta : 1); X' = X - R * V' (standard) or
/// X - R * (G' + alpha * V') (nesterov).
static LogicalResult convertMomentum(NodeContext &ctx) {
  FailureOr<OptimizerInputs> in = getOptimizerInputs(ctx, 3);
  if (failed(in))
    return failure();
  std::string mode = ctx.getString("mode", "standard");
  if (mode != "standard" && mode != "nesterov")
    return ctx.emitError() << "mode '" << mode
                           << "' is not standard or nesterov";
  for (StringRef name : {"alpha", "beta", "norm_coefficient"})
    if (!ctx.hasAttr(name))
      return ctx.emitError() << "has no '" << name << "' attribute";
  Composer c{ctx};
  size_t n = in->groups[0].size();
  double alpha = ctx.getFloat("alpha", 0), beta = ctx.getFloat("beta", 0);
  for (size_t i = 0; i < n; ++i) {
    Value x = in->groups[0][i], g = in->groups[1][i], v = in->groups[2][i];
    Value started = c.compare(tg::ComparePredicate::gt, in->count,
                              c.scalar(in->count, 0));
    Value betaAdjusted =
        c.select(started, c.scalar(x, beta), c.scalar(x, 1));
    Value reg = regularized(ctx, x, g);
    Value newV = c.add(c.mul(c.scalar(x, alpha), v), c.mul(betaAdjusted, reg));
    Value rate = asTypeOf(c, in->rate, x);
    Value step = mode == "standard"
                     ? newV
                     : c.add(reg, c.mul(c.scalar(x, alpha), newV));
    ctx.setOutput(i, c.sub(x, c.mul(rate, step)));
    ctx.setOutput(n + i, newV);
  }
  return success();
}

/// Adam: G' = norm_coefficient * X + G; V' = alpha * V + (1 - alpha) * G';
/// H' = beta * H + (1 - beta) * G'^2; R' = T > 0 ? R * sqrt(1 - beta^T) /
/// (1 - alpha^T) : R; X' = (1 - norm_coefficient_post) * (X - R' * V' /
/// (sqrt(H') + epsilon)).
static LogicalResult convertAdam(NodeContext &ctx) {
  FailureOr<OptimizerInputs> in = getOptimizerInputs(ctx, 4);
  if (failed(in))
    return failure();
  Composer c{ctx};
  size_t n = in->groups[0].size();
  double alpha = ctx.getFloat("alpha", 0.9), beta = ctx.getFloat("beta", 0.999);
  double epsilon = ctx.getFloat("epsilon", 0);
  double post = ctx.getFloat("norm_coefficient_post", 0);
  for (size_t i = 0; i < n; ++i) {
    Value x = in->groups[0][i], g = in->groups[1][i], v = in->groups[2][i],
          h = in->groups[3][i];
    Value reg = regularized(ctx, x, g);
    Value newV = c.add(c.mul(c.scalar(x, alpha), v),
                       c.mul(c.scalar(x, 1 - alpha), reg));
    Value newH = c.add(c.mul(c.scalar(x, beta), h),
                       c.mul(c.scalar(x, 1 - beta), c.mul(reg, reg)));
    Value count = asTypeOf(c, in->count, x);
    Value alphaT = ctx.create<tg::PowOp>(c.scalar(x, alpha), count);
    Value betaT = ctx.create<tg::PowOp>(c.scalar(x, beta), count);
    Value rate = asTypeOf(c, in->rate, x);
    Value corrected = c.div(c.mul(rate, c.sqrt(c.sub(c.scalar(x, 1), betaT))),
                            c.sub(c.scalar(x, 1), alphaT));
    Value started = c.compare(tg::ComparePredicate::gt, in->count,
                              c.scalar(in->count, 0));
    Value adjusted = c.select(started, corrected, rate);
    Value newX = c.sub(
        x, c.mul(adjusted,
                 c.div(newV, c.add(c.sqrt(newH), c.scalar(x, epsilon)))));
    if (post != 0)
      newX = c.mul(c.scalar(x, 1 - post), newX);
    ctx.setOutput(i, newX);
    ctx.setOutput(n + i, newV);
    ctx.setOutput(2 * n + i, newH);
  }
  return success();
}

void aotc::onnximport::registerTrainingConverters(
    ConverterRegistry &registry) {
  registry.add("Adagrad", {4, kVariadic}, convertAdagrad);
  registry.add("Momentum", {5, kVariadic}, convertMomentum);
  registry.add("Adam", {6, kVariadic}, convertAdam);
}
