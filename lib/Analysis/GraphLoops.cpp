//===- GraphLoops.cpp - the loops of the graph itself ---------------------===//

#include "aotc/Analysis/GraphLoops.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

bool aotc::isGraphLoop(Operation *op) {
  return isa<scf::ForOp>(op) && op->hasAttr(kGraphLoopAttr);
}

void aotc::markGraphLoops(Operation *root) {
  root->walk([](scf::ForOp loop) {
    loop->setAttr(kGraphLoopAttr, UnitAttr::get(loop.getContext()));
  });
}

SmallVector<Block *> aotc::getHostBlocks(func::FuncOp func) {
  SmallVector<Block *> blocks;
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return blocks;
  blocks.push_back(&func.getBody().front());
  for (size_t i = 0; i < blocks.size(); ++i)
    for (Operation &op : *blocks[i])
      if (isGraphLoop(&op))
        blocks.push_back(cast<scf::ForOp>(op).getBody());
  return blocks;
}
