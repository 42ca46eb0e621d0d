//===- ControlFlow.cpp - ONNX If, Loop and Scan ---------------------------===//
//
// The ops with subgraphs, imported through GraphImporter::importSubgraph
// (names of the enclosing graphs visible inside, a subgraph's own names
// scoped to it):
//
//   If    a condition known at compile time imports only the branch taken;
//         a runtime condition is an scf.if, which needs branches of the
//         same types (the CUDA target speculates it: both branches, then a
//         tg.select, aotc-speculate-graph-ifs).
//   Loop  with a trip count and a condition known at compile time (each
//         iteration's condition must fold, as a `for` loop's constant true
//         does): the body is imported once per iteration, its loop-carried
//         values passed on, its scan outputs stacked along a new axis 0.
//         From the first condition computed at run time on, the rest of
//         the loop is an scf.while (buildWhileLoop), which needs
//         loop-carried values of fixed types and no scan outputs; so is a
//         loop whose trip count is known only at run time.
//   Scan  over static extents: the body once per position, each scan
//         input sliced along its axis (backward when its direction is 1),
//         each scan output stacked along its axis; opset 8's batched form
//         scans each batch entry alone.
//
// A `for` Loop (static trip count, a condition that stays true,
// loop-carried values that keep their types) or a Scan of more than
// kMaxUnrolledForIterations steps is an scf.for, of any length
// (buildForLoop), unless its body needs a step's values at compile time.
// Other loops and scans are unrolled at import, up to
// kMaxUnrolledIterations iterations; longer ones are reported unsupported.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

/// The most iterations a Loop or Scan is unrolled into.
static constexpr int64_t kMaxUnrolledIterations = 1024;
/// A `for` Loop (static trip count, condition true throughout, loop-carried
/// types unchanged) or a Scan of more steps than this is an scf.for.
static constexpr int64_t kMaxUnrolledForIterations = 8;

/// A rank-0 i1 constant.
static Value boolConstant(NodeContext &ctx, bool value) {
  auto type = RankedTensorType::get({}, IntegerType::get(ctx.getContext(), 1));
  return ctx.createConstant(DenseElementsAttr::get(type, value));
}

/// The value of a one-element boolean (or integer) constant, if `value` is
/// one.
static std::optional<bool> getConstantCondition(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || attr.getNumElements() != 1 ||
      !isa<IntegerType>(attr.getElementType()))
    return std::nullopt;
  return !attr.getValues<APInt>()[0].isZero();
}

/// Whether `value` is a one-element boolean tensor, as ONNX conditions are.
static bool isBoolScalar(Value value) {
  auto type = tensorTypeOf(value);
  return type.getNumElements() == 1 && type.getElementType().isInteger(1);
}

/// Sets the node's outputs to `results`, checking their number. A null
/// result means an unsupported node inside left it missing: the importer
/// then marks every output missing (the node counts as skipped), so nothing
/// is set.
static LogicalResult setOutputs(NodeContext &ctx, ArrayRef<Value> results,
                                StringRef what) {
  if (results.size() != ctx.getNumOutputs())
    return ctx.emitError() << what << " gives " << results.size()
                           << " values for the node's "
                           << ctx.getNumOutputs() << " outputs";
  if (llvm::is_contained(results, Value()))
    return success();
  for (auto [i, value] : llvm::enumerate(results))
    ctx.setOutput(i, value);
  return success();
}

/// `slices`, all of one type, stacked along a new `axis`.
static FailureOr<Value> stack(NodeContext &ctx, ArrayRef<Value> slices,
                              int64_t axis, StringRef what) {
  Composer c{ctx};
  auto type = tensorTypeOf(slices.front());
  for (Value slice : slices)
    if (slice.getType() != type)
      return ctx.emitError() << what << " changes type between iterations, "
                             << "from " << type << " to " << slice.getType();
  FailureOr<int64_t> normalized =
      normalizeAxis(ctx, axis, type.getRank() + 1, what);
  if (failed(normalized))
    return failure();
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + *normalized, 1);
  SmallVector<Value> parts;
  for (Value slice : slices)
    parts.push_back(c.reshape(slice, shape));
  if (parts.size() == 1)
    return parts.front();
  return c.concat(parts, *normalized);
}

//===----------------------------------------------------------------------===//
// If
//===----------------------------------------------------------------------===//

static LogicalResult convertIf(NodeContext &ctx) {
  const onnx::GraphProto *thenBranch = ctx.getGraphAttr("then_branch");
  const onnx::GraphProto *elseBranch = ctx.getGraphAttr("else_branch");
  if (!thenBranch || !elseBranch)
    return ctx.emitError()
           << "expects graph attributes 'then_branch' and 'else_branch'";
  Value condition = ctx.getInput(0);
  if (!isBoolScalar(condition))
    return ctx.emitError() << "expected a one-element boolean condition, got "
                           << condition.getType();
  if (std::optional<bool> taken = getConstantCondition(condition)) {
    FailureOr<SmallVector<Value>> results =
        ctx.importSubgraph(*taken ? *thenBranch : *elseBranch, {});
    if (failed(results))
      return failure();
    return setOutputs(ctx, *results, *taken ? "then_branch" : "else_branch");
  }
  // A runtime condition: an scf.if on it. The branches' result types are
  // known only once they are imported, so they are imported into the
  // branches of a first scf.if without results, whose blocks then move into
  // the final one. When a branch is skipped (an unsupported node inside) or
  // the branches' types differ, the first scf.if is left without a use for
  // the canonicalizer to erase.
  OpBuilder &b = ctx.getBuilder();
  Location loc = ctx.getLoc();
  Composer c{ctx};
  Value scalar = tensor::ExtractOp::create(b, loc, c.reshape(condition, {}),
                                           ValueRange{});
  auto probe = scf::IfOp::create(b, loc, TypeRange{}, scalar,
                                 /*withElseRegion=*/true);
  auto importBranch = [&](Block *block, const onnx::GraphProto &branch) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(block->getTerminator());
    return ctx.importSubgraph(branch, {});
  };
  FailureOr<SmallVector<Value>> thenResults =
      importBranch(probe.thenBlock(), *thenBranch);
  if (failed(thenResults))
    return failure();
  FailureOr<SmallVector<Value>> elseResults =
      importBranch(probe.elseBlock(), *elseBranch);
  if (failed(elseResults))
    return failure();
  if (thenResults->size() != elseResults->size())
    return ctx.emitError() << "then_branch gives " << thenResults->size()
                           << " values and else_branch "
                           << elseResults->size();
  if (llvm::is_contained(*thenResults, Value()) ||
      llvm::is_contained(*elseResults, Value()))
    return success(); // skipped: see setOutputs
  SmallVector<Type> types;
  for (auto [onTrue, onFalse] : llvm::zip(*thenResults, *elseResults)) {
    if (onTrue.getType() != onFalse.getType() ||
        ctx.isUnsigned(onTrue) != ctx.isUnsigned(onFalse) ||
        ctx.getLowPrecisionType(onTrue) != ctx.getLowPrecisionType(onFalse))
      return ctx.unsupported("branches of different types under a "
                             "condition known only at run time");
    types.push_back(onTrue.getType());
  }
  auto ifOp = scf::IfOp::create(b, loc, types, scalar, /*addThenBlock=*/false,
                                /*addElseBlock=*/false);
  for (auto [region, from, values] :
       {std::make_tuple(&ifOp.getThenRegion(), &probe.getThenRegion(),
                        &*thenResults),
        std::make_tuple(&ifOp.getElseRegion(), &probe.getElseRegion(),
                        &*elseResults)}) {
    region->takeBody(*from);
    Operation *terminator = region->front().getTerminator();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(terminator);
    scf::YieldOp::create(b, loc, *values);
    terminator->erase();
  }
  probe.erase();
  SmallVector<Value> results;
  for (auto [result, onTrue] : llvm::zip(ifOp.getResults(), *thenResults)) {
    if (ctx.isUnsigned(onTrue))
      ctx.markUnsigned(result);
    if (int dataType = ctx.getLowPrecisionType(onTrue))
      ctx.markLowPrecision(result, dataType);
    results.push_back(result);
  }
  return setOutputs(ctx, results, "If");
}

//===----------------------------------------------------------------------===//
// Loop
//===----------------------------------------------------------------------===//

namespace {
/// What buildForLoop made of a Loop or Scan node.
enum class ForLoop {
  Built,    // the results are the scf.for's
  Unrolled, // not a loop of static types: unroll it instead
};

/// A Loop or Scan as buildForLoop builds it.
struct ForLoopSpec {
  int64_t tripCount = 0;
  /// The loop-carried values (Loop's carried values, Scan's states).
  SmallVector<Value> carried;
  /// Loop: the body takes the iteration number (carried as a rank-0 i64)
  /// and the condition first, and gives the condition first.
  bool isLoop = false;
  /// Scan: each scan input, sliced at the step's position along its axis
  /// (from the end when reversed) and given to the body after the states.
  SmallVector<Value> scanInputs;
  SmallVector<int64_t> inputAxes, inputReversed;
  /// Each scan output, stacked along its axis (from the end when
  /// reversed); one per body output after the carried values.
  SmallVector<int64_t> outputAxes, outputReversed;
};
} // namespace

/// Scan input `input`'s element at one position: its `slice` (extent 1
/// along `axis`) without that axis, unsigned or low-precision as `input` is.
static Value scanElement(NodeContext &ctx, Value input, Value slice,
                         int64_t axis) {
  SmallVector<int64_t> shape(shapeOf(input));
  shape.erase(shape.begin() + axis);
  Value element = Composer{ctx}.reshape(slice, shape);
  if (ctx.isUnsigned(input))
    ctx.markUnsigned(element);
  if (int dataType = ctx.getLowPrecisionType(input))
    ctx.markLowPrecision(element, dataType);
  return element;
}

/// The position of step `iv` of `count`: `iv`, or `count - 1 - iv` when
/// `reversed`.
static Value stepPosition(OpBuilder &b, Location loc, Value iv, int64_t count,
                          bool reversed) {
  if (!reversed)
    return iv;
  Value last = arith::ConstantIndexOp::create(b, loc, count - 1);
  return arith::SubIOp::create(b, loc, last, iv);
}

/// Offsets of the block of `rank` dimensions at `position` along `axis`.
static SmallVector<Value> offsetsAlong(OpBuilder &b, Location loc,
                                      int64_t rank, int64_t axis,
                                      Value position) {
  SmallVector<Value> offsets(rank, arith::ConstantIndexOp::create(b, loc, 0));
  offsets[axis] = position;
  return offsets;
}

/// The Loop or Scan as an scf.for over `spec.tripCount` steps, when its
/// types are static: a Loop's condition stays true (the body's condition
/// output folds to true) and each loop-carried value keeps its type. A
/// Loop's iteration number is carried too (a rank-0 i64, incremented each
/// step); a scan input is read at the step's position with
/// tg.dynamic_slice; scan output k is carried as its stack, which each step
/// writes its slice into with tg.dynamic_update_slice.
///
/// The body's result types are known only once it is imported, so it is
/// imported into a first loop carrying the iteration number and the
/// loop-carried values, then moved into the final loop, which carries the
/// scan outputs' stacks too. When the types are not static, or the body
/// does not import as a loop body (it needs its iteration number at compile
/// time, say), the first loop is left without a use (yielding its
/// arguments) for the canonicalizer to erase, and the node is unrolled.
static ForLoop buildForLoop(NodeContext &ctx, const onnx::GraphProto &body,
                            const ForLoopSpec &spec,
                            SmallVectorImpl<Value> &results) {
  // Unsigned and low-precision values are tracked by value: the loop's
  // block arguments would lose that. Such loops are unrolled.
  for (Value value : spec.carried)
    if (ctx.isUnsigned(value) || ctx.getLowPrecisionType(value) != 0)
      return ForLoop::Unrolled;
  OpBuilder &b = ctx.getBuilder();
  Location loc = ctx.getLoc();
  Composer c{ctx};
  size_t numCarried = spec.carried.size();
  // The body's outputs before the carried values, and the loop's carried
  // values before the node's.
  size_t leading = spec.isLoop ? 1 : 0;
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, spec.tripCount);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> inits;
  if (spec.isLoop)
    inits.push_back(c.i64Constant({0}, {}));
  llvm::append_range(inits, spec.carried);
  auto probe = scf::ForOp::create(b, loc, lower, upper, step, inits);
  auto leaveUnused = [&] {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(probe.getBody());
    scf::YieldOp::create(b, loc, probe.getRegionIterArgs());
  };
  SmallVector<Value> outputs;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(probe.getBody());
    ValueRange state = probe.getRegionIterArgs();
    SmallVector<Value> inputs;
    if (spec.isLoop)
      inputs = {state[0], boolConstant(ctx, true)};
    llvm::append_range(inputs, state.drop_front(leading));
    for (auto [j, input] : llvm::enumerate(spec.scanInputs)) {
      int64_t axis = spec.inputAxes[j];
      SmallVector<int64_t> shape(shapeOf(input));
      shape[axis] = 1;
      Value position = stepPosition(b, loc, probe.getInductionVar(),
                                    spec.tripCount, spec.inputReversed[j]);
      Value slice = ctx.create<tg::DynamicSliceOp>(
          tensorTypeOf(input).clone(shape), input,
          offsetsAlong(b, loc, shape.size(), axis, position));
      inputs.push_back(scanElement(ctx, input, slice, axis));
    }
    // A body that needs its iteration number (or another step's value) at
    // compile time, or that fails to import for any reason, is unrolled,
    // which reports what is wrong with it.
    FailureOr<SmallVector<Value>> imported =
        ctx.tryImportSubgraph(body, inputs);
    if (failed(imported)) {
      leaveUnused();
      return ForLoop::Unrolled;
    }
    outputs = std::move(*imported);
  }
  bool conditionHolds = true;
  if (spec.isLoop) {
    std::optional<bool> condition = getConstantCondition(outputs[0]);
    conditionHolds = condition && *condition;
  }
  ArrayRef<Value> carriedOut =
      ArrayRef<Value>(outputs).slice(leading, numCarried);
  ArrayRef<Value> scanSlices =
      ArrayRef<Value>(outputs).drop_front(leading + numCarried);
  bool sameTypes = llvm::all_of(
      llvm::zip(spec.carried, carriedOut), [](auto pair) {
        return std::get<0>(pair).getType() == std::get<1>(pair).getType();
      });
  // Scan output axes count in the stacked rank, negative ones from its end.
  SmallVector<int64_t> outputAxes;
  bool axesFit = true;
  for (auto [k, slice] : llvm::enumerate(scanSlices)) {
    int64_t rank = rankOf(slice) + 1, axis = spec.outputAxes[k];
    axis = axis < 0 ? axis + rank : axis;
    axesFit &= axis >= 0 && axis < rank;
    outputAxes.push_back(axis);
  }
  if (!conditionHolds || !sameTypes || !axesFit) {
    leaveUnused();
    return ForLoop::Unrolled;
  }

  // The final loop: the carried values, then the scan outputs' stacks.
  auto stackedShape = [&](Value slice, int64_t k, int64_t extent) {
    SmallVector<int64_t> shape(shapeOf(slice));
    shape.insert(shape.begin() + outputAxes[k], extent);
    return shape;
  };
  for (auto [k, slice] : llvm::enumerate(scanSlices))
    inits.push_back(ctx.createSplat(elementTypeOf(slice), 0,
                                    stackedShape(slice, k, spec.tripCount)));
  auto loop = scf::ForOp::create(b, loc, lower, upper, step, inits);
  Block *from = probe.getBody(), *to = loop.getBody();
  for (auto [old, replacement] :
       llvm::zip(from->getArguments(), to->getArguments())) {
    old.replaceAllUsesWith(replacement);
    // An output that is an argument itself (a value passed through).
    std::replace(outputs.begin(), outputs.end(), Value(old),
                 Value(replacement));
  }
  to->getOperations().splice(to->end(), from->getOperations());
  probe.erase();
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(to);
    ValueRange state = loop.getRegionIterArgs();
    SmallVector<Value> yielded;
    if (spec.isLoop)
      yielded.push_back(c.add(state[0], c.i64Constant({1}, {})));
    llvm::append_range(yielded, carriedOut);
    for (auto [k, slice] : llvm::enumerate(scanSlices)) {
      SmallVector<int64_t> shape = stackedShape(slice, k, 1);
      Value position = stepPosition(b, loc, loop.getInductionVar(),
                                    spec.tripCount, spec.outputReversed[k]);
      yielded.push_back(ctx.create<tg::DynamicUpdateSliceOp>(
          c.reshape(slice, shape), state[leading + numCarried + k],
          offsetsAlong(b, loc, shape.size(), outputAxes[k], position)));
    }
    scf::YieldOp::create(b, loc, yielded);
  }
  llvm::append_range(results, loop.getResults().drop_front(leading));
  return ForLoop::Built;
}

/// The rest of a Loop whose condition is computed at run time, from
/// iteration `first` on with the loop-carried values `carried` and the
/// condition `condition` (true when the loop goes on), as an scf.while:
/// the body runs while the condition holds and, with a trip count, the
/// iteration number is below it. The carried values come first, then the
/// iteration number (a rank-0 i64), then the condition as an i1, which the
/// before region tests and does not pass on: each carried value then keeps
/// its position from region to region, which bufferization needs to update
/// it in place. The body sees a condition of true (it runs only then).
///
/// Loop-carried values must keep their types, and the loop may have no
/// scan outputs (their length would be known only at run time).
static FailureOr<SmallVector<Value>>
buildWhileLoop(NodeContext &ctx, const onnx::GraphProto &body, int64_t first,
               std::optional<int64_t> tripCount, Value condition,
               ArrayRef<Value> carried, int64_t numScans,
               Value runtimeTripCount = {}) {
  if (numScans > 0)
    return ctx.unsupported("scan outputs of a loop whose condition is "
                           "computed at run time (their length is known "
                           "only at run time)");
  for (Value value : carried)
    if (ctx.isUnsigned(value) || ctx.getLowPrecisionType(value) != 0)
      return ctx.unsupported("an unsigned or low-precision loop-carried "
                             "value in a loop whose condition is computed "
                             "at run time");
  if (!isBoolScalar(condition))
    return ctx.emitError() << "expected the loop's condition to be a "
                           << "one-element boolean, got "
                           << condition.getType();
  if (tripCount && first >= *tripCount)
    return SmallVector<Value>(carried);
  OpBuilder &b = ctx.getBuilder();
  Location loc = ctx.getLoc();
  Composer c{ctx};
  // Whether iteration `next` runs, given the body's condition `holds`.
  auto goesOn = [&](Value holds, Value next) {
    holds = c.reshape(holds, {});
    if (tripCount || runtimeTripCount) {
      Value limit = tripCount ? c.i64Constant({*tripCount}, {})
                              : c.reshape(runtimeTripCount, {});
      Value below = c.compare(tg::ComparePredicate::lt, next, limit);
      if (getConstantCondition(below) != std::optional<bool>(true))
        holds = c.select(holds, below, boolConstant(ctx, false));
    }
    return tensor::ExtractOp::create(b, loc, holds, ValueRange{}).getResult();
  };
  SmallVector<Value> inits(carried);
  Value firstIteration = c.i64Constant({first}, {});
  inits.push_back(firstIteration);
  inits.push_back(goesOn(condition, firstIteration));
  size_t numCarried = carried.size();
  SmallVector<Type> types = llvm::to_vector(ValueRange(inits).getTypes());
  SmallVector<Location> locs(types.size(), loc);
  auto loop = scf::WhileOp::create(b, loc, ArrayRef<Type>(types).drop_back(),
                                   inits);
  Block *before = b.createBlock(&loop.getBefore(), {}, types, locs);
  scf::ConditionOp::create(b, loc, before->getArgument(numCarried + 1),
                           before->getArguments().take_front(numCarried + 1));
  ArrayRef<Type> afterTypes = ArrayRef<Type>(types).drop_back();
  Block *after = b.createBlock(&loop.getAfter(), {}, afterTypes,
                               ArrayRef<Location>(locs).drop_back());
  b.setInsertionPointAfter(loop);
  SmallVector<Value> outputs;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(after);
    ValueRange state = after->getArguments();
    // What a body that cannot be imported yields: a loop that ends at once,
    // for the canonicalizer to erase.
    auto yieldEnd = [&] {
      SmallVector<Value> yielded(state);
      yielded.push_back(arith::ConstantIntOp::create(b, loc, 0, 1));
      return yielded;
    };
    SmallVector<Value> inputs = {state[numCarried], boolConstant(ctx, true)};
    llvm::append_range(inputs, state.take_front(numCarried));
    FailureOr<SmallVector<Value>> imported = ctx.importSubgraph(body, inputs);
    bool skipped = succeeded(imported) && llvm::is_contained(*imported, Value());
    bool sameTypes =
        succeeded(imported) && !skipped &&
        llvm::all_of(llvm::zip(carried, ArrayRef<Value>(*imported)
                                            .slice(1, numCarried)),
                     [](auto pair) {
                       return std::get<0>(pair).getType() ==
                              std::get<1>(pair).getType();
                     });
    if (!sameTypes) {
      scf::YieldOp::create(b, loc, yieldEnd());
      if (failed(imported))
        return failure();
      if (skipped)
        return SmallVector<Value>(numCarried, Value());
      return ctx.unsupported("a loop-carried value that changes type in a "
                             "loop whose condition is computed at run time");
    }
    outputs = std::move(*imported);
    if (!isBoolScalar(outputs[0])) {
      scf::YieldOp::create(b, loc, yieldEnd());
      return ctx.emitError() << "expected the body's condition output to be "
                             << "a one-element boolean, got "
                             << outputs[0].getType();
    }
    Value next = c.add(state[numCarried], c.i64Constant({1}, {}));
    SmallVector<Value> yielded(
        ArrayRef<Value>(outputs).slice(1, numCarried));
    yielded.push_back(next);
    yielded.push_back(goesOn(outputs[0], next));
    scf::YieldOp::create(b, loc, yielded);
  }
  return SmallVector<Value>(loop.getResults().take_front(numCarried));
}

static LogicalResult convertLoop(NodeContext &ctx) {
  const onnx::GraphProto *body = ctx.getGraphAttr("body");
  if (!body)
    return ctx.emitError() << "expects a graph attribute 'body'";
  std::optional<int64_t> tripCount;
  // The trip count, when it is known only at run time.
  Value runtimeTripCount;
  if (ctx.hasInput(0)) {
    Value count = ctx.getInput(0);
    auto type = tensorTypeOf(count);
    if (type.getNumElements() != 1 || !isa<IntegerType>(type.getElementType()) ||
        type.getElementType().isInteger(1))
      return ctx.emitError() << "expected a one-element integer trip count, "
                             << "got " << count.getType();
    if (std::optional<DenseElementsAttr> known = ctx.getConstantInput(0))
      tripCount = known->getValues<APInt>()[0].getSExtValue();
    else
      runtimeTripCount = Composer{ctx}.cast(
          count, IntegerType::get(ctx.getContext(), 64));
  }
  // The condition, unless it is known at compile time.
  Value runtimeCondition;
  bool running = true;
  if (ctx.hasInput(1)) {
    Value condition = ctx.getInput(1);
    if (!isBoolScalar(condition))
      return ctx.emitError() << "expected a one-element boolean condition, "
                             << "got " << condition.getType();
    if (std::optional<DenseElementsAttr> known = ctx.getConstantInput(1)) {
      if (!known->getElementType().isInteger())
        return ctx.emitError() << "expected a boolean condition";
      running = !known->getValues<APInt>()[0].isZero();
    } else {
      runtimeCondition = condition;
    }
  }
  if (!ctx.hasInput(0) && !ctx.hasInput(1))
    return ctx.emitError() << "has neither a trip count nor a condition: it "
                              "would never end";
  int64_t numCarried = static_cast<int64_t>(ctx.getNumInputs()) - 2;
  if (numCarried < 0)
    numCarried = 0;
  int64_t numScans = static_cast<int64_t>(ctx.getNumOutputs()) - numCarried;
  if (numScans < 0 || body->output_size() != 1 + numCarried + numScans)
    return ctx.emitError() << "the body's " << body->output_size()
                           << " outputs do not match the node's "
                           << numCarried << " loop-carried values and "
                           << std::max<int64_t>(numScans, 0)
                           << " scan outputs";
  SmallVector<Value> carried;
  for (int64_t i = 0; i < numCarried; ++i)
    carried.push_back(ctx.getInput(2 + i));
  // Scan outputs need the iterations counted at compile time: the error
  // then names the input to bind (--input-value).
  if (runtimeTripCount && numScans > 0) {
    (void)ctx.getConstantInts(0); // not constant: reports it
    return failure();
  }
  if (runtimeCondition && numScans > 0) {
    (void)ctx.getConstantInts(1); // not constant: reports it
    return failure();
  }
  if (runtimeTripCount && !runtimeCondition) {
    if (!running)
      return setOutputs(ctx, carried, "Loop");
    FailureOr<SmallVector<Value>> results =
        buildWhileLoop(ctx, *body, 0, std::nullopt, boolConstant(ctx, true),
                       carried, numScans, runtimeTripCount);
    if (failed(results))
      return failure();
    return setOutputs(ctx, *results, "Loop");
  }
  if (runtimeCondition) {
    FailureOr<SmallVector<Value>> results =
        buildWhileLoop(ctx, *body, 0, tripCount, runtimeCondition, carried,
                       numScans, runtimeTripCount);
    if (failed(results))
      return failure();
    return setOutputs(ctx, *results, "Loop");
  }
  if (running && tripCount && *tripCount > kMaxUnrolledForIterations) {
    ForLoopSpec spec;
    spec.tripCount = *tripCount;
    spec.carried = carried;
    spec.isLoop = true;
    spec.outputAxes.assign(numScans, 0);
    spec.outputReversed.assign(numScans, 0);
    SmallVector<Value> results;
    if (buildForLoop(ctx, *body, spec, results) == ForLoop::Built)
      return setOutputs(ctx, results, "Loop");
  }
  SmallVector<SmallVector<Value>> scans(numScans);
  Composer c{ctx};
  for (int64_t iteration = 0;
       running && (!tripCount || iteration < *tripCount); ++iteration) {
    if (iteration == kMaxUnrolledIterations)
      return ctx.unsupported(
          "more than " + llvm::Twine(kMaxUnrolledIterations) +
          " iterations of a loop that is not a `for` loop of fixed "
          "loop-carried shapes (aotc unrolls those)");
    SmallVector<Value> inputs = {c.i64Constant({iteration}, {}),
                                 boolConstant(ctx, true)};
    inputs.append(carried);
    FailureOr<SmallVector<Value>> outputs = ctx.importSubgraph(*body, inputs);
    if (failed(outputs))
      return failure();
    if (llvm::is_contained(*outputs, Value()))
      return success(); // skipped: see setOutputs
    carried.assign(outputs->begin() + 1, outputs->begin() + 1 + numCarried);
    std::optional<bool> condition = getConstantCondition((*outputs)[0]);
    if (!condition) {
      // The iterations from the next on depend on run-time values.
      FailureOr<SmallVector<Value>> results =
          buildWhileLoop(ctx, *body, iteration + 1, tripCount,
                         (*outputs)[0], carried, numScans);
      if (failed(results))
        return failure();
      return setOutputs(ctx, *results, "Loop");
    }
    running = *condition;
    for (int64_t k = 0; k < numScans; ++k)
      scans[k].push_back((*outputs)[1 + numCarried + k]);
  }
  SmallVector<Value> results(carried);
  for (auto [k, slices] : llvm::enumerate(scans)) {
    if (slices.empty())
      return ctx.unsupported("scan outputs of a loop that runs no iteration");
    FailureOr<Value> stacked =
        stack(ctx, slices, 0, "scan output " + std::to_string(k));
    if (failed(stacked))
      return failure();
    results.push_back(*stacked);
  }
  return setOutputs(ctx, results, "Loop");
}

//===----------------------------------------------------------------------===//
// Scan
//===----------------------------------------------------------------------===//

namespace {
/// The scan a Scan node describes, for runScan.
struct ScanSpec {
  const onnx::GraphProto *body;
  SmallVector<Value> states, inputs;
  SmallVector<int64_t> inputAxes, inputDirections, outputAxes,
      outputDirections;
  int64_t numOutputs;
};
} // namespace

/// Runs `spec`'s body over its inputs' positions: the final states, then
/// the scan outputs; std::nullopt when an unsupported node inside left an
/// output missing.
static FailureOr<std::optional<SmallVector<Value>>>
runScan(NodeContext &ctx, ScanSpec &spec) {
  // The sequence length, which every scan input must share.
  int64_t length = -1;
  for (auto [j, input] : llvm::enumerate(spec.inputs)) {
    FailureOr<int64_t> axis = normalizeAxis(ctx, spec.inputAxes[j],
                                            rankOf(input), "scan_input_axes");
    if (failed(axis))
      return failure();
    spec.inputAxes[j] = *axis;
    int64_t extent = shapeOf(input)[*axis];
    if (length >= 0 && extent != length)
      return ctx.emitError() << "scan input " << j << " has " << extent
                             << " positions along its axis; scan input 0 has "
                             << length;
    length = extent;
  }
  if (length == 0) {
    (void)ctx.unsupported("a scan over zero positions");
    return std::optional<SmallVector<Value>>();
  }
  if (length > kMaxUnrolledForIterations) {
    ForLoopSpec loop;
    loop.tripCount = length;
    loop.carried = spec.states;
    loop.scanInputs = spec.inputs;
    loop.inputAxes = spec.inputAxes;
    loop.inputReversed = spec.inputDirections;
    loop.outputAxes = spec.outputAxes;
    loop.outputReversed = spec.outputDirections;
    SmallVector<Value> results;
    if (buildForLoop(ctx, *spec.body, loop, results) == ForLoop::Built)
      return std::optional<SmallVector<Value>>(results);
  }
  if (length > kMaxUnrolledIterations) {
    (void)ctx.unsupported("a scan over " + llvm::Twine(length) +
                          " positions (aotc unrolls at most " +
                          llvm::Twine(kMaxUnrolledIterations) + ")");
    return std::optional<SmallVector<Value>>();
  }
  Composer c{ctx};
  SmallVector<Value> states(spec.states);
  SmallVector<SmallVector<Value>> scans(spec.numOutputs);
  for (int64_t t = 0; t < length; ++t) {
    SmallVector<Value> inputs(states);
    for (auto [j, input] : llvm::enumerate(spec.inputs)) {
      int64_t position = spec.inputDirections[j] ? length - 1 - t : t;
      Value slice = c.sliceAxis(input, spec.inputAxes[j], position, 1);
      inputs.push_back(scanElement(ctx, input, slice, spec.inputAxes[j]));
    }
    FailureOr<SmallVector<Value>> outputs =
        ctx.importSubgraph(*spec.body, inputs);
    if (failed(outputs))
      return failure();
    if (llvm::is_contained(*outputs, Value()))
      return std::optional<SmallVector<Value>>();
    states.assign(outputs->begin(), outputs->begin() + spec.states.size());
    for (int64_t k = 0; k < spec.numOutputs; ++k)
      scans[k].push_back((*outputs)[spec.states.size() + k]);
  }
  SmallVector<Value> results(states);
  for (auto [k, slices] : llvm::enumerate(scans)) {
    if (spec.outputDirections[k])
      std::reverse(slices.begin(), slices.end());
    FailureOr<Value> stacked =
        stack(ctx, slices, spec.outputAxes[k], "scan_output_axes");
    if (failed(stacked))
      return failure();
    results.push_back(*stacked);
  }
  return std::optional<SmallVector<Value>>(results);
}

/// Scan. Opset 9 on: states, then scan inputs sliced along their axes.
/// Opset 8: a leading batch axis on every state and scan input (the scan
/// axis is 1), each batch entry scanned alone; sequence_lens, if given,
/// must cover whole sequences.
static LogicalResult convertScan(NodeContext &ctx) {
  bool batched = ctx.getOpset() < 9;
  const onnx::GraphProto *body = ctx.getGraphAttr("body");
  if (!body)
    return ctx.emitError() << "expects a graph attribute 'body'";
  if (!ctx.hasAttr("num_scan_inputs"))
    return ctx.emitError() << "has no 'num_scan_inputs' attribute";
  int64_t numScanInputs = ctx.getInt("num_scan_inputs", 0);
  unsigned first = batched ? 1 : 0; // opset 8's sequence_lens
  int64_t numInputs = static_cast<int64_t>(ctx.getNumInputs()) - first;
  if (numScanInputs < 1 || numScanInputs > numInputs)
    return ctx.emitError() << "num_scan_inputs " << numScanInputs
                           << " is not in [1, " << numInputs << "]";
  int64_t numStates = numInputs - numScanInputs;
  int64_t numScanOutputs =
      static_cast<int64_t>(ctx.getNumOutputs()) - numStates;
  if (numScanOutputs < 0 || body->output_size() != numStates + numScanOutputs)
    return ctx.emitError() << "the body's " << body->output_size()
                           << " outputs do not match the node's " << numStates
                           << " states and " << ctx.getNumOutputs()
                           << " outputs";
  auto listAttr = [&](StringRef name, int64_t count) {
    SmallVector<int64_t> values =
        ctx.getInts(name).value_or(SmallVector<int64_t>());
    values.resize(std::max<int64_t>(count, values.size()), 0);
    return values;
  };
  ScanSpec spec;
  spec.body = body;
  spec.numOutputs = numScanOutputs;
  spec.inputAxes = SmallVector<int64_t>(numScanInputs, 0);
  spec.outputAxes = SmallVector<int64_t>(numScanOutputs, 0);
  spec.outputDirections = SmallVector<int64_t>(numScanOutputs, 0);
  if (batched) {
    spec.inputDirections = listAttr("directions", numScanInputs);
  } else {
    spec.inputAxes = listAttr("scan_input_axes", numScanInputs);
    spec.inputDirections = listAttr("scan_input_directions", numScanInputs);
    spec.outputAxes = listAttr("scan_output_axes", numScanOutputs);
    spec.outputDirections = listAttr("scan_output_directions", numScanOutputs);
  }
  SmallVector<Value> states, inputs;
  for (int64_t i = 0; i < numStates + numScanInputs; ++i)
    (i < numStates ? states : inputs).push_back(ctx.getInput(first + i));
  if (!batched) {
    spec.states = states;
    spec.inputs = inputs;
    FailureOr<std::optional<SmallVector<Value>>> results = runScan(ctx, spec);
    if (failed(results))
      return failure();
    return *results ? setOutputs(ctx, **results, "Scan") : success();
  }

  // Opset 8: one scan per batch entry, the results stacked again.
  Composer c{ctx};
  int64_t batch = -1;
  for (Value v : llvm::concat<Value>(states, inputs)) {
    if (rankOf(v) < 1 || (batch >= 0 && shapeOf(v)[0] != batch))
      return ctx.emitError() << "expected every state and scan input to "
                                "share a leading batch axis";
    batch = shapeOf(v)[0];
  }
  if (ctx.hasInput(0)) {
    FailureOr<SmallVector<int64_t>> lengths = ctx.getConstantInts(0);
    if (failed(lengths))
      return failure();
    int64_t full = rankOf(inputs.front()) > 1 ? shapeOf(inputs.front())[1] : 0;
    if (llvm::any_of(*lengths, [&](int64_t n) { return n != full; }))
      return ctx.unsupported("sequence_lens shorter than the sequence");
  }
  auto entry = [&](Value v, int64_t b) {
    SmallVector<int64_t> shape(shapeOf(v).drop_front());
    return c.reshape(c.sliceAxis(v, 0, b, 1), shape);
  };
  SmallVector<SmallVector<Value>> perOutput(numStates + numScanOutputs);
  for (int64_t b = 0; b < batch; ++b) {
    spec.states.clear();
    spec.inputs.clear();
    for (Value v : states)
      spec.states.push_back(entry(v, b));
    for (Value v : inputs)
      spec.inputs.push_back(entry(v, b));
    spec.inputAxes.assign(numScanInputs, 0);
    FailureOr<std::optional<SmallVector<Value>>> results = runScan(ctx, spec);
    if (failed(results))
      return failure();
    if (!*results)
      return success();
    for (auto [k, value] : llvm::enumerate(**results))
      perOutput[k].push_back(value);
  }
  SmallVector<Value> results;
  for (ArrayRef<Value> values : perOutput) {
    FailureOr<Value> stacked = stack(ctx, values, 0, "batch");
    if (failed(stacked))
      return failure();
    results.push_back(*stacked);
  }
  return setOutputs(ctx, results, "Scan");
}

void aotc::onnximport::registerControlFlowConverters(
    ConverterRegistry &registry) {
  registry.add("If", {1, 1}, convertIf);
  registry.add("Loop", {0, kVariadicOptional}, convertLoop);
  registry.add("Scan", {{1, {0, kVariadicOptional}}, {9, {1, kVariadic}}},
               convertScan);
}
