func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %0 = tg.add %a, %b : tensor<2xf32>, tensor<3xf32>
  return %0 : tensor<2xf32>
}
