//===- FillPadBorders.cpp - fill only the border of a padded window -------===//
//
// Implements `aotc-cpu-fill-pad-borders`: a padded window that a tile fills
// whole and then overwrites with its interior is filled on its border only.
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "FillSupport.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace aotc {
#define GEN_PASS_DEF_FILLPADBORDERSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The box `subview` takes of its statically shaped source with unit
/// strides: offsets and sizes, static or not (the edge tiles of a padded
/// window copy fewer rows, at another offset).
struct Box {
  SmallVector<OpFoldResult> offsets, sizes;
};

std::optional<Box> unitStrideBox(memref::SubViewOp subview) {
  if (!subview.getSourceType().hasStaticShape() ||
      subview.getSourceType().getRank() != subview.getType().getRank() ||
      !llvm::all_of(subview.getStaticStrides(),
                    [](int64_t stride) { return stride == 1; }))
    return std::nullopt;
  return Box{subview.getMixedOffsets(), subview.getMixedSizes()};
}

/// The fill of `buffer` that `copy` overwrites in part: the op before it
/// in its block, past ops without memory effects (the subview, constants).
linalg::LinalgOp findFill(memref::CopyOp copy, Value buffer) {
  for (Operation *op = copy->getPrevNode(); op; op = op->getPrevNode()) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      if (linalgOp.hasPureBufferSemantics() &&
          linalgOp.getNumDpsInits() == 1 &&
          linalgOp.getDpsInitOperand(0)->get() == buffer &&
          aotc::filledValue(linalgOp))
        return linalgOp;
      return nullptr;
    }
    if (!isMemoryEffectFree(op))
      return nullptr;
  }
  return nullptr;
}

/// Fills with `value` the part of `buffer` (static `shape`) outside `box`:
/// per dimension d, the slabs before and after the box along d, spanning
/// the box along the dimensions before d and everything after. A slab may
/// be empty at run time.
void fillOutside(OpBuilder &b, Location loc, Value buffer,
                 ArrayRef<int64_t> shape, const Box &box, Value value) {
  int64_t rank = shape.size();
  MLIRContext *ctx = b.getContext();
  AffineExpr s0, s1;
  bindSymbols(ctx, s0, s1);
  SmallVector<OpFoldResult> ones(rank, b.getIndexAttr(1));
  for (int64_t d = 0; d < rank; ++d) {
    // [0, offset) and [offset + size, shape[d]).
    OpFoldResult after = affine::makeComposedFoldedAffineApply(
        b, loc, s0 + s1, {box.offsets[d], box.sizes[d]});
    OpFoldResult afterSize = affine::makeComposedFoldedAffineApply(
        b, loc, s0 - s1, {b.getIndexAttr(shape[d]), after});
    for (auto [begin, size] : {std::pair<OpFoldResult, OpFoldResult>(
                                   b.getIndexAttr(0), box.offsets[d]),
                               std::pair(after, afterSize)}) {
      if (isConstantIntValue(size, 0))
        continue;
      SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0)), sizes;
      for (int64_t e = 0; e < rank; ++e)
        sizes.push_back(b.getIndexAttr(shape[e]));
      for (int64_t e = 0; e < d; ++e) {
        offsets[e] = box.offsets[e];
        sizes[e] = box.sizes[e];
      }
      offsets[d] = begin;
      sizes[d] = size;
      Value slab =
          memref::SubViewOp::create(b, loc, buffer, offsets, sizes, ones);
      linalg::FillOp::create(b, loc, value, slab);
    }
  }
}

struct FillPadBordersPass final
    : aotc::impl::FillPadBordersPassBase<FillPadBordersPass> {
  void runOnOperation() override {
    SmallVector<std::tuple<linalg::LinalgOp, memref::SubViewOp, Box>> windows;
    getOperation().walk([&](memref::CopyOp copy) {
      auto interior = copy.getTarget().getDefiningOp<memref::SubViewOp>();
      if (!interior)
        return;
      std::optional<Box> box = unitStrideBox(interior);
      if (!box)
        return;
      linalg::LinalgOp fill = findFill(copy, interior.getSource());
      if (fill)
        windows.push_back({fill, interior, *box});
    });
    for (auto [fill, interior, box] : windows) {
      OpBuilder b(fill);
      fillOutside(b, fill.getLoc(), interior.getSource(),
                  interior.getSourceType().getShape(), box,
                  aotc::filledValue(fill));
      fill->erase();
      ++numWindows;
    }
  }
};

} // namespace
