// RUN: %run-graph %s --work-dir %t --seed 1
// RUN: %run-graph %s --work-dir %t --seed 2
// RUN: aotc-opt %s --aotc-tg-split-padded-convs | FileCheck %s

// Convolutions whose taps mostly read padding, split into one pointwise
// convolution per tap that reads the image (aotc-tg-split-padded-convs),
// against numpy: DeepLabV3's atrous taps 24 apart on a 14x14 image with a
// bias (one tap left), 12 apart (all 9 taps, over windows of 2, 14 or 2
// outputs), stride 2 with dilation 6 and uneven pads on 9x11, a grouped one
// (2 groups), and a 1-D one, 25 apart on 30 samples. The last is an ordinary 3x3 convolution,
// which is left whole.

// Every dilated convolution is split; the ordinary one stays.
// CHECK-LABEL: func.func @split_padded_convs(
// CHECK-NOT:     dilations = [{{[0-9]*[02-9]}}
// CHECK:         tg.conv {{.+}} dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x8x14x14xf32>, tensor<4x8x3x3xf32>, tensor<4xf32>
// CHECK-NOT:     dilations = [{{[0-9]*[02-9]}}

// REF: x, w, b, y, v, g, gw, sw = inp
// REF: def conv(x, w, b, strides, dil, pads, group=1):
// REF:     x = x.astype(np.float64); w = w.astype(np.float64)
// REF:     sp = x.ndim - 2
// REF:     xp = np.pad(x, [(0, 0), (0, 0)] + [(pads[i], pads[sp + i]) for i in range(sp)])
// REF:     out = [(xp.shape[2 + i] - dil[i] * (w.shape[2 + i] - 1) - 1) // strides[i] + 1 for i in range(sp)]
// REF:     n, c = x.shape[:2]; m = w.shape[0]; cg = c // group; mg = m // group
// REF:     r = np.zeros([n, m] + out)
// REF:     for tap in np.ndindex(*w.shape[2:]):
// REF:         sl = tuple(slice(tap[i] * dil[i], tap[i] * dil[i] + strides[i] * (out[i] - 1) + 1, strides[i]) for i in range(sp))
// REF:         patch = xp[(slice(None), slice(None)) + sl]
// REF:         for k in range(group):
// REF:             wk = w[(slice(k * mg, (k + 1) * mg), slice(None)) + tap]
// REF:             r[:, k * mg:(k + 1) * mg] += np.einsum('nc...,mc->nm...', patch[:, k * cg:(k + 1) * cg], wk)
// REF:     if b is not None:
// REF:         r += b.astype(np.float64).reshape([1, m] + [1] * sp)
// REF:     return r.astype(np.float32)
// REF: out[0] = conv(x, w, b, [1, 1], [24, 24], [24, 24, 24, 24])
// REF: out[1] = conv(x, w, None, [1, 1], [12, 12], [12, 12, 12, 12])
// REF: out[2] = conv(y, w, None, [2, 2], [6, 6], [5, 7, 6, 4])
// REF: out[3] = conv(g, gw, None, [1, 1], [8, 8], [8, 8, 8, 8], group=2)
// REF: out[4] = conv(v, sw, None, [1], [25], [25, 25])
// REF: out[5] = conv(x, w, b, [1, 1], [1, 1], [1, 1, 1, 1])

func.func @split_padded_convs(%x: tensor<1x8x14x14xf32>, %w: tensor<4x8x3x3xf32>,
                              %b: tensor<4xf32>, %y: tensor<2x8x9x11xf32>,
                              %v: tensor<2x8x30xf32>, %g: tensor<1x8x10x10xf32>,
                              %gw: tensor<6x4x3x3xf32>, %sw: tensor<5x8x3xf32>)
    -> (tensor<1x4x14x14xf32>, tensor<1x4x14x14xf32>, tensor<2x4x4x5xf32>,
        tensor<1x6x10x10xf32>, tensor<2x5x30xf32>, tensor<1x4x14x14xf32>) {
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [24, 24] pads = [24, 24, 24, 24] : tensor<1x8x14x14xf32>, tensor<4x8x3x3xf32>, tensor<4xf32>
  %1 = tg.conv %x, %w strides = [1, 1] dilations = [12, 12] pads = [12, 12, 12, 12] : tensor<1x8x14x14xf32>, tensor<4x8x3x3xf32>
  %2 = tg.conv %y, %w strides = [2, 2] dilations = [6, 6] pads = [5, 7, 6, 4] : tensor<2x8x9x11xf32>, tensor<4x8x3x3xf32>
  %3 = tg.conv %g, %gw strides = [1, 1] dilations = [8, 8] pads = [8, 8, 8, 8] group = 2 : tensor<1x8x10x10xf32>, tensor<6x4x3x3xf32>
  %4 = tg.conv %v, %sw strides = [1] dilations = [25] pads = [25, 25] : tensor<2x8x30xf32>, tensor<5x8x3xf32>
  %5 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x8x14x14xf32>, tensor<4x8x3x3xf32>, tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x4x14x14xf32>, tensor<1x4x14x14xf32>, tensor<2x4x4x5xf32>, tensor<1x6x10x10xf32>, tensor<2x5x30xf32>, tensor<1x4x14x14xf32>
}
