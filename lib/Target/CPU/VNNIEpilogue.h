//===- VNNIEpilogue.h - elementwise epilogues of VNNI contractions -*- C++ -*-===//
//
// The elementwise op after a VNNI contraction on buffers (the zero point's
// share, the scales, the activation and the next quantization) that
// aotc-cpu-vnni-kernels applies to each register tile's accumulators
// before they are stored, instead of storing int32 sums for it to read.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_VNNIEPILOGUE_H
#define AOTC_LIB_TARGET_CPU_VNNIEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace aotc::cpu {

/// How an epilogue input is read at one tile vector (row r, columns c to
/// c + 15).
enum class EpilogueRead {
  accumulator, ///< the contraction's result: the accumulators themselves
  element,     ///< at (r, c): a residual
  column,      ///< at (c): per-channel shares, scales and biases
  scalar,      ///< rank 0: once per vector
};

struct VNNIEpilogue {
  mlir::linalg::GenericOp generic;
  llvm::SmallVector<EpilogueRead> reads; ///< per input
  /// Columns the epilogue computes (the contraction's may be padded to a
  /// multiple of 16): the last vector is masked when they are fewer.
  int64_t columns = 0;
};

/// The only op that reads the result of `contraction` (on buffers) when it
/// is a generic after it in its block, reading it directly or through a
/// slice of its leading columns: the candidate matchVNNIEpilogue checks.
/// aotc-cpu-plan-memory counts its accesses at the contraction, where
/// aotc-cpu-vnni-kernels may run it.
mlir::linalg::GenericOp findVNNIEpilogue(mlir::linalg::GenericOp contraction);

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
std::optional<VNNIEpilogue>
matchVNNIEpilogue(mlir::linalg::GenericOp contraction);

/// Applies `epilogue` to the accumulators `acc` (16 x i32) of one tile
/// vector: row coordinates `row`, first column `column`; loads its other
/// inputs there and stores its outputs, the lanes past its columns masked.
void emitVNNIEpilogue(mlir::OpBuilder &b, mlir::Location loc,
                      const VNNIEpilogue &epilogue, mlir::Value acc,
                      llvm::ArrayRef<mlir::Value> row, mlir::Value column);

} // namespace aotc::cpu

#endif // AOTC_LIB_TARGET_CPU_VNNIEPILOGUE_H
