// RUN: aotc-opt %s --canonicalize --split-input-file | FileCheck %s

// Folds of the indexing ops: tg.gather of constants (the Shape -> Gather
// chains of ONNX exporters), with negative and rank-0 indices, and of a
// splat of any size.

// CHECK-LABEL: func.func @gather_shape(
// CHECK:         %[[C:.+]] = tg.constant dense<[4, 2]> : tensor<2xi64>
// CHECK-NOT:     tg.gather
// CHECK:         return %[[C]]
func.func @gather_shape() -> tensor<2xi64> {
  %shape = tg.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %i = tg.constant dense<[-1, 1]> : tensor<2xi32>
  %0 = tg.gather %shape, %i axis = 0 : tensor<4xi64>, tensor<2xi32>
  return %0 : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @gather_scalar_index(
// CHECK:         %[[C:.+]] = tg.constant dense<[2.000000e+00, 5.000000e+00]> : tensor<2xf32>
// CHECK:         return %[[C]]
func.func @gather_scalar_index() -> tensor<2xf32> {
  %x = tg.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %i = tg.constant dense<1> : tensor<i64>
  %0 = tg.gather %x, %i axis = 1 : tensor<2x3xf32>, tensor<i64>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @gather_rows(
// CHECK:         %[[C:.+]] = tg.constant dense<{{\[}}[3, 4], [1, 2], [3, 4]]> : tensor<3x2xi32>
// CHECK:         return %[[C]]
func.func @gather_rows() -> tensor<3x2xi32> {
  %x = tg.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %i = tg.constant dense<[1, 0, -1]> : tensor<3xi64>
  %0 = tg.gather %x, %i axis = 0 : tensor<2x2xi32>, tensor<3xi64>
  return %0 : tensor<3x2xi32>
}

// -----

// A splat folds whatever the indices are, at any size.

// CHECK-LABEL: func.func @gather_splat(
// CHECK:         %[[C:.+]] = tg.constant dense<7.000000e+00> : tensor<4096x8xf32>
// CHECK:         return %[[C]]
func.func @gather_splat(%i: tensor<4096xi64>) -> tensor<4096x8xf32> {
  %x = tg.constant dense<7.0> : tensor<16x8xf32>
  %0 = tg.gather %x, %i axis = 0 : tensor<16x8xf32>, tensor<4096xi64>
  return %0 : tensor<4096x8xf32>
}

// -----

// Indices known only at run time do not fold.

// CHECK-LABEL: func.func @gather_dynamic_indices(
// CHECK:         tg.gather
func.func @gather_dynamic_indices(%i: tensor<2xi64>) -> tensor<2xi64> {
  %shape = tg.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %0 = tg.gather %shape, %i axis = 0 : tensor<4xi64>, tensor<2xi64>
  return %0 : tensor<2xi64>
}
