//===- ParallelizeKernels.cpp - large kernels as tasks on the caller's threads ===//
//
// Implements `aotc-cpu-parallelize-kernels` (Passes.td has the contract):
//   1. NAME_run's body moves into NAME_run_parallel, which takes the
//      caller's `const aotc_parallel *` as a fourth pointer; NAME_run calls
//      it with NULL;
//   2. each kernel whose outermost loop is marked parallel and large enough
//      is analyzed (analyzeKernel): what its task must be given (roots),
//      what it recomputes from them, and its per-iteration scratch;
//   3. the kernel moves into a task function NAME_task_K over a range of
//      its iterations (buildTask), and the body dispatches it (dispatch).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Transforms/ParallelLoops.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace aotc {
#define GEN_PASS_DEF_PARALLELIZEKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kEntryPointAttr = "aotc.entry_point";
constexpr llvm::StringLiteral kTempBytesAttr = "aotc.temp_bytes";
constexpr llvm::StringLiteral kWorkerTempBytesAttr = "aotc.worker_temp_bytes";
/// The record of the kernels run as tasks, for the kernel report
/// (aotc::getParallelKernels).
constexpr llvm::StringLiteral kParallelKernelsAttr = "aotc.parallel_kernels";
/// Scratch spans per worker are rounded up to the arena's alignment.
constexpr uint64_t kAlignment = 64;

/// One kernel to run as tasks, as analyzeKernel finds it.
struct KernelTask {
  scf::ForOp loop;
  /// The loops nested in `loop`, each in the one before, whose iterations
  /// are tasks too (collapsed: task t is t's digits in the mixed radix of
  /// the trip counts, the last loop's the lowest), or none.
  SmallVector<scf::ForOp> inners;
  /// Whether the body of the loop around the last of `inners` goes on after
  /// it (a vector kernel's remainder): those tails run after the tasks, on
  /// the calling thread.
  bool hasTail = false;
  int64_t tripCount = 0;
  /// The values the task is given through the context, one slot each.
  llvm::SetVector<Value> roots;
  /// The ops outside the loop that the task recomputes, defs before uses.
  llvm::SetVector<Operation *> recomputed;
  /// Views of the arena made inside the loop (one iteration's scratch), and
  /// the byte range they span.
  SmallVector<memref::ViewOp> scratch;
  uint64_t scratchBegin = 0, scratchEnd = 0;
};

/// Whether the task may recompute `op` from its operands rather than be
/// given its results: ops without regions or memory effects, and loads of
/// the caller's pointers from the `inputs` and `outputs` arrays, which the
/// call never writes.
bool isRecomputable(Operation *op, func::FuncOp func) {
  if (op->getNumRegions() != 0 || op->hasAttr(aotc::kLoopScratchAttr))
    return false;
  if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
    Value address = load.getAddr();
    while (auto gep = address.getDefiningOp<LLVM::GEPOp>())
      address = gep.getBase();
    auto argument = dyn_cast<BlockArgument>(address);
    return argument && argument.getOwner()->getParentOp() == func &&
           argument.getArgNumber() < 2;
  }
  return isMemoryEffectFree(op);
}

/// A memref the task can rebuild from its aligned pointer: a static shape,
/// strides and offset.
bool isStaticMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape() || memref.getMemorySpace())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(memref.getStridesAndOffset(strides, offset)) &&
         !ShapedType::isDynamic(offset) &&
         llvm::none_of(strides, ShapedType::isDynamic);
}

/// Whether `root` can be passed in a context slot (8 bytes) to the task of
/// `loop`: a pointer, an index or integer, or a static memref (by its
/// aligned pointer). A memref that is loop scratch is shared only when it
/// is the scratch of a loop around `loop`, which every task of `loop` may
/// use (a kernel run as tasks per iteration of an outer loop).
bool isPassable(Value root, scf::ForOp loop) {
  Type type = root.getType();
  if (isa<LLVM::LLVMPointerType, IndexType>(type) ||
      (type.isSignlessInteger() && type.getIntOrFloatBitWidth() <= 64))
    return true;
  if (!isStaticMemRef(type))
    return false;
  Operation *def = root.getDefiningOp();
  if (def && def->hasAttr(aotc::kLoopScratchAttr)) {
    auto owner = def->getParentOfType<scf::ForOp>();
    return owner && owner->isProperAncestor(loop);
  }
  return true;
}

/// Adds what computes `value` to `task`: its recomputable defining ops,
/// operands first, down to roots.
void collectDefinition(Value value, func::FuncOp func, KernelTask &task) {
  Operation *def = value.getDefiningOp();
  if (!def || !isRecomputable(def, func)) {
    task.roots.insert(value);
    return;
  }
  if (task.recomputed.contains(def))
    return;
  for (Value operand : def->getOperands())
    collectDefinition(operand, func, task);
  task.recomputed.insert(def);
}

/// Vector lanes of `op` (its widest result, operand or stored value) times
/// the static trip counts of the loops around it, up to `scope`, which
/// counts too when `withScope`.
uint64_t opLanes(Operation *op, Operation *scope, bool withScope) {
  uint64_t lanes = 1;
  for (Value value : llvm::concat<Value>(op->getResults(), op->getOperands()))
    if (auto vector = dyn_cast<VectorType>(value.getType()))
      lanes = std::max<uint64_t>(lanes, vector.getNumElements());
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (parent == scope && !withScope)
      break;
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      if (std::optional<APInt> trips = loop.getStaticTripCount())
        lanes = llvm::SaturatingMultiply<uint64_t>(lanes,
                                                   trips->getZExtValue());
    if (parent == scope)
      break;
  }
  return lanes;
}

/// Whether `op` counts as work (not a terminator or a constant).
bool isWork(Operation *op) {
  return !isa<scf::YieldOp>(op) && !op->hasTrait<OpTrait::ConstantLike>();
}

/// Vector lanes `loop` processes: every op's widest result or stored value,
/// times the static trip counts of the loops around it up to `loop`.
uint64_t estimateWork(scf::ForOp loop) {
  uint64_t work = 0;
  loop.getBody()->walk([&](Operation *op) {
    if (isWork(op))
      work = llvm::SaturatingAdd<uint64_t>(work, opLanes(op, loop, true));
  });
  return work;
}

/// Vector lanes of the ops after `inner` in its loop's body, per iteration
/// of that loop.
uint64_t estimateTailWork(scf::ForOp inner) {
  Operation *parent = inner->getParentOp();
  uint64_t work = 0;
  for (Operation *op = inner->getNextNode(); op; op = op->getNextNode())
    op->walk([&](Operation *nested) {
      if (isWork(nested))
        work = llvm::SaturatingAdd<uint64_t>(work,
                                             opLanes(nested, parent, false));
    });
  return work;
}

/// Loops of fewer iterations than this are too few tasks to share out
/// evenly among a few workers (15 tasks on 2 workers: 8 and 7, at best
/// 1.88x): their inner loop is collapsed into them, or split instead.
constexpr int64_t kFewTasks = 16;
/// A collapsed loop's tail is at most this fraction of its inner loop's
/// work.
constexpr uint64_t kTailShare = 16;

/// The marked loop in `loop`'s body whose iterations and `loop`'s can be
/// collapsed into one task space: the first op of the body with a region or
/// memory effects is that loop (static bounds from outside `loop`, at least
/// 2 iterations, no results). What follows it in the body (the tail: a
/// vector kernel's remainder block) may be anything, since it can run for
/// every iteration of `loop` after all the tasks: iterations of `loop` are
/// independent of one another, and each tail still runs after its own
/// iteration's inner loop.
bool hasTailAfter(scf::ForOp inner);

/// Whether the ops after `inner` in its loop's body use a buffer of one
/// iteration's scratch (a view marked aotc.loop_scratch, or a view of one),
/// directly or in their regions.
bool tailReadsScratch(scf::ForOp inner) {
  auto isScratch = [](Value value) {
    while (Operation *def = value.getDefiningOp()) {
      if (def->hasAttr(aotc::kLoopScratchAttr))
        return true;
      auto view = dyn_cast<ViewLikeOpInterface>(def);
      if (!view)
        return false;
      value = view.getViewSource();
    }
    return false;
  };
  for (Operation *op = inner->getNextNode(); op; op = op->getNextNode()) {
    llvm::SetVector<Value> used(op->operand_begin(), op->operand_end());
    for (Region &region : op->getRegions())
      getUsedValuesDefinedAbove(region, used);
    if (llvm::any_of(used, isScratch))
      return true;
  }
  return false;
}

scf::ForOp getCollapsibleInner(scf::ForOp loop) {
  Block *body = loop.getBody();
  scf::ForOp inner;
  for (Operation &op : body->without_terminator()) {
    if (op.getNumRegions() == 0 && isMemoryEffectFree(&op))
      continue;
    inner = dyn_cast<scf::ForOp>(op);
    break;
  }
  if (!inner || !aotc::isMarkedParallel(inner) || inner.getNumResults() != 0)
    return nullptr;
  std::optional<APInt> trips = inner.getStaticTripCount();
  if (!trips || trips->getZExtValue() < 2)
    return nullptr;
  for (Value bound :
       {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()})
    if (!loop.isDefinedOutsideOfLoop(bound))
      return nullptr;
  // The tails run serially: only a small one (a remainder, not a sibling
  // loop of as much work) is worth it.
  if (estimateTailWork(inner) * kTailShare > estimateWork(inner))
    return nullptr;
  // A tail that reads one iteration's scratch (a tile computed into a
  // buffer of the loop body, then copied out after the inner loop) must
  // run right after its own iteration's inner loop: after all the tasks,
  // the scratch holds another iteration's values (the transformer layer at
  // d=256 computed wrong logits: test/Models/transformer-layer-256.test).
  if (tailReadsScratch(inner))
    return nullptr;
  return inner;
}

/// Whether anything but ops without memory effects or regions follows
/// `inner` in its loop's body.
bool hasTailAfter(scf::ForOp inner) {
  for (Operation *op = inner->getNextNode(); op && !op->hasTrait<OpTrait::IsTerminator>();
       op = op->getNextNode())
    if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
      return true;
  return false;
}

/// Fills `task` for `loop`; fails when the loop cannot be a task.
LogicalResult analyzeKernel(scf::ForOp loop, func::FuncOp func,
                            KernelTask &task, bool collapse = true) {
  task.loop = loop;
  if (loop.getNumResults() != 0)
    return failure();
  std::optional<APInt> trips = loop.getStaticTripCount();
  if (!trips || trips->getZExtValue() < 2)
    return failure();
  task.tripCount = trips->getZExtValue();
  // Only the innermost pair may have a tail (see dispatch).
  for (scf::ForOp level = loop;
       collapse && task.tripCount < kFewTasks && !task.hasTail;) {
    scf::ForOp inner = getCollapsibleInner(level);
    if (!inner)
      break;
    task.inners.push_back(inner);
    task.tripCount *= inner.getStaticTripCount()->getZExtValue();
    task.hasTail = hasTailAfter(inner);
    level = inner;
  }

  llvm::SetVector<Value> used;
  for (Value operand : loop->getOperands())
    used.insert(operand);
  getUsedValuesDefinedAbove(loop.getRegion(), used);
  for (Value value : used)
    collectDefinition(value, func, task);
  if (!llvm::all_of(task.roots,
                    [&](Value root) { return isPassable(root, loop); }))
    return failure();

  Value arena;
  bool ok = true;
  loop.getBody()->walk([&](memref::ViewOp view) {
    Operation *sourceDef = view.getSource().getDefiningOp();
    if (sourceDef && loop->isProperAncestor(sourceDef))
      return;
    std::optional<int64_t> shift = getConstantIntValue(view.getByteShift());
    MemRefType type = view.getType();
    if (!shift || !type.hasStaticShape() || (arena && arena != view.getSource())) {
      ok = false;
      return;
    }
    arena = view.getSource();
    uint64_t bytes =
        type.getNumElements() *
        llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    uint64_t begin = *shift, end = *shift + bytes;
    if (task.scratch.empty()) {
      task.scratchBegin = begin;
      task.scratchEnd = end;
    }
    task.scratchBegin = std::min(task.scratchBegin, begin);
    task.scratchEnd = std::max(task.scratchEnd, end);
    task.scratch.push_back(view);
  });
  return success(ok);
}

/// What NAME_run_parallel reads from `parallel` once, at its top.
struct Dispatcher {
  Value parallelFor, pool, workers, context;
};

/// The fields of aotc_parallel, and the number of workers (1 when
/// `parallel` is NULL or says less).
Dispatcher loadParallel(OpBuilder &b, Location loc, Value parallel) {
  MLIRContext *ctx = b.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  auto i32 = b.getI32Type();
  auto structType =
      LLVM::LLVMStructType::getLiteral(ctx, {ptrType, ptrType, i32});
  Value null = LLVM::ZeroOp::create(b, loc, ptrType);
  Value isNull =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, parallel, null);
  Type resultTypes[] = {ptrType, ptrType, i32};
  auto fields = scf::IfOp::create(b, loc, resultTypes, isNull,
                                  /*withElseRegion=*/true);
  OpBuilder tb = fields.getThenBodyBuilder();
  scf::YieldOp::create(
      tb, loc,
      ValueRange{null, null, arith::ConstantIntOp::create(tb, loc, i32, 1)});
  OpBuilder eb = fields.getElseBodyBuilder();
  SmallVector<Value> loaded;
  Type fieldTypes[] = {ptrType, ptrType, i32};
  for (auto [field, type] : llvm::enumerate(fieldTypes)) {
    Value address = LLVM::GEPOp::create(
        eb, loc, ptrType, structType, parallel,
        ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(field)});
    loaded.push_back(LLVM::LoadOp::create(eb, loc, type, address));
  }
  scf::YieldOp::create(eb, loc, loaded);
  Dispatcher d;
  d.parallelFor = fields.getResult(0);
  d.pool = fields.getResult(1);
  Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
  d.workers = arith::MaxSIOp::create(b, loc, fields.getResult(2), one);
  // No parallel_for to call: serial, like NULL.
  Value noCallback = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                          d.parallelFor, null);
  d.workers = arith::SelectOp::create(b, loc, noCallback, one, d.workers);
  return d;
}

/// The address of slot `i` of the context.
Value slotAddress(OpBuilder &b, Location loc, Value context, int64_t i) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI64Type(), context,
                             ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
}

/// Task t of a collapsed kernel: for each of `task.loop` and
/// `task.inners`, the iteration given by t's digit in the mixed radix of
/// their trip counts. Builds the loop over tasks [begin, end) with the
/// bodies cloned inside, each up to the next collapsed loop, and returns it.
scf::ForOp buildCollapsedLoop(OpBuilder &b, const KernelTask &task,
                              IRMapping &mapping, Value begin, Value end) {
  scf::ForOp outer = task.loop;
  Location loc = outer.getLoc();
  Type index = b.getIndexType();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value lower = arith::IndexCastOp::create(b, loc, index, begin);
  Value upper = arith::IndexCastOp::create(b, loc, index, end);
  auto loop = scf::ForOp::create(b, loc, lower, upper, one);
  OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
  SmallVector<scf::ForOp> levels = {outer};
  levels.append(task.inners.begin(), task.inners.end());
  // The digits, lowest (the innermost loop's) first.
  SmallVector<Value> digits(levels.size());
  Value rest = loop.getInductionVar();
  for (size_t k = levels.size() - 1; k > 0; --k) {
    Value trips = arith::ConstantIndexOp::create(
        lb, loc, levels[k].getStaticTripCount()->getSExtValue());
    digits[k] = arith::RemUIOp::create(lb, loc, rest, trips);
    rest = arith::DivUIOp::create(lb, loc, rest, trips);
  }
  digits[0] = rest;
  for (auto [k, level] : llvm::enumerate(levels)) {
    Value first = mapping.lookupOrDefault(level.getLowerBound());
    Value step = mapping.lookupOrDefault(level.getStep());
    mapping.map(level.getInductionVar(),
                arith::AddIOp::create(
                    lb, loc, first,
                    arith::MulIOp::create(lb, loc, digits[k], step)));
    Operation *next =
        k + 1 < levels.size() ? levels[k + 1].getOperation() : nullptr;
    for (Operation &op : level.getBody()->without_terminator()) {
      if (&op == next)
        break;
      lb.clone(op, mapping);
    }
  }
  return loop;
}

/// Builds `name(ctx, begin, end, worker)` running `task.loop`'s iterations
/// [begin, end), placed before `before`; when `wholeLoop`, all of them
/// whatever the range (a serial kernel's, so its bounds stay constants).
func::FuncOp buildTask(const KernelTask &task, StringRef name,
                       Operation *before, uint64_t tempBytes,
                       uint64_t workerBytes, bool wholeLoop = false) {
  scf::ForOp loop = task.loop;
  Location loc = loop.getLoc();
  OpBuilder b(before);
  MLIRContext *ctx = b.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  auto i64 = b.getI64Type();
  auto func = func::FuncOp::create(
      b, loc, name,
      b.getFunctionType({ptrType, i64, i64, b.getI32Type()}, {}));
  func.setPrivate();
  // The serial call and the pool's call share this one copy.
  func->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  Value context = body->getArgument(0);

  IRMapping mapping;
  LLVMTypeConverter converter(ctx);
  for (auto [i, root] : llvm::enumerate(task.roots)) {
    Type type = root.getType();
    auto memref = dyn_cast<MemRefType>(type);
    Type stored = type.isIndex() ? Type(i64) : memref ? ptrType : type;
    Value value =
        LLVM::LoadOp::create(b, loc, stored, slotAddress(b, loc, context, i));
    if (type.isIndex())
      value = arith::IndexCastOp::create(b, loc, type, value);
    if (memref) {
      Value descriptor = MemRefDescriptor::fromStaticShape(b, loc, converter,
                                                           memref, value);
      value = UnrealizedConversionCastOp::create(b, loc, type, descriptor)
                  .getResult(0);
    }
    mapping.map(root, value);
  }
  for (Operation *op : task.recomputed)
    b.clone(*op, mapping);

  // Iterations [begin, end) of the loop: lb + k * step for k in the range.
  Value lb = mapping.lookupOrDefault(loop.getLowerBound());
  Value step = mapping.lookupOrDefault(loop.getStep());
  auto iteration = [&](Value k) {
    Value index = arith::IndexCastOp::create(b, loc, b.getIndexType(), k);
    return arith::AddIOp::create(
        b, loc, lb, arith::MulIOp::create(b, loc, index, step));
  };
  Operation *clone;
  if (wholeLoop) {
    clone = b.clone(*loop, mapping);
    clone->removeAttr(aotc::kParallelLoopAttr);
  } else if (task.inners.empty()) {
    Value lower = iteration(body->getArgument(1));
    Value upper = iteration(body->getArgument(2));
    auto cloned = cast<scf::ForOp>(b.clone(*loop, mapping));
    cloned.setLowerBound(lower);
    cloned.setUpperBound(upper);
    cloned->removeAttr(aotc::kParallelLoopAttr);
    clone = cloned;
  } else {
    clone = buildCollapsedLoop(b, task, mapping, body->getArgument(1),
                               body->getArgument(2));
  }

  // Worker w > 0 moves the scratch span to its own copy past the arena.
  if (!task.scratch.empty()) {
    b.setInsertionPoint(clone);
    Value worker = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                              body->getArgument(3));
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value isFirst =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, worker, zero);
    Value copies = arith::SubIOp::create(b, loc, worker, one);
    // One op per statement: the order of ops created in argument lists
    // would differ between compilers.
    Value base = arith::ConstantIndexOp::create(
        b, loc,
        static_cast<int64_t>(tempBytes) -
            static_cast<int64_t>(task.scratchBegin));
    Value stride = arith::ConstantIndexOp::create(b, loc, workerBytes);
    Value span = arith::MulIOp::create(b, loc, copies, stride);
    Value moved = arith::AddIOp::create(b, loc, span, base);
    Value shift = arith::SelectOp::create(b, loc, isFirst, zero, moved);
    for (memref::ViewOp view : task.scratch) {
      auto cloned = cast<memref::ViewOp>(mapping.lookup(view.getOperation()));
      OpBuilder vb(cloned);
      cloned.getByteShiftMutable().assign(
          arith::AddIOp::create(vb, loc, cloned.getByteShift(), shift));
    }
  }
  b.setInsertionPointToEnd(body);
  func::ReturnOp::create(b, loc);
  return func;
}

/// Replaces `task.loop` with storing its roots in `dispatcher.context` and
/// running `fn` over its iterations, in parallel when there are workers.
/// Stores `task`'s roots in `context` at `b`'s insertion point.
void storeRoots(OpBuilder &b, const KernelTask &task, Value context) {
  Location loc = task.loop->getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  auto i64 = b.getI64Type();
  for (auto [i, root] : llvm::enumerate(task.roots)) {
    Value value = root;
    if (value.getType().isIndex())
      value = arith::IndexCastOp::create(b, loc, i64, value);
    if (isa<MemRefType>(value.getType())) {
      Value address = arith::IndexCastOp::create(
          b, loc, i64,
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, value));
      value = LLVM::IntToPtrOp::create(b, loc, ptrType, address);
    }
    LLVM::StoreOp::create(b, loc, value, slotAddress(b, loc, context, i));
  }
}

/// Replaces `task.loop`, a kernel left serial, with storing its roots in
/// `context` and calling `fn` over all its iterations.
void dispatchSerial(const KernelTask &task, func::FuncOp fn, Value context) {
  scf::ForOp loop = task.loop;
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  storeRoots(b, task, context);
  func::CallOp::create(
      b, loc, fn,
      ValueRange{context, arith::ConstantIntOp::create(b, loc, 0, 64),
                 arith::ConstantIntOp::create(b, loc, task.tripCount, 64),
                 arith::ConstantIntOp::create(b, loc, 0, 32)});
  loop.erase();
}

void dispatch(const KernelTask &task, func::FuncOp fn,
              const Dispatcher &dispatcher) {
  scf::ForOp loop = task.loop;
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  MLIRContext *ctx = b.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  auto i64 = b.getI64Type();
  auto i32 = b.getI32Type();
  storeRoots(b, task, dispatcher.context);
  Value tasks = arith::ConstantIntOp::create(b, loc, i64, task.tripCount);
  Value parallel =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                            dispatcher.workers,
                            arith::ConstantIntOp::create(b, loc, i32, 1));
  auto branch = scf::IfOp::create(b, loc, TypeRange{}, parallel,
                                  /*withElseRegion=*/true);
  OpBuilder tb = branch.getThenBodyBuilder();
  Value taskFn = func::ConstantOp::create(tb, loc, fn.getFunctionType(),
                                          SymbolRefAttr::get(fn));
  Value taskPtr =
      UnrealizedConversionCastOp::create(tb, loc, ptrType, taskFn).getResult(0);
  auto calleeType = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(ctx), {ptrType, i64, ptrType, ptrType});
  LLVM::CallOp::create(tb, loc, calleeType,
                       ValueRange{dispatcher.parallelFor, dispatcher.pool,
                                  tasks, taskPtr, dispatcher.context});
  OpBuilder eb = branch.getElseBodyBuilder();
  func::CallOp::create(
      eb, loc, fn,
      ValueRange{dispatcher.context,
                 arith::ConstantIntOp::create(eb, loc, i64, 0), tasks,
                 arith::ConstantIntOp::create(eb, loc, i32, 0)});
  // The tails of a collapsed kernel, after all its tasks: the loop nest
  // without its innermost collapsed loop, serial. Iterations of the
  // collapsed loops are independent, so each tail may follow every task,
  // not only its own iteration's.
  if (task.hasTail) {
    b.setInsertionPointAfter(branch);
    IRMapping mapping;
    auto tails = cast<scf::ForOp>(b.clone(*loop, mapping));
    tails->walk([](scf::ForOp nested) {
      nested->removeAttr(aotc::kParallelLoopAttr);
    });
    scf::ForOp innermost = task.inners.back();
    mapping.lookup(innermost.getOperation())->erase();
  }
  loop.erase();
}

/// The static trip count of `loop`, or 0.
int64_t getTripCount(scf::ForOp loop) {
  std::optional<APInt> trips = loop.getStaticTripCount();
  return trips ? trips->getSExtValue() : 0;
}

/// The loops of `loop`'s kernel to run as tasks: `loop` itself, or, when it
/// has fewer than kFewTasks iterations (too few to share out evenly) and
/// marked loops of more iterations directly in its body, each with enough
/// work on its own, those, each dispatched once per iteration of `loop`.
void collectTaskLoops(scf::ForOp loop, uint64_t minWork,
                      SmallVectorImpl<scf::ForOp> &loops) {
  int64_t trips = getTripCount(loop);
  if (trips < kFewTasks && !getCollapsibleInner(loop)) {
    SmallVector<scf::ForOp> inner;
    int64_t most = 0;
    bool large = true;
    for (auto nested : loop.getBody()->getOps<scf::ForOp>())
      if (aotc::isMarkedParallel(nested)) {
        inner.push_back(nested);
        most = std::max(most, getTripCount(nested));
        large &= estimateWork(nested) >= minWork;
      }
    if (most > trips && (large || estimateWork(loop) < minWork)) {
      for (scf::ForOp nested : inner)
        collectTaskLoops(nested, minWork, loops);
      return;
    }
  }
  loops.push_back(loop);
}

/// The loops to run as tasks in `block` (collectTaskLoops of each kernel's
/// outermost marked loop), looking into the result-less `scf.if` that runs
/// the body once the arena is allocated.
void collectKernelLoops(Block &block, uint64_t minWork,
                        SmallVectorImpl<scf::ForOp> &loops) {
  for (Operation &op : block) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (aotc::isMarkedParallel(loop))
        collectTaskLoops(loop, minWork, loops);
    } else if (isa<scf::IfOp>(op) && op.getNumResults() == 0) {
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          collectKernelLoops(nested, minWork, loops);
    }
  }
}

/// The kernels of `block` left serial: loops at its top level, or in a
/// result-less `scf.if` there, that hold none of `taskLoops`.
void collectSerialKernelLoops(Block &block,
                              const llvm::DenseSet<Operation *> &taskLoops,
                              SmallVectorImpl<scf::ForOp> &loops) {
  for (Operation &op : block) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      WalkResult holdsTask = loop->walk([&](scf::ForOp nested) {
        return taskLoops.contains(nested) ? WalkResult::interrupt()
                                          : WalkResult::advance();
      });
      if (!holdsTask.wasInterrupted())
        loops.push_back(loop);
    } else if (isa<scf::IfOp>(op) && op.getNumResults() == 0) {
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          collectSerialKernelLoops(nested, taskLoops, loops);
    }
  }
}

struct ParallelizeKernelsPass final
    : aotc::impl::ParallelizeKernelsPassBase<ParallelizeKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    func::FuncOp run;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(kEntryPointAttr) && !func.isExternal())
        run = func;
    if (!run)
      return;
    StringRef name = run.getSymName();
    if (!name.consume_back("_run")) {
      run.emitError() << "expected the entry point's name to end in _run";
      return signalPassFailure();
    }
    std::string parallelName = (name + "_run_parallel").str();
    if (module.lookupSymbol(parallelName)) {
      module.emitError() << "expected no symbol named '" << parallelName
                         << "', which the entry point needs";
      return signalPassFailure();
    }
    func::FuncOp parallelRun = splitEntryPoint(run, parallelName);

    uint64_t tempBytes = 0;
    if (auto bytes = module->getAttrOfType<IntegerAttr>(kTempBytesAttr))
      tempBytes = bytes.getValue().getZExtValue();

    SmallVector<scf::ForOp> loops;
    for (Block &block : parallelRun.getBody())
      collectKernelLoops(block, minTaskWork, loops);
    SmallVector<KernelTask> tasks;
    for (scf::ForOp loop : loops) {
      KernelTask task;
      if (estimateWork(loop) < static_cast<uint64_t>(minTaskWork) ||
          failed(analyzeKernel(loop, parallelRun, task))) {
        ++numSerialKernels;
        continue;
      }
      tasks.push_back(std::move(task));
    }

    // The kernels left serial, as functions too, when asked: each is then
    // compiled on its own, and once for equal ones
    // (aotc-cpu-merge-identical-tasks).
    SmallVector<KernelTask> serialTasks;
    if (serialFunctions) {
      llvm::DenseSet<Operation *> taskLoops;
      for (const KernelTask &task : tasks)
        taskLoops.insert(task.loop);
      SmallVector<scf::ForOp> serialLoops;
      for (Block &block : parallelRun.getBody())
        collectSerialKernelLoops(block, taskLoops, serialLoops);
      for (scf::ForOp loop : serialLoops) {
        KernelTask task;
        if (succeeded(
                analyzeKernel(loop, parallelRun, task, /*collapse=*/false)))
          serialTasks.push_back(std::move(task));
      }
    }

    uint64_t workerBytes = 0;
    size_t slots = 1;
    for (const KernelTask &task : tasks) {
      workerBytes = std::max<uint64_t>(
          workerBytes, llvm::alignTo(task.scratchEnd - task.scratchBegin,
                                     kAlignment));
      slots = std::max(slots, task.roots.size());
    }
    for (const KernelTask &task : serialTasks)
      slots = std::max(slots, task.roots.size());
    Builder builder(&getContext());
    module->setAttr(kWorkerTempBytesAttr, builder.getI64IntegerAttr(workerBytes));
    SmallVector<Attribute> records;
    auto recordTasks = llvm::make_scope_exit([&] {
      module->setAttr(kParallelKernelsAttr, builder.getArrayAttr(records));
    });
    if (tasks.empty() && serialTasks.empty())
      return;

    Dispatcher dispatcher = setUpDispatch(parallelRun, slots, workerBytes);
    SymbolTable symbols(module);
    UnitAttr taskAttr = builder.getUnitAttr();
    for (auto [index, task] : llvm::enumerate(tasks)) {
      func::FuncOp fn =
          buildTask(task, (name + "_task_" + Twine(index + 1)).str(),
                    parallelRun, tempBytes, workerBytes);
      symbols.insert(fn);
      fn->setAttr(aotc::kTaskFunctionAttr, taskAttr);
      records.push_back(builder.getDictionaryAttr({
          builder.getNamedAttr("task", fn.getSymNameAttr()),
          builder.getNamedAttr("tasks",
                               builder.getI64IntegerAttr(task.tripCount)),
          builder.getNamedAttr("calls",
                               builder.getI64IntegerAttr(countCalls(task.loop))),
          builder.getNamedAttr("loc", describeLocation(task.loop)),
      }));
      dispatch(task, fn, dispatcher);
      ++numParallelKernels;
    }
    for (auto [index, task] : llvm::enumerate(serialTasks)) {
      func::FuncOp fn =
          buildTask(task, (name + "_serial_" + Twine(index + 1)).str(),
                    parallelRun, tempBytes, workerBytes, /*wholeLoop=*/true);
      symbols.insert(fn);
      fn->setAttr(aotc::kTaskFunctionAttr, taskAttr);
      dispatchSerial(task, fn, dispatcher.context);
      ++numSerialFunctions;
    }
  }

  /// The locations of everything `loop` computes, for the report to name
  /// the graph ops (aotc/Analysis/Origins.h).
  static Location describeLocation(scf::ForOp loop) {
    SmallVector<Location> locs;
    loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!op->hasTrait<OpTrait::ConstantLike>())
        locs.push_back(op->getLoc());
    });
    locs.push_back(loop.getLoc());
    return FusedLoc::get(loop.getContext(), locs);
  }

  /// How many times `loop` runs per call: the trip counts of the loops
  /// around it (1 for a dynamic one).
  static int64_t countCalls(scf::ForOp loop) {
    int64_t calls = 1;
    for (auto outer = loop->getParentOfType<scf::ForOp>(); outer;
         outer = outer->getParentOfType<scf::ForOp>())
      calls *= std::max<int64_t>(1, getTripCount(outer));
    return calls;
  }

  /// Moves `run`'s body into a new public `parallelName` with a fourth
  /// pointer argument, and makes `run` call it with NULL.
  func::FuncOp splitEntryPoint(func::FuncOp run, StringRef parallelName) {
    Location loc = run.getLoc();
    OpBuilder b(run);
    auto ptrType = LLVM::LLVMPointerType::get(&getContext());
    SmallVector<Type> inputs(run.getArgumentTypes());
    inputs.push_back(ptrType);
    auto parallelRun = func::FuncOp::create(
        b, loc, parallelName,
        b.getFunctionType(inputs, run.getResultTypes()));
    parallelRun.getBody().takeBody(run.getBody());
    run->removeAttr(kEntryPointAttr);
    parallelRun.getBody().front().addArgument(ptrType, loc);
    if (ArrayAttr argAttrs = run.getAllArgAttrs()) {
      SmallVector<Attribute> attrs(argAttrs.begin(), argAttrs.end());
      attrs.push_back(b.getDictionaryAttr({}));
      parallelRun.setAllArgAttrs(attrs);
    }

    Block *body = run.addEntryBlock();
    b.setInsertionPointToStart(body);
    SmallVector<Value> operands(body->getArguments());
    operands.push_back(LLVM::ZeroOp::create(b, loc, ptrType));
    auto call = func::CallOp::create(b, loc, parallelRun, operands);
    func::ReturnOp::create(b, loc, call.getResults());
    return parallelRun;
  }

  /// Reads `parallel` at the top of `parallelRun`, allocates the context of
  /// `slots` slots, and grows a malloc'd arena by every extra worker's
  /// scratch.
  Dispatcher setUpDispatch(func::FuncOp parallelRun, size_t slots,
                           uint64_t workerBytes) {
    Block &entry = parallelRun.getBody().front();
    Location loc = parallelRun.getLoc();
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    Dispatcher dispatcher = loadParallel(b, loc, entry.getArguments().back());
    auto i64 = b.getI64Type();
    // After the control flow that reads `parallel`, LLVM allocates the
    // context at run time, moving the stack pointer. Aligned to 64 bytes,
    // the stack pointer stays aligned for every vector: at 8, LLVM stored
    // 32-byte vector arguments of the entry point's parts (which its IPO
    // passes by value) with aligned moves to misaligned slots, a crash at
    // -O3 on a GPT decoding step.
    dispatcher.context = LLVM::AllocaOp::create(
        b, loc, LLVM::LLVMPointerType::get(&getContext()), i64,
        LLVM::ConstantOp::create(b, loc, i64, static_cast<int64_t>(slots)),
        /*alignment=*/64);
    if (workerBytes == 0)
      return dispatcher;
    Value perWorker = arith::ConstantIntOp::create(
        b, loc, i64, static_cast<int64_t>(workerBytes));
    Value one = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1);
    Value extraWorkers = arith::ExtSIOp::create(
        b, loc, i64, arith::SubIOp::create(b, loc, dispatcher.workers, one));
    Value extra = arith::MulIOp::create(b, loc, extraWorkers, perWorker);
    parallelRun.walk([&](LLVM::CallOp call) {
      if (call.getCallee() != "malloc")
        return;
      OpBuilder cb(call);
      call->setOperand(0, arith::AddIOp::create(cb, loc, call->getOperand(0),
                                                extra));
    });
    return dispatcher;
  }
};

} // namespace
