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

tensor::EmptyOp aotc::findDestinationRoot(Value value) {
  while (true) {
    if (auto empty = value.getDefiningOp<tensor::EmptyOp>())
      return empty;
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return {};
    Operation *def = result.getOwner();
    if (auto loop = dyn_cast<scf::ForOp>(def))
      value = loop.getInitArgs()[result.getResultNumber()];
    else if (auto dps = dyn_cast<DestinationStyleOpInterface>(def))
      value = dps.getTiedOpOperand(result)->get();
    else
      return {};
  }
}

bool aotc::isMaterializablePad(tensor::PadOp pad) {
  Value padding = pad.getConstantPaddingValue();
  if (!padding || !matchPattern(padding, m_Constant()) ||
      !pad.getResultType().hasStaticShape() ||
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
