// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --canonicalize --split-input-file | FileCheck %s

// Lowering of the indexing ops. Gathers and pad are parallel generics that
// read their source with tensor.extract at coordinates computed from
// linalg.index; run-time indices wrap once and are clamped. arg_reduce is a
// two-output reduction; cumulative and topk reduce over the whole axis for
// every output element; einsum is one generic over the equation's labels.

// CHECK-DAG: #[[$IDX:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gather(
// CHECK-SAME:    %[[X:.+]]: tensor<3x5xf32>, %[[I:.+]]: tensor<2xi64>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK:         %[[R:.+]] = linalg.generic {indexing_maps = [#[[$IDX]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        ins(%[[I]] : tensor<2xi64>)
// CHECK:         ^bb0(%[[IN:.+]]: i64, %{{.+}}: f32):
// CHECK:           %[[ROW:.+]] = linalg.index 0 : index
// CHECK:           %[[CAST:.+]] = arith.index_cast %[[IN]] : i64 to index
// CHECK:           %[[NEG:.+]] = arith.cmpi slt, %[[CAST]], %[[C0]]
// CHECK:           %[[WRAP:.+]] = arith.addi %[[CAST]], %[[C5]]
// CHECK:           %[[SEL:.+]] = arith.select %[[NEG]], %[[WRAP]], %[[CAST]]
// CHECK:           %[[LO:.+]] = arith.maxsi %[[SEL]], %[[C0]]
// CHECK:           %[[HI:.+]] = arith.minsi %[[LO]], %[[C4]]
// CHECK:           %[[E:.+]] = tensor.extract %[[X]][%[[ROW]], %[[HI]]] : tensor<3x5xf32>
// CHECK:           linalg.yield %[[E]]
// CHECK:         return %[[R]]
func.func @gather(%x: tensor<3x5xf32>, %i: tensor<2xi64>) -> tensor<3x2xf32> {
  %0 = tg.gather %x, %i axis = 1 : tensor<3x5xf32>, tensor<2xi64>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @gather_elements(
// CHECK-SAME:    %[[X:.+]]: tensor<3x5xf32>, %[[I:.+]]: tensor<3x2xi32>)
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[I]] : tensor<3x2xi32>)
// CHECK:           %[[ROW:.+]] = linalg.index 0 : index
// CHECK:           arith.index_cast %{{.+}} : i32 to index
// CHECK:           %[[COL:.+]] = arith.minsi
// CHECK:           tensor.extract %[[X]][%[[ROW]], %[[COL]]]
func.func @gather_elements(%x: tensor<3x5xf32>, %i: tensor<3x2xi32>) -> tensor<3x2xf32> {
  %0 = tg.gather_elements %x, %i axis = 1 : tensor<3x5xf32>, tensor<3x2xi32>
  return %0 : tensor<3x2xf32>
}

// -----

// Each tuple element is read from the indices with tensor.extract.

// CHECK-LABEL: func.func @gather_nd(
// CHECK-SAME:    %[[X:.+]]: tensor<3x5x2xf32>, %[[I:.+]]: tensor<4x2xi64>)
// CHECK:         linalg.generic
// CHECK-SAME:        outs(
// CHECK:           %[[T:.+]] = linalg.index 0 : index
// CHECK:           %[[INNER:.+]] = linalg.index 1 : index
// CHECK:           tensor.extract %[[I]][%[[T]], %{{.+}}] : tensor<4x2xi64>
// CHECK:           tensor.extract %[[I]][%[[T]], %{{.+}}] : tensor<4x2xi64>
// CHECK:           tensor.extract %[[X]][%{{.+}}, %{{.+}}, %[[INNER]]] : tensor<3x5x2xf32>
func.func @gather_nd(%x: tensor<3x5x2xf32>, %i: tensor<4x2xi64>) -> tensor<4x2xf32> {
  %0 = tg.gather_nd %x, %i batch_dims = 0 : tensor<3x5x2xf32>, tensor<4x2xi64>
  return %0 : tensor<4x2xf32>
}

// -----

// Constant mode selects the value outside the input; the value is a rank-0
// input of the generic.

// CHECK-DAG: #[[$SCALAR:.+]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @pad_constant(
// CHECK-SAME:    %[[X:.+]]: tensor<3x5xf32>, %[[V:.+]]: tensor<f32>)
// CHECK:         linalg.generic {indexing_maps = [#[[$SCALAR]], #{{.+}}]
// CHECK-SAME:        ins(%[[V]] : tensor<f32>)
// CHECK:         ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK:           %[[E:.+]] = tensor.extract %[[X]]
// CHECK:           %[[S:.+]] = arith.select %{{.+}}, %[[E]], %[[IN]] : f32
// CHECK:           linalg.yield %[[S]]
func.func @pad_constant(%x: tensor<3x5xf32>, %v: tensor<f32>) -> tensor<4x6xf32> {
  %0 = tg.pad constant %x, %v low = [1, 0] high = [0, 1] : tensor<3x5xf32>, tensor<f32>
  return %0 : tensor<4x6xf32>
}

// -----

// Reflect folds the coordinate into one period of 2 * (size - 1) = 8; an
// unpadded dimension is read directly.

// CHECK-LABEL: func.func @pad_reflect(
// CHECK-SAME:    %[[X:.+]]: tensor<3x5xf32>)
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK:         linalg.generic
// CHECK:           %[[ROW:.+]] = linalg.index 0 : index
// CHECK:           arith.remsi %{{.+}}, %[[C8]]
// CHECK:           %[[COL:.+]] = arith.select
// CHECK:           tensor.extract %[[X]][%[[ROW]], %[[COL]]]
// CHECK-NOT:       arith.select
// CHECK:           linalg.yield
func.func @pad_reflect(%x: tensor<3x5xf32>) -> tensor<3x9xf32> {
  %0 = tg.pad reflect %x low = [0, 2] high = [0, 2] : tensor<3x5xf32>
  return %0 : tensor<3x9xf32>
}

// -----

// CHECK-DAG: #[[$IN:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @arg_reduce(
// CHECK-SAME:    %[[X:.+]]: tensor<3x5xf32>)
// CHECK-DAG:     %[[NEGINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0 : i64
// CHECK-DAG:     %[[BEST:.+]] = linalg.fill ins(%[[NEGINF]] : f32)
// CHECK-DAG:     %[[INDEX:.+]] = linalg.fill ins(%[[ZERO]] : i64)
// CHECK:         %[[R:.+]]:2 = linalg.generic {indexing_maps = [#[[$IN]], #[[$OUT]], #[[$OUT]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME:        ins(%[[X]] : tensor<3x5xf32>) outs(%[[BEST]], %[[INDEX]] : tensor<3xf32>, tensor<3xi64>)
// CHECK:           arith.cmpf ogt
// CHECK:           arith.cmpf uno
// CHECK:         %[[E:.+]] = tensor.expand_shape %[[R]]#1 {{\[}}[0, 1]] output_shape [3, 1]
// CHECK:         return %[[E]]
func.func @arg_reduce(%x: tensor<3x5xf32>) -> tensor<3x1xi64> {
  %0 = tg.arg_reduce max %x axis = 1 keepdims : tensor<3x5xf32>
  return %0 : tensor<3x1xi64>
}

// -----

// CHECK-DAG: #[[$ALONG:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @cumulative(
// CHECK:         linalg.generic {indexing_maps = [#[[$ALONG]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK:           %[[J:.+]] = linalg.index 1 : index
// CHECK:           %[[K:.+]] = linalg.index 2 : index
// CHECK:           %[[TAKE:.+]] = arith.cmpi slt, %[[K]], %[[J]] : index
// CHECK:           %[[SUM:.+]] = arith.addi
// CHECK:           arith.select %[[TAKE]], %[[SUM]]
func.func @cumulative(%x: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = tg.cumulative sum %x axis = 1 exclusive : tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// The first generic ranks each element; the second picks rank r for
// output position r.

// CHECK-LABEL: func.func @topk(
// CHECK-SAME:    %[[X:.+]]: tensor<3x5xi32>)
// CHECK:         %[[RANK:.+]] = linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[X]] : tensor<3x5xi32>, tensor<3x5xi32>)
// CHECK-SAME:        outs(%{{.+}} : tensor<3x5xi64>)
// CHECK:         %[[R:.+]]:2 = linalg.generic
// CHECK-SAME:        ins(%[[X]], %[[RANK]] : tensor<3x5xi32>, tensor<3x5xi64>)
// CHECK-SAME:        outs(%{{.+}}, %{{.+}} : tensor<3x2xi32>, tensor<3x2xi64>)
// CHECK:         return %[[R]]#0, %[[R]]#1
func.func @topk(%x: tensor<3x5xi32>) -> (tensor<3x2xi32>, tensor<3x2xi64>) {
  %v, %i = tg.topk %x k = 2 axis = 1 largest : tensor<3x5xi32>
  return %v, %i : tensor<3x2xi32>, tensor<3x2xi64>
}

// -----

// CHECK-DAG: #[[$A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$C:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @einsum_matmul(
// CHECK:         linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK:           arith.mulf
// CHECK:           arith.addf
func.func @einsum_matmul(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %0 = tg.einsum "ij,jk->ik" %a, %b : tensor<3x4xf32>, tensor<4x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// A repeated label reads the diagonal; a size-1 '...' dimension that
// broadcasts reads index 0.

// CHECK-DAG: #[[$DIAG:.+]] = affine_map<(d0) -> (d0, d0)>
// CHECK-LABEL: func.func @einsum_diagonal(
// CHECK:         linalg.generic {indexing_maps = [#[[$DIAG]], #{{.+}}], iterator_types = ["parallel"]}
func.func @einsum_diagonal(%m: tensor<4x4xf32>) -> tensor<4xf32> {
  %0 = tg.einsum "ii->i" %m : tensor<4x4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Loops: the two '...' dimensions and k (parallel), then j (reduction).

// CHECK-DAG: #[[$E:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, 0, d3)>
// CHECK-DAG: #[[$F:.+]] = affine_map<(d0, d1, d2, d3) -> (d1, d3, d2)>
// CHECK-LABEL: func.func @einsum_ellipsis(
// CHECK:         linalg.generic {indexing_maps = [#[[$E]], #[[$F]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
func.func @einsum_ellipsis(%e: tensor<2x1x3xf32>, %f: tensor<4x3x5xf32>) -> tensor<2x4x5xf32> {
  %0 = tg.einsum "...j,...jk->...k" %e, %f : tensor<2x1x3xf32>, tensor<4x3x5xf32>
  return %0 : tensor<2x4x5xf32>
}
