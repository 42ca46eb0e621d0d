// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// Reductions whose threads cooperate (aotc-cuda-map-reductions): every
// mapping against numpy.
//   out[0] sum of 10^6 floats: 244 blocks of partial sums, then one warp
//   out[1] row sums of 64 x 5000: a block per row (5000 is no multiple of
//          the 256 threads)
//   out[2] row max of 300 x 200: a warp per row, the last block's last
//          warps idle
//   out[3] mean over the middle axis of 6 x 2000 x 16: a block per output,
//          terms 16 floats apart
//   out[4] sum of x + y*z over 3 x 100000 (two reduction loops, the
//          elementwise terms fused into the reduction): split over blocks
//   out[5] integer row sums of 50 x 3000 and out[6] an integer full sum of
//          200000: exact
//   out[7] row sums of 16 x 64: too short to share, one thread per row
//   out[8] f16 row max of 40 x 500: a warp per row, f16 shuffled as f32

// TOL 0, 1, 3, 4, 7: rtol=1e-4 atol=1e-3  # f32 sums of up to 10^6 terms (tree order) vs float64
// INPUT 7, 8: int(-1000, 1000)
// REF: x, m, r, c, a, b, d, i, j, s, h = inp
// REF: f64 = lambda v: v.astype(np.float64)
// REF: out[0] = np.array(f64(x).sum(), dtype=np.float32)
// REF: out[1] = f64(m).sum(axis=1).astype(np.float32)
// REF: out[2] = r.max(axis=1)
// REF: out[3] = f64(c).mean(axis=1).astype(np.float32)
// REF: out[4] = np.array((f64(a) + f64(b) * f64(d)).sum(), dtype=np.float32)
// REF: out[5] = i.sum(axis=1, dtype=np.int64).astype(np.int32)
// REF: out[6] = np.array(j.sum(dtype=np.int64), dtype=np.int32)
// REF: out[7] = f64(s).sum(axis=1).astype(np.float32)
// REF: out[8] = h.max(axis=1)

func.func @reductions(%x: tensor<1000000xf32>, %m: tensor<64x5000xf32>,
                      %r: tensor<300x200xf32>, %c: tensor<6x2000x16xf32>,
                      %a: tensor<3x100000xf32>, %b: tensor<3x100000xf32>,
                      %d: tensor<3x100000xf32>, %i: tensor<50x3000xi32>,
                      %j: tensor<200000xi32>, %s: tensor<16x64xf32>,
                      %h: tensor<40x500xf16>)
    -> (tensor<f32>, tensor<64xf32>, tensor<300xf32>, tensor<6x16xf32>,
        tensor<f32>, tensor<50xi32>, tensor<i32>, tensor<16xf32>,
        tensor<40xf16>) {
  %0 = tg.reduce sum %x axes = [0] : tensor<1000000xf32>
  %1 = tg.reduce sum %m axes = [1] : tensor<64x5000xf32>
  %2 = tg.reduce max %r axes = [1] : tensor<300x200xf32>
  %3 = tg.reduce mean %c axes = [1] : tensor<6x2000x16xf32>
  %p = tg.mul %b, %d : tensor<3x100000xf32>, tensor<3x100000xf32>
  %q = tg.add %a, %p : tensor<3x100000xf32>, tensor<3x100000xf32>
  %4 = tg.reduce sum %q axes = [0, 1] : tensor<3x100000xf32>
  %5 = tg.reduce sum %i axes = [1] : tensor<50x3000xi32>
  %6 = tg.reduce sum %j axes = [0] : tensor<200000xi32>
  %7 = tg.reduce sum %s axes = [1] : tensor<16x64xf32>
  %8 = tg.reduce max %h axes = [1] : tensor<40x500xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<f32>, tensor<64xf32>, tensor<300xf32>, tensor<6x16xf32>,
        tensor<f32>, tensor<50xi32>, tensor<i32>, tensor<16xf32>,
        tensor<40xf16>
}
