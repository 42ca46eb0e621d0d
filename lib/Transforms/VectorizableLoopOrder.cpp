//===- VectorizableLoopOrder.cpp - contiguous output loop innermost -------===//
//
// Implements `aotc-vectorizable-loop-order`: contractions are reordered so
// their innermost loop walks the output's contiguous dimension, which LLVM
// vectorizes. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

namespace aotc {
#define GEN_PASS_DEF_VECTORIZABLELOOPORDERPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// For an elementwise generic that reads an input transposed (its
/// innermost dimension is along another loop than the output's), the order
/// with that input's loop just outside the output's innermost one: each
/// iteration of the outer loops then touches a slab of both that fits in
/// L1, where the original order sweeps the whole input once per value of
/// the input's loop (a transposition of megabytes missed every cache).
std::optional<SmallVector<unsigned>>
chooseTransposeOrder(linalg::GenericOp generic) {
  if (generic.getNumReductionLoops() != 0 || generic.getNumDpsInits() != 1)
    return std::nullopt;
  AffineMap out = generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  if (out.getNumResults() == 0 || !out.isPermutation())
    return std::nullopt;
  unsigned numLoops = generic.getNumLoops();
  unsigned outLoop = cast<AffineDimExpr>(out.getResults().back()).getPosition();
  std::optional<unsigned> inLoop;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    if (map.getNumResults() < 2 || !map.isProjectedPermutation())
      continue;
    unsigned loop = cast<AffineDimExpr>(map.getResults().back()).getPosition();
    // Read along the output's loop too (in a dimension further out): a
    // transposition.
    if (loop != outLoop && map.isFunctionOfDim(outLoop))
      inLoop = loop;
  }
  if (!inLoop || *inLoop + 2 == numLoops)
    return std::nullopt;
  SmallVector<unsigned> order;
  for (unsigned l = 0; l < numLoops; ++l)
    if (l != *inLoop && l != outLoop)
      order.push_back(l);
  order.append({*inLoop, outLoop});
  return order;
}

/// The loop order for `generic`, or nothing if it should stay as it is.
std::optional<SmallVector<unsigned>> chooseOrder(linalg::GenericOp generic) {
  if (generic.getNumReductionLoops() == 0)
    return chooseTransposeOrder(generic);
  if (generic.getNumDpsInits() != 1)
    return std::nullopt;
  AffineMap out = generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  if (out.getNumResults() == 0)
    return std::nullopt;
  auto innermost = dyn_cast<AffineDimExpr>(out.getResults().back());
  if (!innermost)
    return std::nullopt;
  unsigned loop = innermost.getPosition();
  SmallVector<utils::IteratorType> iterators =
      generic.getIteratorTypesArray();
  unsigned numLoops = iterators.size();
  // Already innermost, or nothing but parallel loops after it.
  bool reductionAfter = false;
  for (unsigned l = loop + 1; l < numLoops; ++l)
    reductionAfter |= iterators[l] == utils::IteratorType::reduction;
  if (!reductionAfter)
    return std::nullopt;
  // Some input must be read along that loop in its own innermost dimension,
  // or the reordered inner loop would stride through memory.
  bool contiguousInput = llvm::any_of(
      generic.getDpsInputOperands(), [&](OpOperand *input) {
        AffineMap map = generic.getMatchingIndexingMap(input);
        return map.getNumResults() > 0 &&
               map.getResults().back().isFunctionOfDim(loop);
      });
  if (!contiguousInput)
    return std::nullopt;
  SmallVector<unsigned> order;
  for (unsigned l = 0; l < numLoops; ++l)
    if (l != loop)
      order.push_back(l);
  order.push_back(loop);
  return order;
}

struct VectorizableLoopOrderPass final
    : aotc::impl::VectorizableLoopOrderPassBase<VectorizableLoopOrderPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk(
        [&](linalg::GenericOp generic) { generics.push_back(generic); });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp generic : generics) {
      std::optional<SmallVector<unsigned>> order = chooseOrder(generic);
      if (!order)
        continue;
      rewriter.setInsertionPoint(generic);
      if (failed(linalg::interchangeGenericOp(rewriter, generic, *order)))
        continue;
      ++numInterchanged;
    }
  }
};

} // namespace
