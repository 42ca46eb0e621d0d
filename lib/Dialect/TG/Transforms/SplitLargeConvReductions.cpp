//===- SplitLargeConvReductions.cpp - convolutions by input-channel chunks -===//
//
// Implements `aotc-tg-split-large-conv-reductions` (Passes.td has the
// contract): a convolution whose weights are far larger than a core's caches
// becomes a sum of convolutions over chunks of its input channels, each with
// a slice of the weights small enough to stay cached while every output row
// reads it.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_SPLITLARGECONVREDUCTIONSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc::tg;

namespace {

/// Input channels [first, first + count) of the constant weight `[M, C,
/// k...]`, as a new constant.
Value sliceChannels(OpBuilder &b, Location loc, ElementsAttr attr,
                    RankedTensorType type, int64_t first, int64_t count) {
  ArrayRef<char> bytes = *getRawElementBytes(attr);
  SmallVector<int64_t> shape(type.getShape());
  shape[1] = count;
  auto sliceType = RankedTensorType::get(shape, type.getElementType());
  int64_t perChannel = type.getNumElements() / (shape[0] * type.getDimSize(1));
  int64_t elementBytes = bytes.size() / type.getNumElements();
  SmallVector<char> sliced = gatherElementBytes(
      bytes, elementBytes, sliceType, [&](ArrayRef<int64_t> at) {
        int64_t inner = 0;
        for (int64_t d = 2; d < type.getRank(); ++d)
          inner = inner * type.getDimSize(d) + at[d];
        return (at[0] * type.getDimSize(1) + first + at[1]) * perChannel +
               inner;
      });
  return ConstantOp::create(
      b, loc,
      buildConstant(sliceType, sliced,
                    getConstantNameHint(attr, "conv_channels")));
}

struct SplitLargeConvReductionsPass final
    : aotc::impl::SplitLargeConvReductionsPassBase<
          SplitLargeConvReductionsPass> {
  using SplitLargeConvReductionsPassBase::SplitLargeConvReductionsPassBase;

  void runOnOperation() override {
    SmallVector<ConvOp> convs;
    getOperation().walk([&](ConvOp conv) { convs.push_back(conv); });
    for (ConvOp conv : convs)
      if (split(conv))
        ++numSplit;
  }

  bool split(ConvOp conv) {
    RankedTensorType input = conv.getInput().getType(),
                      weight = conv.getWeight().getType();
    Type element = weight.getElementType();
    // f16 and bf16 would round each chunk's partial sum: only wide floats.
    if (conv.getGroup() != 1 || (!element.isF32() && !element.isF64()))
      return false;
    ElementsAttr attr;
    if (!matchPattern(conv.getWeight(), m_Constant(&attr)) ||
        !getRawElementBytes(attr))
      return false;
    int64_t bytes = weight.getNumElements() * element.getIntOrFloatBitWidth() / 8;
    if (bytes <= maxWeightBytes)
      return false;
    // The fewest chunks, a power of two dividing the channels, whose weights
    // fit chunkBytes.
    int64_t channels = weight.getDimSize(1), chunks = 1;
    while (bytes / chunks > chunkBytes && channels % (chunks * 2) == 0)
      chunks *= 2;
    if (chunks == 1)
      return false;

    OpBuilder b(conv);
    Location loc = conv.getLoc();
    int64_t step = channels / chunks;
    Value sum;
    for (int64_t i = 0; i < chunks; ++i) {
      SmallVector<int64_t> start(input.getRank(), 0),
          limit(input.getShape()), strides(input.getRank(), 1);
      start[1] = i * step;
      limit[1] = (i + 1) * step;
      Value image =
          SliceOp::create(b, loc, conv.getInput(), start, limit, strides);
      Value part = ConvOp::create(
          b, loc, image, sliceChannels(b, loc, attr, weight, i * step, step),
          i == 0 ? conv.getBias() : Value(), conv.getStrides(),
          conv.getDilations(), conv.getPads(), /*group=*/1);
      sum = sum ? AddOp::create(b, loc, sum, part).getResult() : part;
    }
    conv.replaceAllUsesWith(sum);
    conv.erase();
    return true;
  }
};

} // namespace
