// RUN: %run-graph %s --work-dir %t

// tg.mod: without fmod the integer remainder takes the divisor's sign
// (numpy.mod, Python's %), with fmod the dividend's (numpy.fmod, C's fmod).
// Divisors of 0 and -1 give 0, as in numpy, including INT_MIN mod -1, which
// would trap in a plain x86 idiv. Float fmod is exact: x fmod 0 and
// inf fmod y are NaN, x fmod inf is x, and a zero remainder keeps the
// dividend's sign (-4 fmod 2 = -0.0, seen through 1/x).

// INPUT 0: int(-50, 50)
// INPUT 1: choice(-7, -3, -1, 0, 1, 2, 5, 9)
// INPUT 2: data([-128, -128, 127, -7, 7, -7, 7, 0])
// INPUT 3: data([-1, 3, -128, 3, -3, -3, 0, -5])
// INPUT 4: int(-9223372036854775808, 9223372036854775807)
// INPUT 5: choice(-1000000007, 3, -3, 1000000007)
// INPUT 6: uniform(-100, 100)
// INPUT 7: uniform(-10, 10)
// INPUT 8: data([nan, 1.0, inf, 5.0, -5.0, -4.0, 4.0, -0.0, 5.5, -5.5])
// INPUT 9: data([1.0, nan, 3.0, inf, 0.0, 2.0, -2.0, 3.0, 1.5, -1.5])

// REF: x, d, e, g, l, m, f, h, s, t = inp
// REF: out[0] = np.stack([np.mod(x, d), np.fmod(x, d)])
// REF: out[1] = np.stack([np.mod(e, g), np.fmod(e, g)])
// REF: out[2] = np.stack([np.mod(l, m), np.fmod(l, m)])
// REF: out[3] = np.fmod(f, h)
// REF: out[4] = np.stack([np.fmod(s, t), 1 / np.fmod(s, t)])

func.func @mod(%x: tensor<64xi32>, %d: tensor<64xi32>, %e: tensor<8xi8>,
               %g: tensor<8xi8>, %l: tensor<32xi64>, %m: tensor<32xi64>,
               %f: tensor<64xf32>, %h: tensor<64xf32>, %s: tensor<10xf64>,
               %t: tensor<10xf64>)
    -> (tensor<2x64xi32>, tensor<2x8xi8>, tensor<2x32xi64>, tensor<64xf32>,
        tensor<2x10xf64>) {
  %xm = tg.mod %x, %d : tensor<64xi32>, tensor<64xi32>
  %xf = tg.mod %x, %d fmod : tensor<64xi32>, tensor<64xi32>
  %xc = tg.concat %xm, %xf axis = 0 : tensor<64xi32>, tensor<64xi32>
  %r0 = tg.reshape %xc : tensor<128xi32> -> tensor<2x64xi32>
  %em = tg.mod %e, %g : tensor<8xi8>, tensor<8xi8>
  %ef = tg.mod %e, %g fmod : tensor<8xi8>, tensor<8xi8>
  %ec = tg.concat %em, %ef axis = 0 : tensor<8xi8>, tensor<8xi8>
  %r1 = tg.reshape %ec : tensor<16xi8> -> tensor<2x8xi8>
  %lm = tg.mod %l, %m : tensor<32xi64>, tensor<32xi64>
  %lf = tg.mod %l, %m fmod : tensor<32xi64>, tensor<32xi64>
  %lc = tg.concat %lm, %lf axis = 0 : tensor<32xi64>, tensor<32xi64>
  %r2 = tg.reshape %lc : tensor<64xi64> -> tensor<2x32xi64>
  %r3 = tg.mod %f, %h fmod : tensor<64xf32>, tensor<64xf32>
  %sf = tg.mod %s, %t fmod : tensor<10xf64>, tensor<10xf64>
  %one = tg.constant dense<1.0> : tensor<f64>
  %inv = tg.div %one, %sf : tensor<f64>, tensor<10xf64>
  %sc = tg.concat %sf, %inv axis = 0 : tensor<10xf64>, tensor<10xf64>
  %r4 = tg.reshape %sc : tensor<20xf64> -> tensor<2x10xf64>
  return %r0, %r1, %r2, %r3, %r4
      : tensor<2x64xi32>, tensor<2x8xi8>, tensor<2x32xi64>, tensor<64xf32>,
        tensor<2x10xf64>
}
