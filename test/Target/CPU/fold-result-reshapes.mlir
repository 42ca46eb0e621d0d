// RUN: aotc-opt %s --split-input-file --aotc-cpu-fold-result-reshapes | FileCheck %s

// A result that is an expand_shape of the computed tensor is stored
// through a collapse_shape view of the caller's buffer; a collapse_shape
// through an expand_shape view.

// CHECK-LABEL: func.func @expanded(
// CHECK-SAME:      , %[[OUT:[^:]+]]: memref<1x2x4x4xf32>
// CHECK:         %[[T:.+]] = linalg.generic
// CHECK:         %[[VIEW:.+]] = memref.collapse_shape %[[OUT]] {{\[\[}}0], [1], [2, 3]] : memref<1x2x4x4xf32> into memref<1x2x16xf32>
// CHECK:         bufferization.materialize_in_destination %[[T]] in restrict writable %[[VIEW]] : (tensor<1x2x16xf32>, memref<1x2x16xf32>) -> ()
// CHECK-NOT:     tensor.expand_shape
func.func @expanded(%x: tensor<1x2x16xf32>, %out: memref<1x2x4x4xf32>) {
  %e = tensor.empty() : tensor<1x2x16xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x2x16xf32>) outs(%e : tensor<1x2x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x2x16xf32>
  %r = tensor.expand_shape %t [[0], [1], [2, 3]] output_shape [1, 2, 4, 4] : tensor<1x2x16xf32> into tensor<1x2x4x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x2x4x4xf32>, memref<1x2x4x4xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @collapsed(
// CHECK-SAME:      , %[[OUT:[^:]+]]: memref<2x16xf32>
// CHECK:         %[[VIEW:.+]] = memref.expand_shape %[[OUT]] {{\[\[}}0], [1, 2]] output_shape [2, 4, 4] : memref<2x16xf32> into memref<2x4x4xf32>
// CHECK:         bufferization.materialize_in_destination %arg0 in restrict writable %[[VIEW]]
func.func @collapsed(%x: tensor<2x4x4xf32>, %out: memref<2x16xf32>) {
  %r = tensor.collapse_shape %x [[0], [1, 2]] : tensor<2x4x4xf32> into tensor<2x16xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2x16xf32>, memref<2x16xf32>) -> ()
  return
}

// -----

// Left alone: a reshape that is also read by something else.

// CHECK-LABEL: func.func @shared(
// CHECK:         tensor.expand_shape
// CHECK:         bufferization.materialize_in_destination %{{.+}} in restrict writable %arg1 : (tensor<2x4x4xf32>, memref<2x4x4xf32>)
func.func @shared(%x: tensor<2x16xf32>, %out: memref<2x4x4xf32>, %out2: memref<2x4x4xf32>) {
  %r = tensor.expand_shape %x [[0], [1, 2]] output_shape [2, 4, 4] : tensor<2x16xf32> into tensor<2x4x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2x4x4xf32>, memref<2x4x4xf32>) -> ()
  bufferization.materialize_in_destination %r in restrict writable %out2 : (tensor<2x4x4xf32>, memref<2x4x4xf32>) -> ()
  return
}
