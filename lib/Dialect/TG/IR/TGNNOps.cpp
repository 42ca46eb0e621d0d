//===- TGNNOps.cpp - Neural-network ops of the tg dialect -----------------===//
//
// Type inference of the ops in TGNNOps.td: tg.conv, tg.conv_transpose,
// tg.pool, tg.pool_indices and tg.resize. Each op's shape rule is a free
// function here that reports a user-facing error at `loc` (when given) and
// fails; the ops' `inferReturnTypes` call it, so the rule is checked both while
// the custom form is parsed and by the verifier. Messages follow
// TGTypeInference.cpp: lowercase, what was expected first, then what was found.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <type_traits>

using namespace mlir;
using namespace aotc::tg;

namespace {

/// Formats a list of numbers as `[2, 3]` or `[0.5, 2]` for diagnostics.
template <typename T> std::string listStr(ArrayRef<T> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(values, os, [&](T value) {
    if constexpr (std::is_floating_point_v<T>)
      os << llvm::format("%g", value);
    else
      os << value;
  });
  os << "]";
  return s;
}

/// Reports `msg` at `loc` when a location is given; always fails.
LogicalResult fail(std::optional<Location> loc, const Twine &msg) {
  if (loc)
    emitError(*loc) << msg;
  return failure();
}

/// Reports that `what` needs a float element type but got `type`; fails.
LogicalResult failFloat(std::optional<Location> loc, StringRef what,
                        Type type) {
  if (loc)
    emitError(*loc) << "expected a float element type for " << what << ", got "
                    << type;
  return failure();
}

/// Checks that the attribute `name` has `size` entries, each at least
/// `minValue`; `what` describes the entries ("positive").
LogicalResult verifyList(std::optional<Location> loc, StringRef name,
                         ArrayRef<int64_t> values, size_t size,
                         int64_t minValue, StringRef what) {
  if (values.size() != size)
    return fail(loc, "expected " + name + " with " + Twine(size) +
                         " entries, got " + listStr(values));
  for (int64_t value : values)
    if (value < minValue)
      return fail(loc,
                  "expected " + what + " " + name + ", got " + listStr(values));
  return success();
}

/// Checks the rank of a channels-first `input` (N x C x D1 ... Dn, n >= 1)
/// and returns n.
FailureOr<int64_t> getSpatialRank(std::optional<Location> loc,
                                  RankedTensorType input) {
  if (input.getRank() < 3)
    return fail(loc, "expected an input of rank 3 or more (N x C x D1 ... "
                     "Dn), got " +
                         listStr(input.getShape()));
  return input.getRank() - 2;
}

/// Checks strides, dilations and pads of an n-d window op.
LogicalResult verifyWindow(std::optional<Location> loc, int64_t n,
                           ArrayRef<int64_t> strides,
                           ArrayRef<int64_t> dilations,
                           ArrayRef<int64_t> pads) {
  if (failed(verifyList(loc, "strides", strides, n, 1, "positive")) ||
      failed(verifyList(loc, "dilations", dilations, n, 1, "positive")) ||
      failed(verifyList(loc, "pads", pads, 2 * n, 0, "non-negative")))
    return failure();
  return success();
}

/// Checks the weight and bias of a (transposed) convolution against the
/// input and sets `outChannels` (M): the weight has the input's rank, its
/// input-channel dimension (dim 0 of a transposed convolution's weight, dim 1
/// times group of a convolution's) matches C, `group` divides C (and M of a
/// convolution), and a bias, when given, has M elements.
LogicalResult verifyConvOperands(std::optional<Location> loc,
                                 RankedTensorType input,
                                 RankedTensorType weight, Type biasType,
                                 int64_t group, bool transposed,
                                 int64_t &outChannels) {
  if (weight.getRank() != input.getRank())
    return fail(loc, "expected a weight of rank " + Twine(input.getRank()) +
                         " like the input, got " + listStr(weight.getShape()));
  if (group < 1)
    return fail(loc, "expected a positive group, got " + Twine(group));
  int64_t channels = input.getDimSize(1);
  if (channels % group != 0)
    return fail(loc, "expected input channels (" + Twine(channels) +
                         ") divisible by group (" + Twine(group) + ")");
  if (transposed) {
    if (weight.getDimSize(0) != channels)
      return fail(loc, "expected weight dimension 0 to be the input "
                       "channels (" +
                           Twine(channels) + "), got " +
                           listStr(weight.getShape()));
    outChannels = weight.getDimSize(1) * group;
  } else {
    if (weight.getDimSize(1) * group != channels)
      return fail(loc, "expected weight dimension 1 to be input channels / "
                       "group (" +
                           Twine(channels / group) + "), got " +
                           listStr(weight.getShape()));
    outChannels = weight.getDimSize(0);
    if (outChannels % group != 0)
      return fail(loc, "expected output channels (" + Twine(outChannels) +
                           ") divisible by group (" + Twine(group) + ")");
  }
  if (!biasType)
    return success();
  FailureOr<RankedTensorType> bias = getStaticTensorType(loc, biasType);
  if (failed(bias))
    return failure();
  if (bias->getRank() != 1 || bias->getDimSize(0) != outChannels)
    return fail(loc, "expected a bias of shape [" + Twine(outChannels) +
                         "] (the output channels), got " +
                         listStr(bias->getShape()));
  return success();
}

/// Appends the spatial output size of a window op: floor (or ceil) of
/// `extent / stride` plus one, where `extent` is the padded input size minus
/// the dilated window size; `dim` names the spatial dimension.
LogicalResult appendWindowCount(std::optional<Location> loc, int64_t dim,
                                int64_t extent, int64_t stride,
                                SmallVectorImpl<int64_t> &shape) {
  if (extent < 0)
    return fail(loc, "expected the dilated window to fit the padded input in "
                     "spatial dimension " +
                         Twine(dim) + ", got " + Twine(-extent) +
                         " elements too few");
  shape.push_back(extent / stride + 1);
  return success();
}

/// Returns the group of a (transposed) convolution. While the custom form is
/// parsed, type inference runs before the default (1) is filled in.
int64_t getGroupOrDefault(IntegerAttr group) {
  return group ? group.getInt() : 1;
}

/// Builds a tensor type of `shape` with the element type of `like`.
RankedTensorType withShape(RankedTensorType like, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, like.getElementType());
}

/// Pushes an inferred type into `types`, or fails.
LogicalResult pushType(FailureOr<RankedTensorType> type,
                       SmallVectorImpl<Type> &types) {
  if (failed(type))
    return failure();
  types.push_back(*type);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// ConvOp, ConvTransposeOp
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
ConvOp::inferResultType(std::optional<Location> loc, Type inputType,
                        Type weightType, Type biasType,
                        ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations,
                        ArrayRef<int64_t> pads, int64_t group) {
  FailureOr<RankedTensorType> input = getStaticTensorType(loc, inputType);
  if (failed(input))
    return failure();
  FailureOr<RankedTensorType> weight = getStaticTensorType(loc, weightType);
  if (failed(weight))
    return failure();
  FailureOr<int64_t> n = getSpatialRank(loc, *input);
  if (failed(n))
    return failure();
  int64_t outChannels;
  if (failed(verifyConvOperands(loc, *input, *weight, biasType, group,
                                /*transposed=*/false, outChannels)) ||
      failed(verifyWindow(loc, *n, strides, dilations, pads)))
    return failure();

  SmallVector<int64_t> shape = {input->getDimSize(0), outChannels};
  for (int64_t i = 0; i < *n; ++i) {
    int64_t extent = input->getDimSize(2 + i) + pads[i] + pads[*n + i] -
                     dilations[i] * (weight->getDimSize(2 + i) - 1) - 1;
    if (failed(appendWindowCount(loc, i, extent, strides[i], shape)))
      return failure();
  }
  return withShape(*input, shape);
}

/// An empty constant for a result with a zero-size dimension; null
/// otherwise. A convolution with no output channels (or none in a group)
/// computes nothing, and its lowering need not handle a group of zero.
static OpFoldResult foldEmptyResult(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() || tensor.getNumElements() != 0)
    return {};
  return DenseElementsAttr::get(tensor, ArrayRef<Attribute>{});
}

OpFoldResult ConvOp::fold(FoldAdaptor) { return foldEmptyResult(getType()); }

OpFoldResult ConvTransposeOp::fold(FoldAdaptor) {
  return foldEmptyResult(getType());
}

LogicalResult ConvOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  Value bias = adaptor.getBias();
  return pushType(inferResultType(loc, adaptor.getInput().getType(),
                                  adaptor.getWeight().getType(),
                                  bias ? bias.getType() : Type(),
                                  adaptor.getStrides(), adaptor.getDilations(),
                                  adaptor.getPads(),
                                  getGroupOrDefault(adaptor.getGroupAttr())),
                  types);
}

FailureOr<RankedTensorType> ConvTransposeOp::inferResultType(
    std::optional<Location> loc, Type inputType, Type weightType, Type biasType,
    ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations,
    ArrayRef<int64_t> pads, ArrayRef<int64_t> outputPadding, int64_t group) {
  FailureOr<RankedTensorType> input = getStaticTensorType(loc, inputType);
  if (failed(input))
    return failure();
  FailureOr<RankedTensorType> weight = getStaticTensorType(loc, weightType);
  if (failed(weight))
    return failure();
  FailureOr<int64_t> n = getSpatialRank(loc, *input);
  if (failed(n))
    return failure();
  int64_t outChannels;
  if (failed(verifyConvOperands(loc, *input, *weight, biasType, group,
                                /*transposed=*/true, outChannels)) ||
      failed(verifyWindow(loc, *n, strides, dilations, pads)) ||
      failed(verifyList(loc, "output_padding", outputPadding, *n, 0,
                        "non-negative")))
    return failure();

  SmallVector<int64_t> shape = {input->getDimSize(0), outChannels};
  for (int64_t i = 0; i < *n; ++i) {
    int64_t size = strides[i] * (input->getDimSize(2 + i) - 1) +
                   outputPadding[i] +
                   dilations[i] * (weight->getDimSize(2 + i) - 1) + 1 -
                   pads[i] - pads[*n + i];
    if (size < 1)
      return fail(loc, "expected a positive output size in spatial "
                       "dimension " +
                           Twine(i) + ", got " + Twine(size));
    shape.push_back(size);
  }
  return withShape(*input, shape);
}

LogicalResult ConvTransposeOp::inferReturnTypes(MLIRContext *,
                                                std::optional<Location> loc,
                                                Adaptor adaptor,
                                                SmallVectorImpl<Type> &types) {
  Value bias = adaptor.getBias();
  return pushType(inferResultType(loc, adaptor.getInput().getType(),
                                  adaptor.getWeight().getType(),
                                  bias ? bias.getType() : Type(),
                                  adaptor.getStrides(), adaptor.getDilations(),
                                  adaptor.getPads(), adaptor.getOutputPadding(),
                                  getGroupOrDefault(adaptor.getGroupAttr())),
                  types);
}

//===----------------------------------------------------------------------===//
// PoolOp
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
PoolOp::inferResultType(std::optional<Location> loc, PoolKind kind,
                        Type inputType, ArrayRef<int64_t> kernel,
                        ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations,
                        ArrayRef<int64_t> pads, bool ceilMode) {
  FailureOr<RankedTensorType> input = getStaticTensorType(loc, inputType);
  if (failed(input))
    return failure();
  FailureOr<int64_t> n = getSpatialRank(loc, *input);
  if (failed(n))
    return failure();
  if (kind == PoolKind::avg && !isa<FloatType>(input->getElementType()))
    return failFloat(loc, "avg pooling", input->getElementType());
  if (failed(verifyList(loc, "kernel", kernel, *n, 1, "positive")) ||
      failed(verifyWindow(loc, *n, strides, dilations, pads)))
    return failure();

  SmallVector<int64_t> shape(input->getShape().take_front(2));
  for (int64_t i = 0; i < *n; ++i) {
    int64_t size = input->getDimSize(2 + i);
    int64_t extent =
        size + pads[i] + pads[*n + i] - dilations[i] * (kernel[i] - 1) - 1;
    if (extent >= 0 && ceilMode) {
      // Round up, but drop a last window that would start past the input
      // and its leading padding (ONNX and PyTorch agree on this).
      int64_t count = llvm::divideCeil(extent, strides[i]) + 1;
      if ((count - 1) * strides[i] >= size + pads[i])
        --count;
      shape.push_back(count);
      continue;
    }
    if (failed(appendWindowCount(loc, i, extent, strides[i], shape)))
      return failure();
  }
  return withShape(*input, shape);
}

LogicalResult PoolOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  return pushType(inferResultType(loc, adaptor.getKind(),
                                  adaptor.getInput().getType(),
                                  adaptor.getKernel(), adaptor.getStrides(),
                                  adaptor.getDilations(), adaptor.getPads(),
                                  adaptor.getCeilMode()),
                  types);
}

//===----------------------------------------------------------------------===//
// PoolIndicesOp
//===----------------------------------------------------------------------===//

LogicalResult PoolIndicesOp::inferReturnTypes(MLIRContext *context,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> pooled = PoolOp::inferResultType(
      loc, PoolKind::max, adaptor.getInput().getType(), adaptor.getKernel(),
      adaptor.getStrides(), adaptor.getDilations(), adaptor.getPads(),
      adaptor.getCeilMode());
  if (failed(pooled))
    return failure();
  types.push_back(
      RankedTensorType::get(pooled->getShape(), IntegerType::get(context, 64)));
  return success();
}

//===----------------------------------------------------------------------===//
// ResizeOp
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
ResizeOp::inferResultType(std::optional<Location> loc, ResizeMode mode,
                          Type inputType, ArrayRef<int64_t> sizes,
                          ArrayRef<double> scales) {
  FailureOr<RankedTensorType> input = getStaticTensorType(loc, inputType);
  if (failed(input))
    return failure();
  int64_t rank = input->getRank();
  if (mode != ResizeMode::nearest && !isa<FloatType>(input->getElementType()))
    return failFloat(loc, (stringifyResizeMode(mode) + " resize").str(),
                     input->getElementType());
  if (failed(verifyList(loc, "sizes", sizes, rank, 1, "positive")))
    return failure();
  if (input->getNumElements() == 0)
    return fail(loc, "expected an input with elements to resample, got " +
                         listStr(input->getShape()));
  if (scales.size() != static_cast<size_t>(rank))
    return fail(loc, "expected scales with " + Twine(rank) + " entries, got " +
                         listStr(scales));
  for (double scale : scales)
    if (!(scale > 0) || !std::isfinite(scale))
      return fail(loc,
                  "expected positive finite scales, got " + listStr(scales));
  return withShape(*input, sizes);
}

LogicalResult ResizeOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  return pushType(inferResultType(loc, adaptor.getMode(),
                                  adaptor.getInput().getType(),
                                  adaptor.getSizes(), adaptor.getScales()),
                  types);
}

LogicalResult
ResizeOp::verifyResizeOptions(std::optional<Location> loc, ResizeMode mode,
                              int64_t rank, CoordinateTransform transform,
                              bool antialias, bool excludeOutside,
                              std::optional<ArrayRef<double>> roi) {
  if (mode == ResizeMode::nearest && (antialias || excludeOutside))
    return fail(loc, "expected a linear or cubic resize for antialias and "
                     "exclude_outside, got nearest");
  bool crop = transform == CoordinateTransform::tf_crop_and_resize;
  if (crop && !roi)
    return fail(loc, "expected a roi for tf_crop_and_resize");
  if (!crop && roi)
    return fail(loc, "expected no roi without tf_crop_and_resize, got " +
                         listStr(*roi));
  if (roi && roi->size() != static_cast<size_t>(2 * rank))
    return fail(loc, "expected roi with " + Twine(2 * rank) +
                         " entries (starts, then ends), got " + listStr(*roi));
  if (roi && !llvm::all_of(*roi, [](double v) { return std::isfinite(v); }))
    return fail(loc, "expected finite roi, got " + listStr(*roi));
  return success();
}

LogicalResult ResizeOp::verify() {
  return verifyResizeOptions(
      getLoc(), getMode(), getInput().getType().getRank(),
      getCoordinateTransform(), getAntialias(), getExcludeOutside(), getRoi());
}

//===----------------------------------------------------------------------===//
// Winograd transforms
//===----------------------------------------------------------------------===//

LogicalResult WinogradInputOp::verify() {
  RankedTensorType input = getInput().getType(), result = getType();
  if (!input.getElementType().isF32() || input.getRank() != 4)
    return emitOpError("expected an f32 image N x H x W x C, got ") << input;
  int64_t height = input.getDimSize(1), width = input.getDimSize(2);
  if (height < 6 || width < 6 || (height - 2) % 4 != 0 ||
      (width - 2) % 4 != 0)
    return emitOpError("expected the image's height and width to be 4 * "
                       "tiles + 2, at least 6, got ")
           << input;
  auto expected = RankedTensorType::get(
      {6, 6, input.getDimSize(0), (height - 2) / 4, (width - 2) / 4,
       input.getDimSize(3)},
      input.getElementType());
  if (result != expected)
    return emitOpError("expected the result ") << expected << ", got "
                                               << result;
  return success();
}

LogicalResult WinogradOutputOp::verify() {
  RankedTensorType input = getInput().getType(), result = getType();
  if (!input.getElementType().isF32() || input.getRank() != 6 ||
      input.getDimSize(0) != 6 || input.getDimSize(1) != 6)
    return emitOpError("expected f32 products 6 x 6 x N x TH x TW x K, got ")
           << input;
  auto expected = RankedTensorType::get(
      {input.getDimSize(2), 4 * input.getDimSize(3), 4 * input.getDimSize(4),
       input.getDimSize(5)},
      input.getElementType());
  if (result != expected)
    return emitOpError("expected the result ") << expected << ", got "
                                               << result;
  return success();
}
