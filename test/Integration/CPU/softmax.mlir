// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}
// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=softmax name=g" --aotc-cpu-loops="vector-bits=512 vector-registers=32" | FileCheck %s

// tg.softmax and tg.log_softmax compiled and run (two passes over the data:
// docs/ops-normalization.md), against NumPy evaluating the definition,
// exp(x - max) / sum(exp(x - max)), in float64:
// - f32 along the last axis (37, not a multiple of any vector width) and a
//   middle axis, and the log-softmax along the first axis;
// - special values, one row each: leading -inf, all -inf (NaN, as NumPy
//   gives), a +inf (NaN: inf - inf), a NaN, large values whose exp would
//   overflow unshifted, values near the f32 limits (x - max overflows to
//   -inf), -inf in the middle;
// - f16, computed in f32 and rounded once, with values whose exp overflows
//   f16 (e^12 > 65504) unless shifted;
// - rows of 20 with special values past the first vector: the f32
//   statistics are vectorized across the row (aotc-cpu-vector-kernels:
//   per-lane running max and sum, lanes merged by rescaling, masked lanes
//   fed -inf), so each lane must keep NumPy's answer: 17 leading -inf,
//   all -inf, a +inf at position 18, a NaN at position 17.
//
// Each kernel runs on the calling thread, in a function of its own.
// CHECK-LABEL: func.func private @g_serial_1(
// CHECK:         math.exp {{.*}} : vector<16xf32>
// CHECK:         vector.reduction <maximumf>, {{.*}} : vector<16xf32> into f32
// The default tolerances hold: f32 results are a few ulps from the float64
// reference, f16 ones within half an f16 ulp plus the f32 error.

// INPUT 0: normal(0, 3)
// INPUT 1: uniform(-5, 5)
// INPUT 2: data([[-inf, 1, 2, -inf], [-inf, -inf, -inf, -inf], [1, inf, 3, 0], [1, nan, 3, 0], [1000, 999, -1000, 1000], [-3.4e38, 3.4e38, 0, 1], [0, -inf, 0, 0]])
// INPUT 3: uniform(-16, 16)
// INPUT 4: data([[-inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, 1, 2, 3], [-inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, inf, 0], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, nan, 1, 2]])

// REF: x, y, s, h, w = inp
// REF: def softmax(v, axis):
// REF:     w = v.astype(np.float64)
// REF:     e = np.exp(w - w.max(axis=axis, keepdims=True))
// REF:     return e / e.sum(axis=axis, keepdims=True)
// REF: def log_softmax(v, axis):
// REF:     w = v.astype(np.float64)
// REF:     d = w - w.max(axis=axis, keepdims=True)
// REF:     return d - np.log(np.exp(d).sum(axis=axis, keepdims=True))
// REF: out[0] = softmax(x, 1).astype(np.float32)
// REF: out[1] = log_softmax(x, 0).astype(np.float32)
// REF: out[2] = softmax(y, 1).astype(np.float32)
// REF: out[3] = softmax(s, 1).astype(np.float32)
// REF: out[4] = log_softmax(s, 1).astype(np.float32)
// REF: out[5] = softmax(h, 1).astype(np.float16)
// REF: out[6] = softmax(w, 1).astype(np.float32)
// REF: out[7] = log_softmax(w, 1).astype(np.float32)

func.func @softmax(%x: tensor<8x37xf32>, %y: tensor<2x5x3xf32>,
                   %s: tensor<7x4xf32>, %h: tensor<4x33xf16>,
                   %w: tensor<4x20xf32>)
    -> (tensor<8x37xf32>, tensor<8x37xf32>, tensor<2x5x3xf32>,
        tensor<7x4xf32>, tensor<7x4xf32>, tensor<4x33xf16>,
        tensor<4x20xf32>, tensor<4x20xf32>) {
  %0 = tg.softmax %x axis = 1 : tensor<8x37xf32>
  %1 = tg.log_softmax %x axis = 0 : tensor<8x37xf32>
  %2 = tg.softmax %y axis = 1 : tensor<2x5x3xf32>
  %3 = tg.softmax %s axis = 1 : tensor<7x4xf32>
  %4 = tg.log_softmax %s axis = 1 : tensor<7x4xf32>
  %5 = tg.softmax %h axis = 1 : tensor<4x33xf16>
  %6 = tg.softmax %w axis = 1 : tensor<4x20xf32>
  %7 = tg.log_softmax %w axis = 1 : tensor<4x20xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<8x37xf32>, tensor<8x37xf32>,
      tensor<2x5x3xf32>, tensor<7x4xf32>, tensor<7x4xf32>, tensor<4x33xf16>,
      tensor<4x20xf32>, tensor<4x20xf32>
}
