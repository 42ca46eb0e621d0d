//===- KernelEpilogue.h - elementwise epilogues of emitted kernels -*- C++ -*-===//
//
// The elementwise op after a contraction on buffers that the kernel which
// emits the contraction applies to each vector of results before they are
// stored, instead of storing them for the op to read: after a VNNI
// contraction (the zero point's share, the scales, the activation and the
// next quantization; aotc-cpu-vnni-kernels, on int32 accumulators) or a
// Winograd output transform (the bias, the activation, a residual;
// aotc-cpu-winograd-kernels, on f32 vectors).
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_KERNELEPILOGUE_H
#define AOTC_LIB_TARGET_CPU_KERNELEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace aotc::cpu {

/// How an epilogue input is read at one vector of results (row r, columns
/// c to c + lanes - 1).
enum class EpilogueRead {
  accumulator, ///< the contraction's result: the accumulators themselves
  element,     ///< at (r, c): a residual
  column,      ///< at (c): per-channel shares, scales and biases
  scalar,      ///< rank 0: once per vector
};

struct KernelEpilogue {
  mlir::linalg::GenericOp generic;
  llvm::SmallVector<EpilogueRead> reads; ///< per input
  /// Columns the epilogue computes (the contraction's may be padded to a
  /// multiple of 16): the last vector is masked when they are fewer.
  int64_t columns = 0;
};

/// The only op that reads the result of `contraction` (on buffers) when it
/// is a generic after it in its block, reading it directly or through a
/// slice of its leading columns: the candidate matchKernelEpilogue checks.
/// aotc-cpu-plan-memory counts its accesses at the contraction, where
/// aotc-cpu-vnni-kernels or aotc-cpu-winograd-kernels may run it.
mlir::linalg::GenericOp findKernelEpilogue(mlir::linalg::GenericOp contraction);

/// The elementwise generic after `contraction` (on buffers, its output
/// `C[rows..., columns]`) that may run on its register tiles: the only
/// reader of C (directly or through a leading slice of its columns), every
/// loop parallel over C's shape, reading C with the identity map, its
/// other inputs per element, per column or as scalars, writing outputs of
/// C's rank with the identity map, a body of vectorizable ops; and moving
/// it to the contraction changes nothing: the fills between the two (pad
/// borders) touch nothing it reads or writes, and it writes nothing the
/// contraction reads (checked on the planned byte ranges). The ops between
/// without memory effects (views) are moved before the contraction, for
/// the tiles to use.
std::optional<KernelEpilogue>
matchKernelEpilogue(mlir::linalg::GenericOp contraction);

/// Applies `epilogue` to the vector `acc` of one tile's results (`lanes`
/// of them: 16 x i32 for VNNI): row coordinates `row`, first column
/// `column`; loads its other inputs there and stores its outputs, the lanes
/// past its columns masked.
void emitKernelEpilogue(mlir::OpBuilder &b, mlir::Location loc,
                        const KernelEpilogue &epilogue, mlir::Value acc,
                        llvm::ArrayRef<mlir::Value> row, mlir::Value column,
                        int64_t lanes);

} // namespace aotc::cpu

#endif // AOTC_LIB_TARGET_CPU_KERNELEPILOGUE_H
