// RUN: aotc %s -o %t.o --header %t.h --report | FileCheck %s
// RUN: %run-graph %s --work-dir %t

// matmul + bias + gelu (erf form) is one kernel: per block of 8 output rows
// (rows in blocks, so the CPU's register tiles share their loads of w), the
// zero fill, the matmul and the epilogue (bias add and the five ops of gelu)
// run on that block in place. No temporary at all.

// CHECK:      kernel kind
// CHECK-NEXT:      1 loops {{.*}} 2 tiles {{.*}}matmul + add + mul + erf{{$}}
// CHECK-EMPTY:
// CHECK:      kernels 1{{$}}
// CHECK:      temp bytes 0{{$}}

// TOL: rtol=1e-4 atol=1e-5  # f32 dot products of 64 terms and erf vs float64
// REF: x, w, b = inp
// REF: h = x.astype(np.float64) @ w + b
// REF: out[0] = (0.5 * h * (1 + erf(h / np.sqrt(2)))).astype(np.float32)

func.func @matmul_bias_gelu(%x: tensor<16x64xf32>, %w: tensor<64x128xf32>, %b: tensor<128xf32>) -> tensor<16x128xf32> {
  %c = tg.constant dense<0.707106769> : tensor<f32>
  %half = tg.constant dense<0.5> : tensor<f32>
  %one = tg.constant dense<1.0> : tensor<f32>
  %0 = tg.matmul %x, %w : tensor<16x64xf32>, tensor<64x128xf32>
  %h = tg.add %0, %b : tensor<16x128xf32>, tensor<128xf32>
  %1 = tg.mul %h, %c : tensor<16x128xf32>, tensor<f32>
  %2 = tg.erf %1 : tensor<16x128xf32>
  %3 = tg.add %2, %one : tensor<16x128xf32>, tensor<f32>
  %4 = tg.mul %h, %3 : tensor<16x128xf32>, tensor<16x128xf32>
  %5 = tg.mul %4, %half : tensor<16x128xf32>, tensor<f32>
  return %5 : tensor<16x128xf32>
}
