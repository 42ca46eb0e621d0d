//===- VNNISupport.h - shared by the VNNI passes ----------------*- C++ -*-===//
//
// The layout aotc-cpu-vnni-matmuls gives a uint8 x int8 contraction and
// aotc-cpu-vnni-kernels emits: int32 lanes of one 512-bit vector, each the
// dot product of four uint8 and four int8 values (vpdpbusd).
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_VNNISUPPORT_H
#define AOTC_LIB_TARGET_CPU_VNNISUPPORT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace aotc {

/// The int32 lanes of a 512-bit vector: the output columns one vpdpbusd
/// computes, and the block of columns of the packed int8 operand.
constexpr int64_t kVNNILanes = 16;

/// Marks the contraction aotc-cpu-vnni-matmuls builds, for
/// aotc-cpu-vnni-kernels.
constexpr llvm::StringLiteral kVNNIAttrName = "aotc.vnni";

/// The number of batch loops when `generic` is `C[b..., m, n] += A[b...,
/// m, k] * B[k, n]` on static tensors of `elementType` (i32: muli/addi,
/// f32: mulf/addf), B 2-D; nullopt otherwise.
std::optional<unsigned> getMatmulBatchRank(mlir::linalg::GenericOp generic,
                                           mlir::Type elementType);

/// A zero-filled int32 accumulator of `shape`.
mlir::Value buildZeroAccumulator(mlir::OpBuilder &b, mlir::Location loc,
                                 llvm::ArrayRef<int64_t> shape);

/// The body of a VNNI contraction: `args` (u: i8 read as unsigned, w: i8
/// signed, acc: i32) yield acc + ext_u(u) * ext_s(w).
void buildVNNIDotBody(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::ValueRange args);

} // namespace aotc

#endif // AOTC_LIB_TARGET_CPU_VNNISUPPORT_H
