//===- FuseSiblingLoops.cpp - one kernel for a fill, a reduction, an epilogue //
//
// Implements `aotc-cuda-fuse-sibling-loops` (Passes.td): consecutive
// top-level scf.parallel loops over the same iteration space merge when each
// iteration of the second only reads what the same iteration of the first
// wrote (the buffers they share are accessed at the induction variables).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"
#include "aotc/Analysis/GraphLoops.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAFUSESIBLINGLOOPSPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The buffer `memref` views: the source at the end of a chain of views.
Value getRootBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// One memref.load or memref.store of a loop.
struct Access {
  Value memref;
  Value root;
  bool write;
  /// Whether the indices are the loop's induction variables, in order.
  bool atInductionVars;
};

/// The loop's accesses, or nullopt when it touches memory some other way.
std::optional<SmallVector<Access>> collectAccesses(scf::ParallelOp loop) {
  SmallVector<Access> accesses;
  ValueRange ivs = loop.getInductionVars();
  auto record = [&](Value memref, ValueRange indices, bool write) {
    accesses.push_back({memref, getRootBuffer(memref), write,
                        llvm::equal(indices, ivs)});
  };
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      record(load.getMemRef(), load.getIndices(), false);
      return WalkResult::advance();
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      record(store.getMemRef(), store.getIndices(), true);
      return WalkResult::advance();
    }
    // Loops, arithmetic and views are fine; anything else touching memory
    // is not understood here.
    if (isa<scf::ForOp, scf::YieldOp, scf::ReduceOp, scf::IfOp>(op) ||
        isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (result.wasInterrupted())
    return std::nullopt;
  return accesses;
}

/// Whether iteration `i` of `second` depends on `first` only through the
/// elements iteration `i` of `first` wrote.
bool independentAcrossIterations(ArrayRef<Access> first,
                                 ArrayRef<Access> second) {
  llvm::DenseSet<Value> shared;
  for (const Access &a : first)
    for (const Access &b : second)
      if (a.root == b.root && (a.write || b.write))
        shared.insert(a.root);
  for (Value root : shared) {
    Value memref;
    for (ArrayRef<Access> accesses : {first, second})
      for (const Access &access : accesses) {
        if (access.root != root)
          continue;
        if (!access.atInductionVars)
          return false;
        if (memref && access.memref != memref)
          return false; // two views of one buffer
        memref = access.memref;
      }
  }
  return true;
}

bool sameIterationSpace(scf::ParallelOp a, scf::ParallelOp b) {
  auto equalConstants = [](ValueRange x, ValueRange y) {
    return x.size() == y.size() &&
           llvm::all_of(llvm::zip(x, y), [](auto pair) {
             std::optional<int64_t> u = getConstantIntValue(std::get<0>(pair));
             std::optional<int64_t> v = getConstantIntValue(std::get<1>(pair));
             return u && v && *u == *v;
           });
  };
  return equalConstants(a.getLowerBound(), b.getLowerBound()) &&
         equalConstants(a.getUpperBound(), b.getUpperBound()) &&
         equalConstants(a.getStep(), b.getStep());
}

/// Ops that may stand between two fused loops (and move above the first).
bool canMoveAbove(Operation *op) {
  return isMemoryEffectFree(op) ||
         isa<memref::AllocOp, ViewLikeOpInterface>(op);
}

struct CUDAFuseSiblingLoopsPass final
    : aotc::impl::CUDAFuseSiblingLoopsPassBase<CUDAFuseSiblingLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    for (Block *body : aotc::getHostBlocks(getOperation()))
      fuseIn(*body);
  }

private:
  /// Fuses the consecutive sibling loops of the host block `body`.
  void fuseIn(Block &body) {
    scf::ParallelOp previous;
    SmallVector<Operation *> between;
    for (Operation &op : llvm::make_early_inc_range(body)) {
      auto loop = dyn_cast<scf::ParallelOp>(op);
      if (!loop || loop.getNumResults() != 0) {
        if (previous && canMoveAbove(&op)) {
          between.push_back(&op);
        } else {
          previous = nullptr;
          between.clear();
        }
        continue;
      }
      if (previous && tryFuse(previous, loop, between)) {
        between.clear();
        continue;
      }
      previous = loop.getNumResults() == 0 ? loop : nullptr;
      between.clear();
    }
  }

  /// Moves `second`'s body to the end of `first`'s when that is legal.
  bool tryFuse(scf::ParallelOp first, scf::ParallelOp second,
               ArrayRef<Operation *> between) {
    if (!sameIterationSpace(first, second))
      return false;
    std::optional<SmallVector<Access>> a = collectAccesses(first);
    std::optional<SmallVector<Access>> b = collectAccesses(second);
    if (!a || !b || !independentAcrossIterations(*a, *b))
      return false;
    for (Operation *op : between)
      op->moveBefore(first);
    IRMapping mapping;
    mapping.map(second.getInductionVars(), first.getInductionVars());
    OpBuilder builder(first.getBody()->getTerminator());
    for (Operation &op : second.getBody()->without_terminator())
      builder.clone(op, mapping);
    second.erase();
    ++numFused;
    return true;
  }
};

} // namespace
