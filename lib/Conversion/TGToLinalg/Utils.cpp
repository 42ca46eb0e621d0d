//===- Utils.cpp - helpers shared by the tg-to-linalg patterns ------------===//
//
// Implements the helpers declared in Utils.h.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace aotc::tgtolinalg {

AffineMap getBroadcastIndexingMap(MLIRContext *context,
                                  ArrayRef<int64_t> operandShape,
                                  ArrayRef<int64_t> resultShape) {
  int64_t resultRank = resultShape.size();
  int64_t offset = resultRank - static_cast<int64_t>(operandShape.size());
  assert(offset >= 0 && "operand rank exceeds the broadcast result rank");
  SmallVector<AffineExpr> exprs;
  exprs.reserve(operandShape.size());
  for (auto [i, size] : llvm::enumerate(operandShape)) {
    int64_t loop = offset + i;
    if (size == 1 && resultShape[loop] != 1)
      exprs.push_back(getAffineConstantExpr(0, context));
    else
      exprs.push_back(getAffineDimExpr(loop, context));
  }
  return AffineMap::get(resultRank, /*symbolCount=*/0, exprs, context);
}

Value createEmptyTensor(OpBuilder &b, Location loc, RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType());
}

Value createFilledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                         Value value) {
  Value empty = createEmptyTensor(b, loc, type);
  return linalg::FillOp::create(b, loc, ValueRange{value}, ValueRange{empty})
      .getResult(0);
}

Value buildElementwiseGeneric(OpBuilder &b, Location loc, ValueRange inputs,
                              RankedTensorType resultType,
                              ScalarBodyBuilder body) {
  MLIRContext *context = b.getContext();
  ArrayRef<int64_t> resultShape = resultType.getShape();
  SmallVector<AffineMap> maps;
  maps.reserve(inputs.size() + 1);
  for (Value input : inputs)
    maps.push_back(getBroadcastIndexingMap(
        context, cast<RankedTensorType>(input.getType()).getShape(),
        resultShape));
  maps.push_back(b.getMultiDimIdentityMap(resultType.getRank()));
  SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                             utils::IteratorType::parallel);
  Value init = createEmptyTensor(b, loc, resultType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value result = body(nested, nestedLoc, args.drop_back());
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
  return generic.getResult(0);
}

Value createScalarConstant(OpBuilder &b, Location loc, Type type,
                           int64_t value) {
  TypedAttr attr;
  if (auto floatType = dyn_cast<FloatType>(type))
    attr = b.getFloatAttr(floatType, static_cast<double>(value));
  else
    attr = b.getIntegerAttr(type, value);
  return arith::ConstantOp::create(b, loc, attr);
}

Value createAdd(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::AddFOp::create(b, loc, lhs, rhs);
  return arith::AddIOp::create(b, loc, lhs, rhs);
}

Value createSub(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::SubFOp::create(b, loc, lhs, rhs);
  return arith::SubIOp::create(b, loc, lhs, rhs);
}

Value createMul(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::MulFOp::create(b, loc, lhs, rhs);
  return arith::MulIOp::create(b, loc, lhs, rhs);
}

Value createDiv(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::DivFOp::create(b, loc, lhs, rhs);
  return arith::DivSIOp::create(b, loc, lhs, rhs);
}

Value createMax(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  return arith::MaxSIOp::create(b, loc, lhs, rhs);
}

Value createMin(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  return arith::MinSIOp::create(b, loc, lhs, rhs);
}

} // namespace aotc::tgtolinalg
