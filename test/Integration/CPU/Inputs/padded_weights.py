"""Writes the graph of pad-weight-rows.test: x @ W + b with a constant W of
16 x 256 f32 (1 KiB rows, which aotc-cpu-pad-weight-rows pads) whose values
the REF lines recompute."""

import numpy as np

w = ((np.arange(16 * 256, dtype=np.int64) * 37) % 101 - 50).astype(
    np.float32).reshape(16, 256) / 64
rows = ", ".join("[" + ", ".join(repr(float(v)) for v in row) + "]"
                 for row in w)
print("""// REF: x, b = inp
// REF: w = ((np.arange(16 * 256) * 37) % 101 - 50).reshape(16, 256) / 64
// REF: out[0] = (x.astype(np.float64) @ w + b).astype(np.float32)
// TOL: rtol=1e-5 atol=1e-5  # f32 sums of 16 products vs float64
func.func @padded_weights(%x: tensor<6x16xf32>, %b: tensor<256xf32>)
    -> tensor<6x256xf32> {
  %w = tg.constant dense<[ROWS]> : tensor<16x256xf32>
  %0 = tg.matmul %x, %w : tensor<6x16xf32>, tensor<16x256xf32>
  %1 = tg.add %0, %b : tensor<6x256xf32>, tensor<256xf32>
  return %1 : tensor<6x256xf32>
}""".replace("ROWS", rows))
