//===- TGToLinalg.h - tg to linalg conversion ---------------------*- C++ -*-===//
//
// Patterns that lower the tg dialect to linalg, tensor, arith and math on
// tensors.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_CONVERSION_TGTOLINALG_TGTOLINALG_H
#define AOTC_CONVERSION_TGTOLINALG_TGTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

namespace aotc {

/// Adds the patterns that rewrite elementwise tg ops (unary, binary,
/// compare, select, cast) to `linalg.generic` with broadcasting maps.
void populateTGElementwiseToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Adds the patterns for tg.matmul and tg.reduce.
void populateTGContractionToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// tg.matmul_nbits as one contraction reading the packed codes.
void populateTGNBitMatmulToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// tg.winograd_input and tg.winograd_output as contractions with constant
/// tables of the transform matrices' products.
void populateTGWinogradToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Adds the patterns for data movement: constant, reshape, transpose,
/// broadcast_to, concat, slice.
void populateTGDataMovementToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Adds the patterns for convolution, pooling and resize (TGNNOps.td).
void populateTGNNToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Adds the patterns for gather, pad, scans, arg-reductions and top-k
/// (TGIndexingOps.td).
void populateTGIndexingToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Adds the patterns for grid sampling (TGSamplingOps.td).
void populateTGSamplingToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Adds the patterns for nonzero and non-maximum suppression
/// (TGSelectionOps.td): loops that carry the result and a count.
void populateTGSelectionToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Adds the patterns for softmax, log-softmax and layer normalization
/// (TGNormOps.td): two linalg.generics each.
void populateTGNormalizationToLinalgPatterns(mlir::RewritePatternSet &patterns);

/// Adds every tg-to-linalg pattern.
void populateTGToLinalgPatterns(mlir::RewritePatternSet &patterns);

} // namespace aotc

#endif // AOTC_CONVERSION_TGTOLINALG_TGTOLINALG_H
