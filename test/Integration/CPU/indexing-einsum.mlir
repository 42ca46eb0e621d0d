// RUN: %run-graph %s --work-dir %t

// tg.einsum against np.einsum: matmul, batched matmul, explicit and
// implicit outputs, a transpose, a trace and a diagonal (repeated labels),
// a full contraction to a scalar, an outer product, three operands, '...'
// with broadcasting, and integers. The two scalar results of one shape are
// stacked into one output (see indexing-cumulative.mlir for the
// bufferization bug this avoids).

// REF: a, b, c, d, m, e, f, k = inp
// REF: out[0] = np.einsum('ij,jk->ik', a, b)
// REF: out[1] = np.einsum('bij,bjk->bik', c, d)
// REF: out[2] = np.einsum('ij,jk', a, b)
// REF: out[3] = np.einsum('ij->ji', a)
// REF: out[4] = np.stack([np.einsum('ii', m), np.einsum('ij,ij->', a, a)])
// REF: out[5] = np.einsum('ii->i', m)
// REF: out[6] = np.einsum('j,j', b[0], b[1])
// REF: out[7] = np.einsum('i,j->ij', a[0], b[0])
// REF: out[8] = np.einsum('ij,jk,kl->il', a, b, b.T)
// REF: out[9] = np.einsum('...ij,...jk->...ik', e, f)
// REF: out[10] = np.einsum('Ab,bc->Ac', k, k.T)

func.func @einsum(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>,
                  %c: tensor<2x3x4xf32>, %d: tensor<2x4x5xf32>,
                  %m: tensor<4x4xf32>, %e: tensor<2x1x3x4xf32>,
                  %f: tensor<3x4x2xf32>, %k: tensor<3x4xi32>)
    -> (tensor<3x5xf32>, tensor<2x3x5xf32>, tensor<3x5xf32>, tensor<4x3xf32>,
        tensor<2xf32>, tensor<4xf32>, tensor<f32>, tensor<4x5xf32>,
        tensor<3x4xf32>, tensor<2x3x3x2xf32>, tensor<3x3xi32>) {
  %0 = tg.einsum "ij,jk->ik" %a, %b : tensor<3x4xf32>, tensor<4x5xf32>
  %1 = tg.einsum "bij,bjk->bik" %c, %d : tensor<2x3x4xf32>, tensor<2x4x5xf32>
  %2 = tg.einsum "ij,jk" %a, %b : tensor<3x4xf32>, tensor<4x5xf32>
  %3 = tg.einsum "ij->ji" %a : tensor<3x4xf32>
  %4 = tg.einsum "ii" %m : tensor<4x4xf32>
  %5 = tg.einsum "ii->i" %m : tensor<4x4xf32>
  %sq = tg.einsum "ij,ij->" %a, %a : tensor<3x4xf32>, tensor<3x4xf32>
  %tr = tg.reshape %4 : tensor<f32> -> tensor<1xf32>
  %sqr = tg.reshape %sq : tensor<f32> -> tensor<1xf32>
  %scalars = tg.concat %tr, %sqr axis = 0 : tensor<1xf32>, tensor<1xf32>
  %rb1 = tg.slice %b start = [1, 0] limit = [2, 5] stride = [1, 1]
      : tensor<4x5xf32>
  %b1 = tg.reshape %rb1 : tensor<1x5xf32> -> tensor<5xf32>
  %ra = tg.slice %a start = [0, 0] limit = [1, 4] stride = [1, 1]
      : tensor<3x4xf32>
  %rb = tg.slice %b start = [0, 0] limit = [1, 5] stride = [1, 1]
      : tensor<4x5xf32>
  %a0 = tg.reshape %ra : tensor<1x4xf32> -> tensor<4xf32>
  %b0 = tg.reshape %rb : tensor<1x5xf32> -> tensor<5xf32>
  %7 = tg.einsum "i,j->ij" %a0, %b0 : tensor<4xf32>, tensor<5xf32>
  %dot = tg.einsum "j,j" %b0, %b1 : tensor<5xf32>, tensor<5xf32>
  %bt = tg.transpose %b permutation = [1, 0] : tensor<4x5xf32>
  %8 = tg.einsum "ij, jk, kl -> il" %a, %b, %bt
      : tensor<3x4xf32>, tensor<4x5xf32>, tensor<5x4xf32>
  %9 = tg.einsum "...ij,...jk->...ik" %e, %f
      : tensor<2x1x3x4xf32>, tensor<3x4x2xf32>
  %kt = tg.transpose %k permutation = [1, 0] : tensor<3x4xi32>
  %10 = tg.einsum "Ab,bc->Ac" %k, %kt : tensor<3x4xi32>, tensor<4x3xi32>
  return %0, %1, %2, %3, %scalars, %5, %dot, %7, %8, %9, %10
      : tensor<3x5xf32>, tensor<2x3x5xf32>, tensor<3x5xf32>, tensor<4x3xf32>,
        tensor<2xf32>, tensor<4xf32>, tensor<f32>, tensor<4x5xf32>,
        tensor<3x4xf32>, tensor<2x3x3x2xf32>, tensor<3x3xi32>
}
