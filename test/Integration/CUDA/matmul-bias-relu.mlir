// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// A small matmul + bias + relu: the matmul accumulates into a temporary of
// the device arena (NAME_TEMP_BYTES; the harness runs once with temp NULL
// and once with a temp of its own), one thread per output element.

// TOL: rtol=1e-5 atol=1e-5  # 96-term f32 dot products, summed in order
// REF: x, w, b = inp
// REF: out[0] = np.maximum(x @ w + b, 0)

func.func @mlp(%x: tensor<16x96xf32>, %w: tensor<96x40xf32>, %b: tensor<40xf32>) -> tensor<16x40xf32> {
  %0 = tg.matmul %x, %w : tensor<16x96xf32>, tensor<96x40xf32>
  %1 = tg.add %0, %b : tensor<16x40xf32>, tensor<40xf32>
  %2 = tg.relu %1 : tensor<16x40xf32>
  return %2 : tensor<16x40xf32>
}
