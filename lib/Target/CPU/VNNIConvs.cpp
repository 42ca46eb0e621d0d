//===- VNNIConvs.cpp - quantized convolutions in VNNI's layout ------------===//
//
// Implements `aotc-cpu-vnni-convs` (Passes.td has the contract): a float32
// convolution of dequantized 8-bit values by a constant filter that is int8
// values times per-channel scales becomes a uint8 x int8 contraction over
// the filter's int8 values, stored as VNNI's dot-product instructions read
// them, followed by one elementwise op that subtracts the zero point's
// share and applies the scales. aotc-cpu-vnni-kernels emits the
// contraction as vpdpbusd.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "LayoutSupport.h"
#include "QDQMatching.h"
#include "VNNISupport.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Transforms/LinalgQueries.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

namespace aotc {
#define GEN_PASS_DEF_VNNICONVSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Whether `op` is a float32 convolution the pass leaves to the float
/// kernels in NCHW layout: a linalg op with reduction loops that multiplies
/// by a constant (a grouped convolution), other than a full convolution or
/// a depthwise one (aotc-cpu-nhwc-depthwise-convs computes those next to a
/// VNNI contraction in its layout).
bool isFloatWindowedConv(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!linalgOp || isa<linalg::Conv2DNchwFchwOp>(op) ||
      (generic && aotc::isNCHWDepthwiseConv(generic)) ||
      linalgOp.getNumReductionLoops() == 0 || op->getNumResults() != 1 ||
      !getElementTypeOrSelf(op->getResult(0)).isF32())
    return false;
  bool multiplies = false;
  op->walk([&](arith::MulFOp) { multiplies = true; });
  return multiplies && llvm::any_of(linalgOp.getDpsInputs(), [](Value input) {
           return matchPattern(input, m_Constant());
         });
}

/// Output pixels up to which a convolution becomes a VNNI contraction even
/// beside a float windowed one: converting a 7x7 image between layouts
/// costs less than the contraction saves (measured on MobileNetV2's QDQ
/// graph when its depthwise convolutions still counted: its 7x7 stage's 1x1
/// convolutions in int8, 8% faster; its 14x14 stage's too, 196 pixels, 12%
/// slower than that).
constexpr int64_t kMaxConvertedPixels = 64;

/// How many elementwise ops (or pads) apart a neighbouring convolution
/// still counts (the activation, quantization and dequantization between
/// two convolutions of a QDQ graph).
constexpr int kNeighbourDistance = 12;

/// Whether a float windowed convolution produces `value` or reads it,
/// through at most kNeighbourDistance elementwise ops or pads. Such a
/// convolution computes in NCHW: turning the convolution beside it into a
/// VNNI contraction, whose operands are in another layout, costs the
/// conversions between (MobileNetV2's depthwise convolutions, before they
/// computed NHWC next to VNNI contractions, ran 3x slower).
bool isBesideFloatWindowedConv(Value value, bool upstream, int distance = 0) {
  if (distance > kNeighbourDistance)
    return false;
  auto isPassThrough = [](Operation *op) {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    return isa<tensor::PadOp>(op) ||
           (generic && generic.getNumReductionLoops() == 0);
  };
  if (upstream) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    if (isFloatWindowedConv(def))
      return true;
    if (!isPassThrough(def))
      return false;
    return llvm::any_of(def->getOperands(), [&](Value operand) {
      return isBesideFloatWindowedConv(operand, upstream, distance + 1);
    });
  }
  for (Operation *user : value.getUsers()) {
    if (isFloatWindowedConv(user))
      return true;
    if (isPassThrough(user) &&
        llvm::any_of(user->getResults(), [&](Value result) {
          return isBesideFloatWindowedConv(result, upstream, distance + 1);
        }))
      return true;
  }
  return false;
}

struct VNNIConvsPass final : aotc::impl::VNNIConvsPassBase<VNNIConvsPass> {
  void runOnOperation() override {
    SmallVector<linalg::Conv2DNchwFchwOp> convs;
    getOperation().walk([&](linalg::Conv2DNchwFchwOp conv) {
      if (conv.hasPureTensorSemantics())
        convs.push_back(conv);
    });
    for (linalg::Conv2DNchwFchwOp conv : convs)
      if (succeeded(rewrite(conv)))
        ++numRewritten;
  }

  static LogicalResult rewrite(linalg::Conv2DNchwFchwOp conv) {
    Value input = conv.getInputs()[0];
    auto resultType = cast<RankedTensorType>(conv.getResult(0).getType());
    // ConvInteger and QLinearConv: an int32 convolution of widened 8-bit
    // values; else a float32 one of dequantized values.
    bool integer = resultType.getElementType().isInteger(32);
    SmallVector<int64_t> padLow(4, 0), padHigh(4, 0);
    if (auto pad = input.getDefiningOp<tensor::PadOp>()) {
      Value padValue = pad.getConstantPaddingValue();
      if (!padValue ||
          !(integer ? matchPattern(padValue, m_Zero())
                    : matchPattern(padValue, m_PosZeroFloat())))
        return failure();
      padLow = llvm::to_vector(pad.getStaticLow());
      padHigh = llvm::to_vector(pad.getStaticHigh());
      if (ShapedType::isDynamicShape(padLow) ||
          ShapedType::isDynamicShape(padHigh) || padLow[0] || padLow[1] ||
          padHigh[0] || padHigh[1])
        return failure();
      input = pad.getSource();
    }
    std::optional<aotc::Dequantized> x =
        integer ? aotc::matchWidenedInt8(input) : aotc::matchDequantized(input);
    // On a small image (MobileNetV2's 7x7 stage) the layout conversions
    // beside a depthwise convolution cost less than the contraction saves.
    if (x && resultType.getDimSize(2) * resultType.getDimSize(3) >
                 kMaxConvertedPixels &&
        (isBesideFloatWindowedConv(x->q, /*upstream=*/true) ||
         isBesideFloatWindowedConv(conv.getResult(0), /*upstream=*/false)))
      return failure();
    if (!x)
      return failure();
    auto filterType = cast<ShapedType>(conv.getInputs()[1].getType());
    auto qType = cast<RankedTensorType>(x->q.getType());
    if (!filterType.hasStaticShape() || !resultType.hasStaticShape())
      return failure();
    int64_t batch = qType.getDimSize(0), channels = qType.getDimSize(1),
            height = qType.getDimSize(2), width = qType.getDimSize(3);
    int64_t filters = filterType.getDimSize(0),
            kernelH = filterType.getDimSize(2),
            kernelW = filterType.getDimSize(3);
    if (filterType.getDimSize(1) != channels)
      return failure();
    // The kernels read channels 4 at a time and compute filters 16 at a
    // time: u gets padding channels (a 3-channel image 1 of 4) and the
    // weights padding filters, all zeros; the padding filters' sums are
    // computed and dropped.
    int64_t paddedChannels = llvm::alignTo(channels, 4);
    int64_t paddedFilters = llvm::alignTo(filters, aotc::kVNNILanes);
    // The filter's int8 values (and scales, for a float convolution).
    std::optional<aotc::QuantizedChannels> filter;
    ElementsAttr filterAttr;
    if (integer) {
      if (std::optional<SmallVector<int8_t>> values =
              aotc::matchWidenedInt8Constant(conv.getInputs()[1]))
        filter = aotc::QuantizedChannels{std::move(*values),
                                         SmallVector<float>(filters, 1)};
    } else if (matchPattern(conv.getInputs()[1], m_Constant(&filterAttr))) {
      if (std::optional<ArrayRef<float>> weightValues =
              aotc::getFloatElements(filterAttr))
        filter = aotc::quantizeChannels(*weightValues, filters,
                                        aotc::kFoldedWeightUlps);
    }
    if (!filter)
      return failure();
    SmallVector<int64_t> strides =
        llvm::to_vector(conv.getStrides().getValues<int64_t>());
    SmallVector<int64_t> dilations =
        llvm::to_vector(conv.getDilations().getValues<int64_t>());

    OpBuilder b(conv);
    Location loc = conv.getLoc();
    MLIRContext *context = b.getContext();
    Type i8 = b.getI8Type(), i32 = b.getI32Type(), f32 = b.getF32Type();
    // int8 values read as uint8 are 128 more.
    int32_t shift = x->zero + (x->isUnsigned ? 0 : 128);

    // u: q as uint8, channels innermost.
    auto uType = RankedTensorType::get({batch, height, width, channels}, i8);
    AffineExpr n = getAffineDimExpr(0, context), h = getAffineDimExpr(1, context),
               w = getAffineDimExpr(2, context), c = getAffineDimExpr(3, context);
    bool flip = !x->isUnsigned;
    Value u =
        linalg::GenericOp::create(
            b, loc, uType, ValueRange{x->q},
            ValueRange{tensor::EmptyOp::create(b, loc, uType.getShape(), i8)},
            ArrayRef<AffineMap>{AffineMap::get(4, 0, {n, c, h, w}, context),
                                b.getMultiDimIdentityMap(4)},
            SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
            [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
              Value value = args[0];
              if (flip)
                value = arith::XOrIOp::create(
                    nested, nestedLoc, value,
                    arith::ConstantOp::create(nested, nestedLoc,
                                              nested.getI8IntegerAttr(-128)));
              linalg::YieldOp::create(nested, nestedLoc, value);
            })
            .getResult(0);
    if (llvm::any_of(padLow, [](int64_t p) { return p != 0; }) ||
        llvm::any_of(padHigh, [](int64_t p) { return p != 0; }) ||
        paddedChannels != channels) {
      // Dequantized zeros: the zero point (in padding channels too, where
      // the weights are zeros).
      Value zero = arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(i8, static_cast<int8_t>(shift)));
      SmallVector<OpFoldResult> low = {b.getIndexAttr(0),
                                       b.getIndexAttr(padLow[2]),
                                       b.getIndexAttr(padLow[3]),
                                       b.getIndexAttr(0)};
      SmallVector<OpFoldResult> high = {b.getIndexAttr(0),
                                        b.getIndexAttr(padHigh[2]),
                                        b.getIndexAttr(padHigh[3]),
                                        b.getIndexAttr(paddedChannels -
                                                       channels)};
      u = tensor::PadOp::create(b, loc, Type(), u, low, high, zero);
    }

    // The weights as [F / 16, KH, KW, C / 4, 16, 4], their sums, the scales.
    int64_t blocks = paddedFilters / aotc::kVNNILanes,
            groups = paddedChannels / 4;
    SmallVector<char> packed(paddedFilters * paddedChannels * kernelH * kernelW,
                             0);
    SmallVector<int32_t> shares(filters, 0);
    SmallVector<float> scales(filters);
    for (int64_t f = 0; f < filters; ++f) {
      scales[f] = x->scale * filter->scales[f];
      for (int64_t ch = 0; ch < channels; ++ch)
        for (int64_t kh = 0; kh < kernelH; ++kh)
          for (int64_t kw = 0; kw < kernelW; ++kw) {
            int8_t value =
                filter->values[((f * channels + ch) * kernelH + kh) * kernelW +
                               kw];
            shares[f] += value;
            int64_t at =
                ((((f / aotc::kVNNILanes * kernelH + kh) * kernelW + kw) *
                      groups +
                  ch / 4) *
                     aotc::kVNNILanes +
                 f % aotc::kVNNILanes) *
                    4 +
                ch % 4;
            packed[at] = static_cast<char>(value);
          }
      shares[f] *= shift;
    }
    auto packedType = RankedTensorType::get(
        {blocks, kernelH, kernelW, groups, aotc::kVNNILanes, 4}, i8);
    Value weights = arith::ConstantOp::create(
        b, loc,
        aotc::tg::buildConstant(
            packedType, packed,
            filterAttr ? aotc::tg::getConstantNameHint(filterAttr, "weights")
                       : "weights"));

    // acc: (n, oh, ow, fb, j, kh, kw, cg, i).
    int64_t outH = resultType.getDimSize(2), outW = resultType.getDimSize(3);
    auto accType =
        RankedTensorType::get({batch, outH, outW, paddedFilters}, i32);
    Value accInit = aotc::buildZeroAccumulator(b, loc, accType.getShape());
    SmallVector<AffineExpr> d;
    for (unsigned i = 0; i < 9; ++i)
      d.push_back(getAffineDimExpr(i, context));
    SmallVector<AffineMap> maps = {
        AffineMap::get(9, 0,
                       {d[0], d[1] * strides[0] + d[5] * dilations[0],
                        d[2] * strides[1] + d[6] * dilations[1], d[7] * 4 + d[8]},
                       context),
        AffineMap::get(9, 0, {d[3], d[5], d[6], d[7], d[4], d[8]}, context),
        AffineMap::get(9, 0,
                       {d[0], d[1], d[2], d[3] * aotc::kVNNILanes + d[4]},
                       context)};
    SmallVector<utils::IteratorType> iterators(5,
                                               utils::IteratorType::parallel);
    iterators.append(4, utils::IteratorType::reduction);
    auto dot = linalg::GenericOp::create(b, loc, accType, ValueRange{u, weights},
                                         ValueRange{accInit}, maps, iterators,
                                         aotc::buildVNNIDotBody);
    dot->setAttr(aotc::kVNNIAttrName, b.getUnitAttr());
    // The kernel reads u's channels four at a time: the transposition that
    // makes u must not fuse into it.
    dot->setAttr(aotc::kKeepOperandsAttrName, b.getUnitAttr());
    Value acc = dot.getResult(0);
    if (paddedFilters != filters)
      acc = tensor::ExtractSliceOp::create(
          b, loc, RankedTensorType::get({batch, outH, outW, filters}, i32), acc,
          ArrayRef<OpFoldResult>(SmallVector<OpFoldResult>(4, b.getIndexAttr(0))),
          ArrayRef<OpFoldResult>{b.getIndexAttr(batch), b.getIndexAttr(outH),
                                 b.getIndexAttr(outW), b.getIndexAttr(filters)},
          ArrayRef<OpFoldResult>(SmallVector<OpFoldResult>(4, b.getIndexAttr(1))));

    // y[n, f, oh, ow] = float(acc - shift * colsum[f]) * scale[f] + init,
    // or acc - shift * colsum[f] + init in int32.
    auto vectorType = [&](Type element) {
      return RankedTensorType::get({filters}, element);
    };
    Value sharesValue = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(vectorType(i32), ArrayRef<int32_t>(shares)));
    Value scalesValue = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(vectorType(f32), ArrayRef<float>(scales)));
    AffineExpr f = getAffineDimExpr(1, context), oh = getAffineDimExpr(2, context),
               ow = getAffineDimExpr(3, context);
    // The initial value, read per channel when it is a broadcast bias.
    Value init = conv.getOutputs()[0];
    AffineMap initMap = b.getMultiDimIdentityMap(4);
    if (auto broadcast = init.getDefiningOp<linalg::BroadcastOp>();
        broadcast && broadcast.getDimensions() == ArrayRef<int64_t>{0, 2, 3}) {
      init = broadcast.getInput();
      initMap = AffineMap::get(4, 0, {f}, context);
    }
    auto epilogue = linalg::GenericOp::create(
        b, loc, resultType,
        ValueRange{acc, sharesValue, scalesValue, init},
        ValueRange{tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                           resultType.getElementType())},
        ArrayRef<AffineMap>{AffineMap::get(4, 0, {n, oh, ow, f}, context),
                            AffineMap::get(4, 0, {f}, context),
                            AffineMap::get(4, 0, {f}, context), initMap,
                            b.getMultiDimIdentityMap(4)},
        SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value exact = arith::SubIOp::create(nested, nestedLoc, args[0], args[1]);
          if (integer) {
            linalg::YieldOp::create(
                nested, nestedLoc,
                arith::AddIOp::create(nested, nestedLoc, exact, args[3])
                    .getResult());
            return;
          }
          Value real = arith::SIToFPOp::create(nested, nestedLoc, f32, exact);
          Value scaled = arith::MulFOp::create(nested, nestedLoc, real, args[2]);
          linalg::YieldOp::create(
              nested, nestedLoc,
              arith::AddFOp::create(nested, nestedLoc, scaled, args[3])
                  .getResult());
        });
    conv.getResult(0).replaceAllUsesWith(epilogue.getResult(0));
    conv.erase();
    return success();
  }
};

} // namespace
