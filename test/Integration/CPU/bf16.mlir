// RUN: %run-graph %s --work-dir %t

// bf16 end to end: casts to and from f32, f64 and i32, arithmetic, exp and
// tanh, a reduction and a small matmul, all in bf16. numpy has no bf16: the
// reference computes in float32 and run_graph rounds it to bf16 once, while
// the compiled graph rounds after every op; the default bf16 tolerance
// (2 ulps) covers a few roundings, the matmul and the sum accumulate 16
// terms in bf16 and get more.

// INPUT 0, 1: uniform(-2, 2)
// INPUT 2: uniform(-1000, 1000)
// TOL 7, 8: rtol=6e-2 atol=6e-2  # 16 bf16 roundings in the accumulation

// REF: a, b, f, m = inp
// REF: out[0] = a.copy()
// REF: out[1] = f.copy()
// REF: out[2] = a + b
// REF: out[3] = a * b
// REF: out[4] = a / (np.abs(b) + np.float32(1))
// REF: out[5] = np.exp(a)
// REF: out[6] = np.tanh(a)
// REF: out[7] = a.sum(axis=1)
// REF: out[8] = a @ m
// REF: out[9] = a.astype(np.int32)
// REF: out[10] = a.astype(np.float64)
// REF: out[11] = np.maximum(a, b)

func.func @bf16(%a: tensor<4x16xbf16>, %b: tensor<4x16xbf16>,
                %f: tensor<4x16xf32>, %m: tensor<16x3xbf16>)
    -> (tensor<4x16xf32>, tensor<4x16xbf16>, tensor<4x16xbf16>,
        tensor<4x16xbf16>, tensor<4x16xbf16>, tensor<4x16xbf16>,
        tensor<4x16xbf16>, tensor<4xbf16>, tensor<4x3xbf16>,
        tensor<4x16xi32>, tensor<4x16xf64>, tensor<4x16xbf16>) {
  %0 = tg.cast %a : tensor<4x16xbf16> -> tensor<4x16xf32>
  %1 = tg.cast %f : tensor<4x16xf32> -> tensor<4x16xbf16>
  %2 = tg.add %a, %b : tensor<4x16xbf16>, tensor<4x16xbf16>
  %3 = tg.mul %a, %b : tensor<4x16xbf16>, tensor<4x16xbf16>
  %one = tg.constant dense<1.0> : tensor<bf16>
  %ab = tg.abs %b : tensor<4x16xbf16>
  %den = tg.add %ab, %one : tensor<4x16xbf16>, tensor<bf16>
  %4 = tg.div %a, %den : tensor<4x16xbf16>, tensor<4x16xbf16>
  %5 = tg.exp %a : tensor<4x16xbf16>
  %6 = tg.tanh %a : tensor<4x16xbf16>
  %7 = tg.reduce sum %a axes = [1] : tensor<4x16xbf16>
  %8 = tg.matmul %a, %m : tensor<4x16xbf16>, tensor<16x3xbf16>
  %9 = tg.cast %a : tensor<4x16xbf16> -> tensor<4x16xi32>
  %10 = tg.cast %a : tensor<4x16xbf16> -> tensor<4x16xf64>
  %11 = tg.max %a, %b : tensor<4x16xbf16>, tensor<4x16xbf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11
      : tensor<4x16xf32>, tensor<4x16xbf16>, tensor<4x16xbf16>,
        tensor<4x16xbf16>, tensor<4x16xbf16>, tensor<4x16xbf16>,
        tensor<4x16xbf16>, tensor<4xbf16>, tensor<4x3xbf16>,
        tensor<4x16xi32>, tensor<4x16xf64>, tensor<4x16xbf16>
}
