//===- HoistGraphLoopAllocs.cpp - a graph loop's buffers before it --------===//
//
// Implements `aotc-hoist-graph-loop-allocs`; see Passes.td for why.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/GraphLoops.h"
#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace aotc {
#define GEN_PASS_DEF_HOISTGRAPHLOOPALLOCSPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {
struct HoistGraphLoopAllocsPass final
    : aotc::impl::HoistGraphLoopAllocsPassBase<HoistGraphLoopAllocsPass> {
  void runOnOperation() override {
    // Host blocks come outer first: walking them innermost first moves an
    // allocation out of a nest of graph loops one loop at a time.
    SmallVector<Block *> blocks = aotc::getHostBlocks(getOperation());
    for (Block *block : llvm::reverse(blocks)) {
      Operation *loop = block->getParentOp();
      if (!aotc::isGraphLoop(loop))
        continue;
      for (auto alloc :
           llvm::make_early_inc_range(block->getOps<memref::AllocOp>()))
        if (alloc->getNumOperands() == 0 && alloc.getType().hasStaticShape())
          alloc->moveBefore(loop);
    }
  }
};
} // namespace
