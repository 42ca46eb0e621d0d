// RUN: %run-graph %s --work-dir %t

// tg.scatter_elements and tg.scatter_nd against a numpy loop that applies
// the updates one at a time in row-major order, as the lowering does: with
// reduction `none` the last of several updates to one element wins, and
// reductions accumulate every update. Indices are drawn from the whole
// valid range, negative ones included (they count from the end), over small
// axes so that duplicates occur; one scatter gets out-of-range indices,
// which tg clamps. The data inputs are graph inputs, so the results must
// also be written without touching them (the caller's buffers are const).

// INPUT 1: int(-5, 4)    # every valid index of an axis of 5, both signs
// INPUT 3: int(-3, 2)    # every valid index of an axis of 3
// INPUT 4: int(-9, 9)    # out of range for an axis of 5: clamped
// INPUT 5: int(-4, 3)    # index tuples into [4, 3, ...]: first index
// INPUT 6: int(-3, 2)    # second index
// INPUT 7: int(-50, 50)

// REF: x, i5, u, i3, bad, t0, t1, xi = inp
// REF: def wrap(i, n):
// REF:     i = int(i)
// REF:     return min(max(i + n if i < 0 else i, 0), n - 1)
// REF: def scatter_elements(data, idx, upd, axis, op):
// REF:     out = data.copy()
// REF:     for p in np.ndindex(*idx.shape):
// REF:         q = list(p)
// REF:         q[axis] = wrap(idx[p], data.shape[axis])
// REF:         q = tuple(q)
// REF:         out[q] = upd[p] if op is None else op(out[q], upd[p])
// REF:     return out
// REF: def scatter_nd(data, idx, upd, op):
// REF:     out = data.copy()
// REF:     for p in np.ndindex(*idx.shape[:-1]):
// REF:         q = tuple(wrap(i, data.shape[d]) for d, i in enumerate(idx[p]))
// REF:         out[q] = upd[p] if op is None else op(out[q], upd[p])
// REF:     return out
// REF: tup = np.stack([t0, t1], axis=-1)
// REF: out[0] = scatter_elements(x, i5, u, 1, None)
// REF: out[1] = scatter_elements(x, i5, u, 1, np.add)
// REF: out[2] = scatter_elements(x, i5, u, 1, np.multiply)
// REF: out[3] = scatter_elements(x, i5, u, 1, np.maximum)
// REF: out[4] = scatter_elements(x, i5, u, 1, np.minimum)
// REF: out[5] = scatter_elements(x, i3, u, 0, np.add)
// REF: out[6] = scatter_elements(x, bad, u, 1, None)
// REF: y = np.arange(4 * 3 * 2, dtype=np.float32).reshape(4, 3, 2)
// REF: out[7] = scatter_nd(y, tup, np.arange(6 * 2, dtype=np.float32).reshape(6, 2), None)
// REF: out[8] = scatter_nd(y, tup[:, :1], np.ones((6, 3, 2), np.float32), np.add)
// REF: out[9] = scatter_nd(xi, tup[:, :1], np.full((6, 5), 7, np.int32), np.maximum)
// REF: out[10] = x

func.func @scatter(%x: tensor<3x5xf32>, %i5: tensor<3x4xi64>,
                   %u: tensor<3x4xf32>, %i3: tensor<3x4xi32>,
                   %bad: tensor<3x4xi64>, %t0: tensor<6xi64>,
                   %t1: tensor<6xi64>, %xi: tensor<4x5xi32>)
    -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>,
        tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<4x3x2xf32>,
        tensor<4x3x2xf32>, tensor<4x5xi32>, tensor<3x5xf32>) {
  %0 = tg.scatter_elements none %x, %i5, %u axis = 1
      : tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>
  %1 = tg.scatter_elements add %x, %i5, %u axis = 1
      : tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>
  %2 = tg.scatter_elements mul %x, %i5, %u axis = 1
      : tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>
  %3 = tg.scatter_elements max %x, %i5, %u axis = 1
      : tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>
  %4 = tg.scatter_elements min %x, %i5, %u axis = 1
      : tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>
  %5 = tg.scatter_elements add %x, %i3, %u axis = 0
      : tensor<3x5xf32>, tensor<3x4xi32>, tensor<3x4xf32>
  %6 = tg.scatter_elements none %x, %bad, %u axis = 1
      : tensor<3x5xf32>, tensor<3x4xi64>, tensor<3x4xf32>

  %y = tg.constant dense<[[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]],
                          [[6.0, 7.0], [8.0, 9.0], [10.0, 11.0]],
                          [[12.0, 13.0], [14.0, 15.0], [16.0, 17.0]],
                          [[18.0, 19.0], [20.0, 21.0], [22.0, 23.0]]]>
      : tensor<4x3x2xf32>
  %a = tg.reshape %t0 : tensor<6xi64> -> tensor<6x1xi64>
  %b = tg.reshape %t1 : tensor<6xi64> -> tensor<6x1xi64>
  %tup = tg.concat %a, %b axis = 1 : tensor<6x1xi64>, tensor<6x1xi64>
  %v = tg.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0],
                          [8.0, 9.0], [10.0, 11.0]]> : tensor<6x2xf32>
  %7 = tg.scatter_nd none %y, %tup, %v
      : tensor<4x3x2xf32>, tensor<6x2xi64>, tensor<6x2xf32>
  %ones = tg.constant dense<1.0> : tensor<6x3x2xf32>
  %8 = tg.scatter_nd add %y, %a, %ones
      : tensor<4x3x2xf32>, tensor<6x1xi64>, tensor<6x3x2xf32>
  %sevens = tg.constant dense<7> : tensor<6x5xi32>
  %9 = tg.scatter_nd max %xi, %a, %sevens
      : tensor<4x5xi32>, tensor<6x1xi64>, tensor<6x5xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %x
      : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>,
        tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<4x3x2xf32>,
        tensor<4x3x2xf32>, tensor<4x5xi32>, tensor<3x5xf32>
}
