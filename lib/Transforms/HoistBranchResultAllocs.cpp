//===- HoistBranchResultAllocs.cpp - an scf.if's result buffers before it -===//
//
// Implements `aotc-hoist-branch-result-allocs`; see Passes.td for why.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/BitVector.h"

namespace aotc {
#define GEN_PASS_DEF_HOISTBRANCHRESULTALLOCSPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {
/// `value` without the memref.casts around it.
Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

/// The allocation of static shape in `block` that `value` is, directly or
/// through memref.casts, or null.
memref::AllocOp getYieldedAlloc(Value value, Block *block) {
  auto alloc = stripCasts(value).getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != block || alloc->getNumOperands() != 0 ||
      !alloc.getType().hasStaticShape())
    return nullptr;
  return alloc;
}

/// Makes result `i` of `ifOp` one buffer allocated before it, or returns
/// false when neither branch allocates what it yields there.
bool hoistResult(scf::IfOp ifOp, unsigned i) {
  std::array<scf::YieldOp, 2> yields = {ifOp.thenYield(), ifOp.elseYield()};
  std::array<memref::AllocOp, 2> allocs = {
      getYieldedAlloc(yields[0].getOperand(i), ifOp.thenBlock()),
      getYieldedAlloc(yields[1].getOperand(i), ifOp.elseBlock())};
  memref::AllocOp buffer = allocs[0] ? allocs[0] : allocs[1];
  if (!buffer)
    return false;
  buffer->moveBefore(ifOp);
  for (auto [yield, alloc] : llvm::zip(yields, allocs)) {
    if (alloc == buffer)
      continue;
    if (alloc && alloc.getType() == buffer.getType()) {
      // Two fresh buffers of one type, of which one is ever written.
      alloc.replaceAllUsesWith(buffer.getResult());
      alloc.erase();
      continue;
    }
    // The branch yields something else (an input, a buffer of another
    // layout): it copies that into the buffer.
    OpBuilder b(yield);
    memref::CopyOp::create(b, yield.getLoc(), yield.getOperand(i),
                           buffer.getResult());
  }
  // Both branches now write the buffer: the result is the buffer itself.
  OpBuilder b(ifOp);
  Value result = ifOp.getResult(i);
  Value replacement = buffer.getResult();
  if (replacement.getType() != result.getType())
    replacement = memref::CastOp::create(b, ifOp.getLoc(), result.getType(),
                                         replacement);
  result.replaceAllUsesWith(replacement);
  return true;
}

/// `ifOp` without the results in `dropped`, which have no uses left.
void dropResults(scf::IfOp ifOp, const llvm::BitVector &dropped) {
  SmallVector<Type> types;
  for (auto [i, type] : llvm::enumerate(ifOp.getResultTypes()))
    if (!dropped.test(i))
      types.push_back(type);
  OpBuilder b(ifOp);
  auto newIf = scf::IfOp::create(b, ifOp.getLoc(), types, ifOp.getCondition(),
                                 /*addThenBlock=*/false,
                                 /*addElseBlock=*/false);
  newIf->setAttrs(ifOp->getAttrs());
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  newIf.thenYield()->eraseOperands(dropped);
  newIf.elseYield()->eraseOperands(dropped);
  unsigned next = 0;
  for (auto [i, result] : llvm::enumerate(ifOp.getResults()))
    if (!dropped.test(i))
      result.replaceAllUsesWith(newIf.getResult(next++));
  ifOp.erase();
}

struct HoistBranchResultAllocsPass final
    : aotc::impl::HoistBranchResultAllocsPassBase<
          HoistBranchResultAllocsPass> {
  void runOnOperation() override {
    // Post-order: an inner scf.if's buffers reach its enclosing branch
    // first, and from there move on.
    SmallVector<scf::IfOp> ifs;
    getOperation().walk([&](scf::IfOp ifOp) {
      if (ifOp.getNumResults() > 0 && ifOp.elseBlock())
        ifs.push_back(ifOp);
    });
    for (scf::IfOp ifOp : ifs) {
      llvm::BitVector dropped(ifOp.getNumResults());
      for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i)
        if (isa<MemRefType>(ifOp.getResult(i).getType()) &&
            hoistResult(ifOp, i))
          dropped.set(i);
      if (dropped.any())
        dropResults(ifOp, dropped);
    }
  }
};
} // namespace
