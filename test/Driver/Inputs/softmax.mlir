// A dense layer with a softmax, large enough to be vectorized, for the
// code generation option tests (codegen-options.test).

// REF: x, w, b = inp
// REF: z = x @ w + b
// REF: e = np.exp(z - z.max(axis=1, keepdims=True))
// REF: out[0] = e / e.sum(axis=1, keepdims=True)

func.func @softmax(%x: tensor<16x32xf32>, %w: tensor<32x64xf32>,
                   %b: tensor<64xf32>) -> tensor<16x64xf32> {
  %0 = tg.matmul %x, %w : tensor<16x32xf32>, tensor<32x64xf32>
  %z = tg.add %0, %b : tensor<16x64xf32>, tensor<64xf32>
  %m = tg.reduce max %z axes = [1] keepdims : tensor<16x64xf32>
  %1 = tg.sub %z, %m : tensor<16x64xf32>, tensor<16x1xf32>
  %e = tg.exp %1 : tensor<16x64xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<16x64xf32>
  %p = tg.div %e, %s : tensor<16x64xf32>, tensor<16x1xf32>
  return %p : tensor<16x64xf32>
}
