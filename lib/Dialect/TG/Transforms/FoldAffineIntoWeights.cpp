//===- FoldAffineIntoWeights.cpp - per-channel affine folded into weights ===//
//
// Implements `aotc-tg-fold-affine-into-weights`. Every tg.conv,
// tg.conv_transpose and tg.matmul with a constant float weight is a
// producer; the pass follows its result through a chain of single-use
// elementwise ops (add, sub, mul, div by a constant, neg) that keep the
// result's type and whose constants are the same along every axis but the
// channel axis (1 for the convolutions, the last one for matmul). Such a
// chain computes `y[c] = scale[c] * x[c] + shift[c]`, which the weights
// absorb: weight channel c is multiplied by scale[c], and the bias becomes
// `bias * scale + shift` (for matmul, which has no bias operand, one add of
// a [N] constant). Everything is computed in double and rounded once to the
// weight's type; large weights stay `dense_resource` blobs.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>
#include <functional>

namespace aotc {
#define GEN_PASS_DEF_FOLDAFFINEINTOWEIGHTSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc;
using namespace aotc::tg;

namespace {

/// `y[c] = scale[c] * x[c] + shift[c]` over the producer's channels.
struct ChannelAffine {
  SmallVector<double> scale, shift;
};

/// An op whose output channels can absorb a per-channel affine map.
struct Producer {
  Operation *op;
  /// The channel axis of the result and its size.
  int64_t axis, channels;
  Value weight;
  ElementsAttr weightAttr;
  /// Null when the producer has no bias operand (or, for matmul, none at
  /// all).
  Value bias;
  ElementsAttr biasAttr;
  /// The output channel that the weight element at a linear index feeds.
  std::function<int64_t(int64_t)> weightChannel;
};

/// True for the float types whose weights the pass rewrites.
bool isFoldableFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// The constant behind `value` if it is one the pass may rewrite: a float
/// constant either small (sharing it copies little) or used by `value`'s
/// single user only (the rewritten weight replaces it).
ElementsAttr getRewritableConstant(Value value) {
  ElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) ||
      !isFoldableFloat(attr.getElementType()))
    return {};
  int64_t size = attr.getNumElements();
  if (size > kMaxWeightFoldElements ||
      (size > kMaxFoldElements && !value.hasOneUse()))
    return {};
  return attr;
}

/// Matches a producer: a conv, conv_transpose or matmul of a float type
/// whose weight (and bias, if any) are rewritable constants.
std::optional<Producer> matchProducer(Operation *op) {
  Producer producer;
  producer.op = op;
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  if (!isFoldableFloat(resultType.getElementType()))
    return std::nullopt;
  if (isa<tg::ConvOp, tg::ConvTransposeOp>(op)) {
    producer.axis = 1;
    producer.weight = op->getOperand(1);
    if (op->getNumOperands() > 2)
      producer.bias = op->getOperand(2);
  } else if (auto matmul = dyn_cast<tg::MatmulOp>(op)) {
    producer.axis = resultType.getRank() - 1;
    producer.weight = matmul.getRhs();
  } else {
    return std::nullopt;
  }
  producer.channels = resultType.getDimSize(producer.axis);
  producer.weightAttr = getRewritableConstant(producer.weight);
  if (!producer.weightAttr)
    return std::nullopt;
  if (producer.bias) {
    producer.biasAttr = getRewritableConstant(producer.bias);
    if (!producer.biasAttr)
      return std::nullopt;
  }

  ArrayRef<int64_t> weightShape =
      cast<RankedTensorType>(producer.weight.getType()).getShape();
  int64_t weightSize = producer.weightAttr.getNumElements();
  int64_t channels = producer.channels;
  // Empty weights or channels: nothing to fold, and no size to divide by.
  if (weightSize == 0 || channels <= 0 ||
      llvm::any_of(weightShape, [](int64_t d) { return d <= 0; }))
    return std::nullopt;
  if (isa<tg::ConvOp>(op)) {
    // weight: M x C/group x k...; element i feeds channel i / (C/group * k).
    int64_t perChannel = weightSize / channels;
    producer.weightChannel = [perChannel](int64_t i) { return i / perChannel; };
  } else if (auto convT = dyn_cast<tg::ConvTransposeOp>(op)) {
    // weight: C x M/group x k...; element (c, m', j...) feeds channel
    // (c / (C/group)) * M/group + m'.
    int64_t group = convT.getGroup();
    int64_t inChannels = weightShape[0], outPerGroup = weightShape[1];
    int64_t kernel = weightSize / (inChannels * outPerGroup);
    int64_t inPerGroup = inChannels / group;
    producer.weightChannel = [=](int64_t i) {
      int64_t c = i / (outPerGroup * kernel);
      int64_t m = (i / kernel) % outPerGroup;
      return (c / inPerGroup) * outPerGroup + m;
    };
  } else {
    // rhs: ... x K x N; element i feeds column i % N.
    producer.weightChannel = [channels](int64_t i) { return i % channels; };
  }
  return producer;
}

/// The values of a constant `value` that broadcasts along the channel axis
/// of `type` only (every other dimension 1 after NumPy alignment), one per
/// channel; nullopt when it is not such a constant or holds a non-finite
/// value.
std::optional<SmallVector<double>>
getChannelValues(Value value, RankedTensorType type, int64_t axis) {
  ElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  auto constType = dyn_cast<RankedTensorType>(attr.getShapedType());
  if (!constType || constType.getRank() > type.getRank())
    return std::nullopt;
  int64_t channels = type.getDimSize(axis);
  int64_t offset = type.getRank() - constType.getRank();
  int64_t constChannels = 1;
  for (auto [d, size] : llvm::enumerate(constType.getShape())) {
    if (static_cast<int64_t>(d) + offset == axis) {
      if (size != channels && size != 1)
        return std::nullopt;
      constChannels = size;
    } else if (size != 1) {
      return std::nullopt;
    }
  }
  std::optional<SmallVector<double>> values =
      readFloatElements(attr, constChannels);
  if (!values ||
      !llvm::all_of(*values, [](double x) { return std::isfinite(x); }))
    return std::nullopt;
  if (constChannels == 1)
    return SmallVector<double>(channels, values->front());
  return values;
}

/// Composes `op`, whose operand `current` is the value the chain has
/// reached, into `affine`. Returns false, leaving `affine` alone, when `op`
/// is not an affine per-channel map of `current`.
bool composeAffine(Operation *op, Value current, RankedTensorType type,
                   int64_t axis, ChannelAffine &affine) {
  if (op->getNumResults() != 1 || op->getResult(0).getType() != type)
    return false;
  ChannelAffine next = affine;
  if (isa<tg::NegOp>(op)) {
    for (auto [scale, shift] : llvm::zip_equal(next.scale, next.shift)) {
      scale = -scale;
      shift = -shift;
    }
    affine = std::move(next);
    return true;
  }
  if (!isa<tg::AddOp, tg::SubOp, tg::MulOp, tg::DivOp>(op) ||
      op->getOperand(0) == op->getOperand(1))
    return false;
  bool currentIsLhs = op->getOperand(0) == current;
  std::optional<SmallVector<double>> k =
      getChannelValues(op->getOperand(currentIsLhs ? 1 : 0), type, axis);
  if (!k)
    return false;
  for (auto [scale, shift, v] : llvm::zip_equal(next.scale, next.shift, *k)) {
    if (isa<tg::AddOp>(op)) {
      shift += v;
    } else if (isa<tg::SubOp>(op)) {
      // x - v, or v - x.
      if (currentIsLhs) {
        shift -= v;
      } else {
        scale = -scale;
        shift = v - shift;
      }
    } else if (isa<tg::MulOp>(op)) {
      scale *= v;
      shift *= v;
    } else {
      // x / v; v / x is not affine, and x / 0 does not fold into weights.
      if (!currentIsLhs || v == 0.0)
        return false;
      scale /= v;
      shift /= v;
    }
    if (!std::isfinite(scale) || !std::isfinite(shift))
      return false;
  }
  affine = std::move(next);
  return true;
}

struct FoldAffineIntoWeightsPass final
    : aotc::impl::FoldAffineIntoWeightsPassBase<FoldAffineIntoWeightsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> candidates;
    getOperation().walk([&](Operation *op) {
      if (isa<tg::ConvOp, tg::ConvTransposeOp, tg::MatmulOp>(op))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : candidates)
      if (std::optional<Producer> producer = matchProducer(op))
        foldInto(rewriter, *producer);
  }

  /// Folds the affine chain after `producer`, if any, into its weights.
  void foldInto(IRRewriter &rewriter, Producer &producer) {
    Value current = producer.op->getResult(0);
    auto type = cast<RankedTensorType>(current.getType());
    ChannelAffine affine{SmallVector<double>(producer.channels, 1.0),
                         SmallVector<double>(producer.channels, 0.0)};
    SmallVector<Operation *> chain;
    while (current.hasOneUse()) {
      Operation *user = *current.user_begin();
      if (!composeAffine(user, current, type, producer.axis, affine))
        break;
      chain.push_back(user);
      current = user->getResult(0);
    }
    if (chain.empty())
      return;
    bool scales = llvm::any_of(affine.scale, [](double s) { return s != 1.0; });
    bool shifts = llvm::any_of(affine.shift, [](double s) { return s != 0.0; });
    bool isMatmul = isa<tg::MatmulOp>(producer.op);
    // A matmul keeps one add for the shift: nothing gained from one add.
    if (isMatmul && !scales && chain.size() == 1)
      return;

    std::optional<SmallVector<double>> weight =
        readFloatElements(producer.weightAttr, kMaxWeightFoldElements);
    std::optional<SmallVector<double>> bias;
    if (producer.biasAttr)
      bias = readFloatElements(producer.biasAttr, producer.channels);
    if (!weight || (producer.biasAttr && !bias))
      return;
    for (auto [i, w] : llvm::enumerate(*weight))
      w *= affine.scale[producer.weightChannel(i)];

    Operation *last = chain.back();
    rewriter.setInsertionPoint(last);
    Location loc = last->getLoc();
    auto weightType = cast<RankedTensorType>(producer.weight.getType());
    Value newWeight = tg::ConstantOp::create(
        rewriter, producer.weight.getLoc(),
        buildFloatConstant(
            weightType, *weight,
            (getConstantNameHint(producer.weightAttr, "weight") + "_folded")
                .str()));
    auto channelType =
        RankedTensorType::get({producer.channels}, type.getElementType());
    Value result;
    if (isMatmul) {
      Value shift;
      if (shifts)
        shift = tg::ConstantOp::create(
            rewriter, loc,
            buildFloatConstant(channelType, affine.shift, "bias_folded"));
      result = tg::MatmulOp::create(rewriter, producer.op->getLoc(),
                                    producer.op->getOperand(0), newWeight);
      if (shift)
        result = tg::AddOp::create(rewriter, loc, result, shift);
    } else {
      SmallVector<Value> operands = {producer.op->getOperand(0), newWeight};
      if (bias || shifts) {
        SmallVector<double> newBias(affine.shift);
        if (bias)
          for (auto [b, s, old] : llvm::zip_equal(newBias, affine.scale, *bias))
            b += old * s;
        StringRef hint = producer.biasAttr
                             ? getConstantNameHint(producer.biasAttr, "bias")
                             : "bias";
        operands.push_back(tg::ConstantOp::create(
            rewriter, loc,
            buildFloatConstant(channelType, newBias,
                               (hint + "_folded").str())));
      }
      OperationState state(producer.op->getLoc(), producer.op->getName(),
                           operands, TypeRange{type}, producer.op->getAttrs());
      result = rewriter.create(state)->getResult(0);
    }
    // The constants the folded ops read (weight, bias, the BatchNorm's
    // vectors) go too once nothing else uses them.
    llvm::SetVector<Operation *> constants;
    SmallVector<Operation *> folded(chain);
    folded.push_back(producer.op);
    for (Operation *op : folded)
      for (Value operand : op->getOperands())
        if (auto constant = operand.getDefiningOp<tg::ConstantOp>())
          constants.insert(constant);
    rewriter.replaceOp(last, result);
    for (Operation *op : llvm::reverse(ArrayRef(chain).drop_back()))
      rewriter.eraseOp(op);
    rewriter.eraseOp(producer.op);
    for (Operation *constant : constants)
      if (constant->use_empty())
        rewriter.eraseOp(constant);
    numFoldedOps += chain.size();
    ++numRewrittenWeights;
  }
};

} // namespace
