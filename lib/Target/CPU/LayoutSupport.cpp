//===- LayoutSupport.cpp - what the CPU layout passes share ---------------===//

#include "LayoutSupport.h"

using namespace mlir;

bool aotc::isPermutedF32Operand(linalg::GenericOp generic, OpOperand *input) {
  auto type = dyn_cast<RankedTensorType>(input->get().getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 2 ||
      !type.getElementType().isF32())
    return false;
  AffineMap outMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  return generic.getMatchingIndexingMap(input).isProjectedPermutation() &&
         outMap.isProjectedPermutation() && outMap.getNumResults() != 0;
}

linalg::GenericOp aotc::contractionReading(OpOperand &use) {
  auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumReductionLoops() == 0 || generic.getNumDpsInits() != 1 ||
      !generic.isDpsInput(&use))
    return nullptr;
  return generic;
}

double aotc::laneUse(int64_t extent, int64_t lanes) {
  return double(extent) / double(llvm::divideCeil(extent, lanes) * lanes);
}
