// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}

// Max pooling propagates NaN: a window holding a NaN anywhere (its first,
// middle or last tap, in a vector's first or last lane) yields NaN, as in
// numpy and PyTorch. The window maximum is computed without ordering -0
// below +0 (fastmath nsz, three x86 instructions instead of six), which must
// not lose that. ResNet's 3x3 stride-2 pool with padding, and a stride-1
// pool whose rows are longer than a vector; about one element in sixteen is
// NaN, so both NaN and number windows occur.

// INPUT 0: choice(-2.0, -1.5, -1.0, -0.5, -0.0, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, nan)
// INPUT 1: choice(-2.0, -1.5, -1.0, -0.5, -0.0, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, nan)

// REF: def pool(x, k, s, p):
// REF:     x = np.pad(x, ((0, 0), (0, 0), (p, p), (p, p)), constant_values=-np.inf)
// REF:     oh = (x.shape[2] - k) // s + 1
// REF:     ow = (x.shape[3] - k) // s + 1
// REF:     y = np.empty(x.shape[:2] + (oh, ow), x.dtype)
// REF:     for i in range(oh):
// REF:         for j in range(ow):
// REF:             y[:, :, i, j] = x[:, :, i * s:i * s + k, j * s:j * s + k].max(axis=(2, 3))
// REF:     return y
// REF: a, b = inp
// REF: out[0] = pool(a, 3, 2, 1)
// REF: out[1] = pool(b, 3, 1, 0)
// REF: assert np.isnan(out[0]).any() and not np.isnan(out[0]).all()
// REF: assert np.isnan(out[1]).any() and not np.isnan(out[1]).all()

func.func @main(%a: tensor<1x4x20x44xf32>, %b: tensor<1x3x9x40xf32>) -> (tensor<1x4x10x22xf32>, tensor<1x3x7x38xf32>) {
  %0 = tg.pool max %a kernel = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x4x20x44xf32>
  %1 = tg.pool max %b kernel = [3, 3] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x9x40xf32>
  return %0, %1 : tensor<1x4x10x22xf32>, tensor<1x3x7x38xf32>
}
