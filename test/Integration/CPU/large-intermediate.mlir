// RUN: %run-graph %s --work-dir %t

// A 2048x2048 f32 intermediate (16 MiB, twice the usual stack limit) that
// must be materialized, since the softmax-style row max is needed before the
// subtraction: temporaries have to live on the heap, not the stack.

// REF: a, b = inp
// REF: t = a + b
// REF: e = np.exp(t - t.max(axis=1, keepdims=True))
// REF: out[0] = e.sum(axis=1)

func.func @large(%a: tensor<2048x1xf32>, %b: tensor<1x2048xf32>)
    -> tensor<2048xf32> {
  %t = tg.add %a, %b : tensor<2048x1xf32>, tensor<1x2048xf32>
  %m = tg.reduce max %t axes = [1] keepdims : tensor<2048x2048xf32>
  %d = tg.sub %t, %m : tensor<2048x2048xf32>, tensor<2048x1xf32>
  %e = tg.exp %d : tensor<2048x2048xf32>
  %s = tg.reduce sum %e axes = [1] : tensor<2048x2048xf32>
  return %s : tensor<2048xf32>
}
