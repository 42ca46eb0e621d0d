// RUN: aotc %s -o %t.o --header %t.h --report | FileCheck %s
// RUN: %run-graph %s --work-dir %t

// Layer normalization as PyTorch's opset-14 export writes it (mean, sub,
// pow 2, mean, add eps, sqrt, div, mul scale, add bias) is raised to
// tg.layer_norm and runs as one kernel: per row, one pass computes the mean
// and variance together, a second pass normalizes, scales and shifts while
// the row is in cache. x is read from memory once (8 x 128 x 768 x 4
// bytes) plus the scale and bias (768 x 4 bytes each); the output is written
// once.

// CHECK:      kernel kind
// CHECK-NEXT:      1 loops {{[0-9]+}} 0 3151872 3145728 {{.*}}layer_norm + mul + add
// CHECK-EMPTY:
// CHECK:      kernels 1{{$}}

// INPUT 0: normal(100, 3)
// TOL: rtol=1e-4 atol=1e-4  # f32 statistics over 768 values of mean 100 vs float64
// REF: x, w, b = [a.astype(np.float64) for a in inp]
// REF: m = x.mean(axis=2, keepdims=True)
// REF: v = ((x - m) ** 2).mean(axis=2, keepdims=True)
// REF: out[0] = ((x - m) / np.sqrt(v + 1e-5) * w + b).astype(np.float32)

func.func @layer_norm(%x: tensor<8x128x768xf32>, %w: tensor<768xf32>, %b: tensor<768xf32>) -> tensor<8x128x768xf32> {
  %mean = tg.reduce mean %x axes = [2] keepdims : tensor<8x128x768xf32>
  %d = tg.sub %x, %mean : tensor<8x128x768xf32>, tensor<8x128x1xf32>
  %two = tg.constant dense<2.0> : tensor<f32>
  %sq = tg.pow %d, %two : tensor<8x128x768xf32>, tensor<f32>
  %var = tg.reduce mean %sq axes = [2] keepdims : tensor<8x128x768xf32>
  %eps = tg.constant dense<1.0e-5> : tensor<f32>
  %ve = tg.add %var, %eps : tensor<8x128x1xf32>, tensor<f32>
  %std = tg.sqrt %ve : tensor<8x128x1xf32>
  %n = tg.div %d, %std : tensor<8x128x768xf32>, tensor<8x128x1xf32>
  %s = tg.mul %n, %w : tensor<8x128x768xf32>, tensor<768xf32>
  %y = tg.add %s, %b : tensor<8x128x768xf32>, tensor<768xf32>
  return %y : tensor<8x128x768xf32>
}
