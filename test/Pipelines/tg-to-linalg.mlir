// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --split-input-file | FileCheck %s

// Stage 1 folds tg first (the constant add disappears) and leaves no tg op.

// CHECK-LABEL: func.func @folds_then_lowers
// CHECK-SAME:    %[[X:.+]]: tensor<4xf32>
// CHECK-NOT:     tg.
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[X]], %{{.+}} : tensor<4xf32>, tensor<4xf32>)
// CHECK:           arith.mulf
// CHECK-NOT:       arith.addf
// CHECK:         return %[[R]]
func.func @folds_then_lowers(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = tg.constant dense<1.0> : tensor<4xf32>
  %two = tg.add %one, %one : tensor<4xf32>, tensor<4xf32>
  %0 = tg.mul %x, %two : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Identities fold away before lowering: nothing is left to compute.

// CHECK-LABEL: func.func @identities
// CHECK-SAME:    %[[X:.+]]: tensor<2x3xf32>
// CHECK-NEXT:    return %[[X]]
func.func @identities(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = tg.constant dense<0.0> : tensor<2x3xf32>
  %0 = tg.add %x, %zero : tensor<2x3xf32>, tensor<2x3xf32>
  %1 = tg.transpose %0 permutation = [1, 0] : tensor<2x3xf32>
  %2 = tg.transpose %1 permutation = [1, 0] : tensor<3x2xf32>
  %3 = tg.reshape %2 : tensor<2x3xf32> -> tensor<6xf32>
  %4 = tg.reshape %3 : tensor<6xf32> -> tensor<2x3xf32>
  return %4 : tensor<2x3xf32>
}
