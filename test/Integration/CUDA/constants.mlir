// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// Constants live in device memory, uploaded once with the module: a dense
// weight, a splat, an integer table, a boolean mask and a constant output.

// REF: x, i = inp
// REF: w = np.array([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]], dtype=np.float32)
// REF: out[0] = x @ w + np.float32(0.5)
// REF: out[1] = i * np.array([1, -2, 3, -4], dtype=np.int32)
// REF: out[2] = np.where(np.array([True, False, True, False]), i, np.int32(7))
// REF: out[3] = np.arange(6, dtype=np.float32).reshape(2, 3)

func.func @constants(%x: tensor<4x2xf32>, %i: tensor<3x4xi32>)
    -> (tensor<4x3xf32>, tensor<3x4xi32>, tensor<3x4xi32>, tensor<2x3xf32>) {
  %w = tg.constant dense<[[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]]>
      : tensor<2x3xf32>
  %half = tg.constant dense<0.5> : tensor<4x3xf32>
  %0 = tg.matmul %x, %w : tensor<4x2xf32>, tensor<2x3xf32>
  %1 = tg.add %0, %half : tensor<4x3xf32>, tensor<4x3xf32>
  %k = tg.constant dense<[1, -2, 3, -4]> : tensor<4xi32>
  %2 = tg.mul %i, %k : tensor<3x4xi32>, tensor<4xi32>
  %mask = tg.constant dense<[true, false, true, false]> : tensor<4xi1>
  %seven = tg.constant dense<7> : tensor<i32>
  %3 = tg.select %mask, %i, %seven : tensor<4xi1>, tensor<3x4xi32>, tensor<i32>
  %4 = tg.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
  return %1, %2, %3, %4
      : tensor<4x3xf32>, tensor<3x4xi32>, tensor<3x4xi32>, tensor<2x3xf32>
}
