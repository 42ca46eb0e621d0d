//===- SplitPaddedConvs.cpp - convolutions whose taps mostly read padding -===//
//
// Implements `aotc-tg-split-padded-convs` (Passes.td has the contract): a
// float convolution whose kernel taps would mostly multiply padding (a
// dilated convolution on an image smaller than its dilation: DeepLabV3's
// atrous pyramid) becomes one pointwise convolution per tap that reads the
// image at all, over the output window where it does, summed.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_SPLITPADDEDCONVSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc::tg;

namespace {

/// Where tap `j` of one spatial dimension reads the image: the outputs
/// [first, last] (empty when last < first) and the input position of the
/// first.
struct TapWindow {
  int64_t first = 0, last = -1, input = 0;
  int64_t size() const { return std::max<int64_t>(0, last - first + 1); }
};

int64_t floorDiv(int64_t a, int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

/// Output o reads input `o * stride - padLow + j * dilation`; the window of
/// outputs for which that is inside [0, length).
TapWindow getTapWindow(int64_t j, int64_t length, int64_t outputs,
                       int64_t stride, int64_t dilation, int64_t padLow) {
  TapWindow window;
  int64_t offset = j * dilation - padLow;
  window.first = std::max<int64_t>(0, ceilDiv(-offset, stride));
  window.last = std::min(outputs - 1, floorDiv(length - 1 - offset, stride));
  window.input = window.first * stride + offset;
  return window;
}

/// The tap's weights, `weight[:, :, j...]` as [M, C/group, 1...]: a new
/// constant when the weight is one, else a slice.
Value sliceTap(OpBuilder &b, Location loc, Value weight,
               ArrayRef<int64_t> tap) {
  auto type = cast<RankedTensorType>(weight.getType());
  SmallVector<int64_t> shape(type.getShape().take_front(2));
  shape.append(tap.size(), 1);
  auto tapType = RankedTensorType::get(shape, type.getElementType());
  ElementsAttr attr;
  if (matchPattern(weight, m_Constant(&attr)))
    if (std::optional<ArrayRef<char>> bytes = getRawElementBytes(attr)) {
      int64_t elementBytes = bytes->size() / type.getNumElements();
      SmallVector<int64_t> strides(type.getRank(), 1);
      for (int64_t d = type.getRank() - 2; d >= 0; --d)
        strides[d] = strides[d + 1] * type.getDimSize(d + 1);
      SmallVector<char> sliced = gatherElementBytes(
          *bytes, elementBytes, tapType, [&](ArrayRef<int64_t> at) {
            int64_t index = at[0] * strides[0] + at[1] * strides[1];
            for (auto [d, j] : llvm::enumerate(tap))
              index += j * strides[d + 2];
            return index;
          });
      return ConstantOp::create(
          b, loc, buildConstant(tapType, sliced,
                                getConstantNameHint(attr, "conv_tap")));
    }
  SmallVector<int64_t> start(2, 0), limit(type.getShape().take_front(2)),
      step(type.getRank(), 1);
  for (int64_t j : tap) {
    start.push_back(j);
    limit.push_back(j + 1);
  }
  return SliceOp::create(b, loc, weight, start, limit, step);
}

struct SplitPaddedConvsPass final
    : aotc::impl::SplitPaddedConvsPassBase<SplitPaddedConvsPass> {
  using SplitPaddedConvsPassBase::SplitPaddedConvsPassBase;

  void runOnOperation() override {
    SmallVector<ConvOp> convs;
    getOperation().walk([&](ConvOp conv) { convs.push_back(conv); });
    for (ConvOp conv : convs)
      if (split(conv))
        ++numSplit;
  }

  bool split(ConvOp conv) {
    RankedTensorType input = conv.getInput().getType(),
                      weight = conv.getWeight().getType(),
                      result = conv.getType();
    Type element = result.getElementType();
    // f16 and bf16 would round each tap's partial sum: only wide floats.
    if (!element.isF32() && !element.isF64())
      return false;
    int64_t spatial = input.getRank() - 2;
    ArrayRef<int64_t> strides = conv.getStrides(),
                      dilations = conv.getDilations(), pads = conv.getPads();
    // Per spatial dimension, every tap's window and their live share.
    SmallVector<SmallVector<TapWindow>> windows(spatial);
    double live = 1;
    int64_t taps = 1;
    for (int64_t d = 0; d < spatial; ++d) {
      int64_t kernel = weight.getDimSize(d + 2),
              outputs = result.getDimSize(d + 2), read = 0;
      for (int64_t j = 0; j < kernel; ++j) {
        windows[d].push_back(getTapWindow(j, input.getDimSize(d + 2), outputs,
                                          strides[d], dilations[d], pads[d]));
        read += windows[d].back().size();
      }
      live *= double(read) / double(kernel * outputs);
      taps *= kernel;
    }
    if (live >= maxLiveShare || taps > maxTaps || taps == 1)
      return false;

    OpBuilder b(conv);
    Location loc = conv.getLoc();
    int64_t batch = input.getDimSize(0), channels = input.getDimSize(1);
    Value sum;
    SmallVector<int64_t> tap(spatial, 0);
    for (int64_t index = 0; index < taps; ++index) {
      // The tap's coordinates, last dimension fastest.
      for (int64_t d = spatial - 1, rest = index; d >= 0; --d) {
        tap[d] = rest % weight.getDimSize(d + 2);
        rest /= weight.getDimSize(d + 2);
      }
      SmallVector<int64_t> start{0, 0}, limit{batch, channels},
          step{1, 1}, low{0, 0}, high{0, 0};
      bool reads = true, whole = true;
      for (int64_t d = 0; d < spatial; ++d) {
        const TapWindow &window = windows[d][tap[d]];
        reads &= window.size() > 0;
        start.push_back(window.input);
        limit.push_back(window.input + (window.size() - 1) * strides[d] + 1);
        step.push_back(strides[d]);
        low.push_back(window.first);
        high.push_back(result.getDimSize(d + 2) - 1 - window.last);
        whole &= window.size() == result.getDimSize(d + 2);
      }
      if (!reads)
        continue;
      Value image = SliceOp::create(b, loc, conv.getInput(), start, limit, step);
      SmallVector<int64_t> ones(spatial, 1), zeros(2 * spatial, 0);
      Value part = ConvOp::create(b, loc, image,
                                  sliceTap(b, loc, conv.getWeight(), tap),
                                  Value(), ones, ones, zeros,
                                  conv.getGroup());
      if (!whole)
        part = PadOp::create(b, loc, PadMode::constant, part, Value(), low,
                             high);
      sum = sum ? AddOp::create(b, loc, sum, part).getResult() : part;
    }
    if (!sum)
      return false; // Every tap reads padding only: leave it to the lowering.
    if (Value bias = conv.getBias()) {
      SmallVector<int64_t> shape{result.getDimSize(1)};
      shape.append(spatial, 1);
      sum = AddOp::create(
          b, loc, sum,
          ReshapeOp::create(b, loc,
                            RankedTensorType::get(shape, element), bias));
    }
    conv.replaceAllUsesWith(sum);
    conv.erase();
    return true;
  }
};

} // namespace
