// RUN: aotc-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: aotc-opt %s --split-input-file --verify-diagnostics --canonicalize | FileCheck %s --check-prefix=CANON

// tg.dynamic_slice and tg.dynamic_update_slice: a block at offsets known at
// run time (a recurrence's time step), and their verifiers.

// CHECK-LABEL: func.func @step(
// CHECK:         tg.dynamic_slice %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] : tensor<64x2x16xf32> -> tensor<1x2x16xf32>
// CHECK:         tg.dynamic_update_slice %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] : tensor<1x2x16xf32> into tensor<64x2x16xf32>
func.func @step(%x: tensor<64x2x16xf32>, %y: tensor<64x2x16xf32>, %t: index)
    -> tensor<64x2x16xf32> {
  %c0 = arith.constant 0 : index
  %s = tg.dynamic_slice %x[%t, %c0, %c0]
      : tensor<64x2x16xf32> -> tensor<1x2x16xf32>
  %u = tg.dynamic_update_slice %s into %y[%t, %c0, %c0]
      : tensor<1x2x16xf32> into tensor<64x2x16xf32>
  return %u : tensor<64x2x16xf32>
}

// -----

// Constant offsets make a tg.slice, clamped into the input as the op is:
// row 70 of 64 is row 60 for a 4-row block.
// CANON-LABEL: func.func @constant_offsets(
// CANON:         tg.slice %{{.+}} start = [60, 1] limit = [64, 3] stride = [1, 1] : tensor<64x8xf32>
// CANON-NOT:     tg.dynamic_slice
func.func @constant_offsets(%x: tensor<64x8xf32>) -> tensor<4x2xf32> {
  %c70 = arith.constant 70 : index
  %c1 = arith.constant 1 : index
  %s = tg.dynamic_slice %x[%c70, %c1] : tensor<64x8xf32> -> tensor<4x2xf32>
  return %s : tensor<4x2xf32>
}

// -----

// CANON-LABEL: func.func @negative_offset(
// CANON:         tg.slice %{{.+}} start = [0] limit = [2] stride = [1] : tensor<5xf32>
func.func @negative_offset(%x: tensor<5xf32>) -> tensor<2xf32> {
  %c = arith.constant -3 : index
  %s = tg.dynamic_slice %x[%c] : tensor<5xf32> -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

func.func @slice_rank(%x: tensor<4x8xf32>, %i: index) -> tensor<8xf32> {
  // expected-error @+1 {{expected the result to have the input's rank 2, got 'tensor<8xf32>'}}
  %s = tg.dynamic_slice %x[%i, %i] : tensor<4x8xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

func.func @slice_offsets(%x: tensor<4x8xf32>, %i: index) -> tensor<1x8xf32> {
  // expected-error @+1 {{expected one offset per dimension (2), got 1}}
  %s = tg.dynamic_slice %x[%i] : tensor<4x8xf32> -> tensor<1x8xf32>
  return %s : tensor<1x8xf32>
}

// -----

func.func @slice_larger(%x: tensor<4x8xf32>, %i: index) -> tensor<5x8xf32> {
  // expected-error @+1 {{expected a static result no larger than the input in any dimension, got 'tensor<5x8xf32>' and 'tensor<4x8xf32>'}}
  %s = tg.dynamic_slice %x[%i, %i] : tensor<4x8xf32> -> tensor<5x8xf32>
  return %s : tensor<5x8xf32>
}

// -----

func.func @update_larger(%u: tensor<2x9xf32>, %y: tensor<4x8xf32>, %i: index)
    -> tensor<4x8xf32> {
  // expected-error @+1 {{expected a static update no larger than the destination in any dimension, got 'tensor<2x9xf32>' and 'tensor<4x8xf32>'}}
  %r = tg.dynamic_update_slice %u into %y[%i, %i]
      : tensor<2x9xf32> into tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

func.func @update_element_type(%u: tensor<2x8xi32>, %y: tensor<4x8xf32>,
                               %i: index) -> tensor<4x8xf32> {
  // expected-error @+1 {{failed to verify that all of {update, dest} have same element type}}
  %r = tg.dynamic_update_slice %u into %y[%i, %i]
      : tensor<2x8xi32> into tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
