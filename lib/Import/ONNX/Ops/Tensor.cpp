//===- Tensor.cpp - ONNX shape and data-movement op converters ------------===//
//
// Constant, Identity, Shape, Size, Reshape, Flatten, Squeeze, Unsqueeze,
// Transpose, Concat, Split, Slice, Expand, Tile, ConstantOfShape, Range,
// DepthToSpace and SpaceToDepth. Every shape is static, so Shape and Size
// become constants and the ops that take a shape as an input (Reshape,
// Expand, ...) read it as a compile-time constant, usually folded from a
// Shape -> Gather -> Concat chain.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Dialect/TG/IR/TGTypeInference.h"

#include "onnx/onnx_pb.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

static Value createI64Constant(NodeContext &ctx, ArrayRef<int64_t> values,
                               ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, ctx.getBuilder().getI64Type());
  return ctx.createConstant(DenseElementsAttr::get(type, values));
}

/// The axes of Squeeze/Unsqueeze/ReduceX-style nodes: the `axes` attribute
/// before `inputSinceOpset`, input 1 from then on; std::nullopt when absent.
static FailureOr<std::optional<SmallVector<int64_t>>>
getAxes(NodeContext &ctx, int64_t inputSinceOpset) {
  if (ctx.getOpset() < inputSinceOpset)
    return ctx.getInts("axes");
  if (!ctx.hasInput(1))
    return std::optional<SmallVector<int64_t>>();
  FailureOr<SmallVector<int64_t>> axes = ctx.getConstantInts(1);
  if (failed(axes))
    return failure();
  return std::optional<SmallVector<int64_t>>(*axes);
}

//===----------------------------------------------------------------------===//
// Constants and shapes
//===----------------------------------------------------------------------===//

static LogicalResult convertConstant(NodeContext &ctx) {
  Builder &b = ctx.getBuilder();
  if (ctx.hasAttr("value")) {
    FailureOr<ElementsAttr> value = ctx.getTensorAttr("value");
    if (failed(value))
      return failure();
    Value constant = ctx.createConstant(*value);
    ctx.setOutput(0, constant);
    if (ctx.isUnsignedTensorAttr("value"))
      ctx.markUnsigned(constant);
    if (int dataType = ctx.getTensorAttrLowPrecisionType("value"))
      ctx.markLowPrecision(constant, dataType);
    return success();
  }
  if (ctx.hasAttr("value_float")) {
    ctx.setOutput(0, ctx.createSplat(b.getF32Type(),
                                     ctx.getFloat("value_float", 0)));
    return success();
  }
  if (ctx.hasAttr("value_int")) {
    ctx.setOutput(0, createI64Constant(ctx, {ctx.getInt("value_int", 0)}, {}));
    return success();
  }
  if (auto ints = ctx.getInts("value_ints")) {
    ctx.setOutput(0, createI64Constant(ctx, *ints,
                                       {static_cast<int64_t>(ints->size())}));
    return success();
  }
  if (auto floats = ctx.getFloats("value_floats")) {
    SmallVector<float> values(floats->begin(), floats->end());
    auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                      b.getF32Type());
    ctx.setOutput(0, ctx.createConstant(
                         DenseElementsAttr::get(type, ArrayRef(values))));
    return success();
  }
  for (StringRef attr : {"sparse_value", "value_string", "value_strings"})
    if (ctx.hasAttr(attr))
      return ctx.unsupported(("attribute '" + attr + "'").str());
  return ctx.emitError() << "has no value attribute";
}

static LogicalResult convertIdentity(NodeContext &ctx) {
  ctx.setOutput(0, ctx.getInput(0));
  return success();
}

static LogicalResult convertShape(NodeContext &ctx) {
  ArrayRef<int64_t> shape = ctx.getInputType(0).getShape();
  int64_t rank = shape.size();
  int64_t start = ctx.getInt("start", 0), end = ctx.getInt("end", rank);
  auto clampIndex = [&](int64_t index) {
    if (index < 0)
      index += rank;
    return std::clamp<int64_t>(index, 0, rank);
  };
  start = clampIndex(start);
  end = std::max(start, clampIndex(end));
  ArrayRef<int64_t> dims = shape.slice(start, end - start);
  ctx.setOutput(0, createI64Constant(ctx, dims,
                                     {static_cast<int64_t>(dims.size())}));
  return success();
}

static LogicalResult convertSize(NodeContext &ctx) {
  ctx.setOutput(0, createI64Constant(
                       ctx, {ctx.getInputType(0).getNumElements()}, {}));
  return success();
}

static LogicalResult convertConstantOfShape(NodeContext &ctx) {
  FailureOr<SmallVector<int64_t>> shape = ctx.getConstantInts(0);
  if (failed(shape))
    return failure();
  for (int64_t dim : *shape)
    if (dim < 0)
      return ctx.emitError() << "shape has a negative dimension " << dim;
  auto type = RankedTensorType::get(*shape, ctx.getBuilder().getF32Type());
  Attribute element = ctx.getBuilder().getF32FloatAttr(0);
  if (ctx.hasAttr("value")) {
    FailureOr<ElementsAttr> value = ctx.getTensorAttr("value");
    if (failed(value))
      return failure();
    if (value->getNumElements() != 1)
      return ctx.emitError() << "'value' must hold exactly one element";
    auto dense = dyn_cast<DenseElementsAttr>(*value);
    if (!dense)
      return ctx.emitError() << "'value' must be an inline tensor";
    type = RankedTensorType::get(*shape, dense.getElementType());
    element = dense.getSplatValue<Attribute>();
  }
  Value constant = ctx.createConstant(DenseElementsAttr::get(type, element));
  ctx.setOutput(0, constant);
  if (ctx.hasAttr("value") && ctx.isUnsignedTensorAttr("value"))
    ctx.markUnsigned(constant);
  if (int dataType = ctx.getTensorAttrLowPrecisionType("value"))
    ctx.markLowPrecision(constant, dataType);
  return success();
}

/// Range's output is computed at compile time: more elements than this
/// (64 MiB of f32) are refused rather than built.
constexpr int64_t kMaxRangeElements = int64_t(1) << 24;

/// Checks Range's element count, computed in double so that no bound
/// overflows: finite, and at most kMaxRangeElements.
static FailureOr<int64_t> getRangeCount(NodeContext &ctx, double start,
                                        double limit, double delta) {
  if (delta == 0)
    return ctx.emitError() << "delta is zero";
  double count = std::ceil((limit - start) / delta);
  if (!std::isfinite(count))
    return ctx.emitError() << "start, limit and delta give no finite "
                              "number of elements";
  if (count > double(kMaxRangeElements)) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.0f", count);
    return ctx.emitError() << "gives " << text << " elements; at most "
                           << kMaxRangeElements
                           << " are computed at compile time";
  }
  return std::max<int64_t>(int64_t(count), 0);
}

static LogicalResult convertRange(NodeContext &ctx) {
  Type elementType = ctx.getInputType(0).getElementType();
  // The output's length depends on the values: they must be constants.
  for (unsigned i = 0; i < 3; ++i)
    if (failed(ctx.getConstantFloats(i)))
      return failure();
  if (isa<FloatType>(elementType)) {
    double start = (*ctx.getConstantFloats(0))[0];
    double limit = (*ctx.getConstantFloats(1))[0];
    double delta = (*ctx.getConstantFloats(2))[0];
    FailureOr<int64_t> count = getRangeCount(ctx, start, limit, delta);
    if (failed(count))
      return failure();
    auto type = RankedTensorType::get({*count}, elementType);
    SmallVector<APFloat> values;
    for (int64_t i = 0; i < *count; ++i) {
      APFloat v(start + i * delta);
      bool lost;
      v.convert(cast<FloatType>(elementType).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &lost);
      values.push_back(v);
    }
    ctx.setOutput(0, ctx.createConstant(DenseElementsAttr::get(type, values)));
    return success();
  }
  int64_t start = (*ctx.getConstantInts(0))[0];
  int64_t limit = (*ctx.getConstantInts(1))[0];
  int64_t delta = (*ctx.getConstantInts(2))[0];
  // The count as doubles first: limit - start + delta may overflow int64.
  FailureOr<int64_t> bound =
      getRangeCount(ctx, double(start), double(limit), double(delta));
  if (failed(bound))
    return failure();
  // Exact in 128 bits (the double may be off by one for huge bounds).
  __int128 span = __int128(limit) - start + delta + (delta > 0 ? -1 : 1);
  int64_t count = std::max<int64_t>(
      int64_t(std::min<__int128>(span / delta, kMaxRangeElements)), 0);
  auto type = RankedTensorType::get({count}, elementType);
  SmallVector<APInt> values;
  for (int64_t i = 0; i < count; ++i)
    values.push_back(APInt(elementType.getIntOrFloatBitWidth(),
                           uint64_t(start) + uint64_t(i) * uint64_t(delta),
                           /*isSigned=*/true, /*implicitTrunc=*/true));
  ctx.setOutput(0, ctx.createConstant(DenseElementsAttr::get(type, values)));
  return success();
}

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

static LogicalResult convertReshape(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  SmallVector<int64_t> shape;
  if (ctx.getOpset() < 5) {
    shape = ctx.getInts("shape").value_or(SmallVector<int64_t>());
  } else {
    FailureOr<SmallVector<int64_t>> given = ctx.getConstantInts(1);
    if (failed(given))
      return failure();
    shape = *given;
  }
  bool allowZero = ctx.getInt("allowzero", 0) != 0;
  int64_t inferred = -1, known = 1;
  for (auto [i, dim] : llvm::enumerate(shape)) {
    if (dim == 0 && !allowZero) {
      if (static_cast<int64_t>(i) >= type.getRank())
        return ctx.emitError() << "shape copies dimension " << i
                               << " of a rank-" << type.getRank() << " input";
      dim = type.getDimSize(i);
    }
    if (dim == -1) {
      if (inferred >= 0)
        return ctx.emitError() << "shape has more than one -1";
      inferred = i;
      continue;
    }
    if (dim < 0)
      return ctx.emitError() << "shape has a negative dimension " << dim;
    known *= dim;
  }
  if (inferred >= 0) {
    if (known == 0 || type.getNumElements() % known != 0)
      return ctx.emitError() << "cannot infer the -1 dimension reshaping "
                             << type.getNumElements() << " elements";
    shape[inferred] = type.getNumElements() / known;
  }
  if (std::accumulate(shape.begin(), shape.end(), int64_t(1),
                      std::multiplies<int64_t>()) != type.getNumElements())
    return ctx.emitError() << "cannot reshape " << type.getNumElements()
                           << " elements to the requested shape";
  ctx.setOutput(0, reshapeTo(ctx, ctx.getInput(0), shape));
  return success();
}

static LogicalResult convertFlatten(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  int64_t rank = type.getRank();
  int64_t axis = ctx.getInt("axis", 1);
  if (axis < -rank || axis > rank)
    return ctx.emitError() << "axis " << axis << " is out of range for rank "
                           << rank;
  if (axis < 0)
    axis += rank;
  int64_t outer = 1;
  for (int64_t i = 0; i < axis; ++i)
    outer *= type.getDimSize(i);
  int64_t inner = outer == 0 ? 0 : type.getNumElements() / std::max<int64_t>(outer, 1);
  if (outer == 0) {
    inner = 1;
    for (int64_t i = axis; i < rank; ++i)
      inner *= type.getDimSize(i);
  }
  ctx.setOutput(0, reshapeTo(ctx, ctx.getInput(0), {outer, inner}));
  return success();
}

static LogicalResult convertSqueeze(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  auto axes = getAxes(ctx, 13);
  if (failed(axes))
    return failure();
  SmallVector<bool> drop(type.getRank(), false);
  if (*axes) {
    for (int64_t axis : **axes) {
      FailureOr<int64_t> a = normalizeAxis(ctx, axis, type.getRank());
      if (failed(a))
        return failure();
      if (type.getDimSize(*a) != 1)
        return ctx.emitError() << "cannot squeeze dimension " << *a
                               << " of size " << type.getDimSize(*a);
      drop[*a] = true;
    }
  } else {
    for (int64_t i = 0; i < type.getRank(); ++i)
      drop[i] = type.getDimSize(i) == 1;
  }
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (!drop[i])
      shape.push_back(type.getDimSize(i));
  ctx.setOutput(0, reshapeTo(ctx, ctx.getInput(0), shape));
  return success();
}

static LogicalResult convertUnsqueeze(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  auto axes = getAxes(ctx, 13);
  if (failed(axes))
    return failure();
  if (!*axes)
    return ctx.emitError() << "has no axes";
  int64_t rank = type.getRank() + (*axes)->size();
  SmallVector<bool> inserted(rank, false);
  for (int64_t axis : **axes) {
    FailureOr<int64_t> a = normalizeAxis(ctx, axis, rank);
    if (failed(a))
      return failure();
    if (inserted[*a])
      return ctx.emitError() << "axis " << axis << " is repeated";
    inserted[*a] = true;
  }
  SmallVector<int64_t> shape;
  int64_t next = 0;
  for (int64_t i = 0; i < rank; ++i)
    shape.push_back(inserted[i] ? 1 : type.getDimSize(next++));
  ctx.setOutput(0, reshapeTo(ctx, ctx.getInput(0), shape));
  return success();
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

static LogicalResult convertTranspose(NodeContext &ctx) {
  int64_t rank = ctx.getInputType(0).getRank();
  SmallVector<int64_t> perm;
  if (auto given = ctx.getInts("perm")) {
    perm = *given;
  } else {
    for (int64_t i = rank - 1; i >= 0; --i)
      perm.push_back(i);
  }
  SmallVector<bool> seen(rank, false);
  if (static_cast<int64_t>(perm.size()) != rank)
    return ctx.emitError() << "perm has " << perm.size()
                           << " entries for a rank-" << rank << " input";
  for (int64_t &p : perm) {
    if (p < 0)
      p += rank;
    if (p < 0 || p >= rank || seen[p])
      return ctx.emitError() << "perm is not a permutation";
    seen[p] = true;
  }
  ctx.setOutput(0, ctx.create<tg::TransposeOp>(ctx.getInput(0), perm));
  return success();
}

static LogicalResult convertConcat(NodeContext &ctx) {
  SmallVector<Value> inputs;
  for (unsigned i = 0; i < ctx.getNumInputs(); ++i)
    if (ctx.hasInput(i))
      inputs.push_back(ctx.getInput(i));
  if (inputs.empty())
    return ctx.emitError() << "has no inputs";
  int64_t rank = cast<RankedTensorType>(inputs[0].getType()).getRank();
  FailureOr<int64_t> axis = normalizeAxis(ctx, ctx.getInt("axis", 0), rank);
  if (failed(axis))
    return failure();
  for (Value input : inputs) {
    auto type = cast<RankedTensorType>(input.getType());
    auto first = cast<RankedTensorType>(inputs[0].getType());
    if (type.getRank() != rank || type.getElementType() !=
                                      first.getElementType())
      return ctx.emitError() << "inputs differ in rank or element type";
    for (int64_t d = 0; d < rank; ++d)
      if (d != *axis && type.getDimSize(d) != first.getDimSize(d))
        return ctx.emitError() << "inputs differ in dimension " << d;
  }
  // Empty inputs contribute nothing (ONNX allows them).
  SmallVector<Value> nonEmpty;
  for (Value input : inputs)
    if (cast<RankedTensorType>(input.getType()).getDimSize(*axis) != 0)
      nonEmpty.push_back(input);
  if (nonEmpty.empty())
    nonEmpty.push_back(inputs[0]);
  if (nonEmpty.size() == 1) {
    ctx.setOutput(0, nonEmpty[0]);
    return success();
  }
  ctx.setOutput(0, ctx.create<tg::ConcatOp>(
                       nonEmpty, ctx.getBuilder().getI64IntegerAttr(*axis)));
  return success();
}

/// Slices `input` along `axis` to [start, start + size).
static Value sliceAxis(NodeContext &ctx, Value input, int64_t axis,
                       int64_t start, int64_t size) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> starts(type.getRank(), 0);
  SmallVector<int64_t> limits(type.getShape());
  SmallVector<int64_t> strides(type.getRank(), 1);
  starts[axis] = start;
  limits[axis] = start + size;
  return ctx.create<tg::SliceOp>(input, starts, limits, strides);
}

static LogicalResult convertSplit(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", 0), type.getRank());
  if (failed(axis))
    return failure();
  int64_t dim = type.getDimSize(*axis);
  int64_t outputs = ctx.getNumOutputs();
  SmallVector<int64_t> sizes;
  if (ctx.getOpset() >= 13 && ctx.hasInput(1)) {
    FailureOr<SmallVector<int64_t>> split = ctx.getConstantInts(1);
    if (failed(split))
      return failure();
    sizes = *split;
  } else if (ctx.getOpset() < 13 && ctx.hasAttr("split")) {
    sizes = *ctx.getInts("split");
  } else {
    int64_t parts = ctx.getInt("num_outputs", outputs);
    if (parts <= 0)
      return ctx.emitError() << "splits into " << parts << " parts";
    // Checked before the sizes are made: a huge num_outputs must not
    // allocate.
    if (parts != outputs)
      return ctx.emitError() << "gives num_outputs " << parts << " for "
                             << outputs << " outputs";
    int64_t chunk = llvm::divideCeil(dim, parts);
    if (!ctx.hasAttr("num_outputs") && dim % parts != 0)
      return ctx.emitError() << "cannot split dimension " << dim
                             << " evenly into " << parts << " outputs";
    for (int64_t i = 0, left = dim; i < parts; ++i) {
      sizes.push_back(std::min(chunk, left));
      left -= sizes.back();
    }
  }
  if (static_cast<int64_t>(sizes.size()) != outputs)
    return ctx.emitError() << "gives " << sizes.size() << " sizes for "
                           << outputs << " outputs";
  int64_t offset = 0;
  for (auto [i, size] : llvm::enumerate(sizes)) {
    if (size < 0 || offset + size > dim)
      return ctx.emitError() << "split sizes exceed dimension " << dim;
    ctx.setOutput(i, sliceAxis(ctx, ctx.getInput(0), *axis, offset, size));
    offset += size;
  }
  if (offset != dim)
    return ctx.emitError() << "split sizes sum to " << offset
                           << ", not to dimension " << dim;
  return success();
}

static LogicalResult convertSlice(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  int64_t rank = type.getRank();
  SmallVector<int64_t> starts, ends, axes, steps;
  if (ctx.getOpset() < 10) {
    starts = ctx.getInts("starts").value_or(SmallVector<int64_t>());
    ends = ctx.getInts("ends").value_or(SmallVector<int64_t>());
    axes = ctx.getInts("axes").value_or(SmallVector<int64_t>());
  } else {
    for (auto [i, into] : llvm::enumerate(
             SmallVector<SmallVector<int64_t> *>{&starts, &ends, &axes,
                                                 &steps})) {
      if (!ctx.hasInput(i + 1))
        continue;
      FailureOr<SmallVector<int64_t>> values = ctx.getConstantInts(i + 1);
      if (failed(values))
        return failure();
      *into = *values;
    }
  }
  if (starts.size() != ends.size())
    return ctx.emitError() << "starts and ends differ in length";
  if (axes.empty())
    for (int64_t i = 0; i < static_cast<int64_t>(starts.size()); ++i)
      axes.push_back(i);
  if (steps.empty())
    steps.assign(starts.size(), 1);
  if (axes.size() != starts.size() || steps.size() != starts.size())
    return ctx.emitError() << "starts, ends, axes and steps differ in length";

  SmallVector<int64_t> lower(rank, 0), upper(type.getShape()),
      stride(rank, 1);
  SmallVector<int64_t> reversed;
  for (size_t i = 0; i < starts.size(); ++i) {
    FailureOr<int64_t> axis = normalizeAxis(ctx, axes[i], rank);
    if (failed(axis))
      return failure();
    int64_t dim = type.getDimSize(*axis), step = steps[i];
    if (step == 0)
      return ctx.emitError() << "step is zero";
    // A step longer than the axis takes one element, as the axis' length
    // does; bounding it keeps the arithmetic below from wrapping (and
    // -INT64_MIN from being taken).
    int64_t stepLength = step == std::numeric_limits<int64_t>::min()
                             ? std::numeric_limits<int64_t>::max()
                             : std::abs(step);
    stepLength = std::min<int64_t>(stepLength, std::max<int64_t>(dim, 1));
    int64_t start = starts[i], end = ends[i];
    if (start < 0)
      start += dim;
    if (end < 0)
      end += dim;
    if (step > 0) {
      start = std::clamp<int64_t>(start, 0, dim);
      end = std::clamp<int64_t>(end, 0, dim);
      // An empty range is [0, 0), which stays in bounds.
      lower[*axis] = start < end ? start : 0;
      upper[*axis] = start < end ? end : 0;
      stride[*axis] = stepLength;
      continue;
    }
    // Negative steps walk from `start` down to `end` (exclusive). Slice the
    // same elements in increasing order, then reverse the axis.
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
    int64_t count =
        start > end ? (start - end + stepLength - 1) / stepLength : 0;
    int64_t first = start - (count - 1) * stepLength;
    lower[*axis] = count ? first : 0;
    upper[*axis] = count ? start + 1 : 0;
    stride[*axis] = stepLength;
    if (count > 1)
      reversed.push_back(*axis);
  }
  Value result = ctx.create<tg::SliceOp>(ctx.getInput(0), lower, upper, stride);
  for (int64_t axis : reversed) {
    // Gathers the axis back to front: indices n-1, ..., 0.
    int64_t size = cast<RankedTensorType>(result.getType()).getDimSize(axis);
    SmallVector<int64_t> indices;
    for (int64_t i = size - 1; i >= 0; --i)
      indices.push_back(i);
    result = ctx.create<tg::GatherOp>(
        result, createI64Constant(ctx, indices, {size}),
        ctx.getBuilder().getI64IntegerAttr(axis));
  }
  ctx.setOutput(0, result);
  return success();
}

static LogicalResult convertExpand(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  FailureOr<SmallVector<int64_t>> shape = ctx.getConstantInts(1);
  if (failed(shape))
    return failure();
  // Expand broadcasts both ways: a 1 in `shape` keeps the input's dimension.
  std::optional<SmallVector<int64_t>> result =
      tg::broadcastShapes(type.getShape(), *shape);
  if (!result)
    return ctx.emitError() << "cannot broadcast the input to the shape";
  auto resultType = RankedTensorType::get(*result, type.getElementType());
  if (resultType == type) {
    ctx.setOutput(0, ctx.getInput(0));
    return success();
  }
  ctx.setOutput(0, ctx.create<tg::BroadcastToOp>(resultType, ctx.getInput(0)));
  return success();
}

static LogicalResult convertTile(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  FailureOr<SmallVector<int64_t>> repeats = ctx.getConstantInts(1);
  if (failed(repeats))
    return failure();
  if (static_cast<int64_t>(repeats->size()) != type.getRank())
    return ctx.emitError() << "repeats has " << repeats->size()
                           << " entries for a rank-" << type.getRank()
                           << " input";
  // x[a, b] tiled by [r, s] is broadcast_to(reshape(x, [1, a, 1, b]),
  // [r, a, s, b]) reshaped to [r * a, s * b].
  SmallVector<int64_t> interleaved, broadcast, result;
  for (auto [dim, repeat] : llvm::zip(type.getShape(), *repeats)) {
    if (repeat < 0)
      return ctx.emitError() << "repeats has a negative entry";
    interleaved.append({1, dim});
    broadcast.append({repeat, dim});
    result.push_back(repeat * dim);
  }
  Value value = reshapeTo(ctx, ctx.getInput(0), interleaved);
  auto broadcastType =
      RankedTensorType::get(broadcast, type.getElementType());
  if (broadcastType != value.getType())
    value = ctx.create<tg::BroadcastToOp>(broadcastType, value);
  ctx.setOutput(0, reshapeTo(ctx, value, result));
  return success();
}

/// DepthToSpace and SpaceToDepth: reshape, transpose, reshape.
static LogicalResult convertDepthToSpace(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  if (type.getRank() != 4)
    return ctx.emitError() << "expects a rank-4 input";
  int64_t b = ctx.getInt("blocksize", 0);
  auto shape = type.getShape();
  int64_t n = shape[0], c = shape[1], h = shape[2], w = shape[3];
  if (b <= 0 || c % (b * b) != 0)
    return ctx.emitError() << "blocksize " << b << " does not divide the "
                           << c << " channels";
  bool crd = ctx.getString("mode", "DCR") == "CRD";
  Value value =
      crd ? reshapeTo(ctx, ctx.getInput(0), {n, c / (b * b), b, b, h, w})
          : reshapeTo(ctx, ctx.getInput(0), {n, b, b, c / (b * b), h, w});
  SmallVector<int64_t> perm = crd ? SmallVector<int64_t>{0, 1, 4, 2, 5, 3}
                                  : SmallVector<int64_t>{0, 3, 4, 1, 5, 2};
  value = ctx.create<tg::TransposeOp>(value, perm);
  ctx.setOutput(0, reshapeTo(ctx, value, {n, c / (b * b), h * b, w * b}));
  return success();
}

static LogicalResult convertSpaceToDepth(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  if (type.getRank() != 4)
    return ctx.emitError() << "expects a rank-4 input";
  int64_t b = ctx.getInt("blocksize", 0);
  auto shape = type.getShape();
  int64_t n = shape[0], c = shape[1], h = shape[2], w = shape[3];
  if (b <= 0 || h % b != 0 || w % b != 0)
    return ctx.emitError() << "blocksize " << b
                           << " does not divide the spatial dimensions";
  Value value =
      reshapeTo(ctx, ctx.getInput(0), {n, c, h / b, b, w / b, b});
  value = ctx.create<tg::TransposeOp>(value,
                                      ArrayRef<int64_t>{0, 3, 5, 1, 2, 4});
  ctx.setOutput(0, reshapeTo(ctx, value, {n, c * b * b, h / b, w / b}));
  return success();
}

void aotc::onnximport::registerTensorConverters(ConverterRegistry &registry) {
  registry.add("Constant", {0, 0}, convertConstant);
  registry.add("Identity", {1, 1}, convertIdentity);
  registry.add("Shape", {1, 1}, convertShape);
  registry.add("Size", {1, 1}, convertSize);
  registry.add("ConstantOfShape", {1, 1}, convertConstantOfShape);
  registry.add("Range", {3, 3}, convertRange);
  registry.add("Reshape", {2, 2}, convertReshape);
  registry.add("Flatten", {1, 1}, convertFlatten);
  registry.add("Squeeze", {{1, {1, 1}}, {13, {1, 2}}}, convertSqueeze);
  registry.add("Unsqueeze", {{1, {1, 1}}, {13, {2, 2}}}, convertUnsqueeze);
  registry.add("Transpose", {1, 1}, convertTranspose);
  registry.add("Concat", {1, kVariadic}, convertConcat);
  registry.add("Split", {{1, {1, 1}}, {13, {1, 2}}}, convertSplit);
  registry.add("Slice", {{1, {1, 1}}, {10, {3, 5}}}, convertSlice);
  registry.add("Expand", {2, 2}, convertExpand);
  registry.add("Tile", {2, 2}, convertTile);
  registry.add("DepthToSpace", {1, 1}, convertDepthToSpace);
  registry.add("SpaceToDepth", {1, 1}, convertSpaceToDepth);
}
