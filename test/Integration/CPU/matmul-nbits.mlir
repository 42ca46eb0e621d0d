// RUN: %run-graph %s --work-dir %t --seed 1
// RUN: %run-graph %s --work-dir %t --seed 2

// tg.matmul_nbits against numpy, at every bit width: 4-bit codes with
// float zero points on 5 rows and 10 columns (a tile of 4 rows, then one;
// two tiles of 4 columns, then two single columns), 2-bit codes with the
// default zero point 2 on 35 rows (a group of 32, then 3) in one block of 64,
// and 8-bit codes on a rank-1 input. The packed bytes are any i8 values,
// read as unsigned.

// INPUT 1: int(-128, 127)
// INPUT 2: uniform(0.01, 0.1)
// INPUT 3: uniform(0, 15)
// INPUT 5: int(-128, 127)
// INPUT 6: uniform(0.01, 0.1)
// INPUT 8: int(-128, 127)
// INPUT 9: uniform(0.01, 0.1)
// INPUT 10: uniform(0, 255)

// REF: a, w, s, z, a2, w2, s2, v, w3, s3, z3 = inp
// REF: def weights(packed, scales, zero, bits):
// REF:     per = 8 // bits
// REF:     b = packed.astype(np.uint8).astype(np.int64)
// REF:     codes = np.stack([(b >> (p * bits)) & ((1 << bits) - 1)
// REF:                       for p in range(per)], -1)
// REF:     n, blocks = scales.shape
// REF:     codes = codes.reshape(n, blocks, -1).astype(np.float64)
// REF:     return ((codes - zero[:, :, None]) * scales[:, :, None]).reshape(n, -1)
// REF: f64 = lambda x: x.astype(np.float64)
// REF: out[0] = (f64(a) @ weights(w, f64(s), f64(z), 4).T).astype(np.float32)
// REF: out[1] = (f64(a2) @ weights(w2, f64(s2), np.full(s2.shape, 2.0), 2).T).astype(np.float32)
// REF: out[2] = (f64(v) @ weights(w3, f64(s3), f64(z3), 8).T).astype(np.float32)

func.func @matmul_nbits(%a: tensor<5x128xf32>, %w: tensor<10x4x16xi8>,
                        %s: tensor<10x4xf32>, %z: tensor<10x4xf32>,
                        %a2: tensor<35x64xf32>, %w2: tensor<6x1x16xi8>,
                        %s2: tensor<6x1xf32>,
                        %v: tensor<32xf32>, %w3: tensor<3x2x16xi8>,
                        %s3: tensor<3x2xf32>, %z3: tensor<3x2xf32>)
    -> (tensor<5x10xf32>, tensor<35x6xf32>, tensor<3xf32>) {
  %0 = tg.matmul_nbits %a, %w, %s, %z bits = 4 : tensor<5x128xf32>, tensor<10x4x16xi8>, tensor<10x4xf32>, tensor<10x4xf32> -> tensor<5x10xf32>
  %1 = tg.matmul_nbits %a2, %w2, %s2 bits = 2 : tensor<35x64xf32>, tensor<6x1x16xi8>, tensor<6x1xf32> -> tensor<35x6xf32>
  %2 = tg.matmul_nbits %v, %w3, %s3, %z3 bits = 8 : tensor<32xf32>, tensor<3x2x16xi8>, tensor<3x2xf32>, tensor<3x2xf32> -> tensor<3xf32>
  return %0, %1, %2 : tensor<5x10xf32>, tensor<35x6xf32>, tensor<3xf32>
}
