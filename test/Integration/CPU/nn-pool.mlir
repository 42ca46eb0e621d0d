// RUN: %run-graph %s --work-dir %t

// tg.pool against a numpy reference that, for every output position, lists
// the window's positions per axis, keeps those inside the input and takes
// their max or mean (or their sum over the window's count inside the padded
// input, for count_include_pad). 1-D and 2-D sums and integer maxima lower
// to the named linalg pooling ops, float maxima and 3-D to a linalg.generic; ceil_mode windows that run past the
// trailing padding, dilations, uniform and per-position divisors, and i32
// (compared exactly). %x2 is all negative so a max that starts from 0
// instead of -inf, or that lets padding win, shows.

// INPUT 0: uniform(-3, -0.5)
// INPUT 3: int(-100, 100)

// REF: def pool(x, kind, kernel, strides, dilations, pads, ceil_mode=False, count_include_pad=False):
// REF:     n = x.ndim - 2
// REF:     D = x.shape[2:]
// REF:     outs = []
// REF:     for i in range(n):
// REF:         e = D[i] + pads[i] + pads[n + i] - dilations[i] * (kernel[i] - 1) - 1
// REF:         o = (-(-e // strides[i]) if ceil_mode else e // strides[i]) + 1
// REF:         if ceil_mode and (o - 1) * strides[i] >= D[i] + pads[i]:
// REF:             o -= 1
// REF:         outs.append(o)
// REF:     y = np.zeros(x.shape[:2] + tuple(outs), x.dtype)
// REF:     for o in np.ndindex(*outs):
// REF:         at = [[o[i] * strides[i] - pads[i] + j * dilations[i] for j in range(kernel[i])] for i in range(n)]
// REF:         inside = [[p for p in at[i] if 0 <= p < D[i]] for i in range(n)]
// REF:         window = x[(slice(None), slice(None)) + np.ix_(*inside)].astype(np.float64)
// REF:         axes = tuple(range(2, 2 + n))
// REF:         if kind == 'max':
// REF:             y[(slice(None), slice(None)) + o] = window.max(axis=axes)
// REF:             continue
// REF:         count = window[0, 0].size
// REF:         if count_include_pad:
// REF:             count = math.prod(len([p for p in at[i] if -pads[i] <= p < D[i] + pads[n + i]]) for i in range(n))
// REF:         y[(slice(None), slice(None)) + o] = window.sum(axis=axes) / count
// REF:     return y
// REF: x2, x1, x3, xi = inp
// REF: out[0] = pool(x2, 'max', [3, 2], [2, 1], [1, 1], [1, 0, 1, 1])
// REF: out[1] = pool(x2, 'max', [2, 3], [2, 2], [2, 1], [0, 0, 0, 0], ceil_mode=True)
// REF: out[2] = pool(x2, 'avg', [3, 3], [2, 2], [1, 1], [1, 1, 1, 1])
// REF: out[3] = pool(x2, 'avg', [3, 3], [2, 2], [1, 1], [1, 1, 1, 1], ceil_mode=True, count_include_pad=True)
// REF: out[4] = pool(x2, 'avg', [2, 2], [2, 2], [1, 1], [0, 0, 0, 0])
// REF: out[5] = pool(x1, 'avg', [3], [2], [1], [1, 0], ceil_mode=True)
// REF: out[6] = pool(x1, 'max', [4], [3], [2], [2, 2])
// REF: out[7] = pool(x3, 'max', [2, 2, 3], [1, 2, 2], [2, 1, 1], [0, 1, 1, 0, 0, 1])
// REF: out[8] = pool(x3, 'avg', [2, 3, 2], [2, 1, 2], [1, 1, 1], [1, 1, 0, 0, 1, 1], ceil_mode=True, count_include_pad=True)
// REF: out[9] = pool(xi, 'max', [2, 2], [1, 1], [1, 1], [1, 1, 0, 0])

func.func @pool(%x2: tensor<2x3x7x8xf32>, %x1: tensor<1x2x10xf32>,
                %x3: tensor<1x2x5x6x7xf32>, %xi: tensor<1x2x4x4xi32>)
    -> (tensor<2x3x4x8xf32>, tensor<2x3x3x4xf32>, tensor<2x3x4x4xf32>,
        tensor<2x3x4x5xf32>, tensor<2x3x3x4xf32>, tensor<1x2x5xf32>,
        tensor<1x2x3xf32>, tensor<1x2x3x3x4xf32>, tensor<1x2x3x6x4xf32>,
        tensor<1x2x4x4xi32>) {
  %0 = tg.pool max %x2 kernel = [3, 2] strides = [2, 1] dilations = [1, 1]
      pads = [1, 0, 1, 1] : tensor<2x3x7x8xf32>
  %1 = tg.pool max %x2 kernel = [2, 3] strides = [2, 2] dilations = [2, 1]
      pads = [0, 0, 0, 0] ceil_mode : tensor<2x3x7x8xf32>
  %2 = tg.pool avg %x2 kernel = [3, 3] strides = [2, 2] dilations = [1, 1]
      pads = [1, 1, 1, 1] : tensor<2x3x7x8xf32>
  %3 = tg.pool avg %x2 kernel = [3, 3] strides = [2, 2] dilations = [1, 1]
      pads = [1, 1, 1, 1] ceil_mode count_include_pad : tensor<2x3x7x8xf32>
  %4 = tg.pool avg %x2 kernel = [2, 2] strides = [2, 2] dilations = [1, 1]
      pads = [0, 0, 0, 0] : tensor<2x3x7x8xf32>
  %5 = tg.pool avg %x1 kernel = [3] strides = [2] dilations = [1]
      pads = [1, 0] ceil_mode : tensor<1x2x10xf32>
  %6 = tg.pool max %x1 kernel = [4] strides = [3] dilations = [2]
      pads = [2, 2] : tensor<1x2x10xf32>
  %7 = tg.pool max %x3 kernel = [2, 2, 3] strides = [1, 2, 2]
      dilations = [2, 1, 1] pads = [0, 1, 1, 0, 0, 1] : tensor<1x2x5x6x7xf32>
  %8 = tg.pool avg %x3 kernel = [2, 3, 2] strides = [2, 1, 2]
      dilations = [1, 1, 1] pads = [1, 1, 0, 0, 1, 1] ceil_mode
      count_include_pad : tensor<1x2x5x6x7xf32>
  %9 = tg.pool max %xi kernel = [2, 2] strides = [1, 1] dilations = [1, 1]
      pads = [1, 1, 0, 0] : tensor<1x2x4x4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9
      : tensor<2x3x4x8xf32>, tensor<2x3x3x4xf32>, tensor<2x3x4x4xf32>,
        tensor<2x3x4x5xf32>, tensor<2x3x3x4xf32>, tensor<1x2x5xf32>,
        tensor<1x2x3xf32>, tensor<1x2x3x3x4xf32>, tensor<1x2x3x6x4xf32>,
        tensor<1x2x4x4xi32>
}
