// RUN: %run-graph %s --work-dir %t
// RUN: FileCheck %s < %t/g.h

// The header's TEMP_BYTES for a graph whose temporaries can be counted by
// hand: a chain of four matmuls. Each intermediate is read by the next
// matmul, many times per element, so each is materialized; the last result
// is computed in the caller's output buffer.
//
//   h1 = x  @ w1     4x16 f32, 256 bytes
//   h2 = h1 @ w2     4x32 f32, 512 bytes   (h1, h2 live: 768)
//   h3 = h2 @ w3     4x16 f32, 256 bytes   (h2, h3 live: 768)
//   y  = h3 @ w4     the output
//
// h1 is dead once h2 is computed, so h3 takes h1's slot: the arena is 768
// bytes, the most that is ever live at once, where a buffer each would take
// 1024. The harness runs the graph with temp NULL and with a poisoned,
// 64-byte-aligned temp of TEMP_BYTES; both must match numpy.

// CHECK: #define g_TEMP_BYTES  768 /* scratch arena for `temp`, 64-byte aligned; 0 if none */

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of up to 32 products of values up to 1 in magnitude

// REF: x, w1, w2, w3, w4 = inp
// REF: out[0] = (((x.astype(np.float64) @ w1) @ w2) @ w3 @ w4).astype(np.float32)

func.func @chain(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>,
                 %w2: tensor<16x32xf32>, %w3: tensor<32x16xf32>,
                 %w4: tensor<16x4xf32>) -> tensor<4x4xf32> {
  %h1 = tg.matmul %x, %w1 : tensor<4x8xf32>, tensor<8x16xf32>
  %h2 = tg.matmul %h1, %w2 : tensor<4x16xf32>, tensor<16x32xf32>
  %h3 = tg.matmul %h2, %w3 : tensor<4x32xf32>, tensor<32x16xf32>
  %y = tg.matmul %h3, %w4 : tensor<4x16xf32>, tensor<16x4xf32>
  return %y : tensor<4x4xf32>
}
