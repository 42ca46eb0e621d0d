// A 4096 x 4096 x 4096 matmul in f32, compared with cuBLAS.
func.func @matmul_f32(%a: tensor<4096x4096xf32> {tg.name = "a"},
                     %b: tensor<4096x4096xf32> {tg.name = "b"})
    -> (tensor<4096x4096xf32> {tg.name = "c"}) {
  %c = tg.matmul %a, %b : tensor<4096x4096xf32>, tensor<4096x4096xf32>
  return %c : tensor<4096x4096xf32>
}
