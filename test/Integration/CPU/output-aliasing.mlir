// RUN: %run-graph %s --work-dir %t

// Outputs that share storage in the graph: one computed value returned
// twice, a constant returned twice, views (reshape, slice) of an input and a
// transpose of another output; each output buffer must get its own copy. The
// i1 concat of a strided slice moves single bytes.

// REF: a, b, m = inp
// REF: s = a + b
// REF: out[0] = s
// REF: out[1] = s
// REF: out[2] = a.reshape(12)
// REF: out[3] = np.full((2, 2), 3, dtype=np.int32)
// REF: out[4] = np.full((2, 2), 3, dtype=np.int32)
// REF: out[5] = s.T.copy()
// REF: out[6] = np.concatenate([m[:, ::2], m], axis=1)
// REF: out[7] = a[:, 1:2].reshape(3)

func.func @output_aliasing(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>,
                           %m: tensor<3x4xi1>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<12xf32>, tensor<2x2xi32>,
        tensor<2x2xi32>, tensor<4x3xf32>, tensor<3x6xi1>, tensor<3xf32>) {
  %s = tg.add %a, %b : tensor<3x4xf32>, tensor<3x4xf32>
  %r = tg.reshape %a : tensor<3x4xf32> -> tensor<12xf32>
  %c = tg.constant dense<3> : tensor<2x2xi32>
  %t = tg.transpose %s permutation = [1, 0] : tensor<3x4xf32>
  %ms = tg.slice %m start = [0, 0] limit = [3, 4] stride = [1, 2]
      : tensor<3x4xi1>
  %mc = tg.concat %ms, %m axis = 1 : tensor<3x2xi1>, tensor<3x4xi1>
  %col = tg.slice %a start = [0, 1] limit = [3, 2] stride = [1, 1]
      : tensor<3x4xf32>
  %colr = tg.reshape %col : tensor<3x1xf32> -> tensor<3xf32>
  return %s, %s, %r, %c, %c, %t, %mc, %colr
      : tensor<3x4xf32>, tensor<3x4xf32>, tensor<12xf32>, tensor<2x2xi32>,
        tensor<2x2xi32>, tensor<4x3xf32>, tensor<3x6xi1>, tensor<3xf32>
}
