// RUN: aotc-opt %s --split-input-file --verify-diagnostics

// One case per diagnostic of the NN ops (TGNNOps.cpp): tg.conv,
// tg.conv_transpose, tg.pool, tg.pool_indices, tg.resize, tg.winograd_input
// and tg.winograd_output.

//===----------------------------------------------------------------------===//
// tg.conv
//===----------------------------------------------------------------------===//

func.func @conv_rank_too_small(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>) {
  // expected-error @+1 {{expected an input of rank 3 or more (N x C x D1 ... Dn), got [2, 3]}}
  %0 = tg.conv %x, %w strides = [] dilations = [] pads = [] : tensor<2x3xf32>, tensor<4x3xf32>
  return
}

// -----

func.func @conv_weight_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) {
  // expected-error @+1 {{expected a weight of rank 4 like the input, got [4, 3, 3]}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3xf32>
  return
}

// -----

func.func @conv_weight_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{expected weight dimension 1 to be input channels / group (3), got [4, 2, 3, 3]}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x2x3x3xf32>
  return
}

// -----

func.func @conv_group_divides_input_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x1x3x3xf32>) {
  // expected-error @+1 {{expected input channels (3) divisible by group (2)}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] group = 2 : tensor<1x3x8x8xf32>, tensor<4x1x3x3xf32>
  return
}

// -----

func.func @conv_group_divides_output_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{expected output channels (3) divisible by group (2)}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] group = 2 : tensor<1x4x8x8xf32>, tensor<3x2x3x3xf32>
  return
}

// -----

func.func @conv_group_positive(%x: tensor<1x4x8x8xf32>, %w: tensor<3x4x3x3xf32>) {
  // expected-error @+1 {{expected a positive group, got 0}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] group = 0 : tensor<1x4x8x8xf32>, tensor<3x4x3x3xf32>
  return
}

// -----

func.func @conv_bias_shape(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{expected a bias of shape [4] (the output channels), got [3]}}
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>
  return
}

// -----

func.func @conv_strides_count(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{expected strides with 2 entries, got [1]}}
  %0 = tg.conv %x, %w strides = [1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

func.func @conv_strides_positive(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{expected positive strides, got [1, 0]}}
  %0 = tg.conv %x, %w strides = [1, 0] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

func.func @conv_dilations_positive(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{expected positive dilations, got [-1, 1]}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [-1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

func.func @conv_pads_count(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{expected pads with 4 entries, got [1, 1]}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

func.func @conv_pads_non_negative(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{expected non-negative pads, got [0, -1, 0, 0]}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, -1, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

func.func @conv_kernel_too_large(%x: tensor<1x3x8x2xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{expected the dilated window to fit the padded input in spatial dimension 1, got 1 elements too few}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x2xf32>, tensor<4x3x3x3xf32>
  return
}

// -----

func.func @conv_element_types(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf16>) {
  // expected-error @+1 {{'tg.conv' op requires the same element type for all operands and results}}
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf16>
  return
}

// -----

func.func @conv_wrong_result_type(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{'tg.conv' op inferred type(s) 'tensor<1x4x6x6xf32>' are incompatible with return type(s) of operation 'tensor<1x4x8x8xf32>'}}
  // expected-error @+1 {{'tg.conv' op failed to infer returned types}}
  %0 = "tg.conv"(%x, %w) <{strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>}> : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tg.conv_transpose
//===----------------------------------------------------------------------===//

func.func @conv_transpose_weight_channels(%x: tensor<1x3x4x4xf32>, %w: tensor<2x2x3x3xf32>) {
  // expected-error @+1 {{expected weight dimension 0 to be the input channels (3), got [2, 2, 3, 3]}}
  %0 = tg.conv_transpose %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] output_padding = [0, 0] : tensor<1x3x4x4xf32>, tensor<2x2x3x3xf32>
  return
}

// -----

func.func @conv_transpose_bias(%x: tensor<1x4x4x4xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{expected a bias of shape [6] (the output channels), got [3]}}
  %0 = tg.conv_transpose %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] output_padding = [0, 0] group = 2 : tensor<1x4x4x4xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>
  return
}

// -----

func.func @conv_transpose_output_padding(%x: tensor<1x3x4x4xf32>, %w: tensor<3x2x3x3xf32>) {
  // expected-error @+1 {{expected output_padding with 2 entries, got [1]}}
  %0 = tg.conv_transpose %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] output_padding = [1] : tensor<1x3x4x4xf32>, tensor<3x2x3x3xf32>
  return
}

// -----

func.func @conv_transpose_empty_output(%x: tensor<1x3x1x4xf32>, %w: tensor<3x2x1x3xf32>) {
  // expected-error @+1 {{expected a positive output size in spatial dimension 0, got -1}}
  %0 = tg.conv_transpose %x, %w strides = [1, 1] dilations = [1, 1] pads = [1, 0, 1, 0] output_padding = [0, 0] : tensor<1x3x1x4xf32>, tensor<3x2x1x3xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tg.pool
//===----------------------------------------------------------------------===//

func.func @pool_kernel_count(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{expected kernel with 2 entries, got [2, 2, 2]}}
  %0 = tg.pool max %x kernel = [2, 2, 2] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>
  return
}

// -----

func.func @pool_kernel_positive(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{expected positive kernel, got [0, 2]}}
  %0 = tg.pool max %x kernel = [0, 2] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xf32>
  return
}

// -----

func.func @pool_avg_integer(%x: tensor<1x3x8x8xi32>) {
  // expected-error @+1 {{expected a float element type for avg pooling, got 'i32'}}
  %0 = tg.pool avg %x kernel = [2, 2] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x8x8xi32>
  return
}

// -----

func.func @pool_window_too_large(%x: tensor<1x3x2x8xf32>) {
  // expected-error @+1 {{expected the dilated window to fit the padded input in spatial dimension 0, got 1 elements too few}}
  %0 = tg.pool max %x kernel = [2, 2] strides = [1, 1] dilations = [2, 1] pads = [0, 0, 0, 0] ceil_mode : tensor<1x3x2x8xf32>
  return
}

// -----

func.func @pool_rank(%x: tensor<8x8xf32>) {
  // expected-error @+1 {{expected an input of rank 3 or more (N x C x D1 ... Dn), got [8, 8]}}
  %0 = tg.pool max %x kernel = [2] strides = [1] dilations = [1] pads = [0, 0] : tensor<8x8xf32>
  return
}

// -----

func.func @pool_indices_window(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected kernel with 2 entries, got [2]}}
  %0 = tg.pool_indices %x kernel = [2] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x3x4x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tg.resize
//===----------------------------------------------------------------------===//

func.func @resize_sizes_count(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected sizes with 4 entries, got [8, 8]}}
  %0 = tg.resize nearest %x sizes = [8, 8] scales = [1.0, 1.0, 2.0, 2.0] coordinate_transform = asymmetric : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_sizes_positive(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected positive sizes, got [1, 3, 0, 8]}}
  %0 = tg.resize nearest %x sizes = [1, 3, 0, 8] scales = [1.0, 1.0, 2.0, 2.0] coordinate_transform = asymmetric : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_empty_input(%x: tensor<1x0x4xf32>) {
  // expected-error @+1 {{expected an input with elements to resample, got [1, 0, 4]}}
  %0 = tg.resize nearest %x sizes = [1, 2, 8] scales = [1.0, 1.0, 2.0] coordinate_transform = asymmetric : tensor<1x0x4xf32>
  return
}

// -----

func.func @resize_scales_count(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected scales with 4 entries, got [2, 2]}}
  %0 = tg.resize nearest %x sizes = [1, 3, 8, 8] scales = [2.0, 2.0] coordinate_transform = asymmetric : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_scales_positive(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected positive finite scales, got [1, 1, 0, 2]}}
  %0 = tg.resize nearest %x sizes = [1, 3, 8, 8] scales = [1.0, 1.0, 0.0, 2.0] coordinate_transform = asymmetric : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_linear_integer(%x: tensor<1x3x4x4xi8>) {
  // expected-error @+1 {{expected a float element type for linear resize, got 'i8'}}
  %0 = tg.resize linear %x sizes = [1, 3, 8, 8] scales = [1.0, 1.0, 2.0, 2.0] coordinate_transform = half_pixel : tensor<1x3x4x4xi8>
  return
}

// -----

func.func @resize_unknown_transform(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+2 {{expected ::aotc::tg::CoordinateTransform to be one of: half_pixel, half_pixel_symmetric, pytorch_half_pixel, align_corners, asymmetric, tf_half_pixel_for_nn, tf_crop_and_resize}}
  // expected-error @+1 {{failed to parse TG_CoordinateTransformAttr parameter 'value'}}
  %0 = tg.resize linear %x sizes = [1, 3, 8, 8] scales = [1.0, 1.0, 2.0, 2.0] coordinate_transform = tf_crop_and_half : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_cubic_integer(%x: tensor<1x3x4x4xi32>) {
  // expected-error @+1 {{expected a float element type for cubic resize, got 'i32'}}
  %0 = tg.resize cubic %x sizes = [1, 3, 8, 8] scales = [1.0, 1.0, 2.0, 2.0] coordinate_transform = half_pixel : tensor<1x3x4x4xi32>
  return
}

// -----

func.func @resize_nearest_antialias(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected a linear or cubic resize for antialias and exclude_outside, got nearest}}
  %0 = tg.resize nearest %x sizes = [1, 3, 2, 2] scales = [1.0, 1.0, 0.5, 0.5] coordinate_transform = half_pixel antialias : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_crop_without_roi(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected a roi for tf_crop_and_resize}}
  %0 = tg.resize linear %x sizes = [1, 3, 2, 2] scales = [1.0, 1.0, 0.5, 0.5] coordinate_transform = tf_crop_and_resize : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_roi_without_crop(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected no roi without tf_crop_and_resize, got [0, 0, 0, 0, 1, 1, 1, 1]}}
  %0 = tg.resize linear %x sizes = [1, 3, 2, 2] scales = [1.0, 1.0, 0.5, 0.5] coordinate_transform = half_pixel roi = [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0] : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_roi_count(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected roi with 8 entries (starts, then ends), got [0, 0, 1, 1]}}
  %0 = tg.resize linear %x sizes = [1, 3, 2, 2] scales = [1.0, 1.0, 0.5, 0.5] coordinate_transform = tf_crop_and_resize roi = [0.0, 0.0, 1.0, 1.0] : tensor<1x3x4x4xf32>
  return
}

// -----

func.func @resize_roi_finite(%x: tensor<1x3x4x4xf32>) {
  // expected-error @+1 {{expected finite roi, got [0, 0, 0, 0, 1, 1, inf, 1]}}
  %0 = tg.resize linear %x sizes = [1, 3, 2, 2] scales = [1.0, 1.0, 0.5, 0.5] coordinate_transform = tf_crop_and_resize roi = [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0x7FF0000000000000, 1.0] : tensor<1x3x4x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// tg.winograd_input, tg.winograd_output
//===----------------------------------------------------------------------===//

// -----

func.func @winograd_input_rank(%x: tensor<10x10x8xf32>) {
  // expected-error @+1 {{expected an f32 image N x H x W x C, got 'tensor<10x10x8xf32>'}}
  %0 = tg.winograd_input %x : tensor<10x10x8xf32> -> tensor<6x6x2x2x8xf32>
  return
}

// -----

func.func @winograd_input_sides(%x: tensor<1x11x10x8xf32>) {
  // expected-error @+1 {{expected the image's height and width to be 4 * tiles + 2, at least 6, got 'tensor<1x11x10x8xf32>'}}
  %0 = tg.winograd_input %x : tensor<1x11x10x8xf32> -> tensor<6x6x1x2x2x8xf32>
  return
}

// -----

func.func @winograd_input_result(%x: tensor<1x10x14x8xf32>) {
  // expected-error @+1 {{expected the result 'tensor<6x6x1x2x3x8xf32>', got 'tensor<6x6x1x3x2x8xf32>'}}
  %0 = tg.winograd_input %x : tensor<1x10x14x8xf32> -> tensor<6x6x1x3x2x8xf32>
  return
}

// -----

func.func @winograd_output_tile(%m: tensor<4x4x1x2x2x8xf32>) {
  // expected-error @+1 {{expected f32 products 6 x 6 x N x TH x TW x K, got 'tensor<4x4x1x2x2x8xf32>'}}
  %0 = tg.winograd_output %m : tensor<4x4x1x2x2x8xf32> -> tensor<1x8x8x8xf32>
  return
}

// -----

func.func @winograd_output_result(%m: tensor<6x6x1x2x3x8xf32>) {
  // expected-error @+1 {{expected the result 'tensor<1x8x12x8xf32>', got 'tensor<1x8x8x8xf32>'}}
  %0 = tg.winograd_output %m : tensor<6x6x1x2x3x8xf32> -> tensor<1x8x8x8xf32>
  return
}
