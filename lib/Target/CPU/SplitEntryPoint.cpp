//===- SplitEntryPoint.cpp - entry points in parts of bounded size --------===//
//
// Implements `aotc-cpu-split-entry-point`: an entry point with many kernels
// becomes calls to non-inlined functions NAME_part_N of a bounded number of
// kernels each, so that LLVM's optimizations, which grow faster than
// linearly with a function's size, see functions of bounded size. See
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "KernelOutlining.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace aotc {
#define GEN_PASS_DEF_SPLITENTRYPOINTPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Stack memory must outlive the ops that use it: it stays in the caller.
bool isStackAllocation(Operation *op) {
  return isa<memref::AllocaOp, LLVM::AllocaOp>(op);
}

struct EntryPointSplitter {
  func::FuncOp entry;
  std::string prefix;
  unsigned kernelsPerPart;
  SymbolTable &symbols;
  unsigned parts = 0;

  /// Outlines `run` if it holds a kernel.
  void flush(SmallVectorImpl<Operation *> &run, unsigned &kernels) {
    if (kernels > 0)
      aotc::outlineOps(run, prefix + "_part_" + std::to_string(++parts),
                       entry, symbols);
    run.clear();
    kernels = 0;
  }

  /// Kernels `op` holds: itself, or those of a result-less `scf.if`
  /// (a parallel kernel's dispatch, which runs its task serially in one
  /// branch).
  static unsigned kernelsIn(Operation *op) {
    if (aotc::isKernel(op))
      return 1;
    if (!aotc::isKernelContainer(op))
      return 0;
    SmallVector<Operation *> nested;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        aotc::collectKernels(block, nested);
    return nested.size();
  }

  /// Cuts `block` into runs. In the function's own block the result-less
  /// `scf.if` that runs the body once the arena is allocated is split
  /// inside; further in, such an `scf.if` is one op of a run.
  void split(Block &block, bool outermost) {
    SmallVector<Operation *> run;
    unsigned kernels = 0;
    for (Operation &op : llvm::make_early_inc_range(
             block.without_terminator())) {
      if (outermost && aotc::isKernelContainer(&op)) {
        flush(run, kernels);
        for (Region &region : op.getRegions())
          for (Block &nested : region)
            split(nested, /*outermost=*/false);
        continue;
      }
      if (isStackAllocation(&op)) {
        flush(run, kernels);
        continue;
      }
      run.push_back(&op);
      kernels += kernelsIn(&op);
      if (kernels >= kernelsPerPart)
        flush(run, kernels);
    }
    flush(run, kernels);
  }
};

struct SplitEntryPointPass final
    : aotc::impl::SplitEntryPointPassBase<SplitEntryPointPass> {
  using SplitEntryPointPassBase::SplitEntryPointPassBase;

  void runOnOperation() override {
    if (kernelsPerPart == 0) {
      getOperation().emitError("kernels-per-part must be at least 1");
      return signalPassFailure();
    }
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (func::FuncOp entry : aotc::getEntryPoints(module)) {
      if (aotc::getKernels(entry).size() <= minKernels)
        continue;
      StringRef prefix = entry.getName();
      if (!prefix.consume_back("_run_parallel"))
        prefix.consume_back("_run");
      EntryPointSplitter splitter{entry, prefix.str(), kernelsPerPart,
                                  symbols};
      for (Block &block : entry.getBody())
        splitter.split(block, /*outermost=*/true);
    }
  }
};

} // namespace
