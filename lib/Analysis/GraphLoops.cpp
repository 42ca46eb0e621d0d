//===- GraphLoops.cpp - the loops and branches of the graph itself --------===//

#include "aotc/Analysis/GraphLoops.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

bool aotc::isGraphLoop(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp>(op) && op->hasAttr(kGraphLoopAttr);
}

bool aotc::isGraphIf(Operation *op) {
  return isa<scf::IfOp>(op) && op->hasAttr(kGraphIfAttr);
}

bool aotc::isGraphControlFlow(Operation *op) {
  return isGraphLoop(op) || isGraphIf(op);
}

void aotc::markGraphControlFlow(Operation *root) {
  root->walk([](Operation *op) {
    if (isa<scf::ForOp, scf::WhileOp>(op))
      op->setAttr(kGraphLoopAttr, UnitAttr::get(op->getContext()));
    else if (isa<scf::IfOp>(op))
      op->setAttr(kGraphIfAttr, UnitAttr::get(op->getContext()));
  });
}

SmallVector<Block *> aotc::getHostBlocks(func::FuncOp func) {
  SmallVector<Block *> blocks;
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return blocks;
  blocks.push_back(&func.getBody().front());
  for (size_t i = 0; i < blocks.size(); ++i)
    for (Operation &op : *blocks[i])
      if (isGraphControlFlow(&op))
        for (Region &region : op.getRegions())
          for (Block &block : region)
            blocks.push_back(&block);
  return blocks;
}
