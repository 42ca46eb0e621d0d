//===- Contractions.h - MatMul and Conv for other converters -----*- C++ -*-===//
//
// The products of ONNX MatMul and Conv, built for operands other than the
// node's own inputs: the integer and quantized forms (MatMulInteger,
// ConvInteger, QLinearMatMul, QLinearConv) compute them on zero-point
// corrected values; and the quantization steps onnxruntime's quantized
// contrib ops are made of (Contrib.cpp).
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

/// Per-tensor dequantization in float32: (q - zeroPoint) * scale, q and the
/// zero point read as unsigned when the importer tracks them so;
/// `zeroPoint` may be null.
mlir::FailureOr<mlir::Value> buildDequantize(NodeContext &ctx, mlir::Value q,
                                             mlir::Value scale,
                                             mlir::Value zeroPoint);

/// Per-tensor QuantizeLinear of float `real` to the type of `zeroPoint` (or
/// of `like` when it is null), rounded half to even and saturated; unsigned
/// results are marked so.
mlir::FailureOr<mlir::Value> buildQuantize(NodeContext &ctx, mlir::Value real,
                                           mlir::Value scale,
                                           mlir::Value zeroPoint,
                                           mlir::Value like);

/// (a - aZeroPoint) @ (b - bZeroPoint) in int32 for int8/uint8 operands; a
/// zero point may be one element, or one per row of `a` / column of `b`,
/// or null.
mlir::FailureOr<mlir::Value> buildIntegerMatMul(NodeContext &ctx,
                                                mlir::Value a, mlir::Value b,
                                                mlir::Value aZeroPoint,
                                                mlir::Value bZeroPoint);

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_OPS_CONTRACTIONS_H
