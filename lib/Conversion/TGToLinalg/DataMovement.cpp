//===- DataMovement.cpp - tg data movement ops to linalg and tensor -------===//
//
// Lowers the tg ops that move data without arithmetic: constant, reshape,
// transpose, broadcast_to, concat and slice. Reshapes, slices and
// concatenation become `tensor` ops (collapse/expand_shape, extract_slice,
// insert_slice); transpose and broadcast_to become linalg ops in
// destination-passing style. All shapes are static.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

/// Lowers tg.constant to `arith.constant` holding the same ElementsAttr.
struct ConstantOpLowering final : OpConversionPattern<tg::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = cast<TypedAttr>(op.getValue());
    rewriter.replaceOp(op,
                       arith::ConstantOp::create(rewriter, op.getLoc(), value));
    return success();
  }
};

/// Returns the reassociation that collapses the `from` shape to the smaller
/// rank `to` shape: a single one when it exists, covering rank 0 (every
/// dimension of `from` is 1, no groups). std::nullopt otherwise.
std::optional<SmallVector<ReassociationIndices>>
getCollapseReassociation(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  if (to.empty()) {
    if (llvm::all_of(from, [](int64_t size) { return size == 1; }))
      return SmallVector<ReassociationIndices>{};
    return std::nullopt;
  }
  return getReassociationIndicesForCollapse(from, to);
}

/// Returns the reassociation that groups every dimension of a rank-`rank`
/// shape into one (empty for rank 0).
SmallVector<ReassociationIndices> getFullReassociation(int64_t rank) {
  if (rank == 0)
    return {};
  return {llvm::to_vector<2>(llvm::seq<int64_t>(0, rank))};
}

/// Lowers tg.reshape to one `tensor.collapse_shape` or `tensor.expand_shape`
/// when a reassociation between the two shapes exists, and otherwise to a
/// collapse into 1-D followed by an expand to the result shape.
struct ReshapeOpLowering final : OpConversionPattern<tg::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (inputType == resultType) {
      rewriter.replaceOp(op, input);
      return success();
    }

    ArrayRef<int64_t> from = inputType.getShape(), to = resultType.getShape();
    if (from.size() > to.size()) {
      if (auto reassociation = getCollapseReassociation(from, to)) {
        auto collapse = tensor::CollapseShapeOp::create(
            rewriter, loc, resultType, input, *reassociation);
        rewriter.replaceOp(op, collapse.getResult());
        return success();
      }
    } else if (from.size() < to.size()) {
      if (auto reassociation = getCollapseReassociation(to, from)) {
        auto expand = tensor::ExpandShapeOp::create(rewriter, loc, resultType,
                                                    input, *reassociation);
        rewriter.replaceOp(op, expand.getResult());
        return success();
      }
    }

    // General case: through the 1-D tensor of all elements. Neither shape is
    // rank 0 here (a rank-0 tensor holds one element, so a reassociation
    // with unit dimensions always exists above).
    Value flat = input;
    if (inputType.getRank() != 1) {
      auto flatType = RankedTensorType::get({inputType.getNumElements()},
                                            inputType.getElementType());
      flat = tensor::CollapseShapeOp::create(
          rewriter, loc, flatType, input,
          getFullReassociation(inputType.getRank()));
    }
    Value result = flat;
    if (resultType.getRank() != 1)
      result = tensor::ExpandShapeOp::create(
          rewriter, loc, resultType, flat,
          getFullReassociation(resultType.getRank()));
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Lowers tg.transpose to `linalg.transpose` into a `tensor.empty`.
struct TransposeOpLowering final : OpConversionPattern<tg::TransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    Value init = createEmptyTensor(rewriter, loc, resultType);
    auto transpose = linalg::TransposeOp::create(
        rewriter, loc, adaptor.getInput(), init, op.getPermutation());
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

/// Lowers tg.broadcast_to to `linalg.broadcast` when it only adds leading
/// dimensions, and otherwise to a `linalg.generic` copy whose input map
/// broadcasts (size-1 dimensions read index 0).
struct BroadcastToOpLowering final : OpConversionPattern<tg::BroadcastToOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::BroadcastToOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (inputType == resultType) {
      rewriter.replaceOp(op, input);
      return success();
    }

    ArrayRef<int64_t> inputShape = inputType.getShape();
    int64_t added = resultType.getRank() - inputType.getRank();
    if (inputShape == resultType.getShape().drop_front(added)) {
      Value init = createEmptyTensor(rewriter, loc, resultType);
      auto dims = llvm::to_vector(llvm::seq<int64_t>(0, added));
      auto broadcast =
          linalg::BroadcastOp::create(rewriter, loc, input, init, dims);
      rewriter.replaceOp(op, broadcast.getResult());
      return success();
    }

    auto copy = [](OpBuilder &, Location, ValueRange args) { return args[0]; };
    rewriter.replaceOp(
        op, buildElementwiseGeneric(rewriter, loc, input, resultType, copy));
    return success();
  }
};

/// The scalar of `value` when it is a splat constant of integers or floats.
static std::optional<TypedAttr> getSplatScalar(Value value) {
  SplatElementsAttr splat;
  if (!matchPattern(value, m_Constant(&splat)))
    return std::nullopt;
  Type element = splat.getElementType();
  if (!isa<FloatType, IntegerType>(element))
    return std::nullopt;
  return splat.getSplatValue<TypedAttr>();
}

/// Lowers tg.concat to a `tensor.empty` of the result filled by one
/// `tensor.insert_slice` per input at its offset along the axis. An input
/// that is itself a concatenation used only here (a padding along two
/// axes) has its inputs inserted directly, at their offsets along both
/// axes, so that the inner result is never copied and the producer of each
/// piece writes into the outer result. Constant inputs (the zeros of a
/// padding) are inserted last: a chain that began with them would be the
/// same for every concatenation of that shape, which CSE merges, and then
/// all but one would copy the merged prefix.
struct ConcatOpLowering final : OpConversionPattern<tg::ConcatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs();
    if (inputs.size() == 1) {
      rewriter.replaceOp(op, inputs.front());
      return success();
    }
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<Piece> pieces;
    if (failed(collectPieces(op, inputs,
                             SmallVector<int64_t>(resultType.getRank(), 0),
                             pieces, rewriter)))
      return failure();
    std::stable_partition(pieces.begin(), pieces.end(), [](const Piece &piece) {
      return !matchPattern(piece.value, m_Constant());
    });
    Location loc = op.getLoc();
    Value result = createEmptyTensor(rewriter, loc, resultType);
    SmallVector<int64_t> strides(resultType.getRank(), 1);
    for (const Piece &piece : pieces)
      result = tensor::InsertSliceOp::create(
          rewriter, loc, piece.value, result, /*offsets=*/ValueRange{},
          /*sizes=*/ValueRange{}, /*strides=*/ValueRange{}, piece.offsets,
          cast<RankedTensorType>(piece.value.getType()).getShape(), strides);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  /// A (converted) input and where it goes in the result.
  struct Piece {
    Value value;
    SmallVector<int64_t> offsets;
  };

  /// Appends `concat`'s (converted) `inputs`, placed from `offsets`, to
  /// `pieces`, and those of the concatenations among them used only here.
  LogicalResult collectPieces(tg::ConcatOp concat, ValueRange inputs,
                              SmallVector<int64_t> offsets,
                              SmallVectorImpl<Piece> &pieces,
                              ConversionPatternRewriter &rewriter) const {
    int64_t axis = concat.getAxis();
    for (auto [original, input] :
         llvm::zip_equal(concat.getInputs(), inputs)) {
      auto inner = original.getDefiningOp<tg::ConcatOp>();
      if (inner && inner->hasOneUse()) {
        SmallVector<Value> innerInputs;
        if (failed(rewriter.getRemappedValues(inner.getInputs(),
                                              innerInputs)) ||
            failed(collectPieces(inner, innerInputs, offsets, pieces,
                                 rewriter)))
          return failure();
      } else {
        pieces.push_back({input, offsets});
      }
      offsets[axis] += cast<RankedTensorType>(input.getType()).getDimSize(axis);
    }
    return success();
  }
};

/// Lowers tg.slice to `tensor.extract_slice` with static offsets (`start`),
/// sizes (the result shape) and strides.
struct SliceOpLowering final : OpConversionPattern<tg::SliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    auto slice = tensor::ExtractSliceOp::create(
        rewriter, op.getLoc(), resultType, adaptor.getInput(),
        /*offsets=*/ValueRange{}, /*sizes=*/ValueRange{},
        /*strides=*/ValueRange{}, op.getStart(), resultType.getShape(),
        op.getStride());
    rewriter.replaceOp(op, slice.getResult());
    return success();
  }
};

/// The block of shape `block` at `offsets` of a tensor of shape `dims`, as
/// tensor.extract_slice and insert_slice take it: the offsets clamped into
/// [0, dim - size], as tg.dynamic_slice and dynamic_update_slice define
/// them, the block's sizes and unit strides.
struct ClampedBlock {
  SmallVector<OpFoldResult> offsets, sizes, strides;

  ClampedBlock(OpBuilder &b, Location loc, ValueRange at,
               ArrayRef<int64_t> block, ArrayRef<int64_t> dims)
      : sizes(getAsIndexOpFoldResult(b.getContext(), block)),
        strides(block.size(), b.getIndexAttr(1)) {
    for (auto [offset, size, dim] : llvm::zip(at, block, dims)) {
      if (std::optional<int64_t> known = getConstantIntValue(offset)) {
        offsets.push_back(
            b.getIndexAttr(std::clamp<int64_t>(*known, 0, dim - size)));
        continue;
      }
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value last = arith::ConstantIndexOp::create(b, loc, dim - size);
      Value low = arith::MaxSIOp::create(b, loc, offset, zero);
      offsets.push_back(arith::MinSIOp::create(b, loc, low, last).getResult());
    }
  }
};

/// Lowers tg.dynamic_slice to `tensor.extract_slice` at the clamped offsets.
struct DynamicSliceOpLowering final
    : OpConversionPattern<tg::DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ClampedBlock block(rewriter, op.getLoc(), adaptor.getOffsets(),
                       op.getType().getShape(),
                       op.getInput().getType().getShape());
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, op.getType(), adaptor.getInput(), block.offsets, block.sizes,
        block.strides);
    return success();
  }
};

/// Lowers tg.dynamic_update_slice to `tensor.insert_slice` at the clamped
/// offsets.
struct DynamicUpdateSliceOpLowering final
    : OpConversionPattern<tg::DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ClampedBlock block(rewriter, op.getLoc(), adaptor.getOffsets(),
                       op.getUpdate().getType().getShape(),
                       op.getType().getShape());
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getDest(), block.offsets,
        block.sizes, block.strides);
    return success();
  }
};

} // namespace

void aotc::populateTGDataMovementToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ConstantOpLowering, ReshapeOpLowering, TransposeOpLowering,
               BroadcastToOpLowering, ConcatOpLowering, SliceOpLowering,
               DynamicSliceOpLowering, DynamicUpdateSliceOpLowering>(
      patterns.getContext());
}
