// RUN: aotc-opt %s --split-input-file --aotc-tile-and-fuse --canonicalize --cse | FileCheck %s

// A matmul reading its right-hand side through a relayout copy in panels
// of 64 columns (aotc-cpu-pack-matmul-panels). The copy joins the group:
// the column loop is tiled by one panel, the rows stay whole so each panel
// is copied once, and the copy writes a one-panel tensor, not a slice of
// the whole relayout.

#read = affine_map<(p, k, c) -> (k, p * 64 + c)>
#id3 = affine_map<(p, k, c) -> (p, k, c)>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (n floordiv 64, k, n mod 64)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-LABEL: func.func @panel_per_tile(
// CHECK:         scf.for %[[N:.+]] = %c0 to %c256 step %c64 iter_args(%[[OUT:.+]] = %{{.+}}) -> (tensor<96x256xf32>)
// CHECK:           %[[COLUMNS:.+]] = tensor.extract_slice %arg1[0, %[[N]]] [100, 64] [1, 1] : tensor<100x256xf32> to tensor<100x64xf32>
// CHECK:           %[[EMPTY:.+]] = tensor.empty() : tensor<1x100x64xf32>
// CHECK:           %[[PANEL:.+]] = linalg.generic {{.*}} ins(%[[COLUMNS]] : tensor<100x64xf32>) outs(%[[EMPTY]] : tensor<1x100x64xf32>)
// CHECK:           %[[ACC:.+]] = tensor.extract_slice %[[OUT]][0, %[[N]]] [96, 64] [1, 1]
// CHECK:           %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[ACC]] : tensor<96x64xf32>)
// CHECK:           linalg.generic {{.*}} ins(%arg0, %[[PANEL]] : tensor<96x100xf32>, tensor<1x100x64xf32>) outs(%[[ZERO]] : tensor<96x64xf32>)
// CHECK-NOT:     tensor<4x100x64xf32>
func.func @panel_per_tile(%a: tensor<96x100xf32>, %b: tensor<100x256xf32>)
    -> tensor<96x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x100x64xf32>
  %p = linalg.generic {indexing_maps = [#read, #id3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%b : tensor<100x256xf32>) outs(%e : tensor<4x100x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x100x64xf32>
  %init = tensor.empty() : tensor<96x256xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<96x256xf32>) -> tensor<96x256xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %p : tensor<96x100xf32>, tensor<4x100x64xf32>)
      outs(%fill : tensor<96x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<96x256xf32>
  return %0 : tensor<96x256xf32>
}

// -----

// A relayout read by something else too stays whole, made once; the
// matmul is tiled as usual (blocks of rows).

#read = affine_map<(p, k, c) -> (k, p * 64 + c)>
#id3 = affine_map<(p, k, c) -> (p, k, c)>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (n floordiv 64, k, n mod 64)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-LABEL: func.func @shared_relayout(
// CHECK:         %[[P:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<4x100x64xf32>)
// CHECK:         scf.for
// CHECK:           linalg.generic {{.*}} ins(%{{.+}}, %[[P]] : tensor<{{.+}}x100xf32>, tensor<4x100x64xf32>)
func.func @shared_relayout(%a: tensor<96x100xf32>, %b: tensor<100x256xf32>)
    -> (tensor<96x256xf32>, tensor<4x100x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x100x64xf32>
  %p = linalg.generic {indexing_maps = [#read, #id3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%b : tensor<100x256xf32>) outs(%e : tensor<4x100x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x100x64xf32>
  %init = tensor.empty() : tensor<96x256xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<96x256xf32>) -> tensor<96x256xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %p : tensor<96x100xf32>, tensor<4x100x64xf32>)
      outs(%fill : tensor<96x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<96x256xf32>
  return %0, %p : tensor<96x256xf32>, tensor<4x100x64xf32>
}
