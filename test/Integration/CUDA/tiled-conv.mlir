// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// Convolutions as implicit GEMMs on the SIMT tiled kernels of
// aotc-cuda-tile-contractions: 3x3 with padding 1, stride 1 and stride 2,
// each with a bias (the accumulator's initial value, broadcast into the
// output before the kernel) and a relu. M is the output channels, N the
// batch and output pixels (not multiples of 64), K the input channels and
// the window (45 = 5 * 3 * 3: two full K tiles of 16 and 13 more).

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of 45 products vs float64
// REF: def conv(x, w, b, stride):
// REF:     n, c, h, wd = x.shape
// REF:     xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (1, 1), (1, 1)])
// REF:     oh, ow = (h - 1) // stride + 1, (wd - 1) // stride + 1
// REF:     y = np.zeros((n, w.shape[0], oh, ow))
// REF:     for kh in range(3):
// REF:         for kw in range(3):
// REF:             win = xp[:, :, kh:kh + (oh - 1) * stride + 1:stride, kw:kw + (ow - 1) * stride + 1:stride]
// REF:             y += np.einsum('nchw,oc->nohw', win, w[:, :, kh, kw].astype(np.float64))
// REF:     return np.maximum(y + b.reshape(1, -1, 1, 1), 0).astype(np.float32)
// REF: x, w1, b1, w2, b2 = inp
// REF: out[0] = conv(x, w1, b1, 1)
// REF: out[1] = conv(x, w2, b2, 2)

func.func @convs(%x: tensor<2x5x13x11xf32>, %w1: tensor<24x5x3x3xf32>,
                 %b1: tensor<24xf32>, %w2: tensor<70x5x3x3xf32>,
                 %b2: tensor<70xf32>)
    -> (tensor<2x24x13x11xf32>, tensor<2x70x7x6xf32>) {
  %0 = tg.conv %x, %w1, %b1 strides = [1, 1] dilations = [1, 1]
      pads = [1, 1, 1, 1]
      : tensor<2x5x13x11xf32>, tensor<24x5x3x3xf32>, tensor<24xf32>
  %1 = tg.relu %0 : tensor<2x24x13x11xf32>
  %2 = tg.conv %x, %w2, %b2 strides = [2, 2] dilations = [1, 1]
      pads = [1, 1, 1, 1]
      : tensor<2x5x13x11xf32>, tensor<70x5x3x3xf32>, tensor<70xf32>
  %3 = tg.relu %2 : tensor<2x70x7x6xf32>
  return %1, %3 : tensor<2x24x13x11xf32>, tensor<2x70x7x6xf32>
}
