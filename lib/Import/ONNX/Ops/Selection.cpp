//===- Selection.cpp - ONNX ops that pick elements by value ---------------===//
//
// Compress, NonZero, Unique and NonMaxSuppression give outputs whose shapes
// depend on values. On values known at compile time (constants, folded
// computations, inputs frozen with --input-value) Compress, NonZero and
// Unique become gathers of constant indices or constants. NonZero and
// NonMaxSuppression of run-time values become tg.nonzero and
// tg.non_max_suppression, and Compress with a run-time condition a gather of
// the condition's tg.nonzero: bounded outputs, computed at their largest
// shape, whose actual shape the caller gets beside them (TopK with a
// run-time k, in Indexing.cpp, is one too). Unique of run-time values
// without an axis is composed from pairwise comparisons and scatters, also
// bounded. ReverseSequence and TensorScatter have static
// shapes and run on any input: their index arithmetic is a composition of
// tg ops feeding tg.gather_elements. OptionalHasElement and
// OptionalGetElement take tensors (aotc has no optional values).
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

/// Input `i` as doubles, which must be known at compile time (an error
/// naming the input, with a hint to freeze a graph input, otherwise).
static FailureOr<SmallVector<double>> getConstantValues(NodeContext &ctx,
                                                        unsigned i) {
  if (isFloatValue(ctx.getInput(i)))
    return ctx.getConstantFloats(i);
  FailureOr<SmallVector<int64_t>> ints = ctx.getConstantInts(i);
  if (failed(ints))
    return failure();
  return SmallVector<double>(ints->begin(), ints->end());
}

//===----------------------------------------------------------------------===//
// Compress, NonZero, Unique
//===----------------------------------------------------------------------===//

/// Compress's axis, normalized; without one, `x` becomes the flattened
/// input and the axis 0.
static LogicalResult getCompressAxis(NodeContext &ctx, Composer &c, Value &x,
                                     int64_t &axis) {
  axis = 0;
  if (!ctx.hasAttr("axis")) {
    x = c.reshape(x, {tensorTypeOf(x).getNumElements()});
    return success();
  }
  FailureOr<int64_t> normalized =
      normalizeAxis(ctx, ctx.getInt("axis", 0), rankOf(x));
  if (failed(normalized))
    return failure();
  axis = *normalized;
  return success();
}

/// Compress with a condition known only at run time: a bounded output of
/// at most as many slices as the condition has entries. tg.nonzero of the
/// condition gives the kept positions in order (zeros past the count), a
/// gather takes those slices, and the slices past the count become zeros.
static LogicalResult convertBoundedCompress(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0), condition = ctx.getInput(1);
  if (rankOf(condition) != 1 || !elementTypeOf(condition).isInteger(1))
    return ctx.emitError() << "expected a 1-D bool condition, got "
                           << condition.getType();
  int64_t axis = 0;
  if (failed(getCompressAxis(ctx, c, x, axis)))
    return failure();
  int64_t entries = shapeOf(condition)[0], extent = shapeOf(x)[axis];
  if (entries > extent)
    return ctx.emitError() << "condition has " << entries << " entries for "
                           << extent << " slices";
  if (entries == 0) {
    ctx.setOutput(0, c.sliceAxis(x, axis, 0, 0));
    return success();
  }
  auto nonzero =
      tg::NonZeroOp::create(ctx.getBuilder(), ctx.getLoc(), condition);
  Value positions = c.reshape(nonzero.getCoordinates(), {entries});
  Value count = nonzero.getCount();
  Value kept = c.zeroPast(ctx.create<tg::GatherOp>(x, positions, axis), axis,
                          count);
  ArrayRef<int64_t> shape = shapeOf(kept);
  ctx.setBoundedOutput(0, kept,
                       c.boundedShape(shape.take_front(axis), count,
                                      shape.drop_front(axis + 1)),
                       axis);
  return success();
}

/// Compress: the slices along `axis` (of the flattened input without one)
/// whose condition is true; entries past the condition's end are dropped.
static LogicalResult convertCompress(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!ctx.getConstantInput(1))
    return convertBoundedCompress(ctx);
  FailureOr<SmallVector<int64_t>> condition = ctx.getConstantInts(1);
  if (failed(condition))
    return failure();
  int64_t axis = 0;
  if (failed(getCompressAxis(ctx, c, x, axis)))
    return failure();
  int64_t extent = shapeOf(x)[axis];
  if (static_cast<int64_t>(condition->size()) > extent)
    return ctx.emitError() << "condition has " << condition->size()
                           << " entries for " << extent << " slices";
  SmallVector<int64_t> indices;
  for (auto [i, keep] : llvm::enumerate(*condition))
    if (keep)
      indices.push_back(i);
  Value result;
  if (indices.empty()) {
    result = c.sliceAxis(x, axis, 0, 0);
  } else {
    result = ctx.create<tg::GatherOp>(
        x, c.i64Constant(indices, {static_cast<int64_t>(indices.size())}),
        axis);
  }
  ctx.setOutput(0, result);
  return success();
}

/// NonZero: the [rank, count] int64 coordinates of the nonzero elements, in
/// row-major order; a constant when the input is one, else a bounded output
/// of at most every element.
static LogicalResult convertNonZero(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!ctx.getConstantInput(0) && rankOf(x) > 0) {
    if (failed(ctx.checkedSize({rankOf(x), tensorTypeOf(x).getNumElements()},
                               "coordinates (rank x elements)")))
      return failure();
    auto nonzero = tg::NonZeroOp::create(ctx.getBuilder(), ctx.getLoc(), x);
    ctx.setBoundedOutput(
        0, nonzero.getCoordinates(),
        c.boundedShape({rankOf(x)}, nonzero.getCount(), {}), 1);
    return success();
  }
  FailureOr<SmallVector<double>> values = getConstantValues(ctx, 0);
  if (failed(values))
    return failure();
  ArrayRef<int64_t> shape = shapeOf(x);
  int64_t rank = shape.size();
  SmallVector<int64_t> positions;
  for (auto [i, v] : llvm::enumerate(*values))
    if (v != 0)
      positions.push_back(i);
  int64_t count = positions.size();
  SmallVector<int64_t> coords(std::max<int64_t>(rank, 1) * count);
  for (auto [k, flat] : llvm::enumerate(positions)) {
    int64_t rest = flat;
    for (int64_t d = rank - 1; d >= 0; --d) {
      coords[d * count + k] = rest % shape[d];
      rest /= shape[d];
    }
  }
  ctx.setOutput(0, c.i64Constant(coords, {std::max<int64_t>(rank, 1), count}));
  return success();
}

/// The most elements Unique compares pairwise at run time: its lowering
/// builds n x n comparisons.
static constexpr int64_t kMaxRuntimeUniqueElements = 4096;

/// Unique of a value known only at run time, over the flattened input:
/// bounded outputs of at most n entries (inverse_indices has n). Built from
/// n x n comparisons: element i is a first occurrence when no earlier j
/// equals it; its rank among the distinct values (by value when sorted, by
/// first occurrence otherwise) is where it lands, so Y, the first indices
/// and the counts are scatters at that rank into n slots, of which the
/// first `count` are used. NaNs compare unequal, so each is its own entry.
static LogicalResult convertBoundedUnique(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  int64_t n = tensorTypeOf(x).getNumElements();
  if (n > kMaxRuntimeUniqueElements)
    return ctx.unsupported("more than " + Twine(kMaxRuntimeUniqueElements) +
                           " elements known only at run time");
  if (n == 0 || !isa<IntegerType, FloatType>(elementTypeOf(x)) ||
      elementTypeOf(x).isInteger(1))
    return ctx.unsupported("an empty or bool input known only at run time");
  bool sorted = ctx.getInt("sorted", 1) != 0;
  Type i64 = IntegerType::get(ctx.getContext(), 64);
  x = c.reshape(x, {n});
  Value row = c.reshape(x, {1, n}), column = c.reshape(x, {n, 1});
  Value indexRow = c.iota({1, n}), indexColumn = c.iota({n, 1});
  // same[i][j]: x[j] == x[i]; earlier[i][j]: j < i.
  Value same = c.compare(tg::ComparePredicate::eq, column, row);
  Value earlier = c.compare(tg::ComparePredicate::lt, indexRow, indexColumn);
  auto anyOver = [&](Value mask) {
    return c.reduce(tg::ReduceKind::max, c.cast(mask, i64), {1});
  };
  // first[i]: no earlier element equals x[i]. [n, 1] i64, 1 or 0.
  Value first = c.sub(c.scalar(indexColumn, 1),
                      anyOver(ctx.create<tg::AndOp>(same, earlier)));
  Value firstRow = c.reshape(first, {1, n});
  Value count = c.reshape(c.reduce(tg::ReduceKind::sum, first, {0}), {});
  // The position among the distinct values of x[i]'s entry: the first
  // occurrences before it, by value or by position.
  Value before;
  if (sorted) {
    before = c.compare(tg::ComparePredicate::lt, row, column);
  } else {
    Value firstAt = c.reduce(
        tg::ReduceKind::min,
        c.select(same, indexRow, c.scalar(indexRow, n)), {1});
    before = c.compare(tg::ComparePredicate::lt, indexRow, firstAt);
  }
  Value rank = c.reshape(
      c.reduce(tg::ReduceKind::sum, c.mul(c.cast(before, i64), firstRow),
               {1}),
      {n});
  auto scatter = [&](tg::ScatterReduction reduction, Value into,
                     Value updates) {
    return ctx.create<tg::ScatterElementsOp>(
        tg::ScatterReductionAttr::get(ctx.getContext(), reduction), into,
        rank, updates, ctx.getBuilder().getI64IntegerAttr(0));
  };
  Value shape = c.boundedShape({}, count, {});
  Value zeros = c.broadcastTo(c.scalar(x, 0), {n});
  Value zerosI64 = c.broadcastTo(c.scalar(rank, 0), {n});
  ctx.setBoundedOutput(0, scatter(tg::ScatterReduction::none, zeros, x),
                       shape, 0);
  Value firstIndex =
      scatter(tg::ScatterReduction::min,
              c.broadcastTo(c.scalar(rank, n), {n}), c.iota({n}));
  ctx.setBoundedOutput(1, c.zeroPast(firstIndex, 0, count), shape, 0);
  ctx.setOutput(2, rank);
  ctx.setBoundedOutput(3,
                       scatter(tg::ScatterReduction::add, zerosI64,
                               c.broadcastTo(c.scalar(rank, 1), {n})),
                       shape, 0);
  return success();
}

/// Unique of a constant: the distinct elements (or slices along `axis`),
/// sorted or in order of first occurrence, with the first occurrence of
/// each, each input element's position among them, and their counts.
static LogicalResult convertUnique(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!ctx.getConstantInput(0) && !ctx.hasAttr("axis"))
    return convertBoundedUnique(ctx);
  FailureOr<SmallVector<double>> values = getConstantValues(ctx, 0);
  if (failed(values))
    return failure();
  bool sorted = ctx.getInt("sorted", 1) != 0;
  std::optional<int64_t> axis;
  if (ctx.hasAttr("axis")) {
    FailureOr<int64_t> normalized =
        normalizeAxis(ctx, ctx.getInt("axis", 0), rankOf(x));
    if (failed(normalized))
      return failure();
    axis = *normalized;
  }
  // The slices compared: elements, or [outer, extent, inner] slices.
  ArrayRef<int64_t> shape = shapeOf(x);
  int64_t extent = axis ? shape[*axis] : tensorTypeOf(x).getNumElements();
  int64_t outer = 1, inner = 1;
  if (axis) {
    for (int64_t d = 0; d < *axis; ++d)
      outer *= shape[d];
    for (int64_t d = *axis + 1; d < rankOf(x); ++d)
      inner *= shape[d];
  }
  auto slice = [&](int64_t i) {
    SmallVector<double> s;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k = 0; k < inner; ++k)
        s.push_back((*values)[(o * extent + i) * inner + k]);
    return s;
  };
  std::map<SmallVector<double>, int64_t> firstOf; // slice -> first index
  SmallVector<int64_t> firsts;
  for (int64_t i = 0; i < extent; ++i)
    if (firstOf.emplace(slice(i), i).second)
      firsts.push_back(i);
  if (sorted) {
    firsts.clear();
    for (const auto &entry : firstOf)
      firsts.push_back(entry.second);
  }
  std::map<int64_t, int64_t> rank; // first index -> output position
  for (auto [k, first] : llvm::enumerate(firsts))
    rank[first] = k;
  SmallVector<int64_t> inverse, counts(firsts.size(), 0);
  for (int64_t i = 0; i < extent; ++i) {
    int64_t k = rank[firstOf[slice(i)]];
    inverse.push_back(k);
    ++counts[k];
  }
  int64_t n = firsts.size();
  Value indices = c.i64Constant(firsts, {n});
  Value data = axis ? x : c.reshape(x, {extent});
  ctx.setOutput(0, ctx.create<tg::GatherOp>(data, indices, axis.value_or(0)));
  ctx.setOutput(1, indices);
  ctx.setOutput(2, c.i64Constant(inverse, {extent}));
  ctx.setOutput(3, c.i64Constant(counts, {n}));
  return success();
}

//===----------------------------------------------------------------------===//
// ReverseSequence, TensorScatter
//===----------------------------------------------------------------------===//

/// `v` ([n] along `axis` of a rank-`rank` tensor) reshaped to broadcast
/// there.
static Value alongAxis(Composer &c, Value v, int64_t axis, int64_t rank) {
  SmallVector<int64_t> shape(rank, 1);
  shape[axis] = shapeOf(v)[0];
  return c.reshape(v, shape);
}

/// ReverseSequence: along `time_axis`, the first sequence_lens[b] elements
/// of batch entry b reversed, the rest kept.
static LogicalResult convertReverseSequence(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0), lengths = ctx.getInput(1);
  int64_t rank = rankOf(x);
  FailureOr<int64_t> batchAxis =
      normalizeAxis(ctx, ctx.getInt("batch_axis", 1), rank, "batch_axis");
  FailureOr<int64_t> timeAxis =
      normalizeAxis(ctx, ctx.getInt("time_axis", 0), rank, "time_axis");
  if (failed(batchAxis) || failed(timeAxis))
    return failure();
  if (*batchAxis == *timeAxis || rank < 2)
    return ctx.emitError() << "batch_axis and time_axis must differ";
  if (shapeOf(lengths) != ArrayRef<int64_t>{shapeOf(x)[*batchAxis]})
    return ctx.emitError() << "expected sequence_lens of one entry per batch "
                              "element, got "
                           << lengths.getType();
  Type i64 = IntegerType::get(ctx.getContext(), 64);
  Value time = alongAxis(c, c.iota({shapeOf(x)[*timeAxis]}), *timeAxis, rank);
  Value length = alongAxis(c, c.cast(lengths, i64), *batchAxis, rank);
  Value reversed = c.sub(c.sub(length, c.scalar(length, 1)), time);
  Value source = c.select(c.compare(tg::ComparePredicate::lt, time, length),
                          reversed, time);
  source = c.broadcastTo(source, shapeOf(x));
  ctx.setOutput(0, ctx.create<tg::GatherElementsOp>(x, source, *timeAxis));
  return success();
}

/// TensorScatter (a KV cache update): update[b] written into past_cache[b]
/// along `axis` from write_indices[b] on (wrapping around in mode
/// "circular"); the rest of the cache kept.
static LogicalResult convertTensorScatter(NodeContext &ctx) {
  Composer c{ctx};
  Value past = ctx.getInput(0), update = ctx.getInput(1);
  int64_t rank = rankOf(past);
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", -2), rank);
  if (failed(axis))
    return failure();
  std::string mode = ctx.getString("mode", "linear");
  if (mode != "linear" && mode != "circular")
    return ctx.emitError() << "mode '" << mode
                           << "' is not linear or circular";
  bool shapesMatch = rankOf(update) == rank && *axis > 0;
  for (int64_t d = 0; shapesMatch && d < rank; ++d)
    shapesMatch = d == *axis ? shapeOf(update)[d] <= shapeOf(past)[d]
                             : shapeOf(update)[d] == shapeOf(past)[d];
  if (!shapesMatch || elementTypeOf(update) != elementTypeOf(past))
    return ctx.emitError() << "expected an update like the cache but for "
                              "at most as many positions along axis "
                           << *axis << ", got " << update.getType()
                           << " for " << past.getType();
  int64_t batch = shapeOf(past)[0], positions = shapeOf(past)[*axis],
          written = shapeOf(update)[*axis];
  Type i64 = IntegerType::get(ctx.getContext(), 64);
  Value start = ctx.hasInput(2) ? c.cast(ctx.getInput(2), i64)
                                : c.i64Constant(SmallVector<int64_t>(batch, 0),
                                                {batch});
  if (shapeOf(start) != ArrayRef<int64_t>{batch})
    return ctx.emitError() << "expected write_indices of " << batch
                           << " entries";
  // For each batch entry and cache position: the update position it takes,
  // and whether it takes one.
  Value position = alongAxis(c, c.iota({positions}), *axis, rank);
  Value offset = c.sub(position, alongAxis(c, start, 0, rank));
  if (mode == "circular") {
    Value wrapped = c.add(offset, c.scalar(offset, positions));
    offset = c.select(c.compare(tg::ComparePredicate::lt, offset,
                                c.scalar(offset, 0)),
                      wrapped, offset);
  }
  Value taken = ctx.create<tg::AndOp>(
      c.compare(tg::ComparePredicate::ge, offset, c.scalar(offset, 0)),
      c.compare(tg::ComparePredicate::lt, offset,
                c.scalar(offset, written)));
  SmallVector<int64_t> shape(shapeOf(past));
  Value source = c.broadcastTo(
      c.max(c.min(offset, c.scalar(offset, written - 1)),
            c.scalar(offset, 0)),
      shape);
  Value values = ctx.create<tg::GatherElementsOp>(update, source, *axis);
  ctx.setOutput(0, c.select(c.broadcastTo(taken, shape), values, past));
  return success();
}

//===----------------------------------------------------------------------===//
// NonMaxSuppression
//===----------------------------------------------------------------------===//

/// Optional input `i` (a scalar or one-element tensor) as a rank-0 tensor,
/// or `fallback` when it is not given.
static FailureOr<Value> getScalarInput(NodeContext &ctx, Composer &c,
                                       unsigned i, Type element,
                                       double fallback, StringRef what) {
  if (!ctx.hasInput(i))
    return ctx.createSplat(element, fallback);
  Value v = ctx.getInput(i);
  if (tensorTypeOf(v).getNumElements() != 1 || elementTypeOf(v) != element)
    return ctx.emitError() << "expected " << what << " to be one "
                           << element << ", got " << v.getType();
  return c.reshape(v, {});
}

/// NonMaxSuppression: the (batch, class, box) rows the greedy suppression
/// keeps, a bounded output of at most `per_class` rows per (batch, class):
/// the constant max_output_boxes_per_class, or every box when it is known
/// only at run time.
static LogicalResult convertNonMaxSuppression(NodeContext &ctx) {
  Composer c{ctx};
  Value boxes = ctx.getInput(0), scores = ctx.getInput(1);
  ArrayRef<int64_t> b = shapeOf(boxes), s = shapeOf(scores);
  if (b.size() != 3 || b[2] != 4 || s.size() != 3 || s[0] != b[0] ||
      s[2] != b[1])
    return ctx.emitError() << "expected boxes of shape [B, N, 4] and scores "
                              "of shape [B, C, N], got "
                           << boxes.getType() << " and " << scores.getType();
  Type f32 = Float32Type::get(ctx.getContext());
  if (elementTypeOf(boxes) != f32 || elementTypeOf(scores) != f32)
    return ctx.unsupported("boxes and scores of " +
                           std::string(isFloatValue(boxes) ? "a float type "
                                                             "other than f32"
                                                           : "integers"));
  int64_t centerPointBox = ctx.getInt("center_point_box", 0);
  if (centerPointBox != 0 && centerPointBox != 1)
    return ctx.emitError() << "expected center_point_box 0 or 1, got "
                           << centerPointBox;
  Type i64 = IntegerType::get(ctx.getContext(), 64);
  FailureOr<Value> limit = getScalarInput(ctx, c, 2, i64, 0,
                                          "max_output_boxes_per_class");
  FailureOr<Value> iou = getScalarInput(ctx, c, 3, f32, 0, "iou_threshold");
  // An omitted score threshold keeps every box: NaN says so to the op.
  FailureOr<Value> threshold = getScalarInput(
      ctx, c, 4, f32, std::numeric_limits<double>::quiet_NaN(),
      "score_threshold");
  if (failed(limit) || failed(iou) || failed(threshold))
    return failure();
  int64_t perClass = b[1];
  if (!ctx.hasInput(2)) {
    perClass = 0;
  } else if (ctx.getConstantInput(2)) {
    FailureOr<SmallVector<int64_t>> given = ctx.getConstantInts(2);
    if (failed(given))
      return failure();
    perClass = std::clamp<int64_t>(given->front(), 0, b[1]);
  }
  if (failed(ctx.checkedSize({b[0], s[1], perClass, 3},
                             "selected indices (B x C x per class x 3)")))
    return failure();
  auto nms = tg::NonMaxSuppressionOp::create(
      ctx.getBuilder(), ctx.getLoc(), boxes, scores, *limit, *iou, *threshold,
      perClass, centerPointBox != 0);
  ctx.setBoundedOutput(0, nms.getSelected(),
                       c.boundedShape({}, nms.getCount(), {3}), 0);
  return success();
}

//===----------------------------------------------------------------------===//
// Optionals
//===----------------------------------------------------------------------===//

/// OptionalHasElement: aotc's values are tensors, so it holds whenever an
/// input is given.
static LogicalResult convertOptionalHasElement(NodeContext &ctx) {
  auto type = RankedTensorType::get({}, IntegerType::get(ctx.getContext(), 1));
  ctx.setOutput(0, ctx.createConstant(
                       DenseElementsAttr::get(type, ctx.hasInput(0))));
  return success();
}

void aotc::onnximport::registerSelectionConverters(
    ConverterRegistry &registry) {
  registry.add("Compress", {2, 2}, convertCompress);
  registry.add("NonZero", {1, 1}, convertNonZero);
  registry.add("NonMaxSuppression", {2, 5}, convertNonMaxSuppression);
  registry.add("Unique", {1, 1}, convertUnique);
  registry.add("ReverseSequence", {2, 2}, convertReverseSequence);
  registry.add("TensorScatter", {2, 3}, convertTensorScatter);
  registry.add("OptionalHasElement", {0, 1}, convertOptionalHasElement);
  registry.add("OptionalGetElement", {1, 1}, [](NodeContext &ctx) {
    ctx.setOutput(0, ctx.getInput(0));
    return success();
  });
}
