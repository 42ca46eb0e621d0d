// RUN: aotc-opt %s --split-input-file --aotc-cpu-collapse-transposition-dims | FileCheck %s

// A Winograd output transform's 4x4 blocks with channels innermost,
// transposed back to NCHW with a bias and a ReLU: six loops, the output's
// contiguous one of 4 iterations. The pixels' four loops stay adjacent in
// both layouts, so they become one loop of 3136; the bias (read along the
// channels only) does not constrain them. The kernel number stays.

// CHECK-DAG: #[[IN:.+]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-DAG: #[[BIAS:.+]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[OUT:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @winograd_output_nchw(
// CHECK:         %[[T:.+]] = memref.collapse_shape %arg0 {{\[}}[0], [1, 2, 3, 4], [5]] : memref<1x14x4x14x4x192xf32> into memref<1x3136x192xf32>
// CHECK:         %[[Y:.+]] = memref.collapse_shape %arg2 {{\[}}[0], [1], [2, 3, 4, 5]] : memref<1x192x14x4x14x4xf32> into memref<1x192x3136xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[BIAS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:      ins(%[[T]], %arg1 : memref<1x3136x192xf32>, memref<192xf32>) outs(%[[Y]] : memref<1x192x3136xf32>)
// CHECK-SAME:      aotc.kernel = 7
// CHECK:           arith.addf
// CHECK:           arith.maximumf
#in = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d4, d5, d1)>
#b = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1)>
#out = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
func.func @winograd_output_nchw(%t: memref<1x14x4x14x4x192xf32>, %bias: memref<192xf32>, %y: memref<1x192x14x4x14x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#in, #b, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%t, %bias : memref<1x14x4x14x4x192xf32>, memref<192xf32>) outs(%y : memref<1x192x14x4x14x4xf32>) attrs = {aotc.kernel = 7 : i64} {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The same with the loops numbered in another order than the output's
// dimensions: they are put in the output's order first.

// CHECK-LABEL: func.func @permuted_loops(
// CHECK:         memref.collapse_shape %arg0 {{\[}}[0], [1, 2, 3, 4], [5]]
// CHECK:         memref.collapse_shape %arg2 {{\[}}[0], [1], [2, 3, 4, 5]]
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]
#in = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d5, d4)>
#b = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4)>
#out = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d1, d2, d3, d5)>
func.func @permuted_loops(%t: memref<1x14x4x14x4x192xf32>, %bias: memref<192xf32>, %y: memref<1x192x14x4x14x4xf32>) {
  linalg.generic {indexing_maps = [#in, #b, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%t, %bias : memref<1x14x4x14x4x192xf32>, memref<192xf32>) outs(%y : memref<1x192x14x4x14x4xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A window: the output is 16x16 pixels of images 20 pixels wide, so one
// row's pixels cannot merge with the next row's there. The block columns
// with their 4 columns (the output's contiguous loop) merge; the block
// rows with their 4 rows could too, but no operand is contiguous along
// them, so they are left as they are.

// CHECK-LABEL: func.func @cropped_output(
// CHECK:         memref.collapse_shape %arg0 {{\[}}[0], [1], [2], [3, 4], [5]] : memref<1x4x4x4x4x16xf32> into memref<1x4x4x16x16xf32>
// CHECK:         memref.collapse_shape %arg1 {{\[}}[0], [1], [2], [3], [4, 5]] : memref<1x16x4x4x4x4xf32, strided<[6400, 400, 80, 20, 4, 1]>> into memref<1x16x4x4x16xf32, strided<[6400, 400, 80, 20, 1]>>
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
#in = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d4, d5, d1)>
#out = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
func.func @cropped_output(%t: memref<1x4x4x4x4x16xf32>, %y: memref<1x16x4x4x4x4xf32, strided<[6400, 400, 80, 20, 4, 1]>>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%t : memref<1x4x4x4x4x16xf32>) outs(%y : memref<1x16x4x4x4x4xf32, strided<[6400, 400, 80, 20, 4, 1]>>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// Left alone: an elementwise generic reading every input in the output's
// layout (the vector kernels already run along its contiguous loop), a
// transposition with no two loops adjacent in both layouts, and a layer
// norm's scaling by per-row statistics (read along the rows: contiguous
// along another loop than the output), whose unit dimensions could merge
// with the rows but would lengthen no loop.

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     memref.collapse_shape
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#t2 = affine_map<(d0, d1) -> (d1, d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @left_alone(%a: memref<1x8x4x4xf32>, %b: memref<1x8x4x4xf32>, %m: memref<16x32xf32>, %n: memref<32x16xf32>,
                      %img: memref<1x1x128x128xf32>, %mean: memref<1x1x128xf32>, %out: memref<1x1x128x128xf32>) {
  linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a : memref<1x8x4x4xf32>) outs(%b : memref<1x8x4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.negf %x : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#t2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m : memref<16x32xf32>) outs(%n : memref<32x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#id4, #rows, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%img, %mean : memref<1x1x128x128xf32>, memref<1x1x128xf32>) outs(%out : memref<1x1x128x128xf32>) {
  ^bb0(%v: f32, %mu: f32, %o: f32):
    %r = arith.subf %v, %mu : f32
    linalg.yield %r : f32
  }
  return
}
