// RUN: %run-graph %s --work-dir %t

// f16 end to end: casts to and from f32, f64 and i32, arithmetic, exp and
// tanh, a reduction and a small matmul, all in half precision. The
// reference computes in float16 too (numpy rounds each step), so the default
// f16 tolerance covers the rounding differences; the matmul and the sum
// accumulate in f16 in a possibly different order than numpy's, so they get
// a few f16 ulps more.

// INPUT 0, 1: uniform(-2, 2)
// INPUT 2: uniform(-1000, 1000)
// TOL 7, 8: rtol=8e-3 atol=8e-3  # f16 accumulation order over 16 terms

// REF: a, b, f, m = inp
// REF: out[0] = a.astype(np.float32)
// REF: out[1] = f.astype(np.float16)
// REF: out[2] = a + b
// REF: out[3] = a * b
// REF: out[4] = a / (np.abs(b) + np.float16(1))
// REF: out[5] = np.exp(a)
// REF: out[6] = np.tanh(a)
// REF: out[7] = a.sum(axis=1)
// REF: out[8] = a @ m
// REF: out[9] = a.astype(np.int32)
// REF: out[10] = a.astype(np.float64)
// REF: out[11] = np.maximum(a, b)

func.func @f16(%a: tensor<4x16xf16>, %b: tensor<4x16xf16>,
               %f: tensor<4x16xf32>, %m: tensor<16x3xf16>)
    -> (tensor<4x16xf32>, tensor<4x16xf16>, tensor<4x16xf16>,
        tensor<4x16xf16>, tensor<4x16xf16>, tensor<4x16xf16>,
        tensor<4x16xf16>, tensor<4xf16>, tensor<4x3xf16>, tensor<4x16xi32>,
        tensor<4x16xf64>, tensor<4x16xf16>) {
  %0 = tg.cast %a : tensor<4x16xf16> -> tensor<4x16xf32>
  %1 = tg.cast %f : tensor<4x16xf32> -> tensor<4x16xf16>
  %2 = tg.add %a, %b : tensor<4x16xf16>, tensor<4x16xf16>
  %3 = tg.mul %a, %b : tensor<4x16xf16>, tensor<4x16xf16>
  %one = tg.constant dense<1.0> : tensor<f16>
  %ab = tg.abs %b : tensor<4x16xf16>
  %den = tg.add %ab, %one : tensor<4x16xf16>, tensor<f16>
  %4 = tg.div %a, %den : tensor<4x16xf16>, tensor<4x16xf16>
  %5 = tg.exp %a : tensor<4x16xf16>
  %6 = tg.tanh %a : tensor<4x16xf16>
  %7 = tg.reduce sum %a axes = [1] : tensor<4x16xf16>
  %8 = tg.matmul %a, %m : tensor<4x16xf16>, tensor<16x3xf16>
  %9 = tg.cast %a : tensor<4x16xf16> -> tensor<4x16xi32>
  %10 = tg.cast %a : tensor<4x16xf16> -> tensor<4x16xf64>
  %11 = tg.max %a, %b : tensor<4x16xf16>, tensor<4x16xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11
      : tensor<4x16xf32>, tensor<4x16xf16>, tensor<4x16xf16>,
        tensor<4x16xf16>, tensor<4x16xf16>, tensor<4x16xf16>,
        tensor<4x16xf16>, tensor<4xf16>, tensor<4x3xf16>, tensor<4x16xi32>,
        tensor<4x16xf64>, tensor<4x16xf16>
}
