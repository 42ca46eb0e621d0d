// RUN: aotc-opt --canonicalize %s | FileCheck %s
// Constant folding of the shape ops and cast: what makes ONNX shape subgraphs
// constant at import time. A float-to-int cast of NaN or a value out of the
// type's range saturates (NaN to 0), which defines what ONNX leaves undefined:
// unfolded, the lowering's conversion would be poison that LLVM may drop
// with the store writing it.

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
// CHECK-DAG: %[[A:.*]] = tg.constant dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
// CHECK-DAG: %[[T:.*]] = tg.constant dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>
// CHECK-DAG: %[[C:.*]] = tg.constant dense<[2, 4, 6, 7, 8]> : tensor<5xi64>
// CHECK-DAG: %[[K:.*]] = tg.constant dense<[7, 8]> : tensor<2xi32>
// CHECK-DAG: %[[BC:.*]] = tg.constant dense<{{\[\[}}10, 20, 30], [10, 20, 30]]> : tensor<2x3xi64>
// CHECK-DAG: %[[FF:.*]] = tg.constant dense<[1.000000e+00, -2.000000e+00, 2.14748365E+9]> : tensor<3xf32>
// CHECK: return %[[A]], %[[T]], %[[C]], %[[K]], %[[BC]], %[[FF]]

func.func @in_range() -> tensor<3xi32> {
  %f = tg.constant dense<[1.5, -2.7, 0.0]> : tensor<3xf32>
  %i = tg.cast %f : tensor<3xf32> -> tensor<3xi32>
  return %i : tensor<3xi32>
}
// CHECK-LABEL: func.func @in_range()
// CHECK: tg.constant dense<[1, -2, 0]> : tensor<3xi32>

func.func @saturate() -> (tensor<5xi32>, tensor<5xi8>) {
  %f = tg.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3.0e10, -3.0e10]> : tensor<5xf32>
  %i = tg.cast %f : tensor<5xf32> -> tensor<5xi32>
  %g = tg.constant dense<[0x7FC00000, 300.0, -5.0, -0.5, 200.7]> : tensor<5xf32>
  %u = tg.cast %g {unsigned_result} : tensor<5xf32> -> tensor<5xi8>
  return %i, %u : tensor<5xi32>, tensor<5xi8>
}
// CHECK-LABEL: func.func @saturate()
// CHECK-DAG: tg.constant dense<[0, 2147483647, -2147483648, 2147483647, -2147483648]> : tensor<5xi32>
// As unsigned bytes: 0, 255, 0, 0, 200.
// CHECK-DAG: tg.constant dense<[0, -1, 0, 0, -56]> : tensor<5xi8>
// CHECK-NOT: tg.cast
