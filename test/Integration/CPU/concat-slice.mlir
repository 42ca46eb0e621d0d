// RUN: %run-graph %s --work-dir %t

// Concat along the outer and an inner axis, of three operands (one used
// twice), and slices: contiguous, strided, and strided with a limit that is
// not a multiple of the stride.

// REF: x, y, z, t = inp
// REF: out[0] = np.concatenate([x, y], axis=0)
// REF: out[1] = np.concatenate([x, z, x], axis=1)
// REF: out[2] = t[0:2, 1:3, 0:4:3].copy()
// REF: out[3] = x[1:3:1, 0:4:2].copy()
// REF: out[4] = t[1:2, 0:3:2, 1:4:2].copy()
// REF: out[5] = x[1:3, :].copy()
// REF: out[6] = np.concatenate([t[:, 0:3:2, :], t], axis=1)

func.func @concat_slice(%x: tensor<3x4xf32>, %y: tensor<2x4xf32>,
                        %z: tensor<3x2xf32>, %t: tensor<2x3x4xf32>)
    -> (tensor<5x4xf32>, tensor<3x10xf32>, tensor<2x2x2xf32>,
        tensor<2x2xf32>, tensor<1x2x2xf32>, tensor<2x4xf32>,
        tensor<2x5x4xf32>) {
  %0 = tg.concat %x, %y axis = 0 : tensor<3x4xf32>, tensor<2x4xf32>
  %1 = tg.concat %x, %z, %x axis = 1
      : tensor<3x4xf32>, tensor<3x2xf32>, tensor<3x4xf32>
  %2 = tg.slice %t start = [0, 1, 0] limit = [2, 3, 4] stride = [1, 1, 3]
      : tensor<2x3x4xf32>
  %3 = tg.slice %x start = [1, 0] limit = [3, 4] stride = [1, 2]
      : tensor<3x4xf32>
  %4 = tg.slice %t start = [1, 0, 1] limit = [2, 3, 4] stride = [1, 2, 2]
      : tensor<2x3x4xf32>
  %5 = tg.slice %x start = [1, 0] limit = [3, 4] stride = [1, 1]
      : tensor<3x4xf32>
  %6 = tg.slice %t start = [0, 0, 0] limit = [2, 3, 4] stride = [1, 2, 1]
      : tensor<2x3x4xf32>
  %7 = tg.concat %6, %t axis = 1 : tensor<2x2x4xf32>, tensor<2x3x4xf32>
  return %0, %1, %2, %3, %4, %5, %7
      : tensor<5x4xf32>, tensor<3x10xf32>, tensor<2x2x2xf32>,
        tensor<2x2xf32>, tensor<1x2x2xf32>, tensor<2x4xf32>,
        tensor<2x5x4xf32>
}
