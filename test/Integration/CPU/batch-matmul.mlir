// RUN: %run-graph %s --work-dir %t

// tg.matmul like numpy.matmul: plain 2-D, batched with equal batch dims,
// batch dims broadcast from a 2-D operand ([2,3,4,5] x [5,6]) and from a
// size-1 batch ([1,4,5] x [3,5,6]), a 2-D lhs against a batch, and i32.

// INPUT 6, 7: int(-20, 20)

// REF: a, b, c, d, e, f, g, h = inp
// REF: out[0] = a @ b
// REF: out[1] = c @ b
// REF: out[2] = d @ e
// REF: out[3] = a @ f
// REF: out[4] = g @ h

func.func @batch_matmul(%a: tensor<4x5xf32>, %b: tensor<5x6xf32>,
                        %c: tensor<2x3x4x5xf32>, %d: tensor<1x4x5xf32>,
                        %e: tensor<3x5x6xf32>, %f: tensor<2x5x7xf32>,
                        %g: tensor<2x3x4xi32>, %h: tensor<2x4x5xi32>)
    -> (tensor<4x6xf32>, tensor<2x3x4x6xf32>, tensor<3x4x6xf32>,
        tensor<2x4x7xf32>, tensor<2x3x5xi32>) {
  %0 = tg.matmul %a, %b : tensor<4x5xf32>, tensor<5x6xf32>
  %1 = tg.matmul %c, %b : tensor<2x3x4x5xf32>, tensor<5x6xf32>
  %2 = tg.matmul %d, %e : tensor<1x4x5xf32>, tensor<3x5x6xf32>
  %3 = tg.matmul %a, %f : tensor<4x5xf32>, tensor<2x5x7xf32>
  %4 = tg.matmul %g, %h : tensor<2x3x4xi32>, tensor<2x4x5xi32>
  return %0, %1, %2, %3, %4
      : tensor<4x6xf32>, tensor<2x3x4x6xf32>, tensor<3x4x6xf32>,
        tensor<2x4x7xf32>, tensor<2x3x5xi32>
}
