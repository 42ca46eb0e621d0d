// floor, ceil and round on f32 and f64, for the symbol check of
// elementwise-math-symbols.test on CPUs without SSE4.1 (f16 is left out: on
// such CPUs its conversions need compiler-rt helpers).
func.func @round(%x: tensor<16xf32>, %y: tensor<16xf64>)
    -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf64>) {
  %0 = tg.floor %x : tensor<16xf32>
  %1 = tg.ceil %x : tensor<16xf32>
  %2 = tg.round %x : tensor<16xf32>
  %3 = tg.round %y : tensor<16xf64>
  return %0, %1, %2, %3
      : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf64>
}
