// RUN: aotc-opt %s --split-input-file --verify-diagnostics

// One case per diagnostic of the selection ops (TGSelectionOps.cpp).

func.func @nonzero_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{expected an input of rank 1 or more, got a rank-0 tensor}}
  %c, %n = tg.nonzero %x : tensor<f32>
  return
}

// -----

func.func @nonzero_too_large(%x: tensor<4x1073741824xi8>) {
  // expected-error @+1 {{expected results of at most 17179869184 bytes}}
  %c, %n = tg.nonzero %x : tensor<4x1073741824xi8>
  return
}

// -----

func.func @nms_shapes(%b: tensor<1x6x4xf32>, %s: tensor<1x2x5xf32>,
                      %m: tensor<i64>, %i: tensor<f32>, %t: tensor<f32>) {
  // expected-error @+1 {{expected boxes of shape [B, N, 4] and scores of shape [B, C, N]}}
  %r, %n = tg.non_max_suppression %b, %s, %m, %i, %t per_class = 1
      : tensor<1x6x4xf32>, tensor<1x2x5xf32>, tensor<i64>, tensor<f32>,
      tensor<f32>
  return
}

// -----

func.func @nms_f16(%b: tensor<1x6x4xf16>, %s: tensor<1x2x6xf16>,
                   %m: tensor<i64>, %i: tensor<f32>, %t: tensor<f32>) {
  // expected-error @+1 {{expected f32 boxes and scores}}
  %r, %n = tg.non_max_suppression %b, %s, %m, %i, %t per_class = 1
      : tensor<1x6x4xf16>, tensor<1x2x6xf16>, tensor<i64>, tensor<f32>,
      tensor<f32>
  return
}

// -----

func.func @nms_scalars(%b: tensor<1x6x4xf32>, %s: tensor<1x2x6xf32>,
                       %m: tensor<1xi64>, %i: tensor<f32>, %t: tensor<f32>) {
  // expected-error @+1 {{expected rank-0 max_output_boxes_per_class (i64) and thresholds (f32)}}
  %r, %n = tg.non_max_suppression %b, %s, %m, %i, %t per_class = 1
      : tensor<1x6x4xf32>, tensor<1x2x6xf32>, tensor<1xi64>, tensor<f32>,
      tensor<f32>
  return
}

// -----

func.func @nms_per_class(%b: tensor<1x6x4xf32>, %s: tensor<1x2x6xf32>,
                         %m: tensor<i64>, %i: tensor<f32>, %t: tensor<f32>) {
  // expected-error @+1 {{expected per_class in [0, 6] (the number of boxes), got 7}}
  %r, %n = tg.non_max_suppression %b, %s, %m, %i, %t per_class = 7
      : tensor<1x6x4xf32>, tensor<1x2x6xf32>, tensor<i64>, tensor<f32>,
      tensor<f32>
  return
}
