// Two public functions; the one not compiled returns a constant.
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.relu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @other() -> tensor<2xf32> {
  %c = tg.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %c : tensor<2xf32>
}
