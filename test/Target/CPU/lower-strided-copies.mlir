// RUN: aotc-opt %s --split-input-file --aotc-cpu-lower-strided-copies -canonicalize | FileCheck %s

// A padded window's interior: rows of 64 contiguous floats on both sides,
// a dynamic number of them (an edge tile). Copied as one vector load and
// store per row, in loops over the outer dimensions, not as a linalg.copy
// that would become scalar loops.

// CHECK-LABEL: func.func @rows(
// CHECK-SAME:      %[[SRC:.+]]: memref<1x2x?x112x64xf32, strided<[802816, 401408, 7168, 64, 1], offset: ?>>, %[[DST:.+]]: memref
// CHECK:         %[[N:.+]] = memref.dim %[[SRC]], %c2
// CHECK:         scf.for %[[B:.+]] = %c0 to %c2 step %c1 {
// CHECK:           scf.for %[[R:.+]] = %c0 to %[[N]] step %c1 {
// CHECK:             scf.for %[[P:.+]] = %c0 to %c112 step %c1 {
// CHECK:               %[[ROW:.+]] = vector.load %[[SRC]][%c0, %[[B]], %[[R]], %[[P]], %c0] : {{.*}}, vector<64xf32>
// CHECK:               vector.store %[[ROW]], %[[DST]][%c0, %[[B]], %[[R]], %[[P]], %c0] : {{.*}}, vector<64xf32>
// CHECK-NOT:     linalg.copy
func.func @rows(%src: memref<1x2x?x112x64xf32, strided<[802816, 401408, 7168, 64, 1], offset: ?>>,
                %dst: memref<1x2x?x112x64xf32, strided<[21696, 10848, 7232, 64, 1], offset: ?>>) {
  memref.copy %src, %dst : memref<1x2x?x112x64xf32, strided<[802816, 401408, 7168, 64, 1], offset: ?>> to memref<1x2x?x112x64xf32, strided<[21696, 10848, 7232, 64, 1], offset: ?>>
  return
}

// -----

// Not as rows: a strided innermost dimension (a column), i1 elements
// (bit-packed in a vector, one byte each in a buffer) and rows longer than
// 256 elements become linalg.copy; contiguous copies stay memref.copy.

// CHECK-LABEL: func.func @not_rows(
// CHECK-NOT:     vector.load
// CHECK:         linalg.copy
// CHECK:         linalg.copy
// CHECK:         linalg.copy
// CHECK:         memref.copy
func.func @not_rows(%a: memref<4x8xf32, strided<[16, 2]>>, %b: memref<4x8xf32>,
                    %m: memref<3x4xi1, strided<[8, 1]>>, %n: memref<3x4xi1>,
                    %w: memref<2x512xf32, strided<[1024, 1]>>, %v: memref<2x512xf32>,
                    %c: memref<4x8xf32>, %d: memref<4x8xf32>) {
  memref.copy %a, %b : memref<4x8xf32, strided<[16, 2]>> to memref<4x8xf32>
  memref.copy %m, %n : memref<3x4xi1, strided<[8, 1]>> to memref<3x4xi1>
  memref.copy %w, %v : memref<2x512xf32, strided<[1024, 1]>> to memref<2x512xf32>
  memref.copy %c, %d : memref<4x8xf32> to memref<4x8xf32>
  return
}
