// RUN: %run-graph %s --work-dir %t

// tg.cast between f32, f64, i64, i32, i16, i8 and i1: floats round to
// nearest, float to integer truncates toward zero, integers sign-extend or
// wrap around (like numpy's astype), nonzero becomes true, true becomes 1.

// INPUT 0: uniform(-100, 100)
// INPUT 1: normal(0, 1000)
// INPUT 2: int(-3000000000, 3000000000)
// INPUT 3: int(-100000, 100000)
// INPUT 4: int(-32768, 32767)
// INPUT 5: int(-128, 127)
// INPUT 6: choice(-2.5, -0.5, 0, 0.25, 3)
// INPUT 7: choice(-2, 0, 1, 7)

// REF: f, d, l, i, h, c, z, k, b = inp
// REF: out[0] = f.astype(np.float64)
// REF: out[1] = d.astype(np.float32)
// REF: out[2] = f.astype(np.int32)
// REF: out[3] = f.astype(np.int8)
// REF: out[4] = z != 0
// REF: out[5] = d.astype(np.int64)
// REF: out[6] = i.astype(np.float32)
// REF: out[7] = l.astype(np.float64)
// REF: out[8] = i.astype(np.int64)
// REF: out[9] = l.astype(np.int32)
// REF: out[10] = i.astype(np.int8)
// REF: out[11] = c.astype(np.int32)
// REF: out[12] = h.astype(np.int64)
// REF: out[13] = k != 0
// REF: out[14] = b.astype(np.int32)
// REF: out[15] = b.astype(np.float32)
// REF: out[16] = b.astype(np.int8)
// REF: out[17] = c.astype(np.float32)
// REF: out[18] = h.astype(np.float32)
// REF: out[19] = l.astype(np.int16)
// REF: out[20] = z.astype(np.float64) != 0
// REF: out[21] = b.astype(np.float64)
// REF: out[22] = l.astype(np.float32)

func.func @cast(%f: tensor<2x8xf32>, %d: tensor<2x8xf64>, %l: tensor<2x8xi64>,
                %i: tensor<2x8xi32>, %h: tensor<2x8xi16>, %c: tensor<2x8xi8>,
                %z: tensor<2x8xf32>, %k: tensor<2x8xi32>, %b: tensor<2x8xi1>)
    -> (tensor<2x8xf64>, tensor<2x8xf32>, tensor<2x8xi32>, tensor<2x8xi8>,
        tensor<2x8xi1>, tensor<2x8xi64>, tensor<2x8xf32>, tensor<2x8xf64>,
        tensor<2x8xi64>, tensor<2x8xi32>, tensor<2x8xi8>, tensor<2x8xi32>,
        tensor<2x8xi64>, tensor<2x8xi1>, tensor<2x8xi32>, tensor<2x8xf32>,
        tensor<2x8xi8>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xi16>,
        tensor<2x8xi1>, tensor<2x8xf64>, tensor<2x8xf32>) {
  %0 = tg.cast %f : tensor<2x8xf32> -> tensor<2x8xf64>
  %1 = tg.cast %d : tensor<2x8xf64> -> tensor<2x8xf32>
  %2 = tg.cast %f : tensor<2x8xf32> -> tensor<2x8xi32>
  %3 = tg.cast %f : tensor<2x8xf32> -> tensor<2x8xi8>
  %4 = tg.cast %z : tensor<2x8xf32> -> tensor<2x8xi1>
  %5 = tg.cast %d : tensor<2x8xf64> -> tensor<2x8xi64>
  %6 = tg.cast %i : tensor<2x8xi32> -> tensor<2x8xf32>
  %7 = tg.cast %l : tensor<2x8xi64> -> tensor<2x8xf64>
  %8 = tg.cast %i : tensor<2x8xi32> -> tensor<2x8xi64>
  %9 = tg.cast %l : tensor<2x8xi64> -> tensor<2x8xi32>
  %10 = tg.cast %i : tensor<2x8xi32> -> tensor<2x8xi8>
  %11 = tg.cast %c : tensor<2x8xi8> -> tensor<2x8xi32>
  %12 = tg.cast %h : tensor<2x8xi16> -> tensor<2x8xi64>
  %13 = tg.cast %k : tensor<2x8xi32> -> tensor<2x8xi1>
  %14 = tg.cast %b : tensor<2x8xi1> -> tensor<2x8xi32>
  %15 = tg.cast %b : tensor<2x8xi1> -> tensor<2x8xf32>
  %16 = tg.cast %b : tensor<2x8xi1> -> tensor<2x8xi8>
  %17 = tg.cast %c : tensor<2x8xi8> -> tensor<2x8xf32>
  %18 = tg.cast %h : tensor<2x8xi16> -> tensor<2x8xf32>
  %19 = tg.cast %l : tensor<2x8xi64> -> tensor<2x8xi16>
  %20 = tg.cast %z : tensor<2x8xf32> -> tensor<2x8xi1>
  %21 = tg.cast %b : tensor<2x8xi1> -> tensor<2x8xf64>
  %22 = tg.cast %l : tensor<2x8xi64> -> tensor<2x8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15,
         %16, %17, %18, %19, %20, %21, %22
      : tensor<2x8xf64>, tensor<2x8xf32>, tensor<2x8xi32>, tensor<2x8xi8>,
        tensor<2x8xi1>, tensor<2x8xi64>, tensor<2x8xf32>, tensor<2x8xf64>,
        tensor<2x8xi64>, tensor<2x8xi32>, tensor<2x8xi8>, tensor<2x8xi32>,
        tensor<2x8xi64>, tensor<2x8xi1>, tensor<2x8xi32>, tensor<2x8xf32>,
        tensor<2x8xi8>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x8xi16>,
        tensor<2x8xi1>, tensor<2x8xf64>, tensor<2x8xf32>
}
