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

/// How buildRotaryEmbedding rotates: `rotaryDim` leading elements of each
/// head (0: all), in interleaved pairs (2i, 2i + 1) or as halves.
struct RotaryOptions {
  int64_t rotaryDim = 0;
  bool interleaved = false;
};

/// Rotary position embedding of `x` ([batch, heads, seq, head] or [batch,
/// seq, hidden] with the node's num_heads): cos and sin are
/// `cosCache`/`sinCache` rows gathered at `positions` ([batch, seq]), or
/// [batch, seq, dim / 2] caches themselves when `positions` is null.
/// Returns null after reporting an unsupported input, failure after an
/// error.
mlir::FailureOr<mlir::Value>
buildRotaryEmbedding(NodeContext &ctx, mlir::Value x, mlir::Value cosCache,
                     mlir::Value sinCache, mlir::Value positions,
                     RotaryOptions options);

/// The node's rotary_embedding_dim and interleaved attributes (ONNX's
/// RotaryEmbedding and onnxruntime's).
RotaryOptions rotaryOptionsOf(const NodeContext &ctx);

/// onnxruntime's GroupQueryAttention (com.microsoft), GroupQueryAttention.cpp.
mlir::LogicalResult convertGroupQueryAttention(NodeContext &ctx);

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_OPS_TRANSFORMER_H
