// A small graph for the tool tests: sum = a + b, scaled = a * b (b
// broadcast over the rows of a), twice = k + k.
func.func @affine(%a: tensor<2x3xf32> {tg.name = "a"},
                  %b: tensor<3xf32> {tg.name = "b"},
                  %k: tensor<4xi64> {tg.name = "k"})
    -> (tensor<2x3xf32> {tg.name = "sum"},
        tensor<2x3xf32> {tg.name = "scaled"},
        tensor<4xi64> {tg.name = "twice"}) {
  %sum = tg.add %a, %b : tensor<2x3xf32>, tensor<3xf32>
  %scaled = tg.mul %a, %b : tensor<2x3xf32>, tensor<3xf32>
  %twice = tg.add %k, %k : tensor<4xi64>, tensor<4xi64>
  return %sum, %scaled, %twice : tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xi64>
}
