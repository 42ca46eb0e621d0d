// RUN: %run-graph %s --work-dir %t

// f64 end to end: a dense layer with a softmax, a mean, and the
// transcendental ops (which must call the double libm functions, not the
// float ones: the default f64 tolerance of rtol 1e-10 would catch that).

// INPUT 3: uniform(0.1, 4)

// REF: x, w, b, p = inp
// REF: z = np.tanh(x @ w + b)
// REF: e = np.exp(z - z.max(axis=1, keepdims=True))
// REF: out[0] = e / e.sum(axis=1, keepdims=True)
// REF: out[1] = x.mean(axis=0)
// REF: out[2] = np.log(p) + np.sqrt(p) - 1 / np.sqrt(p)
// REF: out[3] = erf(x) * (1 / (1 + np.exp(-x)))
// REF: out[4] = np.power(p, x[:, :1])

func.func @f64(%x: tensor<4x6xf64>, %w: tensor<6x5xf64>, %b: tensor<5xf64>,
               %p: tensor<4x6xf64>)
    -> (tensor<4x5xf64>, tensor<6xf64>, tensor<4x6xf64>, tensor<4x6xf64>,
        tensor<4x6xf64>) {
  %0 = tg.matmul %x, %w : tensor<4x6xf64>, tensor<6x5xf64>
  %1 = tg.add %0, %b : tensor<4x5xf64>, tensor<5xf64>
  %z = tg.tanh %1 : tensor<4x5xf64>
  %m = tg.reduce max %z axes = [1] keepdims : tensor<4x5xf64>
  %2 = tg.sub %z, %m : tensor<4x5xf64>, tensor<4x1xf64>
  %e = tg.exp %2 : tensor<4x5xf64>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<4x5xf64>
  %softmax = tg.div %e, %s : tensor<4x5xf64>, tensor<4x1xf64>
  %mean = tg.reduce mean %x axes = [0] : tensor<4x6xf64>
  %log = tg.log %p : tensor<4x6xf64>
  %sqrt = tg.sqrt %p : tensor<4x6xf64>
  %rsqrt = tg.rsqrt %p : tensor<4x6xf64>
  %3 = tg.add %log, %sqrt : tensor<4x6xf64>, tensor<4x6xf64>
  %4 = tg.sub %3, %rsqrt : tensor<4x6xf64>, tensor<4x6xf64>
  %erf = tg.erf %x : tensor<4x6xf64>
  %sig = tg.sigmoid %x : tensor<4x6xf64>
  %5 = tg.mul %erf, %sig : tensor<4x6xf64>, tensor<4x6xf64>
  %col = tg.slice %x start = [0, 0] limit = [4, 1] stride = [1, 1]
      : tensor<4x6xf64>
  %6 = tg.pow %p, %col : tensor<4x6xf64>, tensor<4x1xf64>
  return %softmax, %mean, %4, %5, %6
      : tensor<4x5xf64>, tensor<6xf64>, tensor<4x6xf64>, tensor<4x6xf64>,
        tensor<4x6xf64>
}
