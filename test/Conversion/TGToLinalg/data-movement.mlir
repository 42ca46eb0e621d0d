// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @constant(
// CHECK-DAG:     %[[DENSE:.+]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[SPLAT:.+]] = arith.constant dense<7> : tensor<2x3xi8>
// CHECK:         return %[[DENSE]], %[[SPLAT]]
func.func @constant() -> (tensor<2xf32>, tensor<2x3xi8>) {
  %0 = tg.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = tg.constant dense<7> : tensor<2x3xi8>
  return %0, %1 : tensor<2xf32>, tensor<2x3xi8>
}

// -----

// CHECK-LABEL: func.func @reshape_collapse(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         %[[R:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK:         return %[[R]]
func.func @reshape_collapse(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tg.reshape %x : tensor<2x3x4xf32> -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_expand(
// CHECK-SAME:    %[[X:.+]]: tensor<6xi32>)
// CHECK:         %[[R:.+]] = tensor.expand_shape %[[X]] {{\[}}[0, 1, 2]] output_shape [2, 1, 3] : tensor<6xi32> into tensor<2x1x3xi32>
// CHECK:         return %[[R]]
func.func @reshape_expand(%x: tensor<6xi32>) -> tensor<2x1x3xi32> {
  %0 = tg.reshape %x : tensor<6xi32> -> tensor<2x1x3xi32>
  return %0 : tensor<2x1x3xi32>
}

// -----

// No reassociation maps [2, 3] onto [3, 2]: collapse to 1-D, then expand.

// CHECK-LABEL: func.func @reshape_general(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3xf32>)
// CHECK:         %[[FLAT:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK:         %[[R:.+]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
// CHECK:         return %[[R]]
func.func @reshape_general(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = tg.reshape %x : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_general_to_1d(
// CHECK:         %[[FLAT:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1, 2]] : tensor<2x1x3xf32> into tensor<6xf32>
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return %[[FLAT]]
func.func @reshape_general_to_1d(%x: tensor<2x1x3xf32>) -> tensor<6xf32> {
  %0 = tg.reshape %x : tensor<2x1x3xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_from_rank0(
// CHECK-SAME:    %[[X:.+]]: tensor<f32>)
// CHECK:         %[[R:.+]] = tensor.expand_shape %[[X]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK:         return %[[R]]
func.func @reshape_from_rank0(%x: tensor<f32>) -> tensor<1x1xf32> {
  %0 = tg.reshape %x : tensor<f32> -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_to_rank0(
// CHECK-SAME:    %[[X:.+]]: tensor<1xi1>)
// CHECK:         %[[R:.+]] = tensor.collapse_shape %[[X]] [] : tensor<1xi1> into tensor<i1>
// CHECK:         return %[[R]]
func.func @reshape_to_rank0(%x: tensor<1xi1>) -> tensor<i1> {
  %0 = tg.reshape %x : tensor<1xi1> -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

// CHECK-LABEL: func.func @reshape_identity(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3xf32>)
// CHECK-NEXT:    return %[[X]]
func.func @reshape_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.reshape %x : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3x4xf32>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK:         %[[T:.+]] = linalg.transpose ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<4x2x3xf32>) permutation = [2, 0, 1]
// CHECK:         return %[[T]]
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tg.transpose %x permutation = [2, 0, 1] : tensor<2x3x4xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// Adding leading dimensions only is a linalg.broadcast.

// CHECK-LABEL: func.func @broadcast_to_add_dims(
// CHECK-SAME:    %[[X:.+]]: tensor<3x1xi16>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<2x5x3x1xi16>
// CHECK:         %[[B:.+]] = linalg.broadcast ins(%[[X]] : tensor<3x1xi16>) outs(%[[INIT]] : tensor<2x5x3x1xi16>) dimensions = [0, 1]
// CHECK:         return %[[B]]
func.func @broadcast_to_add_dims(%x: tensor<3x1xi16>) -> tensor<2x5x3x1xi16> {
  %0 = tg.broadcast_to %x : tensor<3x1xi16> -> tensor<2x5x3x1xi16>
  return %0 : tensor<2x5x3x1xi16>
}

// -----

// Stretching a size-1 dimension needs a broadcasting input map.

// CHECK-DAG: #[[$IN:.+]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast_to_stretch(
// CHECK-SAME:    %[[X:.+]]: tensor<3x1xf32>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK:         %[[B:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$IN]], #[[$OUT]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]] : tensor<3x1xf32>) outs(%[[INIT]] : tensor<2x3x4xf32>)
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         return %[[B]]
func.func @broadcast_to_stretch(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = tg.broadcast_to %x : tensor<3x1xf32> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_to_from_rank0(
// CHECK-SAME:    %[[X:.+]]: tensor<f32>)
// CHECK:         linalg.broadcast ins(%[[X]] : tensor<f32>) outs(%{{.+}} : tensor<2x3xf32>) dimensions = [0, 1]
func.func @broadcast_to_from_rank0(%x: tensor<f32>) -> tensor<2x3xf32> {
  %0 = tg.broadcast_to %x : tensor<f32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @concat(
// CHECK-SAME:    %[[A:.+]]: tensor<2x3xf32>, %[[B:.+]]: tensor<1x3xf32>, %[[C:.+]]: tensor<4x3xf32>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<7x3xf32>
// CHECK:         %[[R0:.+]] = tensor.insert_slice %[[A]] into %[[INIT]][0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<7x3xf32>
// CHECK:         %[[R1:.+]] = tensor.insert_slice %[[B]] into %[[R0]][2, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<7x3xf32>
// CHECK:         %[[R2:.+]] = tensor.insert_slice %[[C]] into %[[R1]][3, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<7x3xf32>
// CHECK:         return %[[R2]]
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>, %c: tensor<4x3xf32>) -> tensor<7x3xf32> {
  %0 = tg.concat %a, %b, %c axis = 0 : tensor<2x3xf32>, tensor<1x3xf32>, tensor<4x3xf32>
  return %0 : tensor<7x3xf32>
}

// -----

// CHECK-LABEL: func.func @concat_inner_axis(
// CHECK-SAME:    %[[A:.+]]: tensor<2x3xi64>, %[[B:.+]]: tensor<2x5xi64>)
// CHECK:         %[[INIT:.+]] = tensor.empty() : tensor<2x8xi64>
// CHECK:         %[[R0:.+]] = tensor.insert_slice %[[A]] into %[[INIT]][0, 0] [2, 3] [1, 1]
// CHECK:         %[[R1:.+]] = tensor.insert_slice %[[B]] into %[[R0]][0, 3] [2, 5] [1, 1]
// CHECK:         return %[[R1]]
func.func @concat_inner_axis(%a: tensor<2x3xi64>, %b: tensor<2x5xi64>) -> tensor<2x8xi64> {
  %0 = tg.concat %a, %b axis = 1 : tensor<2x3xi64>, tensor<2x5xi64>
  return %0 : tensor<2x8xi64>
}

// -----

// CHECK-LABEL: func.func @slice(
// CHECK-SAME:    %[[X:.+]]: tensor<4x8xf32>)
// CHECK:         %[[S:.+]] = tensor.extract_slice %[[X]][0, 1] [2, 4] [2, 1] : tensor<4x8xf32> to tensor<2x4xf32>
// CHECK:         return %[[S]]
func.func @slice(%x: tensor<4x8xf32>) -> tensor<2x4xf32> {
  %0 = tg.slice %x start = [0, 1] limit = [4, 5] stride = [2, 1] : tensor<4x8xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// The last step may end before `limit`: ceil((7 - 1) / 4) = 2 elements.

// CHECK-LABEL: func.func @slice_uneven_stride(
// CHECK:         tensor.extract_slice %{{.+}}[1] [2] [4] : tensor<7xi8> to tensor<2xi8>
func.func @slice_uneven_stride(%x: tensor<7xi8>) -> tensor<2xi8> {
  %0 = tg.slice %x start = [1] limit = [7] stride = [4] : tensor<7xi8>
  return %0 : tensor<2xi8>
}

// -----

// A dynamic slice and update at offsets clamped into [0, dim - size]; the
// graph's loops are marked aotc.graph_loop (aotc/Analysis/GraphLoops.h).
// CHECK-LABEL: func.func @dynamic_slices(
// CHECK-SAME:    %[[X:.+]]: tensor<64x2x16xf32>, %[[Y:.+]]: tensor<64x2x16xf32>)
// CHECK:         scf.for %[[T:.+]] = {{.+}} iter_args(%[[ACC:.+]] = %[[Y]])
// CHECK:           %[[C0:.+]] = arith.constant 0 : index
// CHECK:           %[[C63:.+]] = arith.constant 63 : index
// CHECK:           %[[LO:.+]] = arith.maxsi %[[T]], %[[C0]] : index
// CHECK:           %[[AT:.+]] = arith.minsi %[[LO]], %[[C63]] : index
// CHECK:           %[[S:.+]] = tensor.extract_slice %[[X]][%[[AT]], 0, 0] [1, 2, 16] [1, 1, 1] : tensor<64x2x16xf32> to tensor<1x2x16xf32>
// CHECK:           tensor.insert_slice %{{.+}} into %[[ACC]][%{{.+}}, 0, 0] [1, 2, 16] [1, 1, 1] : tensor<1x2x16xf32> into tensor<64x2x16xf32>
// CHECK:         } {aotc.graph_loop}
func.func @dynamic_slices(%x: tensor<64x2x16xf32>, %y: tensor<64x2x16xf32>)
    -> tensor<64x2x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %r = scf.for %t = %c0 to %c64 step %c1 iter_args(%acc = %y)
      -> tensor<64x2x16xf32> {
    %s = tg.dynamic_slice %x[%t, %c0, %c0]
        : tensor<64x2x16xf32> -> tensor<1x2x16xf32>
    %n = tg.neg %s : tensor<1x2x16xf32>
    %u = tg.dynamic_update_slice %n into %acc[%t, %c0, %c0]
        : tensor<1x2x16xf32> into tensor<64x2x16xf32>
    scf.yield %u : tensor<64x2x16xf32>
  }
  return %r : tensor<64x2x16xf32>
}
