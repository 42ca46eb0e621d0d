//===- PromoteAccumulators.cpp - a thread's own element in a register -----===//
//
// Implements `aotc-cuda-promote-accumulators` (Passes.td). In each top-level
// scf.parallel, every buffer accessed only at the iteration's own element is
// rewritten into SSA values (scf.for iteration arguments through reduction
// loops), stored once at the end, or not at all when nothing outside the
// loop uses the buffer.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"
#include "aotc/Analysis/GraphLoops.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAPROMOTEACCUMULATORSPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

Value getRootBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// The memref a load or store accesses, or null for other ops.
Value getAccessedMemRef(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getMemRef();
  return nullptr;
}

ValueRange getIndices(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getIndices();
  return cast<memref::StoreOp>(op).getIndices();
}

/// Whether every access to `memref`'s buffer in `loop` is a load or store of
/// `memref` itself at the induction variables, inside scf.for loops only.
bool isAccumulator(scf::ParallelOp loop, Value memref) {
  Value root = getRootBuffer(memref);
  ValueRange ivs = loop.getInductionVars();
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!isa<MemRefType>(operand.getType()) ||
          getRootBuffer(operand) != root)
        continue;
      Value accessed = getAccessedMemRef(op);
      if (accessed != memref || !llvm::equal(getIndices(op), ivs))
        return WalkResult::interrupt();
      // Only straight-line code and scf.for loops up to the parallel body.
      for (Operation *parent = op->getParentOp(); parent != loop;
           parent = parent->getParentOp())
        if (!isa<scf::ForOp>(parent))
          return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Whether `op` (an scf.for) accesses `memref` somewhere inside.
bool accesses(Operation *op, Value memref) {
  return op
      ->walk([&](Operation *inner) {
        return getAccessedMemRef(inner) == memref ? WalkResult::interrupt()
                                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Replaces the accesses to `memref` in `block` by SSA values, starting from
/// `current` (null: the value in memory); returns the value at the end.
Value promoteInBlock(IRRewriter &rewriter, Block &block, Value memref,
                     ValueRange ivs, Value current) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto load = dyn_cast<memref::LoadOp>(op);
        load && load.getMemRef() == memref) {
      if (current) {
        rewriter.replaceOp(load, current);
      } else {
        current = load.getResult();
      }
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op);
        store && store.getMemRef() == memref) {
      current = store.getValueToStore();
      rewriter.eraseOp(store);
      continue;
    }
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (!forOp || !accesses(forOp, memref))
      continue;
    if (!current) {
      rewriter.setInsertionPoint(forOp);
      current = memref::LoadOp::create(rewriter, forOp.getLoc(), memref, ivs);
    }
    auto newLoop = cast<scf::ForOp>(
        *forOp.replaceWithAdditionalYields(
            rewriter, current, /*replaceInitOperandUsesInLoop=*/false,
            [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
              return SmallVector<Value>{args.front()};
            }));
    Block *body = newLoop.getBody();
    Value last = promoteInBlock(rewriter, *body, memref, ivs,
                                newLoop.getRegionIterArgs().back());
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    yield->setOperand(yield->getNumOperands() - 1, last);
    current = newLoop.getResults().back();
  }
  return current;
}

/// Whether the buffer `memref` views is an allocation that nothing outside
/// `loop` uses.
bool isPrivateTo(Value memref, scf::ParallelOp loop) {
  Value root = getRootBuffer(memref);
  if (!root.getDefiningOp<memref::AllocOp>())
    return false;
  SmallVector<Value> worklist{root};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (loop->isAncestor(user))
        continue;
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (!view || view.getViewSource() != value)
        return false;
      worklist.push_back(view->getResult(0));
    }
  }
  return true;
}

/// Erases `root` and its views when nothing else uses them; returns whether
/// it did.
bool eraseIfUnused(IRRewriter &rewriter, Value root) {
  SmallVector<Operation *> views;
  SmallVector<Value> worklist{root};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (!view)
        return false;
      views.push_back(user);
      worklist.push_back(user->getResult(0));
    }
  }
  for (Operation *view : llvm::reverse(views))
    rewriter.eraseOp(view);
  rewriter.eraseOp(root.getDefiningOp());
  return true;
}

struct CUDAPromoteAccumulatorsPass final
    : aotc::impl::CUDAPromoteAccumulatorsPassBase<
          CUDAPromoteAccumulatorsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    IRRewriter rewriter(&getContext());
    SmallVector<scf::ParallelOp> loops;
    for (Block *body : aotc::getHostBlocks(func))
      llvm::append_range(loops, body->getOps<scf::ParallelOp>());
    for (scf::ParallelOp loop : loops)
      promoteIn(rewriter, loop);
  }

private:
  void promoteIn(IRRewriter &rewriter, scf::ParallelOp loop) {
    // The memrefs the loop stores to at the induction variables.
    llvm::SetVector<Value> candidates;
    loop.getBody()->walk([&](memref::StoreOp store) {
      if (llvm::equal(store.getIndices(), loop.getInductionVars()))
        candidates.insert(store.getMemRef());
    });
    for (Value memref : candidates) {
      if (!isAccumulator(loop, memref))
        continue;
      bool isPrivate = isPrivateTo(memref, loop);
      ValueRange ivs = loop.getInductionVars();
      Value last = promoteInBlock(rewriter, *loop.getBody(), memref, ivs,
                                  /*current=*/nullptr);
      ++numPromoted;
      if (isPrivate) {
        if (eraseIfUnused(rewriter, getRootBuffer(memref)))
          ++numAllocsRemoved;
        continue;
      }
      // The value reaches memory once, at the end of the iteration.
      rewriter.setInsertionPoint(loop.getBody()->getTerminator());
      if (last && last.getDefiningOp<memref::LoadOp>() &&
          last.getDefiningOp<memref::LoadOp>().getMemRef() == memref)
        continue; // the loop only read it
      memref::StoreOp::create(rewriter, loop.getLoc(), last, memref, ivs);
    }
  }
};

} // namespace
