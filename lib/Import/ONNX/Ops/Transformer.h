//===- Transformer.h - attention building blocks for other converters -*- C++ -*-===//
//
// Pieces of the transformer converters (Transformer.cpp) that onnxruntime's
// contrib ops (Contrib.cpp) compute too, on operands other than the node's
// own inputs.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_IMPORT_ONNX_OPS_TRANSFORMER_H
#define AOTC_LIB_IMPORT_ONNX_OPS_TRANSFORMER_H

#include "../NodeImporter.h"

namespace aotc::onnximport {

/// Rotary position embedding of `x` ([batch, heads, seq, head] or [batch,
/// seq, hidden] with the node's num_heads), with the node's
/// rotary_embedding_dim and interleaved attributes: cos and sin are
/// `cosCache`/`sinCache` rows gathered at `positions` ([batch, seq]), or
/// [batch, seq, dim / 2] caches themselves when `positions` is null.
/// Returns null after reporting an unsupported input, failure after an
/// error.
mlir::FailureOr<mlir::Value> buildRotaryEmbedding(NodeContext &ctx,
                                                  mlir::Value x,
                                                  mlir::Value cosCache,
                                                  mlir::Value sinCache,
                                                  mlir::Value positions);

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_OPS_TRANSFORMER_H
