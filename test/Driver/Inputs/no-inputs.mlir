// A graph without inputs (header.test): the header's input arrays hold a
// placeholder element, since C has no empty initializers.
func.func @constant() -> tensor<3xi32> {
  %0 = tg.constant dense<[1, 2, 3]> : tensor<3xi32>
  return %0 : tensor<3xi32>
}
