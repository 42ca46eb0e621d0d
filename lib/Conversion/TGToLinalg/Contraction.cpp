//===- Contraction.cpp - tg matmul and reduce to linalg -------------------===//
//
// Lowers tg.matmul and tg.reduce. Both accumulate into a `linalg.fill` of
// the combiner's identity: in f32 for f16 and bf16 sums and products (ONNX's
// f16 tests expect that precision, and so do users), in i64 for integer
// means (so an i8 mean over many elements does not wrap), in the element
// type otherwise; the result is converted back at the end. Matmul uses the named linalg
// ops where the shapes fit them exactly and otherwise a `linalg.generic`
// whose batch dimensions broadcast through the indexing maps. Reduce uses
// `linalg.reduce`; `mean` divides the sum afterwards and `keepdims`
// re-inserts the unit dimensions with `tensor.expand_shape`.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

/// The type sums of `elementType` accumulate in: f32 for 16-bit floats.
Type getSumAccumulatorType(Type elementType) {
  if (elementType.isF16() || elementType.isBF16())
    return Float32Type::get(elementType.getContext());
  return elementType;
}

/// Converts scalar `value` to `type` (float extension/truncation, integer
/// sign extension/truncation); a no-op when the types agree.
Value convertScalar(OpBuilder &b, Location loc, Value value, Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (isa<FloatType>(type))
    return from.getIntOrFloatBitWidth() < type.getIntOrFloatBitWidth()
               ? arith::ExtFOp::create(b, loc, type, value).getResult()
               : arith::TruncFOp::create(b, loc, type, value).getResult();
  return from.getIntOrFloatBitWidth() < type.getIntOrFloatBitWidth()
             ? arith::ExtSIOp::create(b, loc, type, value).getResult()
             : arith::TruncIOp::create(b, loc, type, value).getResult();
}

/// Converts every element of `tensor` to `resultType`'s element type.
Value convertTensor(OpBuilder &b, Location loc, Value tensor,
                    RankedTensorType resultType) {
  if (tensor.getType() == resultType)
    return tensor;
  return buildElementwiseGeneric(
      b, loc, tensor, resultType,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        return convertScalar(nested, nestedLoc, args[0],
                             resultType.getElementType());
      });
}

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

/// Builds `[..., M, K] x [..., K, N] -> [..., M, N]` as a `linalg.generic`
/// with loops (batch..., m, n, k): batch, m and n parallel, k a reduction.
/// Each operand's batch dimensions broadcast against the result's through
/// getBroadcastIndexingMap.
Value buildBroadcastingMatmul(OpBuilder &b, Location loc, Value lhs, Value rhs,
                              Value init, RankedTensorType resultType) {
  MLIRContext *context = b.getContext();
  int64_t batchRank = resultType.getRank() - 2;
  int64_t numLoops = batchRank + 3;
  AffineExpr m = b.getAffineDimExpr(batchRank);
  AffineExpr n = b.getAffineDimExpr(batchRank + 1);
  AffineExpr k = b.getAffineDimExpr(batchRank + 2);
  ArrayRef<int64_t> resultBatch = resultType.getShape().drop_back(2);

  auto operandMap = [&](Value operand, AffineExpr row, AffineExpr column) {
    ArrayRef<int64_t> batch =
        cast<RankedTensorType>(operand.getType()).getShape().drop_back(2);
    SmallVector<AffineExpr> exprs = llvm::to_vector(
        getBroadcastIndexingMap(context, batch, resultBatch).getResults());
    exprs.append({row, column});
    return AffineMap::get(numLoops, /*symbolCount=*/0, exprs, context);
  };
  SmallVector<AffineExpr> resultExprs;
  for (int64_t i = 0; i < batchRank + 2; ++i)
    resultExprs.push_back(b.getAffineDimExpr(i));
  SmallVector<AffineMap> maps = {
      operandMap(lhs, m, k), operandMap(rhs, k, n),
      AffineMap::get(numLoops, /*symbolCount=*/0, resultExprs, context)};

  SmallVector<utils::IteratorType> iterators(numLoops - 1,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);

  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{lhs, rhs}, ValueRange{init},
      maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Type accumulator = resultType.getElementType();
        Value product = createMul(
            nested, nestedLoc,
            convertScalar(nested, nestedLoc, args[0], accumulator),
            convertScalar(nested, nestedLoc, args[1], accumulator));
        Value sum = createAdd(nested, nestedLoc, args[2], product);
        linalg::YieldOp::create(nested, nestedLoc, sum);
      });
  return generic.getResult(0);
}

/// Lowers tg.matmul: `linalg.matmul` for 2-D x 2-D, `linalg.batch_matmul`
/// for rank-3 operands with equal batch sizes, and a broadcasting
/// `linalg.generic` otherwise; all accumulate into a zero-filled init.
struct MatmulOpLowering final : OpConversionPattern<tg::MatmulOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::MatmulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    auto finalType = cast<RankedTensorType>(op.getType());
    // The named ops extend their operands to the accumulator's type.
    auto resultType = RankedTensorType::get(
        finalType.getShape(),
        getSumAccumulatorType(finalType.getElementType()));

    Value zero =
        createScalarConstant(rewriter, loc, resultType.getElementType(), 0);
    Value init = createFilledTensor(rewriter, loc, resultType, zero);

    Value result;
    if (lhsType.getRank() == 2 && rhsType.getRank() == 2) {
      result = linalg::MatmulOp::create(rewriter, loc, TypeRange{resultType},
                                        ValueRange{lhs, rhs}, ValueRange{init})
                   .getResult(0);
    } else if (lhsType.getRank() == 3 && rhsType.getRank() == 3 &&
               lhsType.getDimSize(0) == rhsType.getDimSize(0)) {
      result =
          linalg::BatchMatmulOp::create(rewriter, loc, TypeRange{resultType},
                                        ValueRange{lhs, rhs}, ValueRange{init})
              .getResult(0);
    } else {
      result =
          buildBroadcastingMatmul(rewriter, loc, lhs, rhs, init, resultType);
    }
    rewriter.replaceOp(op, convertTensor(rewriter, loc, result, finalType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reduce
//===----------------------------------------------------------------------===//

/// Returns the identity of `kind`'s combiner for `elementType`: 0 for sum
/// and mean, 1 for prod, -inf / the smallest signed integer for max and
/// +inf / the largest signed integer for min.
TypedAttr getReductionIdentity(Builder &b, tg::ReduceKind kind,
                               Type elementType) {
  auto floatType = dyn_cast<FloatType>(elementType);
  switch (kind) {
  case tg::ReduceKind::sum:
  case tg::ReduceKind::mean:
    return b.getZeroAttr(elementType);
  case tg::ReduceKind::prod:
    return b.getOneAttr(elementType);
  case tg::ReduceKind::max:
  case tg::ReduceKind::min: {
    bool isMax = kind == tg::ReduceKind::max;
    if (floatType)
      return b.getFloatAttr(
          floatType,
          APFloat::getInf(floatType.getFloatSemantics(), /*Negative=*/isMax));
    unsigned width = elementType.getIntOrFloatBitWidth();
    APInt bound = isMax ? APInt::getSignedMinValue(width)
                        : APInt::getSignedMaxValue(width);
    return b.getIntegerAttr(elementType, bound);
  }
  }
  llvm_unreachable("unknown reduce kind");
}

/// Combines an input element `x` into the accumulator `acc` for `kind`.
Value combine(OpBuilder &b, Location loc, tg::ReduceKind kind, Value x,
              Value acc) {
  switch (kind) {
  case tg::ReduceKind::sum:
  case tg::ReduceKind::mean:
    return createAdd(b, loc, x, acc);
  case tg::ReduceKind::prod:
    return createMul(b, loc, x, acc);
  case tg::ReduceKind::max:
    return createMax(b, loc, x, acc);
  case tg::ReduceKind::min:
    return createMin(b, loc, x, acc);
  }
  llvm_unreachable("unknown reduce kind");
}

/// Returns the reassociation that expands a reduced shape (reduced axes
/// dropped) back to the keepdims shape of rank `rank`, where `isReduced`
/// marks the reduced axes. Each unit dimension joins the group of the kept
/// dimension before it, or of the first kept dimension when it leads.
SmallVector<ReassociationIndices>
getKeepDimsReassociation(int64_t rank, ArrayRef<bool> isReduced) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices leading;
  for (int64_t i = 0; i < rank; ++i) {
    if (isReduced[i]) {
      if (groups.empty())
        leading.push_back(i);
      else
        groups.back().push_back(i);
      continue;
    }
    ReassociationIndices group = std::move(leading);
    leading.clear();
    group.push_back(i);
    groups.push_back(std::move(group));
  }
  return groups;
}

/// Lowers tg.reduce to `linalg.reduce` into a fill of the kind's identity.
/// `mean` then divides by the reduced element count with a generic, and
/// `keepdims` expands the result back to the op's rank. No axes is a no-op.
struct ReduceOpLowering final : OpConversionPattern<tg::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = inputType.getElementType();
    tg::ReduceKind kind = op.getKind();

    if (op.getAxes().empty()) {
      rewriter.replaceOp(op, input);
      return success();
    }

    SmallVector<int64_t> axes = llvm::to_vector(op.getAxes());
    llvm::sort(axes);
    SmallVector<bool> isReduced(inputType.getRank(), false);
    int64_t count = 1;
    for (int64_t axis : axes) {
      isReduced[axis] = true;
      count *= inputType.getDimSize(axis);
    }
    SmallVector<int64_t> reducedShape;
    for (auto [i, size] : llvm::enumerate(inputType.getShape()))
      if (!isReduced[i])
        reducedShape.push_back(size);
    auto reducedType = RankedTensorType::get(reducedShape, elementType);
    // Max and min are exact in any type; sums, products and means of
    // 16-bit floats run in f32, integer means in i64.
    Type accumulator = elementType;
    if (kind != tg::ReduceKind::max && kind != tg::ReduceKind::min)
      accumulator = getSumAccumulatorType(elementType);
    if (kind == tg::ReduceKind::mean && isa<IntegerType>(elementType))
      accumulator = rewriter.getI64Type();
    auto accumulatorType = RankedTensorType::get(reducedShape, accumulator);

    Value identity = arith::ConstantOp::create(
        rewriter, loc, getReductionIdentity(rewriter, kind, accumulator));
    Value init = createFilledTensor(rewriter, loc, accumulatorType, identity);
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, ValueRange{input}, ValueRange{init}, axes,
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          Value x = convertScalar(b, bodyLoc, args[0], accumulator);
          Value combined = combine(b, bodyLoc, kind, x, args[1]);
          linalg::YieldOp::create(b, bodyLoc, combined);
        });
    Value result = reduce.getResult(0);

    if (kind == tg::ReduceKind::mean) {
      result = buildElementwiseGeneric(
          rewriter, loc, result, accumulatorType,
          [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
            Value divisor =
                createScalarConstant(b, bodyLoc, accumulator, count);
            return createDiv(b, bodyLoc, args[0], divisor);
          });
    }
    result = convertTensor(rewriter, loc, result, reducedType);

    if (op.getKeepdims()) {
      result = tensor::ExpandShapeOp::create(
          rewriter, loc, resultType, result,
          getKeepDimsReassociation(inputType.getRank(), isReduced));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void aotc::populateTGContractionToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<MatmulOpLowering, ReduceOpLowering>(patterns.getContext());
}
