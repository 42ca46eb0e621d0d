//===- TGIndexingOps.cpp - Indexing ops of the tg dialect -----------------===//
//
// Verifiers, type inference and folds of the ops in TGIndexingOps.td:
// gather, gather_elements, gather_nd, scatter_elements, scatter_nd, pad,
// arg_reduce, cumulative, topk and einsum. The einsum equation parser
// (EinsumOp::parseEquation) is shared by type inference and the lowering.
//
// Like TGOps.cpp, `inferReturnTypes` runs while the custom form is parsed,
// before operand constraints are verified, so it checks operand types
// itself. Messages are lowercase and say what was expected, then what was
// found; each is pinned by a case in test/Dialect/TG/indexing-invalid.mlir.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace aotc::tg;

/// Non-splat constants above this many elements are not folded (as in
/// TGFolds.cpp).
static constexpr int64_t kMaxFoldElements = 1024;

/// Formats a list of integers as `[2, 3]` for diagnostics.
static std::string listStr(ArrayRef<int64_t> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return s;
}

/// Formats a type for diagnostics.
static std::string typeStr(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

/// Reports `msg` at `loc` when a location is given; always fails.
static LogicalResult fail(std::optional<Location> loc, const Twine &msg) {
  if (loc)
    emitError(*loc) << msg;
  return failure();
}

/// Checks `0 <= axis < rank`, naming the attribute `what`.
static LogicalResult checkAxis(std::optional<Location> loc, int64_t axis,
                               int64_t rank, StringRef what = "axis") {
  if (axis < 0 || axis >= rank)
    return fail(loc, "expected " + what + " in [0, " + Twine(rank) + "), got " +
                         Twine(axis));
  return success();
}

/// Reads operands `types` as statically shaped tensors.
static LogicalResult getStaticTensors(std::optional<Location> loc,
                                      TypeRange types,
                                      SmallVectorImpl<RankedTensorType> &out) {
  for (Type type : types) {
    FailureOr<RankedTensorType> tensor = getStaticTensorType(loc, type);
    if (failed(tensor))
      return failure();
    out.push_back(*tensor);
  }
  return success();
}

/// Wraps a negative index once and clamps it to `[0, size)`, as the
/// generated code does.
static int64_t normalizeIndex(int64_t index, int64_t size) {
  if (index < 0)
    index += size;
  return std::clamp<int64_t>(index, 0, std::max<int64_t>(size - 1, 0));
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  SmallVector<RankedTensorType> t;
  if (failed(getStaticTensors(
          loc, {adaptor.getData().getType(), adaptor.getIndices().getType()},
          t)))
    return failure();
  ArrayRef<int64_t> data = t[0].getShape();
  int64_t axis = adaptor.getAxis();
  if (failed(checkAxis(loc, axis, data.size())))
    return failure();
  if (data[axis] == 0 && t[1].getNumElements() != 0)
    return fail(loc, "expected a non-empty axis " + Twine(axis) +
                         " to gather from, got " + listStr(data));
  SmallVector<int64_t> shape(data.take_front(axis));
  llvm::append_range(shape, t[1].getShape());
  llvm::append_range(shape, data.drop_front(axis + 1));
  types.push_back(RankedTensorType::get(shape, t[0].getElementType()));
  return success();
}

OpFoldResult GatherOp::fold(FoldAdaptor adaptor) {
  auto data = dyn_cast_if_present<DenseElementsAttr>(adaptor.getData());
  auto type = cast<RankedTensorType>(getType());
  if (!data)
    return {};
  if (data.isSplat())
    return DenseElementsAttr::get(type, data.getSplatValue<Attribute>());
  auto indices = dyn_cast_if_present<DenseElementsAttr>(adaptor.getIndices());
  if (!indices || data.getNumElements() > kMaxFoldElements ||
      type.getNumElements() > kMaxFoldElements)
    return {};

  ArrayRef<int64_t> dataShape = data.getType().getShape();
  int64_t axis = getAxis();
  int64_t axisSize = dataShape[axis];
  // The result is [outer, numIndices, inner] in row-major order.
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= dataShape[d];
  for (int64_t d = axis + 1, e = dataShape.size(); d < e; ++d)
    inner *= dataShape[d];
  SmallVector<int64_t> idx =
      llvm::map_to_vector(indices.getValues<APInt>(), [&](const APInt &i) {
        return normalizeIndex(i.getSExtValue(), axisSize);
      });
  if (axisSize == 0 && !idx.empty())
    return {};

  SmallVector<Attribute> values(data.getValues<Attribute>());
  SmallVector<Attribute> result;
  result.reserve(type.getNumElements());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i : idx)
      for (int64_t n = 0; n < inner; ++n)
        result.push_back(values[(o * axisSize + i) * inner + n]);
  return DenseElementsAttr::get(type, result);
}

//===----------------------------------------------------------------------===//
// GatherElementsOp, GatherNDOp
//===----------------------------------------------------------------------===//

/// The shape rules gather_elements and scatter_elements share: `indices`
/// has the data's rank, `axis` is in range and non-empty (unless there is
/// nothing to index), and no other dimension of `indices` is larger.
static LogicalResult checkElementIndices(std::optional<Location> loc,
                                         ArrayRef<int64_t> data,
                                         ArrayRef<int64_t> indices,
                                         int64_t axis, StringRef what) {
  if (data.size() != indices.size())
    return fail(loc, "expected data and indices of one rank, got " +
                         listStr(data) + " and " + listStr(indices));
  if (failed(checkAxis(loc, axis, data.size())))
    return failure();
  bool noIndices = llvm::is_contained(indices, 0);
  if (data[axis] == 0 && !noIndices)
    return fail(loc, "expected a non-empty axis " + Twine(axis) + " " + what +
                         ", got " + listStr(data));
  for (auto [d, sizes] : llvm::enumerate(llvm::zip(data, indices))) {
    auto [dataSize, indexSize] = sizes;
    if (static_cast<int64_t>(d) != axis && indexSize > dataSize)
      return fail(loc, "expected indices no larger than data in every "
                       "dimension but the axis, got " +
                           listStr(indices) + " and " + listStr(data));
  }
  return success();
}

LogicalResult GatherElementsOp::inferReturnTypes(MLIRContext *,
                                                 std::optional<Location> loc,
                                                 Adaptor adaptor,
                                                 SmallVectorImpl<Type> &types) {
  SmallVector<RankedTensorType> t;
  if (failed(getStaticTensors(
          loc, {adaptor.getData().getType(), adaptor.getIndices().getType()},
          t)))
    return failure();
  ArrayRef<int64_t> data = t[0].getShape(), indices = t[1].getShape();
  if (failed(checkElementIndices(loc, data, indices, adaptor.getAxis(),
                                 "to gather from")))
    return failure();
  types.push_back(RankedTensorType::get(indices, t[0].getElementType()));
  return success();
}

LogicalResult GatherNDOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  SmallVector<RankedTensorType> t;
  if (failed(getStaticTensors(
          loc, {adaptor.getData().getType(), adaptor.getIndices().getType()},
          t)))
    return failure();
  ArrayRef<int64_t> data = t[0].getShape(), indices = t[1].getShape();
  int64_t batch = adaptor.getBatchDims();
  if (indices.empty())
    return fail(loc, "expected indices of rank 1 or more");
  int64_t minRank = std::min(data.size(), indices.size());
  if (batch < 0 || batch >= minRank)
    return fail(loc, "expected batch_dims in [0, " + Twine(minRank) +
                         ") (below both ranks), got " + Twine(batch));
  if (data.take_front(batch) != indices.take_front(batch))
    return fail(loc, "expected data and indices to share the " + Twine(batch) +
                         " batch dimensions, got " + listStr(data) + " and " +
                         listStr(indices));
  int64_t k = indices.back();
  if (batch + k > static_cast<int64_t>(data.size()))
    return fail(loc, "expected index tuples of at most " +
                         Twine(data.size() - batch) +
                         " elements (the data rank after the batch "
                         "dimensions), got " +
                         Twine(k));
  if (t[1].getNumElements() != 0 && llvm::is_contained(data.slice(batch, k), 0))
    return fail(loc, "expected non-empty dimensions to gather from, got " +
                         listStr(data));
  SmallVector<int64_t> shape(indices.drop_back());
  llvm::append_range(shape, data.drop_front(batch + k));
  types.push_back(RankedTensorType::get(shape, t[0].getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// ScatterElementsOp, ScatterNDOp
//===----------------------------------------------------------------------===//

/// Checks what both scatters share: updates of the data's element type, and
/// a data element type that `reduction` can combine.
static LogicalResult checkScatterTypes(std::optional<Location> loc,
                                       RankedTensorType data,
                                       RankedTensorType updates,
                                       ScatterReduction reduction) {
  if (updates.getElementType() != data.getElementType())
    return fail(loc, "expected updates of the data's element type " +
                         typeStr(data.getElementType()) + ", got " +
                         typeStr(updates.getElementType()));
  if (reduction != ScatterReduction::none && data.getElementType().isInteger(1))
    return fail(loc, "expected numeric data for reduction " +
                         stringifyScatterReduction(reduction) + ", got i1");
  return success();
}

LogicalResult
ScatterElementsOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  SmallVector<RankedTensorType> t;
  if (failed(getStaticTensors(loc,
                              {adaptor.getData().getType(),
                               adaptor.getIndices().getType(),
                               adaptor.getUpdates().getType()},
                              t)))
    return failure();
  if (failed(checkScatterTypes(loc, t[0], t[2], adaptor.getReduction())))
    return failure();
  ArrayRef<int64_t> data = t[0].getShape(), indices = t[1].getShape(),
                    updates = t[2].getShape();
  if (indices != updates)
    return fail(loc, "expected indices and updates of one shape, got " +
                         listStr(indices) + " and " + listStr(updates));
  if (failed(checkElementIndices(loc, data, indices, adaptor.getAxis(),
                                 "to scatter into")))
    return failure();
  types.push_back(t[0]);
  return success();
}

LogicalResult ScatterNDOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  SmallVector<RankedTensorType> t;
  if (failed(getStaticTensors(loc,
                              {adaptor.getData().getType(),
                               adaptor.getIndices().getType(),
                               adaptor.getUpdates().getType()},
                              t)))
    return failure();
  if (failed(checkScatterTypes(loc, t[0], t[2], adaptor.getReduction())))
    return failure();
  ArrayRef<int64_t> data = t[0].getShape(), indices = t[1].getShape(),
                    updates = t[2].getShape();
  if (indices.empty())
    return fail(loc, "expected indices of rank 1 or more");
  int64_t k = indices.back();
  if (k > static_cast<int64_t>(data.size()))
    return fail(loc, "expected index tuples of at most " + Twine(data.size()) +
                         " elements (the data rank), got " + Twine(k));
  SmallVector<int64_t> expected(indices.drop_back());
  llvm::append_range(expected, data.drop_front(k));
  if (updates != ArrayRef<int64_t>(expected))
    return fail(loc, "expected updates of shape " + listStr(expected) +
                         " (indices.shape[:-1] + data.shape[k:]), got " +
                         listStr(updates));
  if (t[2].getNumElements() != 0 && llvm::is_contained(data.take_front(k), 0))
    return fail(loc, "expected non-empty dimensions to scatter into, got " +
                         listStr(data));
  types.push_back(t[0]);
  return success();
}

//===----------------------------------------------------------------------===//
// PadOp
//===----------------------------------------------------------------------===//

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input =
      getStaticTensorType(loc, adaptor.getInput().getType());
  if (failed(input))
    return failure();
  ArrayRef<int64_t> shape = input->getShape();
  ArrayRef<int64_t> low = adaptor.getLow(), high = adaptor.getHigh();
  if (low.size() != shape.size() || high.size() != shape.size())
    return fail(loc, "expected low and high with " + Twine(shape.size()) +
                         " entries each (the input rank), got " + listStr(low) +
                         " and " + listStr(high));
  SmallVector<int64_t> result;
  for (auto [d, size] : llvm::enumerate(shape)) {
    int64_t padded = low[d] + size + high[d];
    if (padded < 0)
      return fail(loc, "expected pads that leave a non-negative size, got " +
                           Twine(low[d]) + " + " + Twine(size) + " + " +
                           Twine(high[d]) + " in dimension " + Twine(d));
    result.push_back(padded);
  }
  types.push_back(RankedTensorType::get(result, input->getElementType()));
  return success();
}

LogicalResult PadOp::verify() {
  Type element = getInput().getType().getElementType();
  if (Value value = getValue()) {
    if (getMode() != PadMode::constant)
      return emitOpError("expected no value in mode ")
             << stringifyPadMode(getMode())
             << ", which takes its elements from the input";
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getRank() != 0 || type.getElementType() != element)
      return emitOpError("expected a rank-0 value of the input's element "
                         "type ")
             << element << ", got " << type;
  }
  if (getMode() == PadMode::constant)
    return success();
  for (auto [d, size] : llvm::enumerate(getInput().getType().getShape()))
    if (size == 0 && (getLow()[d] > 0 || getHigh()[d] > 0))
      return emitOpError("expected a non-empty dimension ")
             << d << " to pad in mode " << stringifyPadMode(getMode());
  return success();
}

//===----------------------------------------------------------------------===//
// ArgReduceOp, CumulativeOp, TopKOp
//===----------------------------------------------------------------------===//

LogicalResult ArgReduceOp::inferReturnTypes(MLIRContext *context,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input =
      getStaticTensorType(loc, adaptor.getInput().getType());
  if (failed(input))
    return failure();
  ArrayRef<int64_t> shape = input->getShape();
  int64_t axis = adaptor.getAxis();
  if (failed(checkAxis(loc, axis, shape.size())))
    return failure();
  if (shape[axis] == 0)
    return fail(loc, "expected a non-empty axis " + Twine(axis) + ", got " +
                         listStr(shape));
  SmallVector<int64_t> result(shape);
  if (adaptor.getKeepdims())
    result[axis] = 1;
  else
    result.erase(result.begin() + axis);
  types.push_back(RankedTensorType::get(result, IntegerType::get(context, 64)));
  return success();
}

LogicalResult CumulativeOp::verify() {
  return checkAxis(getLoc(), getAxis(), getInput().getType().getRank());
}

LogicalResult TopKOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input =
      getStaticTensorType(loc, adaptor.getInput().getType());
  if (failed(input))
    return failure();
  ArrayRef<int64_t> shape = input->getShape();
  int64_t axis = adaptor.getAxis(), k = adaptor.getK();
  if (failed(checkAxis(loc, axis, shape.size())))
    return failure();
  if (k < 0 || k > shape[axis])
    return fail(loc, "expected k in [0, " + Twine(shape[axis]) +
                         "] (the axis size), got " + Twine(k));
  SmallVector<int64_t> result(shape);
  result[axis] = k;
  types.push_back(RankedTensorType::get(result, input->getElementType()));
  types.push_back(RankedTensorType::get(result, IntegerType::get(context, 64)));
  return success();
}

//===----------------------------------------------------------------------===//
// EinsumOp
//===----------------------------------------------------------------------===//

/// Letters are labels 0..51 ('A'-'Z' then 'a'-'z', so label order is ASCII
/// order); dimension `i` of the broadcast ellipsis is label kEllipsis + i.
static constexpr int64_t kEllipsis = 52;

/// Splits a term into labels; `...` becomes one kEllipsisMarker.
static constexpr int64_t kEllipsisMarker = -1;

static FailureOr<SmallVector<int64_t>> parseTerm(std::optional<Location> loc,
                                                 StringRef term) {
  SmallVector<int64_t> labels;
  bool sawEllipsis = false;
  for (size_t i = 0; i < term.size(); ++i) {
    char c = term[i];
    if (c >= 'A' && c <= 'Z') {
      labels.push_back(c - 'A');
    } else if (c >= 'a' && c <= 'z') {
      labels.push_back(26 + c - 'a');
    } else if (term.substr(i).starts_with("...")) {
      if (sawEllipsis)
        return fail(loc,
                    "expected at most one '...' per term, got '" + term + "'");
      sawEllipsis = true;
      labels.push_back(kEllipsisMarker);
      i += 2;
    } else {
      return fail(loc, "expected letters and '...' in einsum terms, got '" +
                           Twine(c) + "' in '" + term + "'");
    }
  }
  return labels;
}

LogicalResult EinsumOp::parseEquation(std::optional<Location> loc,
                                      StringRef equation,
                                      ArrayRef<ArrayRef<int64_t>> shapes,
                                      Spec &spec) {
  std::string compact;
  for (char c : equation)
    if (c != ' ')
      compact.push_back(c);
  StringRef eq(compact);
  auto [lhs, rhs] = eq.split("->");
  bool explicitOutput = eq.contains("->");
  SmallVector<StringRef> terms;
  lhs.split(terms, ',');
  if (terms.size() != shapes.size())
    return fail(loc, "expected " + Twine(shapes.size()) +
                         " einsum terms (one per operand), got '" + equation +
                         "'");

  // The ellipsis rank is the largest number of dimensions any '...' covers.
  SmallVector<SmallVector<int64_t>> parsed;
  int64_t ellipsisRank = 0;
  for (auto [term, shape] : llvm::zip(terms, shapes)) {
    FailureOr<SmallVector<int64_t>> labels = parseTerm(loc, term);
    if (failed(labels))
      return failure();
    bool hasEllipsis = llvm::is_contained(*labels, kEllipsisMarker);
    int64_t letters = labels->size() - (hasEllipsis ? 1 : 0);
    int64_t rank = shape.size();
    if (hasEllipsis ? letters > rank : letters != rank)
      return fail(loc, "expected term '" + term + "' to match an operand of " +
                           "rank " + Twine(rank));
    if (hasEllipsis)
      ellipsisRank = std::max(ellipsisRank, rank - letters);
    parsed.push_back(std::move(*labels));
  }

  spec.sizes.assign(kEllipsis + ellipsisRank, -1);
  SmallVector<int64_t> counts(kEllipsis, 0);
  spec.inputs.clear();
  for (auto [term, labels, shape] : llvm::zip(terms, parsed, shapes)) {
    SmallVector<int64_t> dims;
    int64_t covered = shape.size() - (labels.size() - 1);
    for (int64_t label : labels) {
      if (label != kEllipsisMarker) {
        ++counts[label];
        dims.push_back(label);
        continue;
      }
      for (int64_t i = 0; i < covered; ++i)
        dims.push_back(kEllipsis + ellipsisRank - covered + i);
    }
    for (auto [label, size] : llvm::zip(dims, shape)) {
      int64_t &known = spec.sizes[label];
      if (label >= kEllipsis) {
        // Ellipsis dimensions broadcast.
        if (known == -1 || known == 1)
          known = size;
        else if (size != 1 && size != known)
          return fail(loc, "expected broadcast-compatible '...' dimensions, "
                           "got sizes " +
                               Twine(known) + " and " + Twine(size));
        continue;
      }
      if (known != -1 && known != size)
        return fail(loc, "expected every occurrence of a label to have one "
                         "size, got " +
                             Twine(known) + " and " + Twine(size) +
                             " in term '" + term + "'");
      known = size;
    }
    spec.inputs.push_back(std::move(dims));
  }

  spec.output.clear();
  if (!explicitOutput) {
    for (int64_t i = 0; i < ellipsisRank; ++i)
      spec.output.push_back(kEllipsis + i);
    for (int64_t label = 0; label < kEllipsis; ++label)
      if (counts[label] == 1)
        spec.output.push_back(label);
    return success();
  }
  FailureOr<SmallVector<int64_t>> out = parseTerm(loc, rhs);
  if (failed(out))
    return failure();
  bool outEllipsis = false;
  for (int64_t label : *out) {
    if (label == kEllipsisMarker) {
      outEllipsis = true;
      for (int64_t i = 0; i < ellipsisRank; ++i)
        spec.output.push_back(kEllipsis + i);
      continue;
    }
    if (counts[label] == 0)
      return fail(loc, "expected output labels that occur in an input term, "
                       "got '" +
                           rhs + "'");
    if (llvm::is_contained(spec.output, label))
      return fail(loc, "expected distinct output labels, got '" + rhs + "'");
    spec.output.push_back(label);
  }
  if (!outEllipsis && ellipsisRank > 0)
    return fail(loc, "expected '...' in the output term, as the inputs "
                     "broadcast " +
                         Twine(ellipsisRank) + " dimensions through it");
  return success();
}

LogicalResult EinsumOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  SmallVector<RankedTensorType> inputs;
  if (failed(getStaticTensors(loc, adaptor.getInputs().getTypes(), inputs)))
    return failure();
  if (inputs.empty())
    return fail(loc, "expected at least one operand");
  SmallVector<ArrayRef<int64_t>> shapes = llvm::map_to_vector(
      inputs, [](RankedTensorType t) { return t.getShape(); });
  Spec spec;
  if (failed(parseEquation(loc, adaptor.getEquation(), shapes, spec)))
    return failure();
  SmallVector<int64_t> shape = llvm::map_to_vector(
      spec.output, [&](int64_t label) { return spec.sizes[label]; });
  types.push_back(RankedTensorType::get(shape, inputs[0].getElementType()));
  return success();
}

EinsumOp::Spec EinsumOp::getSpec() {
  SmallVector<ArrayRef<int64_t>> shapes =
      llvm::map_to_vector(getInputs().getTypes(), [](Type t) {
        return cast<RankedTensorType>(t).getShape();
      });
  Spec spec;
  LogicalResult parsed =
      parseEquation(std::nullopt, getEquation(), shapes, spec);
  assert(succeeded(parsed) && "verified einsum op with a bad equation");
  (void)parsed;
  return spec;
}
