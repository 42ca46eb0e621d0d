// RUN: aotc-opt %s | aotc-opt | FileCheck %s
// RUN: aotc-opt %s --mlir-print-op-generic | aotc-opt | FileCheck %s
// RUN: aotc-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of every tg op in its custom and generic forms, over every
// element type the op accepts (f16, bf16, f32, f64, i1, i8, i16, i32, i64
// where allowed). The GENERIC lines pin the result types that the ops infer.

//===----------------------------------------------------------------------===//
// tg.constant
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constant(
func.func @constant() {
  // CHECK: tg.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf16>
  %f16 = tg.constant dense<[1.5, -2.0]> : tensor<2xf16>
  // CHECK: tg.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xbf16>
  %bf16 = tg.constant dense<[1.5, -2.0]> : tensor<2xbf16>
  // CHECK: tg.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>
  %f32 = tg.constant dense<[1.5, -2.0]> : tensor<2xf32>
  // CHECK: tg.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf64>
  %f64 = tg.constant dense<[1.5, -2.0]> : tensor<2xf64>
  // CHECK: tg.constant dense<[true, false]> : tensor<2xi1>
  %i1 = tg.constant dense<[true, false]> : tensor<2xi1>
  // CHECK: tg.constant dense<[1, -2]> : tensor<2xi8>
  %i8 = tg.constant dense<[1, -2]> : tensor<2xi8>
  // CHECK: tg.constant dense<[1, -2]> : tensor<2xi16>
  %i16 = tg.constant dense<[1, -2]> : tensor<2xi16>
  // CHECK: tg.constant dense<[1, -2]> : tensor<2xi32>
  %i32 = tg.constant dense<[1, -2]> : tensor<2xi32>
  // CHECK: tg.constant dense<[1, -2]> : tensor<2xi64>
  %i64 = tg.constant dense<[1, -2]> : tensor<2xi64>
  // CHECK: tg.constant dense<0.000000e+00> : tensor<4x1024xf32>
  %splat = tg.constant dense<0.0> : tensor<4x1024xf32>
  // CHECK: tg.constant dense<7> : tensor<i32>
  %scalar = tg.constant dense<7> : tensor<i32>
  // CHECK: tg.constant dense_resource<weights> : tensor<2x2xf32>
  // GENERIC: "tg.constant"() <{value = dense_resource<weights> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %blob = tg.constant dense_resource<weights> : tensor<2x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @add(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @add(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.add %[[F16]], %[[F16]] : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.add %f16, %f16 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.add %[[BF16]], %[[BF16]] : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.add %bf16, %bf16 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.add %[[F32]], %[[F32]] : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.add %f32, %f32 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.add %[[F64]], %[[F64]] : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.add %f64, %f64 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.add %[[I8]], %[[I8]] : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.add %i8, %i8 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.add %[[I16]], %[[I16]] : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.add %i16, %i16 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.add %[[I32]], %[[I32]] : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.add %i32, %i32 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.add %[[I64]], %[[I64]] : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.add %i64, %i64 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @sub(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @sub(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.sub %[[F16]], %[[F16]] : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.sub %f16, %f16 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.sub %[[BF16]], %[[BF16]] : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.sub %bf16, %bf16 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.sub %[[F32]], %[[F32]] : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.sub %f32, %f32 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.sub %[[F64]], %[[F64]] : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.sub %f64, %f64 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.sub %[[I8]], %[[I8]] : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.sub %i8, %i8 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.sub %[[I16]], %[[I16]] : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.sub %i16, %i16 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.sub %[[I32]], %[[I32]] : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.sub %i32, %i32 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.sub %[[I64]], %[[I64]] : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.sub %i64, %i64 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @mul(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @mul(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.mul %[[F16]], %[[F16]] : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.mul %f16, %f16 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.mul %[[BF16]], %[[BF16]] : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.mul %bf16, %bf16 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.mul %[[F32]], %[[F32]] : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.mul %f32, %f32 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.mul %[[F64]], %[[F64]] : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.mul %f64, %f64 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.mul %[[I8]], %[[I8]] : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.mul %i8, %i8 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.mul %[[I16]], %[[I16]] : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.mul %i16, %i16 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.mul %[[I32]], %[[I32]] : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.mul %i32, %i32 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.mul %[[I64]], %[[I64]] : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.mul %i64, %i64 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @div(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @div(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.div %[[F16]], %[[F16]] : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.div %f16, %f16 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.div %[[BF16]], %[[BF16]] : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.div %bf16, %bf16 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.div %[[F32]], %[[F32]] : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.div %f32, %f32 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.div %[[F64]], %[[F64]] : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.div %f64, %f64 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.div %[[I8]], %[[I8]] : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.div %i8, %i8 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.div %[[I16]], %[[I16]] : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.div %i16, %i16 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.div %[[I32]], %[[I32]] : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.div %i32, %i32 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.div %[[I64]], %[[I64]] : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.div %i64, %i64 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @max(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @max(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.max %[[F16]], %[[F16]] : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.max %f16, %f16 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.max %[[BF16]], %[[BF16]] : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.max %bf16, %bf16 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.max %[[F32]], %[[F32]] : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.max %f32, %f32 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.max %[[F64]], %[[F64]] : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.max %f64, %f64 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.max %[[I8]], %[[I8]] : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.max %i8, %i8 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.max %[[I16]], %[[I16]] : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.max %i16, %i16 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.max %[[I32]], %[[I32]] : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.max %i32, %i32 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.max %[[I64]], %[[I64]] : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.max %i64, %i64 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @min(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @min(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.min %[[F16]], %[[F16]] : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.min %f16, %f16 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.min %[[BF16]], %[[BF16]] : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.min %bf16, %bf16 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.min %[[F32]], %[[F32]] : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.min %f32, %f32 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.min %[[F64]], %[[F64]] : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.min %f64, %f64 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.min %[[I8]], %[[I8]] : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.min %i8, %i8 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.min %[[I16]], %[[I16]] : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.min %i16, %i16 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.min %[[I32]], %[[I32]] : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.min %i32, %i32 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.min %[[I64]], %[[I64]] : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.min %i64, %i64 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @pow(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @pow(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.pow %[[F16]], %[[F16]] : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.pow %f16, %f16 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.pow %[[BF16]], %[[BF16]] : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.pow %bf16, %bf16 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.pow %[[F32]], %[[F32]] : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.pow %f32, %f32 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.pow %[[F64]], %[[F64]] : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.pow %f64, %f64 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.pow %[[I8]], %[[I8]] : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.pow %i8, %i8 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.pow %[[I16]], %[[I16]] : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.pow %i16, %i16 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.pow %[[I32]], %[[I32]] : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.pow %i32, %i32 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.pow %[[I64]], %[[I64]] : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.pow %i64, %i64 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// Broadcasting: trailing alignment, size-1 stretching, rank-0 operands.
// CHECK-LABEL: func.func @binary_broadcast(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: tensor<2x1x3xf32>
// CHECK-SAME:      %[[B:[a-zA-Z0-9_]+]]: tensor<4x1xf32>
// CHECK-SAME:      %[[S:[a-zA-Z0-9_]+]]: tensor<f32>
// CHECK-SAME:      %[[I:[a-zA-Z0-9_]+]]: tensor<3xi32>
// CHECK-SAME:      %[[J:[a-zA-Z0-9_]+]]: tensor<5x1xi32>
func.func @binary_broadcast(%a: tensor<2x1x3xf32>, %b: tensor<4x1xf32>,
                            %s: tensor<f32>, %i: tensor<3xi32>,
                            %j: tensor<5x1xi32>)
    -> (tensor<2x4x3xf32>, tensor<2x1x3xf32>, tensor<f32>, tensor<5x3xi32>) {
  // CHECK: %[[R0:.+]] = tg.add %[[A]], %[[B]] : tensor<2x1x3xf32>, tensor<4x1xf32>
  // GENERIC: "tg.add"(%{{.+}}, %{{.+}}) : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  %0 = tg.add %a, %b : tensor<2x1x3xf32>, tensor<4x1xf32>
  // CHECK: %[[R1:.+]] = tg.mul %[[S]], %[[A]] : tensor<f32>, tensor<2x1x3xf32>
  // GENERIC: "tg.mul"(%{{.+}}, %{{.+}}) : (tensor<f32>, tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %1 = tg.mul %s, %a : tensor<f32>, tensor<2x1x3xf32>
  // CHECK: %[[R2:.+]] = tg.pow %[[S]], %[[S]] : tensor<f32>, tensor<f32>
  // GENERIC: "tg.pow"(%{{.+}}, %{{.+}}) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %2 = tg.pow %s, %s : tensor<f32>, tensor<f32>
  // CHECK: %[[R3:.+]] = tg.sub %[[I]], %[[J]] : tensor<3xi32>, tensor<5x1xi32>
  // GENERIC: "tg.sub"(%{{.+}}, %{{.+}}) : (tensor<3xi32>, tensor<5x1xi32>) -> tensor<5x3xi32>
  %3 = tg.sub %i, %j : tensor<3xi32>, tensor<5x1xi32>
  // CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
  return %0, %1, %2, %3
      : tensor<2x4x3xf32>, tensor<2x1x3xf32>, tensor<f32>, tensor<5x3xi32>
}

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @neg(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @neg(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.neg %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.neg %f16 : tensor<2x3xf16>
  // CHECK: tg.neg %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.neg %bf16 : tensor<2x3xbf16>
  // CHECK: tg.neg %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.neg %f32 : tensor<2x3xf32>
  // CHECK: tg.neg %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.neg %f64 : tensor<2x3xf64>
  // CHECK: tg.neg %[[I8]] : tensor<2x3xi8>
  %i8_r = tg.neg %i8 : tensor<2x3xi8>
  // CHECK: tg.neg %[[I16]] : tensor<2x3xi16>
  %i16_r = tg.neg %i16 : tensor<2x3xi16>
  // CHECK: tg.neg %[[I32]] : tensor<2x3xi32>
  %i32_r = tg.neg %i32 : tensor<2x3xi32>
  // CHECK: tg.neg %[[I64]] : tensor<2x3xi64>
  %i64_r = tg.neg %i64 : tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @abs(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @abs(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.abs %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.abs %f16 : tensor<2x3xf16>
  // CHECK: tg.abs %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.abs %bf16 : tensor<2x3xbf16>
  // CHECK: tg.abs %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.abs %f32 : tensor<2x3xf32>
  // CHECK: tg.abs %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.abs %f64 : tensor<2x3xf64>
  // CHECK: tg.abs %[[I8]] : tensor<2x3xi8>
  %i8_r = tg.abs %i8 : tensor<2x3xi8>
  // CHECK: tg.abs %[[I16]] : tensor<2x3xi16>
  %i16_r = tg.abs %i16 : tensor<2x3xi16>
  // CHECK: tg.abs %[[I32]] : tensor<2x3xi32>
  %i32_r = tg.abs %i32 : tensor<2x3xi32>
  // CHECK: tg.abs %[[I64]] : tensor<2x3xi64>
  %i64_r = tg.abs %i64 : tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @relu(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @relu(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.relu %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.relu %f16 : tensor<2x3xf16>
  // CHECK: tg.relu %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.relu %bf16 : tensor<2x3xbf16>
  // CHECK: tg.relu %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.relu %f32 : tensor<2x3xf32>
  // CHECK: tg.relu %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.relu %f64 : tensor<2x3xf64>
  // CHECK: tg.relu %[[I8]] : tensor<2x3xi8>
  %i8_r = tg.relu %i8 : tensor<2x3xi8>
  // CHECK: tg.relu %[[I16]] : tensor<2x3xi16>
  %i16_r = tg.relu %i16 : tensor<2x3xi16>
  // CHECK: tg.relu %[[I32]] : tensor<2x3xi32>
  %i32_r = tg.relu %i32 : tensor<2x3xi32>
  // CHECK: tg.relu %[[I64]] : tensor<2x3xi64>
  %i64_r = tg.relu %i64 : tensor<2x3xi64>
  return
}

// CHECK-LABEL: func.func @exp(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
func.func @exp(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>) {
  // CHECK: tg.exp %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.exp %f16 : tensor<2x3xf16>
  // CHECK: tg.exp %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.exp %bf16 : tensor<2x3xbf16>
  // CHECK: tg.exp %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.exp %f32 : tensor<2x3xf32>
  // CHECK: tg.exp %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.exp %f64 : tensor<2x3xf64>
  return
}

// CHECK-LABEL: func.func @log(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
func.func @log(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>) {
  // CHECK: tg.log %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.log %f16 : tensor<2x3xf16>
  // CHECK: tg.log %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.log %bf16 : tensor<2x3xbf16>
  // CHECK: tg.log %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.log %f32 : tensor<2x3xf32>
  // CHECK: tg.log %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.log %f64 : tensor<2x3xf64>
  return
}

// CHECK-LABEL: func.func @sqrt(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
func.func @sqrt(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>) {
  // CHECK: tg.sqrt %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.sqrt %f16 : tensor<2x3xf16>
  // CHECK: tg.sqrt %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.sqrt %bf16 : tensor<2x3xbf16>
  // CHECK: tg.sqrt %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.sqrt %f32 : tensor<2x3xf32>
  // CHECK: tg.sqrt %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.sqrt %f64 : tensor<2x3xf64>
  return
}

// CHECK-LABEL: func.func @rsqrt(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
func.func @rsqrt(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>) {
  // CHECK: tg.rsqrt %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.rsqrt %f16 : tensor<2x3xf16>
  // CHECK: tg.rsqrt %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.rsqrt %bf16 : tensor<2x3xbf16>
  // CHECK: tg.rsqrt %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.rsqrt %f32 : tensor<2x3xf32>
  // CHECK: tg.rsqrt %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.rsqrt %f64 : tensor<2x3xf64>
  return
}

// CHECK-LABEL: func.func @tanh(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
func.func @tanh(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>) {
  // CHECK: tg.tanh %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.tanh %f16 : tensor<2x3xf16>
  // CHECK: tg.tanh %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.tanh %bf16 : tensor<2x3xbf16>
  // CHECK: tg.tanh %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.tanh %f32 : tensor<2x3xf32>
  // CHECK: tg.tanh %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.tanh %f64 : tensor<2x3xf64>
  return
}

// CHECK-LABEL: func.func @sigmoid(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
func.func @sigmoid(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>) {
  // CHECK: tg.sigmoid %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.sigmoid %f16 : tensor<2x3xf16>
  // CHECK: tg.sigmoid %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.sigmoid %bf16 : tensor<2x3xbf16>
  // CHECK: tg.sigmoid %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.sigmoid %f32 : tensor<2x3xf32>
  // CHECK: tg.sigmoid %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.sigmoid %f64 : tensor<2x3xf64>
  return
}

// CHECK-LABEL: func.func @erf(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
func.func @erf(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>) {
  // CHECK: tg.erf %[[F16]] : tensor<2x3xf16>
  %f16_r = tg.erf %f16 : tensor<2x3xf16>
  // CHECK: tg.erf %[[BF16]] : tensor<2x3xbf16>
  %bf16_r = tg.erf %bf16 : tensor<2x3xbf16>
  // CHECK: tg.erf %[[F32]] : tensor<2x3xf32>
  %f32_r = tg.erf %f32 : tensor<2x3xf32>
  // CHECK: tg.erf %[[F64]] : tensor<2x3xf64>
  %f64_r = tg.erf %f64 : tensor<2x3xf64>
  return
}

// A unary op on a rank-0 tensor.
// CHECK-LABEL: func.func @unary_scalar(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<f64>
func.func @unary_scalar(%x: tensor<f64>) -> tensor<f64> {
  // CHECK: %[[R:.+]] = tg.sigmoid %[[X]] : tensor<f64>
  // GENERIC: "tg.sigmoid"(%{{.+}}) : (tensor<f64>) -> tensor<f64>
  %0 = tg.sigmoid %x : tensor<f64>
  // CHECK: return %[[R]]
  return %0 : tensor<f64>
}

//===----------------------------------------------------------------------===//
// tg.compare, tg.select
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @compare(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I1:[a-zA-Z0-9_]+]]: tensor<2x3xi1>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @compare(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i1: tensor<2x3xi1>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.compare lt, %[[F16]], %[[F16]] : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.compare lt, %f16, %f16 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.compare lt, %[[BF16]], %[[BF16]] : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.compare lt, %bf16, %bf16 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.compare lt, %[[F32]], %[[F32]] : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.compare lt, %f32, %f32 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.compare lt, %[[F64]], %[[F64]] : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.compare lt, %f64, %f64 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.compare lt, %[[I1]], %[[I1]] : tensor<2x3xi1>, tensor<2x3xi1>
  %i1_r = tg.compare lt, %i1, %i1 : tensor<2x3xi1>, tensor<2x3xi1>
  // CHECK: tg.compare lt, %[[I8]], %[[I8]] : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.compare lt, %i8, %i8 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.compare lt, %[[I16]], %[[I16]] : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.compare lt, %i16, %i16 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.compare lt, %[[I32]], %[[I32]] : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.compare lt, %i32, %i32 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.compare lt, %[[I64]], %[[I64]] : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.compare lt, %i64, %i64 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// Every predicate, and broadcasting to an i1 result.
// CHECK-LABEL: func.func @compare_predicates(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: tensor<4x3xf32>
// CHECK-SAME:      %[[B:[a-zA-Z0-9_]+]]: tensor<3xf32>
func.func @compare_predicates(%a: tensor<4x3xf32>, %b: tensor<3xf32>)
    -> tensor<4x3xi1> {
  // CHECK: tg.compare eq, %[[A]], %[[B]] : tensor<4x3xf32>, tensor<3xf32>
  %eq = tg.compare eq, %a, %b : tensor<4x3xf32>, tensor<3xf32>
  // CHECK: tg.compare ne, %[[A]], %[[B]] : tensor<4x3xf32>, tensor<3xf32>
  %ne = tg.compare ne, %a, %b : tensor<4x3xf32>, tensor<3xf32>
  // CHECK: tg.compare lt, %[[A]], %[[B]] : tensor<4x3xf32>, tensor<3xf32>
  %lt = tg.compare lt, %a, %b : tensor<4x3xf32>, tensor<3xf32>
  // CHECK: tg.compare le, %[[A]], %[[B]] : tensor<4x3xf32>, tensor<3xf32>
  %le = tg.compare le, %a, %b : tensor<4x3xf32>, tensor<3xf32>
  // CHECK: tg.compare gt, %[[A]], %[[B]] : tensor<4x3xf32>, tensor<3xf32>
  %gt = tg.compare gt, %a, %b : tensor<4x3xf32>, tensor<3xf32>
  // CHECK: %[[GE:.+]] = tg.compare ge, %[[B]], %[[A]] : tensor<3xf32>, tensor<4x3xf32>
  // GENERIC: "tg.compare"(%{{.+}}, %{{.+}}) <{predicate = #tg<predicate ge>}> : (tensor<3xf32>, tensor<4x3xf32>) -> tensor<4x3xi1>
  %ge = tg.compare ge, %b, %a : tensor<3xf32>, tensor<4x3xf32>
  // CHECK: return %[[GE]]
  return %ge : tensor<4x3xi1>
}

// CHECK-LABEL: func.func @select(
// CHECK-SAME:      %[[M:[a-zA-Z0-9_]+]]: tensor<2x3xi1>
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I1:[a-zA-Z0-9_]+]]: tensor<2x3xi1>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @select(%m: tensor<2x3xi1>, %f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i1: tensor<2x3xi1>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.select %[[M]], %[[F16]], %[[F16]] : tensor<2x3xi1>, tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.select %m, %f16, %f16 : tensor<2x3xi1>, tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.select %[[M]], %[[BF16]], %[[BF16]] : tensor<2x3xi1>, tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.select %m, %bf16, %bf16 : tensor<2x3xi1>, tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.select %[[M]], %[[F32]], %[[F32]] : tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.select %m, %f32, %f32 : tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.select %[[M]], %[[F64]], %[[F64]] : tensor<2x3xi1>, tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.select %m, %f64, %f64 : tensor<2x3xi1>, tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.select %[[M]], %[[I1]], %[[I1]] : tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>
  %i1_r = tg.select %m, %i1, %i1 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>
  // CHECK: tg.select %[[M]], %[[I8]], %[[I8]] : tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.select %m, %i8, %i8 : tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.select %[[M]], %[[I16]], %[[I16]] : tensor<2x3xi1>, tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.select %m, %i16, %i16 : tensor<2x3xi1>, tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.select %[[M]], %[[I32]], %[[I32]] : tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.select %m, %i32, %i32 : tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.select %[[M]], %[[I64]], %[[I64]] : tensor<2x3xi1>, tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.select %m, %i64, %i64 : tensor<2x3xi1>, tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// The condition and both branches broadcast to a common shape.
// CHECK-LABEL: func.func @select_broadcast(
// CHECK-SAME:      %[[M:[a-zA-Z0-9_]+]]: tensor<4x1xi1>
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: tensor<3xi64>
// CHECK-SAME:      %[[B:[a-zA-Z0-9_]+]]: tensor<i64>
func.func @select_broadcast(%m: tensor<4x1xi1>, %a: tensor<3xi64>,
                            %b: tensor<i64>) -> tensor<4x3xi64> {
  // CHECK: %[[R:.+]] = tg.select %[[M]], %[[A]], %[[B]] : tensor<4x1xi1>, tensor<3xi64>, tensor<i64>
  // GENERIC: "tg.select"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<4x1xi1>, tensor<3xi64>, tensor<i64>) -> tensor<4x3xi64>
  %0 = tg.select %m, %a, %b : tensor<4x1xi1>, tensor<3xi64>, tensor<i64>
  // CHECK: return %[[R]]
  return %0 : tensor<4x3xi64>
}

//===----------------------------------------------------------------------===//
// tg.matmul, tg.reduce
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<3x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<3x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<3x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<3x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<3x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<3x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<3x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<3x3xi64>
func.func @matmul(%f16: tensor<3x3xf16>, %bf16: tensor<3x3xbf16>, %f32: tensor<3x3xf32>, %f64: tensor<3x3xf64>, %i8: tensor<3x3xi8>, %i16: tensor<3x3xi16>, %i32: tensor<3x3xi32>, %i64: tensor<3x3xi64>) {
  // CHECK: tg.matmul %[[F16]], %[[F16]] : tensor<3x3xf16>, tensor<3x3xf16>
  %f16_r = tg.matmul %f16, %f16 : tensor<3x3xf16>, tensor<3x3xf16>
  // CHECK: tg.matmul %[[BF16]], %[[BF16]] : tensor<3x3xbf16>, tensor<3x3xbf16>
  %bf16_r = tg.matmul %bf16, %bf16 : tensor<3x3xbf16>, tensor<3x3xbf16>
  // CHECK: tg.matmul %[[F32]], %[[F32]] : tensor<3x3xf32>, tensor<3x3xf32>
  %f32_r = tg.matmul %f32, %f32 : tensor<3x3xf32>, tensor<3x3xf32>
  // CHECK: tg.matmul %[[F64]], %[[F64]] : tensor<3x3xf64>, tensor<3x3xf64>
  %f64_r = tg.matmul %f64, %f64 : tensor<3x3xf64>, tensor<3x3xf64>
  // CHECK: tg.matmul %[[I8]], %[[I8]] : tensor<3x3xi8>, tensor<3x3xi8>
  %i8_r = tg.matmul %i8, %i8 : tensor<3x3xi8>, tensor<3x3xi8>
  // CHECK: tg.matmul %[[I16]], %[[I16]] : tensor<3x3xi16>, tensor<3x3xi16>
  %i16_r = tg.matmul %i16, %i16 : tensor<3x3xi16>, tensor<3x3xi16>
  // CHECK: tg.matmul %[[I32]], %[[I32]] : tensor<3x3xi32>, tensor<3x3xi32>
  %i32_r = tg.matmul %i32, %i32 : tensor<3x3xi32>, tensor<3x3xi32>
  // CHECK: tg.matmul %[[I64]], %[[I64]] : tensor<3x3xi64>, tensor<3x3xi64>
  %i64_r = tg.matmul %i64, %i64 : tensor<3x3xi64>, tensor<3x3xi64>
  return
}

// Batch dimensions broadcast; a rank-2 operand is shared by every batch.
// CHECK-LABEL: func.func @matmul_batched(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: tensor<8x4x16xf32>
// CHECK-SAME:      %[[B:[a-zA-Z0-9_]+]]: tensor<16x32xf32>
// CHECK-SAME:      %[[C:[a-zA-Z0-9_]+]]: tensor<2x1x4x16xbf16>
// CHECK-SAME:      %[[D:[a-zA-Z0-9_]+]]: tensor<3x16x5xbf16>
func.func @matmul_batched(%a: tensor<8x4x16xf32>, %b: tensor<16x32xf32>,
                          %c: tensor<2x1x4x16xbf16>,
                          %d: tensor<3x16x5xbf16>)
    -> (tensor<8x4x32xf32>, tensor<2x3x4x5xbf16>) {
  // CHECK: %[[R0:.+]] = tg.matmul %[[A]], %[[B]] : tensor<8x4x16xf32>, tensor<16x32xf32>
  // GENERIC: "tg.matmul"(%{{.+}}, %{{.+}}) : (tensor<8x4x16xf32>, tensor<16x32xf32>) -> tensor<8x4x32xf32>
  %0 = tg.matmul %a, %b : tensor<8x4x16xf32>, tensor<16x32xf32>
  // CHECK: %[[R1:.+]] = tg.matmul %[[C]], %[[D]] : tensor<2x1x4x16xbf16>, tensor<3x16x5xbf16>
  // GENERIC: "tg.matmul"(%{{.+}}, %{{.+}}) : (tensor<2x1x4x16xbf16>, tensor<3x16x5xbf16>) -> tensor<2x3x4x5xbf16>
  %1 = tg.matmul %c, %d : tensor<2x1x4x16xbf16>, tensor<3x16x5xbf16>
  // CHECK: return %[[R0]], %[[R1]]
  return %0, %1 : tensor<8x4x32xf32>, tensor<2x3x4x5xbf16>
}

// Block-quantized weights: 4-bit codes of 24 columns in 2 blocks of 32
// (16 bytes each) with zero points; 2-bit codes of 8 columns in one block of
// 64 (16 bytes) with the default ones, on a rank-1 and a rank-3 input.
// CHECK-LABEL: func.func @matmul_nbits(
func.func @matmul_nbits(%a: tensor<3x64xf32>, %w: tensor<24x2x16xi8>,
                        %s: tensor<24x2xf32>, %z: tensor<24x2xf32>,
                        %v: tensor<64xf32>, %t: tensor<2x3x64xf32>,
                        %w2: tensor<8x1x16xi8>, %s2: tensor<8x1xf32>)
    -> (tensor<3x24xf32>, tensor<8xf32>, tensor<2x3x8xf32>) {
  // CHECK: tg.matmul_nbits %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} bits = 4 : tensor<3x64xf32>, tensor<24x2x16xi8>, tensor<24x2xf32>, tensor<24x2xf32> -> tensor<3x24xf32>
  // GENERIC: "tg.matmul_nbits"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) <{bits = 4 : i64}> : (tensor<3x64xf32>, tensor<24x2x16xi8>, tensor<24x2xf32>, tensor<24x2xf32>) -> tensor<3x24xf32>
  %0 = tg.matmul_nbits %a, %w, %s, %z bits = 4 : tensor<3x64xf32>, tensor<24x2x16xi8>, tensor<24x2xf32>, tensor<24x2xf32> -> tensor<3x24xf32>
  // CHECK: tg.matmul_nbits %{{.+}}, %{{.+}}, %{{.+}} bits = 2 : tensor<64xf32>, tensor<8x1x16xi8>, tensor<8x1xf32> -> tensor<8xf32>
  %1 = tg.matmul_nbits %v, %w2, %s2 bits = 2 : tensor<64xf32>, tensor<8x1x16xi8>, tensor<8x1xf32> -> tensor<8xf32>
  // CHECK: tg.matmul_nbits %{{.+}}, %{{.+}}, %{{.+}} bits = 2 : tensor<2x3x64xf32>, tensor<8x1x16xi8>, tensor<8x1xf32> -> tensor<2x3x8xf32>
  %2 = tg.matmul_nbits %t, %w2, %s2 bits = 2 : tensor<2x3x64xf32>, tensor<8x1x16xi8>, tensor<8x1xf32> -> tensor<2x3x8xf32>
  return %0, %1, %2 : tensor<3x24xf32>, tensor<8xf32>, tensor<2x3x8xf32>
}

// CHECK-LABEL: func.func @reduce(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @reduce(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.reduce sum %[[F16]] axes = [1] : tensor<2x3xf16>
  %f16_r = tg.reduce sum %f16 axes = [1] : tensor<2x3xf16>
  // CHECK: tg.reduce sum %[[BF16]] axes = [1] : tensor<2x3xbf16>
  %bf16_r = tg.reduce sum %bf16 axes = [1] : tensor<2x3xbf16>
  // CHECK: tg.reduce sum %[[F32]] axes = [1] : tensor<2x3xf32>
  %f32_r = tg.reduce sum %f32 axes = [1] : tensor<2x3xf32>
  // CHECK: tg.reduce sum %[[F64]] axes = [1] : tensor<2x3xf64>
  %f64_r = tg.reduce sum %f64 axes = [1] : tensor<2x3xf64>
  // CHECK: tg.reduce sum %[[I8]] axes = [1] : tensor<2x3xi8>
  %i8_r = tg.reduce sum %i8 axes = [1] : tensor<2x3xi8>
  // CHECK: tg.reduce sum %[[I16]] axes = [1] : tensor<2x3xi16>
  %i16_r = tg.reduce sum %i16 axes = [1] : tensor<2x3xi16>
  // CHECK: tg.reduce sum %[[I32]] axes = [1] : tensor<2x3xi32>
  %i32_r = tg.reduce sum %i32 axes = [1] : tensor<2x3xi32>
  // CHECK: tg.reduce sum %[[I64]] axes = [1] : tensor<2x3xi64>
  %i64_r = tg.reduce sum %i64 axes = [1] : tensor<2x3xi64>
  return
}

// Every kind, keepdims, unordered axes, all axes and no axes.
// CHECK-LABEL: func.func @reduce_kinds(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<2x3x4xf32>
func.func @reduce_kinds(%x: tensor<2x3x4xf32>)
    -> (tensor<2x1x4xf32>, tensor<3xf32>, tensor<f32>, tensor<1x1x1xf32>,
        tensor<2x3x4xf32>) {
  // CHECK: %[[SUM:.+]] = tg.reduce sum %[[X]] axes = [1] keepdims : tensor<2x3x4xf32>
  // GENERIC: "tg.reduce"(%{{.+}}) <{axes = array<i64: 1>, keepdims, kind = #tg<reduce_kind sum>}> : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  %sum = tg.reduce sum %x axes = [1] keepdims : tensor<2x3x4xf32>
  // CHECK: %[[MAX:.+]] = tg.reduce max %[[X]] axes = [2, 0] : tensor<2x3x4xf32>
  // GENERIC: "tg.reduce"(%{{.+}}) <{axes = array<i64: 2, 0>, kind = #tg<reduce_kind max>}> : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %max = tg.reduce max %x axes = [2, 0] : tensor<2x3x4xf32>
  // CHECK: %[[MIN:.+]] = tg.reduce min %[[X]] axes = [0, 1, 2] : tensor<2x3x4xf32>
  // GENERIC: "tg.reduce"(%{{.+}}) <{axes = array<i64: 0, 1, 2>, kind = #tg<reduce_kind min>}> : (tensor<2x3x4xf32>) -> tensor<f32>
  %min = tg.reduce min %x axes = [0, 1, 2] : tensor<2x3x4xf32>
  // CHECK: %[[MEAN:.+]] = tg.reduce mean %[[X]] axes = [0, 1, 2] keepdims : tensor<2x3x4xf32>
  // GENERIC: "tg.reduce"(%{{.+}}) <{axes = array<i64: 0, 1, 2>, keepdims, kind = #tg<reduce_kind mean>}> : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  %mean = tg.reduce mean %x axes = [0, 1, 2] keepdims : tensor<2x3x4xf32>
  // CHECK: %[[PROD:.+]] = tg.reduce prod %[[X]] axes = [] : tensor<2x3x4xf32>
  // GENERIC: "tg.reduce"(%{{.+}}) <{axes = array<i64>, kind = #tg<reduce_kind prod>}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %prod = tg.reduce prod %x axes = [] : tensor<2x3x4xf32>
  // CHECK: return %[[SUM]], %[[MAX]], %[[MIN]], %[[MEAN]], %[[PROD]]
  return %sum, %max, %min, %mean, %prod
      : tensor<2x1x4xf32>, tensor<3xf32>, tensor<f32>, tensor<1x1x1xf32>,
        tensor<2x3x4xf32>
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reshape(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I1:[a-zA-Z0-9_]+]]: tensor<2x3xi1>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @reshape(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i1: tensor<2x3xi1>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.reshape %[[F16]] : tensor<2x3xf16> -> tensor<3x1x2xf16>
  %f16_r = tg.reshape %f16 : tensor<2x3xf16> -> tensor<3x1x2xf16>
  // CHECK: tg.reshape %[[BF16]] : tensor<2x3xbf16> -> tensor<3x1x2xbf16>
  %bf16_r = tg.reshape %bf16 : tensor<2x3xbf16> -> tensor<3x1x2xbf16>
  // CHECK: tg.reshape %[[F32]] : tensor<2x3xf32> -> tensor<3x1x2xf32>
  %f32_r = tg.reshape %f32 : tensor<2x3xf32> -> tensor<3x1x2xf32>
  // CHECK: tg.reshape %[[F64]] : tensor<2x3xf64> -> tensor<3x1x2xf64>
  %f64_r = tg.reshape %f64 : tensor<2x3xf64> -> tensor<3x1x2xf64>
  // CHECK: tg.reshape %[[I1]] : tensor<2x3xi1> -> tensor<3x1x2xi1>
  %i1_r = tg.reshape %i1 : tensor<2x3xi1> -> tensor<3x1x2xi1>
  // CHECK: tg.reshape %[[I8]] : tensor<2x3xi8> -> tensor<3x1x2xi8>
  %i8_r = tg.reshape %i8 : tensor<2x3xi8> -> tensor<3x1x2xi8>
  // CHECK: tg.reshape %[[I16]] : tensor<2x3xi16> -> tensor<3x1x2xi16>
  %i16_r = tg.reshape %i16 : tensor<2x3xi16> -> tensor<3x1x2xi16>
  // CHECK: tg.reshape %[[I32]] : tensor<2x3xi32> -> tensor<3x1x2xi32>
  %i32_r = tg.reshape %i32 : tensor<2x3xi32> -> tensor<3x1x2xi32>
  // CHECK: tg.reshape %[[I64]] : tensor<2x3xi64> -> tensor<3x1x2xi64>
  %i64_r = tg.reshape %i64 : tensor<2x3xi64> -> tensor<3x1x2xi64>
  // CHECK: tg.reshape %[[F32]] : tensor<2x3xf32> -> tensor<6xf32>
  %flat = tg.reshape %f32 : tensor<2x3xf32> -> tensor<6xf32>
  return
}

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3x4xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3x4xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3x4xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3x4xf64>
// CHECK-SAME:      %[[I1:[a-zA-Z0-9_]+]]: tensor<2x3x4xi1>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3x4xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3x4xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3x4xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3x4xi64>
func.func @transpose(%f16: tensor<2x3x4xf16>, %bf16: tensor<2x3x4xbf16>, %f32: tensor<2x3x4xf32>, %f64: tensor<2x3x4xf64>, %i1: tensor<2x3x4xi1>, %i8: tensor<2x3x4xi8>, %i16: tensor<2x3x4xi16>, %i32: tensor<2x3x4xi32>, %i64: tensor<2x3x4xi64>) {
  // CHECK: tg.transpose %[[F16]] permutation = [2, 0, 1] : tensor<2x3x4xf16>
  %f16_r = tg.transpose %f16 permutation = [2, 0, 1] : tensor<2x3x4xf16>
  // CHECK: tg.transpose %[[BF16]] permutation = [2, 0, 1] : tensor<2x3x4xbf16>
  %bf16_r = tg.transpose %bf16 permutation = [2, 0, 1] : tensor<2x3x4xbf16>
  // CHECK: tg.transpose %[[F32]] permutation = [2, 0, 1] : tensor<2x3x4xf32>
  %f32_r = tg.transpose %f32 permutation = [2, 0, 1] : tensor<2x3x4xf32>
  // CHECK: tg.transpose %[[F64]] permutation = [2, 0, 1] : tensor<2x3x4xf64>
  %f64_r = tg.transpose %f64 permutation = [2, 0, 1] : tensor<2x3x4xf64>
  // CHECK: tg.transpose %[[I1]] permutation = [2, 0, 1] : tensor<2x3x4xi1>
  %i1_r = tg.transpose %i1 permutation = [2, 0, 1] : tensor<2x3x4xi1>
  // CHECK: tg.transpose %[[I8]] permutation = [2, 0, 1] : tensor<2x3x4xi8>
  %i8_r = tg.transpose %i8 permutation = [2, 0, 1] : tensor<2x3x4xi8>
  // CHECK: tg.transpose %[[I16]] permutation = [2, 0, 1] : tensor<2x3x4xi16>
  %i16_r = tg.transpose %i16 permutation = [2, 0, 1] : tensor<2x3x4xi16>
  // CHECK: tg.transpose %[[I32]] permutation = [2, 0, 1] : tensor<2x3x4xi32>
  %i32_r = tg.transpose %i32 permutation = [2, 0, 1] : tensor<2x3x4xi32>
  // CHECK: tg.transpose %[[I64]] permutation = [2, 0, 1] : tensor<2x3x4xi64>
  %i64_r = tg.transpose %i64 permutation = [2, 0, 1] : tensor<2x3x4xi64>
  // CHECK: %[[T:.+]] = tg.transpose %[[F32]] permutation = [1, 2, 0] : tensor<2x3x4xf32>
  // GENERIC: "tg.transpose"(%{{.+}}) <{permutation = array<i64: 1, 2, 0>}> : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %t = tg.transpose %f32 permutation = [1, 2, 0] : tensor<2x3x4xf32>
  return
}

// CHECK-LABEL: func.func @broadcast_to(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<3x1xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<3x1xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<3x1xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<3x1xf64>
// CHECK-SAME:      %[[I1:[a-zA-Z0-9_]+]]: tensor<3x1xi1>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<3x1xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<3x1xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<3x1xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<3x1xi64>
func.func @broadcast_to(%f16: tensor<3x1xf16>, %bf16: tensor<3x1xbf16>, %f32: tensor<3x1xf32>, %f64: tensor<3x1xf64>, %i1: tensor<3x1xi1>, %i8: tensor<3x1xi8>, %i16: tensor<3x1xi16>, %i32: tensor<3x1xi32>, %i64: tensor<3x1xi64>) {
  // CHECK: tg.broadcast_to %[[F16]] : tensor<3x1xf16> -> tensor<2x3x4xf16>
  %f16_r = tg.broadcast_to %f16 : tensor<3x1xf16> -> tensor<2x3x4xf16>
  // CHECK: tg.broadcast_to %[[BF16]] : tensor<3x1xbf16> -> tensor<2x3x4xbf16>
  %bf16_r = tg.broadcast_to %bf16 : tensor<3x1xbf16> -> tensor<2x3x4xbf16>
  // CHECK: tg.broadcast_to %[[F32]] : tensor<3x1xf32> -> tensor<2x3x4xf32>
  %f32_r = tg.broadcast_to %f32 : tensor<3x1xf32> -> tensor<2x3x4xf32>
  // CHECK: tg.broadcast_to %[[F64]] : tensor<3x1xf64> -> tensor<2x3x4xf64>
  %f64_r = tg.broadcast_to %f64 : tensor<3x1xf64> -> tensor<2x3x4xf64>
  // CHECK: tg.broadcast_to %[[I1]] : tensor<3x1xi1> -> tensor<2x3x4xi1>
  %i1_r = tg.broadcast_to %i1 : tensor<3x1xi1> -> tensor<2x3x4xi1>
  // CHECK: tg.broadcast_to %[[I8]] : tensor<3x1xi8> -> tensor<2x3x4xi8>
  %i8_r = tg.broadcast_to %i8 : tensor<3x1xi8> -> tensor<2x3x4xi8>
  // CHECK: tg.broadcast_to %[[I16]] : tensor<3x1xi16> -> tensor<2x3x4xi16>
  %i16_r = tg.broadcast_to %i16 : tensor<3x1xi16> -> tensor<2x3x4xi16>
  // CHECK: tg.broadcast_to %[[I32]] : tensor<3x1xi32> -> tensor<2x3x4xi32>
  %i32_r = tg.broadcast_to %i32 : tensor<3x1xi32> -> tensor<2x3x4xi32>
  // CHECK: tg.broadcast_to %[[I64]] : tensor<3x1xi64> -> tensor<2x3x4xi64>
  %i64_r = tg.broadcast_to %i64 : tensor<3x1xi64> -> tensor<2x3x4xi64>
  return
}

// CHECK-LABEL: func.func @concat(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<2x3xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<2x3xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<2x3xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<2x3xf64>
// CHECK-SAME:      %[[I1:[a-zA-Z0-9_]+]]: tensor<2x3xi1>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<2x3xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<2x3xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<2x3xi64>
func.func @concat(%f16: tensor<2x3xf16>, %bf16: tensor<2x3xbf16>, %f32: tensor<2x3xf32>, %f64: tensor<2x3xf64>, %i1: tensor<2x3xi1>, %i8: tensor<2x3xi8>, %i16: tensor<2x3xi16>, %i32: tensor<2x3xi32>, %i64: tensor<2x3xi64>) {
  // CHECK: tg.concat %[[F16]], %[[F16]] axis = 0 : tensor<2x3xf16>, tensor<2x3xf16>
  %f16_r = tg.concat %f16, %f16 axis = 0 : tensor<2x3xf16>, tensor<2x3xf16>
  // CHECK: tg.concat %[[BF16]], %[[BF16]] axis = 0 : tensor<2x3xbf16>, tensor<2x3xbf16>
  %bf16_r = tg.concat %bf16, %bf16 axis = 0 : tensor<2x3xbf16>, tensor<2x3xbf16>
  // CHECK: tg.concat %[[F32]], %[[F32]] axis = 0 : tensor<2x3xf32>, tensor<2x3xf32>
  %f32_r = tg.concat %f32, %f32 axis = 0 : tensor<2x3xf32>, tensor<2x3xf32>
  // CHECK: tg.concat %[[F64]], %[[F64]] axis = 0 : tensor<2x3xf64>, tensor<2x3xf64>
  %f64_r = tg.concat %f64, %f64 axis = 0 : tensor<2x3xf64>, tensor<2x3xf64>
  // CHECK: tg.concat %[[I1]], %[[I1]] axis = 0 : tensor<2x3xi1>, tensor<2x3xi1>
  %i1_r = tg.concat %i1, %i1 axis = 0 : tensor<2x3xi1>, tensor<2x3xi1>
  // CHECK: tg.concat %[[I8]], %[[I8]] axis = 0 : tensor<2x3xi8>, tensor<2x3xi8>
  %i8_r = tg.concat %i8, %i8 axis = 0 : tensor<2x3xi8>, tensor<2x3xi8>
  // CHECK: tg.concat %[[I16]], %[[I16]] axis = 0 : tensor<2x3xi16>, tensor<2x3xi16>
  %i16_r = tg.concat %i16, %i16 axis = 0 : tensor<2x3xi16>, tensor<2x3xi16>
  // CHECK: tg.concat %[[I32]], %[[I32]] axis = 0 : tensor<2x3xi32>, tensor<2x3xi32>
  %i32_r = tg.concat %i32, %i32 axis = 0 : tensor<2x3xi32>, tensor<2x3xi32>
  // CHECK: tg.concat %[[I64]], %[[I64]] axis = 0 : tensor<2x3xi64>, tensor<2x3xi64>
  %i64_r = tg.concat %i64, %i64 axis = 0 : tensor<2x3xi64>, tensor<2x3xi64>
  return
}

// One input, and three inputs along the last axis.
// CHECK-LABEL: func.func @concat_arity(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: tensor<2x3xi8>
// CHECK-SAME:      %[[B:[a-zA-Z0-9_]+]]: tensor<2x5xi8>
func.func @concat_arity(%a: tensor<2x3xi8>, %b: tensor<2x5xi8>)
    -> (tensor<2x3xi8>, tensor<2x11xi8>) {
  // CHECK: %[[ONE:.+]] = tg.concat %[[A]] axis = 1 : tensor<2x3xi8>
  // GENERIC: "tg.concat"(%{{.+}}) <{axis = 1 : i64}> : (tensor<2x3xi8>) -> tensor<2x3xi8>
  %one = tg.concat %a axis = 1 : tensor<2x3xi8>
  // CHECK: %[[THREE:.+]] = tg.concat %[[A]], %[[B]], %[[A]] axis = 1 : tensor<2x3xi8>, tensor<2x5xi8>, tensor<2x3xi8>
  // GENERIC: "tg.concat"(%{{.+}}, %{{.+}}, %{{.+}}) <{axis = 1 : i64}> : (tensor<2x3xi8>, tensor<2x5xi8>, tensor<2x3xi8>) -> tensor<2x11xi8>
  %three = tg.concat %a, %b, %a axis = 1 : tensor<2x3xi8>, tensor<2x5xi8>, tensor<2x3xi8>
  // CHECK: return %[[ONE]], %[[THREE]]
  return %one, %three : tensor<2x3xi8>, tensor<2x11xi8>
}

// CHECK-LABEL: func.func @slice(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<4x8xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<4x8xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<4x8xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<4x8xf64>
// CHECK-SAME:      %[[I1:[a-zA-Z0-9_]+]]: tensor<4x8xi1>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<4x8xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<4x8xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<4x8xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<4x8xi64>
func.func @slice(%f16: tensor<4x8xf16>, %bf16: tensor<4x8xbf16>, %f32: tensor<4x8xf32>, %f64: tensor<4x8xf64>, %i1: tensor<4x8xi1>, %i8: tensor<4x8xi8>, %i16: tensor<4x8xi16>, %i32: tensor<4x8xi32>, %i64: tensor<4x8xi64>) {
  // CHECK: tg.slice %[[F16]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xf16>
  %f16_r = tg.slice %f16 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xf16>
  // CHECK: tg.slice %[[BF16]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xbf16>
  %bf16_r = tg.slice %bf16 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xbf16>
  // CHECK: tg.slice %[[F32]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xf32>
  %f32_r = tg.slice %f32 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xf32>
  // CHECK: tg.slice %[[F64]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xf64>
  %f64_r = tg.slice %f64 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xf64>
  // CHECK: tg.slice %[[I1]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi1>
  %i1_r = tg.slice %i1 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi1>
  // CHECK: tg.slice %[[I8]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi8>
  %i8_r = tg.slice %i8 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi8>
  // CHECK: tg.slice %[[I16]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi16>
  %i16_r = tg.slice %i16 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi16>
  // CHECK: tg.slice %[[I32]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi32>
  %i32_r = tg.slice %i32 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi32>
  // CHECK: tg.slice %[[I64]] start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi64>
  %i64_r = tg.slice %i64 start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xi64>
  // CHECK: %[[S:.+]] = tg.slice %[[F32]] start = [1, 0] limit = [4, 8] stride = [2, 3] : tensor<4x8xf32>
  // GENERIC: "tg.slice"(%{{.+}}) <{limit = array<i64: 4, 8>, start = array<i64: 1, 0>, stride = array<i64: 2, 3>}> : (tensor<4x8xf32>) -> tensor<2x3xf32>
  %s = tg.slice %f32 start = [1, 0] limit = [4, 8] stride = [2, 3] : tensor<4x8xf32>
  // CHECK: %[[E:.+]] = tg.slice %[[F32]] start = [2, 3] limit = [2, 3] stride = [1, 1] : tensor<4x8xf32>
  // GENERIC: "tg.slice"(%{{.+}}) <{limit = array<i64: 2, 3>, start = array<i64: 2, 3>, stride = array<i64: 1, 1>}> : (tensor<4x8xf32>) -> tensor<0x0xf32>
  %e = tg.slice %f32 start = [2, 3] limit = [2, 3] stride = [1, 1] : tensor<4x8xf32>
  return
}

// Every element type casts to and from f32 and i1.
// CHECK-LABEL: func.func @cast(
// CHECK-SAME:      %[[F16:[a-zA-Z0-9_]+]]: tensor<4xf16>
// CHECK-SAME:      %[[BF16:[a-zA-Z0-9_]+]]: tensor<4xbf16>
// CHECK-SAME:      %[[F32:[a-zA-Z0-9_]+]]: tensor<4xf32>
// CHECK-SAME:      %[[F64:[a-zA-Z0-9_]+]]: tensor<4xf64>
// CHECK-SAME:      %[[I1:[a-zA-Z0-9_]+]]: tensor<4xi1>
// CHECK-SAME:      %[[I8:[a-zA-Z0-9_]+]]: tensor<4xi8>
// CHECK-SAME:      %[[I16:[a-zA-Z0-9_]+]]: tensor<4xi16>
// CHECK-SAME:      %[[I32:[a-zA-Z0-9_]+]]: tensor<4xi32>
// CHECK-SAME:      %[[I64:[a-zA-Z0-9_]+]]: tensor<4xi64>
func.func @cast(%f16: tensor<4xf16>, %bf16: tensor<4xbf16>, %f32: tensor<4xf32>, %f64: tensor<4xf64>, %i1: tensor<4xi1>, %i8: tensor<4xi8>, %i16: tensor<4xi16>, %i32: tensor<4xi32>, %i64: tensor<4xi64>) {
  // CHECK: tg.cast %[[F16]] : tensor<4xf16> -> tensor<4xf32>
  %f16_to_f32 = tg.cast %f16 : tensor<4xf16> -> tensor<4xf32>
  // CHECK: tg.cast %[[F32]] : tensor<4xf32> -> tensor<4xf16>
  %f32_to_f16 = tg.cast %f32 : tensor<4xf32> -> tensor<4xf16>
  // CHECK: tg.cast %[[F16]] : tensor<4xf16> -> tensor<4xi1>
  %f16_to_i1 = tg.cast %f16 : tensor<4xf16> -> tensor<4xi1>
  // CHECK: tg.cast %[[I1]] : tensor<4xi1> -> tensor<4xf16>
  %i1_to_f16 = tg.cast %i1 : tensor<4xi1> -> tensor<4xf16>
  // CHECK: tg.cast %[[BF16]] : tensor<4xbf16> -> tensor<4xf32>
  %bf16_to_f32 = tg.cast %bf16 : tensor<4xbf16> -> tensor<4xf32>
  // CHECK: tg.cast %[[F32]] : tensor<4xf32> -> tensor<4xbf16>
  %f32_to_bf16 = tg.cast %f32 : tensor<4xf32> -> tensor<4xbf16>
  // CHECK: tg.cast %[[BF16]] : tensor<4xbf16> -> tensor<4xi1>
  %bf16_to_i1 = tg.cast %bf16 : tensor<4xbf16> -> tensor<4xi1>
  // CHECK: tg.cast %[[I1]] : tensor<4xi1> -> tensor<4xbf16>
  %i1_to_bf16 = tg.cast %i1 : tensor<4xi1> -> tensor<4xbf16>
  // CHECK: tg.cast %[[F32]] : tensor<4xf32> -> tensor<4xi1>
  %f32_to_i1 = tg.cast %f32 : tensor<4xf32> -> tensor<4xi1>
  // CHECK: tg.cast %[[I1]] : tensor<4xi1> -> tensor<4xf32>
  %i1_to_f32 = tg.cast %i1 : tensor<4xi1> -> tensor<4xf32>
  // CHECK: tg.cast %[[F64]] : tensor<4xf64> -> tensor<4xf32>
  %f64_to_f32 = tg.cast %f64 : tensor<4xf64> -> tensor<4xf32>
  // CHECK: tg.cast %[[F32]] : tensor<4xf32> -> tensor<4xf64>
  %f32_to_f64 = tg.cast %f32 : tensor<4xf32> -> tensor<4xf64>
  // CHECK: tg.cast %[[F64]] : tensor<4xf64> -> tensor<4xi1>
  %f64_to_i1 = tg.cast %f64 : tensor<4xf64> -> tensor<4xi1>
  // CHECK: tg.cast %[[I1]] : tensor<4xi1> -> tensor<4xf64>
  %i1_to_f64 = tg.cast %i1 : tensor<4xi1> -> tensor<4xf64>
  // CHECK: tg.cast %[[I8]] : tensor<4xi8> -> tensor<4xf32>
  %i8_to_f32 = tg.cast %i8 : tensor<4xi8> -> tensor<4xf32>
  // CHECK: tg.cast %[[F32]] : tensor<4xf32> -> tensor<4xi8>
  %f32_to_i8 = tg.cast %f32 : tensor<4xf32> -> tensor<4xi8>
  // CHECK: tg.cast %[[I8]] : tensor<4xi8> -> tensor<4xi1>
  %i8_to_i1 = tg.cast %i8 : tensor<4xi8> -> tensor<4xi1>
  // CHECK: tg.cast %[[I1]] : tensor<4xi1> -> tensor<4xi8>
  %i1_to_i8 = tg.cast %i1 : tensor<4xi1> -> tensor<4xi8>
  // CHECK: tg.cast %[[I16]] : tensor<4xi16> -> tensor<4xf32>
  %i16_to_f32 = tg.cast %i16 : tensor<4xi16> -> tensor<4xf32>
  // CHECK: tg.cast %[[F32]] : tensor<4xf32> -> tensor<4xi16>
  %f32_to_i16 = tg.cast %f32 : tensor<4xf32> -> tensor<4xi16>
  // CHECK: tg.cast %[[I16]] : tensor<4xi16> -> tensor<4xi1>
  %i16_to_i1 = tg.cast %i16 : tensor<4xi16> -> tensor<4xi1>
  // CHECK: tg.cast %[[I1]] : tensor<4xi1> -> tensor<4xi16>
  %i1_to_i16 = tg.cast %i1 : tensor<4xi1> -> tensor<4xi16>
  // CHECK: tg.cast %[[I32]] : tensor<4xi32> -> tensor<4xf32>
  %i32_to_f32 = tg.cast %i32 : tensor<4xi32> -> tensor<4xf32>
  // CHECK: tg.cast %[[F32]] : tensor<4xf32> -> tensor<4xi32>
  %f32_to_i32 = tg.cast %f32 : tensor<4xf32> -> tensor<4xi32>
  // CHECK: tg.cast %[[I32]] : tensor<4xi32> -> tensor<4xi1>
  %i32_to_i1 = tg.cast %i32 : tensor<4xi32> -> tensor<4xi1>
  // CHECK: tg.cast %[[I1]] : tensor<4xi1> -> tensor<4xi32>
  %i1_to_i32 = tg.cast %i1 : tensor<4xi1> -> tensor<4xi32>
  // CHECK: tg.cast %[[I64]] : tensor<4xi64> -> tensor<4xf32>
  %i64_to_f32 = tg.cast %i64 : tensor<4xi64> -> tensor<4xf32>
  // CHECK: tg.cast %[[F32]] : tensor<4xf32> -> tensor<4xi64>
  %f32_to_i64 = tg.cast %f32 : tensor<4xf32> -> tensor<4xi64>
  // CHECK: tg.cast %[[I64]] : tensor<4xi64> -> tensor<4xi1>
  %i64_to_i1 = tg.cast %i64 : tensor<4xi64> -> tensor<4xi1>
  // CHECK: tg.cast %[[I1]] : tensor<4xi1> -> tensor<4xi64>
  %i1_to_i64 = tg.cast %i1 : tensor<4xi1> -> tensor<4xi64>
  return
}

// The weights of @constant, as a blob: 4 bytes of alignment, then 4 x f32.
{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
