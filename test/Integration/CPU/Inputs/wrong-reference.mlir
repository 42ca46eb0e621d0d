// A graph whose REF is deliberately wrong in a few elements of each output,
// for run-graph-self-test.test: run_graph must notice and say where.

// INPUT 1: int(0, 5)
// REF: x, n = inp
// REF: y = x * 2
// REF: y[1, 2] += np.float32(0.5)
// REF: out[0] = y
// REF: m = n + 1
// REF: m[0] = 7
// REF: out[1] = m
func.func @twice(%x: tensor<2x3xf32>, %n: tensor<4xi32>)
    -> (tensor<2x3xf32>, tensor<4xi32>) {
  %two = tg.constant dense<2.0> : tensor<f32>
  %0 = tg.mul %x, %two : tensor<2x3xf32>, tensor<f32>
  %one = tg.constant dense<1> : tensor<i32>
  %1 = tg.add %n, %one : tensor<4xi32>, tensor<i32>
  return %0, %1 : tensor<2x3xf32>, tensor<4xi32>
}
