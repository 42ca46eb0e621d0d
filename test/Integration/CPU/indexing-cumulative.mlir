// RUN: %run-graph %s --work-dir %t

// tg.cumulative against np.cumsum / np.cumprod, with the exclusive and
// reverse flags on every axis, in f32 and in integers (which wrap).

// INPUT 1: int(-3, 3)
// INPUT 2: uniform(0.5, 1.5)   # products of 7 factors stay well scaled

// REF: x, k, p = inp
// REF: def scan(f, a, axis, exclusive=False, reverse=False):
// REF:     if reverse:
// REF:         a = np.flip(a, axis=axis)
// REF:     r = f(a, axis=axis).astype(a.dtype)
// REF:     if exclusive:
// REF:         ident = np.zeros_like if f is np.cumsum else np.ones_like
// REF:         first = ident(np.take(r, [0], axis=axis))
// REF:         r = np.concatenate([first, np.delete(r, -1, axis=axis)], axis=axis)
// REF:     return np.flip(r, axis=axis) if reverse else r
// REF: out[0] = np.concatenate([scan(np.cumsum, x, 1),
// REF:                          scan(np.cumsum, x, 0, exclusive=True),
// REF:                          scan(np.cumsum, x, 1, reverse=True),
// REF:                          scan(np.cumsum, x, 1, exclusive=True, reverse=True)])
// REF: out[1] = np.concatenate([scan(np.cumsum, k, 2),
// REF:                          scan(np.cumprod, k, 1, exclusive=True)])
// REF: out[2] = scan(np.cumprod, p, 1, reverse=True)

// Scans of one shape are concatenated into one output. Two results that
// share an init tensor (CSE merges the fills) and are both returned directly
// hit a bufferization bug of the CPU pipeline: the second output is copied
// from a buffer the first one has already overwritten.

func.func @cumulative(%x: tensor<4x7xf32>, %k: tensor<2x3x4xi64>,
                      %p: tensor<3x7xf32>)
    -> (tensor<16x7xf32>, tensor<4x3x4xi64>, tensor<3x7xf32>) {
  %0 = tg.cumulative sum %x axis = 1 : tensor<4x7xf32>
  %1 = tg.cumulative sum %x axis = 0 exclusive : tensor<4x7xf32>
  %2 = tg.cumulative sum %x axis = 1 reverse : tensor<4x7xf32>
  %3 = tg.cumulative sum %x axis = 1 exclusive reverse : tensor<4x7xf32>
  %4 = tg.cumulative sum %k axis = 2 : tensor<2x3x4xi64>
  %5 = tg.cumulative prod %k axis = 1 exclusive : tensor<2x3x4xi64>
  %6 = tg.cumulative prod %p axis = 1 reverse : tensor<3x7xf32>
  %sums = tg.concat %0, %1, %2, %3 axis = 0
      : tensor<4x7xf32>, tensor<4x7xf32>, tensor<4x7xf32>, tensor<4x7xf32>
  %ints = tg.concat %4, %5 axis = 0 : tensor<2x3x4xi64>, tensor<2x3x4xi64>
  return %sums, %ints, %6
      : tensor<16x7xf32>, tensor<4x3x4xi64>, tensor<3x7xf32>
}
