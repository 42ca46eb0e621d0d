// RUN: aotc-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(aotc-kernel-cse))" | FileCheck %s

// Equal ops inside a kernel and between kernels are merged, as by `cse`;
// the kernels themselves, tiled loops alike but for their bodies, stay
// apart, and no aotc.cse_kernel tag is left behind.

// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[X:.+]]: tensor<16xf32>
// CHECK:         %[[C0:.+]] = arith.constant 0 : index
// CHECK-NOT:     arith.constant 0 : index
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<16xf32>
// CHECK-NOT:     tensor.empty
// CHECK:         %[[L1:.+]] = scf.for {{.*}} iter_args(%{{.+}} = %[[E]])
// CHECK:           tensor.extract_slice %[[X]]
// CHECK-NOT:       tensor.extract_slice %[[X]]
// CHECK:           arith.addf
// CHECK:         %[[L2:.+]] = scf.for {{.*}} iter_args(%{{.+}} = %[[E]])
// CHECK:           tensor.extract_slice %[[L1]]
// CHECK:           arith.mulf
// CHECK:         return %[[L2]]
// CHECK-NOT:     aotc.cse_kernel
func.func @chain(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %e = tensor.empty() : tensor<16xf32>
  %l1 = scf.for %i = %c0 to %c16 step %c8 iter_args(%acc = %e) -> (tensor<16xf32>) {
    %a = tensor.extract_slice %x[%i] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %b = tensor.extract_slice %x[%i] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %s = arith.addf %a, %b : tensor<8xf32>
    %r = tensor.insert_slice %s into %acc[%i] [8] [1] : tensor<8xf32> into tensor<16xf32>
    scf.yield %r : tensor<16xf32>
  }
  %c0_2 = arith.constant 0 : index
  %e2 = tensor.empty() : tensor<16xf32>
  %l2 = scf.for %i = %c0_2 to %c16 step %c8 iter_args(%acc = %e2) -> (tensor<16xf32>) {
    %a = tensor.extract_slice %l1[%i] [8] [1] : tensor<16xf32> to tensor<8xf32>
    %s = arith.mulf %a, %a : tensor<8xf32>
    %r = tensor.insert_slice %s into %acc[%i] [8] [1] : tensor<8xf32> into tensor<16xf32>
    scf.yield %r : tensor<16xf32>
  }
  return %l2 : tensor<16xf32>
}

// -----

// Two kernels that are equal in every way stay two: they were merged
// before tiling if they could be (`cse` would merge them here).

// CHECK-LABEL: func.func @twins(
// CHECK:         %[[A:.+]] = scf.for
// CHECK:         %[[B:.+]] = scf.for
// CHECK:         return %[[A]], %[[B]]
func.func @twins(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %l1 = scf.for %i = %c0 to %c16 step %c8 iter_args(%acc = %x) -> (tensor<16xf32>) {
    scf.yield %acc : tensor<16xf32>
  }
  %l2 = scf.for %i = %c0 to %c16 step %c8 iter_args(%acc = %x) -> (tensor<16xf32>) {
    scf.yield %acc : tensor<16xf32>
  }
  return %l1, %l2 : tensor<16xf32>, tensor<16xf32>
}
