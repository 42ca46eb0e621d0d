//===- WinogradConvs.cpp - 3x3 convolutions by Winograd's F(4x4, 3x3) ----===//
//
// Implements `aotc-tg-winograd-convs` (Passes.td has the contract): a 3x3
// stride-1 convolution becomes the input transform B^T d B (sums of strided
// slices of the channels-last image), 36 matmuls by the weights transformed
// at compile time (G w G^T), and the output transform A^T m A, where the
// cost model estimates that this is cheaper than the direct convolution.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Dialect/TG/IR/Winograd.h"

#include "mlir/IR/Matchers.h"

#include <array>

namespace aotc {
#define GEN_PASS_DEF_WINOGRADCONVSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc::tg;
using namespace aotc::tg::winograd;

namespace {

/// Output columns (K) of a matmul that fill its widest register tile: four
/// AVX-512 vectors.
constexpr double kFullTileColumns = 64;

/// The shape of a convolution the pass can rewrite. A dilated one is
/// computed as `dilationHigh * dilationWide` undilated convolutions, one
/// per phase of the image (the pixels whose row and column are the same
/// modulo the dilations), in one batch: the tiles count each phase's.
struct Shape {
  int64_t batch, inChannels, outChannels;
  int64_t outHeight, outWidth, dilationHigh, dilationWide;
  int64_t tilesHigh, tilesWide;
  int64_t phases() const { return dilationHigh * dilationWide; }
  int64_t tiles() const { return batch * phases() * tilesHigh * tilesWide; }
};

/// Whether `value` is 8-bit integers dequantized (cast to float, then
/// shifted and scaled by constants): a QDQ graph's activation, which
/// aotc-cpu-vnni-convs computes on as uint8 where the CPU has VNNI.
bool isDequantized(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (auto cast = dyn_cast<CastOp>(op)) {
      Type source = getElementTypeOrSelf(cast.getInput().getType());
      return source.isInteger() && source.getIntOrFloatBitWidth() <= 8;
    }
    if (!isa<MulOp, SubOp, AddOp, DivOp>(op))
      return false;
    if (matchPattern(op->getOperand(1), m_Constant()))
      value = op->getOperand(0);
    else if (matchPattern(op->getOperand(0), m_Constant()))
      value = op->getOperand(1);
    else
      return false;
  }
  return false;
}

/// The shape of `conv` when it is a group-1 2-D f32 convolution with a
/// constant 3x3 weight and strides 1, not of a QDQ graph's dequantized
/// activations.
std::optional<Shape> getEligibleShape(ConvOp conv) {
  RankedTensorType input = conv.getInput().getType(),
                    weight = conv.getWeight().getType(),
                    result = conv.getType();
  if (input.getRank() != 4 || !input.getElementType().isF32() ||
      conv.getGroup() != 1 || !input.hasStaticShape() ||
      !result.hasStaticShape() || weight.getDimSize(2) != kTaps ||
      weight.getDimSize(3) != kTaps ||
      !matchPattern(conv.getWeight(), m_Constant()) ||
      isDequantized(conv.getInput()))
    return std::nullopt;
  ArrayRef<int64_t> dilations = conv.getDilations();
  if (llvm::any_of(conv.getStrides(), [](int64_t s) { return s != 1; }) ||
      llvm::any_of(dilations, [](int64_t d) { return d < 1; }))
    return std::nullopt;
  Shape shape;
  shape.dilationHigh = dilations[0];
  shape.dilationWide = dilations[1];
  shape.batch = input.getDimSize(0);
  shape.inChannels = input.getDimSize(1);
  shape.outChannels = result.getDimSize(1);
  shape.outHeight = result.getDimSize(2);
  shape.outWidth = result.getDimSize(3);
  if (shape.outHeight < 1 || shape.outWidth < 1)
    return std::nullopt;
  // Each phase's outputs: every dilation-th row and column.
  int64_t phaseHeight = llvm::divideCeil(shape.outHeight, shape.dilationHigh);
  int64_t phaseWidth = llvm::divideCeil(shape.outWidth, shape.dilationWide);
  shape.tilesHigh = llvm::divideCeil(phaseHeight, kBlock);
  shape.tilesWide = llvm::divideCeil(phaseWidth, kBlock);
  return shape;
}

/// `G w G^T` for every output and input channel: `[36, C, K]` f32, the
/// tile position `(p, q)` outermost, computed in double precision.
ElementsAttr transformWeights(ElementsAttr weights, const Shape &shape) {
  std::optional<SmallVector<double>> values =
      readFloatElements(weights, kMaxWeightFoldElements);
  int64_t c = shape.inChannels, k = shape.outChannels;
  SmallVector<float> transformed(kTile * kTile * c * k);
  // Output channels innermost: each of the 36 planes is written in order.
  for (int64_t n = 0; n < c; ++n)
    for (int64_t m = 0; m < k; ++m) {
      const double *w = values->data() + (m * c + n) * kTaps * kTaps;
      // (G w): 6x3, then (G w) G^T: 6x6.
      double gw[kTile][kTaps];
      for (int64_t p = 0; p < kTile; ++p)
        for (int64_t b = 0; b < kTaps; ++b) {
          gw[p][b] = 0;
          for (int64_t a = 0; a < kTaps; ++a)
            gw[p][b] += kG[p][a] * w[a * kTaps + b];
        }
      for (int64_t p = 0; p < kTile; ++p)
        for (int64_t q = 0; q < kTile; ++q) {
          double sum = 0;
          for (int64_t b = 0; b < kTaps; ++b)
            sum += gw[p][b] * kG[q][b];
          transformed[((p * kTile + q) * c + n) * k + m] = float(sum);
        }
    }
  auto type = RankedTensorType::get({kTile * kTile, c, k},
                                    Float32Type::get(weights.getContext()));
  ArrayRef<char> bytes(reinterpret_cast<const char *>(transformed.data()),
                       transformed.size() * sizeof(float));
  return buildConstant(type, bytes,
                       getConstantNameHint(weights, "winograd_weights"));
}

/// Builds the rewritten convolution's ops at one location.
class Builder {
public:
  Builder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  /// `value` with `low` and `high` zeros before and after along `axis`,
  /// as a concatenation: the producer of `value` then writes into the
  /// padded buffer (a tg.pad would be a gather each of its slices repeats).
  Value padWithZeros(Value value, int64_t axis, int64_t low, int64_t high) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<Value> pieces;
    auto zeros = [&](int64_t size) {
      SmallVector<int64_t> shape(type.getShape());
      shape[axis] = size;
      auto zeroType = RankedTensorType::get(shape, type.getElementType());
      pieces.push_back(ConstantOp::create(
          b, loc, DenseElementsAttr::get(zeroType, 0.0f)));
    };
    if (low > 0)
      zeros(low);
    pieces.push_back(value);
    if (high > 0)
      zeros(high);
    if (pieces.size() == 1)
      return value;
    return ConcatOp::create(b, loc, pieces, b.getI64IntegerAttr(axis));
  }

  Value slice(Value value, ArrayRef<int64_t> start, ArrayRef<int64_t> limit,
              ArrayRef<int64_t> step) {
    return SliceOp::create(b, loc, value, start, limit, step);
  }

  Value reshape(Value value, ArrayRef<int64_t> shape) {
    auto type = RankedTensorType::get(
        shape, cast<RankedTensorType>(value.getType()).getElementType());
    if (type == value.getType())
      return value;
    return ReshapeOp::create(b, loc, type, value);
  }

  OpBuilder &b;
  Location loc;
};

/// The rewritten `conv`: its result, computed by F(4x4, 3x3).
Value buildWinograd(ConvOp conv, const Shape &shape, ElementsAttr weights) {
  OpBuilder b(conv);
  Builder w(b, conv.getLoc());
  int64_t c = shape.inChannels, k = shape.outChannels;
  int64_t dh = shape.dilationHigh, dw = shape.dilationWide;
  int64_t th = shape.tilesHigh, tw = shape.tilesWide, tiles = shape.tiles();
  // The phases' images are a batch.
  int64_t n = shape.batch * shape.phases();
  RankedTensorType input = conv.getInput().getType();
  // [top, left, bottom, right]: at most what the tiles' extent covers.
  ArrayRef<int64_t> pads = conv.getPads();

  // The image channels-last, padded to the tiles' extent: 4 * tiles + 2.
  Value image = TransposeOp::create(b, w.loc, conv.getInput(),
                                    ArrayRef<int64_t>{0, 2, 3, 1});
  // Each phase's tiles cover 4 * tiles + 2 rows and columns.
  int64_t height = kBlock * th + 2, width = kBlock * tw + 2;
  image = w.padWithZeros(image, 2, pads[1],
                         dw * width - input.getDimSize(3) - pads[1]);
  image = w.padWithZeros(image, 1, pads[0],
                         dh * height - input.getDimSize(2) - pads[0]);
  // Padded row `dh * v + r` is row `v` of phase `r`, whose convolution is
  // undilated: output row `dh * v + r` reads its rows `v`, `v + 1`, `v + 2`.
  if (shape.phases() > 1) {
    image = w.reshape(image, {shape.batch, height, dh, width, dw, c});
    image = TransposeOp::create(b, w.loc, image,
                                ArrayRef<int64_t>{2, 4, 0, 1, 3, 5});
    image = w.reshape(image, {n, height, width, c});
  }

  // B^T d B of every tile, then the 36 matmuls:
  // [36, tiles, C] x [36, C, K].
  auto f32 = b.getF32Type();
  Value transformed = WinogradInputOp::create(
      b, w.loc, RankedTensorType::get({kTile, kTile, n, th, tw, c}, f32),
      image);
  transformed = w.reshape(transformed, {kTile * kTile, tiles, c});
  Value filter = ConstantOp::create(b, w.loc, transformWeights(weights, shape));
  Value products = MatmulOp::create(b, w.loc, transformed, filter);

  // A^T M A: [N, 4 * th, 4 * tw, K], channels innermost.
  Value out = WinogradOutputOp::create(
      b, w.loc, RankedTensorType::get({n, kBlock * th, kBlock * tw, k}, f32),
      w.reshape(products, {kTile, kTile, n, th, tw, k}));
  // The bias while the channels are innermost: the last product's epilogue
  // (after the transposition, its [K, 1, 1] broadcast would keep the ops
  // that follow the convolution out of the transposition's kernel).
  if (Value bias = conv.getBias())
    out = AddOp::create(b, w.loc, out, bias);
  if (shape.phases() == 1) {
    out = TransposeOp::create(b, w.loc, out, ArrayRef<int64_t>{0, 3, 1, 2});
  } else {
    // Output row `dh * v + r` is row `v` of phase `r`.
    out = w.reshape(out, {dh, dw, shape.batch, kBlock * th, kBlock * tw, k});
    out = TransposeOp::create(b, w.loc, out,
                              ArrayRef<int64_t>{2, 5, 3, 0, 4, 1});
  }
  int64_t blocksHigh = dh * kBlock * th, blocksWide = dw * kBlock * tw;
  out = w.reshape(out, {shape.batch, k, blocksHigh, blocksWide});
  if (blocksHigh != shape.outHeight || blocksWide != shape.outWidth)
    out = w.slice(out, {0, 0, 0, 0},
                  {shape.batch, k, shape.outHeight, shape.outWidth},
                  {1, 1, 1, 1});
  return out;
}

struct WinogradConvsPass final
    : aotc::impl::WinogradConvsPassBase<WinogradConvsPass> {
  using WinogradConvsPassBase::WinogradConvsPassBase;

  void runOnOperation() override {
    if (mode != "auto" && mode != "always" && mode != "never") {
      getOperation().emitError("aotc-tg-winograd-convs: mode must be auto, "
                               "always or never, not '")
          << mode << "'";
      return signalPassFailure();
    }
    if (mode == "never")
      return;
    SmallVector<ConvOp> convs;
    getOperation().walk([&](ConvOp conv) { convs.push_back(conv); });
    MLIRContext *context = &getContext();
    SmallVector<Attribute> choices;
    for (ConvOp conv : convs) {
      std::optional<Shape> shape = getEligibleShape(conv);
      if (!shape)
        continue;
      double c = shape->inChannels, k = shape->outChannels;
      double direct = 9.0 * c * k * shape->batch * shape->outHeight *
                          shape->outWidth +
                      weightByteCost * 9.0 * c * k * 4;
      // Fewer columns than a register tile's fill part of it: the matmuls
      // run slower by as much.
      double winograd = 36.0 * c * k * shape->tiles() *
                            std::max(1.0, kFullTileColumns / k) +
                        transformCost * 36.0 * shape->tiles() * (c + k) +
                        weightByteCost * 36.0 * c * k * 4;
      int64_t weightBytes = 36 * shape->inChannels * shape->outChannels * 4;
      bool chosen = mode == "always" || (direct >= minGain * winograd &&
                                         weightBytes <= maxWeightBytes);
      ElementsAttr weights;
      matchPattern(conv.getWeight(), m_Constant(&weights));
      chosen &= canReadFloatElements(weights, kMaxWeightFoldElements);
      OpBuilder b(context);
      choices.push_back(b.getDictionaryAttr({
          b.getNamedAttr("loc", LocationAttr(conv.getLoc())),
          b.getNamedAttr("channels", b.getDenseI64ArrayAttr(
                                         {shape->inChannels,
                                          shape->outChannels})),
          b.getNamedAttr("outputs", b.getDenseI64ArrayAttr(
                                        {shape->batch, shape->outHeight,
                                         shape->outWidth})),
          b.getNamedAttr("dilations", b.getDenseI64ArrayAttr(
                                          {shape->dilationHigh,
                                           shape->dilationWide})),
          b.getNamedAttr("direct", b.getF64FloatAttr(direct)),
          b.getNamedAttr("winograd", b.getF64FloatAttr(winograd)),
          b.getNamedAttr("chosen", b.getBoolAttr(chosen)),
      }));
      if (!chosen) {
        ++numKept;
        continue;
      }
      Value replacement = buildWinograd(conv, *shape, weights);
      conv.replaceAllUsesWith(replacement);
      conv.erase();
      ++numRewritten;
    }
    if (!choices.empty())
      getOperation()->setAttr("aotc.winograd", ArrayAttr::get(context, choices));
  }
};

} // namespace
