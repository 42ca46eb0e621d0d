//===- ElementwiseIntoConcats.cpp - elementwise ops applied per piece -----===//
//
// Implements `aotc-tg-elementwise-into-concats` (Passes.td has the
// contract): an elementwise op whose operand is a concatenation read by
// nothing else is applied to each piece instead, so the pieces are written
// once, already transformed, into the concatenation's buffer (DenseNet's
// batch norm and ReLU of each layer's concatenated features).
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace aotc {
#define GEN_PASS_DEF_ELEMENTWISEINTOCONCATSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc::tg;

namespace {

/// Whether `op` computes each result element from the elements at the same
/// (broadcast) position of its operands only: tg's arithmetic binary ops,
/// and its unary ops (one operand and result of one type, no attributes:
/// not `tg.cumulative`).
bool isElementwise(Operation *op) {
  if (isa<AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp>(op))
    return true;
  return isa<TGDialect>(op->getDialect()) && op->getNumOperands() == 1 &&
         op->getNumResults() == 1 && op->getAttrs().empty() &&
         op->hasTrait<OpTrait::SameOperandsAndResultType>();
}

/// `value` (broadcast against a result of rank `rank`) for the piece of the
/// concatenation at [offset, offset + size) along `axis`: itself when it
/// does not vary along the axis, else its slice.
Value sliceOperand(OpBuilder &b, Location loc, Value value, int64_t rank,
                   int64_t axis, int64_t offset, int64_t size) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t dim = axis - (rank - type.getRank());
  if (dim < 0 || type.getDimSize(dim) == 1)
    return value;
  SmallVector<int64_t> start(type.getRank(), 0);
  SmallVector<int64_t> limit(type.getShape());
  SmallVector<int64_t> step(type.getRank(), 1);
  start[dim] = offset;
  limit[dim] = offset + size;
  return SliceOp::create(b, loc, value, start, limit, step);
}

/// elementwise(..., concat(x_1, ..., x_n), ...) ->
/// concat(elementwise(..., x_1, ...), ..., elementwise(..., x_n, ...)),
/// the other operands sliced along the axis where they vary along it.
struct ElementwiseOfConcat final : RewritePattern {
  ElementwiseOfConcat(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(op))
      return failure();
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !resultType.hasStaticShape())
      return failure();
    // The one operand that is a concatenation of the result's shape, read
    // only here (else it stays materialized and the pieces are computed
    // twice).
    ConcatOp concat;
    unsigned position = 0;
    for (OpOperand &operand : op->getOpOperands()) {
      auto candidate = operand.get().getDefiningOp<ConcatOp>();
      if (!candidate || !candidate->hasOneUse() ||
          candidate.getType().getShape() != resultType.getShape())
        continue;
      if (concat)
        return failure();
      concat = candidate;
      position = operand.getOperandNumber();
    }
    if (!concat)
      return failure();
    for (Value operand : op->getOperands())
      if (!cast<RankedTensorType>(operand.getType()).hasStaticShape())
        return failure();

    int64_t axis = concat.getAxis(), rank = resultType.getRank();
    int64_t offset = 0;
    SmallVector<Value> pieces;
    for (Value input : concat.getInputs()) {
      int64_t size = cast<RankedTensorType>(input.getType()).getDimSize(axis);
      SmallVector<Value> operands;
      for (auto [i, operand] : llvm::enumerate(op->getOperands()))
        operands.push_back(i == position
                               ? input
                               : sliceOperand(rewriter, op->getLoc(), operand,
                                              rank, axis, offset, size));
      SmallVector<int64_t> shape(resultType.getShape());
      shape[axis] = size;
      OperationState state(op->getLoc(), op->getName());
      state.addOperands(operands);
      state.addAttributes(op->getAttrs());
      state.addTypes(RankedTensorType::get(shape, resultType.getElementType()));
      pieces.push_back(rewriter.create(state)->getResult(0));
      offset += size;
    }
    rewriter.replaceOpWithNewOp<ConcatOp>(op, pieces, concat.getAxisAttr());
    rewriter.eraseOp(concat);
    return success();
  }
};

struct ElementwiseIntoConcatsPass final
    : aotc::impl::ElementwiseIntoConcatsPassBase<ElementwiseIntoConcatsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ElementwiseOfConcat>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
