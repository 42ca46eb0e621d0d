// RUN: aotc-opt %s --aotc-cuda-vectorize-elementwise --split-input-file | FileCheck %s
// RUN: aotc-opt %s --aotc-cuda-vectorize-elementwise="vector-bytes=0" --split-input-file | FileCheck %s --check-prefix=OFF

// relu over 8x64 floats: 4 floats per iteration, read and written 16 bytes
// at a time when both buffers are 16-byte aligned; otherwise the original
// body runs for the 4 elements.

// CHECK-LABEL: func.func @relu(
// CHECK-SAME:    %[[X:.+]]: memref<8x64xf32>, %[[Y:.+]]: memref<8x64xf32>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK:         scf.parallel (%[[I:.+]], %[[J:.+]]) = (%{{.+}}, %{{.+}}) to (%{{.+}}, %{{.+}}) step (%{{.+}}, %[[C4]]) {
// CHECK:           %[[PX:.+]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK:           %[[LX:.+]] = arith.andi %[[PX]], %[[C15:.+]] : index
// CHECK:           %[[PY:.+]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK:           %[[LY:.+]] = arith.andi %[[PY]], %{{.+}} : index
// CHECK:           %[[LOW:.+]] = arith.ori %[[LX]], %[[LY]] : index
// CHECK:           %[[ALIGNED:.+]] = arith.cmpi eq, %[[LOW]], %{{.+}} : index
// CHECK:           scf.if %[[ALIGNED]] {
// CHECK:             %[[V:.+]] = vector.load %[[X]][%[[I]], %[[J]]] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK:             %[[ZEROS:.+]] = vector.broadcast %[[ZERO]] : f32 to vector<4xf32>
// CHECK:             %[[R:.+]] = arith.maximumf %[[V]], %[[ZEROS]] : vector<4xf32>
// CHECK:             vector.store %[[R]], %[[Y]][%[[I]], %[[J]]] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK:           } else {
// CHECK:             scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:               %[[JK:.+]] = arith.addi %[[J]], %[[K]] : index
// CHECK:               %[[S:.+]] = memref.load %[[X]][%[[I]], %[[JK]]] : memref<8x64xf32>
// CHECK:               %[[SR:.+]] = arith.maximumf %[[S]], %[[ZERO]] : f32
// CHECK:               memref.store %[[SR]], %[[Y]][%[[I]], %[[JK]]] : memref<8x64xf32>

// OFF-LABEL: func.func @relu(
// OFF:         scf.parallel {{.*}} step (%{{.+}}, %c1)
// OFF-NOT:     vector.
func.func @relu(%x: memref<8x64xf32>, %y: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
    %a = memref.load %x[%i, %j] : memref<8x64xf32>
    %r = arith.maximumf %a, %zero : f32
    memref.store %r, %y[%i, %j] : memref<8x64xf32>
    scf.reduce
  }
  return
}

// -----

// A column operand (the same for the 4 elements) is loaded once and splat;
// a transposed operand is 4 scalar loads at j, j+1, j+2, j+3. Only the
// contiguous buffers enter the alignment test.

// CHECK-LABEL: func.func @column_and_transpose(
// CHECK-SAME:    %[[X:.+]]: memref<8x64xf32>, %[[COL:.+]]: memref<8xf32>, %[[T:.+]]: memref<64x8xf32>, %[[Y:.+]]: memref<8x64xf32>)
// CHECK:         scf.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK-NOT:       memref.extract_aligned_pointer_as_index %[[COL]]
// CHECK-NOT:       memref.extract_aligned_pointer_as_index %[[T]]
// CHECK:           scf.if
// CHECK:             vector.load %[[X]][%[[I]], %[[J]]]
// CHECK:             %[[C:.+]] = memref.load %[[COL]][%[[I]]] : memref<8xf32>
// CHECK:             %[[J1:.+]] = arith.addi %[[J]], %{{.+}} : index
// CHECK:             %[[T0:.+]] = memref.load %[[T]][%[[J1]], %[[I]]] : memref<64x8xf32>
// CHECK:             %[[T1:.+]] = memref.load %[[T]][%{{.+}}, %[[I]]]
// CHECK:             %[[T2:.+]] = memref.load %[[T]][%{{.+}}, %[[I]]]
// CHECK:             %[[T3:.+]] = memref.load %[[T]][%{{.+}}, %[[I]]]
// CHECK:             %[[TV:.+]] = vector.from_elements %[[T0]], %[[T1]], %[[T2]], %[[T3]] : vector<4xf32>
// CHECK:             %[[CV:.+]] = vector.broadcast %[[C]] : f32 to vector<4xf32>
// CHECK:             arith.mulf %{{.+}}, %[[CV]] : vector<4xf32>
// CHECK:             arith.addf %{{.+}}, %[[TV]] : vector<4xf32>
// CHECK:             vector.store
func.func @column_and_transpose(%x: memref<8x64xf32>, %col: memref<8xf32>,
                                %t: memref<64x8xf32>, %y: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
    %a = memref.load %x[%i, %j] : memref<8x64xf32>
    %c = memref.load %col[%i] : memref<8xf32>
    %tv = memref.load %t[%j, %i] : memref<64x8xf32>
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %p, %tv : f32
    memref.store %s, %y[%i, %j] : memref<8x64xf32>
    scf.reduce
  }
  return
}

// -----

// The width follows the widest element: an f16 -> f32 cast runs 4 wide
// (8-byte f16 vectors), an f16 square 8 wide.

// CHECK-LABEL: func.func @f16(
// CHECK:         vector.load %{{.+}} {alignment = 8 : i64} : memref<32xf16>, vector<4xf16>
// CHECK:         arith.extf %{{.+}} : vector<4xf16> to vector<4xf32>
// CHECK:         vector.store %{{.+}} {alignment = 16 : i64} : memref<32xf32>, vector<4xf32>
// CHECK:         vector.load %{{.+}} {alignment = 16 : i64} : memref<32xf16>, vector<8xf16>
// CHECK:         arith.mulf %{{.+}} : vector<8xf16>
func.func @f16(%h: memref<32xf16>, %f: memref<32xf32>, %g: memref<32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  scf.parallel (%i) = (%c0) to (%c32) step (%c1) {
    %a = memref.load %h[%i] : memref<32xf16>
    %e = arith.extf %a : f16 to f32
    memref.store %e, %f[%i] : memref<32xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c32) step (%c1) {
    %a = memref.load %h[%i] : memref<32xf16>
    %m = arith.mulf %a, %a : f16
    memref.store %m, %g[%i] : memref<32xf16>
    scf.reduce
  }
  return
}

// -----

// Left alone: a trip count that is not a multiple of 4, a reduction loop in
// the body, arithmetic on the induction variable, and a view whose offset
// (3 floats) would misalign every vector.

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     vector.
// CHECK-NOT:     step (%c4)
func.func @left_alone(%a: memref<30xf32>, %b: memref<8x16xf32>, %c: memref<8xf32>,
                      %d: memref<16xi32>,
                      %e: memref<16xf32, strided<[1], offset: 3>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c30 = arith.constant 30 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c30) step (%c1) {
    memref.store %zero, %a[%i] : memref<30xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %s = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %b[%i, %k] : memref<8x16xf32>
      %n = arith.addf %acc, %v : f32
      scf.yield %n : f32
    }
    memref.store %s, %c[%i] : memref<8xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %n = arith.index_cast %i : index to i32
    memref.store %n, %d[%i] : memref<16xi32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %zero, %e[%i] : memref<16xf32, strided<[1], offset: 3>>
    scf.reduce
  }
  return
}
