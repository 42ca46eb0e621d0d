//===- StridedConvsAsPhases.cpp - strided convolutions over input phases --===//
//
// Implements `aotc-tg-strided-convs-as-phases` (Passes.td has the contract):
// a convolution whose kernel is a whole number of strides along every
// strided dimension reads each input phase (the elements `o * s + r` for
// one `r`) with its own taps, so it is the same sums computed as a stride-1
// convolution over the phases stacked as channels, `k / s` taps long.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_STRIDEDCONVSASPHASESPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc::tg;

namespace {

/// The weight `[M, C, k...]` regrouped by phase: `[M, C * prod(s), k / s...]`
/// with element `[m, (c, r...), t...] = weight[m, c, t * s + r...]`, phases
/// after the channel and last dimension fastest (as the image's).
std::optional<ElementsAttr> phaseWeights(ElementsAttr attr,
                                         RankedTensorType type,
                                         ArrayRef<int64_t> strides) {
  std::optional<ArrayRef<char>> bytes = getRawElementBytes(attr);
  if (!bytes)
    return std::nullopt;
  int64_t spatial = type.getRank() - 2, phases = 1;
  SmallVector<int64_t> shape{type.getDimSize(0), type.getDimSize(1)};
  for (int64_t d = 0; d < spatial; ++d) {
    phases *= strides[d];
    shape.push_back(type.getDimSize(d + 2) / strides[d]);
  }
  shape[1] *= phases;
  auto phased = RankedTensorType::get(shape, type.getElementType());
  SmallVector<int64_t> sourceStrides(type.getRank(), 1);
  for (int64_t d = type.getRank() - 2; d >= 0; --d)
    sourceStrides[d] = sourceStrides[d + 1] * type.getDimSize(d + 1);
  int64_t elementBytes = bytes->size() / type.getNumElements();
  SmallVector<char> gathered = gatherElementBytes(
      *bytes, elementBytes, phased, [&](ArrayRef<int64_t> at) {
        int64_t channel = at[1] / phases, rest = at[1] % phases;
        int64_t index = at[0] * sourceStrides[0] + channel * sourceStrides[1];
        // The phase's coordinates, last dimension fastest.
        for (int64_t d = spatial - 1; d >= 0; --d) {
          int64_t r = rest % strides[d];
          rest /= strides[d];
          index += (at[d + 2] * strides[d] + r) * sourceStrides[d + 2];
        }
        return index;
      });
  return buildConstant(phased, gathered,
                       getConstantNameHint(attr, "phase_weights"));
}

struct StridedConvsAsPhasesPass final
    : aotc::impl::StridedConvsAsPhasesPassBase<StridedConvsAsPhasesPass> {
  void runOnOperation() override {
    SmallVector<ConvOp> convs;
    getOperation().walk([&](ConvOp conv) { convs.push_back(conv); });
    for (ConvOp conv : convs)
      if (rewrite(conv))
        ++numRewritten;
  }

  bool rewrite(ConvOp conv) {
    RankedTensorType input = conv.getInput().getType(),
                      weight = conv.getWeight().getType(),
                      result = conv.getType();
    int64_t spatial = input.getRank() - 2;
    ArrayRef<int64_t> strides = conv.getStrides(),
                      dilations = conv.getDilations(), pads = conv.getPads();
    if (conv.getGroup() != 1 || spatial < 1)
      return false;
    bool strided = false;
    for (int64_t d = 0; d < spatial; ++d) {
      if (strides[d] == 1)
        continue;
      if (dilations[d] != 1 || weight.getDimSize(d + 2) % strides[d] != 0)
        return false;
      strided = true;
    }
    // The elements the outputs read, `(outputs - 1 + k / s) * s` per
    // dimension; some must be the image's.
    SmallVector<int64_t> lengths;
    for (int64_t d = 0; d < spatial; ++d) {
      lengths.push_back((result.getDimSize(d + 2) - 1) * strides[d] +
                        weight.getDimSize(d + 2));
      if (lengths[d] - pads[d] < 1)
        return false;
    }
    ElementsAttr weights;
    if (!strided || !matchPattern(conv.getWeight(), m_Constant(&weights)))
      return false;
    std::optional<ElementsAttr> phased =
        phaseWeights(weights, weight, strides);
    if (!phased)
      return false;

    OpBuilder b(conv);
    Location loc = conv.getLoc();
    int64_t batch = input.getDimSize(0), channels = input.getDimSize(1);
    // The image cut and padded to the elements the outputs read: a whole
    // number of strides, `(outputs - 1 + k / s) * s` per dimension.
    Value image = conv.getInput();
    SmallVector<int64_t> low{0, 0}, high{0, 0}, start{0, 0},
        limit{batch, channels}, step(input.getRank(), 1);
    bool padded = false, cut = false;
    for (int64_t d = 0; d < spatial; ++d) {
      int64_t size = input.getDimSize(d + 2);
      int64_t kept = std::min(size, lengths[d] - pads[d]);
      start.push_back(0);
      limit.push_back(kept);
      cut |= kept != size;
      low.push_back(pads[d]);
      high.push_back(lengths[d] - pads[d] - kept);
      padded |= low.back() != 0 || high.back() != 0;
    }
    if (cut)
      image = SliceOp::create(b, loc, image, start, limit, step);
    if (padded)
      image = PadOp::create(b, loc, PadMode::constant, image, Value(), low,
                            high);

    // [N, C, L / s, s, ...] -> [N, C, s..., L / s...] -> [N, C * s..., L / s...].
    Type element = input.getElementType();
    SmallVector<int64_t> split{batch, channels}, permutation{0, 1},
        stacked{batch, channels};
    for (int64_t d = 0; d < spatial; ++d) {
      split.push_back(lengths[d] / strides[d]);
      split.push_back(strides[d]);
      stacked[1] *= strides[d];
    }
    for (int64_t d = 0; d < spatial; ++d)
      permutation.push_back(3 + 2 * d);
    for (int64_t d = 0; d < spatial; ++d) {
      permutation.push_back(2 + 2 * d);
      stacked.push_back(lengths[d] / strides[d]);
    }
    image = ReshapeOp::create(b, loc, RankedTensorType::get(split, element),
                              image);
    image = TransposeOp::create(b, loc, image, permutation);
    image = ReshapeOp::create(b, loc, RankedTensorType::get(stacked, element),
                              image);

    Value filter = ConstantOp::create(b, loc, *phased);
    SmallVector<int64_t> ones(spatial, 1), zeros(2 * spatial, 0);
    Value replacement = ConvOp::create(b, loc, image, filter, conv.getBias(),
                                       ones, ones, zeros, /*group=*/1);
    conv.replaceAllUsesWith(replacement);
    conv.erase();
    return true;
  }
};

} // namespace
