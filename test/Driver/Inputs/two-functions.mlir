// Two public functions and a private one (entry.test). The REF lines are
// the reference of @second, run with --entry second.

// INPUT *: int(-100, 100)
// REF: out[0] = inp[0] * inp[1]

func.func @first(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tg.neg %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @second(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = tg.mul %a, %b : tensor<3xi32>, tensor<3xi32>
  return %0 : tensor<3xi32>
}

func.func private @helper(%a: tensor<4xi8>) -> tensor<4xi8> {
  return %a : tensor<4xi8>
}
