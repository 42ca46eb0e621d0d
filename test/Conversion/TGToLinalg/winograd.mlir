// RUN: aotc-opt %s --aotc-convert-tg-to-linalg | FileCheck %s

// The Winograd transforms as their definitions: sums over a 6x6 tile
// (two reduction loops, i and j) weighted by a constant table of products
// of two rows of B^T or A^T, into zeros, marked for
// aotc-cpu-winograd-kernels and kept from fusion. The input's tile (y, x)
// starts at row 4y and column 4x; the output's blocks are written with
// their rows and columns apart ([N, TH, 4, TW, 4, K]) and collapsed.
// CHECK-DAG:   #[[IMAGE:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d2, d3 * 4 + d6, d4 * 4 + d7, d5)>
// CHECK-DAG:   #[[TABLE:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d6, d7)>
// CHECK-DAG:   #[[OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-DAG:   #[[PRODUCTS:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d6, d7, d0, d1, d3, d5)>
// CHECK-DAG:   #[[ATABLE:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d2, d4, d6, d7)>
// CHECK-LABEL: func.func @transforms(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<1x10x14x8xf32>, %[[M:[^:]+]]: tensor<6x6x1x2x3x16xf32>
// B^T[0, 0] * B^T[0, j] for j < 6 first: 1, -1.5, -2, 1.5, 1, 0.
// CHECK:         %[[BT:.+]] = arith.constant dense<"0x0000803F0000C0BF000000C00000C03F0000803F00000000{{.+}}"> : tensor<6x6x6x6xf32>
// CHECK:         %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<6x6x1x2x3x8xf32>)
// CHECK:         %[[IN:.+]] = linalg.generic {indexing_maps = [#[[IMAGE]], #[[TABLE]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME:        ins(%[[X]], %[[BT]] : tensor<1x10x14x8xf32>, tensor<6x6x6x6xf32>) outs(%[[ZERO]] : tensor<6x6x1x2x3x8xf32>)
// CHECK-SAME:        attrs = {aotc.keep_operands, aotc.winograd_transform = "input"}
// CHECK:           arith.mulf
// CHECK-NEXT:      arith.addf
// A^T[0, 0] * A^T[0, q] first: 1, 1, 1, 1, 1, 0.
// CHECK:         %[[AT:.+]] = arith.constant dense<"0x0000803F0000803F0000803F0000803F0000803F00000000{{.+}}"> : tensor<4x4x6x6xf32>
// CHECK:         %[[BLOCKS:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x2x4x3x4x16xf32>)
// CHECK:         %[[OUTPUT:.+]] = linalg.generic {indexing_maps = [#[[PRODUCTS]], #[[ATABLE]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME:        ins(%[[M]], %[[AT]] : tensor<6x6x1x2x3x16xf32>, tensor<4x4x6x6xf32>) outs(%[[BLOCKS]] : tensor<1x2x4x3x4x16xf32>)
// CHECK-SAME:        attrs = {aotc.keep_operands, aotc.winograd_transform = "output"}
// CHECK:         %[[Y:.+]] = tensor.collapse_shape %[[OUTPUT]] {{\[\[}}0], [1, 2], [3, 4], [5]] : tensor<1x2x4x3x4x16xf32> into tensor<1x8x12x16xf32>
// CHECK:         return %[[IN]], %[[Y]]
func.func @transforms(%x: tensor<1x10x14x8xf32>, %m: tensor<6x6x1x2x3x16xf32>) -> (tensor<6x6x1x2x3x8xf32>, tensor<1x8x12x16xf32>) {
  %0 = tg.winograd_input %x : tensor<1x10x14x8xf32> -> tensor<6x6x1x2x3x8xf32>
  %1 = tg.winograd_output %m : tensor<6x6x1x2x3x16xf32> -> tensor<1x8x12x16xf32>
  return %0, %1 : tensor<6x6x1x2x3x8xf32>, tensor<1x8x12x16xf32>
}
