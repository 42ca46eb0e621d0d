// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --linalg-generalize-named-ops --aotc-fuse-elementwise --split-input-file | FileCheck %s

// reduce_sum(x + y*z): both elementwise producers fuse into the reduction.

// CHECK-LABEL: func.func @seed
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<64x32xf32>, %[[Y:[a-z0-9]+]]: tensor<64x32xf32>, %[[Z:[a-z0-9]+]]: tensor<64x32xf32>
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]], %[[Y]], %[[Z]] :
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:           arith.addf
// CHECK-NOT:     linalg.generic
func.func @seed(%x: tensor<64x32xf32>, %y: tensor<64x32xf32>, %z: tensor<64x32xf32>) -> tensor<64xf32> {
  %0 = tg.mul %y, %z : tensor<64x32xf32>, tensor<64x32xf32>
  %1 = tg.add %x, %0 : tensor<64x32xf32>, tensor<64x32xf32>
  %2 = tg.reduce sum %1 axes = [1] : tensor<64x32xf32>
  return %2 : tensor<64xf32>
}

// -----

// A matmul reads each lhs element N times: relu(h) stays its own kernel
// instead of being recomputed inside the matmul loop.

// CHECK-LABEL: func.func @no_recompute_in_matmul
// CHECK:         %[[RELU:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK:           arith.maximumf
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[RELU]], %{{.+}} :
func.func @no_recompute_in_matmul(%h: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %0 = tg.relu %h : tensor<8x16xf32>
  %1 = tg.matmul %0, %w : tensor<8x16xf32>, tensor<16x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// A broadcast consumer reads each producer element 8 times: not fused.

// CHECK-LABEL: func.func @no_recompute_through_broadcast
// CHECK:         %[[E:.+]] = linalg.generic
// CHECK:           math.exp
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.+}}, %[[E]] :
// CHECK:           arith.addf
func.func @no_recompute_through_broadcast(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = tg.exp %b : tensor<16xf32>
  %1 = tg.add %x, %0 : tensor<8x16xf32>, tensor<16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// A producer with two users is not duplicated into either.

// CHECK-LABEL: func.func @shared_producer
// CHECK:         %[[E:.+]] = linalg.generic
// CHECK:           math.exp
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[E]] :
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[E]] :
func.func @shared_producer(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %0 = tg.exp %x : tensor<16xf32>
  %1 = tg.neg %0 : tensor<16xf32>
  %2 = tg.abs %0 : tensor<16xf32>
  return %1, %2 : tensor<16xf32>, tensor<16xf32>
}

// -----

// A transpose computes nothing: it becomes the matmul's indexing map for k
// (q @ k^T reads k in place), although the matmul reads each element of it
// 16 times. The fused op's location keeps both graph ops.

// CHECK-DAG:   #[[Q:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[KT:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @transpose_into_matmul
// CHECK-SAME:    %[[QA:[a-z0-9]+]]: tensor<16x64xf32>, %[[KA:[a-z0-9]+]]: tensor<16x64xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[Q]], #[[KT]], #{{.+}}], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME:      ins(%[[QA]], %[[KA]] :
// CHECK-NOT:     linalg.generic
func.func @transpose_into_matmul(%q: tensor<16x64xf32>, %k: tensor<16x64xf32>) -> tensor<16x16xf32> {
  %kt = tg.transpose %k permutation = [1, 0] : tensor<16x64xf32>
  %s = tg.matmul %q, %kt : tensor<16x64xf32>, tensor<64x16xf32>
  return %s : tensor<16x16xf32>
}

// -----

// A transposition before a convolution stays a copy of its own (fused, the
// convolution would read its image across the innermost dimension: scalar
// loops); before a matmul it fuses into the matmul's operand map.
// CHECK-LABEL: func.func @transpose_into_conv
// CHECK:         %[[T:.+]] = linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         linalg.generic {{.+}} ins(%[[T]], %{{.+}} : tensor<1x8x20xf32>, tensor<6x8x1xf32>)
func.func @transpose_into_conv(%x: tensor<1x20x8xf32>, %w: tensor<6x8x1xf32>) -> tensor<1x6x20xf32> {
  %t = tg.transpose %x permutation = [0, 2, 1] : tensor<1x20x8xf32>
  %y = tg.conv %t, %w strides = [1] dilations = [1] pads = [0, 0] : tensor<1x8x20xf32>, tensor<6x8x1xf32>
  return %y : tensor<1x6x20xf32>
}

// CHECK-LABEL: func.func @transpose_into_matmul_operand(
// CHECK-SAME:      %[[A:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<16x8xf32>)
// CHECK:         linalg.generic {{.+}} ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<16x8xf32>)
func.func @transpose_into_matmul_operand(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>) -> tensor<4x16xf32> {
  %t = tg.transpose %b permutation = [1, 0] : tensor<16x8xf32>
  %y = tg.matmul %a, %t : tensor<4x8xf32>, tensor<8x16xf32>
  return %y : tensor<4x16xf32>
}
