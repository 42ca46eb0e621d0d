// RUN: aotc-opt %s --aotc-cuda-prepare-kernels --split-input-file | FileCheck %s

// Copies between device buffers become linalg.copy, so they turn into
// kernels like every other linalg op.

// CHECK-LABEL: func.func @copy(
// CHECK-SAME:    %[[A:.+]]: memref<4x3xf32>, %[[B:.+]]: memref<4x3xf32, strided<[6, 1]>>)
// CHECK:         linalg.copy ins(%[[A]] : memref<4x3xf32>) outs(%[[B]] : memref<4x3xf32, strided<[6, 1]>>)
// CHECK-NOT:     memref.copy
func.func @copy(%a: memref<4x3xf32>, %b: memref<4x3xf32, strided<[6, 1]>>) {
  memref.copy %a, %b : memref<4x3xf32> to memref<4x3xf32, strided<[6, 1]>>
  return
}

// -----

// A column sum iterates its reduction first; interchanged, the parallel loop
// comes first and becomes the one thread dimension of the kernel.

// CHECK-DAG:   #[[IN:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG:   #[[OUT:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @column_sum(
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]}
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d1)>
func.func @column_sum(%a: memref<8x16xf32>, %s: memref<16xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction", "parallel"]}
      ins(%a : memref<8x16xf32>) outs(%s : memref<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.addf %x, %acc : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Parallel loops already first: left alone.

// CHECK-DAG:   #[[IN:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @row_sum(
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #{{.+}}], iterator_types = ["parallel", "reduction"]}
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @row_sum(%a: memref<8x16xf32>, %s: memref<8xf32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x16xf32>) outs(%s : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.addf %x, %acc : f32
    linalg.yield %0 : f32
  }
  return
}
