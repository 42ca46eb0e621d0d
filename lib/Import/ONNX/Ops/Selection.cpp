//===- Selection.cpp - ONNX ops that pick elements by value ---------------===//
//
// Compress, NonZero and Unique give outputs whose shapes depend on values:
// aotc compiles static shapes, so those values must be known at compile
// time (constants, folded computations, or inputs frozen with
// --input-value), and the ops become gathers of constant indices or
// constants themselves. ReverseSequence and TensorScatter have static
// shapes and run on any input: their index arithmetic is a composition of
// tg ops feeding tg.gather_elements. OptionalHasElement and
// OptionalGetElement take tensors (aotc has no optional values).
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

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

/// Compress: the slices along `axis` (of the flattened input without one)
/// whose condition is true; entries past the condition's end are dropped.
static LogicalResult convertCompress(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  FailureOr<SmallVector<int64_t>> condition = ctx.getConstantInts(1);
  if (failed(condition))
    return failure();
  int64_t axis = 0;
  if (ctx.hasAttr("axis")) {
    FailureOr<int64_t> normalized =
        normalizeAxis(ctx, ctx.getInt("axis", 0), rankOf(x));
    if (failed(normalized))
      return failure();
    axis = *normalized;
  } else {
    x = c.reshape(x, {tensorTypeOf(x).getNumElements()});
  }
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

/// NonZero of a constant: the [rank, count] int64 coordinates of the
/// nonzero elements, in row-major order.
static LogicalResult convertNonZero(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
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

/// Unique of a constant: the distinct elements (or slices along `axis`),
/// sorted or in order of first occurrence, with the first occurrence of
/// each, each input element's position among them, and their counts.
static LogicalResult convertUnique(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
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
  registry.add("Unique", {1, 1}, convertUnique);
  registry.add("ReverseSequence", {2, 2}, convertReverseSequence);
  registry.add("TensorScatter", {2, 3}, convertTensorScatter);
  registry.add("OptionalHasElement", {0, 1}, convertOptionalHasElement);
  registry.add("OptionalGetElement", {1, 1}, [](NodeContext &ctx) {
    ctx.setOutput(0, ctx.getInput(0));
    return success();
  });
}
