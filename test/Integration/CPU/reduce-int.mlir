// RUN: %run-graph %s --work-dir %t

// Integer reductions: every kind on i32 (%n all negative, %p all positive,
// so a max/min starting from 0 shows), i64 and i8 sums. Integer mean is the
// sum divided by the count, truncating toward zero like tg.div.

// INPUT 0: int(-1000, 1000)
// INPUT 1: int(-50, -1)
// INPUT 2: int(1, 3)  # small factors: prod of 4 stays far below 2^31
// INPUT 3: int(-3000000000, 3000000000)  # sums beyond the i32 range
// INPUT 4: int(-128, 127)  # the i8 sum wraps around, as in numpy

// REF: x, n, p, w, b = inp
// REF: def mean(a, axis):
// REF:     s = a.sum(axis=axis, dtype=np.int64)
// REF:     c = a.size // s.size
// REF:     return (np.sign(s) * (np.abs(s) // c)).astype(a.dtype)
// REF: out[0] = x.sum(axis=1).astype(np.int32)
// REF: out[1] = n.max(axis=0, keepdims=True)
// REF: out[2] = p.min(axis=(0, 1))
// REF: out[3] = mean(x, 1)
// REF: out[4] = p.prod(axis=1).astype(np.int32)
// REF: out[5] = x.max(axis=(0, 1))
// REF: out[6] = w.sum(axis=0)
// REF: out[7] = b.sum(axis=1, dtype=np.int8)
// REF: out[8] = n.min(axis=1, keepdims=True)

func.func @reduce_int(%x: tensor<6x4xi32>, %n: tensor<6x4xi32>,
                      %p: tensor<6x4xi32>, %w: tensor<5x3xi64>,
                      %b: tensor<2x64xi8>)
    -> (tensor<6xi32>, tensor<1x4xi32>, tensor<i32>, tensor<6xi32>,
        tensor<6xi32>, tensor<i32>, tensor<3xi64>, tensor<2xi8>,
        tensor<6x1xi32>) {
  %0 = tg.reduce sum %x axes = [1] : tensor<6x4xi32>
  %1 = tg.reduce max %n axes = [0] keepdims : tensor<6x4xi32>
  %2 = tg.reduce min %p axes = [0, 1] : tensor<6x4xi32>
  %3 = tg.reduce mean %x axes = [1] : tensor<6x4xi32>
  %4 = tg.reduce prod %p axes = [1] : tensor<6x4xi32>
  %5 = tg.reduce max %x axes = [0, 1] : tensor<6x4xi32>
  %6 = tg.reduce sum %w axes = [0] : tensor<5x3xi64>
  %7 = tg.reduce sum %b axes = [1] : tensor<2x64xi8>
  %8 = tg.reduce min %n axes = [1] keepdims : tensor<6x4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<6xi32>, tensor<1x4xi32>, tensor<i32>, tensor<6xi32>,
        tensor<6xi32>, tensor<i32>, tensor<3xi64>, tensor<2xi8>,
        tensor<6x1xi32>
}
