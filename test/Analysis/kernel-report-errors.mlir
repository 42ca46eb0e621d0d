// RUN: aotc-opt %s --split-input-file --verify-diagnostics --aotc-print-kernel-report -o /dev/null

// The report reads linalg on tensors: a graph still in tg is one error, not
// a report of tg ops.

func.func @not_lowered(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected linalg on tensors (the IR after the fusion stage), found 'tg.exp'; lower it with --aotc-cpu-tg-to-linalg first}}
  %0 = tg.exp %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Nor does it count bufferized code, whose kernels have no tensor results.

func.func @bufferized(%x: memref<2xf32>, %y: memref<2xf32>) {
  // expected-error @+1 {{expected linalg on tensors (the IR after the fusion stage), found 'memref.copy' on buffers; the report reads the IR before bufferization}}
  memref.copy %x, %y : memref<2xf32> to memref<2xf32>
  return
}
