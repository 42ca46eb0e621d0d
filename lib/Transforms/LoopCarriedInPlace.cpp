//===- LoopCarriedInPlace.cpp - recurrences update their state in place ---===//
//
// Implements `aotc-loop-carried-in-place`; see Passes.td for why.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

namespace aotc {
#define GEN_PASS_DEF_LOOPCARRIEDINPLACEPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

/// Whether `value` is computed in `carried`'s tensor: following results to
/// the destination they are written into (a destination-style op's init,
/// a loop's initial value) reaches `carried`.
static bool isWrittenInto(Value value, Value carried) {
  while (value != carried) {
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return false;
    Operation *op = result.getOwner();
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
      value = dps.getTiedOpOperand(result)->get();
    } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
      value = loop.getInitArgs()[result.getResultNumber()];
    } else if (auto loop = dyn_cast<scf::ForallOp>(op)) {
      value = loop.getOutputs()[result.getResultNumber()];
    } else {
      return false;
    }
  }
  return true;
}

namespace {
struct LoopCarriedInPlacePass final
    : aotc::impl::LoopCarriedInPlacePassBase<LoopCarriedInPlacePass> {
  void runOnOperation() override {
    getOperation().walk([](scf::ForOp loop) {
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      for (auto [carried, yielded] :
           llvm::zip(loop.getRegionIterArgs(), yield->getOpOperands())) {
        if (!isa<RankedTensorType>(carried.getType()) ||
            isWrittenInto(yielded.get(), carried))
          continue;
        OpBuilder b(yield);
        auto materialized = bufferization::MaterializeInDestinationOp::create(
            b, yield.getLoc(), yielded.get(), carried);
        yielded.set(materialized.getResult());
      }
    });
  }
};
} // namespace
