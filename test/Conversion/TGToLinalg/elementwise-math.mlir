// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --split-input-file | FileCheck %s

// Scalar bodies of the rounding, trigonometric, sign, logical, shift, mod
// and classification ops. Each lowers to an all-parallel linalg.generic like
// the other elementwise ops (see elementwise.mlir for the broadcasting maps).

// Round half to even is math.roundeven (one instruction from SSE4.1 on, and
// on GPUs); aotc-expand-round-even rewrites it for older CPUs.
// CHECK-LABEL: func.func @round_f32(
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[X:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[R:.+]] = math.roundeven %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
func.func @round_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.round %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @floor_ceil_trig_f64(
// CHECK:         math.floor %{{.+}} : f64
// CHECK:         math.ceil %{{.+}} : f64
// CHECK:         math.sin %{{.+}} : f64
// CHECK:         math.cos %{{.+}} : f64
// CHECK:         math.tan %{{.+}} : f64
// CHECK:         math.asin %{{.+}} : f64
// CHECK:         math.acos %{{.+}} : f64
// CHECK:         math.atan %{{.+}} : f64
// CHECK:         math.sinh %{{.+}} : f64
// CHECK:         math.cosh %{{.+}} : f64
// CHECK:         math.asinh %{{.+}} : f64
// CHECK:         math.acosh %{{.+}} : f64
// CHECK:         math.atanh %{{.+}} : f64
func.func @floor_ceil_trig_f64(%x: tensor<3xf64>) {
  %0 = tg.floor %x : tensor<3xf64>
  %1 = tg.ceil %x : tensor<3xf64>
  %2 = tg.sin %x : tensor<3xf64>
  %3 = tg.cos %x : tensor<3xf64>
  %4 = tg.tan %x : tensor<3xf64>
  %5 = tg.asin %x : tensor<3xf64>
  %6 = tg.acos %x : tensor<3xf64>
  %7 = tg.atan %x : tensor<3xf64>
  %8 = tg.sinh %x : tensor<3xf64>
  %9 = tg.cosh %x : tensor<3xf64>
  %10 = tg.asinh %x : tensor<3xf64>
  %11 = tg.acosh %x : tensor<3xf64>
  %12 = tg.atanh %x : tensor<3xf64>
  return
}

// -----

// Float sign: 1 above zero, -1 below, else x itself (zeros, NaN).
// CHECK-LABEL: func.func @sign_f32(
// CHECK:         ^bb0(%[[X:.+]]: f32, %{{.+}}: f32):
// CHECK-DAG:       %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:       %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:       %[[MINUS:.+]] = arith.constant -1.000000e+00 : f32
// CHECK:           %[[POS:.+]] = arith.cmpf ogt, %[[X]], %[[ZERO]] : f32
// CHECK:           %[[NEG:.+]] = arith.cmpf olt, %[[X]], %[[ZERO]] : f32
// CHECK:           %[[ELSE:.+]] = arith.select %[[NEG]], %[[MINUS]], %[[X]] : f32
// CHECK:           %[[R:.+]] = arith.select %[[POS]], %[[ONE]], %[[ELSE]] : f32
// CHECK:           linalg.yield %[[R]] : f32
func.func @sign_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tg.sign %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Integer sign compares signed.
// CHECK-LABEL: func.func @sign_i16(
// CHECK:           arith.cmpi sgt
// CHECK:           arith.cmpi slt
// CHECK:           arith.select
// CHECK:           arith.select
func.func @sign_i16(%x: tensor<4xi16>) -> tensor<4xi16> {
  %0 = tg.sign %x : tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// CHECK-LABEL: func.func @logical_i1(
// CHECK:           arith.andi %{{.+}}, %{{.+}} : i1
// CHECK:           arith.ori %{{.+}}, %{{.+}} : i1
// CHECK:           arith.xori %{{.+}}, %{{.+}} : i1
// CHECK:         ^bb0(%[[P:.+]]: i1, %{{.+}}: i1):
// CHECK:           %[[TRUE:.+]] = arith.constant true
// CHECK:           %[[NOT:.+]] = arith.xori %[[P]], %[[TRUE]] : i1
// CHECK:           linalg.yield %[[NOT]] : i1
func.func @logical_i1(%p: tensor<4xi1>, %q: tensor<4xi1>) {
  %0 = tg.and %p, %q : tensor<4xi1>, tensor<4xi1>
  %1 = tg.or %p, %q : tensor<4xi1>, tensor<4xi1>
  %2 = tg.xor %p, %q : tensor<4xi1>, tensor<4xi1>
  %3 = tg.not %p : tensor<4xi1>
  return
}

// -----

// Bitwise not on integers xors with all ones.
// CHECK-LABEL: func.func @not_i8(
// CHECK:           %[[ONES:.+]] = arith.constant -1 : i8
// CHECK:           arith.xori %{{.+}}, %[[ONES]] : i8
func.func @not_i8(%x: tensor<4xi8>) -> tensor<4xi8> {
  %0 = tg.not %x : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// Shifts are logical; an amount of at least the width (unsigned compare,
// so negative amounts too) selects 0 instead of arith's poison.
// CHECK-LABEL: func.func @shifts_i32(
// CHECK:         ^bb0(%[[A:.+]]: i32, %[[N:.+]]: i32, %{{.+}}: i32):
// CHECK:           %[[W:.+]] = arith.constant 32 : i32
// CHECK:           %[[OK:.+]] = arith.cmpi ult, %[[N]], %[[W]] : i32
// CHECK:           %[[SHL:.+]] = arith.shli %[[A]], %[[N]] : i32
// CHECK:           %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK:           %[[R:.+]] = arith.select %[[OK]], %[[SHL]], %[[ZERO]] : i32
// CHECK:           linalg.yield %[[R]] : i32
// CHECK:         arith.shrui
func.func @shifts_i32(%a: tensor<4xi32>, %n: tensor<4xi32>) {
  %0 = tg.shift_left %a, %n : tensor<4xi32>, tensor<4xi32>
  %1 = tg.shift_right %a, %n : tensor<4xi32>, tensor<4xi32>
  return
}

// -----

// The integer remainder divides by 1 where the divisor is 0 or -1 (giving
// 0, where srem would be undefined or trap), then moves a remainder whose
// sign differs from the divisor's into its range.
// CHECK-LABEL: func.func @mod_i32(
// CHECK:         ^bb0(%[[A:.+]]: i32, %[[B:.+]]: i32, %{{.+}}: i32):
// CHECK:           %[[ISZERO:.+]] = arith.cmpi eq, %[[B]], %{{.+}} : i32
// CHECK:           %[[ISM1:.+]] = arith.cmpi eq, %[[B]], %{{.+}} : i32
// CHECK:           %[[TRIVIAL:.+]] = arith.ori %[[ISZERO]], %[[ISM1]] : i1
// CHECK:           %[[DIV:.+]] = arith.select %[[TRIVIAL]], %{{.+}}, %[[B]] : i32
// CHECK:           %[[REM:.+]] = arith.remsi %[[A]], %[[DIV]] : i32
// CHECK:           %[[NZ:.+]] = arith.cmpi ne, %[[REM]], %{{.+}} : i32
// CHECK:           %[[SIGNS:.+]] = arith.xori %[[REM]], %[[B]] : i32
// CHECK:           %[[DIFF:.+]] = arith.cmpi slt, %[[SIGNS]], %{{.+}} : i32
// CHECK:           %[[ADJ:.+]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK:           %[[SUM:.+]] = arith.addi %[[REM]], %[[B]] : i32
// CHECK:           %[[R:.+]] = arith.select %[[ADJ]], %[[SUM]], %[[REM]] : i32
// CHECK:           linalg.yield %[[R]] : i32
func.func @mod_i32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tg.mod %a, %b : tensor<4xi32>, tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// With fmod the integer remainder is srem (with the same safe divisor) and
// the float remainder is arith.remf (C's fmod).
// CHECK-LABEL: func.func @fmod(
// CHECK:           %[[REM:.+]] = arith.remsi
// CHECK-NEXT:      linalg.yield %[[REM]] : i64
// CHECK:           %[[FREM:.+]] = arith.remf %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:      linalg.yield %[[FREM]] : f32
func.func @fmod(%a: tensor<4xi64>, %x: tensor<4xf32>) {
  %0 = tg.mod %a, %a fmod : tensor<4xi64>, tensor<4xi64>
  %1 = tg.mod %x, %x fmod : tensor<4xf32>, tensor<4xf32>
  return
}

// -----

// is_nan is an unordered self-compare; is_inf compares |x| with +inf, or x
// with one infinity when a flag is off, or is false when both are.
// CHECK-LABEL: func.func @classify(
// CHECK:         ^bb0(%[[X0:.+]]: f32, %{{.+}}: i1):
// CHECK:           %[[NAN:.+]] = arith.cmpf uno, %[[X0]], %[[X0]] : f32
// CHECK:           linalg.yield %[[NAN]] : i1
// CHECK:         ^bb0(%[[X1:.+]]: f32, %{{.+}}: i1):
// CHECK:           %[[ABS:.+]] = math.absf %[[X1]] : f32
// CHECK:           %[[PINF:.+]] = arith.constant 0x7F800000 : f32
// CHECK:           arith.cmpf oeq, %[[ABS]], %[[PINF]] : f32
// CHECK:         ^bb0(%[[X2:.+]]: f32, %{{.+}}: i1):
// CHECK:           %[[NINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK:           arith.cmpf oeq, %[[X2]], %[[NINF]] : f32
// CHECK:         ^bb0(%{{.+}}: f32, %{{.+}}: i1):
// CHECK:           %[[FALSE:.+]] = arith.constant false
// CHECK:           linalg.yield %[[FALSE]] : i1
func.func @classify(%x: tensor<4xf32>) {
  %0 = tg.is_nan %x : tensor<4xf32>
  %1 = tg.is_inf %x : tensor<4xf32>
  %2 = tg.is_inf %x {detect_positive = false} : tensor<4xf32>
  %3 = tg.is_inf %x {detect_positive = false, detect_negative = false} : tensor<4xf32>
  return
}
