//===- TGOps.cpp - tg op verifiers and type inference ---------------------===//
//
// `inferReturnTypes` and verifiers of the tg ops. The shape rules themselves
// live in TGTypeInference.cpp; folds and canonicalizations in TGFolds.cpp.
//
// `inferReturnTypes` runs while the custom assembly is parsed, before the
// operand type constraints are verified, so it checks that the operand types
// it reads are statically shaped tensors instead of assuming it.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace aotc::tg;

/// Builds a tensor type of `shape` with the element type of `like`.
static RankedTensorType withShape(RankedTensorType like,
                                  ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, like.getElementType());
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  Type type = adaptor.getValue().getType();
  if (failed(getStaticTensorType(loc, type)))
    return failure();
  types.push_back(type);
  return success();
}

//===----------------------------------------------------------------------===//
// ModOp, IsNanOp, IsInfOp
//===----------------------------------------------------------------------===//

LogicalResult ModOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  return inferBroadcastResultType(
      loc, {adaptor.getLhs().getType(), adaptor.getRhs().getType()},
      /*elementType=*/nullptr, types);
}

LogicalResult ModOp::verify() {
  Type element = getLhs().getType().getElementType();
  if (isa<FloatType>(element) && !getFmod())
    return emitOpError("expected `fmod` for float operands (the remainder "
                       "with the divisor's sign is defined for integers "
                       "only), got ")
           << element;
  return success();
}

/// The i1 result type of a float classification op: the input's shape.
static LogicalResult inferClassifyResultType(MLIRContext *context,
                                             std::optional<Location> loc,
                                             Type input,
                                             SmallVectorImpl<Type> &types) {
  return inferBroadcastResultType(loc, {input}, IntegerType::get(context, 1),
                                  types);
}

LogicalResult IsNanOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  return inferClassifyResultType(context, loc, adaptor.getInput().getType(),
                                 types);
}

LogicalResult IsInfOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  return inferClassifyResultType(context, loc, adaptor.getInput().getType(),
                                 types);
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
  FailureOr<RankedTensorType> onTrue =
      getStaticTensorType(loc, adaptor.getOnTrue().getType());
  if (failed(onTrue))
    return failure();
  FailureOr<RankedTensorType> onFalse =
      getStaticTensorType(loc, adaptor.getOnFalse().getType());
  if (failed(onFalse))
    return failure();
  Type element = onTrue->getElementType();
  if (element != onFalse->getElementType()) {
    if (loc)
      mlir::emitError(*loc)
          << "expected on_true and on_false of one element type, got "
          << element << " and " << onFalse->getElementType();
    return failure();
  }
  return inferBroadcastResultType(
      loc, {adaptor.getCondition().getType(), *onTrue, *onFalse}, element,
      types);
}

//===----------------------------------------------------------------------===//
// MatmulOp, ReduceOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> lhs =
      getStaticTensorType(loc, adaptor.getLhs().getType());
  if (failed(lhs))
    return failure();
  FailureOr<RankedTensorType> rhs =
      getStaticTensorType(loc, adaptor.getRhs().getType());
  if (failed(rhs))
    return failure();
  SmallVector<int64_t> shape;
  if (failed(inferMatmulShape(loc, *lhs, *rhs, shape)))
    return failure();
  types.push_back(withShape(*lhs, shape));
  return success();
}

LogicalResult MatmulNBitsOp::verify() {
  int64_t bits = getBits();
  if (bits != 2 && bits != 4 && bits != 8)
    return emitOpError("expected 2, 4 or 8 bits, got ") << bits;
  RankedTensorType input = getInput().getType(),
                    packed = getPacked().getType(),
                    scales = getScales().getType(), result = getType();
  auto isF32 = [](RankedTensorType type) {
    return type.getElementType().isF32();
  };
  if (!isF32(input) || !isF32(scales) || !isF32(result) ||
      (getZeroPoints() && !isF32(getZeroPoints().getType())))
    return emitOpError("expected f32 input, scales, zero points and result");
  if (!packed.getElementType().isInteger(8) || packed.getRank() != 3)
    return emitOpError("expected packed codes [N, blocks, bytes] of i8, got ")
           << packed;
  int64_t n = packed.getDimSize(0), blocks = packed.getDimSize(1);
  int64_t k = blocks * packed.getDimSize(2) * (8 / bits);
  if (input.getRank() < 1 || input.getShape().back() != k)
    return emitOpError("expected an input [..., ")
           << k << "] for " << packed << ", got " << input;
  auto expectedParams = RankedTensorType::get({n, blocks}, scales.getElementType());
  if (scales != expectedParams ||
      (getZeroPoints() && getZeroPoints().getType() != expectedParams))
    return emitOpError("expected scales and zero points ")
           << expectedParams;
  SmallVector<int64_t> shape(input.getShape());
  shape.back() = n;
  if (result.getShape() != ArrayRef(shape))
    return emitOpError("expected the result ")
           << RankedTensorType::get(shape, result.getElementType())
           << ", got " << result;
  return success();
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input =
      getStaticTensorType(loc, adaptor.getInput().getType());
  if (failed(input))
    return failure();
  SmallVector<int64_t> shape;
  if (failed(inferReduceShape(loc, input->getShape(), adaptor.getAxes(),
                              adaptor.getKeepdims(), shape)))
    return failure();
  types.push_back(withShape(*input, shape));
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  TensorType input = getInput().getType(), result = getResult().getType();
  if (input.getNumElements() != result.getNumElements())
    return emitOpError("expected a result with the input's ")
           << input.getNumElements() << " elements, got " << result << " ("
           << result.getNumElements() << " elements)";
  return success();
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input =
      getStaticTensorType(loc, adaptor.getInput().getType());
  if (failed(input))
    return failure();
  SmallVector<int64_t> shape;
  if (failed(inferTransposeShape(loc, input->getShape(),
                                 adaptor.getPermutation(), shape)))
    return failure();
  types.push_back(withShape(*input, shape));
  return success();
}

LogicalResult BroadcastToOp::verify() {
  ArrayRef<int64_t> input = getInput().getType().getShape();
  ArrayRef<int64_t> result = getResult().getType().getShape();
  std::optional<SmallVector<int64_t>> shape = broadcastShapes(input, result);
  if (!shape || ArrayRef<int64_t>(*shape) != result)
    return emitOpError("expected an input shape that broadcasts to the "
                       "result shape, got ")
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
  types.push_back(withShape(cast<RankedTensorType>(inputs.front()), shape));
  return success();
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input =
      getStaticTensorType(loc, adaptor.getInput().getType());
  if (failed(input))
    return failure();
  SmallVector<int64_t> shape;
  if (failed(inferSliceShape(loc, input->getShape(), adaptor.getStart(),
                             adaptor.getLimit(), adaptor.getStride(), shape)))
    return failure();
  types.push_back(withShape(*input, shape));
  return success();
}

#define GET_OP_CLASSES
#include "aotc/Dialect/TG/IR/TGOps.cpp.inc"
