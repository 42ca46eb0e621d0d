//===- FoldResultReshapes.cpp - results stored through reshaped views -----===//
//
// Implements `aotc-cpu-fold-result-reshapes`: a graph result that is only a
// reshape of a computed tensor is stored by materializing the computed
// tensor into a reshaped view of the caller's buffer. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace aotc {
#define GEN_PASS_DEF_FOLDRESULTRESHAPESPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// `dest`, a memref with the reshape's result shape, viewed with the shape
/// of its source; null when the view cannot be built.
Value sourceShapedView(OpBuilder &b, Operation *reshape, Value dest) {
  auto destType = dyn_cast<MemRefType>(dest.getType());
  if (!destType || !destType.getLayout().isIdentity())
    return nullptr;
  Location loc = reshape->getLoc();
  if (auto expand = dyn_cast<tensor::ExpandShapeOp>(reshape))
    return memref::CollapseShapeOp::create(
        b, loc, dest, expand.getReassociationIndices());
  auto collapse = cast<tensor::CollapseShapeOp>(reshape);
  RankedTensorType srcType = collapse.getSrcType();
  if (!srcType.hasStaticShape())
    return nullptr;
  auto viewType = MemRefType::get(srcType.getShape(), srcType.getElementType());
  return memref::ExpandShapeOp::create(b, loc, viewType, dest,
                                       collapse.getReassociationIndices());
}

struct FoldResultReshapesPass final
    : aotc::impl::FoldResultReshapesPassBase<FoldResultReshapesPass> {
  void runOnOperation() override {
    getOperation().walk([&](bufferization::MaterializeInDestinationOp store) {
      Operation *reshape = store.getSource().getDefiningOp();
      if (!isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
              reshape) ||
          !reshape->hasOneUse() || !isa<MemRefType>(store.getDest().getType()))
        return;
      OpBuilder b(store);
      Value view = sourceShapedView(b, reshape, store.getDest());
      if (!view)
        return;
      b.setInsertionPoint(store);
      auto folded = bufferization::MaterializeInDestinationOp::create(
          b, store.getLoc(), reshape->getOperand(0), view);
      folded.setRestrict(store.getRestrict());
      folded.setWritable(store.getWritable());
      store.erase();
      reshape->erase();
      ++numFolded;
    });
  }
};

} // namespace
