// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --canonicalize --split-input-file | FileCheck %s

// Lowering of the scatters: a nest of scf.for loops over the updates, in
// row-major order, carrying the result tensor (initially the data). Each
// iteration computes the destination coordinates (run-time indices wrap once
// and are clamped), combines the update with the element there unless the
// reduction is `none`, and inserts the value.

// CHECK-LABEL: func.func @scatter_elements(
// CHECK-SAME:    %[[D:.+]]: tensor<3x5xf32>, %[[I:.+]]: tensor<3x2xi64>, %[[U:.+]]: tensor<3x2xf32>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : index
// CHECK:         %[[R:.+]] = scf.for %[[A:.+]] = %[[C0]] to %[[C3]] step %[[C1]] iter_args(%[[ACC0:.+]] = %[[D]]) -> (tensor<3x5xf32>) {
// CHECK:           %[[IN:.+]] = scf.for %[[B:.+]] = %[[C0]] to %[[C2]] step %[[C1]] iter_args(%[[ACC:.+]] = %[[ACC0]]) -> (tensor<3x5xf32>) {
// CHECK:             %[[IDX:.+]] = tensor.extract %[[I]][%[[A]], %[[B]]] : tensor<3x2xi64>
// CHECK:             %[[CAST:.+]] = arith.index_cast %[[IDX]] : i64 to index
// CHECK:             %[[NEG:.+]] = arith.cmpi slt, %[[CAST]], %[[C0]]
// CHECK:             %[[WRAP:.+]] = arith.addi %[[CAST]], %[[C5]]
// CHECK:             %[[SEL:.+]] = arith.select %[[NEG]], %[[WRAP]], %[[CAST]]
// CHECK:             %[[LO:.+]] = arith.maxsi %[[SEL]], %[[C0]]
// CHECK:             %[[COL:.+]] = arith.minsi %[[LO]], %[[C4]]
// CHECK:             %[[UPD:.+]] = tensor.extract %[[U]][%[[A]], %[[B]]] : tensor<3x2xf32>
// CHECK:             %[[OLD:.+]] = tensor.extract %[[ACC]][%[[A]], %[[COL]]] : tensor<3x5xf32>
// CHECK:             %[[SUM:.+]] = arith.addf %[[OLD]], %[[UPD]] : f32
// CHECK:             %[[INS:.+]] = tensor.insert %[[SUM]] into %[[ACC]][%[[A]], %[[COL]]] : tensor<3x5xf32>
// CHECK:             scf.yield %[[INS]] : tensor<3x5xf32>
// CHECK:           scf.yield %[[IN]] : tensor<3x5xf32>
// CHECK:         return %[[R]]
func.func @scatter_elements(%d: tensor<3x5xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>) -> tensor<3x5xf32> {
  %r = tg.scatter_elements add %d, %i, %u axis = 1 : tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf32>
  return %r : tensor<3x5xf32>
}

// -----

// With reduction `none` the update is inserted without reading the result.

// CHECK-LABEL: func.func @scatter_nd(
// CHECK-SAME:    %[[D:.+]]: tensor<4x5xi32>, %[[I:.+]]: tensor<2x1xi32>, %[[U:.+]]: tensor<2x5xi32>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK:         scf.for %[[A:.+]] = %[[C0]] to %{{.+}} step %{{.+}} iter_args(%[[ACC0:.+]] = %[[D]]) -> (tensor<4x5xi32>) {
// CHECK:           scf.for %[[B:.+]] = %[[C0]] to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[ACC0]]) -> (tensor<4x5xi32>) {
// CHECK:             %[[IDX:.+]] = tensor.extract %[[I]][%[[A]], %[[C0]]] : tensor<2x1xi32>
// CHECK:             %[[CAST:.+]] = arith.index_cast %[[IDX]] : i32 to index
// CHECK:             %[[ROW:.+]] = arith.minsi %{{.+}}, %[[C3]]
// CHECK:             %[[UPD:.+]] = tensor.extract %[[U]][%[[A]], %[[B]]] : tensor<2x5xi32>
// CHECK-NOT:         tensor.extract %[[ACC]]
// CHECK:             %[[INS:.+]] = tensor.insert %[[UPD]] into %[[ACC]][%[[ROW]], %[[B]]] : tensor<4x5xi32>
// CHECK:             scf.yield %[[INS]] : tensor<4x5xi32>
func.func @scatter_nd(%d: tensor<4x5xi32>, %i: tensor<2x1xi32>, %u: tensor<2x5xi32>) -> tensor<4x5xi32> {
  %r = tg.scatter_nd none %d, %i, %u : tensor<4x5xi32>, tensor<2x1xi32>, tensor<2x5xi32>
  return %r : tensor<4x5xi32>
}

// -----

// Updates of rank 0 (a tuple addressing every dimension): no loop at all.

// CHECK-LABEL: func.func @scatter_nd_scalar(
// CHECK-SAME:    %[[D:.+]]: tensor<4x5xf32>, %[[I:.+]]: tensor<2xi64>, %[[U:.+]]: tensor<f32>)
// CHECK-NOT:     scf.for
// CHECK:         %[[UPD:.+]] = tensor.extract %[[U]][] : tensor<f32>
// CHECK:         %[[OLD:.+]] = tensor.extract %[[D]][%{{.+}}, %{{.+}}] : tensor<4x5xf32>
// CHECK:         %[[MUL:.+]] = arith.mulf %[[OLD]], %[[UPD]] : f32
// CHECK:         %[[INS:.+]] = tensor.insert %[[MUL]] into %[[D]]
// CHECK:         return %[[INS]]
func.func @scatter_nd_scalar(%d: tensor<4x5xf32>, %i: tensor<2xi64>, %u: tensor<f32>) -> tensor<4x5xf32> {
  %r = tg.scatter_nd mul %d, %i, %u : tensor<4x5xf32>, tensor<2xi64>, tensor<f32>
  return %r : tensor<4x5xf32>
}
