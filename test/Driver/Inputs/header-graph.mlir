// The graph behind header.test: named and unnamed tensors (a name with a
// space, one that is a C keyword, one used for an input and an output),
// every header element type (f32, i1, f16, bf16, i64) and a scalar.
func.func @model(%pixels: tensor<2x3xf32> {tg.name = "pixels"},
                 %flag: tensor<i1> {tg.name = "mask flag"},
                 %half: tensor<4xf16>,
                 %brain: tensor<4xbf16> {tg.name = "int"},
                 %k: tensor<5xi64>)
    -> (tensor<2x3xf32> {tg.name = "pixels"}, tensor<5xi64>, tensor<4xf16>,
        tensor<4xbf16>, tensor<i1>) {
  %0 = tg.neg %pixels : tensor<2x3xf32>
  %1 = tg.add %k, %k : tensor<5xi64>, tensor<5xi64>
  return %0, %1, %half, %brain, %flag
      : tensor<2x3xf32>, tensor<5xi64>, tensor<4xf16>, tensor<4xbf16>,
        tensor<i1>
}
