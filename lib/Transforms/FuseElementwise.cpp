//===- FuseElementwise.cpp - fusion of elementwise linalg producers -------===//
//
// Implements `aotc-fuse-elementwise` over upstream's elementwise fusion
// patterns, with a control function that refuses fusions that would
// recompute the producer.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "aotc/Analysis/Origins.h"
#include "aotc/Transforms/LinalgQueries.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace aotc {
#define GEN_PASS_DEF_FUSEELEMENTWISEPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Whether `map` reads a tensor transposed: a permutation that moves the
/// innermost dimension.
bool movesInnermost(AffineMap map) {
  if (!map.isPermutation() || map.getNumResults() == 0)
    return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  return !last || last.getPosition() != map.getNumDims() - 1;
}

/// Fuse when nothing gets recomputed: the consumer reads every producer
/// element exactly once (a permutation map), or the producer computes
/// nothing; and nobody else needs the producer's result. A consumer marked
/// kKeepOperandsAttrName takes no producer.
bool fusesWithoutRecomputing(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
  if (!producer || !consumer || !producer->hasOneUse() ||
      consumer->hasAttr(aotc::kKeepOperandsAttrName))
    return false;
  // Each fusion clones both bodies into a new op: with no cap, a chain of n
  // elementwise ops costs n^2 / 2 clones (a 4000-op Relu chain took 13 s).
  // Past kMaxFusedBodyOps a loop body gains nothing from more fusion.
  auto bodySize = [](Operation *op) -> size_t {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    return linalgOp ? linalgOp.getBlock()->getOperations().size() : 0;
  };
  if (bodySize(producer) + bodySize(consumer) > aotc::kMaxFusedBodyOps)
    return false;
  if (aotc::classifyYield(producer) == aotc::YieldedValue::input) {
    // A transposition stays a copy of its own before a convolution (a
    // contraction over windows: a map that is not a projected permutation).
    // Fused, the convolution would read its image across the innermost
    // dimension, which no vector kernel takes: a Conformer's pointwise
    // convolution of a transposed sequence became scalar loops, 2.5x
    // slower than copy then convolve. (Before a matmul the fused transpose
    // is the faster choice: attention's, in BERT-style encoders, ran
    // 10-50% slower apart.)
    auto relayout = cast<linalg::GenericOp>(producer);
    bool window = llvm::any_of(consumer.getIndexingMapsArray(),
                               [](AffineMap map) {
                                 return !map.isProjectedPermutation();
                               });
    return !(window && consumer.getNumReductionLoops() > 0 &&
             movesInnermost(relayout.getMatchingIndexingMap(
                 relayout.getDpsInputOperand(0))));
  }
  return consumer.getMatchingIndexingMap(fused).isPermutation();
}

unsigned countLinalgOps(Operation *root) {
  unsigned count = 0;
  root->walk([&](linalg::LinalgOp) { ++count; });
  return count;
}

struct FuseElementwisePass final
    : aotc::impl::FuseElementwisePassBase<FuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    numOpsBefore = countLinalgOps(getOperation());
    // Upstream's fusion builds the fused op at the consumer's location, so
    // the consumer takes on the producer's origins as the fusion is allowed:
    // the report then lists every graph op a kernel computes.
    auto control = [](OpOperand *fused) {
      if (!fusesWithoutRecomputing(fused))
        return false;
      Operation *consumer = fused->getOwner();
      consumer->setLoc(aotc::fuseOrigins(
          {fused->get().getDefiningOp()->getLoc(), consumer->getLoc()}));
      return true;
    };
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    // Reshapes between fusable ops would stop fusion; folding them into the
    // generics by expansion keeps the chain together.
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    numOpsAfter = countLinalgOps(getOperation());
  }
};

} // namespace
