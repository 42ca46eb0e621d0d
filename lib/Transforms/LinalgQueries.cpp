//===- LinalgQueries.cpp - what a linalg op computes ----------------------===//
//
// Implements LinalgQueries.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/LinalgQueries.h"

using namespace mlir;

aotc::YieldedValue aotc::classifyYield(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumReductionLoops() != 0 ||
      generic->getNumResults() != 1)
    return YieldedValue::computed;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 1)
    return YieldedValue::computed;
  auto arg = dyn_cast<BlockArgument>(body.getTerminator()->getOperand(0));
  if (!arg)
    return YieldedValue::outside;
  if (arg.getOwner() == &body &&
      arg.getArgNumber() < generic.getNumDpsInputs())
    return YieldedValue::input;
  return YieldedValue::computed;
}
