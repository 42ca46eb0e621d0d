//===- PaddedBuffers.cpp - pads their sources are written into ------------===//
//
// Implements PaddedBuffers.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/PaddedBuffers.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace mlir;

OpOperand *aotc::findDestinationRootUse(Value value) {
  OpOperand *use = nullptr;
  while (true) {
    if (value.getDefiningOp<tensor::EmptyOp>())
      return use;
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return nullptr;
    Operation *def = result.getOwner();
    if (auto loop = dyn_cast<scf::ForOp>(def))
      use = &loop.getInitArgsMutable()[result.getResultNumber()];
    else if (auto dps = dyn_cast<DestinationStyleOpInterface>(def))
      use = dps.getTiedOpOperand(result);
    else
      return nullptr;
    value = use->get();
  }
}

tensor::EmptyOp aotc::findDestinationRoot(Value value) {
  OpOperand *use = findDestinationRootUse(value);
  return use ? use->get().getDefiningOp<tensor::EmptyOp>() : nullptr;
}

bool aotc::isMaterializablePad(tensor::PadOp pad) {
  Value padding = pad.getConstantPaddingValue();
  if (!padding || !matchPattern(padding, m_Constant()) ||
      !pad.getResultType().hasStaticShape() ||
      !pad.getSourceType().hasStaticShape() ||
      llvm::any_of(pad.getStaticLow(), ShapedType::isDynamic))
    return false;
  tensor::EmptyOp root = findDestinationRoot(pad.getSource());
  if (!root || root->getBlock() != pad->getBlock())
    return false;
  return llvm::none_of(pad.getSource().getUsers(), [&](Operation *user) {
    return isa<tensor::PadOp>(user) && user != pad &&
           user->getBlock() == pad->getBlock() && user->isBeforeInBlock(pad);
  });
}
