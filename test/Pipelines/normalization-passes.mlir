// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --split-input-file | FileCheck %s

// Pins the number of passes over the data of softmax, log-softmax and layer
// normalization after the tg-to-linalg and fusion stages: two
// linalg.generics that read the data (the statistics, then the elementwise
// normalization), whatever loops tiling puts around them. The accumulators'
// fills read nothing (no `ins`) and are not counted. The decomposed forms
// get there through aotc-tg-raise-normalizations, and a layer norm's scale
// and bias fuse into its second pass.

// CHECK-LABEL: func.func @softmax_op(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]{{.*}} ins(
// CHECK-NOT:     linalg.generic {{.*}} ins(
func.func @softmax_op(%x: tensor<4x16x128xf32>) -> tensor<4x16x128xf32> {
  %0 = tg.softmax %x axis = 2 : tensor<4x16x128xf32>
  return %0 : tensor<4x16x128xf32>
}

// -----

// The softmax of mlp.mlir, as written out in tg ops (four passes before
// the raising pass: max, exp, sum, div).
// CHECK-LABEL: func.func @softmax_decomposed(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(
// CHECK:           math.exp
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(
// CHECK:           math.exp
// CHECK:           arith.divf
// CHECK-NOT:     linalg.generic {{.*}} ins(
func.func @softmax_decomposed(%z: tensor<8x10xf32>) -> tensor<8x10xf32> {
  %m = tg.reduce max %z axes = [1] keepdims : tensor<8x10xf32>
  %d = tg.sub %z, %m : tensor<8x10xf32>, tensor<8x1xf32>
  %e = tg.exp %d : tensor<8x10xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<8x10xf32>
  %p = tg.div %e, %s : tensor<8x10xf32>, tensor<8x1xf32>
  return %p : tensor<8x10xf32>
}

// -----

// CHECK-LABEL: func.func @log_softmax_decomposed(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(
// CHECK:           math.log
// CHECK-NOT:     linalg.generic {{.*}} ins(
func.func @log_softmax_decomposed(%z: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %m = tg.reduce max %z axes = [1] keepdims : tensor<2x5xf32>
  %d = tg.sub %z, %m : tensor<2x5xf32>, tensor<2x1xf32>
  %e = tg.exp %d : tensor<2x5xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<2x5xf32>
  %l = tg.log %s : tensor<2x1xf32>
  %r = tg.sub %d, %l : tensor<2x5xf32>, tensor<2x1xf32>
  return %r : tensor<2x5xf32>
}

// -----

// PyTorch's nn.LayerNorm before opset 17 (mean, sub, pow, mean, add, sqrt,
// div, mul, add; five passes before): the scale and the bias end in the
// second pass.
// CHECK-LABEL: func.func @layer_norm_decomposed(
// CHECK-SAME:    %{{.+}}: tensor<16x64xf32>, %[[W:.+]]: tensor<64xf32>, %[[B:.+]]: tensor<64xf32>)
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins({{.*}}%[[W]], %[[B]] :
// CHECK:           math.rsqrt
// CHECK:           arith.mulf
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK-NEXT:      linalg.yield
// CHECK-NOT:     linalg.generic {{.*}} ins(
func.func @layer_norm_decomposed(%x: tensor<16x64xf32>, %w: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<16x64xf32> {
  %mean = tg.reduce mean %x axes = [1] keepdims : tensor<16x64xf32>
  %d = tg.sub %x, %mean : tensor<16x64xf32>, tensor<16x1xf32>
  %two = tg.constant dense<2.0> : tensor<f32>
  %sq = tg.pow %d, %two : tensor<16x64xf32>, tensor<f32>
  %var = tg.reduce mean %sq axes = [1] keepdims : tensor<16x64xf32>
  %eps = tg.constant dense<1.0e-5> : tensor<f32>
  %ve = tg.add %var, %eps : tensor<16x1xf32>, tensor<f32>
  %std = tg.sqrt %ve : tensor<16x1xf32>
  %n = tg.div %d, %std : tensor<16x64xf32>, tensor<16x1xf32>
  %s = tg.mul %n, %w : tensor<16x64xf32>, tensor<64xf32>
  %y = tg.add %s, %b : tensor<16x64xf32>, tensor<64xf32>
  return %y : tensor<16x64xf32>
}

// -----

// A layer norm over the last two axes of f16.
// CHECK-LABEL: func.func @layer_norm_op_f16(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "reduction"]{{.*}} ins(
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]{{.*}} ins(
// CHECK-NOT:     linalg.generic {{.*}} ins(
func.func @layer_norm_op_f16(%x: tensor<2x8x32xf16>) -> tensor<2x8x32xf16> {
  %0 = tg.layer_norm %x axis = 1 epsilon = 1.0e-05 : tensor<2x8x32xf16>
  return %0 : tensor<2x8x32xf16>
}
