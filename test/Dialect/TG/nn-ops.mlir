// RUN: aotc-opt %s | FileCheck %s
// RUN: aotc-opt %s | aotc-opt | FileCheck %s

// The custom forms of the NN ops round-trip, optional parts (bias, group,
// ceil_mode, count_include_pad, nearest_mode) included, and their result
// types are inferred.

// CHECK-LABEL: func.func @conv(
// CHECK-SAME:    %[[X:.+]]: tensor<1x4x8x8xf32>, %[[W:.+]]: tensor<6x2x3x3xf32>, %[[B:.+]]: tensor<6xf32>)
func.func @conv(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x4x8xf32> {
  // CHECK: tg.conv %[[X]], %[[W]], %[[B]] strides = [2, 1] dilations = [1, 1] pads = [1, 1, 1, 1] group = 2 : tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>
  %0 = tg.conv %x, %w, %b strides = [2, 1] dilations = [1, 1] pads = [1, 1, 1, 1] group = 2 : tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>
  return %0 : tensor<1x6x4x8xf32>
}

// CHECK-LABEL: func.func @conv_no_bias(
func.func @conv_no_bias(%x: tensor<2x3x10xf16>, %w: tensor<5x3x3xf16>) -> tensor<2x5x3xf16> {
  // CHECK: tg.conv %{{.+}}, %{{.+}} strides = [2] dilations = [2] pads = [0, 0] : tensor<2x3x10xf16>, tensor<5x3x3xf16>
  %0 = tg.conv %x, %w strides = [2] dilations = [2] pads = [0, 0] group = 1 : tensor<2x3x10xf16>, tensor<5x3x3xf16>
  return %0 : tensor<2x5x3xf16>
}

// CHECK-LABEL: func.func @conv_transpose(
func.func @conv_transpose(%x: tensor<1x4x3x3xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x2x8x7xf32> {
  // CHECK: tg.conv_transpose %{{.+}}, %{{.+}} strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 1] output_padding = [1, 1] group = 2 : tensor<1x4x3x3xf32>, tensor<4x1x3x3xf32>
  %0 = tg.conv_transpose %x, %w strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 1] output_padding = [1, 1] group = 2 : tensor<1x4x3x3xf32>, tensor<4x1x3x3xf32>
  return %0 : tensor<1x2x8x7xf32>
}

// CHECK-LABEL: func.func @pool(
func.func @pool(%x: tensor<1x2x5x5xf32>, %i: tensor<1x2x6x6x6xi8>) -> (tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>, tensor<1x2x3x3x3xi8>) {
  // CHECK: tg.pool avg %{{.+}} kernel = [2, 2] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode count_include_pad : tensor<1x2x5x5xf32>
  %0 = tg.pool avg %x kernel = [2, 2] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode count_include_pad : tensor<1x2x5x5xf32>
  // CHECK: tg.pool max %{{.+}} kernel = [2, 2] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x2x5x5xf32>
  %1 = tg.pool max %x kernel = [2, 2] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x2x5x5xf32>
  // CHECK: tg.pool max %{{.+}} kernel = [2, 2, 2] strides = [2, 2, 2] dilations = [1, 1, 1] pads = [0, 0, 0, 0, 0, 0] : tensor<1x2x6x6x6xi8>
  %2 = tg.pool max %i kernel = [2, 2, 2] strides = [2, 2, 2] dilations = [1, 1, 1] pads = [0, 0, 0, 0, 0, 0] : tensor<1x2x6x6x6xi8>
  return %0, %1, %2 : tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>, tensor<1x2x3x3x3xi8>
}

// CHECK-LABEL: func.func @pool_indices(
func.func @pool_indices(%x: tensor<1x3x5x5xf32>) -> tensor<1x3x3x3xi64> {
  // CHECK: tg.pool_indices %{{.+}} kernel = [2, 2] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode column_major : tensor<1x3x5x5xf32>
  %0 = tg.pool_indices %x kernel = [2, 2] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode column_major : tensor<1x3x5x5xf32>
  return %0 : tensor<1x3x3x3xi64>
}

// CHECK-LABEL: func.func @resize(
func.func @resize(%x: tensor<1x3x4x4xf32>, %i: tensor<2x4xi32>) -> (tensor<1x3x8x6xf32>, tensor<2x2xi32>) {
  // CHECK: tg.resize linear %{{.+}} sizes = [1, 3, 8, 6] scales = [1.000000e+00, 1.000000e+00, 2.000000e+00, 1.500000e+00] coordinate_transform = half_pixel : tensor<1x3x4x4xf32>
  %0 = tg.resize linear %x sizes = [1, 3, 8, 6] scales = [1.0, 1.0, 2.0, 1.5] coordinate_transform = half_pixel : tensor<1x3x4x4xf32>
  // CHECK: tg.resize nearest %{{.+}} sizes = [2, 2] scales = [1.000000e+00, 5.000000e-01] coordinate_transform = align_corners nearest_mode = ceil : tensor<2x4xi32>
  %1 = tg.resize nearest %i sizes = [2, 2] scales = [1.0, 0.5] coordinate_transform = align_corners nearest_mode = ceil : tensor<2x4xi32>
  return %0, %1 : tensor<1x3x8x6xf32>, tensor<2x2xi32>
}

// CHECK-LABEL: func.func @resize_cubic_and_crop(
func.func @resize_cubic_and_crop(%x: tensor<1x3x4x4xf32>) -> (tensor<1x3x2x2xf32>, tensor<1x3x3x3xf32>) {
  // CHECK: tg.resize cubic %{{.+}} sizes = [1, 3, 2, 2] scales = [1.000000e+00, 1.000000e+00, 5.000000e-01, 5.000000e-01] coordinate_transform = half_pixel cubic_coeff_a = -5.000000e-01 exclude_outside antialias : tensor<1x3x4x4xf32>
  %0 = tg.resize cubic %x sizes = [1, 3, 2, 2] scales = [1.0, 1.0, 0.5, 0.5] coordinate_transform = half_pixel cubic_coeff_a = -0.5 exclude_outside antialias : tensor<1x3x4x4xf32>
  // CHECK: tg.resize linear %{{.+}} sizes = [1, 3, 3, 3] scales = [1.000000e+00, 1.000000e+00, 7.500000e-01, 7.500000e-01] coordinate_transform = tf_crop_and_resize roi = [0.000000e+00, 0.000000e+00, 4.000000e-01, 6.000000e-01, 1.000000e+00, 1.000000e+00, 1.200000e+00, 1.700000e+00] extrapolation_value = 1.000000e+01 : tensor<1x3x4x4xf32>
  %1 = tg.resize linear %x sizes = [1, 3, 3, 3] scales = [1.0, 1.0, 0.75, 0.75] coordinate_transform = tf_crop_and_resize roi = [0.0, 0.0, 0.4, 0.6, 1.0, 1.0, 1.2, 1.7] extrapolation_value = 10.0 : tensor<1x3x4x4xf32>
  return %0, %1 : tensor<1x3x2x2xf32>, tensor<1x3x3x3xf32>
}

// CHECK-LABEL: func.func @winograd_transforms(
func.func @winograd_transforms(%x: tensor<1x10x14x8xf32>, %m: tensor<6x6x1x2x3x16xf32>) -> (tensor<6x6x1x2x3x8xf32>, tensor<1x8x12x16xf32>) {
  // CHECK: tg.winograd_input %{{.+}} : tensor<1x10x14x8xf32> -> tensor<6x6x1x2x3x8xf32>
  %0 = tg.winograd_input %x : tensor<1x10x14x8xf32> -> tensor<6x6x1x2x3x8xf32>
  // CHECK: tg.winograd_output %{{.+}} : tensor<6x6x1x2x3x16xf32> -> tensor<1x8x12x16xf32>
  %1 = tg.winograd_output %m : tensor<6x6x1x2x3x16xf32> -> tensor<1x8x12x16xf32>
  return %0, %1 : tensor<6x6x1x2x3x8xf32>, tensor<1x8x12x16xf32>
}
