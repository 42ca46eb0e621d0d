// Graph "affine" of link-two-graphs.test: x + [10, 20, 30, 40] and n ** 3.
func.func @graph(%x: tensor<4xf32>, %n: tensor<4xi32>)
    -> (tensor<4xf32>, tensor<4xi32>) {
  %c = tg.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %0 = tg.add %x, %c : tensor<4xf32>, tensor<4xf32>
  %three = tg.constant dense<3> : tensor<4xi32>
  %1 = tg.pow %n, %three : tensor<4xi32>, tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}
