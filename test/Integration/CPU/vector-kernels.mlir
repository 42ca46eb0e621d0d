// RUN: %run-graph %s --work-dir %t
// RUN: %run-graph %s --work-dir %t.sse --aotc-arg=--cpu=x86-64
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}

// The register-tiled vector kernels of aotc-cpu-vector-kernels at 128-,
// 256- and 512-bit vectors, on shapes that leave every kind of remainder:
// a matmul whose rows, columns and depth divide no tile (37x70 by 53), a
// strided 3x3 convolution (inputs read with a step of 2: one wide load,
// then a shuffle), a 1x1 stride-2 convolution, a 3x3 stride-2 max pool,
// a convolution 7 pixels wide (one masked vector per row), a broadcast
// add + relu with no reduction, and a matmul of two transposes whose output
// is strided along the only vectorizable dimension (gathered and scattered
// accumulators). Then reductions vectorized across their reduction loop:
// q @ k^T over 53 terms (3 full vectors and a masked one at 128 bits), a
// row sum and a row max of 53 elements, and a row sum of a - 1 (the
// masked lanes' inputs are 0, their contribution -1: it must be replaced
// by the neutral 0).

// TOL: rtol=1e-4 atol=1e-4  # f32 sums of up to 216 products vs float64
// REF: a, b, x, w, bias, w1, y, c, p, q = inp
// REF: f = np.float32
// REF: out[0] = (a.astype(np.float64) @ b).astype(f)
// REF: def conv(x, w, b, stride, pad):
// REF:     n, ci, h, wd = x.shape
// REF:     co, _, kh, kw = w.shape
// REF:     xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (pad, pad), (pad, pad)])
// REF:     ho = (h + 2 * pad - kh) // stride + 1
// REF:     wo = (wd + 2 * pad - kw) // stride + 1
// REF:     r = np.zeros((n, co, ho, wo))
// REF:     for i in range(kh):
// REF:         for j in range(kw):
// REF:             win = xp[:, :, i:i + stride * (ho - 1) + 1:stride, j:j + stride * (wo - 1) + 1:stride]
// REF:             r += np.einsum('nchw,fc->nfhw', win, w[:, :, i, j].astype(np.float64))
// REF:     return r + (0 if b is None else b.reshape(1, -1, 1, 1))
// REF: out[1] = np.maximum(conv(x, w, bias, 2, 1), 0).astype(f)
// REF: out[2] = conv(x, w1, None, 2, 0).astype(f)
// REF: xp = np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)], constant_values=-np.inf)
// REF: out[3] = np.max([xp[:, :, i:i + 2 * 18 + 1:2, j:j + 2 * 18 + 1:2] for i in range(3) for j in range(3)], axis=0)
// REF: out[4] = conv(y, w, bias, 1, 1).astype(f)
// REF: out[5] = np.maximum(a + c, 0)
// REF: out[6] = (p.T.astype(np.float64) @ q.T).astype(f)
// REF: out[7] = (a.astype(np.float64) @ a.T).astype(f)
// REF: out[8] = a.astype(np.float64).sum(axis=1).astype(f)
// REF: out[9] = a.max(axis=1)
// REF: out[10] = (a.astype(np.float64) - 1).sum(axis=1).astype(f)

func.func @vector_kernels(%a: tensor<37x53xf32>, %b: tensor<53x70xf32>,
                          %x: tensor<1x24x37x37xf32>, %w: tensor<20x24x3x3xf32>,
                          %bias: tensor<20xf32>, %w1: tensor<20x24x1x1xf32>,
                          %y: tensor<1x24x5x7xf32>, %c: tensor<53xf32>,
                          %p: tensor<40x24xf32>, %q: tensor<20x40xf32>)
    -> (tensor<37x70xf32>, tensor<1x20x19x19xf32>, tensor<1x20x19x19xf32>,
        tensor<1x24x19x19xf32>, tensor<1x20x5x7xf32>, tensor<37x53xf32>,
        tensor<24x20xf32>, tensor<37x37xf32>, tensor<37xf32>, tensor<37xf32>,
        tensor<37xf32>) {
  %0 = tg.matmul %a, %b : tensor<37x53xf32>, tensor<53x70xf32>
  %1 = tg.conv %x, %w, %bias strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x24x37x37xf32>, tensor<20x24x3x3xf32>, tensor<20xf32>
  %2 = tg.relu %1 : tensor<1x20x19x19xf32>
  %3 = tg.conv %x, %w1 strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x24x37x37xf32>, tensor<20x24x1x1xf32>
  %4 = tg.pool max %x kernel = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x24x37x37xf32>
  %5 = tg.conv %y, %w, %bias strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x24x5x7xf32>, tensor<20x24x3x3xf32>, tensor<20xf32>
  %6 = tg.add %a, %c : tensor<37x53xf32>, tensor<53xf32>
  %7 = tg.relu %6 : tensor<37x53xf32>
  %pt = tg.transpose %p permutation = [1, 0] : tensor<40x24xf32>
  %qt = tg.transpose %q permutation = [1, 0] : tensor<20x40xf32>
  %8 = tg.matmul %pt, %qt : tensor<24x40xf32>, tensor<40x20xf32>
  %at = tg.transpose %a permutation = [1, 0] : tensor<37x53xf32>
  %9 = tg.matmul %a, %at : tensor<37x53xf32>, tensor<53x37xf32>
  %10 = tg.reduce sum %a axes = [1] : tensor<37x53xf32>
  %11 = tg.reduce max %a axes = [1] : tensor<37x53xf32>
  %one = tg.constant dense<1.0> : tensor<f32>
  %shifted = tg.sub %a, %one : tensor<37x53xf32>, tensor<f32>
  %12 = tg.reduce sum %shifted axes = [1] : tensor<37x53xf32>
  return %0, %2, %3, %4, %5, %7, %8, %9, %10, %11, %12
      : tensor<37x70xf32>, tensor<1x20x19x19xf32>, tensor<1x20x19x19xf32>,
        tensor<1x24x19x19xf32>, tensor<1x20x5x7xf32>, tensor<37x53xf32>,
        tensor<24x20xf32>, tensor<37x37xf32>, tensor<37xf32>, tensor<37xf32>,
        tensor<37xf32>
}
