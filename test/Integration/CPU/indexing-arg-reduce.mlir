// RUN: %run-graph %s --work-dir %t

// tg.arg_reduce against numpy: values drawn from a few choices so that ties
// occur (first index by default, last with select_last_index), an input
// with NaNs (the first NaN wins, as in numpy), and integers.

// INPUT 0: choice(-1.0, 0.0, 0.5, 2.0)   # ties
// INPUT 1: data([[1.0, nan, 3.0, nan], [0.0, -1.0, 5.0, 5.0], [nan, nan, nan, nan]])
// INPUT 2: choice(-3, 0, 7)

// REF: x, n, k = inp
// REF: def last(f, a, axis):
// REF:     r = np.flip(a, axis=axis)
// REF:     return a.shape[axis] - 1 - f(r, axis=axis)
// REF: out[0] = np.concatenate([np.argmax(x, axis=1), last(np.argmax, x, 1)])
// REF: out[1] = np.concatenate([np.argmin(x, axis=0, keepdims=True),
// REF:                          last(np.argmin, x, 0)[None, :]])
// REF: out[2] = np.concatenate([np.argmax(n, axis=1), np.argmin(n, axis=1)])
// REF: out[3] = np.argmax(k, axis=2)
// REF: out[4] = last(np.argmin, k, 0)
// REF: out[5] = np.argmax(x[0], axis=0)

// Results of one shape are concatenated into one output (see
// indexing-cumulative.mlir for the bufferization bug this avoids).

func.func @arg_reduce(%x: tensor<5x6xf32>, %n: tensor<3x4xf32>,
                      %k: tensor<2x3x4xi32>)
    -> (tensor<10xi64>, tensor<2x6xi64>, tensor<6xi64>, tensor<2x3xi64>,
        tensor<3x4xi64>, tensor<i64>) {
  %0 = tg.arg_reduce max %x axis = 1 : tensor<5x6xf32>
  %1 = tg.arg_reduce min %x axis = 0 keepdims : tensor<5x6xf32>
  %2 = tg.arg_reduce max %x axis = 1 select_last_index : tensor<5x6xf32>
  %3 = tg.arg_reduce min %x axis = 0 keepdims select_last_index
      : tensor<5x6xf32>
  %4 = tg.arg_reduce max %n axis = 1 : tensor<3x4xf32>
  %5 = tg.arg_reduce min %n axis = 1 : tensor<3x4xf32>
  %6 = tg.arg_reduce max %k axis = 2 : tensor<2x3x4xi32>
  %7 = tg.arg_reduce min %k axis = 0 select_last_index : tensor<2x3x4xi32>
  %row = tg.slice %x start = [0, 0] limit = [1, 6] stride = [1, 1]
      : tensor<5x6xf32>
  %r = tg.reshape %row : tensor<1x6xf32> -> tensor<6xf32>
  %8 = tg.arg_reduce max %r axis = 0 : tensor<6xf32>
  %c0 = tg.concat %0, %2 axis = 0 : tensor<5xi64>, tensor<5xi64>
  %c1 = tg.concat %1, %3 axis = 0 : tensor<1x6xi64>, tensor<1x6xi64>
  %c2 = tg.concat %4, %5 axis = 0 : tensor<3xi64>, tensor<3xi64>
  return %c0, %c1, %c2, %6, %7, %8
      : tensor<10xi64>, tensor<2x6xi64>, tensor<6xi64>, tensor<2x3xi64>,
        tensor<3x4xi64>, tensor<i64>
}
