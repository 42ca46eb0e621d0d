// One public function beside a private one and an external declaration:
// the public one is the default entry (entry.test).
func.func private @declared(%a: tensor<2xf32>) -> tensor<2xf32>

func.func private @helper(%a: tensor<4xi8>) -> tensor<4xi8> {
  return %a : tensor<4xi8>
}

func.func @main(%a: tensor<5xf64>) -> tensor<5xf64> {
  %0 = tg.abs %a : tensor<5xf64>
  return %0 : tensor<5xf64>
}
