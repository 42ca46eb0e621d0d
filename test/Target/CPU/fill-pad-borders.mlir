// RUN: aotc-opt %s --split-input-file --aotc-cpu-fill-pad-borders -canonicalize | FileCheck %s

// A 1x4x4 window padded by one on each side of a 2x2 interior: the zero
// fill covers the first row, the last row, then the first and last column
// of the interior's rows, not the interior the copy overwrites.

// CHECK-LABEL: func.func @static_window(
// CHECK-SAME:      %[[X:.+]]: memref<1x2x2xf32>, %[[W:.+]]: memref<1x4x4xf32>
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT:     linalg.map
// CHECK:         %[[TOP:.+]] = memref.subview %[[W]][0, 0, 0] [1, 1, 4] [1, 1, 1]
// CHECK:         linalg.fill ins(%[[ZERO]] : f32) outs(%[[TOP]] :
// CHECK:         %[[BOTTOM:.+]] = memref.subview %[[W]][0, 3, 0] [1, 1, 4] [1, 1, 1]
// CHECK:         linalg.fill ins(%[[ZERO]] : f32) outs(%[[BOTTOM]] :
// CHECK:         %[[LEFT:.+]] = memref.subview %[[W]][0, 1, 0] [1, 2, 1] [1, 1, 1]
// CHECK:         linalg.fill ins(%[[ZERO]] : f32) outs(%[[LEFT]] :
// CHECK:         %[[RIGHT:.+]] = memref.subview %[[W]][0, 1, 3] [1, 2, 1] [1, 1, 1]
// CHECK:         linalg.fill ins(%[[ZERO]] : f32) outs(%[[RIGHT]] :
// CHECK-NOT:     linalg.fill
// CHECK:         %[[IN:.+]] = memref.subview %[[W]][0, 1, 1] [1, 2, 2] [1, 1, 1]
// CHECK:         memref.copy %[[X]], %[[IN]]
func.func @static_window(%x: memref<1x2x2xf32>, %w: memref<1x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.map outs(%w : memref<1x4x4xf32>) (%init: f32) {
    linalg.yield %zero : f32
  }
  %in = memref.subview %w[0, 1, 1] [1, 2, 2] [1, 1, 1] : memref<1x4x4xf32> to memref<1x2x2xf32, strided<[16, 4, 1], offset: 5>>
  memref.copy %x, %in : memref<1x2x2xf32> to memref<1x2x2xf32, strided<[16, 4, 1], offset: 5>>
  return
}

// -----

// An edge tile's window of 3 rows: the interior's first row and row count
// are dynamic. The rows before and after it, and the first and last
// column of its rows, are filled.

// CHECK-DAG:   #[[AFTER:.+]] = affine_map<()[s0, s1] -> (s0 + s1)>
// CHECK-DAG:   #[[REST:.+]] = affine_map<()[s0, s1] -> (-s0 - s1 + 3)>
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-SAME:      %[[X:.+]]: memref<?x2xf32>, %[[W:.+]]: memref<3x4xf32>, %[[R:.+]]: index, %[[N:.+]]: index
// CHECK:         %[[B:.+]] = affine.apply #[[AFTER]]()[%[[R]], %[[N]]]
// CHECK:         %[[S:.+]] = affine.apply #[[REST]]()[%[[R]], %[[N]]]
// CHECK:         memref.subview %[[W]][0, 0] [%[[R]], 4] [1, 1]
// CHECK:         linalg.fill
// CHECK:         memref.subview %[[W]][%[[B]], 0] [%[[S]], 4] [1, 1]
// CHECK:         linalg.fill
// CHECK:         memref.subview %[[W]][%[[R]], 0] [%[[N]], 1] [1, 1]
// CHECK:         linalg.fill
// CHECK:         memref.subview %[[W]][%[[R]], 3] [%[[N]], 1] [1, 1]
// CHECK:         linalg.fill
// CHECK-NOT:     linalg.fill
// CHECK:         memref.copy
func.func @dynamic_rows(%x: memref<?x2xf32>, %w: memref<3x4xf32>, %r: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%w : memref<3x4xf32>)
  %in = memref.subview %w[%r, 1] [%n, 2] [1, 1] : memref<3x4xf32> to memref<?x2xf32, strided<[4, 1], offset: ?>>
  memref.copy %x, %in : memref<?x2xf32> to memref<?x2xf32, strided<[4, 1], offset: ?>>
  return
}

// -----

// Left whole: something reads the window between the fill and the copy,
// or the interior is strided.

// CHECK-LABEL: func.func @left_alone(
// CHECK:         linalg.fill ins(%{{.+}} : f32) outs(%arg1 : memref<4x4xf32>)
// CHECK:         memref.copy %arg1, %arg2
// CHECK:         linalg.fill ins(%{{.+}} : f32) outs(%arg3 : memref<4x4xf32>)
func.func @left_alone(%x: memref<2x2xf32>, %w: memref<4x4xf32>, %seen: memref<4x4xf32>, %v: memref<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%w : memref<4x4xf32>)
  memref.copy %w, %seen : memref<4x4xf32> to memref<4x4xf32>
  %in = memref.subview %w[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  memref.copy %x, %in : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  linalg.fill ins(%zero : f32) outs(%v : memref<4x4xf32>)
  %every = memref.subview %v[0, 0] [2, 2] [2, 2] : memref<4x4xf32> to memref<2x2xf32, strided<[8, 2]>>
  memref.copy %x, %every : memref<2x2xf32> to memref<2x2xf32, strided<[8, 2]>>
  return
}
