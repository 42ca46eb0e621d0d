// RUN: %run-graph %s --work-dir %t

// Integer elementwise ops: i32 arithmetic with signed division truncating
// toward zero, signed max/min with ties, integer pow (a negative exponent
// gives 0 unless the base is 1 or -1), neg/abs/relu; i8 and i64 arithmetic
// that wraps around on overflow, like numpy's; i16 too.

// INPUT 0: int(-1000, 1000)
// INPUT 1: choice(-7, -3, -2, -1, 1, 2, 5, 9)  # nonzero divisors
// INPUT 2, 3: int(-3, 3)
// INPUT 4: int(-3, 3)
// INPUT 5: int(-2, 6)
// INPUT 6, 7: int(-128, 127)
// INPUT 8, 9: int(-4000000000, 4000000000)
// INPUT 10, 11: int(-32768, 32767)

// REF: x, d, t, u, base, exp, c, f, y, z, h, k = inp
// REF: def ipow(b, e):
// REF:     r = np.ones_like(b)
// REF:     for i in range(max(int(e.max()), 0)):
// REF:         r = np.where(i < e, r * b, r)
// REF:     odd = (e % 2) != 0
// REF:     neg = np.where(b == 1, 1, np.where(b == -1, np.where(odd, -1, 1), 0))
// REF:     return np.where(e < 0, neg, r).astype(b.dtype)
// REF: out[0] = x + d
// REF: out[1] = x - d
// REF: out[2] = x * d
// REF: out[3] = (np.sign(x) * np.sign(d) * (np.abs(x) // np.abs(d))).astype(np.int32)
// REF: out[4] = np.maximum(t, u)
// REF: out[5] = np.minimum(t, u)
// REF: out[6] = ipow(base, exp)
// REF: out[7] = -x
// REF: out[8] = np.abs(x)
// REF: out[9] = np.maximum(x, 0)
// REF: out[10] = c + f
// REF: out[11] = c * f
// REF: out[12] = y * z
// REF: out[13] = y - z
// REF: out[14] = h - k
// REF: out[15] = np.maximum(h, k)

func.func @elementwise_int(%x: tensor<4x8xi32>, %d: tensor<4x8xi32>,
                           %t: tensor<4x8xi32>, %u: tensor<4x8xi32>,
                           %base: tensor<4x8xi32>, %exp: tensor<4x8xi32>,
                           %c: tensor<4x8xi8>, %f: tensor<4x8xi8>,
                           %y: tensor<4x8xi64>, %z: tensor<4x8xi64>,
                           %h: tensor<4x8xi16>, %k: tensor<4x8xi16>)
    -> (tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>,
        tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>,
        tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi8>, tensor<4x8xi8>,
        tensor<4x8xi64>, tensor<4x8xi64>, tensor<4x8xi16>, tensor<4x8xi16>) {
  %0 = tg.add %x, %d : tensor<4x8xi32>, tensor<4x8xi32>
  %1 = tg.sub %x, %d : tensor<4x8xi32>, tensor<4x8xi32>
  %2 = tg.mul %x, %d : tensor<4x8xi32>, tensor<4x8xi32>
  %3 = tg.div %x, %d : tensor<4x8xi32>, tensor<4x8xi32>
  %4 = tg.max %t, %u : tensor<4x8xi32>, tensor<4x8xi32>
  %5 = tg.min %t, %u : tensor<4x8xi32>, tensor<4x8xi32>
  %6 = tg.pow %base, %exp : tensor<4x8xi32>, tensor<4x8xi32>
  %7 = tg.neg %x : tensor<4x8xi32>
  %8 = tg.abs %x : tensor<4x8xi32>
  %9 = tg.relu %x : tensor<4x8xi32>
  %10 = tg.add %c, %f : tensor<4x8xi8>, tensor<4x8xi8>
  %11 = tg.mul %c, %f : tensor<4x8xi8>, tensor<4x8xi8>
  %12 = tg.mul %y, %z : tensor<4x8xi64>, tensor<4x8xi64>
  %13 = tg.sub %y, %z : tensor<4x8xi64>, tensor<4x8xi64>
  %14 = tg.sub %h, %k : tensor<4x8xi16>, tensor<4x8xi16>
  %15 = tg.max %h, %k : tensor<4x8xi16>, tensor<4x8xi16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15
      : tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>,
        tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi32>,
        tensor<4x8xi32>, tensor<4x8xi32>, tensor<4x8xi8>, tensor<4x8xi8>,
        tensor<4x8xi64>, tensor<4x8xi64>, tensor<4x8xi16>, tensor<4x8xi16>
}
