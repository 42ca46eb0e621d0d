//===- Sequence.cpp - ONNX sequence ops -----------------------------------===//
//
// ONNX sequences inside a graph are static lists of tensors the importer
// keeps by name (GraphImporter::lookupSequence): SequenceConstruct,
// SequenceEmpty, SequenceInsert, SequenceErase and SplitToSequence build
// them, SequenceAt, SequenceLength and ConcatFromSequence read them. Every
// position must be known at compile time; nothing of a sequence reaches the
// compiled code but its tensors. Graph inputs and outputs stay tensors.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

/// The position input `i` as an index into a sequence of `size` tensors (an
/// insertion may also take `size`); `fallback` when the input is omitted.
static FailureOr<int64_t> getPosition(NodeContext &ctx, unsigned i,
                                      int64_t size, int64_t fallback,
                                      bool inserting) {
  if (!ctx.hasInput(i))
    return fallback;
  FailureOr<SmallVector<int64_t>> position = ctx.getConstantInts(i);
  if (failed(position))
    return failure();
  if (position->size() != 1)
    return ctx.emitError() << "expected a one-element position";
  int64_t p = position->front();
  int64_t limit = inserting ? size : size - 1;
  if (p < -size || p > limit)
    return ctx.emitError() << "position " << p << " is out of range for a "
                           << "sequence of " << size << " tensors";
  return p < 0 ? p + size : p;
}

static LogicalResult convertSequenceConstruct(NodeContext &ctx) {
  SmallVector<Value> elements;
  for (unsigned i = 0; i < ctx.getNumInputs(); ++i)
    elements.push_back(ctx.getInput(i));
  ctx.setSequenceOutput(0, elements);
  return success();
}

static LogicalResult convertSequenceEmpty(NodeContext &ctx) {
  ctx.setSequenceOutput(0, {});
  return success();
}

static LogicalResult convertSequenceInsert(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> elements = ctx.getSequenceInput(0);
  if (failed(elements))
    return failure();
  int64_t size = elements->size();
  FailureOr<int64_t> position =
      getPosition(ctx, 2, size, size, /*inserting=*/true);
  if (failed(position))
    return failure();
  elements->insert(elements->begin() + *position, ctx.getInput(1));
  ctx.setSequenceOutput(0, *elements);
  return success();
}

static LogicalResult convertSequenceErase(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> elements = ctx.getSequenceInput(0);
  if (failed(elements))
    return failure();
  int64_t size = elements->size();
  if (size == 0)
    return ctx.emitError() << "erases from an empty sequence";
  FailureOr<int64_t> position =
      getPosition(ctx, 1, size, size - 1, /*inserting=*/false);
  if (failed(position))
    return failure();
  elements->erase(elements->begin() + *position);
  ctx.setSequenceOutput(0, *elements);
  return success();
}

static LogicalResult convertSequenceAt(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> elements = ctx.getSequenceInput(0);
  if (failed(elements))
    return failure();
  int64_t size = elements->size();
  if (size == 0)
    return ctx.emitError() << "reads from an empty sequence";
  FailureOr<int64_t> position =
      getPosition(ctx, 1, size, 0, /*inserting=*/false);
  if (failed(position))
    return failure();
  ctx.setOutput(0, (*elements)[*position]);
  return success();
}

static LogicalResult convertSequenceLength(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> elements = ctx.getSequenceInput(0);
  if (failed(elements))
    return failure();
  Composer c{ctx};
  ctx.setOutput(0, c.i64Constant({static_cast<int64_t>(elements->size())},
                                 {}));
  return success();
}

/// ConcatFromSequence: the tensors joined along `axis`, or stacked along a
/// new one with `new_axis`.
static LogicalResult convertConcatFromSequence(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> elements = ctx.getSequenceInput(0);
  if (failed(elements))
    return failure();
  if (elements->empty())
    return ctx.emitError() << "concatenates an empty sequence";
  if (!ctx.hasAttr("axis"))
    return ctx.emitError() << "has no 'axis' attribute";
  Composer c{ctx};
  bool newAxis = ctx.getInt("new_axis", 0) != 0;
  int64_t rank = rankOf(elements->front()) + (newAxis ? 1 : 0);
  FailureOr<int64_t> axis = normalizeAxis(ctx, ctx.getInt("axis", 0), rank);
  if (failed(axis))
    return failure();
  SmallVector<Value> parts;
  for (Value element : *elements) {
    if (rankOf(element) != rankOf(elements->front()) ||
        elementTypeOf(element) != elementTypeOf(elements->front()))
      return ctx.emitError() << "concatenates tensors of different ranks or "
                                "types";
    if (newAxis) {
      SmallVector<int64_t> shape(shapeOf(element));
      shape.insert(shape.begin() + *axis, 1);
      element = c.reshape(element, shape);
    }
    parts.push_back(element);
  }
  ctx.setOutput(0, parts.size() == 1 ? parts.front() : c.concat(parts, *axis));
  return success();
}

/// SplitToSequence: chunks of `split` (one size, the last chunk shorter, or
/// one size per chunk) along `axis`; without `split`, every element of the
/// axis alone, the axis dropped unless `keepdims`.
static LogicalResult convertSplitToSequence(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", 0), rankOf(x));
  if (failed(axis))
    return failure();
  int64_t extent = shapeOf(x)[*axis];
  SmallVector<int64_t> sizes;
  bool squeeze = false;
  if (ctx.hasInput(1)) {
    FailureOr<SmallVector<int64_t>> split = ctx.getConstantInts(1);
    if (failed(split))
      return failure();
    if (rankOf(ctx.getInput(1)) == 0) {
      int64_t size = split->front();
      if (size <= 0)
        return ctx.emitError() << "split " << size << " is not positive";
      for (int64_t start = 0; start < extent; start += size)
        sizes.push_back(std::min(size, extent - start));
    } else {
      sizes = *split;
      int64_t total = 0;
      for (int64_t size : sizes) {
        if (size < 0)
          return ctx.emitError() << "split sizes must not be negative";
        total += size;
      }
      if (total != extent)
        return ctx.emitError() << "split sizes add up to " << total
                               << ", not the axis' " << extent;
    }
  } else {
    sizes.assign(extent, 1);
    squeeze = ctx.getInt("keepdims", 1) == 0;
  }
  SmallVector<Value> elements;
  int64_t start = 0;
  for (int64_t size : sizes) {
    Value part = c.sliceAxis(x, *axis, start, size);
    if (squeeze) {
      SmallVector<int64_t> shape(shapeOf(part));
      shape.erase(shape.begin() + *axis);
      part = c.reshape(part, shape);
    }
    elements.push_back(part);
    start += size;
  }
  ctx.setSequenceOutput(0, elements);
  return success();
}

void aotc::onnximport::registerSequenceConverters(
    ConverterRegistry &registry) {
  registry.add("SequenceConstruct", {1, kVariadic}, convertSequenceConstruct);
  registry.add("SequenceEmpty", {0, 0}, convertSequenceEmpty);
  registry.add("SequenceInsert", {2, 3}, convertSequenceInsert);
  registry.add("SequenceErase", {1, 2}, convertSequenceErase);
  registry.add("SequenceAt", {2, 2}, convertSequenceAt);
  registry.add("SequenceLength", {1, 1}, convertSequenceLength);
  registry.add("ConcatFromSequence", {1, 1}, convertConcatFromSequence);
  registry.add("SplitToSequence", {1, 2}, convertSplitToSequence);
}
