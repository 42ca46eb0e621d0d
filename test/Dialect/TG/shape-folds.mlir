// RUN: aotc-opt --canonicalize %s | FileCheck %s
// Constant folding of the shape ops and cast: what makes ONNX shape subgraphs
// constant at import time. An out-of-range float-to-int cast stays a cast.

func.func @f() -> (tensor<2x3xi64>, tensor<3x2xi64>, tensor<5xi64>, tensor<2xi32>, tensor<2x3xi64>, tensor<3xf32>) {
  %a = tg.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %b = tg.constant dense<[7, 8]> : tensor<2xi64>
  %t = tg.transpose %a permutation = [1, 0] : tensor<2x3xi64>
  %r = tg.reshape %a : tensor<2x3xi64> -> tensor<6xi64>
  %s = tg.slice %r start = [1] limit = [6] stride = [2] : tensor<6xi64>
  %c = tg.concat %s, %b axis = 0 : tensor<3xi64>, tensor<2xi64>
  %k = tg.cast %b : tensor<2xi64> -> tensor<2xi32>
  %v = tg.constant dense<[10, 20, 30]> : tensor<3xi64>
  %bc = tg.broadcast_to %v : tensor<3xi64> -> tensor<2x3xi64>
  %f = tg.constant dense<[1.5, -2.7, 3.0e10]> : tensor<3xf32>
  %fi = tg.cast %f : tensor<3xf32> -> tensor<3xi32>
  %ff = tg.cast %fi : tensor<3xi32> -> tensor<3xf32>
  return %a, %t, %c, %k, %bc, %ff : tensor<2x3xi64>, tensor<3x2xi64>, tensor<5xi64>, tensor<2xi32>, tensor<2x3xi64>, tensor<3xf32>
}
// CHECK-LABEL: func.func @f()
// CHECK-DAG: %[[F:.*]] = tg.constant dense<[1.500000e+00, -2.700000e+00, 3.000000e+10]> : tensor<3xf32>
// CHECK-DAG: %[[A:.*]] = tg.constant dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
// CHECK-DAG: %[[T:.*]] = tg.constant dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>
// CHECK-DAG: %[[C:.*]] = tg.constant dense<[2, 4, 6, 7, 8]> : tensor<5xi64>
// CHECK-DAG: %[[K:.*]] = tg.constant dense<[7, 8]> : tensor<2xi32>
// CHECK-DAG: %[[BC:.*]] = tg.constant dense<{{\[\[}}10, 20, 30], [10, 20, 30]]> : tensor<2x3xi64>
// CHECK: %[[FI:.*]] = tg.cast %[[F]] : tensor<3xf32> -> tensor<3xi32>
// CHECK: %[[FF:.*]] = tg.cast %[[FI]] : tensor<3xi32> -> tensor<3xf32>
// CHECK: return %[[A]], %[[T]], %[[C]], %[[K]], %[[BC]], %[[FF]]

func.func @in_range() -> tensor<3xi32> {
  %f = tg.constant dense<[1.5, -2.7, 0.0]> : tensor<3xf32>
  %i = tg.cast %f : tensor<3xf32> -> tensor<3xi32>
  return %i : tensor<3xi32>
}
// CHECK-LABEL: func.func @in_range()
// CHECK: tg.constant dense<[1, -2, 0]> : tensor<3xi32>
