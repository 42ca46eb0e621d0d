// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// Cooperative reductions (a block per row of 2048 terms) of the element
// types whose shuffles differ: f64 and i64 go through 64-bit shuffles (two
// shfl.sync each in PTX), i8 and bf16 travel widened to 32 bits. The i8 sum
// wraps around as numpy's does; the maxima are exact.

// INPUT 1: int(-3000000000000, 3000000000000)  # beyond the i32 range
// INPUT 2: int(-128, 127)
// REF: x, y, z, w = inp
// REF: out[0] = x.sum(axis=1)
// REF: out[1] = y.max(axis=1)
// REF: out[2] = z.sum(axis=1, dtype=np.int8)
// REF: out[3] = w.max(axis=1)

// TOL 0: rtol=1e-12 atol=1e-12  # f64 sums of 2048 terms in tree order vs numpy's pairwise order

func.func @types(%x: tensor<8x2048xf64>, %y: tensor<8x2048xi64>,
                 %z: tensor<8x2048xi8>, %w: tensor<8x2048xbf16>)
    -> (tensor<8xf64>, tensor<8xi64>, tensor<8xi8>, tensor<8xbf16>) {
  %0 = tg.reduce sum %x axes = [1] : tensor<8x2048xf64>
  %1 = tg.reduce max %y axes = [1] : tensor<8x2048xi64>
  %2 = tg.reduce sum %z axes = [1] : tensor<8x2048xi8>
  %3 = tg.reduce max %w axes = [1] : tensor<8x2048xbf16>
  return %0, %1, %2, %3 : tensor<8xf64>, tensor<8xi64>, tensor<8xi8>, tensor<8xbf16>
}
