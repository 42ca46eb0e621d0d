//===- ExpandBF16Conversions.cpp - bf16 conversions without libgcc --------===//
//
// Implements `aotc-cpu-expand-bf16-conversions` with upstream's bf16
// expansion patterns alone (see the pass description for why not all of
// arith-expand).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace aotc {
#define GEN_PASS_DEF_EXPANDBF16CONVERSIONSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {
struct ExpandBF16ConversionsPass final
    : aotc::impl::ExpandBF16ConversionsPassBase<ExpandBF16ConversionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
