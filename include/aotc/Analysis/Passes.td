//===- Passes.td - aotc's analysis passes --------------------*- tablegen -*-===//
//
// Passes that report on the IR without changing it.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_PASSES_TD
#define AOTC_ANALYSIS_PASSES_TD

include "mlir/Pass/PassBase.td"

def PrintKernelReportPass
    : Pass<"aotc-print-kernel-report", "mlir::ModuleOp"> {
  let summary = "Print each function's kernels: fused ops, FLOPs, bytes";
  let description = [{
    Prints, for every function with a body, the table `aotc --report`
    shows (docs/report.md): one row per kernel with the graph ops it
    computes, its FLOPs and integer ops, the bytes it reads and writes and
    its iteration space, then the totals, including the tensor constants'
    bytes and the planned temporary bytes (the module's `aotc.temp_bytes`,
    when memory planning ran). The IR is not changed.

    It expects linalg on tensors, as after the CPU pipeline's fusion stage.
    A kernel is a top-level op that does work at run time: a linalg op, a
    tensor.pad, a copying tensor.insert_slice, or a loop nest, such as a
    tiled `scf.for` holding a matmul and its epilogue:

    ```mlir
    %r = scf.for %i = %c0 to %c64 step %c16 iter_args(%acc = %init) -> ... {
      %a = tensor.extract_slice %x[%i, 0] [16, 32] [1, 1] ...
      %m = linalg.matmul ins(%a, %w ...) outs(...) -> tensor<16x64xf32>
      %e = linalg.generic ... ins(%m ...) { addf, maximumf }
      %u = tensor.insert_slice %e into %acc[%i, 0] [16, 64] [1, 1] ...
      scf.yield %u : ...
    }
    ```

    is one kernel whose FLOPs are 4 tiles x (16x64x32 x 2 + 16x64 x 2).
    The report goes to standard output, before the module.
  }];
}

#endif // AOTC_ANALYSIS_PASSES_TD
