// RUN: aotc-opt %s --aotc-tg-raise-normalizations --split-input-file | FileCheck %s

// The decomposed softmax, log-softmax and layer normalization become one op
// each; a form whose intermediates are used elsewhere, or that differs from
// the normalization in any detail, is left alone.

// The softmax of mlp.mlir: max, sub, exp, sum, div along axis 1.
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:    %[[Z:.+]]: tensor<8x10xf32>)
// CHECK-NEXT:    %[[P:.+]] = tg.softmax %[[Z]] axis = 1 : tensor<8x10xf32>
// CHECK-NEXT:    return %[[P]] : tensor<8x10xf32>
func.func @softmax(%z: tensor<8x10xf32>) -> tensor<8x10xf32> {
  %m = tg.reduce max %z axes = [1] keepdims : tensor<8x10xf32>
  %d = tg.sub %z, %m : tensor<8x10xf32>, tensor<8x1xf32>
  %e = tg.exp %d : tensor<8x10xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<8x10xf32>
  %p = tg.div %e, %s : tensor<8x10xf32>, tensor<8x1xf32>
  return %p : tensor<8x10xf32>
}

// -----

// A softmax of f16 along a leading axis.
// CHECK-LABEL: func.func @softmax_f16_axis0(
// CHECK-NEXT:    %[[P:.+]] = tg.softmax %{{.+}} axis = 0 : tensor<3x4xf16>
// CHECK-NEXT:    return %[[P]]
func.func @softmax_f16_axis0(%z: tensor<3x4xf16>) -> tensor<3x4xf16> {
  %m = tg.reduce max %z axes = [0] keepdims : tensor<3x4xf16>
  %d = tg.sub %z, %m : tensor<3x4xf16>, tensor<1x4xf16>
  %e = tg.exp %d : tensor<3x4xf16>
  %s = tg.reduce sum %e axes = [0] keepdims : tensor<3x4xf16>
  %p = tg.div %e, %s : tensor<3x4xf16>, tensor<1x4xf16>
  return %p : tensor<3x4xf16>
}

// -----

// CHECK-LABEL: func.func @log_softmax(
// CHECK-SAME:    %[[Z:.+]]: tensor<2x5xf32>)
// CHECK-NEXT:    %[[P:.+]] = tg.log_softmax %[[Z]] axis = 1 : tensor<2x5xf32>
// CHECK-NEXT:    return %[[P]]
func.func @log_softmax(%z: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %m = tg.reduce max %z axes = [1] keepdims : tensor<2x5xf32>
  %d = tg.sub %z, %m : tensor<2x5xf32>, tensor<2x1xf32>
  %e = tg.exp %d : tensor<2x5xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<2x5xf32>
  %l = tg.log %s : tensor<2x1xf32>
  %r = tg.sub %d, %l : tensor<2x5xf32>, tensor<2x1xf32>
  return %r : tensor<2x5xf32>
}

// -----

// PyTorch's export of nn.LayerNorm before opset 17: mean, sub, pow 2, mean,
// add eps, sqrt, div; the scale and the bias stay.
// CHECK-LABEL: func.func @layer_norm_torch(
// CHECK-SAME:    %[[X:.+]]: tensor<2x16x64xf32>, %[[W:.+]]: tensor<64xf32>, %[[B:.+]]: tensor<64xf32>)
// CHECK-NEXT:    %[[N:.+]] = tg.layer_norm %[[X]] axis = 2 epsilon = 9.9999997473787516E-6 : tensor<2x16x64xf32>
// CHECK-NEXT:    %[[S:.+]] = tg.mul %[[N]], %[[W]]
// CHECK-NEXT:    %[[Y:.+]] = tg.add %[[S]], %[[B]]
// CHECK-NEXT:    return %[[Y]]
func.func @layer_norm_torch(%x: tensor<2x16x64xf32>, %w: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<2x16x64xf32> {
  %mean = tg.reduce mean %x axes = [2] keepdims : tensor<2x16x64xf32>
  %d = tg.sub %x, %mean : tensor<2x16x64xf32>, tensor<2x16x1xf32>
  %two = tg.constant dense<2.0> : tensor<f32>
  %sq = tg.pow %d, %two : tensor<2x16x64xf32>, tensor<f32>
  %var = tg.reduce mean %sq axes = [2] keepdims : tensor<2x16x64xf32>
  %eps = tg.constant dense<1.0e-5> : tensor<f32>
  %ve = tg.add %var, %eps : tensor<2x16x1xf32>, tensor<f32>
  %std = tg.sqrt %ve : tensor<2x16x1xf32>
  %n = tg.div %d, %std : tensor<2x16x64xf32>, tensor<2x16x1xf32>
  %s = tg.mul %n, %w : tensor<2x16x64xf32>, tensor<64xf32>
  %y = tg.add %s, %b : tensor<2x16x64xf32>, tensor<64xf32>
  return %y : tensor<2x16x64xf32>
}

// -----

// The other spellings: d * d, eps + var, rsqrt(...) * d, and two trailing
// axes listed in any order.
// CHECK-LABEL: func.func @layer_norm_rsqrt(
// CHECK-SAME:    %[[X:.+]]: tensor<4x3x5xf64>)
// CHECK-NEXT:    %[[N:.+]] = tg.layer_norm %[[X]] axis = 1 epsilon = 1.000000e-01 : tensor<4x3x5xf64>
// CHECK-NEXT:    return %[[N]]
func.func @layer_norm_rsqrt(%x: tensor<4x3x5xf64>) -> tensor<4x3x5xf64> {
  %mean = tg.reduce mean %x axes = [2, 1] keepdims : tensor<4x3x5xf64>
  %d = tg.sub %x, %mean : tensor<4x3x5xf64>, tensor<4x1x1xf64>
  %sq = tg.mul %d, %d : tensor<4x3x5xf64>, tensor<4x3x5xf64>
  %var = tg.reduce mean %sq axes = [2, 1] keepdims : tensor<4x3x5xf64>
  %eps = tg.constant dense<0.1> : tensor<1x1x1xf64>
  %ve = tg.add %eps, %var : tensor<1x1x1xf64>, tensor<4x1x1xf64>
  %inv = tg.rsqrt %ve : tensor<4x1x1xf64>
  %n = tg.mul %inv, %d : tensor<4x1x1xf64>, tensor<4x3x5xf64>
  return %n : tensor<4x3x5xf64>
}

// -----

// Normalizing the whole tensor.
// CHECK-LABEL: func.func @layer_norm_all_axes(
// CHECK-NEXT:    tg.layer_norm %{{.+}} axis = 0 epsilon = 0.000000e+00 : tensor<6xf32>
func.func @layer_norm_all_axes(%x: tensor<6xf32>) -> tensor<6xf32> {
  %mean = tg.reduce mean %x axes = [0] keepdims : tensor<6xf32>
  %d = tg.sub %x, %mean : tensor<6xf32>, tensor<1xf32>
  %sq = tg.mul %d, %d : tensor<6xf32>, tensor<6xf32>
  %var = tg.reduce mean %sq axes = [0] keepdims : tensor<6xf32>
  %eps = tg.constant dense<0.0> : tensor<f32>
  %ve = tg.add %var, %eps : tensor<1xf32>, tensor<f32>
  %std = tg.sqrt %ve : tensor<1xf32>
  %n = tg.div %d, %std : tensor<6xf32>, tensor<1xf32>
  return %n : tensor<6xf32>
}

// -----

// exp(x - max) is also returned: raising would compute it twice.
// CHECK-LABEL: func.func @softmax_shared_exp(
// CHECK-NOT:     tg.softmax
// CHECK:         tg.reduce max
// CHECK:         tg.exp
// CHECK:         tg.div
func.func @softmax_shared_exp(%z: tensor<8x10xf32>) -> (tensor<8x10xf32>, tensor<8x10xf32>) {
  %m = tg.reduce max %z axes = [1] keepdims : tensor<8x10xf32>
  %d = tg.sub %z, %m : tensor<8x10xf32>, tensor<8x1xf32>
  %e = tg.exp %d : tensor<8x10xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<8x10xf32>
  %p = tg.div %e, %s : tensor<8x10xf32>, tensor<8x1xf32>
  return %p, %e : tensor<8x10xf32>, tensor<8x10xf32>
}

// -----

// The sum is taken along another axis than the maximum.
// CHECK-LABEL: func.func @softmax_other_axis(
// CHECK-NOT:     tg.softmax
func.func @softmax_other_axis(%z: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %m = tg.reduce max %z axes = [1] keepdims : tensor<4x4xf32>
  %d = tg.sub %z, %m : tensor<4x4xf32>, tensor<4x1xf32>
  %e = tg.exp %d : tensor<4x4xf32>
  %s = tg.reduce sum %e axes = [0] keepdims : tensor<4x4xf32>
  %p = tg.div %e, %s : tensor<4x4xf32>, tensor<1x4xf32>
  return %p : tensor<4x4xf32>
}

// -----

// Without the shift by the maximum this is not the stable softmax.
// CHECK-LABEL: func.func @softmax_unshifted(
// CHECK-NOT:     tg.softmax
func.func @softmax_unshifted(%z: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tg.exp %z : tensor<4x4xf32>
  %s = tg.reduce sum %e axes = [1] keepdims : tensor<4x4xf32>
  %p = tg.div %e, %s : tensor<4x4xf32>, tensor<4x1xf32>
  return %p : tensor<4x4xf32>
}

// -----

// The mean is also returned.
// CHECK-LABEL: func.func @layer_norm_shared_mean(
// CHECK-NOT:     tg.layer_norm
// CHECK:         tg.sqrt
// CHECK:         tg.div
func.func @layer_norm_shared_mean(%x: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x1xf32>) {
  %mean = tg.reduce mean %x axes = [1] keepdims : tensor<2x8xf32>
  %d = tg.sub %x, %mean : tensor<2x8xf32>, tensor<2x1xf32>
  %sq = tg.mul %d, %d : tensor<2x8xf32>, tensor<2x8xf32>
  %var = tg.reduce mean %sq axes = [1] keepdims : tensor<2x8xf32>
  %eps = tg.constant dense<1.0e-5> : tensor<f32>
  %ve = tg.add %var, %eps : tensor<2x1xf32>, tensor<f32>
  %std = tg.sqrt %ve : tensor<2x1xf32>
  %n = tg.div %d, %std : tensor<2x8xf32>, tensor<2x1xf32>
  return %n, %mean : tensor<2x8xf32>, tensor<2x1xf32>
}

// -----

// Statistics over a leading axis are not a layer normalization.
// CHECK-LABEL: func.func @layer_norm_leading_axis(
// CHECK-NOT:     tg.layer_norm
func.func @layer_norm_leading_axis(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %mean = tg.reduce mean %x axes = [0] keepdims : tensor<2x8xf32>
  %d = tg.sub %x, %mean : tensor<2x8xf32>, tensor<1x8xf32>
  %sq = tg.mul %d, %d : tensor<2x8xf32>, tensor<2x8xf32>
  %var = tg.reduce mean %sq axes = [0] keepdims : tensor<2x8xf32>
  %eps = tg.constant dense<1.0e-5> : tensor<f32>
  %ve = tg.add %var, %eps : tensor<1x8xf32>, tensor<f32>
  %std = tg.sqrt %ve : tensor<1x8xf32>
  %n = tg.div %d, %std : tensor<2x8xf32>, tensor<1x8xf32>
  return %n : tensor<2x8xf32>
}

// -----

// The third power and a non-constant epsilon are something else.
// CHECK-LABEL: func.func @layer_norm_not_square(
// CHECK-NOT:     tg.layer_norm
func.func @layer_norm_not_square(%x: tensor<2x8xf32>, %eps: tensor<f32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %mean = tg.reduce mean %x axes = [1] keepdims : tensor<2x8xf32>
  %d = tg.sub %x, %mean : tensor<2x8xf32>, tensor<2x1xf32>
  %three = tg.constant dense<3.0> : tensor<f32>
  %cube = tg.pow %d, %three : tensor<2x8xf32>, tensor<f32>
  %var = tg.reduce mean %cube axes = [1] keepdims : tensor<2x8xf32>
  %c = tg.constant dense<1.0e-5> : tensor<f32>
  %ve = tg.add %var, %c : tensor<2x1xf32>, tensor<f32>
  %std = tg.sqrt %ve : tensor<2x1xf32>
  %n = tg.div %d, %std : tensor<2x8xf32>, tensor<2x1xf32>
  %mean2 = tg.reduce mean %x axes = [1] keepdims : tensor<2x8xf32>
  %d2 = tg.sub %x, %mean2 : tensor<2x8xf32>, tensor<2x1xf32>
  %sq2 = tg.mul %d2, %d2 : tensor<2x8xf32>, tensor<2x8xf32>
  %var2 = tg.reduce mean %sq2 axes = [1] keepdims : tensor<2x8xf32>
  %ve2 = tg.add %var2, %eps : tensor<2x1xf32>, tensor<f32>
  %std2 = tg.sqrt %ve2 : tensor<2x1xf32>
  %n2 = tg.div %d2, %std2 : tensor<2x8xf32>, tensor<2x1xf32>
  return %n, %n2 : tensor<2x8xf32>, tensor<2x8xf32>
}
