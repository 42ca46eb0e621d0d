// RUN: %run-graph %s --work-dir %t

// Two outputs of different shapes and dtypes computed from shared
// intermediates: a layer's activations and the index-free argmax mask.

// REF: x, w = inp
// REF: h = np.maximum(x @ w, 0)
// REF: out[0] = h
// REF: out[1] = h == h.max(axis=1, keepdims=True)

func.func @two_outputs(%x: tensor<5x3xf32> {tg.name = "x"},
                       %w: tensor<3x4xf32> {tg.name = "w"})
    -> (tensor<5x4xf32> {tg.name = "hidden"}, tensor<5x4xi1> {tg.name = "is_max"}) {
  %0 = tg.matmul %x, %w : tensor<5x3xf32>, tensor<3x4xf32>
  %h = tg.relu %0 : tensor<5x4xf32>
  %m = tg.reduce max %h axes = [1] keepdims : tensor<5x4xf32>
  %is = tg.compare eq, %h, %m : tensor<5x4xf32>, tensor<5x1xf32>
  return %h, %is : tensor<5x4xf32>, tensor<5x4xi1>
}
