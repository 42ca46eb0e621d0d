//===- Passes.td - aotc's target-independent transforms ------*- tablegen -*-===//
//
// Passes on upstream dialects (linalg on tensors) that every target runs.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TRANSFORMS_PASSES_TD
#define AOTC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseElementwisePass
    : Pass<"aotc-fuse-elementwise", "mlir::func::FuncOp"> {
  let summary = "Fuse elementwise producers into their consumers, never "
                "recomputing";
  let description = [{
    Fuses an elementwise `linalg.generic` into the generic that consumes it
    (another elementwise op or a reduction), so the intermediate tensor is
    never written to memory: `reduce_sum(x + y*z)` becomes one loop nest.

    Unlike upstream's `linalg-fuse-elementwise-ops`, a producer is fused only
    when the consumer reads each of its elements exactly once, i.e. the
    consumer's indexing map for it is a permutation of the consumer's loops.
    A producer read through a broadcast or by a contraction (`relu(x W + b)`
    feeding the next matmul reads each element N times) stays a separate
    kernel: fusing it would recompute it once per read. A producer with
    other users is not duplicated either.

    Before:
    ```mlir
    %p = linalg.generic {..., iterator_types = ["parallel", "parallel"]}
        ins(%y, %z) outs(%e) { mulf }
    %s = linalg.generic {..., iterator_types = ["parallel", "reduction"]}
        ins(%x, %p) outs(%acc) { addf, addf }
    ```
    After:
    ```mlir
    %s = linalg.generic {..., iterator_types = ["parallel", "reduction"]}
        ins(%x, %y, %z) outs(%acc) { mulf, addf, addf }
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numOpsBefore", "linalg-ops-before", "linalg ops before fusion">,
    Statistic<"numOpsAfter", "linalg-ops-after", "linalg ops after fusion">,
  ];
}

#endif // AOTC_TRANSFORMS_PASSES_TD
