// An i32 matmul (no vector kernel takes integer contractions on this
// target: scalar loops) and an f32 matmul with a softmax (vector kernels).
func.func @main(%a: tensor<64x96xi32>, %b: tensor<96x80xi32>,
                %x: tensor<32x64xf32>, %w: tensor<64x48xf32>)
    -> (tensor<64x80xi32>, tensor<32x48xf32>) {
  %0 = tg.matmul %a, %b : tensor<64x96xi32>, tensor<96x80xi32>
  %1 = tg.matmul %x, %w : tensor<32x64xf32>, tensor<64x48xf32>
  %2 = tg.softmax %1 axis = 1 : tensor<32x48xf32>
  return %0, %2 : tensor<64x80xi32>, tensor<32x48xf32>
}
