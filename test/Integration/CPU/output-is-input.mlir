// RUN: %run-graph %s --work-dir %t

// Outputs that are inputs: returned as is, twice, and next to a computed
// output. The entry point must copy them into the caller's output buffers.

// REF: a, b = inp
// REF: out[0] = a
// REF: out[1] = a + b.astype(np.float32)
// REF: out[2] = a
// REF: out[3] = b

func.func @output_is_input(%a: tensor<3x4xf32>, %b: tensor<3x4xi32>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi32>) {
  %bf = tg.cast %b : tensor<3x4xi32> -> tensor<3x4xf32>
  %0 = tg.add %a, %bf : tensor<3x4xf32>, tensor<3x4xf32>
  return %a, %0, %a, %b
      : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi32>
}
