// RUN: aotc-opt %s | FileCheck %s
// RUN: aotc-opt %s | aotc-opt | FileCheck %s

// The custom forms of tg.softmax, tg.log_softmax and tg.layer_norm
// round-trip, and their result type (the input's) is inferred.

// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:    %[[X:.+]]: tensor<8x10xf32>)
func.func @softmax(%x: tensor<8x10xf32>) -> tensor<8x10xf32> {
  // CHECK: %[[Y:.+]] = tg.softmax %[[X]] axis = 1 : tensor<8x10xf32>
  // CHECK: return %[[Y]] : tensor<8x10xf32>
  %0 = tg.softmax %x axis = 1 : tensor<8x10xf32>
  return %0 : tensor<8x10xf32>
}

// CHECK-LABEL: func.func @log_softmax_f16(
func.func @log_softmax_f16(%x: tensor<2x3x4xf16>) -> tensor<2x3x4xf16> {
  // CHECK: tg.log_softmax %{{.+}} axis = 0 : tensor<2x3x4xf16>
  %0 = tg.log_softmax %x axis = 0 : tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// A rank-1 input has one axis to normalize along.
// CHECK-LABEL: func.func @softmax_vector(
func.func @softmax_vector(%x: tensor<5xbf16>) -> tensor<5xbf16> {
  // CHECK: tg.softmax %{{.+}} axis = 0 : tensor<5xbf16>
  %0 = tg.softmax %x axis = 0 : tensor<5xbf16>
  return %0 : tensor<5xbf16>
}

// The epsilon prints as the f64 it is stored as.
// CHECK-LABEL: func.func @layer_norm(
// CHECK-SAME:    %[[X:.+]]: tensor<2x16x64xf32>)
func.func @layer_norm(%x: tensor<2x16x64xf32>) -> (tensor<2x16x64xf32>, tensor<2x16x64xf32>) {
  // CHECK: %[[A:.+]] = tg.layer_norm %[[X]] axis = 2 epsilon = 1.000000e-05 : tensor<2x16x64xf32>
  // CHECK: %[[B:.+]] = tg.layer_norm %[[X]] axis = 0 epsilon = 0.000000e+00 : tensor<2x16x64xf32>
  // CHECK: return %[[A]], %[[B]]
  %0 = tg.layer_norm %x axis = 2 epsilon = 1.0e-05 : tensor<2x16x64xf32>
  %1 = tg.layer_norm %x axis = 0 epsilon = 0.0 : tensor<2x16x64xf32>
  return %0, %1 : tensor<2x16x64xf32>, tensor<2x16x64xf32>
}

// CHECK-LABEL: func.func @layer_norm_f64(
func.func @layer_norm_f64(%x: tensor<3x7xf64>) -> tensor<3x7xf64> {
  // CHECK: tg.layer_norm %{{.+}} axis = 1 epsilon = 9.9999999999999998E-13 : tensor<3x7xf64>
  %0 = tg.layer_norm %x axis = 1 epsilon = 1.0e-12 : tensor<3x7xf64>
  return %0 : tensor<3x7xf64>
}

// Zero-sized dimensions are allowed (the result is empty too).
// CHECK-LABEL: func.func @empty(
func.func @empty(%x: tensor<0x4xf32>, %y: tensor<3x0xf32>) -> (tensor<0x4xf32>, tensor<3x0xf32>) {
  // CHECK: tg.softmax %{{.+}} axis = 1 : tensor<0x4xf32>
  // CHECK: tg.layer_norm %{{.+}} axis = 1 epsilon = 1.000000e-05 : tensor<3x0xf32>
  %0 = tg.softmax %x axis = 1 : tensor<0x4xf32>
  %1 = tg.layer_norm %y axis = 1 epsilon = 1.0e-05 : tensor<3x0xf32>
  return %0, %1 : tensor<0x4xf32>, tensor<3x0xf32>
}
