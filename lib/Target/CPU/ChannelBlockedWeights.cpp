//===- ChannelBlockedWeights.cpp - output channels in vector blocks -------===//
//
// Implements `aotc-cpu-channel-blocked-weights`: constant convolution
// weights whose output images have rows too short for a vector are stored
// in blocks of output channels, one vector wide and innermost, so the
// kernel emitter can vectorize across output channels. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "LayoutSupport.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/MapVector.h"

#include <cstring>

namespace aotc {
#define GEN_PASS_DEF_CHANNELBLOCKEDWEIGHTSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Below this fill of their 16-lane vectors, the output's rows waste too
/// many lanes (7 or 13 of 16; 14 of 16 with 28x28 or smaller images) ...
constexpr double kPoorLaneUse = 0.9;
/// The same with 8-lane (AVX2) vectors, measured on ResNet-50: 7 of 8 lanes
/// is better left alone there.
constexpr double kPoorLaneUseNarrow = 0.75;
/// ... and from this fill up, the output channels use them well.
constexpr double kGoodLaneUse = 0.9;
/// The largest distance between output channels for which the scattered
/// output pays: a page.
constexpr int64_t kMaxChannelStrideBytes = 4096;
/// The shortest reduction for which the emitter scatters a strided output
/// (kMinScatterSteps in VectorKernels.cpp).
constexpr int64_t kMinReductionSteps = 32;

/// Whether `input`, a constant weight of `generic`, should be stored in
/// blocks of its first dimension (the output channel).
bool wantsChannelBlocks(linalg::GenericOp generic, OpOperand *input,
                        int64_t lanes) {
  if (!aotc::isPermutedF32Operand(generic, input))
    return false;
  AffineMap map = generic.getMatchingIndexingMap(input);
  AffineMap outMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  unsigned channel = map.getDimPosition(0);
  unsigned inner = outMap.getDimPosition(outMap.getNumResults() - 1);
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  if (iterators[channel] != utils::IteratorType::parallel ||
      !outMap.isFunctionOfDim(channel) || channel == inner)
    return false;
  for (OpOperand *other : generic.getDpsInputOperands())
    if (other != input &&
        generic.getMatchingIndexingMap(other).isFunctionOfDim(channel))
      return false;
  // The scatter of a tile's output vector touches one page per lane when
  // channels are more than a page apart (56x56 images measured slower
  // blocked).
  auto outType =
      dyn_cast<RankedTensorType>(generic.getDpsInitOperand(0)->get().getType());
  if (!outType || !outType.hasStaticShape())
    return false;
  int64_t channelStride = 1;
  for (int64_t d = *outMap.getResultPosition(getAffineDimExpr(
                       channel, generic.getContext())) +
                   1;
       d < outType.getRank(); ++d)
    channelStride *= outType.getDimSize(d);
  if (channelStride * 4 > kMaxChannelStrideBytes)
    return false;
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  int64_t steps = 1;
  for (auto [range, iterator] : llvm::zip(ranges, iterators))
    if (iterator == utils::IteratorType::reduction)
      steps *= range;
  return steps >= kMinReductionSteps &&
         aotc::laneUse(ranges[inner], lanes) <
             (lanes >= 16 ? kPoorLaneUse : kPoorLaneUseNarrow) &&
         aotc::laneUse(ranges[channel], lanes) >= kGoodLaneUse;
}

/// `constant`, of shape `[C, R...]`, stored as `[ceil(C / block), R...,
/// block]`: element `[c, r...]` at `[c floordiv block, r..., c mod block]`,
/// the channels past C zero.
Value blockChannels(OpBuilder &b, arith::ConstantOp constant, int64_t block) {
  auto type = cast<RankedTensorType>(constant.getType());
  int64_t channels = type.getDimSize(0);
  int64_t rest = type.getNumElements() / channels;
  int64_t blocks = llvm::divideCeil(channels, block);
  SmallVector<int64_t> shape = {blocks};
  llvm::append_range(shape, type.getShape().drop_front());
  shape.push_back(block);
  auto blockedType = RankedTensorType::get(shape, type.getElementType());
  ArrayRef<char> bytes = *aotc::tg::getRawElementBytes(constant.getValue());
  SmallVector<char> blocked(blockedType.getNumElements() * 4, 0);
  for (int64_t c = 0; c < channels; ++c)
    for (int64_t i = 0; i < rest; ++i)
      std::memcpy(
          blocked.data() + (((c / block) * rest + i) * block + c % block) * 4,
          bytes.data() + (c * rest + i) * 4, 4);
  ElementsAttr value = aotc::tg::buildConstant(
      blockedType, blocked,
      aotc::tg::getConstantNameHint(constant.getValue(), "weights"));
  return arith::ConstantOp::create(b, constant.getLoc(), value);
}

/// `map`, whose first result is `d`, reading the blocked layout:
/// `(d floordiv block, rest..., d mod block)`.
AffineMap blockedMap(AffineMap map, int64_t block) {
  AffineExpr channel = map.getResult(0);
  SmallVector<AffineExpr> results = {channel.floorDiv(block)};
  llvm::append_range(results, map.getResults().drop_front());
  results.push_back(channel % block);
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), results,
                        map.getContext());
}

struct ChannelBlockedWeightsPass final
    : aotc::impl::ChannelBlockedWeightsPassBase<ChannelBlockedWeightsPass> {
  using Base::Base;

  void runOnOperation() override {
    int64_t lanes = std::max<int64_t>(vectorBits / 32, 1);
    // A weight shared by several convolutions is permuted only when every
    // one of them wants it.
    llvm::MapVector<Operation *, SmallVector<OpOperand *>> uses;
    llvm::SmallPtrSet<Operation *, 8> refused;
    getOperation().walk([&](arith::ConstantOp constant) {
      if (!aotc::tg::getRawElementBytes(constant.getValue()))
        return;
      for (OpOperand &use : constant->getUses()) {
        linalg::GenericOp generic = aotc::contractionReading(use);
        if (!generic || !wantsChannelBlocks(generic, &use, lanes)) {
          refused.insert(constant);
          return;
        }
        uses[constant].push_back(&use);
      }
    });
    for (auto &[op, operands] : uses) {
      if (refused.contains(op))
        continue;
      auto constant = cast<arith::ConstantOp>(op);
      OpBuilder b(constant);
      Value blocked = blockChannels(b, constant, lanes);
      for (OpOperand *use : operands) {
        auto generic = cast<linalg::GenericOp>(use->getOwner());
        SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
        unsigned n = use->getOperandNumber();
        maps[n] = blockedMap(maps[n], lanes);
        generic.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
        use->set(blocked);
      }
      constant->erase();
      ++numBlocked;
    }
  }
};

} // namespace
