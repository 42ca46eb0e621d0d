// RUN: aotc-opt %s --aotc-vectorizable-loop-order | FileCheck %s

// A conv's output column loop (d3) and a matmul's column loop (d1) move
// after the reductions; a row sum keeps its order (no input is read along
// the output's innermost dimension).

// CHECK-DAG:   #[[CX:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d3, d2 + d4, d5 + d6)>
// CHECK-DAG:   #[[CO:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>
// CHECK-DAG:   #[[MB:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[MC:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[TIN:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>
// CHECK-DAG:   #[[TOUT:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
// CHECK-LABEL: func.func @conv
// CHECK:         linalg.generic {indexing_maps = [#[[CX]], #{{.+}}, #[[CO]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]}
// CHECK-LABEL: func.func @matmul
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[MB]], #[[MC]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-LABEL: func.func @row_sum
// CHECK:         iterator_types = ["parallel", "reduction"]

// An elementwise op that reads its input transposed (NHWC into NCHW, as
// a VNNI convolution's epilogue does): the input's contiguous loop (c)
// moves just outside the output's (w), so each (n, h) touches a slab of
// both; an elementwise op without a transposed input keeps its order.
// CHECK-LABEL: func.func @transposing
// CHECK:         linalg.generic {indexing_maps = [#[[TIN]], #[[TOUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK-LABEL: func.func @not_transposing
// CHECK:         linalg.generic {indexing_maps = [#[[ID:.+]], #[[ID]]],

#x = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, c, oh + kh, ow + kw)>
#w = affine_map<(n, f, oh, ow, c, kh, kw) -> (f, c, kh, kw)>
#o = affine_map<(n, f, oh, ow, c, kh, kw) -> (n, f, oh, ow)>
func.func @conv(%x: tensor<1x4x10x10xf32>, %w: tensor<8x4x3x3xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%o : tensor<1x8x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

#r_in = affine_map<(m, k) -> (m, k)>
#r_out = affine_map<(m, k) -> (m)>
func.func @row_sum(%x: tensor<4x8xf32>, %acc: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#r_in, #r_out], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %out : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

#nhwc = affine_map<(n, c, h, w) -> (n, h, w, c)>
#nchw = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @transposing(%x: tensor<1x5x6x8xi32>, %o: tensor<1x8x5x6xf32>) -> tensor<1x8x5x6xf32> {
  %0 = linalg.generic {indexing_maps = [#nhwc, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x5x6x8xi32>) outs(%o : tensor<1x8x5x6xf32>) {
  ^bb0(%a: i32, %out: f32):
    %f = arith.sitofp %a : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1x8x5x6xf32>
  return %0 : tensor<1x8x5x6xf32>
}

func.func @not_transposing(%x: tensor<1x8x5x6xf32>, %o: tensor<1x8x5x6xf32>) -> tensor<1x8x5x6xf32> {
  %0 = linalg.generic {indexing_maps = [#nchw, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x8x5x6xf32>) outs(%o : tensor<1x8x5x6xf32>) {
  ^bb0(%a: f32, %out: f32):
    %f = arith.negf %a : f32
    linalg.yield %f : f32
  } -> tensor<1x8x5x6xf32>
  return %0 : tensor<1x8x5x6xf32>
}
