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
      materializeInCarried(loop.getRegionIterArgs(),
                           cast<scf::YieldOp>(loop.getBody()->getTerminator()));
    });
    // A while loop: each value the condition passes on unchanged is
    // carried into the body, which yields its new value for the same
    // argument of the condition's region.
    getOperation().walk([](scf::WhileOp loop) {
      Block *before = loop.getBeforeBody();
      scf::YieldOp yield = loop.getYieldOp();
      for (auto [forwarded, carried] :
           llvm::zip(loop.getConditionOp().getArgs(),
                     loop.getAfterArguments())) {
        auto argument = dyn_cast<BlockArgument>(forwarded);
        if (!argument || argument.getOwner() != before)
          continue;
        materializeInCarried(
            carried, yield->getOpOperand(argument.getArgNumber()));
      }
    });
  }

  /// Makes `yield` give each tensor of `carried` its new value computed in
  /// the carried tensor.
  static void materializeInCarried(ValueRange carried, scf::YieldOp yield) {
    for (auto [value, yielded] : llvm::zip(carried, yield->getOpOperands()))
      materializeInCarried(value, yielded);
  }

  /// Makes `yielded` the new value of `carried` computed in its tensor.
  static void materializeInCarried(Value carried, OpOperand &yielded) {
    if (!isa<RankedTensorType>(carried.getType()) ||
        isWrittenInto(yielded.get(), carried))
      return;
    OpBuilder b(yielded.getOwner());
    auto materialized = bufferization::MaterializeInDestinationOp::create(
        b, yielded.getOwner()->getLoc(), yielded.get(), carried);
    yielded.set(materialized.getResult());
  }
};
} // namespace
