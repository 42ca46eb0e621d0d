// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @matmul_2d(
// CHECK-SAME:    %[[A:.+]]: tensor<4x16xf32>, %[[B:.+]]: tensor<16x8xf32>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[EMPTY:.+]] = tensor.empty() : tensor<4x8xf32>
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<4x8xf32>)
// CHECK:         %[[RES:.+]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x16xf32>, tensor<16x8xf32>) outs(%[[INIT]] : tensor<4x8xf32>)
// CHECK:         return %[[RES]]
func.func @matmul_2d(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %0 = tg.matmul %a, %b : tensor<4x16xf32>, tensor<16x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_2d_i32(
// CHECK:         %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : i32)
// CHECK:         linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<4x16xi32>, tensor<16x8xi32>) outs(%[[INIT]] : tensor<4x8xi32>)
func.func @matmul_2d_i32(%a: tensor<4x16xi32>, %b: tensor<16x8xi32>) -> tensor<4x8xi32> {
  %0 = tg.matmul %a, %b : tensor<4x16xi32>, tensor<16x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

// f16 products accumulate in f32 and round to f16 once at the end.
// CHECK-LABEL: func.func @matmul_batch(
// CHECK-SAME:    %[[A:.+]]: tensor<3x4x16xf16>, %[[B:.+]]: tensor<3x16x8xf16>)
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<3x4x8xf32>)
// CHECK:         %[[ACC:.+]] = linalg.batch_matmul ins(%[[A]], %[[B]] : tensor<3x4x16xf16>, tensor<3x16x8xf16>) outs(%[[INIT]] : tensor<3x4x8xf32>)
// CHECK:         %[[RES:.+]] = linalg.generic {{.*}} ins(%[[ACC]] : tensor<3x4x8xf32>) outs(%{{.+}} : tensor<3x4x8xf16>)
// CHECK:           arith.truncf %{{.+}} : f32 to f16
// CHECK:         return %[[RES]]
func.func @matmul_batch(%a: tensor<3x4x16xf16>, %b: tensor<3x16x8xf16>) -> tensor<3x4x8xf16> {
  %0 = tg.matmul %a, %b : tensor<3x4x16xf16>, tensor<3x16x8xf16>
  return %0 : tensor<3x4x8xf16>
}

// -----

// A rank-2 rhs is shared by every batch: its map has no batch dimension.
// Loops are (batch, m, n, k).

// CHECK-DAG: #[[$LHS:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[$RHS:.+]] = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @matmul_broadcast_rhs(
// CHECK-SAME:    %[[A:.+]]: tensor<8x4x16xf32>, %[[B:.+]]: tensor<16x32xf32>)
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<8x4x32xf32>)
// CHECK:         %[[RES:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[A]], %[[B]] : tensor<8x4x16xf32>, tensor<16x32xf32>)
// CHECK-SAME:      outs(%[[INIT]] : tensor<8x4x32xf32>)
// CHECK:         ^bb0(%[[X:.+]]: f32, %[[Y:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[P:.+]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[RES]]
func.func @matmul_broadcast_rhs(%a: tensor<8x4x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x4x32xf32> {
  %0 = tg.matmul %a, %b : tensor<8x4x16xf32>, tensor<16x32xf32>
  return %0 : tensor<8x4x32xf32>
}

// -----

// Batch dimensions broadcast NumPy-style: [2, 1] x [3] -> [2, 3].

// CHECK-DAG: #[[$LHS:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)>
// CHECK-DAG: #[[$RHS:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4, d3)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @matmul_broadcast_batch_i32(
// CHECK:         %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : i32) outs(%{{.+}} : tensor<2x3x4x5xi32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:      outs(%[[INIT]] : tensor<2x3x4x5xi32>)
// CHECK:         ^bb0(%[[X:.+]]: i32, %[[Y:.+]]: i32, %[[ACC:.+]]: i32):
// CHECK-NEXT:      %[[P:.+]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT:      %[[S:.+]] = arith.addi %[[ACC]], %[[P]] : i32
// CHECK-NEXT:      linalg.yield %[[S]] : i32
func.func @matmul_broadcast_batch_i32(%a: tensor<2x1x4x8xi32>, %b: tensor<3x8x5xi32>) -> tensor<2x3x4x5xi32> {
  %0 = tg.matmul %a, %b : tensor<2x1x4x8xi32>, tensor<3x8x5xi32>
  return %0 : tensor<2x3x4x5xi32>
}

// -----

// Rank-3 operands with different batch sizes are not a batch_matmul.

// CHECK-DAG: #[[$LHS:.+]] = affine_map<(d0, d1, d2, d3) -> (0, d1, d3)>
// CHECK-LABEL: func.func @matmul_rank3_unequal_batch(
// CHECK-NOT:     linalg.batch_matmul
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$LHS]],
func.func @matmul_rank3_unequal_batch(%a: tensor<1x4x8xf32>, %b: tensor<6x8x5xf32>) -> tensor<6x4x5xf32> {
  %0 = tg.matmul %a, %b : tensor<1x4x8xf32>, tensor<6x8x5xf32>
  return %0 : tensor<6x4x5xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_sum(
// CHECK-SAME:    %[[X:.+]]: tensor<4x8xf32>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[EMPTY:.+]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<4xf32>)
// CHECK:         %[[RES:.+]] = linalg.reduce ins(%[[X]] : tensor<4x8xf32>) outs(%[[INIT]] : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.+]]: f32, %[[ACC:.+]]: f32) {
// CHECK-NEXT:        %[[S:.+]] = arith.addf %[[IN]], %[[ACC]] : f32
// CHECK-NEXT:        linalg.yield %[[S]] : f32
// CHECK:         return %[[RES]]
func.func @reduce_sum(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = tg.reduce sum %x axes = [1] : tensor<4x8xf32>
  return %0 : tensor<4xf32>
}

// -----

// Axes may come in any order; linalg.reduce gets them sorted.

// CHECK-LABEL: func.func @reduce_max_f32(
// CHECK:         %[[NEG_INF:.+]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%{{.+}} : tensor<3xf32>)
// CHECK:         linalg.reduce ins(%{{.+}} : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<3xf32>) dimensions = [0, 2]
// CHECK:           arith.maximumf
func.func @reduce_max_f32(%x: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %0 = tg.reduce max %x axes = [2, 0] : tensor<2x3x4xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_max_i8(
// CHECK:         %[[MIN:.+]] = arith.constant -128 : i8
// CHECK:         linalg.fill ins(%[[MIN]] : i8)
// CHECK:         linalg.reduce
// CHECK:           arith.maxsi
func.func @reduce_max_i8(%x: tensor<2x3xi8>) -> tensor<2xi8> {
  %0 = tg.reduce max %x axes = [1] : tensor<2x3xi8>
  return %0 : tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @reduce_min_f32(
// CHECK:         %[[INF:.+]] = arith.constant 0x7F800000 : f32
// CHECK:         linalg.fill ins(%[[INF]] : f32)
// CHECK:         linalg.reduce
// CHECK:           arith.minimumf
func.func @reduce_min_f32(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  %0 = tg.reduce min %x axes = [0] : tensor<2x3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_min_i32(
// CHECK:         %[[MAX:.+]] = arith.constant 2147483647 : i32
// CHECK:         linalg.fill ins(%[[MAX]] : i32)
// CHECK:         linalg.reduce
// CHECK:           arith.minsi
func.func @reduce_min_i32(%x: tensor<2x3xi32>) -> tensor<3xi32> {
  %0 = tg.reduce min %x axes = [0] : tensor<2x3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @reduce_prod_f64(
// CHECK:         %[[ONE:.+]] = arith.constant 1.000000e+00 : f64
// CHECK:         linalg.fill ins(%[[ONE]] : f64) outs(%{{.+}} : tensor<f64>)
// CHECK:         linalg.reduce
// CHECK:           arith.mulf
func.func @reduce_prod_f64(%x: tensor<5xf64>) -> tensor<f64> {
  %0 = tg.reduce prod %x axes = [0] : tensor<5xf64>
  return %0 : tensor<f64>
}

// -----

// CHECK-LABEL: func.func @reduce_prod_i64(
// CHECK:         %[[ONE:.+]] = arith.constant 1 : i64
// CHECK:         linalg.fill ins(%[[ONE]] : i64)
// CHECK:         linalg.reduce
// CHECK:           arith.muli
func.func @reduce_prod_i64(%x: tensor<5xi64>) -> tensor<i64> {
  %0 = tg.reduce prod %x axes = [0] : tensor<5xi64>
  return %0 : tensor<i64>
}

// -----

// mean = sum / (number of reduced elements): 4 * 6 = 24 here.

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @reduce_mean_f32(
// CHECK-SAME:    %[[X:.+]]: tensor<4x5x6xf32>)
// CHECK:         %[[SUM:.+]] = linalg.reduce ins(%[[X]] : tensor<4x5x6xf32>) outs(%{{.+}} : tensor<5xf32>) dimensions = [0, 2]
// CHECK:           arith.addf
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<5xf32>
// CHECK:         %[[MEAN:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$ID]], #[[$ID]]]
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      ins(%[[SUM]] : tensor<5xf32>) outs(%[[EMPTY]] : tensor<5xf32>)
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[N:.+]] = arith.constant 2.400000e+01 : f32
// CHECK-NEXT:      %[[D:.+]] = arith.divf %[[IN]], %[[N]] : f32
// CHECK-NEXT:      linalg.yield %[[D]] : f32
// CHECK:         return %[[MEAN]]
func.func @reduce_mean_f32(%x: tensor<4x5x6xf32>) -> tensor<5xf32> {
  %0 = tg.reduce mean %x axes = [0, 2] : tensor<4x5x6xf32>
  return %0 : tensor<5xf32>
}

// -----

// Integer means sum and divide in i64, so narrow types do not wrap.
// CHECK-LABEL: func.func @reduce_mean_i32(
// CHECK:         linalg.reduce
// CHECK:           arith.extsi %{{.+}} : i32 to i64
// CHECK:           arith.addi
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[IN:.+]]: i64, %{{.+}}: i64):
// CHECK-NEXT:      %[[N:.+]] = arith.constant 3 : i64
// CHECK-NEXT:      %[[D:.+]] = arith.divsi %[[IN]], %[[N]] : i64
// CHECK-NEXT:      linalg.yield %[[D]] : i64
// CHECK:         arith.trunci %{{.+}} : i64 to i32
func.func @reduce_mean_i32(%x: tensor<3x2xi32>) -> tensor<2xi32> {
  %0 = tg.reduce mean %x axes = [0] : tensor<3x2xi32>
  return %0 : tensor<2xi32>
}

// -----

// keepdims expands the reduced result: each unit dimension joins the group
// of the kept dimension before it (or the first one when it leads).

// CHECK-LABEL: func.func @reduce_keepdims(
// CHECK:         %[[SUM:.+]] = linalg.reduce ins(%{{.+}} : tensor<2x3x4x5xf32>) outs(%{{.+}} : tensor<3x5xf32>) dimensions = [0, 2]
// CHECK:         %[[RES:.+]] = tensor.expand_shape %[[SUM]] {{\[}}[0, 1, 2], [3]] output_shape [1, 3, 1, 5] : tensor<3x5xf32> into tensor<1x3x1x5xf32>
// CHECK:         return %[[RES]]
func.func @reduce_keepdims(%x: tensor<2x3x4x5xf32>) -> tensor<1x3x1x5xf32> {
  %0 = tg.reduce sum %x axes = [0, 2] keepdims : tensor<2x3x4x5xf32>
  return %0 : tensor<1x3x1x5xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_mean_keepdims_trailing(
// CHECK:         linalg.reduce ins(%{{.+}} : tensor<4x6xf32>) outs(%{{.+}} : tensor<4xf32>) dimensions = [1]
// CHECK:         %[[MEAN:.+]] = linalg.generic
// CHECK:           arith.constant 6.000000e+00 : f32
// CHECK:           arith.divf
// CHECK:         tensor.expand_shape %[[MEAN]] {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
func.func @reduce_mean_keepdims_trailing(%x: tensor<4x6xf32>) -> tensor<4x1xf32> {
  %0 = tg.reduce mean %x axes = [1] keepdims : tensor<4x6xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// Reducing every axis gives a rank-0 tensor; keepdims expands it with no
// reassociation groups.

// CHECK-LABEL: func.func @reduce_all_keepdims(
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : i32) outs(%{{.+}} : tensor<i32>)
// CHECK:         %[[SUM:.+]] = linalg.reduce ins(%{{.+}} : tensor<4x8xi32>) outs(%[[INIT]] : tensor<i32>) dimensions = [0, 1]
// CHECK:         tensor.expand_shape %[[SUM]] [] output_shape [1, 1] : tensor<i32> into tensor<1x1xi32>
func.func @reduce_all_keepdims(%x: tensor<4x8xi32>) -> tensor<1x1xi32> {
  %0 = tg.reduce sum %x axes = [0, 1] keepdims : tensor<4x8xi32>
  return %0 : tensor<1x1xi32>
}

// -----

// No axes: nothing is reduced.

// CHECK-LABEL: func.func @reduce_no_axes(
// CHECK-SAME:    %[[X:.+]]: tensor<4x8xf32>)
// CHECK-NOT:     linalg
// CHECK:         return %[[X]], %[[X]]
func.func @reduce_no_axes(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tg.reduce mean %x axes = [] : tensor<4x8xf32>
  %1 = tg.reduce max %x axes = [] keepdims : tensor<4x8xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}
