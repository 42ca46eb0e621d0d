// RUN: %run-graph %s --work-dir %t
// RUN: aotc %s --header %t.h --emit llvm -o - | FileCheck %s

// f32 exp is inlined as a polynomial (aotc-approximate-math), vectorized by
// LLVM, and still matches numpy to 1e-6 relative over the whole range where
// the result is a normal float, overflowing to +inf above 88.7; subnormal
// results (below 1.2e-38) are approximate. Special values are in
// special-values.mlir.

// CHECK-NOT: expf
// CHECK-NOT: llvm.exp.
// INPUT 0: uniform(-110, 95)
// TOL: rtol=1e-6 atol=1.2e-38  # polynomial exp vs numpy; subnormal results are approximate
// REF: out[0] = np.exp(inp[0])
// REF: out[1] = np.exp(inp[1])
func.func @e(%x: tensor<100000xf32>, %y: tensor<64xf32>) -> (tensor<100000xf32>, tensor<64xf32>) {
  %0 = tg.exp %x : tensor<100000xf32>
  %1 = tg.exp %y : tensor<64xf32>
  return %0, %1 : tensor<100000xf32>, tensor<64xf32>
}
