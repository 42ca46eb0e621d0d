// A graph with a TOL that gives no reason (run-graph-self-test.test).
// REF: out[0] = inp[0]
// TOL: rtol=1e-3 atol=1e-3
func.func @id(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
