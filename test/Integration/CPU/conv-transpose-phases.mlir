// RUN: %run-graph %s --work-dir %t --seed 1
// RUN: %run-graph %s --work-dir %t --seed 2
// RUN: aotc-opt %s --aotc-tg-conv-transpose-as-convs | FileCheck %s

// Transposed convolutions with constant weights, as an exporter writes a
// decoder's upsampling, computed as one convolution per output phase
// (aotc-tg-conv-transpose-as-convs), against numpy in scatter form: a 2x2
// kernel of stride 2 with a bias (a text detector's head: four pointwise
// convolutions, interleaved), and a grouped depthwise 3x3 of stride 2 with
// pads 1 and output_padding 1 (phases of 1, 2 and 4 taps).

// CHECK-LABEL: func.func @conv_transpose_phases(
// CHECK-COUNT-4: tg.conv {{.+}} : tensor<1x2x5x7xf32>, tensor<3x2x1x1xf32>
// CHECK-NOT:     tg.conv_transpose
// CHECK-NOT:     tg.gather

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of a few products vs float64

// REF: def conv_transpose(x, w, b, strides, pads, output_padding, group=1):
// REF:     n = x.ndim - 2
// REF:     N, C, D = x.shape[0], x.shape[1], x.shape[2:]
// REF:     mg, ks = w.shape[1], w.shape[2:]
// REF:     cg, M = C // group, w.shape[1] * group
// REF:     full = [strides[i] * (D[i] - 1) + ks[i] + output_padding[i] for i in range(n)]
// REF:     y = np.zeros((N, M, *full))
// REF:     for k in np.ndindex(*ks):
// REF:         window = tuple(slice(k[i], k[i] + (D[i] - 1) * strides[i] + 1, strides[i]) for i in range(n))
// REF:         for g in range(group):
// REF:             xs = x[:, g * cg:(g + 1) * cg].astype(np.float64)
// REF:             ws = w[(slice(g * cg, (g + 1) * cg), slice(None)) + k].astype(np.float64)
// REF:             y[(slice(None), slice(g * mg, (g + 1) * mg)) + window] += np.einsum('nc...,cm->nm...', xs, ws)
// REF:     y = y[(slice(None), slice(None)) + tuple(slice(pads[i], full[i] - pads[n + i]) for i in range(n))]
// REF:     if b is not None:
// REF:         y += b.reshape((1, M) + (1,) * n)
// REF:     return y.astype(np.float32)
// REF: x, b, z = inp
// REF: w1 = np.array([[[[-0.83, -0.53], [0.6, 0.16]], [[-0.81, -0.13], [-0.04, -0.68]], [[0.47, -0.77], [-0.22, 0.03]]], [[[-0.14, 0.17], [0.48, 0.91]], [[-0.43, 0.3], [0.39, -0.41]], [[-1.0, 0.95], [-0.4, -0.37]]]], np.float32)
// REF: w2 = np.array([[[[0.78, 0.17, -0.06], [0.55, -0.94, 0.41], [-0.25, -0.82, 0.32]]], [[[0.86, -0.59, 0.26], [-0.4, 0.48, 0.44], [-0.56, 0.66, 0.32]]], [[[0.37, 0.64, -0.14], [0.52, 0.76, -0.8], [0.7, -0.21, -0.04]]], [[[-0.71, 0.4, -0.42], [0.74, -0.45, 0.12], [-0.2, 0.23, -0.61]]]], np.float32)
// REF: out[0] = conv_transpose(x, w1, b, [2, 2], [0, 0, 0, 0], [0, 0])
// REF: out[1] = conv_transpose(z, w2, None, [2, 2], [1, 1, 1, 1], [1, 1], group=4)

func.func @conv_transpose_phases(%x: tensor<1x2x5x7xf32>, %b: tensor<3xf32>,
                                 %z: tensor<1x4x4x6xf32>)
    -> (tensor<1x3x10x14xf32>, tensor<1x4x8x12xf32>) {
  %w1 = tg.constant dense<[[[[-0.83, -0.53], [0.60, 0.16]], [[-0.81, -0.13], [-0.04, -0.68]], [[0.47, -0.77], [-0.22, 0.03]]], [[[-0.14, 0.17], [0.48, 0.91]], [[-0.43, 0.30], [0.39, -0.41]], [[-1.00, 0.95], [-0.40, -0.37]]]]> : tensor<2x3x2x2xf32>
  %w2 = tg.constant dense<[[[[0.78, 0.17, -0.06], [0.55, -0.94, 0.41], [-0.25, -0.82, 0.32]]], [[[0.86, -0.59, 0.26], [-0.40, 0.48, 0.44], [-0.56, 0.66, 0.32]]], [[[0.37, 0.64, -0.14], [0.52, 0.76, -0.80], [0.70, -0.21, -0.04]]], [[[-0.71, 0.40, -0.42], [0.74, -0.45, 0.12], [-0.20, 0.23, -0.61]]]]> : tensor<4x1x3x3xf32>
  %0 = tg.conv_transpose %x, %w1, %b strides = [2, 2] dilations = [1, 1]
      pads = [0, 0, 0, 0] output_padding = [0, 0]
      : tensor<1x2x5x7xf32>, tensor<2x3x2x2xf32>, tensor<3xf32>
  %1 = tg.conv_transpose %z, %w2 strides = [2, 2] dilations = [1, 1]
      pads = [1, 1, 1, 1] output_padding = [1, 1] group = 4
      : tensor<1x4x4x6xf32>, tensor<4x1x3x3xf32>
  return %0, %1 : tensor<1x3x10x14xf32>, tensor<1x4x8x12xf32>
}
