// RUN: aotc-opt %s --canonicalize --split-input-file | FileCheck %s

// Folds of the rounding, trigonometric, logical, bitwise, shift, mod and
// classification ops in TGFolds.cpp, one case per rule (and per rule that
// must not fire).

// Rounding is exact in the element type: round goes half to even, and the
// sign of zero survives (ceil(-0.5) = -0.0, round(-0.5) = -0.0).
// CHECK-LABEL: func.func @fold_rounding(
// CHECK-DAG:     %[[F:.+]] = tg.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, -1.000000e+00, -3.000000e+00, -0.000000e+00, 0x7FC00000, 0xFF800000]> : tensor<8xf32>
// CHECK-DAG:     %[[C:.+]] = tg.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, -0.000000e+00, -2.000000e+00, -0.000000e+00, 0x7FC00000, 0xFF800000]> : tensor<8xf32>
// CHECK-DAG:     %[[R:.+]] = tg.constant dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, -0.000000e+00, -2.000000e+00, -0.000000e+00, 0x7FC00000, 0xFF800000]> : tensor<8xf32>
// CHECK-NOT:     tg.floor
// CHECK-NOT:     tg.round
// CHECK:         return %[[F]], %[[C]], %[[R]]
func.func @fold_rounding() -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %x = tg.constant dense<[0.5, 1.5, 2.5, -0.5, -2.5, -0.0, 0x7FC00000, 0xFF800000]> : tensor<8xf32>
  %0 = tg.floor %x : tensor<8xf32>
  %1 = tg.ceil %x : tensor<8xf32>
  %2 = tg.round %x : tensor<8xf32>
  return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// sign: -1, 1, zeros keep their sign, NaN stays; integers too.
// CHECK-LABEL: func.func @fold_sign(
// CHECK-DAG:     %[[F:.+]] = tg.constant dense<[-1.000000e+00, 1.000000e+00, -0.000000e+00, 0.000000e+00, 0x7FF8000000000000, 1.000000e+00]> : tensor<6xf64>
// CHECK-DAG:     %[[I:.+]] = tg.constant dense<[-1, 0, 1, 1, -1]> : tensor<5xi8>
// CHECK:         return %[[F]], %[[I]]
func.func @fold_sign() -> (tensor<6xf64>, tensor<5xi8>) {
  %x = tg.constant dense<[-3.5, 2.0, -0.0, 0.0, 0x7FF8000000000000, 0x7FF0000000000000]> : tensor<6xf64>
  %i = tg.constant dense<[-128, 0, 1, 127, -5]> : tensor<5xi8>
  %0 = tg.sign %x : tensor<6xf64>
  %1 = tg.sign %i : tensor<5xi8>
  return %0, %1 : tensor<6xf64>, tensor<5xi8>
}

// -----

// Trigonometric functions fold through libm in double, rounded once.
// CHECK-LABEL: func.func @fold_trig(
// CHECK-DAG:     %[[ZERO:.+]] = tg.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK-DAG:     %[[ONE:.+]] = tg.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-DAG:     %[[PI2:.+]] = tg.constant dense<1.57079637> : tensor<f32>
// CHECK:         return %[[ZERO]], %[[ONE]], %[[PI2]], %[[ZERO]], %[[ONE]]
func.func @fold_trig() -> (tensor<2xf32>, tensor<2xf32>, tensor<f32>, tensor<2xf32>, tensor<2xf32>) {
  %z = tg.constant dense<0.0> : tensor<2xf32>
  %inf = tg.constant dense<0x7F800000> : tensor<f32>
  %0 = tg.sin %z : tensor<2xf32>
  %1 = tg.cos %z : tensor<2xf32>
  %2 = tg.atan %inf : tensor<f32>
  %3 = tg.asinh %z : tensor<2xf32>
  %4 = tg.cosh %z : tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xf32>, tensor<f32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// A NaN that the host would invent from a finite operand (asin(2),
// acosh(0)) is left for run time.
// CHECK-LABEL: func.func @no_fold_out_of_domain(
// CHECK:         tg.asin
// CHECK:         tg.acosh
func.func @no_fold_out_of_domain() -> (tensor<f32>, tensor<f32>) {
  %x = tg.constant dense<2.0> : tensor<f32>
  %z = tg.constant dense<0.0> : tensor<f32>
  %0 = tg.asin %x : tensor<f32>
  %1 = tg.acosh %z : tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func @fold_logical(
// CHECK-DAG:     %[[AND:.+]] = tg.constant dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-DAG:     %[[OR:.+]] = tg.constant dense<[true, true, true, false]> : tensor<4xi1>
// CHECK-DAG:     %[[XOR:.+]] = tg.constant dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-DAG:     %[[NOT:.+]] = tg.constant dense<[false, false, true, true]> : tensor<4xi1>
// CHECK:         return %[[AND]], %[[OR]], %[[XOR]], %[[NOT]]
func.func @fold_logical() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %p = tg.constant dense<[true, true, false, false]> : tensor<4xi1>
  %q = tg.constant dense<[true, false, true, false]> : tensor<4xi1>
  %0 = tg.and %p, %q : tensor<4xi1>, tensor<4xi1>
  %1 = tg.or %p, %q : tensor<4xi1>, tensor<4xi1>
  %2 = tg.xor %p, %q : tensor<4xi1>, tensor<4xi1>
  %3 = tg.not %p : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Bitwise ops on integers broadcast; not is ~x = -x - 1.
// CHECK-LABEL: func.func @fold_bitwise_i16(
// CHECK-DAG:     %[[AND:.+]] = tg.constant dense<[{{\[}}12, -7], [12, 9]]> : tensor<2x2xi16>
// CHECK-DAG:     %[[NOT:.+]] = tg.constant dense<[-13, 6]> : tensor<2xi16>
// CHECK:         return %[[AND]], %[[NOT]]
func.func @fold_bitwise_i16() -> (tensor<2x2xi16>, tensor<2xi16>) {
  %a = tg.constant dense<[12, -7]> : tensor<2xi16>
  %b = tg.constant dense<[[-1], [13]]> : tensor<2x1xi16>
  %0 = tg.and %a, %b : tensor<2xi16>, tensor<2x1xi16>
  %1 = tg.not %a : tensor<2xi16>
  return %0, %1 : tensor<2x2xi16>, tensor<2xi16>
}

// -----

// and(x, x) = or(x, x) = x; not(not(x)) = x; xor(x, x) is not folded.
// CHECK-LABEL: func.func @fold_bitwise_identities(
// CHECK-SAME:    %[[X:.+]]: tensor<4xi32>)
// CHECK:         %[[XOR:.+]] = tg.xor %[[X]], %[[X]]
// CHECK-NOT:     tg.and
// CHECK-NOT:     tg.or
// CHECK-NOT:     tg.not
// CHECK:         return %[[X]], %[[X]], %[[X]], %[[XOR]]
func.func @fold_bitwise_identities(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = tg.and %x, %x : tensor<4xi32>, tensor<4xi32>
  %1 = tg.or %x, %x : tensor<4xi32>, tensor<4xi32>
  %n = tg.not %x : tensor<4xi32>
  %2 = tg.not %n : tensor<4xi32>
  %3 = tg.xor %x, %x : tensor<4xi32>, tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Shifts are logical and read the amount as unsigned: in i8, -128 >> 1 = 64
// and -1 >> 1 = 127, and amounts of 8 or more (or negative) give 0.
// CHECK-LABEL: func.func @fold_shifts_i8(
// CHECK-DAG:     %[[SHL:.+]] = tg.constant dense<[2, 14, 0, 0, 0]> : tensor<5xi8>
// CHECK-DAG:     %[[SHR:.+]] = tg.constant dense<[64, 127, 0, 0, 0]> : tensor<5xi8>
// CHECK:         return %[[SHL]], %[[SHR]]
func.func @fold_shifts_i8() -> (tensor<5xi8>, tensor<5xi8>) {
  %a = tg.constant dense<[-128, -1, 1, -1, 3]> : tensor<5xi8>
  %b = tg.constant dense<[1, 7, 8, 100, -1]> : tensor<5xi8>
  %c = tg.constant dense<[1, 1, 8, 8, -1]> : tensor<5xi8>
  %0 = tg.shift_left %b, %c : tensor<5xi8>, tensor<5xi8>
  %1 = tg.shift_right %a, %c : tensor<5xi8>, tensor<5xi8>
  return %0, %1 : tensor<5xi8>, tensor<5xi8>
}

// -----

// Without fmod the remainder takes the divisor's sign; with it, the
// dividend's. Divisors 0 and -1 give 0, also for INT_MIN.
// CHECK-LABEL: func.func @fold_mod_i32(
// CHECK-DAG:     %[[MOD:.+]] = tg.constant dense<[1, 2, -2, -1, 0, 0]> : tensor<6xi32>
// CHECK-DAG:     %[[FMOD:.+]] = tg.constant dense<[1, -1, 1, -1, 0, 0]> : tensor<6xi32>
// CHECK:         return %[[MOD]], %[[FMOD]]
func.func @fold_mod_i32() -> (tensor<6xi32>, tensor<6xi32>) {
  %a = tg.constant dense<[7, -7, 7, -7, 5, -2147483648]> : tensor<6xi32>
  %b = tg.constant dense<[3, 3, -3, -3, 0, -1]> : tensor<6xi32>
  %0 = tg.mod %a, %b : tensor<6xi32>, tensor<6xi32>
  %1 = tg.mod %a, %b fmod : tensor<6xi32>, tensor<6xi32>
  return %0, %1 : tensor<6xi32>, tensor<6xi32>
}

// -----

// Float fmod is exact and keeps the dividend's sign; x fmod inf = x.
// CHECK-LABEL: func.func @fold_fmod_f32(
// CHECK:         %[[C:.+]] = tg.constant dense<[1.500000e+00, -1.500000e+00, -0.000000e+00, 5.000000e+00]> : tensor<4xf32>
// CHECK:         return %[[C]]
func.func @fold_fmod_f32() -> tensor<4xf32> {
  %a = tg.constant dense<[5.5, -5.5, -4.0, 5.0]> : tensor<4xf32>
  %b = tg.constant dense<[2.0, 2.0, 2.0, 0x7F800000]> : tensor<4xf32>
  %0 = tg.mod %a, %b fmod : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// x fmod 0 is a NaN the host would invent: left for run time.
// CHECK-LABEL: func.func @no_fold_fmod_by_zero(
// CHECK:         tg.mod
func.func @no_fold_fmod_by_zero() -> tensor<f32> {
  %a = tg.constant dense<1.0> : tensor<f32>
  %b = tg.constant dense<0.0> : tensor<f32>
  %0 = tg.mod %a, %b fmod : tensor<f32>, tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @fold_classify(
// CHECK-DAG:     %[[NAN:.+]] = tg.constant dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-DAG:     %[[INF:.+]] = tg.constant dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-DAG:     %[[NEG:.+]] = tg.constant dense<[false, false, true, false]> : tensor<4xi1>
// CHECK-DAG:     %[[NONE:.+]] = tg.constant dense<false> : tensor<4xi1>
// CHECK:         return %[[NAN]], %[[INF]], %[[NEG]], %[[NONE]]
func.func @fold_classify() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %x = tg.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 1.0]> : tensor<4xf32>
  %0 = tg.is_nan %x : tensor<4xf32>
  %1 = tg.is_inf %x : tensor<4xf32>
  %2 = tg.is_inf %x {detect_positive = false} : tensor<4xf32>
  %3 = tg.is_inf %x {detect_positive = false, detect_negative = false} : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Comparisons fold with broadcasting: floats are ordered except ne (NaN),
// integers signed, i1 unsigned (false < true).
// CHECK-LABEL: func.func @fold_compare(
// CHECK-DAG:     %[[F:.+]] = tg.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-DAG:     %[[I:.+]] = tg.constant dense<{{\[}}[false, true], [false, false]]> : tensor<2x2xi1>
// CHECK-DAG:     %[[B:.+]] = tg.constant dense<[false, true]> : tensor<2xi1>
// CHECK:         return %[[F]], %[[I]], %[[B]]
func.func @fold_compare() -> (tensor<3xi1>, tensor<2x2xi1>, tensor<2xi1>) {
  %x = tg.constant dense<[2.0, 0x7FC00000, 3.0]> : tensor<3xf32>
  %y = tg.constant dense<2.0> : tensor<f32>
  %0 = tg.compare ne, %x, %y : tensor<3xf32>, tensor<f32>
  %a = tg.constant dense<[-1, 5]> : tensor<2xi64>
  %b = tg.constant dense<[[0], [5]]> : tensor<2x1xi64>
  %1 = tg.compare gt, %a, %b : tensor<2xi64>, tensor<2x1xi64>
  %p = tg.constant dense<[true, false]> : tensor<2xi1>
  %q = tg.constant dense<false> : tensor<i1>
  %2 = tg.compare eq, %p, %q : tensor<2xi1>, tensor<i1>
  return %0, %1, %2 : tensor<3xi1>, tensor<2x2xi1>, tensor<2xi1>
}

// -----

// A constant select folds with broadcasting; a splat condition picks an
// operand of the result's type; equal operands are that operand.
// CHECK-LABEL: func.func @fold_select(
// CHECK-SAME:    %[[X:.+]]: tensor<2xi64>, %[[Y:.+]]: tensor<2xi64>, %[[C:.+]]: tensor<2xi1>)
// CHECK-DAG:     %[[K:.+]] = tg.constant dense<[7, 2]> : tensor<2xi64>
// CHECK:         return %[[K]], %[[Y]], %[[X]]
func.func @fold_select(%x: tensor<2xi64>, %y: tensor<2xi64>, %c: tensor<2xi1>)
    -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) {
  %cond = tg.constant dense<[true, false]> : tensor<2xi1>
  %seven = tg.constant dense<7> : tensor<i64>
  %v = tg.constant dense<[1, 2]> : tensor<2xi64>
  %0 = tg.select %cond, %seven, %v : tensor<2xi1>, tensor<i64>, tensor<2xi64>
  %false = tg.constant dense<false> : tensor<i1>
  %1 = tg.select %false, %x, %y : tensor<i1>, tensor<2xi64>, tensor<2xi64>
  %2 = tg.select %c, %x, %x : tensor<2xi1>, tensor<2xi64>, tensor<2xi64>
  return %0, %1, %2 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>
}

// -----

// A splat condition does not fold when the chosen operand would need a
// broadcast.
// CHECK-LABEL: func.func @no_fold_select_broadcast(
// CHECK:         tg.select
func.func @no_fold_select_broadcast(%x: tensor<f32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %true = tg.constant dense<true> : tensor<i1>
  %0 = tg.select %true, %x, %y : tensor<i1>, tensor<f32>, tensor<2xf32>
  return %0 : tensor<2xf32>
}
