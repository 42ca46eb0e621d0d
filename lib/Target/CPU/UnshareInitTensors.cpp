//===- UnshareInitTensors.cpp - one init tensor per user ------------------===//
//
// Implements `aotc-cpu-unshare-init-tensors`; see Passes.td for why.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace aotc {
#define GEN_PASS_DEF_UNSHAREINITTENSORSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// A tensor.empty, or a fill of one: linalg.fill, or the linalg.generic
/// with no inputs that generalization makes of it.
bool isInitTensor(Operation *op) {
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
      linalgOp.getNumDpsInputs() != (isa<linalg::FillOp>(op) ? 1 : 0) ||
      linalgOp.getNumDpsInits() != 1 ||
      linalgOp.getNumLoops() != linalgOp.getNumParallelLoops())
    return false;
  if (!isa<linalg::FillOp>(op) && !isa<linalg::GenericOp>(op))
    return false;
  return linalgOp.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>();
}

struct UnshareInitTensorsPass final
    : aotc::impl::UnshareInitTensorsPassBase<UnshareInitTensorsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> inits;
    // Fills first, so their empty tensors are cloned along with them.
    getOperation().walk([&](Operation *op) {
      if (isInitTensor(op))
        inits.push_back(op);
    });
    for (Operation *op : llvm::reverse(inits)) {
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : op->getResult(0).getUses())
        uses.push_back(&use);
      // The first user keeps the original.
      for (OpOperand *use : llvm::drop_begin(uses)) {
        OpBuilder b(use->getOwner());
        Operation *clone = op->clone();
        if (auto fill = dyn_cast<linalg::LinalgOp>(clone)) {
          OpOperand *init = fill.getDpsInitOperand(0);
          Operation *empty = init->get().getDefiningOp()->clone();
          b.insert(empty);
          init->set(empty->getResult(0));
        }
        b.insert(clone);
        use->set(clone->getResult(0));
        ++numClones;
      }
    }
  }
};

} // namespace
