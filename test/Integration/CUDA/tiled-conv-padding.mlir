// RUN: aotc %s --target cuda -o %t.o --header %t.h --report | FileCheck %s
// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// Padded inputs read by the tiled kernels of aotc-cuda-tile-contractions
// through the unpadded buffer: an element inside the copied window loads
// the input at its index minus the padding, any other element is the pad
// value (zero: tg.conv pads with zeros; a tg.pad with a value is a generic
// of its own, which this does not apply to). No kernel fills or copies a
// padded buffer and no temporary is left: padding 2 with stride 1 and 2 (one
// padded buffer read by both kernels), and asymmetric padding (1, 2, 1, 0
// and 2, 1, 0, 2 as top, left, bottom, right) with stride 1 and 2.

// CHECK:      kernel kind
// CHECK-NEXT:      1 compute {{.*}} conv + relu
// CHECK-NEXT:      2 compute {{.*}} conv + relu
// CHECK-NEXT:      3 compute {{.*}} conv
// CHECK-NEXT:      4 compute {{.*}} conv
// CHECK-EMPTY:
// CHECK:      kernels 4{{$}}
// CHECK:      temp bytes 0{{$}}

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of 45 products vs float64
// REF: def conv(x, w, b, stride, top, left, bottom, right):
// REF:     xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (top, bottom), (left, right)])
// REF:     oh, ow = (xp.shape[2] - 3) // stride + 1, (xp.shape[3] - 3) // stride + 1
// REF:     y = np.zeros((x.shape[0], w.shape[0], oh, ow))
// REF:     for kh in range(3):
// REF:         for kw in range(3):
// REF:             win = xp[:, :, kh:kh + (oh - 1) * stride + 1:stride, kw:kw + (ow - 1) * stride + 1:stride]
// REF:             y += np.einsum('nchw,oc->nohw', win, w[:, :, kh, kw].astype(np.float64))
// REF:     return y + b.reshape(1, -1, 1, 1)
// REF: x, w1, b1, w2, b2 = inp
// REF: out[0] = np.maximum(conv(x, w1, b1, 1, 2, 2, 2, 2), 0).astype(np.float32)
// REF: out[1] = np.maximum(conv(x, w2, b2, 2, 2, 2, 2, 2), 0).astype(np.float32)
// REF: out[2] = conv(x, w1, b1, 1, 1, 2, 1, 0).astype(np.float32)
// REF: out[3] = conv(x, w2, b2, 2, 2, 1, 0, 2).astype(np.float32)

func.func @padded(%x: tensor<2x5x13x11xf32>, %w1: tensor<24x5x3x3xf32>,
                  %b1: tensor<24xf32>, %w2: tensor<70x5x3x3xf32>,
                  %b2: tensor<70xf32>)
    -> (tensor<2x24x15x13xf32>, tensor<2x70x8x7xf32>, tensor<2x24x13x11xf32>,
        tensor<2x70x7x6xf32>) {
  %0 = tg.conv %x, %w1, %b1 strides = [1, 1] dilations = [1, 1]
      pads = [2, 2, 2, 2]
      : tensor<2x5x13x11xf32>, tensor<24x5x3x3xf32>, tensor<24xf32>
  %1 = tg.relu %0 : tensor<2x24x15x13xf32>
  %2 = tg.conv %x, %w2, %b2 strides = [2, 2] dilations = [1, 1]
      pads = [2, 2, 2, 2]
      : tensor<2x5x13x11xf32>, tensor<70x5x3x3xf32>, tensor<70xf32>
  %3 = tg.relu %2 : tensor<2x70x8x7xf32>
  %4 = tg.conv %x, %w1, %b1 strides = [1, 1] dilations = [1, 1]
      pads = [1, 2, 1, 0]
      : tensor<2x5x13x11xf32>, tensor<24x5x3x3xf32>, tensor<24xf32>
  %5 = tg.conv %x, %w2, %b2 strides = [2, 2] dilations = [1, 1]
      pads = [2, 1, 0, 2]
      : tensor<2x5x13x11xf32>, tensor<70x5x3x3xf32>, tensor<70xf32>
  return %1, %3, %4, %5 : tensor<2x24x15x13xf32>, tensor<2x70x8x7xf32>,
      tensor<2x24x13x11xf32>, tensor<2x70x7x6xf32>
}
