//===- Passes.td - graph-level rewrites on tg ----------------*- tablegen -*-===//
//
// Passes that rewrite tg graphs before they are lowered: recognizing
// compositions that have a better lowering as one op, and preparing weights
// at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD
#define AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Normalizations (softmax, layer normalization)
//===----------------------------------------------------------------------===//

def RaiseNormalizationsPass
    : Pass<"aotc-tg-raise-normalizations", "mlir::func::FuncOp"> {
  let summary = "Recognize decomposed softmax and layer normalization";
  let description = [{
    Rewrites the compositions of tg ops that spell out a softmax, a
    log-softmax or a layer normalization into `tg.softmax`,
    `tg.log_softmax` and `tg.layer_norm`, whose lowering reads the data in
    two passes instead of four or five (docs/ops-normalization.md). One
    pattern per form:

    - softmax, as written by hand or by other importers:
      `e = exp(x - reduce_max(x)); e / reduce_sum(e)`;
    - log-softmax: `d = x - reduce_max(x); d - log(reduce_sum(exp(d)))`;
    - layer normalization, as PyTorch exports `nn.LayerNorm` before ONNX
      opset 17: `d = x - mean(x); d / sqrt(mean(d ** 2) + eps)`, with
      `d * d` for the square or `d * rsqrt(...)` for the division accepted
      too. Its scale and bias stay the `tg.mul` and `tg.add` that follow.

    The reductions must keep their dimensions and reduce one axis (softmax)
    or the trailing axes (layer normalization), `x` must have the result's
    type, `eps` must be a splat constant that does not broadcast the
    variance, and every intermediate value must have no users outside the
    pattern: a graph that also returns `exp(x - max)`, say, is left alone
    rather than computed twice. Raised f16 and bf16 normalizations compute
    in f32 throughout, where the composition rounded every step.

    Before:
    ```mlir
    %m = tg.reduce max %x axes = [1] keepdims : tensor<8x10xf32>
    %d = tg.sub %x, %m : tensor<8x10xf32>, tensor<8x1xf32>
    %e = tg.exp %d : tensor<8x10xf32>
    %s = tg.reduce sum %e axes = [1] keepdims : tensor<8x10xf32>
    %p = tg.div %e, %s : tensor<8x10xf32>, tensor<8x1xf32>
    ```
    After:
    ```mlir
    %p = tg.softmax %x axis = 1 : tensor<8x10xf32>
    ```
  }];
  let dependentDialects = ["aotc::tg::TGDialect"];
  let statistics = [
    Statistic<"numSoftmax", "softmax", "softmaxes raised">,
    Statistic<"numLogSoftmax", "log-softmax", "log-softmaxes raised">,
    Statistic<"numLayerNorm", "layer-norm", "layer normalizations raised">,
  ];
}

//===----------------------------------------------------------------------===//
// Compile-time weight preparation
//===----------------------------------------------------------------------===//

def FoldAffineIntoWeightsPass
    : Pass<"aotc-tg-fold-affine-into-weights", "mlir::func::FuncOp"> {
  let summary = "Fold per-channel scales and shifts (inference BatchNorm) "
                "into the preceding convolution's or matmul's weights";
  let dependentDialects = ["aotc::tg::TGDialect"];
}

#endif // AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD
