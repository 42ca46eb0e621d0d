//===- TGDynamicSlices.cpp - tg.dynamic_slice and dynamic_update_slice ----===//
//
// Verifiers of the two ops that read and write a block at offsets known only
// at run time (the time step of a recurrence inside its scf.for), and the
// canonicalization that makes a dynamic_slice with constant offsets a
// tg.slice.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace aotc::tg;

/// Checks that `block` fits in `whole` (same rank, no dimension larger) and
/// that there is one offset per dimension.
static LogicalResult verifyBlock(Operation *op, RankedTensorType block,
                                 RankedTensorType whole, size_t numOffsets,
                                 StringRef blockName, StringRef wholeName) {
  if (block.getRank() != whole.getRank())
    return op->emitOpError("expected the ")
           << blockName << " to have the " << wholeName << "'s rank "
           << whole.getRank() << ", got " << block;
  if (numOffsets != static_cast<size_t>(whole.getRank()))
    return op->emitOpError("expected one offset per dimension (")
           << whole.getRank() << "), got " << numOffsets;
  for (auto [size, dim] : llvm::zip(block.getShape(), whole.getShape()))
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(dim) ||
        size > dim)
      return op->emitOpError("expected a static ")
             << blockName << " no larger than the " << wholeName
             << " in any dimension, got " << block << " and " << whole;
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  return verifyBlock(*this, getType(), getInput().getType(),
                     getOffsets().size(), "result", "input");
}

LogicalResult DynamicUpdateSliceOp::verify() {
  return verifyBlock(*this, getUpdate().getType(), getDest().getType(),
                     getOffsets().size(), "update", "destination");
}

namespace {
/// dynamic_slice at constant offsets -> tg.slice (offsets clamped as the op
/// says).
struct ConstantOffsetsToSlice final : OpRewritePattern<DynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<int64_t> start, limit, stride;
    for (auto [offset, size, dim] :
         llvm::zip(op.getOffsets(), op.getType().getShape(),
                   op.getInput().getType().getShape())) {
      APInt value;
      if (!matchPattern(offset, m_ConstantInt(&value)))
        return rewriter.notifyMatchFailure(op, "an offset is not constant");
      int64_t first =
          std::clamp<int64_t>(value.getSExtValue(), 0, dim - size);
      start.push_back(first);
      limit.push_back(first + size);
      stride.push_back(1);
    }
    rewriter.replaceOpWithNewOp<SliceOp>(op, op.getType(), op.getInput(),
                                         start, limit, stride);
    return success();
  }
};
} // namespace

void DynamicSliceOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                 MLIRContext *context) {
  patterns.add<ConstantOffsetsToSlice>(context);
}
