// RUN: aotc-opt %s --canonicalize --split-input-file | FileCheck %s

// The folds and canonicalization patterns of TGFolds.cpp, one case per rule
// (and per rule that must not fire).

//===----------------------------------------------------------------------===//
// Constant folding of binary ops
//===----------------------------------------------------------------------===//

// The operands broadcast: [2, 1] + [3] -> [2, 3].
// CHECK-LABEL: func.func @fold_add_broadcast_f32(
// CHECK:         %[[C:.+]] = tg.constant dense<{{\[}}[1.100000e+01, 1.200000e+01, 1.300000e+01], [2.100000e+01, 2.200000e+01, 2.300000e+01]]> : tensor<2x3xf32>
// CHECK-NOT:     tg.add
// CHECK:         return %[[C]]
func.func @fold_add_broadcast_f32() -> tensor<2x3xf32> {
  %a = tg.constant dense<[[10.0], [20.0]]> : tensor<2x1xf32>
  %b = tg.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = tg.add %a, %b : tensor<2x1xf32>, tensor<3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A rank-0 operand broadcasts to every element.
// CHECK-LABEL: func.func @fold_sub_scalar_i32(
// CHECK:         %[[C:.+]] = tg.constant dense<[-5, 0, 5]> : tensor<3xi32>
// CHECK-NOT:     tg.sub
// CHECK:         return %[[C]]
func.func @fold_sub_scalar_i32() -> tensor<3xi32> {
  %a = tg.constant dense<[0, 5, 10]> : tensor<3xi32>
  %b = tg.constant dense<5> : tensor<i32>
  %0 = tg.sub %a, %b : tensor<3xi32>, tensor<i32>
  return %0 : tensor<3xi32>
}

// -----

// Integer arithmetic wraps: 100 * 3 = 300 = 44 (mod 256) in i8.
// CHECK-LABEL: func.func @fold_mul_i8_wraps(
// CHECK:         %[[C:.+]] = tg.constant dense<[44, -6]> : tensor<2xi8>
// CHECK:         return %[[C]]
func.func @fold_mul_i8_wraps() -> tensor<2xi8> {
  %a = tg.constant dense<[100, -2]> : tensor<2xi8>
  %b = tg.constant dense<3> : tensor<2xi8>
  %0 = tg.mul %a, %b : tensor<2xi8>, tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// Integer division is signed and truncates toward zero.
// CHECK-LABEL: func.func @fold_div_i64(
// CHECK:         %[[C:.+]] = tg.constant dense<[3, -3, -3, 3]> : tensor<4xi64>
// CHECK:         return %[[C]]
func.func @fold_div_i64() -> tensor<4xi64> {
  %a = tg.constant dense<[7, -7, 7, -7]> : tensor<4xi64>
  %b = tg.constant dense<[2, 2, -2, -2]> : tensor<4xi64>
  %0 = tg.div %a, %b : tensor<4xi64>, tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Float division by zero is IEEE: +inf, -inf and NaN fold.
// CHECK-LABEL: func.func @fold_div_f64_by_zero(
// CHECK:         %[[C:.+]] = tg.constant dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<3xf64>
// CHECK:         return %[[C]]
func.func @fold_div_f64_by_zero() -> tensor<3xf64> {
  %a = tg.constant dense<[1.0, -1.0, 0.0]> : tensor<3xf64>
  %b = tg.constant dense<0.0> : tensor<f64>
  %0 = tg.div %a, %b : tensor<3xf64>, tensor<f64>
  return %0 : tensor<3xf64>
}

// -----

// Integer division by zero is undefined at run time: not folded.
// CHECK-LABEL: func.func @no_fold_div_i32_by_zero(
// CHECK:         %[[R:.+]] = tg.div
// CHECK:         return %[[R]]
func.func @no_fold_div_i32_by_zero() -> tensor<2xi32> {
  %a = tg.constant dense<[4, 6]> : tensor<2xi32>
  %b = tg.constant dense<[2, 0]> : tensor<2xi32>
  %0 = tg.div %a, %b : tensor<2xi32>, tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// INT_MIN / -1 overflows, which is undefined at run time: not folded.
// CHECK-LABEL: func.func @no_fold_div_i8_overflow(
// CHECK:         %[[R:.+]] = tg.div
// CHECK:         return %[[R]]
func.func @no_fold_div_i8_overflow() -> tensor<i8> {
  %a = tg.constant dense<-128> : tensor<i8>
  %b = tg.constant dense<-1> : tensor<i8>
  %0 = tg.div %a, %b : tensor<i8>, tensor<i8>
  return %0 : tensor<i8>
}

// -----

// max and min propagate NaN; integers compare as signed.
// CHECK-LABEL: func.func @fold_max_min(
// CHECK-DAG:     %[[MAX:.+]] = tg.constant dense<[2.000000e+00, 0x7FC00000]> : tensor<2xf32>
// CHECK-DAG:     %[[MIN:.+]] = tg.constant dense<[-3, 1]> : tensor<2xi16>
// CHECK:         return %[[MAX]], %[[MIN]]
func.func @fold_max_min() -> (tensor<2xf32>, tensor<2xi16>) {
  %a = tg.constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  %b = tg.constant dense<[2.0, 5.0]> : tensor<2xf32>
  %0 = tg.max %a, %b : tensor<2xf32>, tensor<2xf32>
  %c = tg.constant dense<[-3, 7]> : tensor<2xi16>
  %d = tg.constant dense<[2, 1]> : tensor<2xi16>
  %1 = tg.min %c, %d : tensor<2xi16>, tensor<2xi16>
  return %0, %1 : tensor<2xf32>, tensor<2xi16>
}

// -----

// Float powers fold; integer powers are left to run time.
// CHECK-LABEL: func.func @fold_pow(
// CHECK-DAG:     %[[F:.+]] = tg.constant dense<[8.000000e+00, 5.000000e-01]> : tensor<2xf32>
// CHECK-DAG:     %[[I:.+]] = tg.pow
// CHECK:         return %[[F]], %[[I]]
func.func @fold_pow() -> (tensor<2xf32>, tensor<2xi32>) {
  %a = tg.constant dense<[2.0, 4.0]> : tensor<2xf32>
  %b = tg.constant dense<[3.0, -0.5]> : tensor<2xf32>
  %0 = tg.pow %a, %b : tensor<2xf32>, tensor<2xf32>
  %c = tg.constant dense<[2, 3]> : tensor<2xi32>
  %1 = tg.pow %c, %c : tensor<2xi32>, tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}

// -----

// f16 and bf16 fold in their own precision: 1 + 2^-8 rounds to 1 in bf16
// (8 significand bits) but not in f16 (11 bits).
// CHECK-LABEL: func.func @fold_add_half_precision(
// CHECK-DAG:     %[[BF:.+]] = tg.constant dense<1.000000e+00> : tensor<bf16>
// CHECK-DAG:     %[[H:.+]] = tg.constant dense<1.003910e+00> : tensor<f16>
// CHECK:         return %[[BF]], %[[H]]
func.func @fold_add_half_precision() -> (tensor<bf16>, tensor<f16>) {
  %one_bf = tg.constant dense<1.0> : tensor<bf16>
  %eps_bf = tg.constant dense<0.00390625> : tensor<bf16>
  %0 = tg.add %one_bf, %eps_bf : tensor<bf16>, tensor<bf16>
  %one_h = tg.constant dense<1.0> : tensor<f16>
  %eps_h = tg.constant dense<0.00390625> : tensor<f16>
  %1 = tg.add %one_h, %eps_h : tensor<f16>, tensor<f16>
  return %0, %1 : tensor<bf16>, tensor<f16>
}

// -----

// Splats fold to splats, whatever their size.
// CHECK-LABEL: func.func @fold_large_splats(
// CHECK:         %[[C:.+]] = tg.constant dense<5.000000e+00> : tensor<64x1024xf32>
// CHECK:         return %[[C]]
func.func @fold_large_splats() -> tensor<64x1024xf32> {
  %a = tg.constant dense<2.0> : tensor<64x1024xf32>
  %b = tg.constant dense<3.0> : tensor<1024xf32>
  %0 = tg.add %a, %b : tensor<64x1024xf32>, tensor<1024xf32>
  return %0 : tensor<64x1024xf32>
}

//===----------------------------------------------------------------------===//
// Constant folding of unary ops
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @fold_unary_f32(
// CHECK-DAG:     %[[NEG:.+]] = tg.constant dense<[-1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[ABS:.+]] = tg.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[RELU:.+]] = tg.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[EXP:.+]] = tg.constant dense<[1.000000e+00, 2.71828175]> : tensor<2xf32>
// CHECK-DAG:     %[[LOG:.+]] = tg.constant dense<[0.000000e+00, 0xFF800000]> : tensor<2xf32>
// CHECK-DAG:     %[[SQRT:.+]] = tg.constant dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[RSQRT:.+]] = tg.constant dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>
// CHECK-DAG:     %[[TANH:.+]] = tg.constant dense<[0.000000e+00, 0.761594176]> : tensor<2xf32>
// CHECK-DAG:     %[[SIGMOID:.+]] = tg.constant dense<[5.000000e-01, 0.731058597]> : tensor<2xf32>
// CHECK-DAG:     %[[ERF:.+]] = tg.constant dense<[0.000000e+00, 0.842700779]> : tensor<2xf32>
// CHECK:         return %[[NEG]], %[[ABS]], %[[RELU]], %[[EXP]], %[[LOG]], %[[SQRT]], %[[RSQRT]], %[[TANH]], %[[SIGMOID]], %[[ERF]]
func.func @fold_unary_f32()
    -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
        tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
        tensor<2xf32>, tensor<2xf32>) {
  %x = tg.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %neg = tg.neg %x : tensor<2xf32>
  %abs = tg.abs %x : tensor<2xf32>
  %relu = tg.relu %x : tensor<2xf32>
  %zero_one = tg.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %exp = tg.exp %zero_one : tensor<2xf32>
  %one_zero = tg.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %log = tg.log %one_zero : tensor<2xf32>
  %four_nine = tg.constant dense<[4.0, 9.0]> : tensor<2xf32>
  %sqrt = tg.sqrt %four_nine : tensor<2xf32>
  %four_sixteen = tg.constant dense<[4.0, 16.0]> : tensor<2xf32>
  %rsqrt = tg.rsqrt %four_sixteen : tensor<2xf32>
  %tanh = tg.tanh %zero_one : tensor<2xf32>
  %sigmoid = tg.sigmoid %zero_one : tensor<2xf32>
  %erf = tg.erf %zero_one : tensor<2xf32>
  return %neg, %abs, %relu, %exp, %log, %sqrt, %rsqrt, %tanh, %sigmoid, %erf
      : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
        tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
        tensor<2xf32>, tensor<2xf32>
}

// -----

// The minimum integer negates and takes its absolute value to itself.
// CHECK-LABEL: func.func @fold_unary_i8(
// CHECK-DAG:     %[[NEG:.+]] = tg.constant dense<[-3, 4, -128]> : tensor<3xi8>
// CHECK-DAG:     %[[ABS:.+]] = tg.constant dense<[3, 4, -128]> : tensor<3xi8>
// CHECK-DAG:     %[[RELU:.+]] = tg.constant dense<[3, 0, 0]> : tensor<3xi8>
// CHECK:         return %[[NEG]], %[[ABS]], %[[RELU]]
func.func @fold_unary_i8() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>) {
  %x = tg.constant dense<[3, -4, -128]> : tensor<3xi8>
  %neg = tg.neg %x : tensor<3xi8>
  %abs = tg.abs %x : tensor<3xi8>
  %relu = tg.relu %x : tensor<3xi8>
  return %neg, %abs, %relu : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>
}

// -----

// A NaN computed from non-NaN operands is left to the target, whose NaN
// sign and payload may differ from the host's; NaN operands propagate.
// CHECK-LABEL: func.func @no_fold_new_nan(
// CHECK-DAG:     %[[SQRT:.+]] = tg.sqrt
// CHECK-DAG:     %[[LOG:.+]] = tg.log
// CHECK-DAG:     %[[POW:.+]] = tg.pow
// CHECK-DAG:     %[[NAN:.+]] = tg.constant dense<0x7FC00000> : tensor<f32>
// CHECK:         return %[[SQRT]], %[[LOG]], %[[POW]], %[[NAN]]
func.func @no_fold_new_nan() -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %neg = tg.constant dense<-2.0> : tensor<f32>
  %half = tg.constant dense<0.5> : tensor<f32>
  %nan = tg.constant dense<0x7FC00000> : tensor<f32>
  %0 = tg.sqrt %neg : tensor<f32>
  %1 = tg.log %neg : tensor<f32>
  %2 = tg.pow %neg, %half : tensor<f32>, tensor<f32>
  %3 = tg.exp %nan : tensor<f32>
  return %0, %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// A unary op on a splat of any size folds to a splat.
// CHECK-LABEL: func.func @fold_unary_large_splat(
// CHECK:         %[[C:.+]] = tg.constant dense<1.000000e+00> : tensor<4096xf64>
// CHECK:         return %[[C]]
func.func @fold_unary_large_splat() -> tensor<4096xf64> {
  %x = tg.constant dense<0.0> : tensor<4096xf64>
  %0 = tg.exp %x : tensor<4096xf64>
  return %0 : tensor<4096xf64>
}

//===----------------------------------------------------------------------===//
// The large-constant limit: non-splat constants above 1024 elements stay
//===----------------------------------------------------------------------===//

// -----

// 1024 elements: folded.
// CHECK-LABEL: func.func @fold_at_limit(
// CHECK:         %[[C:.+]] = tg.constant dense<"0x00FF{{.*}}"> : tensor<1024xi8>
// CHECK-NOT:     tg.neg
// CHECK:         return %[[C]]
func.func @fold_at_limit() -> tensor<1024xi8> {
  %x = tg.constant dense<"0x00010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001"> : tensor<1024xi8>
  %0 = tg.neg %x : tensor<1024xi8>
  return %0 : tensor<1024xi8>
}

// -----

// 1025 elements: neither the negation nor the reshape folds.
// CHECK-LABEL: func.func @no_fold_over_limit(
// CHECK:         %[[X:.+]] = tg.constant dense<"0x0001{{.*}}"> : tensor<1025xi8>
// CHECK:         %[[NEG:.+]] = tg.neg %[[X]] : tensor<1025xi8>
// CHECK:         %[[RESHAPE:.+]] = tg.reshape %[[X]] : tensor<1025xi8> -> tensor<5x205xi8>
// CHECK:         return %[[NEG]], %[[RESHAPE]]
func.func @no_fold_over_limit() -> (tensor<1025xi8>, tensor<5x205xi8>) {
  %x = tg.constant dense<"0x0001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102030405060001020304050600010203040506000102"> : tensor<1025xi8>
  %0 = tg.neg %x : tensor<1025xi8>
  %1 = tg.reshape %x : tensor<1025xi8> -> tensor<5x205xi8>
  return %0, %1 : tensor<1025xi8>, tensor<5x205xi8>
}

// -----

// Small operands whose broadcast result exceeds the limit are not folded.
// CHECK-LABEL: func.func @no_fold_large_broadcast_result(
// CHECK:         %[[R:.+]] = tg.add
// CHECK:         return %[[R]]
func.func @no_fold_large_broadcast_result() -> tensor<32x33xf32> {
  %a = tg.constant dense<[[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0], [9.0], [10.0], [11.0], [12.0], [13.0], [14.0], [15.0], [16.0], [17.0], [18.0], [19.0], [20.0], [21.0], [22.0], [23.0], [24.0], [25.0], [26.0], [27.0], [28.0], [29.0], [30.0], [31.0]]> : tensor<32x1xf32>
  %b = tg.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0]> : tensor<33xf32>
  %0 = tg.add %a, %b : tensor<32x1xf32>, tensor<33xf32>
  return %0 : tensor<32x33xf32>
}

//===----------------------------------------------------------------------===//
// Algebraic identities
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @add_zero(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-NOT:     tg.add
// CHECK:         return %[[X]], %[[X]]
func.func @add_zero(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %zero = tg.constant dense<0.0> : tensor<2x3xf32>
  %0 = tg.add %x, %zero : tensor<2x3xf32>, tensor<2x3xf32>
  %1 = tg.add %zero, %x : tensor<2x3xf32>, tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A zero of lower rank broadcasts to x's shape, so x + 0 is still x.
// CHECK-LABEL: func.func @add_zero_scalar_i32(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4xi32>
// CHECK-NOT:     tg.add
// CHECK:         return %[[X]]
func.func @add_zero_scalar_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  %zero = tg.constant dense<0> : tensor<i32>
  %0 = tg.add %x, %zero : tensor<4xi32>, tensor<i32>
  return %0 : tensor<4xi32>
}

// -----

// Here the zero broadcasts x to a larger shape: the add is the broadcast and
// must stay (folding it to x would change the result type).
// CHECK-LABEL: func.func @no_fold_add_broadcasting_zero(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<3xf32>
// CHECK:         %[[ZERO:.+]] = tg.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK:         %[[R:.+]] = tg.add %[[X]], %[[ZERO]] : tensor<3xf32>, tensor<2x3xf32>
// CHECK:         return %[[R]]
func.func @no_fold_add_broadcasting_zero(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = tg.constant dense<0.0> : tensor<2x3xf32>
  %0 = tg.add %x, %zero : tensor<3xf32>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @sub_zero(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4xi64>
// CHECK-NOT:     tg.sub
// CHECK:         return %[[X]]
func.func @sub_zero(%x: tensor<4xi64>) -> tensor<4xi64> {
  %zero = tg.constant dense<0> : tensor<4xi64>
  %0 = tg.sub %x, %zero : tensor<4xi64>, tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// 0 - x is a negation, not x.
// CHECK-LABEL: func.func @no_fold_zero_sub(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4xf32>
// CHECK:         %[[R:.+]] = tg.sub %{{.+}}, %[[X]]
// CHECK:         return %[[R]]
func.func @no_fold_zero_sub(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = tg.constant dense<0.0> : tensor<4xf32>
  %0 = tg.sub %zero, %x : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @mul_one(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x2xbf16>
// CHECK-NOT:     tg.mul
// CHECK:         return %[[X]], %[[X]]
func.func @mul_one(%x: tensor<2x2xbf16>) -> (tensor<2x2xbf16>, tensor<2x2xbf16>) {
  %one = tg.constant dense<1.0> : tensor<2xbf16>
  %0 = tg.mul %x, %one : tensor<2x2xbf16>, tensor<2xbf16>
  %1 = tg.mul %one, %x : tensor<2xbf16>, tensor<2x2xbf16>
  return %0, %1 : tensor<2x2xbf16>, tensor<2x2xbf16>
}

// -----

// CHECK-LABEL: func.func @mul_one_i16(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<3xi16>
// CHECK-NOT:     tg.mul
// CHECK:         return %[[X]]
func.func @mul_one_i16(%x: tensor<3xi16>) -> tensor<3xi16> {
  %one = tg.constant dense<1> : tensor<3xi16>
  %0 = tg.mul %one, %x : tensor<3xi16>, tensor<3xi16>
  return %0 : tensor<3xi16>
}

// -----

// CHECK-LABEL: func.func @div_one(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4xf16>
// CHECK-SAME:      %[[Y:[a-zA-Z0-9_]+]]: tensor<4xi32>
// CHECK-NOT:     tg.div
// CHECK:         return %[[X]], %[[Y]]
func.func @div_one(%x: tensor<4xf16>, %y: tensor<4xi32>) -> (tensor<4xf16>, tensor<4xi32>) {
  %one = tg.constant dense<1.0> : tensor<4xf16>
  %0 = tg.div %x, %one : tensor<4xf16>, tensor<4xf16>
  %one_i = tg.constant dense<1> : tensor<i32>
  %1 = tg.div %y, %one_i : tensor<4xi32>, tensor<i32>
  return %0, %1 : tensor<4xf16>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @pow_one(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4xf32>
// CHECK-NOT:     tg.pow
// CHECK:         return %[[X]]
func.func @pow_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = tg.constant dense<1.0> : tensor<4xf32>
  %0 = tg.pow %x, %one : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @max_min_self(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4xf32>
// CHECK-NOT:     tg.max
// CHECK-NOT:     tg.min
// CHECK:         return %[[X]], %[[X]]
func.func @max_min_self(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tg.max %x, %x : tensor<4xf32>, tensor<4xf32>
  %1 = tg.min %x, %x : tensor<4xf32>, tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Commutative ops (add, mul, max, min) move a constant operand to the right.
// CHECK-LABEL: func.func @commutative_constant_to_the_right(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4xf32>
// CHECK:         %[[C:.+]] = tg.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK:         %[[R:.+]] = tg.mul %[[X]], %[[C]] : tensor<4xf32>, tensor<4xf32>
// CHECK:         return %[[R]]
func.func @commutative_constant_to_the_right(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = tg.constant dense<2.0> : tensor<4xf32>
  %0 = tg.mul %two, %x : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// tg.reduce
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @reduce_no_axes(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-NOT:     tg.reduce
// CHECK:         return %[[X]]
func.func @reduce_no_axes(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.reduce mean %x axes = [] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Reductions of small constants evaluate (a detector's Pad and Resize sizes
// come from ReduceMax/ReduceMin/ReduceProd of constants): max and min per
// row, NaN propagating; a product over every axis; an integer mean
// truncated toward zero.
// CHECK-LABEL: func.func @reduce_constants(
// CHECK-NOT:     tg.reduce
// CHECK-DAG:     tg.constant dense<[3.000000e+00, 0x7FC00000]> : tensor<2xf32>
// CHECK-DAG:     tg.constant dense<{{\[\[}}1.000000e+00], [0x7FC00000]]> : tensor<2x1xf32>
// CHECK-DAG:     tg.constant dense<-24> : tensor<i64>
// CHECK-DAG:     tg.constant dense<[1, -2]> : tensor<2xi32>
func.func @reduce_constants() -> (tensor<2xf32>, tensor<2x1xf32>, tensor<i64>, tensor<2xi32>) {
  %f = tg.constant dense<[[1.0, 3.0, 2.0], [-2.0, 0x7FC00000, 5.0]]> : tensor<2x3xf32>
  %max = tg.reduce max %f axes = [1] : tensor<2x3xf32>
  %min = tg.reduce min %f axes = [1] keepdims : tensor<2x3xf32>
  %i = tg.constant dense<[[1, 2, 3], [-1, 4, 1]]> : tensor<2x3xi64>
  %prod = tg.reduce prod %i axes = [0, 1] : tensor<2x3xi64>
  %j = tg.constant dense<[[1, 2, 2], [-1, -4, -2]]> : tensor<2x3xi32>
  %mean = tg.reduce mean %j axes = [1] : tensor<2x3xi32>
  return %max, %min, %prod, %mean : tensor<2xf32>, tensor<2x1xf32>, tensor<i64>, tensor<2xi32>
}

//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @reshape_of_reshape(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK:         %[[R:.+]] = tg.reshape %[[X]] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK-NOT:     tg.reshape
// CHECK:         return %[[R]]
func.func @reshape_of_reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = tg.reshape %x : tensor<2x3xf32> -> tensor<6xf32>
  %1 = tg.reshape %0 : tensor<6xf32> -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// Reshaping back to the input's shape leaves nothing.
// CHECK-LABEL: func.func @reshape_round_trip(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3xi1>
// CHECK-NOT:     tg.reshape
// CHECK:         return %[[X]]
func.func @reshape_round_trip(%x: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = tg.reshape %x : tensor<2x3xi1> -> tensor<6xi1>
  %1 = tg.reshape %0 : tensor<6xi1> -> tensor<2x3xi1>
  return %1 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @reshape_identity(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-NOT:     tg.reshape
// CHECK:         return %[[X]]
func.func @reshape_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.reshape %x : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_constant(
// CHECK:         %[[C:.+]] = tg.constant dense<{{\[}}[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
// CHECK-NOT:     tg.reshape
// CHECK:         return %[[C]]
func.func @reshape_constant() -> tensor<3x2xi32> {
  %x = tg.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %0 = tg.reshape %x : tensor<2x3xi32> -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

// -----

// [1, 0, 2] then [0, 2, 1] is [1, 2, 0].
// CHECK-LABEL: func.func @transpose_of_transpose(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3x4xf32>
// CHECK:         %[[T:.+]] = tg.transpose %[[X]] permutation = [1, 2, 0] : tensor<2x3x4xf32>
// CHECK-NOT:     tg.transpose
// CHECK:         return %[[T]]
func.func @transpose_of_transpose(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = tg.transpose %x permutation = [1, 0, 2] : tensor<2x3x4xf32>
  %1 = tg.transpose %0 permutation = [0, 2, 1] : tensor<3x2x4xf32>
  return %1 : tensor<3x4x2xf32>
}

// -----

// [1, 2, 0] then [2, 0, 1] is the identity: both transposes go.
// CHECK-LABEL: func.func @transpose_round_trip(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3x4xf32>
// CHECK-NOT:     tg.transpose
// CHECK:         return %[[X]]
func.func @transpose_round_trip(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tg.transpose %x permutation = [1, 2, 0] : tensor<2x3x4xf32>
  %1 = tg.transpose %0 permutation = [2, 0, 1] : tensor<3x4x2xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Only unit dimensions move: the elements keep their order, a reshape
// (a batch-1 model's (seq, batch, feature) <-> (batch, seq, feature)).
// CHECK-LABEL: func.func @transpose_of_unit_dims(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<1x100x144xf32>
// CHECK:         %[[R:.+]] = tg.reshape %[[X]] : tensor<1x100x144xf32> -> tensor<100x1x144xf32>
// CHECK-NOT:     tg.transpose
// CHECK:         return %[[R]]
func.func @transpose_of_unit_dims(%x: tensor<1x100x144xf32>) -> tensor<100x1x144xf32> {
  %0 = tg.transpose %x permutation = [1, 0, 2] : tensor<1x100x144xf32>
  return %0 : tensor<100x1x144xf32>
}

// -----

// A non-unit dimension moves past another: still a transpose.
// CHECK-LABEL: func.func @transpose_moves_data(
// CHECK:         tg.transpose %{{.+}} permutation = [2, 1, 0]
// CHECK-NOT:     tg.reshape
func.func @transpose_moves_data(%x: tensor<2x1x3xf32>) -> tensor<3x1x2xf32> {
  %0 = tg.transpose %x permutation = [2, 1, 0] : tensor<2x1x3xf32>
  return %0 : tensor<3x1x2xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_identity(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-NOT:     tg.transpose
// CHECK:         return %[[X]]
func.func @transpose_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.transpose %x permutation = [0, 1] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_splat(
// CHECK:         %[[C:.+]] = tg.constant dense<7> : tensor<3x2xi64>
// CHECK-NOT:     tg.transpose
// CHECK:         return %[[C]]
func.func @transpose_splat() -> tensor<3x2xi64> {
  %x = tg.constant dense<7> : tensor<2x3xi64>
  %0 = tg.transpose %x permutation = [1, 0] : tensor<2x3xi64>
  return %0 : tensor<3x2xi64>
}

//===----------------------------------------------------------------------===//
// broadcast_to, slice, concat, cast
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @broadcast_to_identity(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-NOT:     tg.broadcast_to
// CHECK:         return %[[X]]
func.func @broadcast_to_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.broadcast_to %x : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_to_splat(
// CHECK:         %[[C:.+]] = tg.constant dense<true> : tensor<4x3xi1>
// CHECK-NOT:     tg.broadcast_to
// CHECK:         return %[[C]]
func.func @broadcast_to_splat() -> tensor<4x3xi1> {
  %x = tg.constant dense<true> : tensor<3xi1>
  %0 = tg.broadcast_to %x : tensor<3xi1> -> tensor<4x3xi1>
  return %0 : tensor<4x3xi1>
}

// -----

// A broadcast of a non-splat constant is not materialized.
// A small non-splat constant broadcasts at compile time; a result over 1024
// elements stays a broadcast.
// CHECK-LABEL: func.func @fold_broadcast_to_non_splat(
// CHECK:         %[[R:.+]] = tg.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00]]>
// CHECK:         %[[B:.+]] = tg.broadcast_to
// CHECK:         return %[[R]], %[[B]]
func.func @fold_broadcast_to_non_splat() -> (tensor<4x2xf32>, tensor<1024x2xf32>) {
  %x = tg.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = tg.broadcast_to %x : tensor<2xf32> -> tensor<4x2xf32>
  %1 = tg.broadcast_to %x : tensor<2xf32> -> tensor<1024x2xf32>
  return %0, %1 : tensor<4x2xf32>, tensor<1024x2xf32>
}

// -----

// CHECK-LABEL: func.func @slice_identity(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4x8xf32>
// CHECK-NOT:     tg.slice
// CHECK:         return %[[X]]
func.func @slice_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tg.slice %x start = [0, 0] limit = [4, 8] stride = [1, 1] : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A size-1 dimension is kept whole whatever the stride.
// CHECK-LABEL: func.func @slice_identity_unit_dim(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<1x8xi8>
// CHECK-NOT:     tg.slice
// CHECK:         return %[[X]]
func.func @slice_identity_unit_dim(%x: tensor<1x8xi8>) -> tensor<1x8xi8> {
  %0 = tg.slice %x start = [0, 0] limit = [1, 8] stride = [3, 1] : tensor<1x8xi8>
  return %0 : tensor<1x8xi8>
}

// -----

// CHECK-LABEL: func.func @slice_splat(
// CHECK:         %[[C:.+]] = tg.constant dense<-1.500000e+00> : tensor<2x4xf16>
// CHECK-NOT:     tg.slice
// CHECK:         return %[[C]]
func.func @slice_splat() -> tensor<2x4xf16> {
  %x = tg.constant dense<-1.5> : tensor<4x8xf16>
  %0 = tg.slice %x start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xf16>
  return %0 : tensor<2x4xf16>
}

// -----

// CHECK-LABEL: func.func @concat_single(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-NOT:     tg.concat
// CHECK:         return %[[X]]
func.func @concat_single(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.concat %x axis = 1 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @cast_identity(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<4xi32>
// CHECK-NOT:     tg.cast
// CHECK:         return %[[X]]
func.func @cast_identity(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = tg.cast %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Casts of unsigned integers to floats fold with unsigned semantics: 255
// as uint8 is 255.0, not -1.0 (other unsigned casts do not fold).
// CHECK-LABEL: func.func @fold_unsigned_cast(
// CHECK:         %[[F:.+]] = tg.constant dense<2.550000e+02> : tensor<2xf32>
// CHECK:         return %[[F]]
func.func @fold_unsigned_cast() -> tensor<2xf32> {
  %c = tg.constant dense<-1> : tensor<2xi8>
  %f = tg.cast %c {unsigned_input} : tensor<2xi8> -> tensor<2xf32>
  return %f : tensor<2xf32>
}

// -----

// Unsigned comparisons fold as unsigned: 255 (-1 as i8) > 1.
// CHECK-LABEL: func.func @fold_unsigned_compare(
// CHECK:         %[[C:.+]] = tg.constant dense<[true, false]> : tensor<2xi1>
// CHECK:         return %[[C]]
func.func @fold_unsigned_compare() -> tensor<2xi1> {
  %a = tg.constant dense<[-1, 1]> : tensor<2xi8>
  %b = tg.constant dense<[1, 2]> : tensor<2xi8>
  %c = tg.compare gt, %a, %b {unsigned_operands} : tensor<2xi8>, tensor<2xi8>
  return %c : tensor<2xi1>
}
