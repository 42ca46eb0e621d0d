// RUN: aotc-opt %s --aotc-cpu-mark-scalar-kernels | FileCheck %s

// The ops left after the vector kernel passes, on buffers, each inside
// its numbered kernel: a reduction (kernel 2) and a gather (kernel 4: a
// load at an index the body computes) are recorded; an elementwise op (1), a
// transpose (3) and a fill (5) are not, nor a reduction of no numbered
// kernel.

// CHECK-LABEL: func.func @left
// CHECK-SAME:    attributes {aotc.scalar_kernels = array<i64: 2, 4>}
func.func @left(%a: memref<8x16xf32>, %b: memref<8xf32>, %t: memref<16x8xf32>,
                %i: memref<8xindex>, %g: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8x16xf32>) outs(%g : memref<8x16xf32>)
      attrs = {aotc.kernel = 1 : i64} {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  scf.for %k = %c0 to %c1 step %c1 {
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%a : memref<8x16xf32>) outs(%b : memref<8xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %s = arith.mulf %x, %acc : f32
      linalg.yield %s : f32
    }
  } {aotc.kernel = 2 : i64}
  linalg.transpose ins(%a : memref<8x16xf32>) outs(%t : memref<16x8xf32>) permutation = [1, 0] {aotc.kernel = 3 : i64}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%i : memref<8xindex>) outs(%g : memref<8x16xf32>)
      attrs = {aotc.kernel = 4 : i64} {
  ^bb0(%row: index, %y: f32):
    %j = linalg.index 1 : index
    %v = memref.load %a[%row, %j] : memref<8x16xf32>
    linalg.yield %v : f32
  }
  %zero = arith.constant 0.0 : f32
  linalg.fill {aotc.kernel = 5 : i64} ins(%zero : f32) outs(%g : memref<8x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<8x16xf32>) outs(%b : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}
