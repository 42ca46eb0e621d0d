//===- SpeculateGraphIfs.cpp - both branches of a graph's If, then select -===//
//
// Implements `aotc-speculate-graph-ifs` (Passes.td has the contract).
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace aotc {
#define GEN_PASS_DEF_SPECULATEGRAPHIFSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {
/// The rank-0 i1 tensor that `condition` was read from, or a new one
/// holding it.
Value getConditionTensor(OpBuilder &b, Location loc, Value condition) {
  if (auto extract = condition.getDefiningOp<tensor::ExtractOp>())
    if (extract.getTensor().getType().getRank() == 0)
      return extract.getTensor();
  return tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({}, condition.getType()), condition);
}

/// The values `block` yields, its ops moved before `ifOp`.
SmallVector<Value> inlineBranch(scf::IfOp ifOp, Block *block) {
  auto yield = cast<scf::YieldOp>(block->getTerminator());
  SmallVector<Value> values(yield.getOperands());
  yield.erase();
  ifOp->getBlock()->getOperations().splice(ifOp->getIterator(),
                                           block->getOperations());
  return values;
}

struct SpeculateGraphIfsPass final
    : aotc::impl::SpeculateGraphIfsPassBase<SpeculateGraphIfsPass> {
  void runOnOperation() override {
    // Post-order: an inner scf.if is gone before its branch moves out.
    SmallVector<scf::IfOp> ifs;
    getOperation().walk([&](scf::IfOp ifOp) {
      if (ifOp.elseBlock() &&
          llvm::all_of(ifOp.getResultTypes(), llvm::IsaPred<TensorType>))
        ifs.push_back(ifOp);
    });
    for (scf::IfOp ifOp : ifs) {
      OpBuilder b(ifOp);
      Location loc = ifOp.getLoc();
      Value condition = getConditionTensor(b, loc, ifOp.getCondition());
      SmallVector<Value> onTrue = inlineBranch(ifOp, ifOp.thenBlock());
      SmallVector<Value> onFalse = inlineBranch(ifOp, ifOp.elseBlock());
      for (auto [result, t, f] :
           llvm::zip(ifOp.getResults(), onTrue, onFalse))
        result.replaceAllUsesWith(
            aotc::tg::SelectOp::create(b, loc, condition, t, f).getResult());
      ifOp.erase();
    }
  }
};
} // namespace
