//===- Indexing.cpp - ONNX indexing op converters -------------------------===//
//
// Gather, GatherElements, GatherND, ScatterElements (and its old name
// Scatter), ScatterND, Pad, ArgMax, ArgMin, CumSum, CumProd,
// TopK and Einsum map onto the tg op of the same meaning. Trilu, OneHot and
// EyeLike are compositions: shapes are static, so Trilu's mask and
// EyeLike's result are constants built here, and OneHot compares the
// indices with a constant iota. See docs/ops-indexing.md.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"
#include "../TensorImport.h"

#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Dialect/TG/IR/TGTypeInference.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

/// Reads input `i`, a compile-time scalar or one-element tensor.
static FailureOr<int64_t> getConstantScalar(NodeContext &ctx, unsigned i,
                                            StringRef what) {
  FailureOr<SmallVector<int64_t>> values = ctx.getConstantInts(i);
  if (failed(values))
    return failure();
  if (values->size() != 1)
    return ctx.emitError() << "expected one value for " << what << ", got "
                           << values->size();
  return values->front();
}

/// A constant of `elementType` and `shape` whose element at row-major
/// position (..., i, j) of the last two dimensions is `fn(i, j)`; null
/// after an error when it would exceed tg::kMaxConstantBytes.
static Value createMatrixMask(NodeContext &ctx, ArrayRef<int64_t> shape,
                              llvm::function_ref<bool(int64_t, int64_t)> fn) {
  int64_t rows = shape[shape.size() - 2], cols = shape.back();
  auto type = RankedTensorType::get({rows, cols}, ctx.getBuilder().getI1Type());
  if (failed(tg::checkTensorByteSize(ctx.getLoc(), type, tg::kMaxConstantBytes,
                                     "a mask")))
    return {};
  SmallVector<bool> values;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      values.push_back(fn(i, j));
  return ctx.createConstant(DenseElementsAttr::get(type, ArrayRef(values)));
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

/// Runs `OpTy`'s type inference on `operands` and `props` before the op is
/// built: building an op whose inference fails aborts, while this reports
/// the problem at the node and returns failure.
template <typename OpTy>
static LogicalResult checkInference(NodeContext &ctx, ValueRange operands,
                                    const typename OpTy::Properties &props) {
  SmallVector<Type> types;
  typename OpTy::Adaptor adaptor(operands, nullptr, props);
  return OpTy::inferReturnTypes(ctx.getContext(), ctx.getLoc(), adaptor, types);
}

static LogicalResult convertGather(NodeContext &ctx) {
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", 0), ctx.getInputType(0).getRank());
  if (failed(axis))
    return failure();
  SmallVector<Value> operands = {ctx.getInput(0), ctx.getInput(1)};
  tg::GatherOp::Properties props;
  props.axis = ctx.getBuilder().getI64IntegerAttr(*axis);
  if (failed(checkInference<tg::GatherOp>(ctx, operands, props)))
    return failure();
  ctx.setOutput(0,
                ctx.create<tg::GatherOp>(operands[0], operands[1], props.axis));
  return success();
}

static LogicalResult convertGatherElements(NodeContext &ctx) {
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", 0), ctx.getInputType(0).getRank());
  if (failed(axis))
    return failure();
  SmallVector<Value> operands = {ctx.getInput(0), ctx.getInput(1)};
  tg::GatherElementsOp::Properties props;
  props.axis = ctx.getBuilder().getI64IntegerAttr(*axis);
  if (failed(checkInference<tg::GatherElementsOp>(ctx, operands, props)))
    return failure();
  ctx.setOutput(0, ctx.create<tg::GatherElementsOp>(operands[0], operands[1],
                                                    props.axis));
  return success();
}

static LogicalResult convertGatherND(NodeContext &ctx) {
  SmallVector<Value> operands = {ctx.getInput(0), ctx.getInput(1)};
  tg::GatherNDOp::Properties props;
  props.batch_dims =
      ctx.getBuilder().getI64IntegerAttr(ctx.getInt("batch_dims", 0));
  if (failed(checkInference<tg::GatherNDOp>(ctx, operands, props)))
    return failure();
  ctx.setOutput(0, ctx.create<tg::GatherNDOp>(operands[0], operands[1],
                                              props.batch_dims));
  return success();
}

//===----------------------------------------------------------------------===//
// Scatters
//===----------------------------------------------------------------------===//

/// Formats a shape as `[2, 3]` for diagnostics.
static std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// Reads the `reduction` attribute of ScatterElements and ScatterND
/// (opset 16 on; max and min from 18). Fails after reporting an error, or
/// after recording the node as unsupported (which the importer then skips).
static FailureOr<tg::ScatterReduction> getScatterReduction(NodeContext &ctx) {
  std::string name = ctx.getString("reduction", "none");
  std::optional<tg::ScatterReduction> reduction =
      tg::symbolizeScatterReduction(name);
  if (!reduction)
    return ctx.emitError() << "has an unknown reduction '" << name << "'";
  Type element = ctx.getInputType(0).getElementType();
  if (*reduction != tg::ScatterReduction::none && element.isInteger(1)) {
    (void)ctx.unsupported("reduction '" + name + "' of bool data");
    return failure();
  }
  return *reduction;
}

/// Checks that updates (input 2) have the data's element type.
static LogicalResult checkUpdatesType(NodeContext &ctx) {
  if (ctx.getInputType(2).getElementType() !=
      ctx.getInputType(0).getElementType())
    return ctx.emitError() << "expected updates of the data's element type "
                           << ctx.getInputType(0).getElementType() << ", got "
                           << ctx.getInputType(2).getElementType();
  return success();
}

/// ScatterElements, and Scatter (its deprecated name, opsets 9-10, without
/// a reduction).
static LogicalResult convertScatterElements(NodeContext &ctx) {
  RankedTensorType data = ctx.getInputType(0), indices = ctx.getInputType(1),
                   updates = ctx.getInputType(2);
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", 0), data.getRank());
  if (failed(axis) || failed(checkUpdatesType(ctx)))
    return failure();
  FailureOr<tg::ScatterReduction> reduction = getScatterReduction(ctx);
  if (failed(reduction))
    return failure();
  ArrayRef<int64_t> dataShape = data.getShape();
  if (indices.getShape() != updates.getShape() ||
      indices.getRank() != data.getRank())
    return ctx.emitError() << "expected indices and updates of one shape and "
                              "of the data's rank, got "
                           << shapeStr(indices.getShape()) << " and "
                           << shapeStr(updates.getShape()) << " for data "
                           << shapeStr(dataShape);
  for (auto [d, size] : llvm::enumerate(indices.getShape()))
    if (static_cast<int64_t>(d) != *axis && size > dataShape[d])
      return ctx.emitError()
             << "expected indices no larger than the data in every "
                "dimension but the axis, got "
             << shapeStr(indices.getShape()) << " for data "
             << shapeStr(dataShape);
  if (dataShape[*axis] == 0 && indices.getNumElements() != 0)
    return ctx.emitError() << "expected a non-empty axis to scatter into";
  ctx.setOutput(
      0, ctx.create<tg::ScatterElementsOp>(
             tg::ScatterReductionAttr::get(ctx.getContext(), *reduction),
             ctx.getInput(0), ctx.getInput(1), ctx.getInput(2),
             ctx.getBuilder().getI64IntegerAttr(*axis)));
  return success();
}

static LogicalResult convertScatterND(NodeContext &ctx) {
  RankedTensorType data = ctx.getInputType(0), indices = ctx.getInputType(1),
                   updates = ctx.getInputType(2);
  if (failed(checkUpdatesType(ctx)))
    return failure();
  FailureOr<tg::ScatterReduction> reduction = getScatterReduction(ctx);
  if (failed(reduction))
    return failure();
  if (indices.getRank() == 0 || indices.getShape().back() > data.getRank())
    return ctx.emitError() << "expected indices of rank 1 or more whose last "
                              "dimension is at most the data rank "
                           << data.getRank() << ", got "
                           << shapeStr(indices.getShape());
  int64_t k = indices.getShape().back();
  SmallVector<int64_t> expected(indices.getShape().drop_back());
  llvm::append_range(expected, data.getShape().drop_front(k));
  if (updates.getShape() != ArrayRef<int64_t>(expected))
    return ctx.emitError() << "expected updates of shape " << shapeStr(expected)
                           << ", got " << shapeStr(updates.getShape());
  if (updates.getNumElements() != 0 &&
      llvm::is_contained(data.getShape().take_front(k), 0))
    return ctx.emitError() << "expected non-empty dimensions to scatter into";
  ctx.setOutput(
      0, ctx.create<tg::ScatterNDOp>(
             tg::ScatterReductionAttr::get(ctx.getContext(), *reduction),
             ctx.getInput(0), ctx.getInput(1), ctx.getInput(2)));
  return success();
}

//===----------------------------------------------------------------------===//
// Pad
//===----------------------------------------------------------------------===//

static LogicalResult convertPad(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  int64_t rank = type.getRank();
  Type element = type.getElementType();
  std::string modeName = ctx.getString("mode", "constant");
  std::optional<tg::PadMode> mode = tg::symbolizePadMode(modeName);
  if (!mode)
    return ctx.unsupported("mode '" + modeName + "'");

  // Opset 2 has attributes; 11 on, inputs (pads, constant_value, axes).
  SmallVector<int64_t> pads;
  Value value;
  if (ctx.getOpset() < 11) {
    std::optional<SmallVector<int64_t>> attr = ctx.getInts("pads");
    if (!attr)
      attr = ctx.getInts("paddings");
    if (!attr)
      return ctx.emitError() << "has no 'pads' attribute";
    pads = *attr;
    value = ctx.createSplat(element, ctx.getFloat("value", 0));
  } else {
    FailureOr<SmallVector<int64_t>> in = ctx.getConstantInts(1);
    if (failed(in))
      return failure();
    pads = *in;
    if (ctx.hasInput(2))
      value = reshapeTo(ctx, ctx.getInput(2), {});
  }

  SmallVector<int64_t> axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  if (ctx.hasInput(3)) {
    FailureOr<SmallVector<int64_t>> in = ctx.getConstantInts(3);
    if (failed(in))
      return failure();
    axes.clear();
    for (int64_t axis : *in) {
      FailureOr<int64_t> a = normalizeAxis(ctx, axis, rank);
      if (failed(a))
        return failure();
      axes.push_back(*a);
    }
  }
  int64_t count = axes.size();
  if (static_cast<int64_t>(pads.size()) != 2 * count)
    return ctx.emitError() << "expected " << 2 * count << " pads, got "
                           << pads.size();
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  for (auto [i, axis] : llvm::enumerate(axes)) {
    low[axis] = pads[i];
    high[axis] = pads[count + i];
  }
  if (*mode != tg::PadMode::constant)
    value = nullptr;
  OpBuilder &b = ctx.getBuilder();
  ctx.setOutput(0, ctx.create<tg::PadOp>(
                       tg::PadModeAttr::get(ctx.getContext(), *mode),
                       ctx.getInput(0), value, b.getDenseI64ArrayAttr(low),
                       b.getDenseI64ArrayAttr(high)));
  return success();
}

//===----------------------------------------------------------------------===//
// ArgMax, ArgMin, CumSum, CumProd, TopK
//===----------------------------------------------------------------------===//

static LogicalResult convertArgReduce(NodeContext &ctx,
                                      tg::ArgReduceKind kind) {
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", 0), ctx.getInputType(0).getRank());
  if (failed(axis))
    return failure();
  // The index of an extremum over no elements does not exist.
  if (ctx.getInputType(0).getDimSize(*axis) == 0)
    return ctx.emitError() << "expected a non-empty axis " << *axis
                           << ", got " << ctx.getInputType(0);
  OpBuilder &b = ctx.getBuilder();
  UnitAttr keepdims = ctx.getInt("keepdims", 1) ? b.getUnitAttr() : nullptr;
  UnitAttr last =
      ctx.getInt("select_last_index", 0) ? b.getUnitAttr() : nullptr;
  ctx.setOutput(0, ctx.create<tg::ArgReduceOp>(
                       tg::ArgReduceKindAttr::get(ctx.getContext(), kind),
                       ctx.getInput(0), b.getI64IntegerAttr(*axis), keepdims,
                       last));
  return success();
}

static LogicalResult convertCumulative(NodeContext &ctx, tg::ScanKind kind) {
  FailureOr<int64_t> axis = getConstantScalar(ctx, 1, "axis");
  if (failed(axis))
    return failure();
  axis = normalizeAxis(ctx, *axis, ctx.getInputType(0).getRank());
  if (failed(axis))
    return failure();
  OpBuilder &b = ctx.getBuilder();
  UnitAttr exclusive = ctx.getInt("exclusive", 0) ? b.getUnitAttr() : nullptr;
  UnitAttr reverse = ctx.getInt("reverse", 0) ? b.getUnitAttr() : nullptr;
  ctx.setOutput(0, ctx.create<tg::CumulativeOp>(
                       tg::ScanKindAttr::get(ctx.getContext(), kind),
                       ctx.getInput(0), b.getI64IntegerAttr(*axis), exclusive,
                       reverse));
  return success();
}

/// TopK with a `k` known only at run time: bounded outputs of at most the
/// whole axis. The axis is sorted whole (tg.topk with k = its size) and the
/// entries from k on become zeros; k is clamped to [0, the axis size].
static LogicalResult convertBoundedTopK(NodeContext &ctx, int64_t axis) {
  Composer c{ctx};
  Value x = ctx.getInput(0), kInput = ctx.getInput(1);
  RankedTensorType type = ctx.getInputType(0);
  int64_t size = type.getDimSize(axis);
  if (tensorTypeOf(kInput).getNumElements() != 1 ||
      !elementTypeOf(kInput).isInteger(64))
    return ctx.emitError() << "expected k to be one i64, got "
                           << kInput.getType();
  Value k = c.reshape(kInput, {});
  k = c.max(c.min(k, c.scalar(k, size)), c.scalar(k, 0));
  OpBuilder &b = ctx.getBuilder();
  UnitAttr largest = ctx.getInt("largest", 1) ? b.getUnitAttr() : nullptr;
  auto topk = tg::TopKOp::create(b, ctx.getLoc(), x, b.getI64IntegerAttr(size),
                                 b.getI64IntegerAttr(axis), largest);
  ArrayRef<int64_t> shape = type.getShape();
  Value actual =
      c.boundedShape(shape.take_front(axis), k, shape.drop_front(axis + 1));
  ctx.setBoundedOutput(0, c.zeroPast(topk.getValues(), axis, k), actual,
                       axis);
  ctx.setBoundedOutput(1, c.zeroPast(topk.getIndices(), axis, k), actual,
                       axis);
  return success();
}

static LogicalResult convertTopK(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", -1), type.getRank());
  if (failed(axis))
    return failure();
  if (ctx.getOpset() >= 10 && !ctx.getConstantInput(1))
    return convertBoundedTopK(ctx, *axis);
  FailureOr<int64_t> k = ctx.getOpset() < 10
                             ? FailureOr<int64_t>(ctx.getInt("k", 0))
                             : getConstantScalar(ctx, 1, "k");
  if (failed(k))
    return failure();
  if (*k < 0 || *k > type.getDimSize(*axis))
    return ctx.emitError() << "k " << *k << " is out of range for an axis of "
                           << type.getDimSize(*axis);
  OpBuilder &b = ctx.getBuilder();
  UnitAttr largest = ctx.getInt("largest", 1) ? b.getUnitAttr() : nullptr;
  auto topk = tg::TopKOp::create(b, ctx.getLoc(), ctx.getInput(0),
                                 b.getI64IntegerAttr(*k),
                                 b.getI64IntegerAttr(*axis), largest);
  ctx.setOutput(0, topk.getValues());
  ctx.setOutput(1, topk.getIndices());
  return success();
}

//===----------------------------------------------------------------------===//
// Einsum
//===----------------------------------------------------------------------===//

static LogicalResult convertEinsum(NodeContext &ctx) {
  SmallVector<Value> inputs;
  SmallVector<ArrayRef<int64_t>> shapes;
  for (unsigned i = 0, e = ctx.getNumInputs(); i < e; ++i) {
    inputs.push_back(ctx.getInput(i));
    shapes.push_back(ctx.getInputType(i).getShape());
  }
  // The equation is checked here, at the node: tg.einsum's builder would
  // stop the process on one it cannot infer a type from.
  std::string equation = ctx.getString("equation", "");
  tg::EinsumOp::Spec spec;
  if (failed(tg::EinsumOp::parseEquation(ctx.getLoc(), equation, shapes, spec)))
    return failure();
  ctx.setOutput(0, ctx.create<tg::EinsumOp>(
                       inputs, ctx.getBuilder().getStringAttr(equation)));
  return success();
}

//===----------------------------------------------------------------------===//
// Compositions: Trilu, OneHot, EyeLike
//===----------------------------------------------------------------------===//

/// Trilu: a constant mask over the last two dimensions selects the input or
/// zero.
static LogicalResult convertTrilu(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  if (type.getRank() < 2)
    return ctx.emitError() << "expected an input of rank 2 or more, got rank "
                           << type.getRank();
  int64_t k = 0;
  if (ctx.hasInput(1)) {
    FailureOr<int64_t> in = getConstantScalar(ctx, 1, "k");
    if (failed(in))
      return failure();
    k = *in;
  }
  bool upper = ctx.getInt("upper", 1);
  Value mask =
      createMatrixMask(ctx, type.getShape(), [&](int64_t i, int64_t j) {
        return upper ? j - i >= k : j - i <= k;
      });
  if (!mask)
    return failure();
  Value zero = ctx.createSplat(type.getElementType(), 0);
  ctx.setOutput(0, ctx.create<tg::SelectOp>(mask, ctx.getInput(0), zero));
  return success();
}

/// OneHot: `values[1]` where the (wrapped) index equals a constant iota
/// along the new axis, `values[0]` elsewhere. Indices out of range match
/// nothing and give `values[0]`, as ONNX specifies.
static LogicalResult convertOneHot(NodeContext &ctx) {
  RankedTensorType indicesType = ctx.getInputType(0);
  int64_t rank = indicesType.getRank() + 1;
  FailureOr<int64_t> axis = normalizeAxis(ctx, ctx.getInt("axis", -1), rank);
  if (failed(axis))
    return failure();
  FailureOr<SmallVector<double>> depths = ctx.getConstantFloats(1);
  if (failed(depths))
    return failure();
  if (depths->size() != 1 || !(depths->front() >= 1))
    return ctx.emitError() << "expected one positive depth";
  // The depth is a constant of as many elements, and a factor of the
  // result's size: both bounded before either is built.
  int64_t limit = tg::kMaxConstantBytes / 8;
  if (depths->front() > double(limit))
    return ctx.emitError() << "expected a depth of at most " << limit
                           << ", got " << depths->front();
  auto depth = static_cast<int64_t>(depths->front());
  SmallVector<int64_t> resultDims(indicesType.getShape());
  resultDims.push_back(depth);
  if (failed(ctx.checkedSize(resultDims, "a OneHot result")))
    return failure();
  OpBuilder &b = ctx.getBuilder();
  Type i64 = b.getI64Type();

  // The indices as i64 with a unit dimension at the axis.
  Value indices = ctx.getInput(0);
  if (indicesType.getElementType() != i64)
    indices = ctx.create<tg::CastOp>(
        RankedTensorType::get(indicesType.getShape(), i64), indices);
  SmallVector<int64_t> shape(indicesType.getShape());
  shape.insert(shape.begin() + *axis, 1);
  indices = reshapeTo(ctx, indices, shape);
  Value zero = ctx.createSplat(i64, 0);
  Value negative =
      ctx.create<tg::CompareOp>(tg::ComparePredicate::lt, indices, zero);
  Value wrapped = ctx.create<tg::AddOp>(indices, ctx.createSplat(i64, depth));
  indices = ctx.create<tg::SelectOp>(negative, wrapped, indices);

  SmallVector<int64_t> iotaShape(rank, 1);
  iotaShape[*axis] = depth;
  auto iotaType = RankedTensorType::get(iotaShape, i64);
  Value iota = ctx.createConstant(DenseElementsAttr::get(
      iotaType, ArrayRef(llvm::to_vector(llvm::seq<int64_t>(0, depth)))));
  Value hot =
      ctx.create<tg::CompareOp>(tg::ComparePredicate::eq, indices, iota);

  // values = [off, on], each as a rank-0 tensor.
  Value values = ctx.getInput(2);
  auto pick = [&](int64_t i) {
    Value slice = ctx.create<tg::SliceOp>(values, b.getDenseI64ArrayAttr({i}),
                                          b.getDenseI64ArrayAttr({i + 1}),
                                          b.getDenseI64ArrayAttr({1}));
    return reshapeTo(ctx, slice, {});
  };
  if (ctx.getInputType(2).getShape() != ArrayRef<int64_t>{2})
    return ctx.emitError() << "expected values of shape [2]";
  ctx.setOutput(0, ctx.create<tg::SelectOp>(hot, pick(1), pick(0)));
  return success();
}

/// EyeLike: a constant with ones on diagonal `k`.
static LogicalResult convertEyeLike(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  if (type.getRank() != 2)
    return ctx.emitError() << "expected a rank-2 input, got rank "
                           << type.getRank();
  Type element = type.getElementType();
  if (ctx.hasAttr("dtype")) {
    int dtype = ctx.getInt("dtype", 0);
    element = getElementType(ctx.getContext(), dtype);
    if (!element)
      return ctx.unsupported(("dtype " + getDataTypeName(dtype)).str());
  }
  int64_t k = ctx.getInt("k", 0);
  Value mask = createMatrixMask(
      ctx, type.getShape(), [&](int64_t i, int64_t j) { return j - i == k; });
  if (!mask)
    return failure();
  auto resultType = RankedTensorType::get(type.getShape(), element);
  ctx.setOutput(0, element.isInteger(1)
                       ? mask
                       : ctx.create<tg::CastOp>(resultType, mask));
  return success();
}

void aotc::onnximport::registerIndexingConverters(ConverterRegistry &registry) {
  registry.add("Gather", {2, 2}, convertGather);
  registry.add("GatherElements", {2, 2}, convertGatherElements);
  registry.add("GatherND", {2, 2}, convertGatherND);
  registry.add("ScatterElements", {3, 3}, convertScatterElements);
  registry.add("Scatter", {3, 3}, convertScatterElements);
  registry.add("ScatterND", {3, 3}, convertScatterND);
  registry.add("Pad", {{1, {1, 1}}, {11, {2, 3}}, {18, {2, 4}}}, convertPad);
  registry.add("ArgMax", {1, 1}, [](NodeContext &ctx) {
    return convertArgReduce(ctx, tg::ArgReduceKind::max);
  });
  registry.add("ArgMin", {1, 1}, [](NodeContext &ctx) {
    return convertArgReduce(ctx, tg::ArgReduceKind::min);
  });
  registry.add("CumSum", {2, 2}, [](NodeContext &ctx) {
    return convertCumulative(ctx, tg::ScanKind::sum);
  });
  registry.add("CumProd", {2, 2}, [](NodeContext &ctx) {
    return convertCumulative(ctx, tg::ScanKind::prod);
  });
  registry.add("TopK", {{1, {1, 1}}, {10, {2, 2}}}, convertTopK);
  registry.add("Einsum", {1, kVariadic}, convertEinsum);
  registry.add("Trilu", {1, 2}, convertTrilu);
  registry.add("OneHot", {3, 3}, convertOneHot);
  registry.add("EyeLike", {1, 1}, convertEyeLike);
}
