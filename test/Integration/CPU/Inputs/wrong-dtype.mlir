// A graph whose REF has numpy's promoted dtype (run-graph-self-test.test).
// REF: out[0] = inp[0].sum(axis=0)
func.func @sum(%x: tensor<3x2xi32>) -> tensor<2xi32> {
  %0 = tg.reduce sum %x axes = [0] : tensor<3x2xi32>
  return %0 : tensor<2xi32>
}
