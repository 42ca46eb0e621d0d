// Graph "scale" of link-two-graphs.test: x * [1, 2, 3, 4] and n ** 2.
// Its constants and the integer-pow helper that the lowering generates have
// the same shapes (and so possibly the same internal names) as affine.mlir's.
func.func @graph(%x: tensor<4xf32>, %n: tensor<4xi32>)
    -> (tensor<4xf32>, tensor<4xi32>) {
  %c = tg.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = tg.mul %x, %c : tensor<4xf32>, tensor<4xf32>
  %two = tg.constant dense<2> : tensor<4xi32>
  %1 = tg.pow %n, %two : tensor<4xi32>, tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}
