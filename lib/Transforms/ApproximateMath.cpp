//===- ApproximateMath.cpp - inline polynomial math -----------------------===//
//
// Implements `aotc-approximate-math` over upstream's polynomial
// approximation patterns, restricted to the functions listed (exp by
// default). See Passes.td for accuracy.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace aotc {
#define GEN_PASS_DEF_APPROXIMATEMATHPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

struct ApproximateMathPass final
    : aotc::impl::ApproximateMathPassBase<ApproximateMathPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::string> names(ops.begin(), ops.end());
    if (names.empty())
      names.push_back("math.exp");
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(
        patterns, [&](StringRef name) { return llvm::is_contained(names, name); });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
