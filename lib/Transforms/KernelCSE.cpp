//===- KernelCSE.cpp - CSE that tells kernels apart -----------------------===//
//
// Implements `aotc-kernel-cse` (Passes.td has the contract): MLIR's common
// subexpression elimination with each op that has regions at the top level
// of the function tagged with a number of its own while it runs, so that
// kernels whose operands are all alike (tiled loops over the same bounds
// and initial tensor) do not share a hash and are not compared with each
// other region by region.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"

namespace aotc {
#define GEN_PASS_DEF_KERNELCSEPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kKernelTagAttr = "aotc.cse_kernel";

struct KernelCSEPass final : aotc::impl::KernelCSEPassBase<KernelCSEPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    Builder b(func.getContext());
    int64_t kernels = 0;
    for (Block &block : func.getBody())
      for (Operation &op : block)
        if (op.getNumRegions() > 0)
          op.setAttr(kKernelTagAttr, b.getI64IntegerAttr(kernels++));
    IRRewriter rewriter(func.getContext());
    bool changed = false;
    eliminateCommonSubExpressions(rewriter, getAnalysis<DominanceInfo>(),
                                  func, &changed);
    // (CSE erases dead ops: walk what is left.)
    for (Block &block : func.getBody())
      for (Operation &op : block)
        op.removeAttr(kKernelTagAttr);
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
