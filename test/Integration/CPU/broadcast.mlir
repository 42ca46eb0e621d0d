// RUN: %run-graph %s --work-dir %t

// NumPy broadcasting in binary ops: scalar, row, column, both operands
// stretched ([4,1] + [1,3]), rank extension, size-1 dims on both sides in
// higher rank, and tg.broadcast_to.

// REF: x, s, row, col, a, b, c, d, v = inp
// REF: out[0] = x + s
// REF: out[1] = x * row
// REF: out[2] = x - col
// REF: out[3] = a + b
// REF: out[4] = c * d
// REF: out[5] = s - x
// REF: out[6] = np.broadcast_to(v, (2, 3, 4)).copy()
// REF: out[7] = np.maximum(row, col)

func.func @broadcast(%x: tensor<3x4xf32>, %s: tensor<f32>, %row: tensor<4xf32>,
                     %col: tensor<3x1xf32>, %a: tensor<4x1xf32>,
                     %b: tensor<1x3xf32>, %c: tensor<2x1x4x1xf32>,
                     %d: tensor<3x1x5xf32>, %v: tensor<3x1xf32>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<4x3xf32>,
        tensor<2x3x4x5xf32>, tensor<3x4xf32>, tensor<2x3x4xf32>,
        tensor<3x4xf32>) {
  %0 = tg.add %x, %s : tensor<3x4xf32>, tensor<f32>
  %1 = tg.mul %x, %row : tensor<3x4xf32>, tensor<4xf32>
  %2 = tg.sub %x, %col : tensor<3x4xf32>, tensor<3x1xf32>
  %3 = tg.add %a, %b : tensor<4x1xf32>, tensor<1x3xf32>
  %4 = tg.mul %c, %d : tensor<2x1x4x1xf32>, tensor<3x1x5xf32>
  %5 = tg.sub %s, %x : tensor<f32>, tensor<3x4xf32>
  %6 = tg.broadcast_to %v : tensor<3x1xf32> -> tensor<2x3x4xf32>
  %7 = tg.max %row, %col : tensor<4xf32>, tensor<3x1xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<4x3xf32>,
        tensor<2x3x4x5xf32>, tensor<3x4xf32>, tensor<2x3x4xf32>,
        tensor<3x4xf32>
}
