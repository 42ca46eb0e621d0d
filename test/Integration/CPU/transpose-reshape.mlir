// RUN: %run-graph %s --work-dir %t

// Transpose (2-D and 3-D permutations) and reshape (flatten, split, to and
// from rank 0, and after a transpose, which must copy in the new order).

// REF: x, t, s, u = inp
// REF: out[0] = x.T.copy()
// REF: out[1] = t.transpose(2, 0, 1).copy()
// REF: out[2] = t.reshape(24)
// REF: out[3] = x.reshape(4, 1, 3)
// REF: out[4] = s.reshape(1, 1)
// REF: out[5] = t.transpose(1, 0, 2).reshape(3, 8)
// REF: out[6] = u.reshape(())
// REF: out[7] = t.transpose(2, 1, 0).copy()

func.func @transpose_reshape(%x: tensor<3x4xf32>, %t: tensor<2x3x4xf32>,
                             %s: tensor<f32>, %u: tensor<1x1xf32>)
    -> (tensor<4x3xf32>, tensor<4x2x3xf32>, tensor<24xf32>,
        tensor<4x1x3xf32>, tensor<1x1xf32>, tensor<3x8xf32>, tensor<f32>,
        tensor<4x3x2xf32>) {
  %0 = tg.transpose %x permutation = [1, 0] : tensor<3x4xf32>
  %1 = tg.transpose %t permutation = [2, 0, 1] : tensor<2x3x4xf32>
  %2 = tg.reshape %t : tensor<2x3x4xf32> -> tensor<24xf32>
  %3 = tg.reshape %x : tensor<3x4xf32> -> tensor<4x1x3xf32>
  %4 = tg.reshape %s : tensor<f32> -> tensor<1x1xf32>
  %5 = tg.transpose %t permutation = [1, 0, 2] : tensor<2x3x4xf32>
  %6 = tg.reshape %5 : tensor<3x2x4xf32> -> tensor<3x8xf32>
  %7 = tg.reshape %u : tensor<1x1xf32> -> tensor<f32>
  %8 = tg.transpose %t permutation = [2, 1, 0] : tensor<2x3x4xf32>
  return %0, %1, %2, %3, %4, %6, %7, %8
      : tensor<4x3xf32>, tensor<4x2x3xf32>, tensor<24xf32>,
        tensor<4x1x3xf32>, tensor<1x1xf32>, tensor<3x8xf32>, tensor<f32>,
        tensor<4x3x2xf32>
}
