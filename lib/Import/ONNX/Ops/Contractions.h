//===- Contractions.h - MatMul and Conv for other converters -----*- C++ -*-===//
//
// The products of ONNX MatMul and Conv, built for operands other than the
// node's own inputs: the integer and quantized forms (MatMulInteger,
// ConvInteger, QLinearMatMul, QLinearConv) compute them on zero-point
// corrected values.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_IMPORT_ONNX_OPS_CONTRACTIONS_H
#define AOTC_LIB_IMPORT_ONNX_OPS_CONTRACTIONS_H

#include "../NodeImporter.h"

namespace aotc::onnximport {

/// ONNX MatMul of `lhs` and `rhs` (numpy's matmul: a 1-D operand is a row or
/// a column, whose dimension the result drops), or failure after an error
/// on the node.
mlir::FailureOr<mlir::Value> buildMatMul(NodeContext &ctx, mlir::Value lhs,
                                         mlir::Value rhs);

/// ONNX Conv of `input` by `weight`, plus `bias` when it is non-null, with
/// the node's window attributes (kernel_shape, strides, dilations, pads,
/// auto_pad) and group, or failure after an error on the node.
mlir::FailureOr<mlir::Value> buildConv(NodeContext &ctx, mlir::Value input,
                                       mlir::Value weight, mlir::Value bias);

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_OPS_CONTRACTIONS_H
