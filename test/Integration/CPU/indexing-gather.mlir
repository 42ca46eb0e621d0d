// RUN: %run-graph %s --work-dir %t

// tg.gather, tg.gather_elements and tg.gather_nd against numpy. Indices are
// drawn from the whole valid range, negative ones included (they count from
// the end); one gather gets indices out of range, which tg clamps.

// INPUT 1: int(-5, 4)    # every valid index of an axis of 5, both signs
// INPUT 2: int(-3, 2)    # every valid index of an axis of 3
// INPUT 3: int(-9, 9)    # out of range for an axis of 5: clamped
// INPUT 4: int(-5, 4)
// INPUT 5: int(-2, 1)    # tuples into [2, 3, ...]: first index
// INPUT 6: int(-3, 2)    # second index

// REF: x, i5, i3, bad, e, t0, t1 = inp
// REF: y = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
// REF: out[0] = np.take(x, i5, axis=1)
// REF: out[1] = np.take(x, i3, axis=0)
// REF: out[2] = np.take(x, i5[1, 0], axis=1)
// REF: out[3] = np.take(x, np.clip(np.where(bad < 0, bad + 5, bad), 0, 4), axis=1)
// REF: out[4] = np.take_along_axis(x, e, axis=1)
// REF: tup = np.stack([t0, t1], axis=-1)
// REF: out[5] = y[tup[..., 0], tup[..., 1]]
// REF: out[6] = np.stack([y[b][tup[b, :, 1]] for b in range(2)])
// REF: out[7] = np.take(x.astype(np.int32), i5, axis=1)

func.func @gather(%x: tensor<3x5xf32>, %i5: tensor<2x4xi64>,
                  %i3: tensor<4xi32>, %bad: tensor<6xi64>,
                  %e: tensor<3x7xi64>, %t0: tensor<2x4xi64>,
                  %t1: tensor<2x4xi64>)
    -> (tensor<3x2x4xf32>, tensor<4x5xf32>, tensor<3xf32>, tensor<3x6xf32>,
        tensor<3x7xf32>, tensor<2x4x4xf32>, tensor<2x4x4xf32>,
        tensor<3x2x4xi32>) {
  %y = tg.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0],
                           [8.0, 9.0, 10.0, 11.0]],
                          [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0],
                           [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %0 = tg.gather %x, %i5 axis = 1 : tensor<3x5xf32>, tensor<2x4xi64>
  %1 = tg.gather %x, %i3 axis = 0 : tensor<3x5xf32>, tensor<4xi32>
  %s = tg.slice %i5 start = [1, 0] limit = [2, 1] stride = [1, 1]
      : tensor<2x4xi64>
  %scalar = tg.reshape %s : tensor<1x1xi64> -> tensor<i64>
  %2 = tg.gather %x, %scalar axis = 1 : tensor<3x5xf32>, tensor<i64>
  %3 = tg.gather %x, %bad axis = 1 : tensor<3x5xf32>, tensor<6xi64>
  %4 = tg.gather_elements %x, %e axis = 1 : tensor<3x5xf32>, tensor<3x7xi64>
  %a = tg.reshape %t0 : tensor<2x4xi64> -> tensor<2x4x1xi64>
  %b = tg.reshape %t1 : tensor<2x4xi64> -> tensor<2x4x1xi64>
  %tup = tg.concat %a, %b axis = 2 : tensor<2x4x1xi64>, tensor<2x4x1xi64>
  %5 = tg.gather_nd %y, %tup batch_dims = 0
      : tensor<2x3x4xf32>, tensor<2x4x2xi64>
  %b3 = tg.reshape %t1 : tensor<2x4xi64> -> tensor<2x4x1xi64>
  %6 = tg.gather_nd %y, %b3 batch_dims = 1
      : tensor<2x3x4xf32>, tensor<2x4x1xi64>
  %xi = tg.cast %x : tensor<3x5xf32> -> tensor<3x5xi32>
  %7 = tg.gather %xi, %i5 axis = 1 : tensor<3x5xi32>, tensor<2x4xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<3x2x4xf32>, tensor<4x5xf32>, tensor<3xf32>, tensor<3x6xf32>,
        tensor<3x7xf32>, tensor<2x4x4xf32>, tensor<2x4x4xf32>,
        tensor<3x2x4xi32>
}
