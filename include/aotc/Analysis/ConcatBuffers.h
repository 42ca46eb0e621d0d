//===- ConcatBuffers.h - concatenations their pieces are written into -*- C++ -*-===//
//
// Which pieces of a concatenation aotc-cpu-concat-in-place makes producers
// write straight into the concatenation, and which it fills: shared by
// that pass and the kernel report.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_CONCATBUFFERS_H
#define AOTC_ANALYSIS_CONCATBUFFERS_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace aotc {

/// The inserts of the concatenation `insert` belongs to, in order: a chain
/// in one block that starts with an insert into a tensor.empty, each next
/// one into the previous one's result (its only use), all with static
/// offsets and sizes and unit strides. Empty when `insert` is not in such
/// a chain of two inserts or more.
llvm::SmallVector<mlir::tensor::InsertSliceOp>
findConcatChain(mlir::tensor::InsertSliceOp insert);

/// What `source` is a tensor.collapse_shape or tensor.expand_shape of, or
/// null.
mlir::Value getReshapedPiece(mlir::Value source);

/// The operand through which the source of `insert` (or what it is a
/// reshape of) reads the tensor.empty it is computed into, through
/// destination-style ops and loops (aotc::findDestinationRootUse); null
/// for a constant, an argument, a slice.
mlir::OpOperand *findPieceRootUse(mlir::tensor::InsertSliceOp insert);

/// The op of the chain's block that owns that operand: the first to write
/// into the piece's tensor.empty; null without one.
mlir::Operation *findPieceAnchor(mlir::tensor::InsertSliceOp insert);

/// Whether aotc-cpu-concat-in-place rebuilds the concatenation of `insert`
/// (some piece of it has an anchor or is a splat constant) and so `insert`
/// costs no copy: its
/// source's producer writes into the concatenation (it has an anchor and
/// is not inserted earlier in the chain too), or it is a splat constant,
/// filled in place.
bool isConcatPieceInPlace(mlir::tensor::InsertSliceOp insert);

/// Whether `insert` is a splat constant piece of a concatenation (a chain
/// as above), which aotc-cpu-concat-in-place fills in place: reading
/// nothing.
bool isConcatPieceFilled(mlir::tensor::InsertSliceOp insert);

} // namespace aotc

#endif // AOTC_ANALYSIS_CONCATBUFFERS_H
