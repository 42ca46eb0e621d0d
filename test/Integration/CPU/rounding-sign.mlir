// RUN: %run-graph %s --work-dir %t

// floor, ceil, round (half to even) and sign on f32, f64, f16 and bf16, with
// the values where they differ: halves of odd and even integers, negative
// fractions that round to -0.0 (checked through 1/x, whose sign shows it),
// signed zeros, NaN, infinities, and floats too large to have a fraction.
// sign keeps zeros (sign(-0.0) = -0.0) and NaN. Integer sign on i8 and i64
// covers the extremes.

// INPUT 0: data([[0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.3, -0.3, 0.7, -0.7], [nan, inf, -inf, 0.0, -0.0, 1e30, -1e30, 8388609.0, 4.5, -3.5]])
// INPUT 1: uniform(-100, 100)
// INPUT 2: data([0.5, 1.5, 2.5, -0.5, -2.5, 2049.0, nan, -inf])
// INPUT 3: data([0.5, 1.5, 2.5, -0.5, -2.5, 3.0e38, nan, -inf])
// INPUT 4: data([-128, -1, 0, 1, 127, -7, 7, 0])
// INPUT 5: data([-9223372036854775808, -5, 0, 5, 9223372036854775807, 1])

// REF: x, y, h, g, c, l = inp
// REF: def sign(v):  # numpy's sign turns -0.0 into +0.0; tg keeps it
// REF:     return np.where(v == 0, v, np.sign(v)).astype(v.dtype)
// REF: def ops(v):
// REF:     return np.stack([np.floor(v), np.ceil(v), np.round(v), sign(v)])
// REF: out[0] = ops(x)
// REF: out[1] = np.stack([1 / np.ceil(x), 1 / np.round(x), 1 / sign(x)])
// REF: out[2] = ops(y)
// REF: out[3] = ops(h)
// REF: out[4] = ops(g)
// REF: out[5] = np.sign(c)
// REF: out[6] = np.sign(l)

func.func @rounding_sign(%x: tensor<2x10xf32>, %y: tensor<64xf64>,
                         %h: tensor<8xf16>, %g: tensor<8xbf16>,
                         %c: tensor<8xi8>, %l: tensor<6xi64>)
    -> (tensor<4x2x10xf32>, tensor<3x2x10xf32>, tensor<4x64xf64>,
        tensor<4x8xf16>, tensor<4x8xbf16>, tensor<8xi8>, tensor<6xi64>) {
  %xf = tg.floor %x : tensor<2x10xf32>
  %xc = tg.ceil %x : tensor<2x10xf32>
  %xr = tg.round %x : tensor<2x10xf32>
  %xs = tg.sign %x : tensor<2x10xf32>
  %xall = tg.concat %xf, %xc, %xr, %xs axis = 0
      : tensor<2x10xf32>, tensor<2x10xf32>, tensor<2x10xf32>, tensor<2x10xf32>
  %x4 = tg.reshape %xall : tensor<8x10xf32> -> tensor<4x2x10xf32>

  %one = tg.constant dense<1.0> : tensor<f32>
  %ic = tg.div %one, %xc : tensor<f32>, tensor<2x10xf32>
  %ir = tg.div %one, %xr : tensor<f32>, tensor<2x10xf32>
  %is = tg.div %one, %xs : tensor<f32>, tensor<2x10xf32>
  %inv = tg.concat %ic, %ir, %is axis = 0
      : tensor<2x10xf32>, tensor<2x10xf32>, tensor<2x10xf32>
  %inv3 = tg.reshape %inv : tensor<6x10xf32> -> tensor<3x2x10xf32>

  %yf = tg.floor %y : tensor<64xf64>
  %yc = tg.ceil %y : tensor<64xf64>
  %yr = tg.round %y : tensor<64xf64>
  %ys = tg.sign %y : tensor<64xf64>
  %yall = tg.concat %yf, %yc, %yr, %ys axis = 0
      : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>
  %y4 = tg.reshape %yall : tensor<256xf64> -> tensor<4x64xf64>

  %hf = tg.floor %h : tensor<8xf16>
  %hc = tg.ceil %h : tensor<8xf16>
  %hr = tg.round %h : tensor<8xf16>
  %hs = tg.sign %h : tensor<8xf16>
  %hall = tg.concat %hf, %hc, %hr, %hs axis = 0
      : tensor<8xf16>, tensor<8xf16>, tensor<8xf16>, tensor<8xf16>
  %h4 = tg.reshape %hall : tensor<32xf16> -> tensor<4x8xf16>

  %gf = tg.floor %g : tensor<8xbf16>
  %gc = tg.ceil %g : tensor<8xbf16>
  %gr = tg.round %g : tensor<8xbf16>
  %gs = tg.sign %g : tensor<8xbf16>
  %gall = tg.concat %gf, %gc, %gr, %gs axis = 0
      : tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>
  %g4 = tg.reshape %gall : tensor<32xbf16> -> tensor<4x8xbf16>

  %cs = tg.sign %c : tensor<8xi8>
  %ls = tg.sign %l : tensor<6xi64>
  return %x4, %inv3, %y4, %h4, %g4, %cs, %ls
      : tensor<4x2x10xf32>, tensor<3x2x10xf32>, tensor<4x64xf64>,
        tensor<4x8xf16>, tensor<4x8xbf16>, tensor<8xi8>, tensor<6xi64>
}
