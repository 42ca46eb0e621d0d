// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: env AOTC_HARNESS_MISALIGN=4 %cuda-emulate-graph %s --work-dir %t.misaligned
// RUN: aotc %s --target cuda --emit ptx -o - | FileCheck %s
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}
// RUN: %if cuda-gpu %{ env AOTC_HARNESS_MISALIGN=4 %cuda-run-graph %s --work-dir %t.gpu-misaligned %}

// Elementwise kernels whose threads handle 4 (f32) or 8 (f16) consecutive
// elements: contiguous operands are read and written 16 bytes at a time,
// a broadcast row is read once per thread and splat, a transposed operand
// is read element by element, and f16 -> f32 casts run at the f32 width.
// The second run moves every input and output 4 bytes off cuMemAlloc's
// alignment, so the kernels take their scalar path instead.

// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32

// REF: x, col, t, h = inp
// REF: out[0] = np.tanh(x) * col + 1.0
// REF: out[1] = x + t.T
// REF: out[2] = (h * h).astype(np.float16)
// REF: out[3] = h.astype(np.float32) + x
// TOL: rtol=2e-3 atol=1e-3  # f16 products rounded to f16; tanh approximated without libdevice

func.func @vectorized(%x: tensor<16x64xf32>, %col: tensor<16x1xf32>,
                      %t: tensor<64x16xf32>, %h: tensor<16x64xf16>)
    -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf16>,
        tensor<16x64xf32>) {
  %one = tg.constant dense<1.0> : tensor<f32>
  %0 = tg.tanh %x : tensor<16x64xf32>
  %1 = tg.mul %0, %col : tensor<16x64xf32>, tensor<16x1xf32>
  %2 = tg.add %1, %one : tensor<16x64xf32>, tensor<f32>
  %tt = tg.transpose %t permutation = [1, 0] : tensor<64x16xf32>
  %3 = tg.add %x, %tt : tensor<16x64xf32>, tensor<16x64xf32>
  %4 = tg.mul %h, %h : tensor<16x64xf16>, tensor<16x64xf16>
  %5 = tg.cast %h : tensor<16x64xf16> -> tensor<16x64xf32>
  %6 = tg.add %5, %x : tensor<16x64xf32>, tensor<16x64xf32>
  return %2, %3, %4, %6
      : tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf16>, tensor<16x64xf32>
}
