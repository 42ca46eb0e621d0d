//===- QuantizedDepthwiseInputs.cpp - depthwise convs on 8-bit images -----===//
//
// Implements `aotc-cpu-quantized-depthwise-inputs` (Passes.td has the
// contract): a float32 depthwise convolution (channels innermost, as
// aotc-cpu-nhwc-depthwise-convs builds it) of a dequantized 8-bit image
// reads the 8-bit image itself. The scale folds into the filter, the zero
// point into the bias and the padding, so the image between the VNNI
// contraction before and the convolution is stored in a quarter of the
// bytes.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "QDQMatching.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_QUANTIZEDDEPTHWISEINPUTSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Whether `generic` is a depthwise convolution with channels innermost on
/// tensors: loops (n, oh, ow, c, kh, kw), the image read at channel c, a
/// constant-shaped filter `[KH, KW, C]` at (kh, kw, c), the result at (n,
/// oh, ow, c), a body `out + image * filter`.
bool isNHWCDepthwiseConv(linalg::GenericOp generic) {
  if (!generic.hasPureTensorSemantics() || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || generic.getNumLoops() != 6 ||
      generic.getNumParallelLoops() != 4)
    return false;
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  for (unsigned d = 0; d < 6; ++d)
    if ((d < 4) != (iterators[d] == utils::IteratorType::parallel))
      return false;
  MLIRContext *context = generic.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, context); };
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[0].getNumResults() != 4 || maps[0].getResult(3) != dim(3) ||
      maps[1] != AffineMap::get(6, 0, {dim(4), dim(5), dim(3)}, context) ||
      maps[2] != AffineMap::get(6, 0, {dim(0), dim(1), dim(2), dim(3)},
                                context))
    return false;
  Block *body = generic.getBody();
  if (body->getOperations().size() != 3)
    return false;
  auto mul = dyn_cast<arith::MulFOp>(body->front());
  auto add = dyn_cast<arith::AddFOp>(*std::next(body->begin()));
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  if (!mul || !add || yield.getOperand(0) != add.getResult() ||
      !getElementTypeOrSelf(generic.getResult(0).getType()).isF32())
    return false;
  Value image = body->getArgument(0), filter = body->getArgument(1),
        out = body->getArgument(2);
  bool products = (mul.getLhs() == image && mul.getRhs() == filter) ||
                  (mul.getLhs() == filter && mul.getRhs() == image);
  bool sum = (add.getLhs() == out && add.getRhs() == mul.getResult()) ||
             (add.getLhs() == mul.getResult() && add.getRhs() == out);
  return products && sum;
}

/// The per-channel values `[C]` of `init` when it is a broadcast of a
/// constant bias along (n, oh, ow), or a fill with a constant.
std::optional<SmallVector<float>> getChannelInit(Value init, int64_t channels) {
  if (auto broadcast = init.getDefiningOp<linalg::BroadcastOp>()) {
    ElementsAttr bias;
    if (broadcast.getDimensions() != ArrayRef<int64_t>{0, 1, 2} ||
        !matchPattern(broadcast.getInput(), m_Constant(&bias)))
      return std::nullopt;
    std::optional<ArrayRef<float>> values = aotc::getFloatElements(bias);
    if (values && static_cast<int64_t>(values->size()) == channels)
      return SmallVector<float>(*values);
    if (auto dense = dyn_cast<DenseFPElementsAttr>(bias);
        dense && dense.isSplat() && dense.getElementType().isF32())
      return SmallVector<float>(channels,
                                dense.getSplatValue<APFloat>().convertToFloat());
    return std::nullopt;
  }
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    FloatAttr value;
    if (matchPattern(fill.getInputs()[0], m_Constant(&value)) &&
        value.getType().isF32())
      return SmallVector<float>(channels, value.getValue().convertToFloat());
  }
  return std::nullopt;
}

struct QuantizedDepthwiseInputsPass final
    : aotc::impl::QuantizedDepthwiseInputsPassBase<
          QuantizedDepthwiseInputsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> convs;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (isNHWCDepthwiseConv(generic))
        convs.push_back(generic);
    });
    for (linalg::GenericOp conv : convs)
      if (succeeded(rewrite(conv)))
        ++numRewritten;
  }

  /// y = init + sum over taps of ((q - z) s) w  becomes
  /// y = (init - z s sum(w)) + sum over taps of q (s w), with q padded by z
  /// where the dequantized image was padded by zero.
  static LogicalResult rewrite(linalg::GenericOp conv) {
    std::optional<aotc::DequantizedImage> image =
        aotc::matchDequantizedImage(conv.getDpsInputs()[0]);
    if (!image)
      return failure();
    // Padded with zeros; dequantized with channels outermost and
    // transposed, when the convolution's result leaves in NCHW: the 8-bit
    // image is transposed instead.
    tensor::PadOp pad = image->pad;
    linalg::TransposeOp transpose = image->transpose;
    if (pad) {
      Value padValue = pad.getConstantPaddingValue();
      if (!padValue || !matchPattern(padValue, m_PosZeroFloat()))
        return failure();
    }
    std::optional<aotc::Dequantized> x = image->x;
    ElementsAttr filterAttr;
    if (!matchPattern(conv.getDpsInputs()[1], m_Constant(&filterAttr)))
      return failure();
    std::optional<ArrayRef<float>> filterValues =
        aotc::getFloatElements(filterAttr);
    auto filterType = cast<RankedTensorType>(filterAttr.getType());
    if (!filterValues)
      return failure();
    int64_t channels = filterType.getDimSize(2);
    int64_t taps = filterType.getNumElements() / channels;

    // The filter times the scale; with a zero point, the initial value
    // less the zero point's share of each channel's sum.
    SmallVector<float> scaled(filterValues->size());
    for (auto [i, w] : llvm::enumerate(*filterValues))
      scaled[i] = w * x->scale;
    Value init = conv.getDpsInits()[0];
    OpBuilder b(conv);
    Location loc = conv.getLoc();
    if (x->zero != 0) {
      std::optional<SmallVector<float>> bias = getChannelInit(init, channels);
      if (!bias)
        return failure();
      for (int64_t c = 0; c < channels; ++c) {
        float sum = 0;
        for (int64_t t = 0; t < taps; ++t)
          sum += scaled[t * channels + c];
        (*bias)[c] -= static_cast<float>(x->zero) * sum;
      }
      auto biasType = RankedTensorType::get({channels}, b.getF32Type());
      Value biasValue = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(biasType, ArrayRef<float>(*bias)));
      init = linalg::BroadcastOp::create(
                 b, loc, biasValue,
                 tensor::EmptyOp::create(
                     b, loc, cast<RankedTensorType>(init.getType()).getShape(),
                     b.getF32Type()),
                 ArrayRef<int64_t>{0, 1, 2})
                 ->getResult(0);
    }
    Value filter = arith::ConstantOp::create(
        b, loc,
        aotc::tg::buildConstant(
            filterType,
            ArrayRef<char>(reinterpret_cast<const char *>(scaled.data()),
                           scaled.size() * sizeof(float)),
            aotc::tg::getConstantNameHint(filterAttr, "depthwise_filter")));

    // The 8-bit image, padded with the zero point where the float one was
    // padded with zeros.
    Value q = x->q;
    if (transpose) {
      auto type = cast<RankedTensorType>(transpose.getInit().getType());
      q = linalg::TransposeOp::create(
              b, loc, q,
              tensor::EmptyOp::create(b, loc, type.getShape(), b.getI8Type()),
              transpose.getPermutation())
              ->getResult(0);
    }
    if (pad) {
      Value zero = arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(b.getI8Type(), static_cast<int8_t>(x->zero)));
      q = tensor::PadOp::create(b, loc, Type(), q, pad.getMixedLowPad(),
                                pad.getMixedHighPad(), zero);
    }
    bool isUnsigned = x->isUnsigned;
    auto converted = linalg::GenericOp::create(
        b, loc, init.getType(), ValueRange{q, filter}, ValueRange{init},
        conv.getIndexingMapsArray(), conv.getIteratorTypesArray(),
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value value =
              aotc::buildFloatOf8Bit(nested, nestedLoc, args[0], isUnsigned);
          Value product =
              arith::MulFOp::create(nested, nestedLoc, value, args[1]);
          linalg::YieldOp::create(
              nested, nestedLoc,
              arith::AddFOp::create(nested, nestedLoc, args[2], product)
                  .getResult());
        });
    conv.getResult(0).replaceAllUsesWith(converted.getResult(0));
    conv.erase();
    if (pad && pad->use_empty())
      pad->erase();
    if (transpose && transpose->use_empty())
      transpose->erase();
    return success();
  }
};

} // namespace
