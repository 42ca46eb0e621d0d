// RUN: %run-graph %s --work-dir %t

// tg.conv against a numpy reference that sums, per kernel offset, a strided
// window of the padded input times the weights (einsum per group), in
// float64: 2-D with bias, strides, asymmetric pads and dilations (the named
// linalg.conv_2d_nchw_fchw path); grouped and depthwise 2-D (the
// linalg.generic path); 1-D and 3-D (named); and i32, compared exactly.

// INPUT 7, 8: int(-5, 5)

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of up to 75 products vs float64

// REF: def conv(x, w, b, strides, dilations, pads, group=1):
// REF:     n = x.ndim - 2
// REF:     xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + [(pads[i], pads[n + i]) for i in range(n)])
// REF:     N, C = x.shape[:2]
// REF:     M, ks = w.shape[0], w.shape[2:]
// REF:     cg, mg = C // group, M // group
// REF:     outs = [(xp.shape[2 + i] - dilations[i] * (ks[i] - 1) - 1) // strides[i] + 1 for i in range(n)]
// REF:     y = np.zeros((N, M, *outs))
// REF:     for k in np.ndindex(*ks):
// REF:         window = tuple(slice(k[i] * dilations[i], k[i] * dilations[i] + (outs[i] - 1) * strides[i] + 1, strides[i]) for i in range(n))
// REF:         for g in range(group):
// REF:             xs = xp[(slice(None), slice(g * cg, (g + 1) * cg)) + window]
// REF:             ws = w[(slice(g * mg, (g + 1) * mg), slice(None)) + k].astype(np.float64)
// REF:             y[:, g * mg:(g + 1) * mg] += np.einsum('nc...,mc->nm...', xs, ws)
// REF:     if b is not None:
// REF:         y += b.reshape((1, M) + (1,) * n)
// REF:     return y.astype(x.dtype)
// REF: x2, w2, b2, wg, wd, x1, w1, xi, wi, x3, w3, b3 = inp
// REF: out[0] = conv(x2, w2, b2, [2, 1], [1, 2], [1, 0, 2, 1])
// REF: out[1] = conv(x2, wg, None, [1, 1], [1, 1], [1, 1, 1, 1], group=2)
// REF: out[2] = conv(x2, wd, None, [2, 2], [1, 1], [0, 0, 1, 1], group=4)
// REF: out[3] = conv(x1, w1, None, [3], [2], [2, 1])
// REF: out[4] = conv(xi, wi, None, [1, 1], [1, 1], [1, 1, 1, 1])
// REF: out[5] = conv(x3, w3, b3, [1, 2, 1], [1, 1, 2], [1, 0, 0, 1, 0, 2])

func.func @conv(%x2: tensor<2x4x7x9xf32>, %w2: tensor<3x4x3x3xf32>,
                %b2: tensor<3xf32>, %wg: tensor<6x2x3x3xf32>,
                %wd: tensor<8x1x2x2xf32>, %x1: tensor<1x3x11xf32>,
                %w1: tensor<5x3x4xf32>, %xi: tensor<1x2x5x5xi32>,
                %wi: tensor<3x2x3x3xi32>, %x3: tensor<1x2x4x5x6xf32>,
                %w3: tensor<3x2x2x3x2xf32>, %b3: tensor<3xf32>)
    -> (tensor<2x3x4x6xf32>, tensor<2x6x7x9xf32>, tensor<2x8x4x5xf32>,
        tensor<1x5x3xf32>, tensor<1x3x5x5xi32>, tensor<1x3x5x2x6xf32>) {
  %0 = tg.conv %x2, %w2, %b2 strides = [2, 1] dilations = [1, 2]
      pads = [1, 0, 2, 1]
      : tensor<2x4x7x9xf32>, tensor<3x4x3x3xf32>, tensor<3xf32>
  %1 = tg.conv %x2, %wg strides = [1, 1] dilations = [1, 1]
      pads = [1, 1, 1, 1] group = 2
      : tensor<2x4x7x9xf32>, tensor<6x2x3x3xf32>
  %2 = tg.conv %x2, %wd strides = [2, 2] dilations = [1, 1]
      pads = [0, 0, 1, 1] group = 4
      : tensor<2x4x7x9xf32>, tensor<8x1x2x2xf32>
  %3 = tg.conv %x1, %w1 strides = [3] dilations = [2] pads = [2, 1]
      : tensor<1x3x11xf32>, tensor<5x3x4xf32>
  %4 = tg.conv %xi, %wi strides = [1, 1] dilations = [1, 1]
      pads = [1, 1, 1, 1] : tensor<1x2x5x5xi32>, tensor<3x2x3x3xi32>
  %5 = tg.conv %x3, %w3, %b3 strides = [1, 2, 1] dilations = [1, 1, 2]
      pads = [1, 0, 0, 1, 0, 2]
      : tensor<1x2x4x5x6xf32>, tensor<3x2x2x3x2xf32>, tensor<3xf32>
  return %0, %1, %2, %3, %4, %5
      : tensor<2x3x4x6xf32>, tensor<2x6x7x9xf32>, tensor<2x8x4x5xf32>,
        tensor<1x5x3xf32>, tensor<1x3x5x5xi32>, tensor<1x3x5x2x6xf32>
}
