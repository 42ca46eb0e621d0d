//===- FillSupport.cpp - fills of buffers, as the CPU passes see them -----===//

#include "FillSupport.h"

using namespace mlir;

Value aotc::filledValue(linalg::LinalgOp op) {
  if (auto fill = dyn_cast<linalg::FillOp>(op.getOperation()))
    return fill.getInputs()[0];
  if (!isa<linalg::MapOp, linalg::GenericOp>(op.getOperation()) ||
      op.getNumDpsInputs() != 0 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != op.getNumParallelLoops() ||
      !op.getIndexingMapsArray()[0].isIdentity())
    return {};
  Block *body = op.getBlock();
  if (body->getOperations().size() != 1)
    return {};
  Value yielded = body->getTerminator()->getOperand(0);
  if (yielded.getParentRegion()->isProperAncestor(&op->getRegion(0)))
    return yielded;
  return {};
}
