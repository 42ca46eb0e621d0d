//===- HoistInvariantLoads.cpp - loads out of loops that cannot change them -===//
//
// Implements `aotc-cpu-hoist-invariant-loads`. See Passes.td.
//
// LLVM hoists a load out of a loop only when it can prove that no store in
// the loop writes the loaded bytes. The arena's buffers are all views of
// one pointer at offsets LLVM cannot always tell apart (a worker's scratch
// is at `temp + worker * bytes`), so a normalization's mean, loaded per
// element from scratch while the loop stores its result into another
// buffer, stayed in the loop, with everything computed from it, and the
// loop was not vectorized. This pass knows what LLVM does not: distinct
// planned buffers used in the same loop never overlap (aotc-cpu-plan-memory
// gives buffers whose live ranges meet distinct bytes; a buffer read in
// every iteration of a loop and written in none is live across all of it),
// the weights are never written, and the caller's buffers are not the
// arena.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

#include <optional>

namespace aotc {
#define GEN_PASS_DEF_HOISTINVARIANTLOADSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The attribute numbering each planned buffer's view (aotc-cpu-plan-memory).
constexpr llvm::StringLiteral kBufferAttr = "aotc.buffer";

/// Where the bytes behind a memref come from.
struct Root {
  enum Kind {
    /// A planned buffer of the arena, `id` its number.
    Arena,
    /// A global constant (the weights): never written.
    Constant,
    /// Anything else: the caller's inputs and outputs, or memory this pass
    /// cannot name.
    Other,
  };
  Kind kind;
  int64_t id = 0;
};

/// Follows views, subviews, casts and reshapes of `memref` to where its
/// bytes come from.
Root getRoot(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto view = dyn_cast<memref::ViewOp>(def)) {
      if (auto id = view->getAttrOfType<IntegerAttr>(kBufferAttr))
        return {Root::Arena, id.getInt()};
      return {Root::Other};
    }
    if (isa<memref::GetGlobalOp>(def))
      return {Root::Constant};
    if (auto viewLike = dyn_cast<ViewLikeOpInterface>(def)) {
      memref = viewLike.getViewSource();
      continue;
    }
    break;
  }
  return {Root::Other};
}

/// Whether a write to `written` may change the bytes behind `read`.
bool mayAlias(Root written, Root read) {
  if (read.kind == Root::Constant)
    return false;
  if (written.kind == Root::Arena && read.kind == Root::Arena)
    return written.id == read.id;
  if (written.kind == Root::Arena || read.kind == Root::Arena)
    return false; // the caller's buffers are not its temp arena
  return true;
}

/// The roots `loop` writes to, or nullopt if it writes memory it cannot name
/// (a call, an op without declared effects).
std::optional<SmallVector<Root>> getWrittenRoots(scf::ForOp loop) {
  SmallVector<Root> roots;
  bool unknown = false;
  loop.getBody()->walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance(); // its nested ops are walked
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      unknown = true;
      return WalkResult::interrupt();
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(
              instance.getEffect()))
        continue;
      Value value = instance.getValue();
      if (!value || !isa<BaseMemRefType>(value.getType())) {
        unknown = true;
        return WalkResult::interrupt();
      }
      roots.push_back(getRoot(value));
    }
    return WalkResult::advance();
  });
  if (unknown)
    return std::nullopt;
  return roots;
}

/// The memref a hoistable read loads from, or null: memref.load,
/// vector.load and an unmasked vector.transfer_read.
Value getLoadedMemRef(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return load.getBase();
  if (auto read = dyn_cast<vector::TransferReadOp>(op))
    if (!read.getMask() && isa<BaseMemRefType>(read.getBase().getType()))
      return read.getBase();
  return nullptr;
}

/// Whether `loop` runs its body at least once: constant bounds, lower below
/// upper. A load hoisted out of a loop that may not run could read out of
/// bounds.
bool runsAtLeastOnce(scf::ForOp loop) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  return lower && upper && *lower < *upper;
}

/// Moves the loads directly in `loop`'s body whose operands are defined
/// outside it and whose bytes nothing in the loop writes in front of it.
/// Returns how many moved.
int64_t hoistLoads(scf::ForOp loop) {
  if (!runsAtLeastOnce(loop))
    return 0;
  std::optional<SmallVector<Root>> written = getWrittenRoots(loop);
  if (!written)
    return 0;
  int64_t moved = 0;
  for (Operation &op : llvm::make_early_inc_range(*loop.getBody())) {
    Value memref = getLoadedMemRef(&op);
    if (!memref)
      continue;
    if (!llvm::all_of(op.getOperands(), [&](Value operand) {
          return loop.isDefinedOutsideOfLoop(operand);
        }))
      continue;
    Root read = getRoot(memref);
    if (llvm::any_of(*written,
                     [&](Root root) { return mayAlias(root, read); }))
      continue;
    loop.moveOutOfLoop(&op);
    ++moved;
  }
  return moved;
}

struct HoistInvariantLoadsPass final
    : aotc::impl::HoistInvariantLoadsPassBase<HoistInvariantLoadsPass> {
  void runOnOperation() override {
    // Innermost loops first, so a load leaves every loop it is invariant in.
    getOperation()->walk([&](scf::ForOp loop) {
      while (true) {
        moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
        int64_t moved = hoistLoads(loop);
        numHoisted += moved;
        if (moved == 0)
          break;
      }
    });
  }
};

} // namespace
