// RUN: aotc-opt %s --split-input-file --aotc-cpu-parallel-elementwise-loops | FileCheck %s

// An elementwise generic that reads its input transposed (a VNNI
// convolution's epilogue: NHWC accumulators into NCHW): scalar loops, the
// batch loop of one iteration gone, the outermost remaining loop marked
// for NAME_run_parallel's tasks.
#nhwc = affine_map<(n, h, c, w) -> (n, h, w, c)>
#nchw = affine_map<(n, h, c, w) -> (n, c, h, w)>
// CHECK-LABEL: func.func @transposing(
// CHECK-SAME:      %[[X:.+]]: memref<1x5x6x8xi32>, %[[Y:.+]]: memref<1x8x5x6xf32>)
// CHECK:         scf.for %[[H:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:           scf.for %[[C:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:             scf.for %[[W:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:               %[[V:.+]] = memref.load %[[X]]
// CHECK:               %[[F:.+]] = arith.sitofp %[[V]] : i32 to f32
// CHECK:               memref.store %[[F]], %[[Y]]
// CHECK:             }
// CHECK-NOT:         aotc.parallel
// CHECK:           }
// CHECK-NOT:       aotc.parallel
// CHECK:         } {aotc.parallel}
// CHECK-NOT:     linalg.generic
func.func @transposing(%x: memref<1x5x6x8xi32>, %y: memref<1x8x5x6xf32>) {
  linalg.generic {indexing_maps = [#nhwc, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x5x6x8xi32>) outs(%y : memref<1x8x5x6xf32>) {
  ^bb0(%a: i32, %out: f32):
    %f = arith.sitofp %a : i32 to f32
    linalg.yield %f : f32
  }
  return
}

// -----

// Left alone: an output written through a broadcast (iterations write the
// same elements), an in-place update that reads another element than it
// writes, and a reduction.
#id = affine_map<(i, j) -> (i, j)>
#t = affine_map<(i, j) -> (j, i)>
#row = affine_map<(i, j) -> (i)>
// CHECK-LABEL: func.func @dependent(
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT:     aotc.parallel
func.func @dependent(%a: memref<4x4xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x4xf32>) outs(%a : memref<4x4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %s = arith.addf %x, %out : f32
    linalg.yield %s : f32
  }
  return
}
