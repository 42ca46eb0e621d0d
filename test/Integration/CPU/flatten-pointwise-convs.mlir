// 1x1 convolutions are computed as matmuls over the flattened image
// (aotc-cpu-flatten-pointwise-convs); the results still match numpy for an
// EfficientNet-style block: a 1x1 convolution with a bias and SiLU, a
// squeeze-excitation (a mean over the image, two 1x1 convolutions on a 1x1
// image, the second's sigmoid epilogue reading its accumulator in place),
// the gate multiplied into the image and a projecting 1x1 convolution that
// is the graph's result, and a 1x1 convolution with strides 2 and 3
// (flattened after a copy of the pixels it reads). The first result, a reshape of the flat matmul's, is
// computed straight into the caller's buffer (aotc-cpu-fold-result-reshapes),
// not in a temporary copied out.
//
// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion | FileCheck %s
// RUN: %run-graph %s --work-dir %t
// RUN: FileCheck %s --check-prefix=HEADER < %t/g.h
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}

// CHECK-LABEL: func.func @squeeze_excite
// CHECK-NOT:     iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK:         tensor.expand_shape {{.*}} : tensor<1x16x36xf32> into tensor<1x16x6x6xf32>
// CHECK:         tensor.expand_shape {{.*}} : tensor<1x8x6xf32> into tensor<1x8x3x2xf32>
// CHECK-NEXT:    return

// The SiLU output and the gated image (24 x 36 floats, 3456 bytes each) are
// live together at the multiply, plus 128 bytes for the 1x1 images; a
// temporary for the result would add 16 x 36 floats.
// HEADER: #define g_TEMP_BYTES  7040 

// REF: x, w0, b0, w1, b1, w2, b2, w3, b3, w4, b4 = inp
// REF: def conv(y, w, b): return np.einsum('nchw,fc->nfhw', y, w[:, :, 0, 0]) + b.reshape(1, -1, 1, 1)
// REF: sig = lambda v: 1 / (1 + np.exp(-v))
// REF: c = conv(x, w0, b0); h = c * sig(c)
// REF: m = h.mean(axis=(2, 3), keepdims=True)
// REF: s = conv(m, w1, b1); s = s * sig(s)
// REF: g = sig(conv(s, w2, b2))
// REF: out[0] = conv(g * h, w3, b3)
// REF: out[1] = conv(h[:, :, ::2, ::3], w4, b4)
// TOL: rtol=1e-4 atol=1e-5  # f32 sums and exp vs float64

func.func @squeeze_excite(%x: tensor<1x8x6x6xf32>, %w0: tensor<24x8x1x1xf32>,
    %b0: tensor<24xf32>, %w1: tensor<4x24x1x1xf32>, %b1: tensor<4xf32>,
    %w2: tensor<24x4x1x1xf32>, %b2: tensor<24xf32>,
    %w3: tensor<16x24x1x1xf32>, %b3: tensor<16xf32>,
    %w4: tensor<8x24x1x1xf32>, %b4: tensor<8xf32>)
    -> (tensor<1x16x6x6xf32>, tensor<1x8x3x2xf32>) {
  %0 = tg.conv %x, %w0, %b0 strides = [1, 1] dilations = [1, 1]
      pads = [0, 0, 0, 0]
      : tensor<1x8x6x6xf32>, tensor<24x8x1x1xf32>, tensor<24xf32>
  %1 = tg.sigmoid %0 : tensor<1x24x6x6xf32>
  %2 = tg.mul %0, %1 : tensor<1x24x6x6xf32>, tensor<1x24x6x6xf32>
  %3 = tg.reduce mean %2 axes = [2, 3] keepdims : tensor<1x24x6x6xf32>
  %4 = tg.conv %3, %w1, %b1 strides = [1, 1] dilations = [1, 1]
      pads = [0, 0, 0, 0]
      : tensor<1x24x1x1xf32>, tensor<4x24x1x1xf32>, tensor<4xf32>
  %5 = tg.sigmoid %4 : tensor<1x4x1x1xf32>
  %6 = tg.mul %4, %5 : tensor<1x4x1x1xf32>, tensor<1x4x1x1xf32>
  %7 = tg.conv %6, %w2, %b2 strides = [1, 1] dilations = [1, 1]
      pads = [0, 0, 0, 0]
      : tensor<1x4x1x1xf32>, tensor<24x4x1x1xf32>, tensor<24xf32>
  %8 = tg.sigmoid %7 : tensor<1x24x1x1xf32>
  %9 = tg.mul %8, %2 : tensor<1x24x1x1xf32>, tensor<1x24x6x6xf32>
  %10 = tg.conv %9, %w3, %b3 strides = [1, 1] dilations = [1, 1]
      pads = [0, 0, 0, 0]
      : tensor<1x24x6x6xf32>, tensor<16x24x1x1xf32>, tensor<16xf32>
  %11 = tg.conv %2, %w4, %b4 strides = [2, 3] dilations = [1, 1]
      pads = [0, 0, 0, 0]
      : tensor<1x24x6x6xf32>, tensor<8x24x1x1xf32>, tensor<8xf32>
  return %10, %11 : tensor<1x16x6x6xf32>, tensor<1x8x3x2xf32>
}
