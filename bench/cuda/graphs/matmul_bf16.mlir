// A 4096 x 4096 x 4096 matmul in bf16, compared with cuBLAS.
func.func @matmul_bf16(%a: tensor<4096x4096xbf16> {tg.name = "a"},
                     %b: tensor<4096x4096xbf16> {tg.name = "b"})
    -> (tensor<4096x4096xbf16> {tg.name = "c"}) {
  %c = tg.matmul %a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>
  return %c : tensor<4096x4096xbf16>
}
