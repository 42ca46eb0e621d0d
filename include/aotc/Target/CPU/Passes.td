//===- Passes.td - x86-64 target passes ----------------------*- tablegen -*-===//
//
// Passes specific to aotc's CPU target.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_PASSES_TD
#define AOTC_TARGET_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def GenerateEntryPointPass
    : Pass<"aotc-cpu-generate-entry-point", "mlir::ModuleOp"> {
  let summary = "Wrap the graph function in the C entry point of the header";
  let description = [{
    Creates the public function of aotc's C ABI,

    ```c
    int NAME_run(const void *const *inputs, void *const *outputs, void *temp);
    ```

    around the graph function `entry` (tensors in, tensors out), inlines the
    graph into it and makes the graph function private so `symbol-dce`
    removes it. Each input pointer is wrapped in a memref descriptor of its
    static shape (row-major, offset 0) and enters the graph through
    `bufferization.to_tensor restrict`; each result is written into its output
    pointer by `bufferization.materialize_in_destination`, so one-shot
    bufferization computes results in place in the caller's buffers. Runs on
    tensors, before bufferization.

    Before:
    ```mlir
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32>
    ```
    After:
    ```mlir
    func.func @NAME_run(%inputs: !llvm.ptr, %outputs: !llvm.ptr,
                        %temp: !llvm.ptr) -> i32 {
      // load inputs[0], build memref<4xf32>, to_tensor, compute,
      // materialize_in_destination into outputs[0]; return 0
    }
    ```
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"",
           "The graph function to wrap">,
    Option<"symbolPrefix", "name", "std::string", /*default=*/"\"graph\"",
           "The C name prefix: the entry point is <name>_run">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect",
    "mlir::bufferization::BufferizationDialect",
    "mlir::memref::MemRefDialect",
  ];
}

def UnshareInitTensorsPass
    : Pass<"aotc-cpu-unshare-init-tensors", "mlir::func::FuncOp"> {
  let summary = "Give every user of a tensor.empty or filled init its own";
  let description = [{
    CSE merges identical `tensor.empty` ops and the `linalg.fill`s of them,
    so two reductions may start from one zero-filled tensor. Empty-tensor
    elimination then turns that one tensor into the destination buffer of
    one result, and bufferization can compute the other result in place in
    that same buffer: one output overwrites the other. Cloning the empty
    tensor (and the fill of it) for every use keeps each result's
    accumulator its own; the clones are free until bufferization, which
    gives each the buffer it would have needed anyway.

    Before:
    ```mlir
    %e = tensor.empty() : tensor<2xf32>
    %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %a = linalg.generic ... outs(%z : tensor<2xf32>)
    %b = linalg.generic ... outs(%z : tensor<2xf32>)
    ```
    After, `%b` reads its own `tensor.empty` and `linalg.fill`.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
  let statistics = [
    Statistic<"numClones", "num-clones",
              "tensor.empty and linalg.fill ops cloned for a second user">,
  ];
}

def LowerStridedCopiesPass
    : Pass<"aotc-cpu-lower-strided-copies", "mlir::func::FuncOp"> {
  let summary = "Turn memref.copy of strided buffers into linalg.copy";
  let description = [{
    The LLVM lowering of `memref.copy` calls MLIR's C runner library
    (`memrefCopy`) whenever a side is not contiguous, e.g. a copy into a
    strided slice made for a concat or from a strided slice. A compiled graph
    must need nothing but libc and libm, so such copies become `linalg.copy`,
    which the loop stage turns into plain loops. Contiguous copies stay
    `memref.copy` (they lower to `llvm.memcpy`).

    Before:
    ```mlir
    memref.copy %a, %b : memref<2x3xf32> to memref<2x3xf32, strided<[6, 1]>>
    ```
    After:
    ```mlir
    linalg.copy ins(%a : memref<2x3xf32>)
                outs(%b : memref<2x3xf32, strided<[6, 1]>>)
    ```
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
  let statistics = [
    Statistic<"numCopiesLowered", "num-copies-lowered",
              "Strided memref.copy ops rewritten as linalg.copy">,
  ];
}

def ExpandBF16ConversionsPass
    : Pass<"aotc-cpu-expand-bf16-conversions"> {
  let summary = "Expand bf16 <-> f32 conversions into integer arithmetic";
  let description = [{
    x86 has no bf16 arithmetic, so bf16 math is computed in f32 and only
    `arith.extf` / `arith.truncf` between bf16 and f32 remain. LLVM would
    lower those to calls of libgcc's `__truncsfbf2`, which a compiled graph
    must not need; this pass rewrites them into shifts and rounding on the
    bit patterns (round to nearest even, NaN kept quiet).

    Only the bf16 patterns of upstream's `arith-expand` run: its other
    expansions (e.g. `arith.maximumf` to compare + select) would lose IEEE
    semantics such as `maximum(+0, -0) = +0` that the LLVM lowering keeps.

    Before:
    ```mlir
    %r = arith.truncf %x : f32 to bf16
    ```
    After: `arith.bitcast`, `arith.shrui`, `arith.addi`, ... on i32/i16.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

#endif // AOTC_TARGET_CPU_PASSES_TD
