//===- ParallelElementwiseLoops.cpp - elementwise ops as parallel loops ---===//
//
// Implements `aotc-cpu-parallel-elementwise-loops` (Passes.td has the
// contract): an elementwise linalg.generic that no vector kernel took (one
// that reads an input transposed, say) becomes scalar loops whose
// outermost loop is marked parallel, so NAME_run_parallel shares it out
// like the vector kernels.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Transforms/ParallelLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace aotc {
#define GEN_PASS_DEF_PARALLELELEMENTWISELOOPSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Whether the iterations of `generic` are independent: every loop
/// parallel, every output written through a permutation (each iteration
/// writes its own elements), and an input that is also an output read
/// through the same map (in place: each iteration reads only what it
/// writes).
bool hasIndependentIterations(linalg::GenericOp generic) {
  if (!generic.hasPureBufferSemantics() || generic.getNumLoops() == 0 ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return false;
  for (Value operand : generic->getOperands()) {
    auto type = dyn_cast<MemRefType>(operand.getType());
    if (!type || !type.hasStaticShape())
      return false;
  }
  for (OpOperand &out : generic.getDpsInitsMutable()) {
    AffineMap map = generic.getMatchingIndexingMap(&out);
    if (!map.isPermutation())
      return false;
    for (OpOperand *input : generic.getDpsInputOperands())
      if (input->get() == out.get() &&
          generic.getMatchingIndexingMap(input) != map)
        return false;
  }
  return true;
}

struct ParallelElementwiseLoopsPass final
    : aotc::impl::ParallelElementwiseLoopsPassBase<
          ParallelElementwiseLoopsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (hasIndependentIterations(generic))
        generics.push_back(generic);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp generic : generics) {
      rewriter.setInsertionPoint(generic);
      FailureOr<linalg::LinalgLoops> loops =
          linalg::linalgOpToLoops(rewriter, generic);
      if (failed(loops))
        continue;
      rewriter.eraseOp(generic);
      // Loops of one iteration (a batch of one) go, so that the first loop
      // of several iterations is the kernel's outermost.
      for (Operation *op : *loops) {
        auto loop = cast<scf::ForOp>(op);
        std::optional<APInt> trips = loop.getStaticTripCount();
        if (trips && trips->getZExtValue() == 1) {
          if (failed(loop.promoteIfSingleIteration(rewriter)))
            break;
          continue;
        }
        aotc::markParallelLoop(loop);
        ++numMarked;
        break;
      }
    }
  }
};

} // namespace
