// RUN: %run-graph %s --work-dir %t

// tg.topk against a stable numpy sort: the k largest (or smallest) along an
// axis, best first, equal values by position. Values come from a few
// choices so that ties occur; one input holds NaNs (larger than every
// number, as in np.sort).

// INPUT 0: choice(-2.0, -0.5, 0.0, 1.0, 3.0)
// INPUT 1: choice(-4, 0, 4, 9)
// INPUT 2: data([[1.0, nan, 3.0, -inf, 2.0], [nan, nan, 0.0, inf, -1.0]])

// REF: x, n, f = inp
// REF: def topk(a, k, axis, largest):
// REF:     key = -a if largest else a
// REF:     if a.dtype.kind == 'f' and largest:
// REF:         key = np.where(np.isnan(a), -np.inf, key)
// REF:         order = np.lexsort((np.broadcast_to(np.arange(a.shape[axis]).reshape([-1] + [1] * (a.ndim - 1 - axis)), a.shape), ~np.isnan(a), key), axis=axis)
// REF:     else:
// REF:         order = np.argsort(key, axis=axis, kind='stable')
// REF:     idx = np.take(order, np.arange(k), axis=axis)
// REF:     return np.take_along_axis(a, idx, axis=axis), idx.astype(np.int64)
// REF: out[0], out[1] = topk(x, 3, 1, True)
// REF: out[2], out[3] = topk(x, 2, 0, False)
// REF: out[4], out[5] = topk(n, 4, 2, True)
// REF: out[6], out[7] = topk(f, 5, 1, True)
// REF: out[8], out[9] = topk(f, 3, 1, False)

func.func @topk(%x: tensor<4x6xf32>, %n: tensor<2x3x5xi32>,
                %f: tensor<2x5xf32>)
    -> (tensor<4x3xf32>, tensor<4x3xi64>, tensor<2x6xf32>, tensor<2x6xi64>,
        tensor<2x3x4xi32>, tensor<2x3x4xi64>, tensor<2x5xf32>,
        tensor<2x5xi64>, tensor<2x3xf32>, tensor<2x3xi64>) {
  %v0, %i0 = tg.topk %x k = 3 axis = 1 largest : tensor<4x6xf32>
  %v1, %i1 = tg.topk %x k = 2 axis = 0 : tensor<4x6xf32>
  %v2, %i2 = tg.topk %n k = 4 axis = 2 largest : tensor<2x3x5xi32>
  %v3, %i3 = tg.topk %f k = 5 axis = 1 largest : tensor<2x5xf32>
  %v4, %i4 = tg.topk %f k = 3 axis = 1 : tensor<2x5xf32>
  return %v0, %i0, %v1, %i1, %v2, %i2, %v3, %i3, %v4, %i4
      : tensor<4x3xf32>, tensor<4x3xi64>, tensor<2x6xf32>, tensor<2x6xi64>,
        tensor<2x3x4xi32>, tensor<2x3x4xi64>, tensor<2x5xf32>,
        tensor<2x5xi64>, tensor<2x3xf32>, tensor<2x3xi64>
}
