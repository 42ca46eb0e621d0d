// RUN: %run-graph %s --work-dir %t

// The buffer ABI of every element type: each input comes back unchanged
// (through a reshape or transpose, which move whole elements), so the
// header's byte sizes and the element layout (i1 as one byte, f16 and bf16
// as 16-bit patterns) agree between the object and the C side.

// INPUT 6: int(-128, 127)
// INPUT 7: int(-32768, 32767)
// INPUT 8: int(-2000000000, 2000000000)
// INPUT 3: int(-9000000000000000000, 9000000000000000000)

// REF: for i, x in enumerate(inp):
// REF:     out[i] = x.T.copy() if x.ndim == 2 else x.reshape(-1)

func.func @passthrough(%f32: tensor<2x3xf32>, %f64: tensor<3x2xf64>,
                       %f16: tensor<2x2xf16>, %i64: tensor<2x3xi64>,
                       %bf16: tensor<1x5xbf16>, %i1: tensor<2x4xi1>,
                       %i8: tensor<3x3xi8>, %i16: tensor<2x2x2xi16>,
                       %i32: tensor<2x5xi32>)
    -> (tensor<3x2xf32>, tensor<2x3xf64>, tensor<2x2xf16>, tensor<3x2xi64>,
        tensor<5x1xbf16>, tensor<4x2xi1>, tensor<3x3xi8>, tensor<8xi16>,
        tensor<5x2xi32>) {
  %0 = tg.transpose %f32 permutation = [1, 0] : tensor<2x3xf32>
  %1 = tg.transpose %f64 permutation = [1, 0] : tensor<3x2xf64>
  %2 = tg.transpose %f16 permutation = [1, 0] : tensor<2x2xf16>
  %3 = tg.transpose %i64 permutation = [1, 0] : tensor<2x3xi64>
  %4 = tg.transpose %bf16 permutation = [1, 0] : tensor<1x5xbf16>
  %5 = tg.transpose %i1 permutation = [1, 0] : tensor<2x4xi1>
  %6 = tg.transpose %i8 permutation = [1, 0] : tensor<3x3xi8>
  %7 = tg.reshape %i16 : tensor<2x2x2xi16> -> tensor<8xi16>
  %8 = tg.transpose %i32 permutation = [1, 0] : tensor<2x5xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<3x2xf32>, tensor<2x3xf64>, tensor<2x2xf16>, tensor<3x2xi64>,
        tensor<5x1xbf16>, tensor<4x2xi1>, tensor<3x3xi8>, tensor<8xi16>,
        tensor<5x2xi32>
}
