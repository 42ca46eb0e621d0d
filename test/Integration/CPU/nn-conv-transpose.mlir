// RUN: %run-graph %s --work-dir %t

// tg.conv_transpose against a numpy reference in scatter form (every input
// element adds its products to a strided window of a full-size output,
// which is then cropped by the pads), in float64. The dilated ones (2-D
// with bias, strides, asymmetric pads and output_padding; 3-D) run through
// the lowering's gather; the others (grouped 2-D, 1-D, i32 compared
// exactly), whose weights are graph inputs, as one convolution per output
// phase (aotc-tg-conv-transpose-as-convs: a tg.gather of each phase's
// weights).

// INPUT 8, 9: int(-5, 5)

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of up to 27 products vs float64

// REF: def conv_transpose(x, w, b, strides, dilations, pads, output_padding, group=1):
// REF:     n = x.ndim - 2
// REF:     N, C, D = x.shape[0], x.shape[1], x.shape[2:]
// REF:     mg, ks = w.shape[1], w.shape[2:]
// REF:     cg, M = C // group, w.shape[1] * group
// REF:     full = [strides[i] * (D[i] - 1) + dilations[i] * (ks[i] - 1) + 1 + output_padding[i] for i in range(n)]
// REF:     y = np.zeros((N, M, *full))
// REF:     for k in np.ndindex(*ks):
// REF:         window = tuple(slice(k[i] * dilations[i], k[i] * dilations[i] + (D[i] - 1) * strides[i] + 1, strides[i]) for i in range(n))
// REF:         for g in range(group):
// REF:             xs = x[:, g * cg:(g + 1) * cg].astype(np.float64)
// REF:             ws = w[(slice(g * cg, (g + 1) * cg), slice(None)) + k].astype(np.float64)
// REF:             y[(slice(None), slice(g * mg, (g + 1) * mg)) + window] += np.einsum('nc...,cm->nm...', xs, ws)
// REF:     y = y[(slice(None), slice(None)) + tuple(slice(pads[i], full[i] - pads[n + i]) for i in range(n))]
// REF:     if b is not None:
// REF:         y += b.reshape((1, M) + (1,) * n)
// REF:     return y.astype(x.dtype)
// REF: x2, w2, b2, wg, x1, w1, x3, w3, xi, wi, b3 = inp
// REF: out[0] = conv_transpose(x2, w2, b2, [2, 3], [1, 2], [1, 0, 0, 2], [1, 0])
// REF: out[1] = conv_transpose(x2, wg, None, [2, 2], [1, 1], [0, 0, 0, 0], [0, 0], group=2)
// REF: out[2] = conv_transpose(x1, w1, None, [3], [1], [1, 1], [2])
// REF: out[3] = conv_transpose(x3, w3, b3, [1, 2, 2], [2, 1, 1], [0, 1, 1, 1, 0, 0], [0, 1, 0])
// REF: out[4] = conv_transpose(xi, wi, None, [2, 2], [1, 1], [1, 1, 1, 1], [0, 0])

func.func @conv_transpose(%x2: tensor<2x4x3x4xf32>, %w2: tensor<4x3x3x2xf32>,
                          %b2: tensor<3xf32>, %wg: tensor<4x3x2x3xf32>,
                          %x1: tensor<1x2x5xf32>, %w1: tensor<2x3x4xf32>,
                          %x3: tensor<1x2x3x3x2xf32>,
                          %w3: tensor<2x2x2x3x3xf32>,
                          %xi: tensor<1x2x3x3xi32>, %wi: tensor<2x2x3x3xi32>,
                          %b3: tensor<2xf32>)
    -> (tensor<2x3x7x10xf32>, tensor<2x6x6x9xf32>, tensor<1x3x16xf32>,
        tensor<1x2x4x7x4xf32>, tensor<1x2x5x5xi32>) {
  %0 = tg.conv_transpose %x2, %w2, %b2 strides = [2, 3] dilations = [1, 2]
      pads = [1, 0, 0, 2] output_padding = [1, 0]
      : tensor<2x4x3x4xf32>, tensor<4x3x3x2xf32>, tensor<3xf32>
  %1 = tg.conv_transpose %x2, %wg strides = [2, 2] dilations = [1, 1]
      pads = [0, 0, 0, 0] output_padding = [0, 0] group = 2
      : tensor<2x4x3x4xf32>, tensor<4x3x2x3xf32>
  %2 = tg.conv_transpose %x1, %w1 strides = [3] dilations = [1] pads = [1, 1]
      output_padding = [2] : tensor<1x2x5xf32>, tensor<2x3x4xf32>
  %3 = tg.conv_transpose %x3, %w3, %b3 strides = [1, 2, 2]
      dilations = [2, 1, 1] pads = [0, 1, 1, 1, 0, 0]
      output_padding = [0, 1, 0]
      : tensor<1x2x3x3x2xf32>, tensor<2x2x2x3x3xf32>, tensor<2xf32>
  %4 = tg.conv_transpose %xi, %wi strides = [2, 2] dilations = [1, 1]
      pads = [1, 1, 1, 1] output_padding = [0, 0]
      : tensor<1x2x3x3xi32>, tensor<2x2x3x3xi32>
  return %0, %1, %2, %3, %4
      : tensor<2x3x7x10xf32>, tensor<2x6x6x9xf32>, tensor<1x3x16xf32>,
        tensor<1x2x4x7x4xf32>, tensor<1x2x5x5xi32>
}
