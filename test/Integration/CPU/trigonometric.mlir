// RUN: %run-graph %s --work-dir %t

// The trigonometric and hyperbolic ops against numpy, on random f32 and f64
// values inside each function's domain, and on special values: NaN,
// infinities (sin(inf) is NaN, atan(+-inf) = +-pi/2, cosh(-inf) = inf),
// out-of-domain arguments (asin(2), acosh(0.5): NaN), atanh(+-1) = +-inf,
// overflow (sinh(100) in f32: inf), and signed zeros, whose sign the odd
// functions keep (checked through 1/x). f16 computes in f32 and rounds once.

// INPUT 0: uniform(-3, 3)
// INPUT 1: uniform(-1, 1)  # asin, acos, atanh domain
// INPUT 2: uniform(1, 10)  # acosh domain
// INPUT 3: data([nan, inf, -inf, 0.0, -0.0, 2.0, -2.0, 1.0, -1.0, 0.5, 100.0, -100.0])
// INPUT 4: uniform(-3, 3)
// INPUT 5: uniform(-0.9, 0.9)

// REF: x, u, a, s, d, hf = inp
// REF: def all_of(v, w, b):
// REF:     return np.stack([np.sin(v), np.cos(v), np.tan(v), np.arcsin(w),
// REF:                      np.arccos(w), np.arctan(v), np.sinh(v), np.cosh(v),
// REF:                      np.arcsinh(v), np.arccosh(b), np.arctanh(w)])
// REF: out[0] = all_of(x, u, a)
// REF: out[1] = all_of(s, s, s)
// REF: out[2] = 1 / np.stack([np.sin(s), np.tan(s), np.arcsin(s), np.arctan(s),
// REF:                        np.sinh(s), np.arcsinh(s), np.arctanh(s)])
// REF: out[3] = all_of(d, d / 3, np.abs(d) + 1)
// REF: out[4] = np.stack([np.sin(hf), np.cos(hf), np.arcsin(hf), np.arctanh(hf)])

func.func @trigonometric(%x: tensor<64xf32>, %u: tensor<64xf32>,
                         %a: tensor<64xf32>, %s: tensor<12xf32>,
                         %d: tensor<32xf64>, %hf: tensor<16xf16>)
    -> (tensor<11x64xf32>, tensor<11x12xf32>, tensor<7x12xf32>,
        tensor<11x32xf64>, tensor<4x16xf16>) {
  %r0 = func.call @all_f32(%x, %u, %a)
      : (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<11x64xf32>
  %r1 = func.call @all_f32_12(%s)
      : (tensor<12xf32>) -> tensor<11x12xf32>

  %one = tg.constant dense<1.0> : tensor<f32>
  %sin = tg.sin %s : tensor<12xf32>
  %tan = tg.tan %s : tensor<12xf32>
  %asin = tg.asin %s : tensor<12xf32>
  %atan = tg.atan %s : tensor<12xf32>
  %sinh = tg.sinh %s : tensor<12xf32>
  %asinh = tg.asinh %s : tensor<12xf32>
  %atanh = tg.atanh %s : tensor<12xf32>
  %odd = tg.concat %sin, %tan, %asin, %atan, %sinh, %asinh, %atanh axis = 0
      : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>,
        tensor<12xf32>, tensor<12xf32>, tensor<12xf32>
  %odd2 = tg.reshape %odd : tensor<84xf32> -> tensor<7x12xf32>
  %r2 = tg.div %one, %odd2 : tensor<f32>, tensor<7x12xf32>

  %three = tg.constant dense<3.0> : tensor<f64>
  %d3 = tg.div %d, %three : tensor<32xf64>, tensor<f64>
  %onef64 = tg.constant dense<1.0> : tensor<f64>
  %dabs = tg.abs %d : tensor<32xf64>
  %d1 = tg.add %dabs, %onef64 : tensor<32xf64>, tensor<f64>
  %r3 = func.call @all_f64(%d, %d3, %d1)
      : (tensor<32xf64>, tensor<32xf64>, tensor<32xf64>) -> tensor<11x32xf64>

  %hsin = tg.sin %hf : tensor<16xf16>
  %hcos = tg.cos %hf : tensor<16xf16>
  %hasin = tg.asin %hf : tensor<16xf16>
  %hatanh = tg.atanh %hf : tensor<16xf16>
  %h = tg.concat %hsin, %hcos, %hasin, %hatanh axis = 0
      : tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>
  %r4 = tg.reshape %h : tensor<64xf16> -> tensor<4x16xf16>
  return %r0, %r1, %r2, %r3, %r4
      : tensor<11x64xf32>, tensor<11x12xf32>, tensor<7x12xf32>,
        tensor<11x32xf64>, tensor<4x16xf16>
}

func.func private @all_f32(%v: tensor<64xf32>, %w: tensor<64xf32>,
                           %b: tensor<64xf32>) -> tensor<11x64xf32> {
  %0 = tg.sin %v : tensor<64xf32>
  %1 = tg.cos %v : tensor<64xf32>
  %2 = tg.tan %v : tensor<64xf32>
  %3 = tg.asin %w : tensor<64xf32>
  %4 = tg.acos %w : tensor<64xf32>
  %5 = tg.atan %v : tensor<64xf32>
  %6 = tg.sinh %v : tensor<64xf32>
  %7 = tg.cosh %v : tensor<64xf32>
  %8 = tg.asinh %v : tensor<64xf32>
  %9 = tg.acosh %b : tensor<64xf32>
  %10 = tg.atanh %w : tensor<64xf32>
  %c = tg.concat %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 axis = 0
      : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>,
        tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>,
        tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
  %r = tg.reshape %c : tensor<704xf32> -> tensor<11x64xf32>
  return %r : tensor<11x64xf32>
}

func.func private @all_f32_12(%v: tensor<12xf32>) -> tensor<11x12xf32> {
  %0 = tg.sin %v : tensor<12xf32>
  %1 = tg.cos %v : tensor<12xf32>
  %2 = tg.tan %v : tensor<12xf32>
  %3 = tg.asin %v : tensor<12xf32>
  %4 = tg.acos %v : tensor<12xf32>
  %5 = tg.atan %v : tensor<12xf32>
  %6 = tg.sinh %v : tensor<12xf32>
  %7 = tg.cosh %v : tensor<12xf32>
  %8 = tg.asinh %v : tensor<12xf32>
  %9 = tg.acosh %v : tensor<12xf32>
  %10 = tg.atanh %v : tensor<12xf32>
  %c = tg.concat %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 axis = 0
      : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>,
        tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>,
        tensor<12xf32>, tensor<12xf32>, tensor<12xf32>
  %r = tg.reshape %c : tensor<132xf32> -> tensor<11x12xf32>
  return %r : tensor<11x12xf32>
}

func.func private @all_f64(%v: tensor<32xf64>, %w: tensor<32xf64>,
                           %b: tensor<32xf64>) -> tensor<11x32xf64> {
  %0 = tg.sin %v : tensor<32xf64>
  %1 = tg.cos %v : tensor<32xf64>
  %2 = tg.tan %v : tensor<32xf64>
  %3 = tg.asin %w : tensor<32xf64>
  %4 = tg.acos %w : tensor<32xf64>
  %5 = tg.atan %v : tensor<32xf64>
  %6 = tg.sinh %v : tensor<32xf64>
  %7 = tg.cosh %v : tensor<32xf64>
  %8 = tg.asinh %v : tensor<32xf64>
  %9 = tg.acosh %b : tensor<32xf64>
  %10 = tg.atanh %w : tensor<32xf64>
  %c = tg.concat %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 axis = 0
      : tensor<32xf64>, tensor<32xf64>, tensor<32xf64>, tensor<32xf64>,
        tensor<32xf64>, tensor<32xf64>, tensor<32xf64>, tensor<32xf64>,
        tensor<32xf64>, tensor<32xf64>, tensor<32xf64>
  %r = tg.reshape %c : tensor<352xf64> -> tensor<11x32xf64>
  return %r : tensor<11x32xf64>
}
