// A fused reduction: the row sums of x + y*z over 4096 rows of 4096 floats
// (192 MiB read, 16 KiB written).
func.func @row_sum(%x: tensor<4096x4096xf32> {tg.name = "x"},
                   %y: tensor<4096x4096xf32> {tg.name = "y"},
                   %z: tensor<4096x4096xf32> {tg.name = "z"})
    -> (tensor<4096xf32> {tg.name = "sums"}) {
  %p = tg.mul %y, %z : tensor<4096x4096xf32>, tensor<4096x4096xf32>
  %s = tg.add %x, %p : tensor<4096x4096xf32>, tensor<4096x4096xf32>
  %r = tg.reduce sum %s axes = [1] : tensor<4096x4096xf32>
  return %r : tensor<4096xf32>
}
