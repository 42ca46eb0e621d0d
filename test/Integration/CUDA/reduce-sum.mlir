// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// reduce_sum(x + y*z): one fused kernel. A full reduction runs on a single
// thread for now (docs/cuda.md), summing in order; a row sum and a column
// sum (reduction loop first, interchanged so that the columns are the
// threads) check partial reductions.

// TOL: rtol=1e-4 atol=1e-3  # f32 sums of up to 4096 terms vs float64
// REF: x, y, z, m = inp
// REF: out[0] = np.array((x.astype(np.float64) + y.astype(np.float64) * z).sum(), dtype=np.float32)
// REF: out[1] = m.astype(np.float64).sum(axis=1).astype(np.float32)
// REF: out[2] = m.astype(np.float64).sum(axis=0).astype(np.float32)

func.func @reduce(%x: tensor<4096xf32>, %y: tensor<4096xf32>, %z: tensor<4096xf32>, %m: tensor<37x300xf32>)
    -> (tensor<f32>, tensor<37xf32>, tensor<300xf32>) {
  %p = tg.mul %y, %z : tensor<4096xf32>, tensor<4096xf32>
  %s = tg.add %x, %p : tensor<4096xf32>, tensor<4096xf32>
  %r = tg.reduce sum %s axes = [0] : tensor<4096xf32>
  %rows = tg.reduce sum %m axes = [1] : tensor<37x300xf32>
  %cols = tg.reduce sum %m axes = [0] : tensor<37x300xf32>
  return %r, %rows, %cols : tensor<f32>, tensor<37xf32>, tensor<300xf32>
}
