// RUN: aotc-opt %s --aotc-cuda-fuse-sibling-loops --split-input-file | FileCheck %s

// A fill, a reduction into the filled buffer and an epilogue reading it,
// all over the same 8 x 64 outputs and all at (i, j): one loop. The view of
// the bias between the loops moves above.

// CHECK-LABEL: func.func @fill_reduce_epilogue(
// CHECK-SAME:    %[[X:.+]]: memref<8x32xf32>, %[[B:.+]]: memref<64xf32>, %[[OUT:.+]]: memref<8x64xf32>)
// CHECK:         %[[ACC:.+]] = memref.alloc() : memref<8x64xf32>
// CHECK:         %[[BIAS:.+]] = memref.subview %[[B]]
// CHECK:         scf.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK:           memref.store %{{.+}}, %[[ACC]][%[[I]], %[[J]]]
// CHECK:           scf.for
// CHECK:             memref.load %[[ACC]][%[[I]], %[[J]]]
// CHECK:             memref.store %{{.+}}, %[[ACC]][%[[I]], %[[J]]]
// CHECK:           memref.load %[[ACC]][%[[I]], %[[J]]]
// CHECK:           memref.load %[[BIAS]][%[[J]]]
// CHECK:           memref.store %{{.+}}, %[[OUT]][%[[I]], %[[J]]]
// CHECK:           scf.reduce
// CHECK-NOT:     scf.parallel
func.func @fill_reduce_epilogue(%x: memref<8x32xf32>, %b: memref<64xf32>, %out: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<8x64xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
    memref.store %zero, %acc[%i, %j] : memref<8x64xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
    scf.for %k = %c0 to %c32 step %c1 {
      %a = memref.load %x[%i, %k] : memref<8x32xf32>
      %s = memref.load %acc[%i, %j] : memref<8x64xf32>
      %n = arith.addf %s, %a : f32
      memref.store %n, %acc[%i, %j] : memref<8x64xf32>
    }
    scf.reduce
  }
  %bias = memref.subview %b[0] [64] [1] : memref<64xf32> to memref<64xf32, strided<[1]>>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
    %s = memref.load %acc[%i, %j] : memref<8x64xf32>
    %v = memref.load %bias[%j] : memref<64xf32, strided<[1]>>
    %r = arith.addf %s, %v : f32
    memref.store %r, %out[%i, %j] : memref<8x64xf32>
    scf.reduce
  }
  return
}

// -----

// Not merged: the second loop reads what another iteration of the first
// wrote (a transpose), the iteration spaces differ, and a kernel that is not
// a loop stands between two loops. The last two, after the store, do merge.

// CHECK-LABEL: func.func @not_merged(
// CHECK-COUNT-3: scf.parallel
// CHECK:         memref.store %{{.+}}, %{{.+}}[] : memref<f32>
// CHECK:         scf.parallel
// CHECK:           memref.store
// CHECK:           memref.load
// CHECK:           memref.store
// CHECK:           scf.reduce
// CHECK-NOT:     scf.parallel
func.func @not_merged(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x4xf32>, %d: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c8) step (%c1, %c1) {
    memref.store %zero, %a[%i, %j] : memref<8x8xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c8) step (%c1, %c1) {
    %v = memref.load %a[%j, %i] : memref<8x8xf32>
    memref.store %v, %b[%i, %j] : memref<8x8xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c4) step (%c1, %c1) {
    %v = memref.load %b[%i, %j] : memref<8x8xf32>
    memref.store %v, %c[%i, %j] : memref<8x4xf32>
    scf.reduce
  }
  memref.store %zero, %d[] : memref<f32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c4) step (%c1, %c1) {
    memref.store %zero, %c[%i, %j] : memref<8x4xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c4) step (%c1, %c1) {
    %v = memref.load %c[%i, %j] : memref<8x4xf32>
    %w = memref.load %a[%i, %j] : memref<8x8xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %c[%i, %j] : memref<8x4xf32>
    scf.reduce
  }
  return
}
