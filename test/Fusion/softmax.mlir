// RUN: aotc %s -o %t.o --header %t.h --report | FileCheck %s
// RUN: %run-graph %s --work-dir %t

// Softmax written out in tg ops (reduce max, sub, exp, reduce sum, div) is
// raised to tg.softmax and runs as one kernel: per row, one pass computes
// the max and the sum of exponentials together (online rescaling), a second
// pass writes exp(x - max) / sum while the row is in cache. The input is read
// from memory once (32 x 1000 x 4 bytes) and the output written once.

// CHECK:      kernel kind
// CHECK-NEXT:      1 loops {{[0-9]+}} 0 128000 128000 {{.*}}32 tiles {{.*}}softmax
// CHECK-EMPTY:
// CHECK:      kernels 1{{$}}

// INPUT 0: normal(0, 4)
// TOL: rtol=1e-5 atol=1e-7  # f32 exp and division vs float64
// REF: x = inp[0].astype(np.float64)
// REF: e = np.exp(x - x.max(axis=1, keepdims=True))
// REF: out[0] = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)

func.func @softmax(%x: tensor<32x1000xf32>) -> tensor<32x1000xf32> {
  %m = tg.reduce max %x axes = [1] keepdims : tensor<32x1000xf32>
  %d = tg.sub %x, %m : tensor<32x1000xf32>, tensor<32x1xf32>
  %e = tg.exp %d : tensor<32x1000xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<32x1000xf32>
  %p = tg.div %e, %s : tensor<32x1000xf32>, tensor<32x1xf32>
  return %p : tensor<32x1000xf32>
}
