//===- Passes.td - aotc conversion passes --------------------*- tablegen -*-===//
//
// Conversions between aotc's dialects and upstream MLIR dialects.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_CONVERSION_PASSES_TD
#define AOTC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTGToLinalgPass : Pass<"aotc-convert-tg-to-linalg"> {
  let summary = "Lower tg ops to linalg on tensors";
  let description = [{
    Rewrites every tg op into linalg named ops or `linalg.generic` on tensors
    in destination-passing style (plus `tensor` ops for pure data movement:
    reshapes, slices, concatenation). Broadcasting is expressed by indexing
    maps, never by materializing a broadcast tensor.

    Before:
    ```mlir
    %r = tg.add %a, %b : tensor<4x3xf32>, tensor<3xf32>
    ```
    After:
    ```mlir
    %e = tensor.empty() : tensor<4x3xf32>
    %r = linalg.generic {
        indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                         affine_map<(d0, d1) -> (d1)>,
                         affine_map<(d0, d1) -> (d0, d1)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%a, %b : tensor<4x3xf32>, tensor<3xf32>)
        outs(%e : tensor<4x3xf32>) { ... arith.addf ... }
    ```
    Any tg op left over is an error.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::linalg::LinalgDialect",
    "mlir::math::MathDialect",
    "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect",
  ];
}

#endif // AOTC_CONVERSION_PASSES_TD
