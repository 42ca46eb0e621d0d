// RUN: aotc-opt %s --split-input-file --aotc-tg-elementwise-into-concats | FileCheck %s

// A batch norm and ReLU of a concatenation (a DenseNet layer's input) move
// onto its pieces: the per-channel constants are sliced to each piece's
// channels ([96, 1, 1] against axis 1 of a rank-4 result: its dimension 0),
// a scalar is used whole, and the chain moves op by op.

// CHECK-LABEL: func.func @batch_norm_relu(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: tensor<1x64x8x8xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<1x32x8x8xf32>, %[[M:[a-zA-Z0-9_]+]]: tensor<96x1x1xf32>, %[[S:[a-zA-Z0-9_]+]]: tensor<f32>
// CHECK-DAG:     %[[MA:.+]] = tg.slice %[[M]] start = [0, 0, 0] limit = [64, 1, 1] stride = [1, 1, 1]
// CHECK-DAG:     %[[MB:.+]] = tg.slice %[[M]] start = [64, 0, 0] limit = [96, 1, 1] stride = [1, 1, 1]
// CHECK-DAG:     %[[SA:.+]] = tg.sub %[[A]], %[[MA]] : tensor<1x64x8x8xf32>, tensor<64x1x1xf32>
// CHECK-DAG:     %[[SB:.+]] = tg.sub %[[B]], %[[MB]] : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>
// CHECK-DAG:     %[[XA:.+]] = tg.mul %[[SA]], %[[S]] : tensor<1x64x8x8xf32>, tensor<f32>
// CHECK-DAG:     %[[XB:.+]] = tg.mul %[[SB]], %[[S]] : tensor<1x32x8x8xf32>, tensor<f32>
// CHECK-DAG:     %[[RA:.+]] = tg.relu %[[XA]] : tensor<1x64x8x8xf32>
// CHECK-DAG:     %[[RB:.+]] = tg.relu %[[XB]] : tensor<1x32x8x8xf32>
// CHECK:         %[[C:.+]] = tg.concat %[[RA]], %[[RB]] axis = 1
// CHECK:         return %[[C]]
func.func @batch_norm_relu(%a: tensor<1x64x8x8xf32>, %b: tensor<1x32x8x8xf32>,
                           %m: tensor<96x1x1xf32>, %s: tensor<f32>) -> tensor<1x96x8x8xf32> {
  %c = tg.concat %a, %b axis = 1 : tensor<1x64x8x8xf32>, tensor<1x32x8x8xf32>
  %0 = tg.sub %c, %m : tensor<1x96x8x8xf32>, tensor<96x1x1xf32>
  %1 = tg.mul %0, %s : tensor<1x96x8x8xf32>, tensor<f32>
  %2 = tg.relu %1 : tensor<1x96x8x8xf32>
  return %2 : tensor<1x96x8x8xf32>
}

// -----

// The concatenation is also returned: it stays, and so does the op (its
// pieces would be computed twice).

// CHECK-LABEL: func.func @concat_used_twice(
// CHECK:         %[[C:.+]] = tg.concat
// CHECK:         tg.relu %[[C]] : tensor<5x3xf32>
func.func @concat_used_twice(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>)
    -> (tensor<5x3xf32>, tensor<5x3xf32>) {
  %c = tg.concat %a, %b axis = 0 : tensor<2x3xf32>, tensor<3x3xf32>
  %0 = tg.relu %c : tensor<5x3xf32>
  return %c, %0 : tensor<5x3xf32>, tensor<5x3xf32>
}

// -----

// The concatenation is broadcast by the op (a row against a matrix): the
// result is not the concatenation's shape, so nothing moves. An op along
// an axis (tg.cumulative) is not elementwise.

// CHECK-LABEL: func.func @broadcast_concat(
// CHECK:         %[[C:.+]] = tg.concat
// CHECK:         tg.add %[[C]], %{{.+}} : tensor<5xf32>, tensor<4x5xf32>
// CHECK-LABEL: func.func @cumulative(
// CHECK:         %[[C:.+]] = tg.concat
// CHECK:         tg.cumulative sum %[[C]]
func.func @broadcast_concat(%a: tensor<2xf32>, %b: tensor<3xf32>,
                            %x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %c = tg.concat %a, %b axis = 0 : tensor<2xf32>, tensor<3xf32>
  %0 = tg.add %c, %x : tensor<5xf32>, tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

func.func @cumulative(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<5xf32> {
  %c = tg.concat %a, %b axis = 0 : tensor<2xf32>, tensor<3xf32>
  %0 = tg.cumulative sum %c axis = 0 : tensor<5xf32>
  return %0 : tensor<5xf32>
}
