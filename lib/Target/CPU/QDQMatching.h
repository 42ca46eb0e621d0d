//===- QDQMatching.h - what a QDQ graph's float ops quantize ----*- C++ -*-===//
//
// A QDQ graph computes its convolutions and matmuls in float32 on
// dequantized values. These helpers recover the integers: the 8-bit tensor
// a float tensor dequantizes, and the int8 values and scales of a constant
// folded from DequantizeLinear. Shared by the VNNI passes.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_QDQMATCHING_H
#define AOTC_LIB_TARGET_CPU_QDQMATCHING_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace aotc {

/// A dequantized tensor: `(float(q) - zero) * scale`, q 8-bit.
struct Dequantized {
  mlir::Value q;
  bool isUnsigned = true;
  int32_t zero = 0;
  float scale = 0;
};

/// `value` as a dequantization of an 8-bit tensor (one zero point and
/// scale), as aotc's ONNX importer writes DequantizeLinear in linalg: a
/// generic widening q to float, one subtracting the zero point (none when
/// it is 0) and one multiplying by the scale.
std::optional<Dequantized> matchDequantized(mlir::Value value);

/// An image a windowed op reads: `pad(transpose(x))`, either step
/// optional, where `x` dequantizes an 8-bit tensor.
struct DequantizedImage {
  mlir::tensor::PadOp pad;             ///< null: not padded
  mlir::linalg::TransposeOp transpose; ///< null: not transposed
  Dequantized x;
};

/// `image` as a DequantizedImage.
std::optional<DequantizedImage> matchDequantizedImage(mlir::Value image);

/// The float32 value of the 8-bit `value` (zero- or sign-extended, as
/// `isUnsigned` says), built in a body.
mlir::Value buildFloatOf8Bit(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value value, bool isUnsigned);

/// `value` as an int32 widening of an 8-bit tensor minus a constant zero
/// point, as aotc's ONNX importer writes the operands of ConvInteger and
/// QLinearConv: a generic extending q, then (unless the zero point is 0)
/// one subtracting a scalar; `scale` is 1.
std::optional<Dequantized> matchWidenedInt8(mlir::Value value);

/// The int8 values of `value` when it is an int32 widening of a constant
/// int8 tensor (minus a zero point of 0), row-major.
std::optional<llvm::SmallVector<int8_t>> matchWidenedInt8Constant(
    mlir::Value value);

/// Rows of float32 weights as int8 values times a scale per row.
struct QuantizedChannels {
  llvm::SmallVector<int8_t> values;
  llvm::SmallVector<float> scales;
};

/// `weights` (`channels` rows, row-major) as int8 values times a scale per
/// row, when each row is exactly that in float32. The largest weight of a
/// row is some int8 value q times the scale: each q from 128 down is tried,
/// the scale taken near the largest weight over q (a few float32 steps
/// either side cover the rounding of that division). Any scale that
/// reproduces every weight exactly gives the same products, so the first
/// one found is kept. With `maxUlps`, a weight may also be within that many
/// float32 steps of its int8 value times the scale (never for a zero q):
/// int8 weights whose scale a later op was folded into (the 1/scale of the
/// QuantizeLinear after a Gemm, folded by aotc-fold-affine-into-weights)
/// were rounded twice.
/// How many float32 steps the VNNI rewrites let a weight be from its int8
/// value times its channel's scale: two roundings (the dequantization, then
/// a folded output scale) and the scale's own.
inline constexpr int kFoldedWeightUlps = 4;

std::optional<QuantizedChannels> quantizeChannels(llvm::ArrayRef<float> weights,
                                                  int64_t channels,
                                                  int maxUlps = 0);

/// The elements of a float32 constant (`dense` or a loaded
/// `dense_resource`, not a splat), row-major.
std::optional<llvm::ArrayRef<float>> getFloatElements(mlir::ElementsAttr attr);

} // namespace aotc

#endif // AOTC_LIB_TARGET_CPU_QDQMATCHING_H
