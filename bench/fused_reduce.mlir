// The seed graph of the fusion work: reduce_sum(x + y * z) over 16M floats.
// Fused, it reads x, y and z once and writes nothing but the scalar.
func.func @fused_reduce(%x: tensor<16777216xf32> {tg.name = "x"},
                        %y: tensor<16777216xf32> {tg.name = "y"},
                        %z: tensor<16777216xf32> {tg.name = "z"})
    -> (tensor<f32> {tg.name = "sum"}) {
  %p = tg.mul %y, %z : tensor<16777216xf32>, tensor<16777216xf32>
  %s = tg.add %x, %p : tensor<16777216xf32>, tensor<16777216xf32>
  %r = tg.reduce sum %s axes = [0] : tensor<16777216xf32>
  return %r : tensor<f32>
}
