// RUN: %run-graph %s --work-dir %t

// A graph without inputs (NAME_NUM_INPUTS is 0): everything is computed from
// constants, possibly folded at compile time.

// REF: c = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
// REF: out[0] = np.exp(c).sum(axis=0)

func.func @no_inputs() -> tensor<2xf32> {
  %c = tg.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tg.exp %c : tensor<2x2xf32>
  %s = tg.reduce sum %e axes = [0] : tensor<2x2xf32>
  return %s : tensor<2xf32>
}
