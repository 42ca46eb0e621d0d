//===- OpCounts.cpp - FLOPs and integer ops of a piece of code ------------===//
//
// Implements OpCounts.h. Counting works on the structure alone (op types,
// static loop bounds), so it needs no cost model and gives the same numbers
// on every machine.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/OpCounts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/CastInterfaces.h"

using namespace mlir;

namespace aotc {

OpCounts countScalarOp(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
      op->getNumOperands() == 0 ||
      isa<arith::ConstantOp, arith::SelectOp, CastOpInterface>(op))
    return {};
  Type type = op->getOperand(0).getType();
  uint64_t lanes = 1;
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    if (!shaped.hasStaticShape())
      return {0, 0, /*approximate=*/true};
    lanes = shaped.getNumElements();
    type = shaped.getElementType();
  }
  uint64_t perLane = isa<math::FmaOp>(op) ? 2 : 1;
  if (isa<FloatType>(type))
    return {perLane * lanes, 0, false};
  if (isa<IntegerType>(type))
    return {0, perLane * lanes, false};
  return {};
}

SmallVector<std::optional<uint64_t>> getTripCounts(LoopLikeOpInterface loop) {
  SmallVector<std::optional<uint64_t>> counts;
  auto lbs = loop.getLoopLowerBounds();
  auto ubs = loop.getLoopUpperBounds();
  auto steps = loop.getLoopSteps();
  if (!lbs || !ubs || !steps) {
    counts.push_back(std::nullopt);
    return counts;
  }
  for (auto [lb, ub, step] : llvm::zip(*lbs, *ubs, *steps)) {
    std::optional<int64_t> l = getConstantIntValue(lb);
    std::optional<int64_t> u = getConstantIntValue(ub);
    std::optional<int64_t> s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      counts.push_back(std::nullopt);
    else
      counts.push_back(*u <= *l ? 0 : llvm::divideCeil(*u - *l, *s));
  }
  return counts;
}

uint64_t getTotalTrips(LoopLikeOpInterface loop, bool &approximate) {
  uint64_t total = 1;
  for (std::optional<uint64_t> count : getTripCounts(loop)) {
    if (!count)
      approximate = true;
    total *= count.value_or(1);
  }
  return total;
}

OpCounts countOp(Operation &op) {
  if (op.getNumRegions() == 0)
    return countScalarOp(&op);
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    OpCounts thenCounts = countBlock(ifOp.getThenRegion().front());
    OpCounts elseCounts;
    if (!ifOp.getElseRegion().empty())
      elseCounts = countBlock(ifOp.getElseRegion().front());
    bool same = thenCounts.flops == elseCounts.flops &&
                thenCounts.intOps == elseCounts.intOps;
    OpCounts costlier = thenCounts.flops + thenCounts.intOps >=
                                elseCounts.flops + elseCounts.intOps
                            ? thenCounts
                            : elseCounts;
    costlier.approximate |=
        !same || thenCounts.approximate || elseCounts.approximate;
    return costlier;
  }
  OpCounts body;
  for (Region &region : op.getRegions())
    for (Block &nested : region)
      body += countBlock(nested);
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    bool approximate = false;
    body = body.times(getTotalTrips(loop, approximate));
    body.approximate |= approximate;
  } else if (!op.hasTrait<OpTrait::IsTerminator>()) {
    // Some other region (scf.while, a nested linalg op): counted once.
    body.approximate = true;
  }
  return body;
}

OpCounts countBlock(Block &block) {
  OpCounts counts;
  for (Operation &op : block)
    counts += countOp(op);
  return counts;
}

} // namespace aotc
