// RUN: aotc-opt %s --aotc-speculate-graph-ifs | FileCheck %s

// Both branches of an If of the graph run, innermost If first, and each
// result is a tg.select on the condition tensor the scf.if read.

// CHECK-LABEL: func.func @speculate(
// CHECK-SAME:      %[[P:.+]]: tensor<i1>, %[[Q:.+]]: tensor<i1>, %[[X:.+]]: tensor<4xf32>
// CHECK-NOT:     scf.if
// CHECK:         %[[E:.+]] = tg.exp %[[X]]
// CHECK:         %[[T:.+]] = tg.tanh %[[X]]
// CHECK:         %[[INNER:.+]] = tg.select %[[Q]], %[[E]], %[[T]] : tensor<i1>, tensor<4xf32>, tensor<4xf32>
// CHECK:         %[[N:.+]] = tg.neg %[[X]]
// CHECK:         %[[R:.+]] = tg.select %[[P]], %[[INNER]], %[[N]] : tensor<i1>, tensor<4xf32>, tensor<4xf32>
// CHECK:         return %[[R]], %[[R]]
func.func @speculate(%p: tensor<i1>, %q: tensor<i1>, %x: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>) {
  %c = tensor.extract %p[] : tensor<i1>
  %r = scf.if %c -> (tensor<4xf32>) {
    %d = tensor.extract %q[] : tensor<i1>
    %s = scf.if %d -> (tensor<4xf32>) {
      %e = tg.exp %x : tensor<4xf32>
      scf.yield %e : tensor<4xf32>
    } else {
      %t = tg.tanh %x : tensor<4xf32>
      scf.yield %t : tensor<4xf32>
    }
    scf.yield %s : tensor<4xf32>
  } else {
    %n = tg.neg %x : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  return %r, %r : tensor<4xf32>, tensor<4xf32>
}

// A condition computed as a scalar is put in a tensor.
// CHECK-LABEL: func.func @scalar(
// CHECK:         %[[C:.+]] = tensor.from_elements %{{.+}} : tensor<i1>
// CHECK:         tg.select %[[C]], %{{.+}}, %{{.+}} : tensor<i1>, tensor<4xf32>, tensor<4xf32>
func.func @scalar(%a: index, %x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0 : index
  %c = arith.cmpi eq, %a, %zero : index
  %r = scf.if %c -> (tensor<4xf32>) {
    %e = tg.exp %x : tensor<4xf32>
    scf.yield %e : tensor<4xf32>
  } else {
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
