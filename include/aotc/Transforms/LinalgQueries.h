//===- LinalgQueries.h - what a linalg op computes ----------------*- C++ -*-===//
//
// Small predicates on linalg ops shared by the fusion passes.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TRANSFORMS_LINALGQUERIES_H
#define AOTC_TRANSFORMS_LINALGQUERIES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace aotc {

/// What an all-parallel, single-result generic whose body is nothing but
/// its yield writes per element.
enum class YieldedValue {
  /// The body computes something, or the op is not such a generic.
  computed,
  /// An element of one of its inputs: a transpose, broadcast or copy.
  input,
  /// A value defined outside the body, e.g. a constant: a fill.
  outside,
};

/// Classifies `op` as above.
YieldedValue classifyYield(mlir::Operation *op);

/// Marks a linalg op whose operands must stay as they are: aotc-fuse-
/// elementwise fuses no producer into it (a kernel that reads an operand in
/// a layout it was given, which fusing a relayout would undo).
constexpr llvm::StringLiteral kKeepOperandsAttrName = "aotc.keep_operands";

/// Marks the contraction tg.matmul_nbits lowers to (its value: the bits per
/// code), `C[m, n] += A[m, b, p, j] * dequantized(packed[n, b, j], p)` with
/// `scales[n, b]` and an optional `zero_points[n, b]`: tiled and fused by
/// nothing, and emitted by aotc-cpu-nbit-matmul-kernels.
constexpr llvm::StringLiteral kNBitMatmulAttrName = "aotc.nbit_matmul";

/// Marks the contraction tg.winograd_input or tg.winograd_output lowers to
/// (its value: "input" or "output"), a sum over a 6x6 tile weighted by a
/// constant table of products of the transform matrices: tiled and fused
/// by nothing, and emitted separably by aotc-cpu-winograd-kernels.
constexpr llvm::StringLiteral kWinogradTransformAttrName =
    "aotc.winograd_transform";

/// The most ops aotc-fuse-elementwise lets a fused body hold: each fusion
/// clones both bodies, so an uncapped chain of n ops costs n^2 clones, and a
/// loop body gains nothing from fusing more than a few hundred ops.
constexpr size_t kMaxFusedBodyOps = 256;

} // namespace aotc

#endif // AOTC_TRANSFORMS_LINALGQUERIES_H
