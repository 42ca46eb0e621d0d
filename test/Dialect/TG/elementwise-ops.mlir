// RUN: aotc-opt %s | aotc-opt | FileCheck %s

// The custom forms of the rounding, trigonometric, logical, bitwise, shift,
// mod and classification ops round-trip, and their result types are
// inferred.

// CHECK-LABEL: func.func @unary_float(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3xf32>)
// CHECK:         tg.floor %[[X]] : tensor<2x3xf32>
// CHECK:         tg.ceil %[[X]] : tensor<2x3xf32>
// CHECK:         tg.round %[[X]] : tensor<2x3xf32>
// CHECK:         tg.sign %[[X]] : tensor<2x3xf32>
// CHECK:         tg.sin %[[X]] : tensor<2x3xf32>
// CHECK:         tg.cos %[[X]] : tensor<2x3xf32>
// CHECK:         tg.tan %[[X]] : tensor<2x3xf32>
// CHECK:         tg.asin %[[X]] : tensor<2x3xf32>
// CHECK:         tg.acos %[[X]] : tensor<2x3xf32>
// CHECK:         tg.atan %[[X]] : tensor<2x3xf32>
// CHECK:         tg.sinh %[[X]] : tensor<2x3xf32>
// CHECK:         tg.cosh %[[X]] : tensor<2x3xf32>
// CHECK:         tg.asinh %[[X]] : tensor<2x3xf32>
// CHECK:         tg.acosh %[[X]] : tensor<2x3xf32>
// CHECK:         tg.atanh %[[X]] : tensor<2x3xf32>
func.func @unary_float(%x: tensor<2x3xf32>) {
  %0 = tg.floor %x : tensor<2x3xf32>
  %1 = tg.ceil %x : tensor<2x3xf32>
  %2 = tg.round %x : tensor<2x3xf32>
  %3 = tg.sign %x : tensor<2x3xf32>
  %4 = tg.sin %x : tensor<2x3xf32>
  %5 = tg.cos %x : tensor<2x3xf32>
  %6 = tg.tan %x : tensor<2x3xf32>
  %7 = tg.asin %x : tensor<2x3xf32>
  %8 = tg.acos %x : tensor<2x3xf32>
  %9 = tg.atan %x : tensor<2x3xf32>
  %10 = tg.sinh %x : tensor<2x3xf32>
  %11 = tg.cosh %x : tensor<2x3xf32>
  %12 = tg.asinh %x : tensor<2x3xf32>
  %13 = tg.acosh %x : tensor<2x3xf32>
  %14 = tg.atanh %x : tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @classify(
// CHECK-SAME:    %[[X:.+]]: tensor<4xbf16>)
// CHECK:         %[[NAN:.+]] = tg.is_nan %[[X]] : tensor<4xbf16>
// CHECK:         %[[INF:.+]] = tg.is_inf %[[X]] : tensor<4xbf16>
// CHECK:         %[[POS:.+]] = tg.is_inf %[[X]] {detect_negative = false} : tensor<4xbf16>
// CHECK:         return %[[NAN]], %[[INF]], %[[POS]] : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
func.func @classify(%x: tensor<4xbf16>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = tg.is_nan %x : tensor<4xbf16>
  %1 = tg.is_inf %x {detect_positive = true} : tensor<4xbf16>
  %2 = tg.is_inf %x {detect_negative = false} : tensor<4xbf16>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// CHECK-LABEL: func.func @logical(
// CHECK-SAME:    %[[P:.+]]: tensor<4xi1>, %[[Q:.+]]: tensor<2x1xi1>)
// CHECK:         %[[AND:.+]] = tg.and %[[P]], %[[Q]] : tensor<4xi1>, tensor<2x1xi1>
// CHECK:         tg.or %[[P]], %[[Q]] : tensor<4xi1>, tensor<2x1xi1>
// CHECK:         tg.xor %[[P]], %[[Q]] : tensor<4xi1>, tensor<2x1xi1>
// CHECK:         tg.not %[[P]] : tensor<4xi1>
// CHECK:         return %[[AND]] : tensor<2x4xi1>
func.func @logical(%p: tensor<4xi1>, %q: tensor<2x1xi1>) -> tensor<2x4xi1> {
  %0 = tg.and %p, %q : tensor<4xi1>, tensor<2x1xi1>
  %1 = tg.or %p, %q : tensor<4xi1>, tensor<2x1xi1>
  %2 = tg.xor %p, %q : tensor<4xi1>, tensor<2x1xi1>
  %3 = tg.not %p : tensor<4xi1>
  return %0 : tensor<2x4xi1>
}

// CHECK-LABEL: func.func @bitwise_shift_mod(
// CHECK-SAME:    %[[A:.+]]: tensor<4xi32>, %[[B:.+]]: tensor<i32>, %[[F:.+]]: tensor<4xf16>)
// CHECK:         tg.and %[[A]], %[[B]] : tensor<4xi32>, tensor<i32>
// CHECK:         tg.not %[[A]] : tensor<4xi32>
// CHECK:         tg.shift_left %[[A]], %[[B]] : tensor<4xi32>, tensor<i32>
// CHECK:         tg.shift_right %[[A]], %[[B]] : tensor<4xi32>, tensor<i32>
// CHECK:         tg.mod %[[A]], %[[B]] : tensor<4xi32>, tensor<i32>
// CHECK:         tg.mod %[[A]], %[[B]] fmod : tensor<4xi32>, tensor<i32>
// CHECK:         tg.mod %[[F]], %[[F]] fmod : tensor<4xf16>, tensor<4xf16>
// CHECK:         tg.sign %[[A]] : tensor<4xi32>
func.func @bitwise_shift_mod(%a: tensor<4xi32>, %b: tensor<i32>, %f: tensor<4xf16>) {
  %0 = tg.and %a, %b : tensor<4xi32>, tensor<i32>
  %1 = tg.not %a : tensor<4xi32>
  %2 = tg.shift_left %a, %b : tensor<4xi32>, tensor<i32>
  %3 = tg.shift_right %a, %b : tensor<4xi32>, tensor<i32>
  %4 = tg.mod %a, %b : tensor<4xi32>, tensor<i32>
  %5 = tg.mod %a, %b fmod : tensor<4xi32>, tensor<i32>
  %6 = tg.mod %f, %f fmod : tensor<4xf16>, tensor<4xf16>
  %7 = tg.sign %a : tensor<4xi32>
  return
}
