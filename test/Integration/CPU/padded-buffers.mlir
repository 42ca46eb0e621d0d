// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}
// RUN: aotc %s -o %t.o --header %t.h --report | FileCheck %s

// Pads whose sources are computed in the graph become buffers the producers
// write into, with only their borders filled (aotc-cpu-materialize-pads).
// Every case here would go wrong if a border were left unfilled, filled
// with the wrong value, or overwritten by the interior:
// - all of %n is negative, so a max pool reading 0 (or garbage) from a
//   border instead of -inf gives a different maximum on every edge;
// - %n is padded twice (pool and conv): the second pad is a copy of its own
//   with zeros, next to the first's -inf border;
// - %n is also returned and added to the pool's input, read from inside
//   the padded buffer;
// - a chain of two 3x3 convolutions passes its activation padded in place;
// - padding of 2 on one side and 1 on the other.

// CHECK-LABEL: kernel kind
// CHECK:       pad 0 0 0 {{[0-9]+}} 1x4x12x12 pool
// CHECK:       pad 0 0 0 {{[0-9]+}} 1x16x15x14 conv

// TOL: rtol=1e-4 atol=1e-4  # f32 sums of up to 144 products vs float64
// REF: def pool(x, k, s, p):
// REF:     x = np.pad(x, ((0, 0), (0, 0), (p, p), (p, p)), constant_values=-np.inf)
// REF:     oh = (x.shape[2] - k) // s + 1
// REF:     ow = (x.shape[3] - k) // s + 1
// REF:     y = np.empty(x.shape[:2] + (oh, ow), x.dtype)
// REF:     for i in range(oh):
// REF:         for j in range(ow):
// REF:             y[:, :, i, j] = x[:, :, i * s:i * s + k, j * s:j * s + k].max(axis=(2, 3))
// REF:     return y
// REF: def conv(x, w, b, pads):
// REF:     (t, l, bo, r) = pads
// REF:     xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (t, bo), (l, r)])
// REF:     oh = xp.shape[2] - w.shape[2] + 1
// REF:     ow = xp.shape[3] - w.shape[3] + 1
// REF:     y = np.zeros(x.shape[:1] + w.shape[:1] + (oh, ow))
// REF:     for kh in range(w.shape[2]):
// REF:         for kw in range(w.shape[3]):
// REF:             y += np.einsum('nchw,fc->nfhw', xp[:, :, kh:kh + oh, kw:kw + ow], w[:, :, kh, kw])
// REF:     return y + b.reshape(1, -1, 1, 1)
// REF: x, w0, b0, y, w1, b1, w2, b2 = inp
// REF: n = -np.abs(x) - np.float32(0.25)
// REF: out[0] = pool(n, 3, 1, 1) + n
// REF: out[1] = conv(n, w0, b0, (1, 1, 1, 1)).astype(np.float32)
// REF: out[2] = n
// REF: h = np.maximum(conv(y, w1, b1, (1, 1, 1, 1)), 0).astype(np.float32)
// REF: out[3] = np.maximum(conv(h, w2, b2, (2, 1, 1, 1)), 0).astype(np.float32)

func.func @main(%x: tensor<1x4x10x10xf32>, %w0: tensor<8x4x3x3xf32>, %b0: tensor<8xf32>,
                %y: tensor<1x16x12x12xf32>, %w1: tensor<16x16x3x3xf32>, %b1: tensor<16xf32>,
                %w2: tensor<16x16x3x3xf32>, %b2: tensor<16xf32>)
    -> (tensor<1x4x10x10xf32>, tensor<1x8x10x10xf32>, tensor<1x4x10x10xf32>, tensor<1x16x13x12xf32>) {
  %a = tg.abs %x : tensor<1x4x10x10xf32>
  %q = tg.constant dense<0.25> : tensor<f32>
  %m = tg.add %a, %q : tensor<1x4x10x10xf32>, tensor<f32>
  %zero = tg.constant dense<0.0> : tensor<f32>
  %n = tg.sub %zero, %m : tensor<f32>, tensor<1x4x10x10xf32>
  %p = tg.pool max %n kernel = [3, 3] strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x4x10x10xf32>
  %s = tg.add %p, %n : tensor<1x4x10x10xf32>, tensor<1x4x10x10xf32>
  %c = tg.conv %n, %w0, %b0 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x4x10x10xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>
  %h0 = tg.conv %y, %w1, %b1 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x16x12x12xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>
  %h = tg.relu %h0 : tensor<1x16x12x12xf32>
  %o0 = tg.conv %h, %w2, %b2 strides = [1, 1] dilations = [1, 1] pads = [2, 1, 1, 1] : tensor<1x16x12x12xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>
  %o = tg.relu %o0 : tensor<1x16x13x12xf32>
  return %s, %c, %n, %o : tensor<1x4x10x10xf32>, tensor<1x8x10x10xf32>, tensor<1x4x10x10xf32>, tensor<1x16x13x12xf32>
}
