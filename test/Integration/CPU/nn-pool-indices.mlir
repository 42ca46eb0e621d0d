// RUN: %run-graph %s --work-dir %t

// tg.pool_indices (MaxPool's Indices) against a numpy reference written
// from ONNX's reference: each window is scanned in row-major order over
// the elements inside the input, the first strictly greater element wins,
// and the index is (b * C + c) * D1 * ... * Dn plus the spatial offset,
// row-major or column-major. Inputs drawn from few values so that windows
// tie; pads, strides, dilations, ceil_mode, 1-d, 3-d, i32.

// INPUT 0, 1, 2: choice(-1.0, 0.0, 0.5, 1.0)
// INPUT 3: int(-3, 3)

// REF: import itertools
// REF: def indices(x, kernel, strides, dilations, pads, out_shape, column_major=False):
// REF:     n = x.ndim - 2
// REF:     spatial = x.shape[2:]
// REF:     plane = int(np.prod(spatial))
// REF:     st = [0] * n
// REF:     acc = 1
// REF:     for i in (range(n) if column_major else reversed(range(n))):
// REF:         st[i] = acc
// REF:         acc *= spatial[i]
// REF:     y = np.zeros(out_shape, np.int64)
// REF:     for b in range(x.shape[0]):
// REF:         for c in range(x.shape[1]):
// REF:             for o in itertools.product(*[range(s) for s in out_shape[2:]]):
// REF:                 best, where = None, -1
// REF:                 for k in itertools.product(*[range(s) for s in kernel]):
// REF:                     at = [o[i] * strides[i] + k[i] * dilations[i] - pads[i] for i in range(n)]
// REF:                     if any(a < 0 or a >= spatial[i] for i, a in enumerate(at)): continue
// REF:                     v = x[(b, c) + tuple(at)]
// REF:                     if best is None or v > best:
// REF:                         best = v
// REF:                         where = (b * x.shape[1] + c) * plane + sum(a * s for a, s in zip(at, st))
// REF:                 y[(b, c) + tuple(o)] = where
// REF:     return y
// REF: x, x1, x3, xi = inp
// REF: out[0] = indices(x, [3, 3], [2, 2], [1, 1], [1, 1, 1, 1], [2, 3, 3, 3])
// REF: out[1] = indices(x, [2, 2], [2, 2], [1, 1], [0, 0, 0, 0], [2, 3, 3, 3], column_major=True)
// REF: out[2] = indices(x, [2, 3], [1, 2], [2, 1], [0, 1, 0, 0], [2, 3, 3, 2])
// REF: out[3] = indices(x1, [3], [2], [1], [2, 0], [1, 2, 4])
// REF: out[4] = indices(x3, [2, 2, 2], [1, 2, 2], [1, 1, 1], [0, 0, 0, 0, 0, 0], [1, 2, 2, 2, 2], column_major=True)
// REF: out[5] = indices(xi, [2, 2], [2, 2], [1, 1], [0, 0, 0, 0], [1, 2, 2, 2])

func.func @indices(%x: tensor<2x3x5x5xf32>, %x1: tensor<1x2x7xf32>,
                   %x3: tensor<1x2x3x4x4xf32>, %xi: tensor<1x2x4x4xi32>)
    -> (tensor<2x3x3x3xi64>, tensor<2x3x3x3xi64>, tensor<2x3x3x2xi64>,
        tensor<1x2x4xi64>, tensor<1x2x2x2x2xi64>, tensor<1x2x2x2xi64>) {
  %0 = tg.pool_indices %x kernel = [3, 3] strides = [2, 2] dilations = [1, 1]
      pads = [1, 1, 1, 1] : tensor<2x3x5x5xf32>
  // ceil_mode: the last window hangs past the input.
  %1 = tg.pool_indices %x kernel = [2, 2] strides = [2, 2] dilations = [1, 1]
      pads = [0, 0, 0, 0] ceil_mode column_major : tensor<2x3x5x5xf32>
  %2 = tg.pool_indices %x kernel = [2, 3] strides = [1, 2] dilations = [2, 1]
      pads = [0, 1, 0, 0] : tensor<2x3x5x5xf32>
  %3 = tg.pool_indices %x1 kernel = [3] strides = [2] dilations = [1]
      pads = [2, 0] : tensor<1x2x7xf32>
  %4 = tg.pool_indices %x3 kernel = [2, 2, 2] strides = [1, 2, 2]
      dilations = [1, 1, 1] pads = [0, 0, 0, 0, 0, 0] column_major
      : tensor<1x2x3x4x4xf32>
  %5 = tg.pool_indices %xi kernel = [2, 2] strides = [2, 2] dilations = [1, 1]
      pads = [0, 0, 0, 0] : tensor<1x2x4x4xi32>
  return %0, %1, %2, %3, %4, %5
      : tensor<2x3x3x3xi64>, tensor<2x3x3x3xi64>, tensor<2x3x3x2xi64>,
        tensor<1x2x4xi64>, tensor<1x2x2x2x2xi64>, tensor<1x2x2x2xi64>
}
