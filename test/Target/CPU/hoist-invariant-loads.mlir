// RUN: aotc-opt %s --split-input-file --aotc-cpu-hoist-invariant-loads | FileCheck %s

// An instance normalization's statistics in a worker's scratch (a planned
// buffer at a dynamic offset) while the loop stores into another planned
// buffer: the loads of the mean and of the weight leave the loop over the
// row, and the arithmetic on them follows; the per-element load stays.

// CHECK-LABEL: func.func @normalize(
// CHECK:         scf.for %[[I:.+]] = %c0 to %c64 step %c1 {
// CHECK-NEXT:      %[[MEAN:.+]] = memref.load %{{.+}}[%c0, %[[I]]] : memref<1x64xf32>
// CHECK-NEXT:      %[[SCALE:.+]] = memref.load %{{.+}}[%[[I]]] : memref<64xf32>
// CHECK-NEXT:      %[[S:.+]] = arith.mulf %[[SCALE]], %[[SCALE]] : f32
// CHECK-NEXT:      scf.for %[[J:.+]] = %c0 to %c100 step %c1 {
// CHECK-NEXT:        %[[X:.+]] = memref.load %{{.+}}[%c0, %[[I]], %[[J]]]
// CHECK-NEXT:        %[[D:.+]] = arith.subf %[[X]], %[[MEAN]] : f32
// CHECK-NEXT:        %[[Y:.+]] = arith.mulf %[[D]], %[[S]] : f32
// CHECK-NEXT:        memref.store %[[Y]], %{{.+}}[%c0, %[[I]], %[[J]]]
memref.global "private" constant @scale : memref<64xf32> = dense<2.0>
func.func @normalize(%arena: memref<1000000xi8>, %worker: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %c25600 = arith.constant 25600 : index
  %c51200 = arith.constant 51200 : index
  %in = memref.view %arena[%c0][] {aotc.buffer = 0 : i64} : memref<1000000xi8> to memref<1x64x100xf32>
  %out = memref.view %arena[%c25600][] {aotc.buffer = 1 : i64} : memref<1000000xi8> to memref<1x64x100xf32>
  %at = arith.addi %worker, %c51200 : index
  %stats = memref.view %arena[%at][] {aotc.buffer = 2 : i64} : memref<1000000xi8> to memref<1x64xf32>
  %weights = memref.get_global @scale : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c100 step %c1 {
      %x = memref.load %in[%c0, %i, %j] : memref<1x64x100xf32>
      %mean = memref.load %stats[%c0, %i] : memref<1x64xf32>
      %scale = memref.load %weights[%i] : memref<64xf32>
      %s = arith.mulf %scale, %scale : f32
      %d = arith.subf %x, %mean : f32
      %y = arith.mulf %d, %s : f32
      memref.store %y, %out[%c0, %i, %j] : memref<1x64x100xf32>
    }
  }
  return
}

// -----

// A loop that writes the buffer it reads, one that may not run (its bound
// is an argument), and one that calls a function: every load stays.

// CHECK-LABEL: func.func @kept(
// CHECK:         scf.for
// CHECK-NEXT:      memref.load %[[B:.+]][%c0]
// CHECK-NEXT:      memref.store %{{.+}}, %[[B]][%c1]
// CHECK:         scf.for
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      memref.store
// CHECK:         scf.for
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      func.call @opaque
func.func private @opaque()
func.func @kept(%arena: memref<1000xi8>, %n: index, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %b = memref.view %arena[%c0][] {aotc.buffer = 0 : i64} : memref<1000xi8> to memref<8xf32>
  %other = memref.view %arena[%c64][] {aotc.buffer = 1 : i64} : memref<1000xi8> to memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %b[%c0] : memref<8xf32>
    memref.store %x, %b[%c1] : memref<8xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %other[%c0] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %other[%c0] : memref<8xf32>
    func.call @opaque() : () -> ()
    memref.store %x, %b[%i] : memref<8xf32>
  }
  return
}

// -----

// The caller's buffers (function arguments) may overlap each other, not
// the arena: a load of an input stays in a loop that writes an output, and
// leaves one that writes only the arena.

// CHECK-LABEL: func.func @caller_buffers(
// CHECK-SAME:      %[[IN:[^:]+]]: memref<8xf32>
// CHECK:         scf.for
// CHECK-NEXT:      memref.load %[[IN]][%c0]
// CHECK-NEXT:      memref.store
// CHECK:         memref.load %[[IN]][%c1]
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      memref.store
func.func @caller_buffers(%in: memref<8xf32>, %out: memref<8xf32>, %arena: memref<1000xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %b = memref.view %arena[%c0][] {aotc.buffer = 0 : i64} : memref<1000xi8> to memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %in[%c0] : memref<8xf32>
    memref.store %x, %out[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %in[%c1] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
  }
  return
}
