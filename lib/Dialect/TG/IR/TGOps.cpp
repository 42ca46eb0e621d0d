//===- TGOps.cpp - tg op verifiers and type inference ---------------------===//
//
// `inferReturnTypes` and verifiers of the tg ops. The shape rules themselves
// live in TGTypeInference.cpp; folds and canonicalizations in TGFolds.cpp.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace aotc::tg;

/// Builds a tensor type of `shape` with the element type of `like`.
static RankedTensorType withShape(Type like, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape,
                               cast<RankedTensorType>(like).getElementType());
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location>,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  types.push_back(adaptor.getValue().getType());
  return success();
}

LogicalResult ConstantOp::verify() {
  auto type = dyn_cast<RankedTensorType>(getValue().getType());
  if (!type || !type.hasStaticShape())
    return emitOpError("expected a statically shaped tensor value, got ")
           << getValue().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// CompareOp, SelectOp
//===----------------------------------------------------------------------===//

LogicalResult CompareOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  return inferBroadcastResultType(
      loc, {adaptor.getLhs().getType(), adaptor.getRhs().getType()},
      IntegerType::get(context, 1), types);
}

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  Type onTrue = adaptor.getOnTrue().getType();
  Type onFalse = adaptor.getOnFalse().getType();
  Type element = cast<RankedTensorType>(onTrue).getElementType();
  if (element != cast<RankedTensorType>(onFalse).getElementType()) {
    if (loc)
      mlir::emitError(*loc) << "expected on_true and on_false of one element type, "
                      << "got " << onTrue << " and " << onFalse;
    return failure();
  }
  return inferBroadcastResultType(
      loc, {adaptor.getCondition().getType(), onTrue, onFalse}, element, types);
}

//===----------------------------------------------------------------------===//
// MatmulOp, ReduceOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  auto lhs = cast<RankedTensorType>(adaptor.getLhs().getType());
  auto rhs = cast<RankedTensorType>(adaptor.getRhs().getType());
  SmallVector<int64_t> shape;
  if (failed(inferMatmulShape(loc, lhs, rhs, shape)))
    return failure();
  types.push_back(withShape(lhs, shape));
  return success();
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  auto input = cast<RankedTensorType>(adaptor.getInput().getType());
  SmallVector<int64_t> shape;
  if (failed(inferReduceShape(loc, input.getShape(), adaptor.getAxes(),
                              adaptor.getKeepdims(), shape)))
    return failure();
  types.push_back(withShape(input, shape));
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto input = getInput().getType(), result = getResult().getType();
  if (input.getNumElements() != result.getNumElements())
    return emitOpError("expected the result to have the input's ")
           << input.getNumElements() << " elements, got "
           << result.getNumElements();
  return success();
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  auto input = cast<RankedTensorType>(adaptor.getInput().getType());
  SmallVector<int64_t> shape;
  if (failed(inferTransposeShape(loc, input.getShape(),
                                 adaptor.getPermutation(), shape)))
    return failure();
  types.push_back(withShape(input, shape));
  return success();
}

LogicalResult BroadcastToOp::verify() {
  ArrayRef<int64_t> input = getInput().getType().getShape();
  ArrayRef<int64_t> result = getResult().getType().getShape();
  std::optional<SmallVector<int64_t>> shape = broadcastShapes(input, result);
  if (!shape || ArrayRef<int64_t>(*shape) != result)
    return emitOpError("expected the input shape to broadcast to the result "
                       "shape, got ")
           << getInput().getType() << " -> " << getResult().getType();
  return success();
}

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  SmallVector<int64_t> shape;
  TypeRange inputs = adaptor.getInputs().getTypes();
  if (failed(inferConcatShape(loc, inputs, adaptor.getAxis(), shape)))
    return failure();
  types.push_back(withShape(inputs.front(), shape));
  return success();
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  auto input = cast<RankedTensorType>(adaptor.getInput().getType());
  SmallVector<int64_t> shape;
  if (failed(inferSliceShape(loc, input.getShape(), adaptor.getStart(),
                             adaptor.getLimit(), adaptor.getStride(), shape)))
    return failure();
  types.push_back(withShape(input, shape));
  return success();
}

#define GET_OP_CLASSES
#include "aotc/Dialect/TG/IR/TGOps.cpp.inc"
