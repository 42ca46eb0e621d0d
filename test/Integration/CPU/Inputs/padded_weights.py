"""Writes the graphs of pad-weight-rows.test, whose constant weights have
1 KiB rows that aotc-cpu-pad-weight-rows pads; the REF lines recompute the
weights. `matmul`: x @ W + b with W of 16 x 256 f32 (rows read along the
vector dimension). `conv`: a 1x1 convolution with W of 16 x 256 x 1 x 1
(one row per output channel, broadcast)."""

import sys

import numpy as np

WEIGHTS = "((np.arange(16 * 256) * 37) % 101 - 50).reshape(16, 256) / 64"
w = eval(WEIGHTS).astype(np.float32)
rows = ", ".join("[" + ", ".join(repr(float(v)) for v in row) + "]"
                 for row in w)

MATMUL = """// REF: x, b = inp
// REF: w = WEIGHTS
// REF: out[0] = (x.astype(np.float64) @ w + b).astype(np.float32)
// TOL: rtol=1e-5 atol=1e-5  # f32 sums of 16 products vs float64
func.func @padded_weights(%x: tensor<6x16xf32>, %b: tensor<256xf32>)
    -> tensor<6x256xf32> {
  %w = tg.constant dense<[ROWS]> : tensor<16x256xf32>
  %0 = tg.matmul %x, %w : tensor<6x16xf32>, tensor<16x256xf32>
  %1 = tg.add %0, %b : tensor<6x256xf32>, tensor<256xf32>
  return %1 : tensor<6x256xf32>
}"""

CONV = """// REF: x, = inp
// REF: w = WEIGHTS
// REF: out[0] = np.maximum(np.einsum('nchw,fc->nfhw', x.astype(np.float64), w), 0).astype(np.float32)
// TOL: rtol=1e-5 atol=1e-5  # f32 sums of 256 products vs float64
func.func @padded_conv_weights(%x: tensor<1x256x5x16xf32>)
    -> tensor<1x16x5x16xf32> {
  %w = tg.constant dense<[ROWS]> : tensor<16x256xf32>
  %w4 = tg.reshape %w : tensor<16x256xf32> -> tensor<16x256x1x1xf32>
  %0 = tg.conv %x, %w4 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x256x5x16xf32>, tensor<16x256x1x1xf32>
  %1 = tg.relu %0 : tensor<1x16x5x16xf32>
  return %1 : tensor<1x16x5x16xf32>
}"""

graph = {"matmul": MATMUL, "conv": CONV}[sys.argv[1]]
print(graph.replace("WEIGHTS", WEIGHTS).replace("ROWS", rows))
