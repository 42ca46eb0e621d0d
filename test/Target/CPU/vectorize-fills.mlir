// RUN: aotc-opt %s --split-input-file --aotc-cpu-vectorize-fills -canonicalize | FileCheck %s

// A max pool's padded window filled with -inf, as tensor.pad bufferizes
// (a linalg.map yielding the value): vector stores along its rows of 64
// floats, not scalar loops (which LLVM vectorized across the 113 rows, as
// scatters).

// Every fill loop asks LLVM to unroll it 4 times, no more.
// CHECK:         #[[UNROLL:.+]] = #llvm.loop_unroll<count = 4 : i32>
// CHECK:         #[[ANNOTATION:.+]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @pool_window(
// CHECK-SAME:      %[[W:.+]]: memref<1x3x113x64xf32>
// CHECK-DAG:     %[[NINF:.+]] = arith.constant dense<0xFF800000> : vector<64xf32>
// CHECK:         scf.for %[[I:.+]] = %c0 to %c3 step %c1 {
// CHECK:           scf.for %[[J:.+]] = %c0 to %c113 step %c1 {
// CHECK:             vector.store %[[NINF]], %[[W]][%c0, %[[I]], %[[J]], %c0] : memref<1x3x113x64xf32>, vector<64xf32>
// CHECK:           } {aotc.parallel, loop_annotation = #[[ANNOTATION]]}
// CHECK:         } {aotc.parallel, loop_annotation = #[[ANNOTATION]]}
// CHECK-NOT:     linalg.map
func.func @pool_window(%w: memref<1x3x113x64xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.map outs(%w : memref<1x3x113x64xf32>)
    (%init: f32) {
      linalg.yield %ninf : f32
    }
  return
}

// -----

// A border slab of a padded buffer (strided, dynamic outer dimension) with
// zeros, and a row longer than 256 elements: 256-element chunks and a tail.

// CHECK-LABEL: func.func @strided_and_long(
// CHECK-SAME:      %[[S:.+]]: memref<?x1x64xf32, strided<[3712, 64, 1], offset: ?>>, %[[L:.+]]: memref<2x300xi32>
// CHECK-DAG:     %[[Z:.+]] = arith.constant dense<0.000000e+00> : vector<64xf32>
// CHECK-DAG:     %[[N:.+]] = memref.dim %[[S]], %c0
// CHECK:         scf.for %[[I:.+]] = %c0 to %[[N]] step %c1 {
// CHECK:           vector.store %[[Z]], %[[S]][%[[I]], %c0, %c0] : {{.*}}, vector<64xf32>
// CHECK:         scf.for %[[R:.+]] = %c0 to %c2 step %c1 {
// CHECK:           vector.store %{{.+}}, %[[L]][%[[R]], %c0] : memref<2x300xi32>, vector<256xi32>
// CHECK:           vector.store %{{.+}}, %[[L]][%[[R]], %c256] : memref<2x300xi32>, vector<44xi32>
func.func @strided_and_long(%s: memref<?x1x64xf32, strided<[3712, 64, 1], offset: ?>>, %l: memref<2x300xi32>) {
  %zero = arith.constant 0.0 : f32
  %seven = arith.constant 7 : i32
  linalg.fill ins(%zero : f32) outs(%s : memref<?x1x64xf32, strided<[3712, 64, 1], offset: ?>>)
  linalg.fill ins(%seven : i32) outs(%l : memref<2x300xi32>)
  return
}

// -----

// Left to LLVM: a zero fill of a contiguous buffer (one memset), a fill of
// i1 (bit-packed in vectors, bytes in buffers), a dynamic or strided
// innermost dimension, tensors, and a map that computes.

// CHECK-LABEL: func.func @not_rows(
// CHECK-NOT:     vector.store
// CHECK-COUNT-5: linalg.fill
// CHECK:         linalg.map
// CHECK-NOT:     vector.store
func.func @not_rows(%a: memref<4x64xf32>, %b: memref<4x64xi1>, %c: memref<4x?xf32>,
                    %d: memref<4x8xf32, strided<[16, 2]>>, %t: tensor<4x64xf32>,
                    %e: memref<4x64xf32>) -> tensor<4x64xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %true = arith.constant true
  linalg.fill ins(%zero : f32) outs(%a : memref<4x64xf32>)
  linalg.fill ins(%true : i1) outs(%b : memref<4x64xi1>)
  linalg.fill ins(%one : f32) outs(%c : memref<4x?xf32>)
  linalg.fill ins(%one : f32) outs(%d : memref<4x8xf32, strided<[16, 2]>>)
  %r = linalg.fill ins(%one : f32) outs(%t : tensor<4x64xf32>) -> tensor<4x64xf32>
  linalg.map outs(%e : memref<4x64xf32>)
    (%init: f32) {
      %x = arith.addf %init, %one : f32
      linalg.yield %x : f32
    }
  return %r : tensor<4x64xf32>
}
