//===- Utils.h - helpers shared by the tg-to-linalg patterns ----*- C++ -*-===//
//
// Private helpers of the TGToLinalg pattern files: NumPy broadcasting as
// indexing maps, the elementwise `linalg.generic` builder, filled init
// tensors, and scalar arithmetic that picks the float or the (signed) integer
// flavour of an op from the element type. Everything assumes ranked,
// statically shaped tensors, which the tg verifiers guarantee.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_CONVERSION_TGTOLINALG_UTILS_H
#define AOTC_LIB_CONVERSION_TGTOLINALG_UTILS_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace aotc::tgtolinalg {

/// Builds the scalar body of an elementwise `linalg.generic`: receives one
/// block argument per input (the output argument is not passed) and returns
/// the value to yield.
using ScalarBodyBuilder = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>;

/// Returns the indexing map that reads an operand of shape `operandShape`
/// inside a loop nest over `resultShape`, broadcasting NumPy-style: operand
/// dimension `i` aligns with loop `i + (resultRank - operandRank)`, missing
/// leading dimensions are dropped from the map, and a size-1 operand
/// dimension facing a larger result dimension reads index 0 (constant 0).
mlir::AffineMap getBroadcastIndexingMap(mlir::MLIRContext *context,
                                        llvm::ArrayRef<int64_t> operandShape,
                                        llvm::ArrayRef<int64_t> resultShape);

/// Creates `tensor.empty` of `type` (static shape).
mlir::Value createEmptyTensor(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::RankedTensorType type);

/// Creates `tensor.empty` of `type` filled with `value` via `linalg.fill`.
mlir::Value createFilledTensor(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::RankedTensorType type, mlir::Value value);

/// Builds an all-parallel `linalg.generic` producing `resultType` from
/// `inputs` into a fresh `tensor.empty`. Each input is read through
/// getBroadcastIndexingMap, so inputs may be any shape that broadcasts to the
/// result; `body` computes one result element.
mlir::Value buildElementwiseGeneric(mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::ValueRange inputs,
                                    mlir::RankedTensorType resultType,
                                    ScalarBodyBuilder body);

/// Creates an `arith.constant` of scalar type `type` (float or integer)
/// holding `value`.
mlir::Value createScalarConstant(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Type type, int64_t value);

/// Scalar arithmetic on two values of the same element type: float operands
/// use the `arith.*f` ops, integers the signed integer ops. Max and min on
/// floats propagate NaN (`arith.maximumf` / `arith.minimumf`).
mlir::Value createAdd(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                      mlir::Value rhs);
mlir::Value createSub(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                      mlir::Value rhs);
mlir::Value createMul(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                      mlir::Value rhs);
mlir::Value createDiv(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                      mlir::Value rhs);
mlir::Value createMax(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                      mlir::Value rhs);
mlir::Value createMin(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs,
                      mlir::Value rhs);

} // namespace aotc::tgtolinalg

#endif // AOTC_LIB_CONVERSION_TGTOLINALG_UTILS_H
