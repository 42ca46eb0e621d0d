// RUN: %run-graph %s --work-dir %t --seed 1
// RUN: %run-graph %s --work-dir %t --seed 2
// RUN: aotc-opt %s --aotc-tg-strided-convs-as-phases | FileCheck %s

// Strided convolutions whose kernels are whole strides, computed as
// stride-1 convolutions over the input's phases stacked as channels
// (aotc-tg-strided-convs-as-phases), against numpy: a 1-D convolution of
// stride 3 with two taps per phase, pads and a bias, on a batch of 2 (the
// image cut from 26 to the 24 elements its 7 outputs read); a 2-D one of
// strides 2x2 with pads on one side of each dimension; one of stride 1
// down the rows and 4 across them (a patch row); and a stride-2 kernel of
// 3, which is no whole number of strides and stays.

// CHECK-LABEL: func.func @strided_conv_phases(
// CHECK:         tg.conv {{.+}} strides = [1] dilations = [1] pads = [0, 0] : tensor<2x3x8xf32>, tensor<4x3x2xf32>, tensor<4xf32>
// CHECK:         tg.conv {{.+}} strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x12x5x5xf32>, tensor<5x12x1x2xf32>
// CHECK:         tg.conv {{.+}} strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x8x9x3xf32>, tensor<3x8x3x1xf32>
// CHECK:         tg.conv {{.+}} strides = [2] dilations = [1] pads = [1, 1] : tensor<1x2x9xf32>, tensor<2x2x3xf32>

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of a few products vs float64

// REF: def conv(x, w, b, strides, pads):
// REF:     n = x.ndim - 2
// REF:     x = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + [(pads[i], pads[n + i]) for i in range(n)])
// REF:     ks = w.shape[2:]
// REF:     outs = [(x.shape[2 + i] - ks[i]) // strides[i] + 1 for i in range(n)]
// REF:     y = np.zeros((x.shape[0], w.shape[0], *outs))
// REF:     for k in np.ndindex(*ks):
// REF:         window = tuple(slice(k[i], k[i] + (outs[i] - 1) * strides[i] + 1, strides[i]) for i in range(n))
// REF:         y += np.einsum('nc...,mc->nm...', x[(slice(None), slice(None)) + window], w[(slice(None), slice(None)) + k].astype(np.float64))
// REF:     if b is not None:
// REF:         y += b.reshape((1, -1) + (1,) * n)
// REF:     return y.astype(np.float32)
// REF: x1, b1, x2, x3, x4 = inp
// REF: out[0] = conv(x1, np.array([[[-0.83, -0.53, 0.60, 0.16, -0.81, -0.13]], [[-0.04, -0.68, 0.47, -0.77, -0.22, 0.03]], [[-0.14, 0.17, 0.48, 0.91, -0.43, 0.30]], [[0.39, -0.41, -1.00, 0.95, -0.40, -0.37]]], np.float32), b1, [3], [2, 1])
// REF: out[1] = conv(x2, np.array([[[[0.78, 0.17, -0.06, 0.55], [-0.94, 0.41, -0.25, -0.82]], [[0.32, 0.86, -0.59, 0.26], [-0.40, 0.48, 0.44, -0.56]], [[0.66, 0.32, 0.37, 0.64], [-0.14, 0.52, 0.76, -0.80]]], [[[0.70, -0.21, -0.04, -0.71], [0.40, -0.42, 0.74, -0.45]], [[0.12, -0.20, 0.23, -0.61], [-0.64, 0.49, 0.50, 0.13]], [[0.84, -0.59, 0.70, -0.66], [0.93, 0.25, 0.21, 0.94]]], [[[0.57, 0.58, -0.89, -0.26], [-0.83, -0.61, -0.57, 0.72]], [[-0.75, -0.41, -0.01, 0.70], [0.93, 0.42, -0.57, 0.09]], [[0.41, -0.90, 0.36, -0.26], [0.18, 0.34, 0.34, 0.05]]], [[[0.11, -0.60, -0.01, -0.75], [-0.04, 0.07, 0.55, -0.21]], [[-0.96, 0.06, -0.59, 0.48], [-0.22, -0.24, 0.82, -0.21]], [[-0.30, -0.30, -0.04, -0.81], [0.09, 0.84, 0.13, 0.49]]], [[[0.89, 0.68, 0.49, 0.63], [0.64, -0.49, -0.04, -0.31]], [[-0.48, 0.14, -0.36, 0.24], [0.16, -0.79, -0.12, -0.22]], [[0.41, -0.82, -0.66, 0.03], [-0.19, 0.33, -0.33, -0.61]]]], np.float32), None, [2, 2], [0, 1, 1, 0])
// REF: out[2] = conv(x3, np.array([[[[0.86, -0.51, -0.71, -0.44], [-0.32, -0.55, 0.07, 0.87], [-0.75, -0.17, 0.34, 0.77]], [[1.00, -0.71, 0.07, 0.76], [-0.89, 0.18, -0.65, 0.54], [0.88, 0.08, -0.98, -0.87]]], [[[-0.17, 0.69, -0.53, 0.34], [-0.19, -0.47, 0.41, -0.38], [-0.26, 0.53, -0.01, 0.57]], [[0.03, -0.68, -0.11, 0.75], [0.13, 0.93, -1.00, -0.32], [0.54, 0.37, 0.12, 0.33]]], [[[0.75, 0.37, 0.09, 0.12], [0.33, -0.35, 0.34, 0.23], [0.57, -0.04, -0.95, 0.07]], [[0.72, 0.28, 0.29, -0.22], [-0.29, 0.44, -0.84, 0.73], [0.75, 0.92, -0.73, -0.77]]]], np.float32), None, [1, 4], [1, 0, 1, 0])
// REF: out[3] = conv(x4, np.array([[[0.79, -0.20, -0.46], [-0.24, 0.32, -0.68]], [[-0.03, 0.32, 0.44], [-0.98, 0.62, -0.13]]], np.float32), None, [2], [1, 1])

func.func @strided_conv_phases(%x1: tensor<2x1x23xf32>, %b1: tensor<4xf32>,
                               %x2: tensor<1x3x9x10xf32>,
                               %x3: tensor<1x2x7x12xf32>,
                               %x4: tensor<1x2x9xf32>)
    -> (tensor<2x4x7xf32>, tensor<1x5x5x4xf32>, tensor<1x3x7x3xf32>,
        tensor<1x2x5xf32>) {
  %w1 = tg.constant dense<[[[-0.83, -0.53, 0.60, 0.16, -0.81, -0.13]], [[-0.04, -0.68, 0.47, -0.77, -0.22, 0.03]], [[-0.14, 0.17, 0.48, 0.91, -0.43, 0.30]], [[0.39, -0.41, -1.00, 0.95, -0.40, -0.37]]]> : tensor<4x1x6xf32>
  %w2 = tg.constant dense<[[[[0.78, 0.17, -0.06, 0.55], [-0.94, 0.41, -0.25, -0.82]], [[0.32, 0.86, -0.59, 0.26], [-0.40, 0.48, 0.44, -0.56]], [[0.66, 0.32, 0.37, 0.64], [-0.14, 0.52, 0.76, -0.80]]], [[[0.70, -0.21, -0.04, -0.71], [0.40, -0.42, 0.74, -0.45]], [[0.12, -0.20, 0.23, -0.61], [-0.64, 0.49, 0.50, 0.13]], [[0.84, -0.59, 0.70, -0.66], [0.93, 0.25, 0.21, 0.94]]], [[[0.57, 0.58, -0.89, -0.26], [-0.83, -0.61, -0.57, 0.72]], [[-0.75, -0.41, -0.01, 0.70], [0.93, 0.42, -0.57, 0.09]], [[0.41, -0.90, 0.36, -0.26], [0.18, 0.34, 0.34, 0.05]]], [[[0.11, -0.60, -0.01, -0.75], [-0.04, 0.07, 0.55, -0.21]], [[-0.96, 0.06, -0.59, 0.48], [-0.22, -0.24, 0.82, -0.21]], [[-0.30, -0.30, -0.04, -0.81], [0.09, 0.84, 0.13, 0.49]]], [[[0.89, 0.68, 0.49, 0.63], [0.64, -0.49, -0.04, -0.31]], [[-0.48, 0.14, -0.36, 0.24], [0.16, -0.79, -0.12, -0.22]], [[0.41, -0.82, -0.66, 0.03], [-0.19, 0.33, -0.33, -0.61]]]]> : tensor<5x3x2x4xf32>
  %w3 = tg.constant dense<[[[[0.86, -0.51, -0.71, -0.44], [-0.32, -0.55, 0.07, 0.87], [-0.75, -0.17, 0.34, 0.77]], [[1.00, -0.71, 0.07, 0.76], [-0.89, 0.18, -0.65, 0.54], [0.88, 0.08, -0.98, -0.87]]], [[[-0.17, 0.69, -0.53, 0.34], [-0.19, -0.47, 0.41, -0.38], [-0.26, 0.53, -0.01, 0.57]], [[0.03, -0.68, -0.11, 0.75], [0.13, 0.93, -1.00, -0.32], [0.54, 0.37, 0.12, 0.33]]], [[[0.75, 0.37, 0.09, 0.12], [0.33, -0.35, 0.34, 0.23], [0.57, -0.04, -0.95, 0.07]], [[0.72, 0.28, 0.29, -0.22], [-0.29, 0.44, -0.84, 0.73], [0.75, 0.92, -0.73, -0.77]]]]> : tensor<3x2x3x4xf32>
  %w4 = tg.constant dense<[[[0.79, -0.20, -0.46], [-0.24, 0.32, -0.68]], [[-0.03, 0.32, 0.44], [-0.98, 0.62, -0.13]]]> : tensor<2x2x3xf32>
  %0 = tg.conv %x1, %w1, %b1 strides = [3] dilations = [1] pads = [2, 1]
      : tensor<2x1x23xf32>, tensor<4x1x6xf32>, tensor<4xf32>
  %1 = tg.conv %x2, %w2 strides = [2, 2] dilations = [1, 1]
      pads = [0, 1, 1, 0] : tensor<1x3x9x10xf32>, tensor<5x3x2x4xf32>
  %2 = tg.conv %x3, %w3 strides = [1, 4] dilations = [1, 1]
      pads = [1, 0, 1, 0] : tensor<1x2x7x12xf32>, tensor<3x2x3x4xf32>
  %3 = tg.conv %x4, %w4 strides = [2] dilations = [1] pads = [1, 1]
      : tensor<1x2x9xf32>, tensor<2x2x3xf32>
  return %0, %1, %2, %3 : tensor<2x4x7xf32>, tensor<1x5x5x4xf32>,
      tensor<1x3x7x3xf32>, tensor<1x2x5xf32>
}
