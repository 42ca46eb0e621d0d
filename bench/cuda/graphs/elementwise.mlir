// A fused elementwise chain over 64M floats: y = relu(x * 1.5 + 0.25).
// Fused, it reads x once and writes y once (512 MiB moved).
func.func @elementwise(%x: tensor<67108864xf32> {tg.name = "x"})
    -> (tensor<67108864xf32> {tg.name = "y"}) {
  %a = tg.constant dense<1.5> : tensor<f32>
  %b = tg.constant dense<0.25> : tensor<f32>
  %0 = tg.mul %x, %a : tensor<67108864xf32>, tensor<f32>
  %1 = tg.add %0, %b : tensor<67108864xf32>, tensor<f32>
  %2 = tg.relu %1 : tensor<67108864xf32>
  return %2 : tensor<67108864xf32>
}
