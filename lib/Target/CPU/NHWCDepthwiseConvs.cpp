//===- NHWCDepthwiseConvs.cpp - depthwise convolutions beside VNNI ones ---===//
//
// Implements `aotc-cpu-nhwc-depthwise-convs` (Passes.td has the contract):
// a float32 depthwise convolution next to a convolution that
// aotc-cpu-vnni-convs made a uint8 x int8 contraction computes with
// channels innermost, the layout of that contraction's operands, so that
// the transpositions between the two cancel in fusion instead of running
// as strided copies.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "LayoutSupport.h"
#include "QDQMatching.h"
#include "VNNISupport.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_NHWCDEPTHWISECONVSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// How many elementwise ops (or pads and slices) apart a VNNI contraction
/// still counts as a neighbour: the epilogue, activation, quantization and
/// dequantization between two convolutions of a QDQ graph.
constexpr int kNeighbourDistance = 12;

bool isPassThrough(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  return isa<tensor::PadOp, tensor::ExtractSliceOp>(op) ||
         (generic && generic.getNumReductionLoops() == 0);
}

bool isVNNIContraction(Operation *op) {
  return op && op->hasAttr(aotc::kVNNIAttrName);
}

/// Whether a VNNI contraction produces `value` through at most
/// kNeighbourDistance pass-through ops.
bool isProducedByVNNI(Value value, int distance = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || distance > kNeighbourDistance)
    return false;
  if (isVNNIContraction(def))
    return true;
  return isPassThrough(def) &&
         llvm::any_of(def->getOperands(), [&](Value operand) {
           return isProducedByVNNI(operand, distance + 1);
         });
}

/// Whether a VNNI contraction reads `value` through at most
/// kNeighbourDistance pass-through ops.
bool isReadByVNNI(Value value, int distance = 0) {
  if (distance > kNeighbourDistance)
    return false;
  return llvm::any_of(value.getUsers(), [&](Operation *user) {
    if (isVNNIContraction(user))
      return true;
    return isPassThrough(user) &&
           llvm::any_of(user->getResults(), [&](Value result) {
             return isReadByVNNI(result, distance + 1);
           });
  });
}

/// `value` (rank 4) with its dimensions permuted: result dimension i is
/// `value`'s dimension permutation[i].
Value transpose(OpBuilder &b, Location loc, Value value,
                ArrayRef<int64_t> permutation) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  for (int64_t d : permutation)
    shape.push_back(type.getDimSize(d));
  Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  return linalg::TransposeOp::create(b, loc, value, init, permutation)
      ->getResult(0);
}

constexpr int64_t kToNHWC[] = {0, 2, 3, 1};
constexpr int64_t kToNCHW[] = {0, 3, 1, 2};

struct NHWCDepthwiseConvsPass final
    : aotc::impl::NHWCDepthwiseConvsPassBase<NHWCDepthwiseConvsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> convs;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (generic.hasPureTensorSemantics() &&
          aotc::isNCHWDepthwiseConv(generic) &&
          getElementTypeOrSelf(generic.getResult(0).getType()).isF32() &&
          (isProducedByVNNI(generic.getDpsInputs()[0]) ||
           isReadByVNNI(generic.getResult(0))))
        convs.push_back(generic);
    });
    for (linalg::GenericOp conv : convs)
      if (succeeded(rewrite(conv)))
        ++numRewritten;
  }

  static LogicalResult rewrite(linalg::GenericOp conv) {
    auto filterConstant =
        conv.getDpsInputs()[1].getDefiningOp<arith::ConstantOp>();
    std::optional<ArrayRef<float>> filterValues =
        aotc::getFloatElements(cast<ElementsAttr>(filterConstant.getValue()));
    // The body is renumbered loops' arithmetic: it must not read them.
    if (!filterValues || !conv.getBody()->getOps<linalg::IndexOp>().empty())
      return failure();
    auto filterType = cast<RankedTensorType>(filterConstant.getType());
    int64_t channels = filterType.getDimSize(0),
            kernelH = filterType.getDimSize(2),
            kernelW = filterType.getDimSize(3);

    OpBuilder b(conv);
    Location loc = conv.getLoc();
    MLIRContext *context = b.getContext();

    // The image with channels innermost, padded as before.
    Value image = conv.getDpsInputs()[0];
    Value nhwcImage;
    if (auto pad = image.getDefiningOp<tensor::PadOp>()) {
      Value padValue = pad.getConstantPaddingValue();
      if (!padValue)
        return failure();
      SmallVector<OpFoldResult> low, high;
      for (int64_t d : kToNHWC) {
        low.push_back(pad.getMixedLowPad()[d]);
        high.push_back(pad.getMixedHighPad()[d]);
      }
      nhwcImage =
          tensor::PadOp::create(b, loc, Type(),
                                transpose(b, loc, pad.getSource(), kToNHWC),
                                low, high, padValue);
    } else {
      nhwcImage = transpose(b, loc, image, kToNHWC);
    }

    // The filter as [KH, KW, C], transposed at compile time.
    SmallVector<float> hwc(channels * kernelH * kernelW);
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t kh = 0; kh < kernelH; ++kh)
        for (int64_t kw = 0; kw < kernelW; ++kw)
          hwc[(kh * kernelW + kw) * channels + c] =
              (*filterValues)[(c * kernelH + kh) * kernelW + kw];
    auto hwcType =
        RankedTensorType::get({kernelH, kernelW, channels}, b.getF32Type());
    Value filter = arith::ConstantOp::create(
        b, loc,
        aotc::tg::buildConstant(
            hwcType,
            ArrayRef<char>(reinterpret_cast<const char *>(hwc.data()),
                           hwc.size() * sizeof(float)),
            aotc::tg::getConstantNameHint(filterConstant.getValue(),
                                          "depthwise_filter")));

    // The initial value with channels innermost: a broadcast bias is
    // broadcast again.
    Value init = conv.getDpsInits()[0];
    Value nhwcInit;
    if (auto broadcast = init.getDefiningOp<linalg::BroadcastOp>();
        broadcast && broadcast.getDimensions() == ArrayRef<int64_t>{0, 2, 3}) {
      auto type = cast<RankedTensorType>(init.getType());
      Value empty = tensor::EmptyOp::create(
          b, loc,
          ArrayRef<int64_t>{type.getDimSize(0), type.getDimSize(2),
                            type.getDimSize(3), type.getDimSize(1)},
          type.getElementType());
      nhwcInit = linalg::BroadcastOp::create(b, loc, broadcast.getInput(),
                                             empty,
                                             ArrayRef<int64_t>{0, 1, 2})
                     ->getResult(0);
    } else {
      nhwcInit = transpose(b, loc, init, kToNHWC);
    }

    // Loops (n, oh, ow, c, kh, kw) from (n, c, oh, ow, g, kh, kw): the
    // image's spatial expressions keep their strides and dilations.
    auto dim = [&](unsigned d) { return getAffineDimExpr(d, context); };
    AffineMap oldImage = conv.getIndexingMapsArray()[0];
    SmallVector<AffineExpr> renamed = {dim(0), dim(3), dim(1), dim(2),
                                       getAffineConstantExpr(0, context),
                                       dim(4), dim(5)};
    AffineExpr row = oldImage.getResult(2).replaceDims(renamed),
               column = oldImage.getResult(3).replaceDims(renamed);
    SmallVector<AffineMap> maps = {
        AffineMap::get(6, 0, {dim(0), row, column, dim(3)}, context),
        AffineMap::get(6, 0, {dim(4), dim(5), dim(3)}, context),
        AffineMap::get(6, 0, {dim(0), dim(1), dim(2), dim(3)}, context)};
    SmallVector<utils::IteratorType> iterators(4,
                                               utils::IteratorType::parallel);
    iterators.append(2, utils::IteratorType::reduction);
    Block *body = conv.getBody();
    auto nhwc = linalg::GenericOp::create(
        b, loc, nhwcInit.getType(), ValueRange{nhwcImage, filter},
        ValueRange{nhwcInit}, maps, iterators,
        [&](OpBuilder &nested, Location, ValueRange args) {
          IRMapping mapping;
          mapping.map(body->getArguments(), args);
          for (Operation &op : body->getOperations())
            nested.clone(op, mapping);
        });
    conv.getResult(0).replaceAllUsesWith(
        transpose(b, loc, nhwc.getResult(0), kToNCHW));
    conv.erase();
    // The NCHW pad and bias broadcast, unless something else reads them.
    for (Value old : {image, init})
      if (Operation *def = old.getDefiningOp();
          def && isa<tensor::PadOp, linalg::BroadcastOp>(def) &&
          def->use_empty())
        def->erase();
    return success();
  }
};

} // namespace
