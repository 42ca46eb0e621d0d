//===- KernelOutlining.cpp - moving kernels into functions of their own ---===//
//
// See KernelOutlining.h.
//
//===----------------------------------------------------------------------===//

#include "KernelOutlining.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace aotc {

bool isKernelContainer(Operation *op) {
  return isa<scf::IfOp>(op) && op->getNumResults() == 0;
}

bool isKernel(Operation *op) {
  if (isa<scf::IfOp>(op))
    return false;
  return op->getNumRegions() > 0 || isa<linalg::LinalgOp>(op) ||
         isa<memref::CopyOp>(op);
}

SmallVector<func::FuncOp> getEntryPoints(ModuleOp module) {
  SmallVector<func::FuncOp> entries;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      entries.push_back(func);
  return entries;
}

SmallVector<Operation *> getKernels(func::FuncOp func) {
  SmallVector<Operation *> kernels;
  for (Block &block : func.getBody())
    collectKernels(block, kernels);
  return kernels;
}

void collectKernels(Block &block, SmallVectorImpl<Operation *> &kernels) {
  for (Operation &op : block) {
    if (isKernelContainer(&op)) {
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          collectKernels(nested, kernels);
    } else if (isKernel(&op)) {
      kernels.push_back(&op);
    }
  }
}

/// Ops the outlined function recomputes instead of taking their values as
/// arguments, so that LLVM still sees them as constants.
static bool isRematerializable(Operation *def) {
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         (def->hasTrait<OpTrait::ConstantLike>() ||
          isa<memref::GetGlobalOp, LLVM::AddressOfOp>(def));
}

static bool isRematerializable(Value value) {
  return isRematerializable(value.getDefiningOp());
}

/// How many uses each value that an op of `ops` (all top-level ops of
/// `block`) defines has among those ops, nested uses included.
static llvm::DenseMap<Value, unsigned>
countUsesWithin(Block *block, const llvm::SmallPtrSetImpl<Operation *> &ops) {
  llvm::DenseMap<Value, unsigned> uses;
  for (Operation *op : ops)
    op->walk([&](Operation *user) {
      for (Value operand : user->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (def && def->getBlock() == block && ops.contains(def))
          ++uses[operand];
      }
    });
  return uses;
}

/// Whether `value` has uses other than the `within` counted ones, in time
/// linear in `within` rather than in all its uses (a constant's can be
/// every kernel of the function).
static bool isUsedElsewhere(Value value,
                            const llvm::DenseMap<Value, unsigned> &within) {
  return value.hasNUsesOrMore(within.lookup(value) + 1);
}

func::CallOp outlineOps(ArrayRef<Operation *> range, StringRef name,
                        func::FuncOp parent, SymbolTable &symbols) {
  assert(!range.empty() && "nothing to outline");
  Block *block = range.front()->getBlock();
  llvm::SmallPtrSet<Operation *, 16> inRange(range.begin(), range.end());
  // A constant the ops after the range use too stays where it is (and is
  // recreated inside): it is no result.
  llvm::DenseMap<Value, unsigned> usesInRange = countUsesWithin(block, inRange);
  SmallVector<Operation *> ops;
  for (Operation *op : range)
    if (!isRematerializable(op) ||
        !llvm::any_of(op->getResults(), [&](Value result) {
          return isUsedElsewhere(result, usesInRange);
        }))
      ops.push_back(op);
  assert(!ops.empty() && "only constants to outline");
  llvm::SmallPtrSet<Operation *, 16> inside(ops.begin(), ops.end());
  llvm::DenseMap<Value, unsigned> usesInside = countUsesWithin(block, inside);

  // What the ops read from outside: operands and values their regions use.
  llvm::SetVector<Value> used;
  for (Operation *op : ops) {
    used.insert(op->getOperands().begin(), op->getOperands().end());
    getUsedValuesDefinedAbove(op->getRegions(), used);
  }
  SmallVector<Value> arguments, constants;
  for (Value value : used) {
    Operation *def = value.getDefiningOp();
    if (def && def->getBlock() == block && inside.contains(def))
      continue;
    (isRematerializable(value) ? constants : arguments).push_back(value);
  }
  // What is read after them.
  SmallVector<Value> results;
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (isUsedElsewhere(result, usesInside))
        results.push_back(result);

  Location loc = ops.front()->getLoc();
  OpBuilder b(parent);
  auto type = b.getFunctionType(ValueRange(arguments).getTypes(),
                                ValueRange(results).getTypes());
  auto func = func::FuncOp::create(b, loc, name, type);
  func.setPrivate();
  func->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
  symbols.insert(func);
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  llvm::DenseMap<Value, Value> replacements;
  for (auto [value, argument] : llvm::zip(arguments, body->getArguments()))
    replacements[value] = argument;
  for (Value value : constants)
    replacements[value] = b.clone(*value.getDefiningOp())->getResult(0);
  auto ret = func::ReturnOp::create(b, loc, results);

  Block::iterator next = std::next(ops.back()->getIterator());
  for (Operation *op : ops) {
    op->moveBefore(ret);
    op->walk([&](Operation *user) {
      for (OpOperand &operand : user->getOpOperands())
        if (Value replacement = replacements.lookup(operand.get()))
          operand.set(replacement);
    });
  }

  b.setInsertionPoint(block, next);
  auto call = func::CallOp::create(b, loc, func, arguments);
  for (auto [value, replacement] : llvm::zip(results, call.getResults()))
    value.replaceUsesWithIf(replacement, [&](OpOperand &use) {
      return !func->isProperAncestor(use.getOwner());
    });
  return call;
}

} // namespace aotc
