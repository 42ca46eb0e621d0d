
func.func @f() -> (tensor<2x3xi64>, tensor<3x2xi64>, tensor<5xi64>, tensor<2xi32>, tensor<2x3xi64>, tensor<3xf32>) {
  %a = tg.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %b = tg.constant dense<[7, 8]> : tensor<2xi64>
  %t = tg.transpose %a permutation = [1, 0] : tensor<2x3xi64>
  %r = tg.reshape %a : tensor<2x3xi64> -> tensor<6xi64>
  %s = tg.slice %r start = [1] limit = [6] stride = [

func.func @gathers(%x: tensor<3x5xf32>, %i: tensor<2x4xi64>, %j: tensor<i32>,
                   %e: tensor<3x2xi32>, %t: tensor<4x2xi64>) {
 2] : tensor<6xi64>
  %c = tg.concat %s, %b axis = 0 : tenso<1xi32> -> tensor<3xf32>
  return %a, %t, %c, %k, %bc, %ff : tensor<2x3xi64>, tensor<3x2xi64>, tensor<5xi64>, tensor<2xi32>, tensor<2x3xi64>, tensor<3xf32>
}

f


func.func @pool_max_3d_nsor<3xi32> {
  tensor<2x3xi64>, tensor<3 // CHECK: tg.gather %{{.+}}, %{{}.}+ axis = 1 : tensor<xf32>
}

f


func.func @pool_max_3d_nsor<3xi33x5xf32>, tensor<2x4xi642> {
  %f = tg.cons>
ta  /n