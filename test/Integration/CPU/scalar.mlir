// RUN: %run-graph %s --work-dir %t

// A rank-0 graph: scalar inputs and outputs (no _SHAPE array in the header),
// including a scalar produced by a full reduction and an i1 scalar.

// INPUT 1: uniform(0.5, 2)

// REF: a, b, v = inp
// REF: out[0] = a * b + np.exp(a)
// REF: out[1] = v.sum() / b
// REF: out[2] = np.asarray(a > b)

func.func @scalar(%a: tensor<f32>, %b: tensor<f32>, %v: tensor<5xf32>)
    -> (tensor<f32>, tensor<f32>, tensor<i1>) {
  %0 = tg.mul %a, %b : tensor<f32>, tensor<f32>
  %1 = tg.exp %a : tensor<f32>
  %2 = tg.add %0, %1 : tensor<f32>, tensor<f32>
  %s = tg.reduce sum %v axes = [0] : tensor<5xf32>
  %3 = tg.div %s, %b : tensor<f32>, tensor<f32>
  %4 = tg.compare gt, %a, %b : tensor<f32>, tensor<f32>
  return %2, %3, %4 : tensor<f32>, tensor<f32>, tensor<i1>
}
