//===- PaddedBuffers.h - pads their sources are written into ----*- C++ -*-===//
//
// Which tensor.pad ops aotc-cpu-materialize-pads makes buffers that their
// sources' producers write into: shared by that pass, aotc-tile-and-fuse
// (which leaves exactly those pads out of its tiles) and the kernel report.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_PADDEDBUFFERS_H
#define AOTC_ANALYSIS_PADDEDBUFFERS_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace aotc {

/// The tensor.empty that `value` is computed into: followed through the
/// destinations of the destination-style ops and the initial values of the
/// scf.for loops that compute it; null when it starts elsewhere (a function
/// argument, a reshape).
mlir::tensor::EmptyOp findDestinationRoot(mlir::Value value);

/// The operand through which the chain above reads that tensor.empty (an
/// scf.for's initial value, an op's destination); null without one.
mlir::OpOperand *findDestinationRootUse(mlir::Value value);

/// Whether `pad` becomes a buffer its source's producer writes into: static
/// padded and source shapes, static low padding, a constant padding value, a source
/// computed into a tensor.empty of the same block, and no pad of the same
/// source before it in the block (that one gets the source's buffer).
bool isMaterializablePad(mlir::tensor::PadOp pad);

} // namespace aotc

#endif // AOTC_ANALYSIS_PADDEDBUFFERS_H
