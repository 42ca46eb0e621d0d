//===- Loss.cpp - ONNX loss op converters ---------------------------------===//
//
// NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss as compositions of
// tg ops; see NodeImporter.h for the converter interface.
//
// Both read the class axis 1 of an input shaped [N, C, d1, ...] at the
// target class of every [N, d1, ...] position. The gather is a
// tg.gather_elements on the target unsqueezed to [N, 1, d1, ...]. Targets
// equal to `ignore_index` (which may lie outside [0, C)) are first replaced
// by class 0, so the gather stays in range, and their loss and weight are
// then masked to zero. `mean` divides by the sum of the weights of the
// targets that are not ignored (their count without a weight input), as
// ONNX's function body does.
//
//===----------------------------------------------------------------------===//

#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "onnx/onnx_pb.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

namespace {
enum class LossReduction { none, sum, mean };
} // namespace

/// Formats a shape as `[2, 3]` for diagnostics.
static std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// Reads the `reduction` attribute (default `mean`).
static FailureOr<LossReduction> getLossReduction(NodeContext &ctx) {
  std::string name = ctx.getString("reduction", "mean");
  if (name == "none")
    return LossReduction::none;
  if (name == "sum")
    return LossReduction::sum;
  if (name == "mean")
    return LossReduction::mean;
  return ctx.emitError() << "has an unknown reduction '" << name
                         << "' (expected none, sum or mean)";
}

/// Checks the shapes the losses share: `input` [N, C, d1, ...] of a float
/// type, integer `target` [N, d1, ...] and, when input `weightInput` is
/// given, a weight [C] of the input's element type.
static LogicalResult checkLossShapes(NodeContext &ctx, RankedTensorType input,
                                     RankedTensorType target,
                                     unsigned weightInput) {
  if (!isa<FloatType>(input.getElementType()))
    return ctx.emitError() << "expected a float input, got "
                           << input.getElementType();
  if (!isa<IntegerType>(target.getElementType()) ||
      target.getElementType().isInteger(1))
    return ctx.emitError() << "expected an integer target, got "
                           << target.getElementType();
  ArrayRef<int64_t> shape = input.getShape();
  if (shape.size() < 2)
    return ctx.emitError() << "expected an input of rank 2 or more [N, C, "
                              "...], got "
                           << shapeStr(shape);
  SmallVector<int64_t> expected(shape);
  expected.erase(expected.begin() + 1);
  if (target.getShape() != ArrayRef<int64_t>(expected))
    return ctx.emitError() << "expected a target of shape "
                           << shapeStr(expected) << " for input "
                           << shapeStr(shape) << ", got "
                           << shapeStr(target.getShape());
  if (shape[1] == 0 && target.getNumElements() != 0)
    return ctx.emitError() << "expected at least one class, got input "
                           << shapeStr(shape);
  if (ctx.hasInput(weightInput)) {
    RankedTensorType weight = ctx.getInputType(weightInput);
    if (weight.getShape() != ArrayRef<int64_t>{shape[1]} ||
        weight.getElementType() != input.getElementType())
      return ctx.emitError()
             << "expected a weight of type tensor<" << shape[1] << "x"
             << input.getElementType() << ">, got " << weight;
  }
  return success();
}

/// The negative log-likelihood loss of `logProb` [N, C, d1, ...] (checked by
/// checkLossShapes) at `target` [N, d1, ...], weighted by `weight` [C] when
/// given, with `reduction` applied.
static Value buildNLLLoss(NodeContext &ctx, Value logProb, Value target,
                          Value weight, std::optional<int64_t> ignoreIndex,
                          LossReduction reduction) {
  auto inputType = cast<RankedTensorType>(logProb.getType());
  auto targetType = cast<RankedTensorType>(target.getType());
  Type element = inputType.getElementType();
  ArrayRef<int64_t> targetShape = targetType.getShape();

  // Ignored targets read class 0 and are masked below.
  Value ignored;
  if (ignoreIndex) {
    ignored = ctx.create<tg::CompareOp>(
        tg::ComparePredicate::eq, target,
        ctx.createSplat(targetType.getElementType(), *ignoreIndex));
    target = ctx.create<tg::SelectOp>(
        ignored, ctx.createSplat(targetType.getElementType(), 0), target);
  }

  // loss[n, d...] = -logProb[n, target[n, d...], d...]
  SmallVector<int64_t> unsqueezed(targetShape);
  unsqueezed.insert(unsqueezed.begin() + 1, 1);
  Value index = ctx.create<tg::ReshapeOp>(
      RankedTensorType::get(unsqueezed, targetType.getElementType()), target);
  Value picked = ctx.create<tg::GatherElementsOp>(
      logProb, index, ctx.getBuilder().getI64IntegerAttr(1));
  picked = ctx.create<tg::ReshapeOp>(
      RankedTensorType::get(targetShape, element), picked);
  Value loss = ctx.create<tg::NegOp>(picked);

  // The weight of every position: weight[target], zero where ignored.
  Value weights;
  if (weight)
    weights = ctx.create<tg::GatherOp>(weight, target,
                                       ctx.getBuilder().getI64IntegerAttr(0));
  if (ignored)
    weights = ctx.create<tg::SelectOp>(ignored, ctx.createSplat(element, 0),
                                       weights ? weights
                                               : ctx.createSplat(element, 1));
  if (weights)
    loss = ctx.create<tg::MulOp>(loss, weights);
  if (reduction == LossReduction::none)
    return loss;

  SmallVector<int64_t> all =
      llvm::to_vector(llvm::seq<int64_t>(0, targetShape.size()));
  auto sum = [&](Value x) {
    return ctx.create<tg::ReduceOp>(tg::ReduceKind::sum, x, all,
                                    /*keepdims=*/false);
  };
  Value total = sum(loss);
  if (reduction == LossReduction::sum)
    return total;
  Value denominator =
      weights ? sum(weights)
              : ctx.createSplat(element, targetType.getNumElements());
  return ctx.create<tg::DivOp>(total, denominator);
}

/// The ignore_index attribute, when present.
static std::optional<int64_t> getIgnoreIndex(NodeContext &ctx) {
  if (!ctx.hasAttr("ignore_index"))
    return std::nullopt;
  return ctx.getInt("ignore_index", 0);
}

/// NegativeLogLikelihoodLoss(input, target[, weight]).
static LogicalResult convertNLLLoss(NodeContext &ctx) {
  RankedTensorType input = ctx.getInputType(0), target = ctx.getInputType(1);
  FailureOr<LossReduction> reduction = getLossReduction(ctx);
  if (failed(reduction) || failed(checkLossShapes(ctx, input, target, 2)))
    return failure();
  ctx.setOutput(0, buildNLLLoss(ctx, ctx.getInput(0), ctx.getInput(1),
                                ctx.hasInput(2) ? ctx.getInput(2) : Value(),
                                getIgnoreIndex(ctx), *reduction));
  return success();
}

/// SoftmaxCrossEntropyLoss(scores, labels[, weights]) -> (loss[, log_prob]):
/// the NLL loss of the log-softmax of the scores along the class axis.
static LogicalResult convertSoftmaxCrossEntropyLoss(NodeContext &ctx) {
  RankedTensorType input = ctx.getInputType(0), target = ctx.getInputType(1);
  FailureOr<LossReduction> reduction = getLossReduction(ctx);
  if (failed(reduction) || failed(checkLossShapes(ctx, input, target, 2)))
    return failure();

  // log_softmax(x) = (x - max) - log(sum(exp(x - max))) along axis 1; the
  // shift keeps exp from overflowing.
  Value scores = ctx.getInput(0);
  auto reduceClasses = [&](tg::ReduceKind kind, Value x) {
    return ctx.create<tg::ReduceOp>(kind, x, ArrayRef<int64_t>{1},
                                    /*keepdims=*/true);
  };
  Value shifted =
      ctx.create<tg::SubOp>(scores, reduceClasses(tg::ReduceKind::max, scores));
  Value logSum = ctx.create<tg::LogOp>(
      reduceClasses(tg::ReduceKind::sum, ctx.create<tg::ExpOp>(shifted)));
  Value logProb = ctx.create<tg::SubOp>(shifted, logSum);

  ctx.setOutput(0, buildNLLLoss(ctx, logProb, ctx.getInput(1),
                                ctx.hasInput(2) ? ctx.getInput(2) : Value(),
                                getIgnoreIndex(ctx), *reduction));
  ctx.setOutput(1, logProb);
  return success();
}

void aotc::onnximport::registerLossConverters(ConverterRegistry &registry) {
  registry.add("NegativeLogLikelihoodLoss", {2, 3}, convertNLLLoss);
  registry.add("SoftmaxCrossEntropyLoss", {2, 3},
               convertSoftmaxCrossEntropyLoss);
}
