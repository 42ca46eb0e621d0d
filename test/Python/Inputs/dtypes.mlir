// Every element type the Python package maps to numpy: each input comes back
// transposed (2-D) or reshaped (3-D), so values and dtypes can be checked
// exactly. The names test the header's string escapes: a quote, a
// backslash, a brace, a comma and a non-ASCII letter.
func.func @dtypes(%f32: tensor<2x3xf32> {tg.name = "f32 \"in\""},
                  %f64: tensor<3x2xf64> {tg.name = "f64\\in"},
                  %f16: tensor<2x2xf16> {tg.name = "f16}, {"},
                  %bf16: tensor<1x5xbf16> {tg.name = "bf16"},
                  %i1: tensor<2x4xi1> {tg.name = "bool"},
                  %i8: tensor<3x3xi8> {tg.name = "i8"},
                  %i16: tensor<2x2x2xi16> {tg.name = "i16"},
                  %i32: tensor<2x5xi32> {tg.name = "i32"},
                  %i64: tensor<2x3xi64> {tg.name = "\C3\A9"})
    -> (tensor<3x2xf32> {tg.name = "f32_out"},
        tensor<2x3xf64> {tg.name = "f64_out"},
        tensor<2x2xf16> {tg.name = "f16_out"},
        tensor<5x1xbf16> {tg.name = "bf16_out"},
        tensor<4x2xi1> {tg.name = "bool_out"},
        tensor<3x3xi8> {tg.name = "i8_out"},
        tensor<8xi16> {tg.name = "i16_out"},
        tensor<5x2xi32> {tg.name = "i32_out"},
        tensor<3x2xi64> {tg.name = "i64_out"}) {
  %0 = tg.transpose %f32 permutation = [1, 0] : tensor<2x3xf32>
  %1 = tg.transpose %f64 permutation = [1, 0] : tensor<3x2xf64>
  %2 = tg.transpose %f16 permutation = [1, 0] : tensor<2x2xf16>
  %3 = tg.transpose %bf16 permutation = [1, 0] : tensor<1x5xbf16>
  %4 = tg.transpose %i1 permutation = [1, 0] : tensor<2x4xi1>
  %5 = tg.transpose %i8 permutation = [1, 0] : tensor<3x3xi8>
  %6 = tg.reshape %i16 : tensor<2x2x2xi16> -> tensor<8xi16>
  %7 = tg.transpose %i32 permutation = [1, 0] : tensor<2x5xi32>
  %8 = tg.transpose %i64 permutation = [1, 0] : tensor<2x3xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<3x2xf32>, tensor<2x3xf64>, tensor<2x2xf16>, tensor<5x1xbf16>,
        tensor<4x2xi1>, tensor<3x3xi8>, tensor<8xi16>, tensor<5x2xi32>,
        tensor<3x2xi64>
}
