//===- NN.cpp - ONNX neural-network op converters -------------------------===//
//
// Converters for ONNX's convolution, pooling, normalization and resize ops;
// see NodeImporter.h for the interface.
//
// Conv, ConvTranspose, MaxPool, AveragePool, Resize and Upsample map to the
// tg ops of TGNNOps.td, with what ONNX leaves to shape inference resolved
// here: auto_pad becomes explicit pads, ConvTranspose's output_shape becomes
// pads and output_padding, Resize's sizes or scales become both. The rest
// are compositions of tg ops (see docs/ops-nn.md): GlobalAveragePool and
// GlobalMaxPool are reductions, LpPool is a sum pool of |x|^p, MaxUnpool a
// scatter into the flattened output, LRN an average pool over channels, and
// the normalizations (BatchNormalization, InstanceNormalization,
// LayerNormalization, GroupNormalization) are mean/variance reductions and
// elementwise math.
//
//===----------------------------------------------------------------------===//

#include "Contractions.h"

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Dialect/TG/IR/TGTypeInference.h"

#include "onnx/onnx_pb.h"

#include <cmath>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The shape of a value known to be a ranked tensor.
ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

Type elementTypeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getElementType();
}

/// Reshapes `value` to `shape` (a no-op when it has that shape already).
Value reshape(NodeContext &ctx, Value value, ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, elementTypeOf(value));
  if (type == value.getType())
    return value;
  return ctx.create<tg::ReshapeOp>(type, value);
}

/// Casts `value` to `elementType` (a no-op when it has it already).
Value castTo(NodeContext &ctx, Value value, Type elementType) {
  if (elementTypeOf(value) == elementType)
    return value;
  auto type = RankedTensorType::get(shapeOf(value), elementType);
  return ctx.create<tg::CastOp>(type, value);
}

/// Reshapes a per-channel vector of C elements to [C, 1, ..., 1], so that
/// it broadcasts along axis 1 of a rank-`rank` N x C x ... tensor.
Value perChannel(NodeContext &ctx, Value value, int64_t rank) {
  SmallVector<int64_t> shape(rank - 1, 1);
  shape[0] = shapeOf(value).front();
  return reshape(ctx, value, shape);
}

/// Checks that input `i` is a tensor of at least rank 3 (N x C x D...) and
/// returns its number of spatial dimensions.
FailureOr<int64_t> getSpatialRank(NodeContext &ctx, unsigned i) {
  int64_t rank = ctx.getInputType(i).getRank();
  if (rank < 3)
    return ctx.emitError() << "expected input " << i
                           << " of rank 3 or more (N x C x D1 ... Dn), got "
                           << ctx.getInputType(i);
  return rank - 2;
}

/// The ints attribute `name` with `size` entries, `defaultValue` repeated
/// when absent.
FailureOr<SmallVector<int64_t>> getSizedInts(NodeContext &ctx, StringRef name,
                                             size_t size,
                                             int64_t defaultValue) {
  std::optional<SmallVector<int64_t>> values = ctx.getInts(name);
  if (!values)
    return SmallVector<int64_t>(size, defaultValue);
  if (values->size() != size)
    return ctx.emitError() << "expected " << size << " entries in '" << name
                           << "', got " << values->size();
  return *values;
}

/// The window of a convolution or pooling node: kernel, strides, dilations
/// and explicit pads (begin..., end...).
struct Window {
  SmallVector<int64_t> kernel, strides, dilations, pads;
};

/// Splits `total` padding of a spatial dimension into `pads` (begin at `i`,
/// end at `n + i`), the extra element going to the end for SAME_UPPER and to
/// the beginning for SAME_LOWER.
void splitPadding(int64_t total, bool upper, int64_t i, int64_t n,
                  SmallVectorImpl<int64_t> &pads) {
  int64_t small = total / 2, large = total - small;
  pads[i] = upper ? small : large;
  pads[n + i] = upper ? large : small;
}

/// Reads strides, dilations and pads for `kernel` over `spatial`, resolving
/// auto_pad as Conv and the pooling ops do: SAME_* pads so that the output
/// has ceil(D / stride) elements, VALID pads nothing, NOTSET reads `pads`.
FailureOr<Window> getWindow(NodeContext &ctx, ArrayRef<int64_t> spatial,
                            ArrayRef<int64_t> kernel) {
  size_t n = spatial.size();
  Window window;
  window.kernel.assign(kernel.begin(), kernel.end());
  FailureOr<SmallVector<int64_t>> strides = getSizedInts(ctx, "strides", n, 1);
  FailureOr<SmallVector<int64_t>> dilations =
      getSizedInts(ctx, "dilations", n, 1);
  FailureOr<SmallVector<int64_t>> pads = getSizedInts(ctx, "pads", 2 * n, 0);
  if (failed(strides) || failed(dilations) || failed(pads))
    return failure();
  window.strides = std::move(*strides);
  window.dilations = std::move(*dilations);
  window.pads = std::move(*pads);

  std::string autoPad = ctx.getString("auto_pad", "NOTSET");
  if (autoPad == "NOTSET")
    return window;
  if (autoPad == "VALID") {
    window.pads.assign(2 * n, 0);
    return window;
  }
  if (autoPad != "SAME_UPPER" && autoPad != "SAME_LOWER")
    return ctx.emitError() << "unknown auto_pad '" << autoPad << "'";
  for (size_t i = 0; i < n; ++i) {
    if (window.strides[i] < 1)
      return ctx.emitError() << "expected positive strides";
    int64_t out = llvm::divideCeil(spatial[i], window.strides[i]);
    int64_t total = (out - 1) * window.strides[i] +
                    (kernel[i] - 1) * window.dilations[i] + 1 - spatial[i];
    splitPadding(std::max<int64_t>(total, 0), autoPad == "SAME_UPPER", i, n,
                 window.pads);
  }
  return window;
}

/// Returns the spatial kernel of a Conv/ConvTranspose: the weight's spatial
/// dimensions, which `kernel_shape` must match when given.
FailureOr<SmallVector<int64_t>> getConvKernel(NodeContext &ctx, Value weight) {
  SmallVector<int64_t> kernel(shapeOf(weight).drop_front(2));
  std::optional<SmallVector<int64_t>> attr = ctx.getInts("kernel_shape");
  if (attr && *attr != kernel)
    return ctx.emitError() << "kernel_shape does not match the weight's "
                              "spatial dimensions";
  return kernel;
}

//===----------------------------------------------------------------------===//
// Conv, ConvTranspose
//===----------------------------------------------------------------------===//

} // namespace

FailureOr<Value> aotc::onnximport::buildConv(NodeContext &ctx, Value input,
                                             Value weight, Value bias) {
  FailureOr<int64_t> n = getSpatialRank(ctx, 0);
  if (failed(n))
    return failure();
  if (shapeOf(weight).size() != shapeOf(input).size())
    return ctx.emitError() << "expected a weight of the input's rank";
  FailureOr<SmallVector<int64_t>> kernel = getConvKernel(ctx, weight);
  if (failed(kernel))
    return failure();
  FailureOr<Window> window =
      getWindow(ctx, shapeOf(input).drop_front(2), *kernel);
  if (failed(window))
    return failure();
  int64_t group = ctx.getInt("group", 1);
  if (failed(tg::ConvOp::inferResultType(
          ctx.getLoc(), input.getType(), weight.getType(),
          bias ? bias.getType() : Type(), window->strides, window->dilations,
          window->pads, group)))
    return failure();
  return ctx.create<tg::ConvOp>(input, weight, bias, window->strides,
                                window->dilations, window->pads, group);
}

namespace {

LogicalResult convertConv(NodeContext &ctx) {
  FailureOr<Value> conv =
      buildConv(ctx, ctx.getInput(0), ctx.getInput(1),
                ctx.hasInput(2) ? ctx.getInput(2) : Value());
  if (failed(conv))
    return failure();
  ctx.setOutput(0, *conv);
  return success();
}

/// CausalConvWithState: each channel after its past_state (or k - 1
/// zeros), convolved with its own k taps without padding (a depthwise
/// 1-D convolution), plus the bias, then SiLU when asked; present_state is
/// the last k - 1 positions of the padded input.
LogicalResult convertCausalConvWithState(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0), weight = ctx.getInput(1);
  ArrayRef<int64_t> shape = shapeOf(x), taps = shapeOf(weight);
  if (shape.size() != 3 || taps.size() != 3 || taps[0] != shape[1] ||
      taps[1] != 1 || taps[2] < 1)
    return ctx.emitError() << "expects an input (batch, channels, length) "
                              "and a weight (channels, 1, k)";
  int64_t batch = shape[0], channels = shape[1], length = shape[2],
          carried = taps[2] - 1;
  std::string activation = ctx.getString("activation", "none");
  if (activation != "none" && activation != "silu" && activation != "swish")
    return ctx.emitError() << "has activation '" << activation
                           << "'; expected 'silu', 'swish' or 'none'";
  Value past;
  if (ctx.hasInput(3)) {
    past = ctx.getInput(3);
    if (shapeOf(past) != ArrayRef<int64_t>{batch, channels, carried})
      return ctx.emitError() << "expects a past_state of shape (" << batch
                             << ", " << channels << ", " << carried << ")";
  } else {
    past = c.broadcastTo(c.scalar(x, 0), {batch, channels, carried});
  }
  Value padded = carried ? c.concat({past, x}, 2) : x;
  Value bias = ctx.hasInput(2) ? ctx.getInput(2) : Value();
  Value y = ctx.create<tg::ConvOp>(padded, weight, bias,
                                   ArrayRef<int64_t>{1}, ArrayRef<int64_t>{1},
                                   ArrayRef<int64_t>{0, 0}, channels);
  if (activation != "none")
    y = c.mul(y, ctx.create<tg::SigmoidOp>(y));
  ctx.setOutput(0, y);
  // (With k = 1 nothing is carried: an empty slice at 0.)
  ctx.setOutput(1, c.sliceAxis(padded, 2, carried ? length : 0, carried));
  return success();
}

/// ConvTranspose. An explicit `output_shape` (or SAME_* auto_pad, which asks
/// for input * stride) fixes the total padding per dimension; ONNX splits
/// it with the extra element at the end for SAME_UPPER and at the
/// beginning otherwise. A negative total (an output larger than the natural
/// one) becomes output_padding.
LogicalResult convertConvTranspose(NodeContext &ctx) {
  FailureOr<int64_t> n = getSpatialRank(ctx, 0);
  if (failed(n))
    return failure();
  Value input = ctx.getInput(0), weight = ctx.getInput(1);
  Value bias = ctx.hasInput(2) ? ctx.getInput(2) : Value();
  if (shapeOf(weight).size() != shapeOf(input).size())
    return ctx.emitError() << "expected a weight of the input's rank";
  FailureOr<SmallVector<int64_t>> kernel = getConvKernel(ctx, weight);
  FailureOr<SmallVector<int64_t>> strides = getSizedInts(ctx, "strides", *n, 1);
  FailureOr<SmallVector<int64_t>> dilations =
      getSizedInts(ctx, "dilations", *n, 1);
  FailureOr<SmallVector<int64_t>> pads = getSizedInts(ctx, "pads", 2 * *n, 0);
  FailureOr<SmallVector<int64_t>> outputPadding =
      getSizedInts(ctx, "output_padding", *n, 0);
  if (failed(kernel) || failed(strides) || failed(dilations) || failed(pads) ||
      failed(outputPadding))
    return failure();
  ArrayRef<int64_t> spatial = shapeOf(input).drop_front(2);

  std::string autoPad = ctx.getString("auto_pad", "NOTSET");
  std::optional<SmallVector<int64_t>> outputShape = ctx.getInts("output_shape");
  if (autoPad == "VALID")
    pads->assign(2 * *n, 0);
  if (!outputShape && (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER")) {
    outputShape.emplace();
    for (int64_t i = 0; i < *n; ++i)
      outputShape->push_back(spatial[i] * (*strides)[i]);
  }
  if (outputShape) {
    // output_shape may list only the spatial dimensions or all of them.
    if (outputShape->size() == static_cast<size_t>(*n + 2))
      outputShape->erase(outputShape->begin(), outputShape->begin() + 2);
    if (outputShape->size() != static_cast<size_t>(*n))
      return ctx.emitError()
             << "expected " << *n << " entries in 'output_shape', got "
             << outputShape->size();
    for (int64_t i = 0; i < *n; ++i) {
      int64_t natural = (*strides)[i] * (spatial[i] - 1) + (*outputPadding)[i] +
                        ((*kernel)[i] - 1) * (*dilations)[i] + 1;
      int64_t total = natural - (*outputShape)[i];
      if (total < 0) {
        (*outputPadding)[i] -= total;
        total = 0;
      }
      splitPadding(total, autoPad == "SAME_UPPER", i, *n, *pads);
    }
  }

  int64_t group = ctx.getInt("group", 1);
  if (failed(tg::ConvTransposeOp::inferResultType(
          ctx.getLoc(), input.getType(), weight.getType(),
          bias ? bias.getType() : Type(), *strides, *dilations, *pads,
          *outputPadding, group)))
    return failure();
  ctx.setOutput(0, ctx.create<tg::ConvTransposeOp>(input, weight, bias,
                                                   *strides, *dilations, *pads,
                                                   *outputPadding, group));
  return success();
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

/// Builds a tg.pool of `kind` over input 0 from the node's kernel_shape,
/// strides, dilations, pads, auto_pad and ceil_mode attributes.
FailureOr<Value> buildPool(NodeContext &ctx, Value input, tg::PoolKind kind,
                           bool countIncludePad) {
  int64_t n = shapeOf(input).size() - 2;
  std::optional<SmallVector<int64_t>> kernel = ctx.getInts("kernel_shape");
  if (!kernel)
    return ctx.emitError() << "expected a 'kernel_shape' attribute";
  if (kernel->size() != static_cast<size_t>(n))
    return ctx.emitError() << "expected " << n
                           << " entries in 'kernel_shape', got "
                           << kernel->size();
  FailureOr<Window> window =
      getWindow(ctx, shapeOf(input).drop_front(2), *kernel);
  if (failed(window))
    return failure();
  bool ceilMode = ctx.getInt("ceil_mode", 0) != 0;
  if (failed(tg::PoolOp::inferResultType(
          ctx.getLoc(), kind, input.getType(), window->kernel, window->strides,
          window->dilations, window->pads, ceilMode)))
    return failure();
  return ctx.create<tg::PoolOp>(kind, input, window->kernel, window->strides,
                                window->dilations, window->pads, ceilMode,
                                countIncludePad);
}

/// MaxPool; its optional Indices output is a tg.pool_indices with the same
/// window, column-major with storage_order 1.
LogicalResult convertMaxPool(NodeContext &ctx) {
  if (failed(getSpatialRank(ctx, 0)))
    return failure();
  FailureOr<Value> result =
      buildPool(ctx, ctx.getInput(0), tg::PoolKind::max, false);
  if (failed(result))
    return failure();
  ctx.setOutput(0, *result);
  if (!ctx.hasOutput(1))
    return success();
  int64_t storageOrder = ctx.getInt("storage_order", 0);
  if (storageOrder != 0 && storageOrder != 1)
    return ctx.emitError() << "expected storage_order 0 or 1, got "
                           << storageOrder;
  // buildPool checked the window.
  Value input = ctx.getInput(0);
  FailureOr<Window> window = getWindow(ctx, shapeOf(input).drop_front(2),
                                       *ctx.getInts("kernel_shape"));
  if (failed(window))
    return failure();
  ctx.setOutput(1, ctx.create<tg::PoolIndicesOp>(
                       input, window->kernel, window->strides,
                       window->dilations, window->pads,
                       ctx.getInt("ceil_mode", 0) != 0, storageOrder == 1));
  return success();
}

LogicalResult convertAveragePool(NodeContext &ctx) {
  if (failed(getSpatialRank(ctx, 0)))
    return failure();
  FailureOr<Value> result = buildPool(ctx, ctx.getInput(0), tg::PoolKind::avg,
                                      ctx.getInt("count_include_pad", 0) != 0);
  if (failed(result))
    return failure();
  ctx.setOutput(0, *result);
  return success();
}

/// The window sums of a ceil_mode pooling node over `input` (N x C x D...):
/// a depthwise tg.conv with a kernel of ones whose trailing padding reaches
/// as far as the last ceil_mode window, so the part of a window past the
/// node's padding adds nothing.
FailureOr<Value> buildCeilModeSumPool(NodeContext &ctx, Value input) {
  ArrayRef<int64_t> shape = shapeOf(input);
  int64_t n = shape.size() - 2;
  std::optional<SmallVector<int64_t>> kernel = ctx.getInts("kernel_shape");
  if (!kernel)
    return ctx.emitError() << "expected a 'kernel_shape' attribute";
  if (kernel->size() != static_cast<size_t>(n))
    return ctx.emitError() << "expected " << n
                           << " entries in 'kernel_shape', got "
                           << kernel->size();
  FailureOr<Window> window = getWindow(ctx, shape.drop_front(2), *kernel);
  if (failed(window))
    return failure();
  FailureOr<RankedTensorType> pooled = tg::PoolOp::inferResultType(
      ctx.getLoc(), tg::PoolKind::avg, input.getType(), window->kernel,
      window->strides, window->dilations, window->pads, /*ceilMode=*/true);
  if (failed(pooled))
    return failure();
  SmallVector<int64_t> pads(window->pads);
  for (int64_t i = 0; i < n; ++i) {
    int64_t reach = (pooled->getDimSize(2 + i) - 1) * window->strides[i] +
                    window->dilations[i] * ((*kernel)[i] - 1) + 1;
    pads[n + i] = std::max<int64_t>(reach - shape[2 + i] - pads[i], 0);
  }
  int64_t channels = shape[1];
  SmallVector<int64_t> weightShape = {channels, 1};
  llvm::append_range(weightShape, *kernel);
  Value ones = ctx.createSplat(elementTypeOf(input), 1.0, weightShape);
  FailureOr<RankedTensorType> convType = tg::ConvOp::inferResultType(
      ctx.getLoc(), input.getType(), ones.getType(), Type(), window->strides,
      window->dilations, pads, channels);
  if (failed(convType))
    return failure();
  // The windows fit: reach >= D + pads[i] gives exactly the pooled count,
  // and otherwise no trailing padding gives at least as many.
  assert(convType->getShape() == pooled->getShape() &&
         "the convolution yields one sum per ceil_mode window");
  return ctx.create<tg::ConvOp>(input, ones, Value(), window->strides,
                                window->dilations, pads, channels);
}

/// LpPool: (sum over the window of |x|^p)^(1/p). Without ceil_mode every
/// window lies inside the padded input, so the sum is an average pool that
/// counts the padding, times the window size. In ceil_mode the last
/// windows may reach past the padding and hold fewer elements, so the sum
/// is a depthwise tg.conv with a kernel of ones, padded at the end as far
/// as the last window reaches.
LogicalResult convertLpPool(NodeContext &ctx) {
  if (failed(getSpatialRank(ctx, 0)))
    return failure();
  Value input = ctx.getInput(0);
  Type type = elementTypeOf(input);
  double p = ctx.getInt("p", 2);
  Value powered = ctx.create<tg::PowOp>(ctx.create<tg::AbsOp>(input),
                                        ctx.createSplat(type, p));
  Value sum;
  if (ctx.getInt("ceil_mode", 0) != 0) {
    FailureOr<Value> sums = buildCeilModeSumPool(ctx, powered);
    if (failed(sums))
      return failure();
    sum = *sums;
  } else {
    FailureOr<Value> mean = buildPool(ctx, powered, tg::PoolKind::avg, true);
    if (failed(mean))
      return failure();
    // buildPool checked kernel_shape.
    SmallVector<int64_t> kernel = *ctx.getInts("kernel_shape");
    int64_t windowSize = 1;
    for (int64_t k : kernel)
      windowSize *= k;
    sum = ctx.create<tg::MulOp>(*mean, ctx.createSplat(type, windowSize));
  }
  ctx.setOutput(0, ctx.create<tg::PowOp>(sum, ctx.createSplat(type, 1 / p)));
  return success();
}

/// MaxUnpool, as ONNX's reference: X scattered to the flat indices I of a
/// zero tensor of the shape that undoes the pool (`(D - 1) * stride - pads
/// + kernel`), a `tg.scatter_elements` into the flattened tensor, then
/// zero-padded at the end of every axis to `output_shape` (input 2) when
/// given.
LogicalResult convertMaxUnpool(NodeContext &ctx) {
  FailureOr<int64_t> n = getSpatialRank(ctx, 0);
  if (failed(n))
    return failure();
  Value x = ctx.getInput(0), indices = ctx.getInput(1);
  ArrayRef<int64_t> shape = shapeOf(x);
  if (shapeOf(indices) != shape)
    return ctx.emitError() << "expected indices of the input's shape, got "
                           << indices.getType();
  std::optional<SmallVector<int64_t>> kernel = ctx.getInts("kernel_shape");
  if (!kernel || kernel->size() != static_cast<size_t>(*n))
    return ctx.emitError() << "expected a 'kernel_shape' with " << *n
                           << " entries";
  FailureOr<SmallVector<int64_t>> strides = getSizedInts(ctx, "strides", *n, 1);
  FailureOr<SmallVector<int64_t>> pads = getSizedInts(ctx, "pads", 2 * *n, 0);
  if (failed(strides) || failed(pads))
    return failure();
  SmallVector<int64_t> unpooled(shape.take_front(2));
  for (int64_t i = 0; i < *n; ++i)
    unpooled.push_back((shape[2 + i] - 1) * (*strides)[i] - (*pads)[i] -
                       (*pads)[*n + i] + (*kernel)[i]);
  int64_t total = 1;
  for (int64_t d : unpooled) {
    if (d < 1)
      return ctx.emitError() << "expected a positive unpooled shape, got " << d;
    total *= d;
  }
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  Type type = elementTypeOf(x);
  Value scattered = ctx.create<tg::ScatterElementsOp>(
      tg::ScatterReductionAttr::get(ctx.getContext(),
                                    tg::ScatterReduction::none),
      ctx.createSplat(type, 0.0, {total}), reshape(ctx, indices, {count}),
      reshape(ctx, x, {count}), ctx.getBuilder().getI64IntegerAttr(0));
  Value y = reshape(ctx, scattered, unpooled);
  if (ctx.hasInput(2)) {
    FailureOr<SmallVector<int64_t>> outShape = ctx.getConstantInts(2);
    if (failed(outShape))
      return failure();
    if (outShape->size() != shape.size())
      return ctx.emitError() << "expected an output_shape of " << shape.size()
                             << " entries, got " << outShape->size();
    SmallVector<int64_t> low(shape.size(), 0), high;
    for (auto [want, have] : llvm::zip_equal(*outShape, unpooled)) {
      if (want < have)
        return ctx.emitError() << "expected an output_shape no smaller than "
                                  "the unpooled shape";
      high.push_back(want - have);
    }
    OpBuilder &b = ctx.getBuilder();
    y = ctx.create<tg::PadOp>(
        tg::PadModeAttr::get(ctx.getContext(), tg::PadMode::constant), y,
        Value(), b.getDenseI64ArrayAttr(low), b.getDenseI64ArrayAttr(high));
  }
  ctx.setOutput(0, y);
  return success();
}

/// GlobalAveragePool and GlobalMaxPool: a reduction over the spatial axes
/// that keeps them as size 1.
LogicalResult convertGlobalPool(NodeContext &ctx, tg::ReduceKind kind) {
  FailureOr<int64_t> n = getSpatialRank(ctx, 0);
  if (failed(n))
    return failure();
  SmallVector<int64_t> axes;
  for (int64_t i = 0; i < *n; ++i)
    axes.push_back(2 + i);
  ctx.setOutput(0, ctx.create<tg::ReduceOp>(kind, ctx.getInput(0), axes,
                                            /*keepdims=*/true));
  return success();
}

//===----------------------------------------------------------------------===//
// Normalizations
//===----------------------------------------------------------------------===//

/// Returns `(x - mean) * rsqrt(var + epsilon)` with mean and variance taken
/// over `axes` (kept as size 1), and sets `mean` and `invStdDev` to those
/// keepdims statistics.
Value normalize(NodeContext &ctx, Value x, ArrayRef<int64_t> axes,
                double epsilon, Value *mean = nullptr,
                Value *invStdDev = nullptr) {
  Type type = elementTypeOf(x);
  Value mu = ctx.create<tg::ReduceOp>(tg::ReduceKind::mean, x, axes, true);
  Value centered = ctx.create<tg::SubOp>(x, mu);
  Value variance = ctx.create<tg::ReduceOp>(
      tg::ReduceKind::mean, ctx.create<tg::MulOp>(centered, centered), axes,
      true);
  Value inv = ctx.create<tg::RsqrtOp>(
      ctx.create<tg::AddOp>(variance, ctx.createSplat(type, epsilon)));
  if (mean)
    *mean = mu;
  if (invStdDev)
    *invStdDev = inv;
  return ctx.create<tg::MulOp>(centered, inv);
}

/// BatchNormalization: `(x - mean) * (scale / sqrt(var + epsilon)) + B`,
/// every parameter a vector over axis 1. In training mode (opset 14 on)
/// mean and var are the batch's, over every axis but 1 (the population
/// variance), and the optional outputs 1 and 2 are the running statistics
/// `input * momentum + batch * (1 - momentum)`, as ONNX's reference has
/// them.
LogicalResult convertBatchNormalization(NodeContext &ctx) {
  bool training = ctx.getInt("training_mode", 0) != 0;
  if (training && ctx.getOpset() < 14)
    return ctx.unsupported("training_mode before opset 14");
  if (!training)
    for (unsigned i = 1; i < ctx.getNumOutputs(); ++i)
      if (ctx.hasOutput(i))
        return ctx.unsupported("the running mean and variance outputs");
  Value x = ctx.getInput(0);
  int64_t rank = shapeOf(x).size();
  if (rank < 2)
    return ctx.emitError() << "expected an input of rank 2 or more";
  Type type = elementTypeOf(x);
  int64_t channels = shapeOf(x)[1];
  SmallVector<Value> params;
  for (unsigned i = 1; i <= 4; ++i) {
    Value param = ctx.getInput(i);
    if (shapeOf(param) != ArrayRef<int64_t>{channels})
      return ctx.emitError() << "expected input " << i << " of shape ["
                             << channels << "], got " << param.getType();
    params.push_back(perChannel(ctx, castTo(ctx, param, type), rank));
  }
  Value scale = params[0], bias = params[1], mean = params[2],
        variance = params[3];
  double epsilon = ctx.getFloat("epsilon", 1e-5);
  Value centered;
  if (training) {
    SmallVector<int64_t> axes = {0};
    for (int64_t i = 2; i < rank; ++i)
      axes.push_back(i);
    // Keepdims statistics of shape [1, C, 1, ...], reshaped to [C, 1, ...].
    SmallVector<int64_t> statShape(rank - 1, 1);
    statShape[0] = channels;
    Value batchMean = ctx.create<tg::ReduceOp>(tg::ReduceKind::mean, x, axes,
                                               /*keepdims=*/true);
    centered = ctx.create<tg::SubOp>(x, batchMean);
    Value batchVar = ctx.create<tg::ReduceOp>(
        tg::ReduceKind::mean, ctx.create<tg::MulOp>(centered, centered), axes,
        /*keepdims=*/true);
    double momentum = ctx.getFloat("momentum", 0.9);
    auto running = [&](unsigned input, Value batch) {
      Value given = ctx.getInput(input);
      Type statType = elementTypeOf(given);
      Value batchStat = castTo(ctx, reshape(ctx, batch, {channels}), statType);
      // One op per statement, so the IR's order does not depend on the
      // compiler's order of evaluating arguments.
      Value weightedBatch = ctx.create<tg::MulOp>(
          batchStat, ctx.createSplat(statType, 1 - momentum));
      Value weightedGiven =
          ctx.create<tg::MulOp>(given, ctx.createSplat(statType, momentum));
      return ctx.create<tg::AddOp>(weightedGiven, weightedBatch);
    };
    if (ctx.hasOutput(1))
      ctx.setOutput(1, running(3, batchMean));
    if (ctx.hasOutput(2))
      ctx.setOutput(2, running(4, batchVar));
    variance = reshape(ctx, batchVar, statShape);
  }
  Value factor = ctx.create<tg::MulOp>(
      scale, ctx.create<tg::RsqrtOp>(ctx.create<tg::AddOp>(
                 variance, ctx.createSplat(type, epsilon))));
  if (!training)
    centered = ctx.create<tg::SubOp>(x, mean);
  ctx.setOutput(
      0, ctx.create<tg::AddOp>(ctx.create<tg::MulOp>(centered, factor), bias));
  return success();
}

/// InstanceNormalization: normalizes every (n, c) over the spatial axes, then
/// applies the per-channel scale and bias.
LogicalResult convertInstanceNormalization(NodeContext &ctx) {
  if (failed(getSpatialRank(ctx, 0)))
    return failure();
  Value x = ctx.getInput(0);
  int64_t rank = shapeOf(x).size();
  if (!isa<FloatType>(elementTypeOf(x)))
    return ctx.emitError() << "expected a float input, got "
                           << ctx.getInputType(0);
  for (unsigned i : {1u, 2u})
    if (ctx.getInputType(i).getShape() != ArrayRef<int64_t>{shapeOf(x)[1]} ||
        ctx.getInputType(i).getElementType() != elementTypeOf(x))
      return ctx.emitError()
             << "expected " << (i == 1 ? "scale" : "B") << " of "
             << elementTypeOf(x) << " with one value per channel ("
             << shapeOf(x)[1] << "), got " << ctx.getInputType(i);
  SmallVector<int64_t> axes;
  for (int64_t i = 2; i < rank; ++i)
    axes.push_back(i);
  Value normalized = normalize(ctx, x, axes, ctx.getFloat("epsilon", 1e-5));
  Value scale = perChannel(ctx, ctx.getInput(1), rank);
  Value bias = perChannel(ctx, ctx.getInput(2), rank);
  ctx.setOutput(
      0, ctx.create<tg::AddOp>(ctx.create<tg::MulOp>(normalized, scale), bias));
  return success();
}

/// LayerNormalization: normalizes over the axes from `axis` on, in f32 when
/// stash_type is 1 (the default) and the input is a narrower float, then
/// applies Scale and B, which broadcast against the trailing axes. Mean and
/// InvStdDev, when asked for, keep the normalized axes as size 1.
LogicalResult convertLayerNormalization(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  Type type = elementTypeOf(x);
  int64_t rank = shapeOf(x).size();
  int64_t axis = ctx.getInt("axis", -1);
  if (axis < -rank || axis >= rank)
    return ctx.emitError() << "axis " << axis << " is out of range for rank "
                           << rank;
  if (axis < 0)
    axis += rank;
  SmallVector<int64_t> axes;
  for (int64_t i = axis; i < rank; ++i)
    axes.push_back(i);

  if (!isa<FloatType>(type))
    return ctx.emitError() << "expected a float input, got " << x.getType();
  // Scale and B broadcast to the normalized shape and keep X's.
  for (unsigned i = 1; i < 3; ++i) {
    if (!ctx.hasInput(i))
      continue;
    RankedTensorType operand = ctx.getInputType(i);
    std::optional<SmallVector<int64_t>> shape =
        tg::broadcastShapes(shapeOf(x), operand.getShape());
    if (operand.getElementType() != type || !shape ||
        ArrayRef<int64_t>(*shape) != shapeOf(x))
      return ctx.emitError()
             << "expected " << (i == 1 ? "Scale" : "B") << " of " << type
             << " that broadcasts to X's shape, got " << operand;
  }

  Type stashType = type;
  if (ctx.getInt("stash_type", 1) == 1 && type.getIntOrFloatBitWidth() < 32)
    stashType = Float32Type::get(ctx.getContext());
  double epsilon = ctx.getFloat("epsilon", 1e-5);
  // tg.layer_norm computes in f32 for 16-bit floats and in the element type
  // otherwise; a 16-bit stash type (stash_type other than 1) keeps the
  // composition in that type. The optional Mean and InvStdDev outputs, which
  // only training graphs ask for, come from the composition's reductions.
  Value normalized, mean, invStdDev;
  if (stashType.getIntOrFloatBitWidth() >= 32)
    normalized = ctx.create<tg::LayerNormOp>(x, axis, APFloat(epsilon));
  if (!normalized || ctx.hasOutput(1) || ctx.hasOutput(2)) {
    Value composed = normalize(ctx, castTo(ctx, x, stashType), axes, epsilon,
                               &mean, &invStdDev);
    if (!normalized)
      normalized = castTo(ctx, composed, type);
  }
  Value y = ctx.create<tg::MulOp>(normalized, ctx.getInput(1));
  if (ctx.hasInput(2))
    y = ctx.create<tg::AddOp>(y, ctx.getInput(2));
  ctx.setOutput(0, y);
  if (ctx.hasOutput(1))
    ctx.setOutput(1, mean);
  if (ctx.hasOutput(2))
    ctx.setOutput(2, invStdDev);
  return success();
}

/// GroupNormalization: normalizes each group of C / num_groups channels
/// (with their spatial extent) of every sample, then applies scale and bias,
/// which hold one entry per group (opset 18) or per channel (opset 21).
LogicalResult convertGroupNormalization(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  ArrayRef<int64_t> shape = shapeOf(x);
  int64_t rank = shape.size();
  int64_t groups = ctx.getInt("num_groups", 0);
  if (rank < 2 || groups < 1 || shape[1] % groups != 0)
    return ctx.emitError() << "expected num_groups to divide the channels "
                              "(axis 1) of the input, got "
                           << groups << " and " << x.getType();
  Type type = elementTypeOf(x);
  Type stashType = type;
  if (ctx.getInt("stash_type", 1) == 1 && type.getIntOrFloatBitWidth() < 32)
    stashType = Float32Type::get(ctx.getContext());

  int64_t perGroup = shape[1] / groups;
  for (int64_t d : shape.drop_front(2))
    perGroup *= d;
  Value grouped =
      reshape(ctx, castTo(ctx, x, stashType), {shape[0], groups, perGroup});
  Value normalized = castTo(
      ctx, normalize(ctx, grouped, {2}, ctx.getFloat("epsilon", 1e-5)), type);

  Value scale = ctx.getInput(1), bias = ctx.getInput(2);
  if (shapeOf(scale).size() != 1 || shapeOf(bias) != shapeOf(scale) ||
      elementTypeOf(scale) != type || elementTypeOf(bias) != type)
    return ctx.emitError() << "expected 1-D scale and bias of one size and "
                              "the input's element type, got "
                           << scale.getType() << " and " << bias.getType();
  int64_t paramSize = shapeOf(scale).front();
  if (paramSize == groups && groups != shape[1]) {
    Value y = ctx.create<tg::AddOp>(
        ctx.create<tg::MulOp>(normalized, reshape(ctx, scale, {groups, 1})),
        reshape(ctx, bias, {groups, 1}));
    ctx.setOutput(0, reshape(ctx, y, shape));
    return success();
  }
  if (paramSize != shape[1])
    return ctx.emitError() << "expected scale and bias of " << shape[1]
                           << " (channels) or " << groups
                           << " (groups) elements";
  Value y = reshape(ctx, normalized, shape);
  y = ctx.create<tg::AddOp>(
      ctx.create<tg::MulOp>(y, perChannel(ctx, scale, rank)),
      perChannel(ctx, bias, rank));
  ctx.setOutput(0, y);
  return success();
}

/// LRN: `x / (bias + alpha / size * square_sum) ** beta`, where square_sum
/// adds x^2 over the `size` neighbouring channels. That sum is an average
/// pool over channels that counts the padding, times `size`; the input is
/// reshaped to N x 1 x C x (D1 * ... * Dn) so the channels form a spatial
/// axis.
LogicalResult convertLRN(NodeContext &ctx) {
  if (failed(getSpatialRank(ctx, 0)))
    return failure();
  Value x = ctx.getInput(0);
  ArrayRef<int64_t> shape = shapeOf(x);
  Type type = elementTypeOf(x);
  if (!isa<FloatType>(type))
    return ctx.emitError() << "expected a float input, got "
                           << ctx.getInputType(0);
  int64_t size = ctx.getInt("size", 0);
  if (size < 1)
    return ctx.emitError() << "expected a positive 'size'";
  int64_t spatial = 1;
  for (int64_t d : shape.drop_front(2))
    spatial *= d;
  // An empty input is its own (empty) result: no window to average.
  if (spatial == 0 || shape[0] == 0 || shape[1] == 0) {
    ctx.setOutput(0, x);
    return success();
  }
  Value squares = reshape(ctx, ctx.create<tg::MulOp>(x, x),
                          {shape[0], 1, shape[1], spatial});
  // The window reaches (size - 1) / 2 channels down and size / 2 up; past
  // the channels it adds only zeros, so it is clamped to them (a size of
  // 2^62 is one window over every channel, not 2^62 loop iterations).
  int64_t below = std::min((size - 1) / 2, shape[1] - 1),
          above = std::min(size / 2, shape[1] - 1);
  int64_t window = below + above + 1;
  SmallVector<int64_t> pads = {below, 0, above, 0};
  Value mean = ctx.create<tg::PoolOp>(
      tg::PoolKind::avg, squares, ArrayRef<int64_t>{window, 1},
      ArrayRef<int64_t>{1, 1}, ArrayRef<int64_t>{1, 1}, pads,
      /*ceil_mode=*/false, /*count_include_pad=*/true);
  // alpha / size * (mean * window).
  double alpha = ctx.getFloat("alpha", 1e-4) * double(window) / double(size);
  Value base = ctx.create<tg::AddOp>(
      ctx.create<tg::MulOp>(reshape(ctx, mean, shape),
                            ctx.createSplat(type, alpha)),
      ctx.createSplat(type, ctx.getFloat("bias", 1.0)));
  Value denominator = ctx.create<tg::PowOp>(
      base, ctx.createSplat(type, ctx.getFloat("beta", 0.75)));
  ctx.setOutput(0, ctx.create<tg::DivOp>(x, denominator));
  return success();
}

//===----------------------------------------------------------------------===//
// Resize, Upsample
//===----------------------------------------------------------------------===//

/// Parses a Resize/Upsample `mode`.
FailureOr<tg::ResizeMode> getResizeMode(NodeContext &ctx) {
  std::string mode = ctx.getString("mode", "nearest");
  if (mode == "nearest")
    return tg::ResizeMode::nearest;
  if (mode == "linear" || mode == "bilinear")
    return tg::ResizeMode::linear;
  if (mode == "cubic")
    return tg::ResizeMode::cubic;
  return ctx.emitError() << "unknown mode '" << mode << "'";
}

/// The options of Resize from opset 11 on that tg.resize takes as they are.
struct ResizeOptions {
  double cubicCoeffA = -0.75;
  bool excludeOutside = false;
  bool antialias = false;
  std::optional<SmallVector<double>> roi;
  double extrapolationValue = 0.0;
};

/// Builds the tg.resize of input 0 to `sizes` with `scales`, after checking
/// them.
LogicalResult buildResize(NodeContext &ctx, tg::ResizeMode mode,
                          ArrayRef<int64_t> sizes, ArrayRef<double> scales,
                          tg::CoordinateTransform transform,
                          tg::NearestMode nearestMode,
                          const ResizeOptions &options = {}) {
  Value input = ctx.getInput(0);
  std::optional<ArrayRef<double>> roi;
  if (options.roi)
    roi = *options.roi;
  if (failed(tg::ResizeOp::inferResultType(ctx.getLoc(), mode, input.getType(),
                                           sizes, scales)) ||
      failed(tg::ResizeOp::verifyResizeOptions(ctx.getLoc(), mode, sizes.size(),
                                               transform, options.antialias,
                                               options.excludeOutside, roi)))
    return failure();
  OpBuilder &b = ctx.getBuilder();
  ctx.setOutput(0, ctx.create<tg::ResizeOp>(
                       mode, input, sizes, scales, transform, nearestMode,
                       llvm::APFloat(options.cubicCoeffA),
                       options.excludeOutside, options.antialias,
                       roi ? b.getDenseF64ArrayAttr(*roi) : nullptr,
                       llvm::APFloat(options.extrapolationValue)));
  return success();
}

/// Returns the sizes for `scales`: floor(input dimension * scale).
SmallVector<int64_t> getScaledSizes(ArrayRef<int64_t> shape,
                                    ArrayRef<double> scales) {
  SmallVector<int64_t> sizes;
  for (auto [dim, scale] : llvm::zip_equal(shape, scales))
    sizes.push_back(static_cast<int64_t>(std::floor(dim * scale)));
  return sizes;
}

/// Resize, opsets 10 to 19. Opset 10 takes (X, scales) and resizes like
/// Upsample; from 11 on the inputs are (X, roi, scales, sizes), exactly one
/// of scales and sizes given (and constant), and roi (constant) only read
/// by tf_crop_and_resize. From 18 on, `axes` restricts them to some axes,
/// keep_aspect_ratio_policy may shrink or grow sizes to one common scale,
/// and antialias widens linear and cubic kernels when downsampling.
LogicalResult convertResize(NodeContext &ctx) {
  FailureOr<tg::ResizeMode> mode = getResizeMode(ctx);
  if (failed(mode))
    return failure();
  ArrayRef<int64_t> shape = ctx.getInputType(0).getShape();
  int64_t rank = shape.size();
  if (ctx.getOpset() < 11) {
    FailureOr<SmallVector<double>> scales = ctx.getConstantFloats(1);
    if (failed(scales))
      return failure();
    if (scales->size() != static_cast<size_t>(rank))
      return ctx.emitError() << "expected " << rank << " scales";
    return buildResize(ctx, *mode, getScaledSizes(shape, *scales), *scales,
                       tg::CoordinateTransform::asymmetric,
                       tg::NearestMode::floor);
  }

  std::string transformName =
      ctx.getString("coordinate_transformation_mode", "half_pixel");
  std::optional<tg::CoordinateTransform> transform =
      tg::symbolizeCoordinateTransform(transformName);
  if (!transform)
    return ctx.unsupported("coordinate_transformation_mode '" + transformName +
                           "'");
  std::string nearestName = ctx.getString("nearest_mode", "round_prefer_floor");
  std::optional<tg::NearestMode> nearestMode =
      tg::symbolizeNearestMode(nearestName);
  if (!nearestMode)
    return ctx.emitError() << "unknown nearest_mode '" << nearestName << "'";

  SmallVector<int64_t> axes;
  if (std::optional<SmallVector<int64_t>> attr = ctx.getInts("axes")) {
    for (int64_t axis : *attr) {
      if (axis < -rank || axis >= rank)
        return ctx.emitError()
               << "axis " << axis << " is out of range for rank " << rank;
      axes.push_back(axis < 0 ? axis + rank : axis);
    }
  } else {
    for (int64_t i = 0; i < rank; ++i)
      axes.push_back(i);
  }

  SmallVector<int64_t> sizes(shape);
  SmallVector<double> scales(rank, 1.0);
  bool hasScales = false;
  if (ctx.hasInput(2)) {
    FailureOr<SmallVector<double>> given = ctx.getConstantFloats(2);
    if (failed(given))
      return failure();
    hasScales = !given->empty();
    if (hasScales) {
      if (given->size() != axes.size())
        return ctx.emitError() << "expected " << axes.size() << " scales, got "
                               << given->size();
      for (auto [axis, scale] : llvm::zip_equal(axes, *given))
        scales[axis] = scale;
      sizes = getScaledSizes(shape, scales);
    }
  }
  if (!hasScales) {
    if (!ctx.hasInput(3))
      return ctx.emitError() << "expected scales or sizes";
    FailureOr<SmallVector<int64_t>> given = ctx.getConstantInts(3);
    if (failed(given))
      return failure();
    if (given->size() != axes.size())
      return ctx.emitError()
             << "expected " << axes.size() << " sizes, got " << given->size();
    std::string policy = ctx.getString("keep_aspect_ratio_policy", "stretch");
    if (policy != "stretch" && policy != "not_larger" &&
        policy != "not_smaller")
      return ctx.emitError()
             << "unknown keep_aspect_ratio_policy '" << policy << "'";
    std::optional<double> common;
    for (auto [axis, size] : llvm::zip_equal(axes, *given)) {
      double scale = static_cast<double>(size) / shape[axis];
      scales[axis] = scale;
      sizes[axis] = size;
      if (policy == "not_larger")
        common = common ? std::min(*common, scale) : scale;
      else if (policy == "not_smaller")
        common = common ? std::max(*common, scale) : scale;
    }
    if (common) {
      for (int64_t axis : axes) {
        scales[axis] = *common;
        sizes[axis] = static_cast<int64_t>(std::round(*common * shape[axis]));
      }
    }
  }
  ResizeOptions options;
  options.cubicCoeffA = ctx.getFloat("cubic_coeff_a", -0.75);
  options.extrapolationValue = ctx.getFloat("extrapolation_value", 0.0);
  if (*mode != tg::ResizeMode::nearest) {
    options.excludeOutside = ctx.getInt("exclude_outside", 0) != 0;
    options.antialias = ctx.getInt("antialias", 0) != 0;
  }
  if (*transform == tg::CoordinateTransform::tf_crop_and_resize) {
    if (*mode == tg::ResizeMode::nearest)
      return ctx.unsupported("mode 'nearest' with tf_crop_and_resize");
    if (!ctx.hasInput(1))
      return ctx.emitError() << "expected a roi for tf_crop_and_resize";
    FailureOr<SmallVector<double>> given = ctx.getConstantFloats(1);
    if (failed(given))
      return failure();
    if (given->size() != 2 * axes.size())
      return ctx.emitError() << "expected " << 2 * axes.size()
                             << " roi entries, got " << given->size();
    // The roi of the axes not resized is the whole axis.
    SmallVector<double> roi(rank, 0.0);
    roi.append(rank, 1.0);
    for (auto [i, axis] : llvm::enumerate(axes)) {
      roi[axis] = (*given)[i];
      roi[rank + axis] = (*given)[axes.size() + i];
    }
    options.roi = std::move(roi);
  }
  return buildResize(ctx, *mode, sizes, scales, *transform, *nearestMode,
                     options);
}

/// Upsample (opsets 7 to 9): scales from the attribute (7) or input 1 (9),
/// asymmetric coordinates, nearest rounding down.
LogicalResult convertUpsample(NodeContext &ctx) {
  FailureOr<tg::ResizeMode> mode = getResizeMode(ctx);
  if (failed(mode))
    return failure();
  ArrayRef<int64_t> shape = ctx.getInputType(0).getShape();
  SmallVector<double> scales;
  if (ctx.hasInput(1)) {
    FailureOr<SmallVector<double>> given = ctx.getConstantFloats(1);
    if (failed(given))
      return failure();
    scales = std::move(*given);
  } else if (std::optional<SmallVector<double>> attr =
                 ctx.getFloats("scales")) {
    scales = std::move(*attr);
  }
  if (scales.size() != shape.size())
    return ctx.emitError() << "expected " << shape.size() << " scales, got "
                           << scales.size();
  return buildResize(ctx, *mode, getScaledSizes(shape, scales), scales,
                     tg::CoordinateTransform::asymmetric,
                     tg::NearestMode::floor);
}

} // namespace

void aotc::onnximport::registerNNConverters(ConverterRegistry &registry) {
  registry.add("CausalConvWithState", {2, 4}, convertCausalConvWithState);
  registry.add("Conv", {2, 3}, convertConv);
  registry.add("ConvTranspose", {2, 3}, convertConvTranspose);
  registry.add("MaxPool", {1, 1}, convertMaxPool);
  registry.add("AveragePool", {1, 1}, convertAveragePool);
  registry.add("LpPool", {1, 1}, convertLpPool);
  registry.add("MaxUnpool", {2, 3}, convertMaxUnpool);
  registry.add("GlobalAveragePool", {1, 1}, [](NodeContext &ctx) {
    return convertGlobalPool(ctx, tg::ReduceKind::mean);
  });
  registry.add("GlobalMaxPool", {1, 1}, [](NodeContext &ctx) {
    return convertGlobalPool(ctx, tg::ReduceKind::max);
  });
  registry.add("BatchNormalization", {5, 5}, convertBatchNormalization);
  registry.add("InstanceNormalization", {3, 3}, convertInstanceNormalization);
  registry.add("LayerNormalization", {2, 3}, convertLayerNormalization);
  registry.add("GroupNormalization", {3, 3}, convertGroupNormalization);
  registry.add("LRN", {1, 1}, convertLRN);
  registry.add("Resize", {{1, {2, 2}}, {11, {3, 4}}, {13, {1, 4}}},
               convertResize);
  registry.add("Upsample", {{1, {1, 1}}, {9, {2, 2}}}, convertUpsample);
}
