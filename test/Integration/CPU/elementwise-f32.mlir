// RUN: %run-graph %s --work-dir %t

// Every elementwise op on f32. %p is positive (log, sqrt, rsqrt and the base
// of pow); %t and %u are drawn from a few values so max and min see ties;
// %nb and %ie are integral, for pow of negative bases.

// INPUT 2: uniform(0.1, 4)
// INPUT 3: uniform(-2, 2)
// INPUT 4, 5: choice(-1, -0.5, 0, 0.5, 1)
// INPUT 6: int(-4, 4)
// INPUT 7: int(-3, 3)
// INPUT 8: uniform(-4, 4)

// REF: a, b, p, e, t, u, nb, ie, w = inp
// REF: out[0] = a + b
// REF: out[1] = a - b
// REF: out[2] = a * b
// REF: out[3] = a / p
// REF: out[4] = np.maximum(t, u)
// REF: out[5] = np.minimum(t, u)
// REF: out[6] = np.power(p, e)
// REF: out[7] = np.power(nb, ie)
// REF: out[8] = -a
// REF: out[9] = np.abs(a)
// REF: out[10] = np.exp(w)
// REF: out[11] = np.log(p)
// REF: out[12] = np.sqrt(p)
// REF: out[13] = (1 / np.sqrt(p.astype(np.float64))).astype(np.float32)
// REF: out[14] = np.tanh(w)
// REF: out[15] = (1 / (1 + np.exp(-w.astype(np.float64)))).astype(np.float32)
// REF: out[16] = np.maximum(a, 0)
// REF: out[17] = erf(w)

func.func @elementwise(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>,
                       %p: tensor<4x8xf32>, %e: tensor<4x8xf32>,
                       %t: tensor<4x8xf32>, %u: tensor<4x8xf32>,
                       %nb: tensor<4x8xf32>, %ie: tensor<4x8xf32>,
                       %w: tensor<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tg.add %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
  %1 = tg.sub %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
  %2 = tg.mul %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
  %3 = tg.div %a, %p : tensor<4x8xf32>, tensor<4x8xf32>
  %4 = tg.max %t, %u : tensor<4x8xf32>, tensor<4x8xf32>
  %5 = tg.min %t, %u : tensor<4x8xf32>, tensor<4x8xf32>
  %6 = tg.pow %p, %e : tensor<4x8xf32>, tensor<4x8xf32>
  %7 = tg.pow %nb, %ie : tensor<4x8xf32>, tensor<4x8xf32>
  %8 = tg.neg %a : tensor<4x8xf32>
  %9 = tg.abs %a : tensor<4x8xf32>
  %10 = tg.exp %w : tensor<4x8xf32>
  %11 = tg.log %p : tensor<4x8xf32>
  %12 = tg.sqrt %p : tensor<4x8xf32>
  %13 = tg.rsqrt %p : tensor<4x8xf32>
  %14 = tg.tanh %w : tensor<4x8xf32>
  %15 = tg.sigmoid %w : tensor<4x8xf32>
  %16 = tg.relu %a : tensor<4x8xf32>
  %17 = tg.erf %w : tensor<4x8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14,
         %15, %16, %17
      : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>
}
