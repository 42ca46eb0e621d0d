//===- LayoutSupport.h - what the CPU layout passes share -------*- C++ -*-===//
//
// Queries shared by the passes that choose how a contraction's operands are
// stored (aotc-cpu-channel-blocked-weights, aotc-cpu-pack-matmul-panels,
// aotc-cpu-block-channels).
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_LAYOUTSUPPORT_H
#define AOTC_LIB_TARGET_CPU_LAYOUTSUPPORT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace aotc {

/// Whether `input` of `generic` is a statically shaped f32 tensor of rank 2
/// or more that `generic` reads through a projected permutation, and
/// `generic` writes its first output through one too: the operands whose
/// layout the passes can change by permuting or blocking dimensions.
bool isPermutedF32Operand(mlir::linalg::GenericOp generic,
                          mlir::OpOperand *input);

/// The fraction of lanes used by `extent` elements in whole vectors of
/// `lanes`.
double laneUse(int64_t extent, int64_t lanes);

/// The contraction that `use` is an input of: a linalg.generic on tensors
/// with reduction loops and one output; null otherwise.
mlir::linalg::GenericOp contractionReading(mlir::OpOperand &use);

} // namespace aotc

#endif // AOTC_LIB_TARGET_CPU_LAYOUTSUPPORT_H
