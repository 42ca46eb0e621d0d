// RUN: %run-graph %s --work-dir %t

// A recurrence as the ONNX importer writes one for long sequences: an
// scf.for over 300 steps carrying two states and the output sequence,
// walking time backwards. Each step reads its slice of the input
// projection and of a mask with tg.dynamic_slice, computes a recurrent
// product with its gate math, and writes its output with
// tg.dynamic_update_slice (aotc-loop-carried-in-place keeps h and c in one
// buffer each for the whole loop). A slice at an offset past the end is
// clamped: out[2] reads rows 296..299 of x at offset 299.

// INPUT 2: uniform(-0.3, 0.3)  # a contracting recurrence: errors stay small
// INPUT 3: int(0, 1)

// REF: x, w, r, m = inp
// REF: p = x @ w
// REF: h = np.zeros((2, 16), np.float32); c = np.zeros((2, 16), np.float32)
// REF: y = np.zeros((300, 2, 16), np.float32)
// REF: for s in range(300):
// REF:     t = 299 - s
// REF:     g = np.tanh(h @ r + p[t])
// REF:     cn = np.float32(0.5) * c + g
// REF:     hn = np.tanh(cn)
// REF:     keep = m[t] != 0
// REF:     h = np.where(keep, hn, h); c = np.where(keep, cn, c)
// REF:     y[t] = np.where(keep, hn, np.float32(0))
// REF: out[0] = y
// REF: out[1] = c
// REF: out[2] = x[296:300]

func.func @recurrence(%x: tensor<300x2x8xf32>, %w: tensor<8x16xf32>,
                      %r: tensor<16x16xf32>, %m: tensor<300x2x1xi1>)
    -> (tensor<300x2x16xf32>, tensor<2x16xf32>, tensor<4x2x8xf32>) {
  %x2 = tg.reshape %x : tensor<300x2x8xf32> -> tensor<600x8xf32>
  %p2 = tg.matmul %x2, %w : tensor<600x8xf32>, tensor<8x16xf32>
  %p = tg.reshape %p2 : tensor<600x16xf32> -> tensor<300x2x16xf32>
  %zero = tg.constant dense<0.0> : tensor<2x16xf32>
  %half = tg.constant dense<0.5> : tensor<f32>
  %y0 = tg.constant dense<0.0> : tensor<300x2x16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c299 = arith.constant 299 : index
  %c300 = arith.constant 300 : index
  %res:3 = scf.for %i = %c0 to %c300 step %c1
      iter_args(%h = %zero, %c = %zero, %y = %y0)
      -> (tensor<2x16xf32>, tensor<2x16xf32>, tensor<300x2x16xf32>) {
    %t = arith.subi %c299, %i : index
    %pt3 = tg.dynamic_slice %p[%t, %c0, %c0]
        : tensor<300x2x16xf32> -> tensor<1x2x16xf32>
    %pt = tg.reshape %pt3 : tensor<1x2x16xf32> -> tensor<2x16xf32>
    %mt3 = tg.dynamic_slice %m[%t, %c0, %c0]
        : tensor<300x2x1xi1> -> tensor<1x2x1xi1>
    %mt = tg.reshape %mt3 : tensor<1x2x1xi1> -> tensor<2x1xi1>
    %hr = tg.matmul %h, %r : tensor<2x16xf32>, tensor<16x16xf32>
    %s = tg.add %hr, %pt : tensor<2x16xf32>, tensor<2x16xf32>
    %g = tg.tanh %s : tensor<2x16xf32>
    %cd = tg.mul %half, %c : tensor<f32>, tensor<2x16xf32>
    %cn = tg.add %cd, %g : tensor<2x16xf32>, tensor<2x16xf32>
    %hn = tg.tanh %cn : tensor<2x16xf32>
    %h1 = tg.select %mt, %hn, %h
        : tensor<2x1xi1>, tensor<2x16xf32>, tensor<2x16xf32>
    %c1n = tg.select %mt, %cn, %c
        : tensor<2x1xi1>, tensor<2x16xf32>, tensor<2x16xf32>
    %out = tg.select %mt, %hn, %zero
        : tensor<2x1xi1>, tensor<2x16xf32>, tensor<2x16xf32>
    %out3 = tg.reshape %out : tensor<2x16xf32> -> tensor<1x2x16xf32>
    %y1 = tg.dynamic_update_slice %out3 into %y[%t, %c0, %c0]
        : tensor<1x2x16xf32> into tensor<300x2x16xf32>
    scf.yield %h1, %c1n, %y1
        : tensor<2x16xf32>, tensor<2x16xf32>, tensor<300x2x16xf32>
  }
  %tail = tg.dynamic_slice %x[%c299, %c0, %c0]
      : tensor<300x2x8xf32> -> tensor<4x2x8xf32>
  return %res#2, %res#1, %tail
      : tensor<300x2x16xf32>, tensor<2x16xf32>, tensor<4x2x8xf32>
}
