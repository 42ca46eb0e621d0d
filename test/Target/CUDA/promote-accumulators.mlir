// RUN: aotc-opt %s --aotc-cuda-promote-accumulators --split-input-file | FileCheck %s

// A private accumulator (an allocation used only in the loop): its fill is
// the scf.for's initial value, the reduction carries it, the epilogue uses
// the loop's result, and the allocation goes away.

// CHECK-LABEL: func.func @private_accumulator(
// CHECK-SAME:    %[[X:.+]]: memref<8x32xf32>, %[[OUT:.+]]: memref<8x64xf32>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT:     memref.alloc
// CHECK:         scf.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK:           %[[SUM:.+]] = scf.for %[[K:.+]] = %{{.+}} iter_args(%[[S:.+]] = %[[ZERO]]) -> (f32) {
// CHECK:             %[[A:.+]] = memref.load %[[X]][%[[I]], %[[K]]]
// CHECK:             %[[N:.+]] = arith.addf %[[S]], %[[A]] : f32
// CHECK:             scf.yield %[[N]] : f32
// CHECK:           %[[R:.+]] = arith.maximumf %[[SUM]], %[[ZERO]] : f32
// CHECK:           memref.store %[[R]], %[[OUT]][%[[I]], %[[J]]]
// CHECK-NOT:       memref.store
func.func @private_accumulator(%x: memref<8x32xf32>, %out: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<8x64xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
    memref.store %zero, %acc[%i, %j] : memref<8x64xf32>
    scf.for %k = %c0 to %c32 step %c1 {
      %a = memref.load %x[%i, %k] : memref<8x32xf32>
      %s = memref.load %acc[%i, %j] : memref<8x64xf32>
      %n = arith.addf %s, %a : f32
      memref.store %n, %acc[%i, %j] : memref<8x64xf32>
    }
    %v = memref.load %acc[%i, %j] : memref<8x64xf32>
    %r = arith.maximumf %v, %zero : f32
    memref.store %r, %out[%i, %j] : memref<8x64xf32>
    scf.reduce
  }
  return
}

// -----

// The caller's output as the accumulator (a row sum written in place): it
// starts from memory (one load before the loop, as the fill is another
// kernel) and is stored once at the end.

// CHECK-LABEL: func.func @output_accumulator(
// CHECK-SAME:    %[[X:.+]]: memref<8x32xf32>, %[[OUT:.+]]: memref<8xf32>)
// CHECK:         scf.parallel (%[[I:.+]]) =
// CHECK:           %[[INIT:.+]] = memref.load %[[OUT]][%[[I]]] : memref<8xf32>
// CHECK:           %[[SUM:.+]] = scf.for %{{.+}} iter_args(%[[S:.+]] = %[[INIT]]) -> (f32) {
// CHECK-NOT:         memref.store
// CHECK:             scf.yield
// CHECK:           memref.store %[[SUM]], %[[OUT]][%[[I]]] : memref<8xf32>
func.func @output_accumulator(%x: memref<8x32xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.for %k = %c0 to %c32 step %c1 {
      %a = memref.load %x[%i, %k] : memref<8x32xf32>
      %s = memref.load %out[%i] : memref<8xf32>
      %n = arith.addf %s, %a : f32
      memref.store %n, %out[%i] : memref<8xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Left in memory: an accumulator also read at another element, and one
// updated under an scf.if.

// CHECK-LABEL: func.func @not_promoted(
// CHECK-NOT:     iter_args
func.func @not_promoted(%x: memref<8xf32>, %y: memref<8xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %zero, %x[%i] : memref<8xf32>
    scf.for %k = %c0 to %c8 step %c1 {
      %s = memref.load %x[%k] : memref<8xf32>
      memref.store %s, %x[%i] : memref<8xf32>
    }
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.for %k = %c0 to %c8 step %c1 {
      scf.if %c {
        %s = memref.load %y[%i] : memref<8xf32>
        memref.store %s, %y[%i] : memref<8xf32>
      }
    }
    scf.reduce
  }
  return
}
