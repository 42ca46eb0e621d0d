// An i64 matmul (no vector kernel takes 64-bit integer contractions:
// scalar loops) and an f32 matmul with a softmax (vector kernels).
func.func @main(%a: tensor<64x96xi64>, %b: tensor<96x80xi64>,
                %x: tensor<32x64xf32>, %w: tensor<64x48xf32>)
    -> (tensor<64x80xi64>, tensor<32x48xf32>) {
  %0 = tg.matmul %a, %b : tensor<64x96xi64>, tensor<96x80xi64>
  %1 = tg.matmul %x, %w : tensor<32x64xf32>, tensor<64x48xf32>
  %2 = tg.softmax %1 axis = 1 : tensor<32x48xf32>
  return %0, %2 : tensor<64x80xi64>, tensor<32x48xf32>
}
