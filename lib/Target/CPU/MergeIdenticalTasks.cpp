//===- MergeIdenticalTasks.cpp - one task function per distinct kernel ----===//
//
// Implements `aotc-cpu-merge-identical-tasks` (Passes.td has the contract):
//   1. the task functions of aotc-cpu-parallelize-kernels are hashed and
//      compared op by op, blind to which weight each reads and where in the
//      arena each planned buffer lies (a task's parameters);
//   2. of each set of equal tasks the first stays: the parameters that
//      differ between them become context slots it loads;
//   3. every dispatch of the set stores its own values in those slots and
//      calls the one that stayed.
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
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/MapVector.h"

namespace aotc {
#define GEN_PASS_DEF_MERGEIDENTICALTASKSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The record of the kernels run as tasks (aotc-cpu-parallelize-kernels).
constexpr llvm::StringLiteral kParallelKernelsAttr = "aotc.parallel_kernels";
/// The number of a planned buffer's view (aotc-cpu-plan-memory).
constexpr llvm::StringLiteral kBufferAttr = "aotc.buffer";

/// Whether `op` is a parameter of its task: the address of a weight (a
/// `memref.get_global` of a static memref) or the byte offset of planned
/// buffers (an index constant used only as the offset of `memref.view`s).
bool isParameter(Operation *op) {
  if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
    MemRefType type = global.getType();
    return type.hasStaticShape() && type.getLayout().isIdentity() &&
           !type.getMemorySpace();
  }
  auto constant = dyn_cast<arith::ConstantIndexOp>(op);
  if (!constant || op->use_empty())
    return false;
  return llvm::all_of(op->getUses(), [](OpOperand &use) {
    auto view = dyn_cast<memref::ViewOp>(use.getOwner());
    return view && &use == &view.getByteShiftMutable();
  });
}

/// Gives each `memref.view` of `task` with a constant offset a constant of
/// its own, just before it, and erases the constants left unused: equal
/// tasks then have equal ops, whichever offsets coincide with a constant
/// used elsewhere (0, an index).
void isolateViewOffsets(func::FuncOp task) {
  SmallVector<Operation *> unused;
  task.walk([&](memref::ViewOp view) {
    auto constant = view.getByteShift().getDefiningOp<arith::ConstantIndexOp>();
    if (!constant)
      return;
    OpBuilder b(view);
    view.getByteShiftMutable().assign(
        arith::ConstantIndexOp::create(b, constant.getLoc(), constant.value()));
    if (constant->use_empty())
      unused.push_back(constant);
  });
  for (Operation *op : unused)
    if (op->use_empty())
      op->erase();
}

/// The attribute that holds a parameter's value.
StringRef getParameterAttrName(Operation *op) {
  return isa<memref::GetGlobalOp>(op) ? "name" : "value";
}

/// `op`'s attributes that must be equal in an equal task: all but a
/// parameter's value and the buffer number (compared as a renaming).
SmallVector<NamedAttribute> getComparedAttrs(Operation *op, bool parameter) {
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : op->getAttrs()) {
    if (attr.getName() == kBufferAttr ||
        (parameter && attr.getName() == getParameterAttrName(op)))
      continue;
    attrs.push_back(attr);
  }
  return attrs;
}

/// A hash that equal tasks share (Matcher below decides).
llvm::hash_code hashTask(func::FuncOp task) {
  llvm::hash_code hash = llvm::hash_value(task.getFunctionType().getAsOpaquePointer());
  task.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    hash = llvm::hash_combine(hash, op->getName().getAsOpaquePointer(),
                              op->getNumOperands(), op->getNumRegions());
    for (Type type : op->getResultTypes())
      hash = llvm::hash_combine(hash, type.getAsOpaquePointer());
    for (NamedAttribute attr : getComparedAttrs(op, isParameter(op)))
      hash = llvm::hash_combine(hash, attr.getName().getAsOpaquePointer(),
                                attr.getValue().getAsOpaquePointer());
  });
  return hash;
}

/// Compares two tasks op by op. Equal tasks differ at most in their
/// parameters, whose pairs it lists in the order of a pre-order walk, and
/// in the numbers of their planned buffers, renamed one to one (so that
/// what aotc-cpu-hoist-invariant-loads concluded from them holds for both).
class Matcher {
public:
  bool matchFunctions(func::FuncOp a, func::FuncOp b) {
    return a.getFunctionType() == b.getFunctionType() &&
           matchRegions(a.getBody(), b.getBody());
  }

  /// The parameters of the first function and the second's, pairwise.
  SmallVector<std::pair<Operation *, Operation *>> parameters;

private:
  bool matchRegions(Region &a, Region &b) {
    if (a.getBlocks().size() != b.getBlocks().size())
      return false;
    for (auto [blockA, blockB] : llvm::zip(a, b)) {
      if (blockA.getArgumentTypes() != blockB.getArgumentTypes() ||
          blockA.getOperations().size() != blockB.getOperations().size())
        return false;
      values.map(blockA.getArguments(), blockB.getArguments());
      for (auto [opA, opB] : llvm::zip(blockA, blockB))
        if (!matchOps(opA, opB))
          return false;
    }
    return true;
  }

  bool matchOps(Operation &a, Operation &b) {
    if (a.getName() != b.getName() ||
        a.getNumOperands() != b.getNumOperands() ||
        a.getNumRegions() != b.getNumRegions() || a.getNumSuccessors() != 0 ||
        b.getNumSuccessors() != 0 || a.getResultTypes() != b.getResultTypes())
      return false;
    for (auto [operandA, operandB] :
         llvm::zip(a.getOperands(), b.getOperands()))
      if (values.lookupOrNull(operandA) != operandB)
        return false;
    bool parameter = isParameter(&a);
    if (parameter != isParameter(&b) ||
        getComparedAttrs(&a, parameter) != getComparedAttrs(&b, parameter) ||
        !matchBuffers(a, b))
      return false;
    if (parameter)
      parameters.push_back({&a, &b});
    for (auto [regionA, regionB] : llvm::zip(a.getRegions(), b.getRegions()))
      if (!matchRegions(regionA, regionB))
        return false;
    values.map(a.getResults(), b.getResults());
    return true;
  }

  bool matchBuffers(Operation &a, Operation &b) {
    auto idA = a.getAttrOfType<IntegerAttr>(kBufferAttr);
    auto idB = b.getAttrOfType<IntegerAttr>(kBufferAttr);
    if (!idA || !idB)
      return !idA && !idB;
    auto [toB, newA] = buffersAB.try_emplace(idA.getInt(), idB.getInt());
    auto [toA, newB] = buffersBA.try_emplace(idB.getInt(), idA.getInt());
    return toB->second == idB.getInt() && toA->second == idA.getInt();
  }

  IRMapping values;
  llvm::DenseMap<int64_t, int64_t> buffersAB, buffersBA;
};

/// A task of a set of equal tasks, with its parameters in the order of the
/// set's first task's.
struct Member {
  func::FuncOp task;
  SmallVector<Operation *> parameters;
  /// Where its dispatch stores the context: before `dispatch`, in `context`.
  Operation *dispatch;
  Value context;
  /// The ops that call it.
  SmallVector<Operation *> users;
};

/// The ops that name each symbol of `module` (one walk of it all).
using SymbolUsers = llvm::DenseMap<StringAttr, SmallVector<Operation *>>;
SymbolUsers collectSymbolUsers(ModuleOp module) {
  SymbolUsers users;
  if (std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(&module.getBodyRegion()))
    for (const SymbolTable::SymbolUse &use : *uses)
      users[use.getSymbolRef().getRootReference()].push_back(use.getUser());
  return users;
}

/// Where a task's context is filled, and the context: before the `scf.if`
/// that dispatches a task (the pool's call in one branch, the serial call
/// in the other) or before the one call of a serial kernel's function, if
/// `users`, the ops that name the task, are one of those.
std::optional<std::pair<Operation *, Value>>
findDispatch(ArrayRef<Operation *> users) {
  Operation *dispatch = nullptr;
  Value context;
  for (Operation *user : users) {
    if (!isa<func::CallOp, func::ConstantOp>(user))
      return std::nullopt;
    if (auto call = dyn_cast<func::CallOp>(user))
      context = call.getOperand(0);
  }
  if (users.size() == 1 && isa<func::CallOp>(users.front())) {
    dispatch = users.front();
  } else {
    for (Operation *user : users) {
      auto parent = user->getParentOfType<scf::IfOp>();
      if (!parent || (dispatch && parent != dispatch))
        return std::nullopt;
      dispatch = parent;
    }
  }
  if (!dispatch || !context || !context.getDefiningOp<LLVM::AllocaOp>())
    return std::nullopt;
  return std::make_pair(dispatch, context);
}

/// Makes `users`, the calls of a task, call `task` instead.
void redirect(ArrayRef<Operation *> users, func::FuncOp task) {
  for (Operation *user : users) {
    if (auto call = dyn_cast<func::CallOp>(user))
      call.setCallee(task.getSymName());
    else
      cast<func::ConstantOp>(user).setValueAttr(
          FlatSymbolRefAttr::get(task.getSymNameAttr()));
  }
}

/// Whether two parameters have the same value.
bool sameValue(Operation *a, Operation *b) {
  StringRef name = getParameterAttrName(a);
  return a->getAttr(name) == b->getAttr(name);
}

Value slotAddress(OpBuilder &b, Location loc, Value context, int64_t slot) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI64Type(), context,
                             ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(slot)});
}

/// Replaces the parameter `op` of a task with a load of context slot
/// `slot`.
void loadParameter(Operation *op, Value context, int64_t slot) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  Value replacement;
  if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
    Value pointer =
        LLVM::LoadOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                             slotAddress(b, loc, context, slot));
    LLVMTypeConverter converter(ctx);
    Value descriptor = MemRefDescriptor::fromStaticShape(
        b, loc, converter, global.getType(), pointer);
    replacement =
        UnrealizedConversionCastOp::create(b, loc, global.getType(), descriptor)
            .getResult(0);
  } else {
    Value offset = LLVM::LoadOp::create(b, loc, b.getI64Type(),
                                        slotAddress(b, loc, context, slot));
    replacement =
        arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
  }
  op->getResult(0).replaceAllUsesWith(replacement);
  op->erase();
}

/// Stores the value of the parameter `op` (of a task dispatched at `b`'s
/// insertion point) in context slot `slot`.
void storeParameter(OpBuilder &b, Operation *op, Value context, int64_t slot) {
  Location loc = op->getLoc();
  Value value;
  if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
    Value memref = b.clone(*op)->getResult(0);
    Value address = arith::IndexCastOp::create(
        b, loc, b.getI64Type(),
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref));
    value = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
  } else {
    value = arith::ConstantIntOp::create(
        b, loc, b.getI64Type(),
        cast<arith::ConstantIndexOp>(op).value());
  }
  LLVM::StoreOp::create(b, loc, value, slotAddress(b, loc, context, slot));
}

struct MergeIdenticalTasksPass final
    : aotc::impl::MergeIdenticalTasksPassBase<MergeIdenticalTasksPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SymbolUsers users = collectSymbolUsers(module);

    // The sets of equal tasks, first tasks in program order.
    SmallVector<SmallVector<Member>> sets;
    llvm::DenseMap<llvm::hash_code, SmallVector<size_t>> setsByHash;
    LLVM::AllocaOp contextAlloca;
    SmallVector<func::FuncOp> tasks;
    for (auto task : module.getOps<func::FuncOp>())
      if (task->hasAttr(aotc::kTaskFunctionAttr) && !task.isExternal())
        tasks.push_back(task);
    for (func::FuncOp task : tasks) {
      isolateViewOffsets(task);
      auto found = users.find(task.getSymNameAttr());
      if (found == users.end())
        continue;
      ArrayRef<Operation *> taskUsers = found->second;
      auto dispatch = findDispatch(taskUsers);
      if (!dispatch)
        continue;
      auto alloca = dispatch->second.getDefiningOp<LLVM::AllocaOp>();
      if (contextAlloca && alloca != contextAlloca)
        continue;
      contextAlloca = alloca;
      Member member{task, {}, dispatch->first, dispatch->second,
                    llvm::to_vector(taskUsers)};
      SmallVector<size_t> &candidates = setsByHash[hashTask(task)];
      bool placed = false;
      for (size_t index : candidates) {
        Matcher matcher;
        if (!matcher.matchFunctions(sets[index].front().task, task))
          continue;
        for (auto [first, own] : matcher.parameters)
          member.parameters.push_back(own);
        sets[index].push_back(std::move(member));
        placed = true;
        break;
      }
      if (placed)
        continue;
      task.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isParameter(op))
          member.parameters.push_back(op);
      });
      candidates.push_back(sets.size());
      sets.push_back({std::move(member)});
    }
    if (!contextAlloca)
      return;

    std::optional<int64_t> slots = getSlots(contextAlloca);
    if (!slots)
      return;
    int64_t extraSlots = 0;
    llvm::StringMap<StringAttr> mergedInto;
    for (SmallVector<Member> &set : sets) {
      if (set.size() < 2)
        continue;
      Member &first = set.front();
      // The parameters whose value differs in some task of the set.
      SmallVector<size_t> varying;
      for (size_t i = 0; i < first.parameters.size(); ++i)
        if (llvm::any_of(set, [&](const Member &member) {
              return !sameValue(first.parameters[i], member.parameters[i]);
            }))
          varying.push_back(i);
      extraSlots = std::max<int64_t>(extraSlots, varying.size());
      for (Member &member : set) {
        OpBuilder b(member.dispatch);
        for (auto [k, i] : llvm::enumerate(varying))
          storeParameter(b, member.parameters[i], member.context,
                         *slots + static_cast<int64_t>(k));
      }
      Value context = first.task.getArgument(0);
      for (auto [k, i] : llvm::enumerate(varying))
        loadParameter(first.parameters[i], context,
                      *slots + static_cast<int64_t>(k));
      for (Member &member : llvm::drop_begin(set)) {
        mergedInto[member.task.getSymName()] = first.task.getSymNameAttr();
        redirect(member.users, first.task);
        symbols.erase(member.task);
        ++numMergedTasks;
      }
    }
    if (extraSlots > 0)
      setSlots(contextAlloca, *slots + extraSlots);

    // The report names the function that runs each kernel.
    auto records = module->getAttrOfType<ArrayAttr>(kParallelKernelsAttr);
    if (!records)
      return;
    SmallVector<Attribute> updated;
    for (auto record : records.getAsRange<DictionaryAttr>()) {
      auto name = record.getAs<StringAttr>("task");
      auto it = name ? mergedInto.find(name.getValue()) : mergedInto.end();
      if (it == mergedInto.end()) {
        updated.push_back(record);
        continue;
      }
      NamedAttrList attrs(record);
      attrs.set("task", it->second);
      updated.push_back(attrs.getDictionary(&getContext()));
    }
    module->setAttr(kParallelKernelsAttr,
                    ArrayAttr::get(&getContext(), updated));
  }

  /// The number of 8-byte slots of the context.
  static std::optional<int64_t> getSlots(LLVM::AllocaOp alloca) {
    auto size = alloca.getArraySize().getDefiningOp<LLVM::ConstantOp>();
    auto value = size ? dyn_cast<IntegerAttr>(size.getValue()) : nullptr;
    if (!value || alloca.getElemType() != IntegerType::get(alloca.getContext(), 64))
      return std::nullopt;
    return value.getInt();
  }

  static void setSlots(LLVM::AllocaOp alloca, int64_t slots) {
    OpBuilder b(alloca);
    auto i64 = b.getI64Type();
    alloca.getArraySizeMutable().assign(
        LLVM::ConstantOp::create(b, alloca.getLoc(), i64, slots));
  }
};

} // namespace
