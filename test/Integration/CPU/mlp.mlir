// RUN: %run-graph %s --work-dir %t

// A two-layer perceptron with a softmax head: matmul + bias + relu, then
// matmul + bias and a numerically stable softmax written out in tg ops
// (reduce max, sub, exp, reduce sum, div).

// REF: x, w1, b1, w2, b2 = inp
// REF: h = np.maximum(x @ w1 + b1, 0)
// REF: z = h @ w2 + b2
// REF: e = np.exp(z - z.max(axis=1, keepdims=True))
// REF: out[0] = e / e.sum(axis=1, keepdims=True)

func.func @mlp(%x: tensor<8x32xf32>, %w1: tensor<32x64xf32>,
               %b1: tensor<64xf32>, %w2: tensor<64x10xf32>,
               %b2: tensor<10xf32>) -> tensor<8x10xf32> {
  %0 = tg.matmul %x, %w1 : tensor<8x32xf32>, tensor<32x64xf32>
  %1 = tg.add %0, %b1 : tensor<8x64xf32>, tensor<64xf32>
  %h = tg.relu %1 : tensor<8x64xf32>
  %2 = tg.matmul %h, %w2 : tensor<8x64xf32>, tensor<64x10xf32>
  %z = tg.add %2, %b2 : tensor<8x10xf32>, tensor<10xf32>
  %m = tg.reduce max %z axes = [1] keepdims : tensor<8x10xf32>
  %3 = tg.sub %z, %m : tensor<8x10xf32>, tensor<8x1xf32>
  %e = tg.exp %3 : tensor<8x10xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<8x10xf32>
  %p = tg.div %e, %s : tensor<8x10xf32>, tensor<8x1xf32>
  return %p : tensor<8x10xf32>
}
