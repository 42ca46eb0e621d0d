// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// NumPy broadcasting on the GPU: a row, a column, both operands stretched
// and a rank-4 product whose thread indices are recovered from one linear
// index by division and remainder over four dimensions.

// REF: x, row, col, a, b, c, d = inp
// REF: out[0] = x * row
// REF: out[1] = x - col
// REF: out[2] = a + b
// REF: out[3] = c * d

func.func @broadcast(%x: tensor<3x4xf32>, %row: tensor<4xf32>,
                     %col: tensor<3x1xf32>, %a: tensor<4x1xf32>,
                     %b: tensor<1x3xf32>, %c: tensor<2x1x4x1xf32>,
                     %d: tensor<3x1x5xf32>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<4x3xf32>,
        tensor<2x3x4x5xf32>) {
  %0 = tg.mul %x, %row : tensor<3x4xf32>, tensor<4xf32>
  %1 = tg.sub %x, %col : tensor<3x4xf32>, tensor<3x1xf32>
  %2 = tg.add %a, %b : tensor<4x1xf32>, tensor<1x3xf32>
  %3 = tg.mul %c, %d : tensor<2x1x4x1xf32>, tensor<3x1x5xf32>
  return %0, %1, %2, %3
      : tensor<3x4xf32>, tensor<3x4xf32>, tensor<4x3xf32>, tensor<2x3x4x5xf32>
}
