//===- ReassociateReductions.cpp - reorderable float reductions -----------===//
//
// Implements `aotc-reassociate-reductions`: the ops that accumulate into a
// linalg reduction's output get `reassoc` (and a multiply feeding them
// `contract`), so LLVM vectorizes float reductions. See Passes.td for the
// numerical contract.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace aotc {
#define GEN_PASS_DEF_REASSOCIATEREDUCTIONSPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Adds `flags` to a floating-point arith op's fast-math flags.
void addFlags(Operation *op, arith::FastMathFlags flags) {
  auto fastmath = cast<arith::ArithFastMathInterface>(op);
  arith::FastMathFlags current = fastmath.getFastMathFlagsAttr().getValue();
  op->setAttr(fastmath.getFastMathAttrName(),
              arith::FastMathFlagsAttr::get(op->getContext(), current | flags));
}

struct ReassociateReductionsPass final
    : aotc::impl::ReassociateReductionsPassBase<ReassociateReductionsPass> {
  void runOnOperation() override {
    // Generics and linalg.reduce (left named by --no-fusion) spell their
    // combiner in a region; other named ops are generalized before this.
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp, linalg::ReduceOp>(op) ||
          op.getNumReductionLoops() == 0)
        return;
      Block *body = op.getBlock();
      Operation *yield = body->getTerminator();
      for (OpOperand &init : op.getDpsInitsMutable()) {
        BlockArgument acc = op.getMatchingBlockArgument(&init);
        Value yielded = yield->getOperand(init.getOperandNumber() -
                                          op.getNumDpsInputs());
        Operation *combiner = yielded.getDefiningOp();
        if (!combiner || !isa<arith::AddFOp, arith::MulFOp>(combiner) ||
            !llvm::is_contained(combiner->getOperands(), acc))
          continue;
        addFlags(combiner, arith::FastMathFlags::reassoc |
                               arith::FastMathFlags::contract);
        ++numMarked;
        if (!isa<arith::AddFOp>(combiner))
          continue;
        for (Value operand : combiner->getOperands())
          if (auto mul = operand.getDefiningOp<arith::MulFOp>())
            addFlags(mul, arith::FastMathFlags::contract);
      }
    });
  }
};

} // namespace
