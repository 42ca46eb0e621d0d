// RUN: %run-graph %s --work-dir %t

// Accumulator precision: f16 and bf16 sums and matmuls accumulate in f32
// and round once, so 4096 terms of about 1 keep f16's relative precision
// (an f16 accumulator stalls at 2048, where adding 1 no longer changes it);
// an i8 mean over 512 elements sums in i64 instead of wrapping.

// INPUT 0: uniform(0.5, 1.5)
// INPUT 1: uniform(0.5, 1.5)
// INPUT 2: int(100, 127)

// REF: h, k, q = inp
// REF: out[0] = h.astype(np.float64).sum(axis=1).astype(np.float16)
// REF: out[1] = (h.astype(np.float64) @ k.astype(np.float64)).astype(np.float16)
// REF: out[2] = (q.astype(np.int64).sum(axis=1) // 512).astype(np.int8)
// TOL 0, 1: rtol=1e-3 atol=0  # one f16 rounding of an f32-accurate sum
func.func @accumulate(%h: tensor<2x4096xf16>, %k: tensor<4096x3xf16>,
                      %q: tensor<2x512xi8>)
    -> (tensor<2xf16>, tensor<2x3xf16>, tensor<2xi8>) {
  %s = tg.reduce sum %h axes = [1] : tensor<2x4096xf16>
  %m = tg.matmul %h, %k : tensor<2x4096xf16>, tensor<4096x3xf16>
  %a = tg.reduce mean %q axes = [1] : tensor<2x512xi8>
  return %s, %m, %a : tensor<2xf16>, tensor<2x3xf16>, tensor<2xi8>
}
