// RUN: %run-graph %s --work-dir %t

// and/or/xor/not as logical ops on i1 and bitwise ops on i8..i64 (negative
// values included), with broadcasting; logical shifts, which read both
// operands as unsigned bit patterns (so the sign bit is not replicated and
// an amount of at least the width, or a negative one, gives 0, as numpy
// does for unsigned types); and is_nan/is_inf on every kind of float value.

// INPUT 0, 1: bool(0.5)
// INPUT 2, 3: int(-128, 127)
// INPUT 4: int(-2147483648, 2147483647)
// INPUT 5: int(-9223372036854775808, 9223372036854775807)
// INPUT 6: int(-128, 127)
// INPUT 7: choice(0, 1, 3, 7, 8, 9, 100, -1)  # amounts, incl. >= width and negative
// INPUT 8: int(-2147483648, 2147483647)
// INPUT 9: choice(0, 1, 5, 31, 32, 33, -1)
// INPUT 10: int(-9223372036854775808, 9223372036854775807)
// INPUT 11: choice(0, 1, 63, 64, -64)
// INPUT 12: data([nan, -nan, inf, -inf, 0.0, -0.0, 1.0, -3.4e38, 3.4e38, 1e-45])

// REF: p, q, a, b, w, l, s8, n8, s32, n32, s64, n64, f = inp
// REF: def shl(x, n, u):
// REF:     return (x.view(u) << n.view(u)).view(x.dtype)
// REF: def shr(x, n, u):
// REF:     return (x.view(u) >> n.view(u)).view(x.dtype)
// REF: out[0] = np.stack([p & q, p | q, p ^ q, ~p])
// REF: out[1] = np.stack([a & b, a | b, a ^ b, ~a])
// REF: out[2] = np.stack([w & np.int32(0x0F0F0F0F), ~w])
// REF: out[3] = np.stack([l ^ np.int64(-1), l | np.int64(1 << 40)])
// REF: out[4] = np.stack([shl(s8, n8, np.uint8), shr(s8, n8, np.uint8)])
// REF: out[5] = np.stack([shl(s32, n32, np.uint32), shr(s32, n32, np.uint32)])
// REF: out[6] = np.stack([shl(s64, n64, np.uint64), shr(s64, n64, np.uint64)])
// REF: out[7] = np.stack([np.isnan(f), np.isinf(f), np.isposinf(f), np.isneginf(f), np.zeros_like(f, dtype=bool)])

func.func @logical_bitwise(%p: tensor<16xi1>, %q: tensor<16xi1>,
                           %a: tensor<4x8xi8>, %b: tensor<8xi8>,
                           %w: tensor<16xi32>, %l: tensor<16xi64>,
                           %s8: tensor<32xi8>, %n8: tensor<32xi8>,
                           %s32: tensor<32xi32>, %n32: tensor<32xi32>,
                           %s64: tensor<32xi64>, %n64: tensor<32xi64>,
                           %f: tensor<10xf32>)
    -> (tensor<4x16xi1>, tensor<4x4x8xi8>, tensor<2x16xi32>,
        tensor<2x16xi64>, tensor<2x32xi8>, tensor<2x32xi32>,
        tensor<2x32xi64>, tensor<5x10xi1>) {
  %pand = tg.and %p, %q : tensor<16xi1>, tensor<16xi1>
  %por = tg.or %p, %q : tensor<16xi1>, tensor<16xi1>
  %pxor = tg.xor %p, %q : tensor<16xi1>, tensor<16xi1>
  %pnot = tg.not %p : tensor<16xi1>
  %lc = tg.concat %pand, %por, %pxor, %pnot axis = 0
      : tensor<16xi1>, tensor<16xi1>, tensor<16xi1>, tensor<16xi1>
  %r0 = tg.reshape %lc : tensor<64xi1> -> tensor<4x16xi1>

  %aand = tg.and %a, %b : tensor<4x8xi8>, tensor<8xi8>
  %aor = tg.or %a, %b : tensor<4x8xi8>, tensor<8xi8>
  %axor = tg.xor %a, %b : tensor<4x8xi8>, tensor<8xi8>
  %anot = tg.not %a : tensor<4x8xi8>
  %bc = tg.concat %aand, %aor, %axor, %anot axis = 0
      : tensor<4x8xi8>, tensor<4x8xi8>, tensor<4x8xi8>, tensor<4x8xi8>
  %r1 = tg.reshape %bc : tensor<16x8xi8> -> tensor<4x4x8xi8>

  %mask = tg.constant dense<252645135> : tensor<i32>
  %wand = tg.and %w, %mask : tensor<16xi32>, tensor<i32>
  %wnot = tg.not %w : tensor<16xi32>
  %wc = tg.concat %wand, %wnot axis = 0 : tensor<16xi32>, tensor<16xi32>
  %r2 = tg.reshape %wc : tensor<32xi32> -> tensor<2x16xi32>

  %ones = tg.constant dense<-1> : tensor<i64>
  %bit = tg.constant dense<1099511627776> : tensor<i64>
  %lxor = tg.xor %l, %ones : tensor<16xi64>, tensor<i64>
  %lor = tg.or %l, %bit : tensor<16xi64>, tensor<i64>
  %llc = tg.concat %lxor, %lor axis = 0 : tensor<16xi64>, tensor<16xi64>
  %r3 = tg.reshape %llc : tensor<32xi64> -> tensor<2x16xi64>

  %shl8 = tg.shift_left %s8, %n8 : tensor<32xi8>, tensor<32xi8>
  %shr8 = tg.shift_right %s8, %n8 : tensor<32xi8>, tensor<32xi8>
  %c8 = tg.concat %shl8, %shr8 axis = 0 : tensor<32xi8>, tensor<32xi8>
  %r4 = tg.reshape %c8 : tensor<64xi8> -> tensor<2x32xi8>
  %shl32 = tg.shift_left %s32, %n32 : tensor<32xi32>, tensor<32xi32>
  %shr32 = tg.shift_right %s32, %n32 : tensor<32xi32>, tensor<32xi32>
  %c32 = tg.concat %shl32, %shr32 axis = 0 : tensor<32xi32>, tensor<32xi32>
  %r5 = tg.reshape %c32 : tensor<64xi32> -> tensor<2x32xi32>
  %shl64 = tg.shift_left %s64, %n64 : tensor<32xi64>, tensor<32xi64>
  %shr64 = tg.shift_right %s64, %n64 : tensor<32xi64>, tensor<32xi64>
  %c64 = tg.concat %shl64, %shr64 axis = 0 : tensor<32xi64>, tensor<32xi64>
  %r6 = tg.reshape %c64 : tensor<64xi64> -> tensor<2x32xi64>

  %nan = tg.is_nan %f : tensor<10xf32>
  %inf = tg.is_inf %f : tensor<10xf32>
  %pinf = tg.is_inf %f {detect_negative = false} : tensor<10xf32>
  %ninf = tg.is_inf %f {detect_positive = false} : tensor<10xf32>
  %none = tg.is_inf %f {detect_negative = false, detect_positive = false}
      : tensor<10xf32>
  %cls = tg.concat %nan, %inf, %pinf, %ninf, %none axis = 0
      : tensor<10xi1>, tensor<10xi1>, tensor<10xi1>, tensor<10xi1>,
        tensor<10xi1>
  %r7 = tg.reshape %cls : tensor<50xi1> -> tensor<5x10xi1>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7
      : tensor<4x16xi1>, tensor<4x4x8xi8>, tensor<2x16xi32>,
        tensor<2x16xi64>, tensor<2x32xi8>, tensor<2x32xi32>,
        tensor<2x32xi64>, tensor<5x10xi1>
}
