// A small graph for the CLI tests: a row broadcast add.
func.func @add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = tg.add %a, %b : tensor<2x3xf32>, tensor<3xf32>
  return %0 : tensor<2x3xf32>
}
