// RUN: %run-graph %s --work-dir %t

// tg.layer_norm compiled and run (two passes over the data:
// docs/ops-normalization.md) against NumPy's (x - mean) / sqrt(var + eps)
// in float64:
// - f32 over the last axis, with a scale and a bias (tg.mul, tg.add) that
//   fuse into the second pass; over the last two axes (axis 1 of 2x3x5);
// - a large mean, 10000 + N(0, 1): the normalized values are O(1), but the
//   mean's f32 rounding alone (ulp(10000) = 0.001) would put errors of 1e-3
//   into them, and E[x^2] - E[x]^2 would cancel to noise. The composition
//   the importer used to emit is off by 7.5e-3 here; tg.layer_norm's shifted
//   sums are within the default f32 tolerance;
// - an outlier as every row's first element (the shift): 10000 followed by
//   N(0, 1) values. Shifted sums in f32 lose 7e-4 of the variance to
//   cancellation here (measured), and x - k in f32 puts 4e-5 relative errors
//   into the small outputs; tg.layer_norm's f64 sums and its mean split into
//   two f32 values keep every output within about 1 ulp;
// - special rows: a NaN (NaN row), constant (0, the variance is 0), +inf
//   (NaN row, as NumPy gives);
// - f16 and bf16 with an offset mean, computed in f32 and rounded once;
// - PyTorch's decomposition (mean, sub, pow, mean, add, sqrt, div) of the
//   large-mean input, which aotc-tg-raise-normalizations turns into
//   tg.layer_norm: as accurate as the op.

// INPUT 0: normal(0, 1)
// INPUT 3: normal(0, 2)
// INPUT 4: normal(10000, 1)
// INPUT 5: normal(0, 1)
// INPUT 6: data([[1, 2, nan, 4], [3, 3, 3, 3], [1, inf, 2, 3]])
// INPUT 7: normal(100, 4)
// INPUT 8: normal(-50, 10)

// REF: x, w, b, y, big, tail, special, h, hb = inp
// REF: def layer_norm(v, axis, eps=1e-5):
// REF:     u = v.astype(np.float64)
// REF:     axes = tuple(range(axis, u.ndim))
// REF:     m = u.mean(axis=axes, keepdims=True)
// REF:     var = ((u - m) ** 2).mean(axis=axes, keepdims=True)
// REF:     return (u - m) / np.sqrt(var + eps)
// REF: out[0] = (layer_norm(x, 1) * w + b).astype(np.float32)
// REF: out[1] = layer_norm(y, 1, 0.1).astype(np.float32)
// REF: out[2] = layer_norm(big, 1).astype(np.float32)
// REF: outlier = np.concatenate([np.full((16, 1), 1e4), tail], axis=1)
// REF: out[3] = layer_norm(outlier, 1).astype(np.float32)
// REF: out[4] = layer_norm(special, 1).astype(np.float32)
// REF: out[5] = layer_norm(h, 1).astype(np.float16)
// REF: out[6] = layer_norm(hb, 1).astype(np.float32)
// REF: out[7] = layer_norm(big, 1).astype(np.float32)

func.func @layer_norm(%x: tensor<4x64xf32>, %w: tensor<64xf32>,
                      %b: tensor<64xf32>, %y: tensor<2x3x5xf32>,
                      %big: tensor<16x768xf32>, %tail: tensor<16x767xf32>,
                      %special: tensor<3x4xf32>, %h: tensor<3x40xf16>,
                      %hb: tensor<2x3x8xbf16>)
    -> (tensor<4x64xf32>, tensor<2x3x5xf32>, tensor<16x768xf32>,
        tensor<16x768xf32>, tensor<3x4xf32>, tensor<3x40xf16>,
        tensor<2x3x8xbf16>, tensor<16x768xf32>) {
  %n0 = tg.layer_norm %x axis = 1 epsilon = 1.0e-05 : tensor<4x64xf32>
  %s0 = tg.mul %n0, %w : tensor<4x64xf32>, tensor<64xf32>
  %0 = tg.add %s0, %b : tensor<4x64xf32>, tensor<64xf32>
  %1 = tg.layer_norm %y axis = 1 epsilon = 0.1 : tensor<2x3x5xf32>
  %2 = tg.layer_norm %big axis = 1 epsilon = 1.0e-05 : tensor<16x768xf32>
  %lead = tg.constant dense<1.0e4> : tensor<16x1xf32>
  %outlier = tg.concat %lead, %tail axis = 1 : tensor<16x1xf32>, tensor<16x767xf32>
  %3 = tg.layer_norm %outlier axis = 1 epsilon = 1.0e-05 : tensor<16x768xf32>
  %4 = tg.layer_norm %special axis = 1 epsilon = 1.0e-05 : tensor<3x4xf32>
  %5 = tg.layer_norm %h axis = 1 epsilon = 1.0e-05 : tensor<3x40xf16>
  %6 = tg.layer_norm %hb axis = 1 epsilon = 1.0e-05 : tensor<2x3x8xbf16>

  %mean = tg.reduce mean %big axes = [1] keepdims : tensor<16x768xf32>
  %d = tg.sub %big, %mean : tensor<16x768xf32>, tensor<16x1xf32>
  %two = tg.constant dense<2.0> : tensor<f32>
  %sq = tg.pow %d, %two : tensor<16x768xf32>, tensor<f32>
  %var = tg.reduce mean %sq axes = [1] keepdims : tensor<16x768xf32>
  %eps = tg.constant dense<1.0e-5> : tensor<f32>
  %ve = tg.add %var, %eps : tensor<16x1xf32>, tensor<f32>
  %std = tg.sqrt %ve : tensor<16x1xf32>
  %7 = tg.div %d, %std : tensor<16x768xf32>, tensor<16x1xf32>

  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4x64xf32>, tensor<2x3x5xf32>,
      tensor<16x768xf32>, tensor<16x768xf32>, tensor<3x4xf32>,
      tensor<3x40xf16>, tensor<2x3x8xbf16>, tensor<16x768xf32>
}
