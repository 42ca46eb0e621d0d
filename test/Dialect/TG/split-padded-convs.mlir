// RUN: aotc-opt %s --split-input-file --aotc-tg-split-padded-convs | FileCheck %s

// Taps 24 apart on a 14x14 image padded by 24: only the centre tap reads
// the image, over every output. One pointwise convolution of the whole
// image by the centre weights (a new constant of [M, C, 1, 1]: the weight
// is a constant), no pad, then the bias.
// CHECK-LABEL: func.func @one_live_tap(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<1x2x14x14xf32>
// CHECK-DAG:     %[[TAP:.+]] = tg.constant dense<{{\[\[\[\[}}5.000000e+00]], {{\[\[}}1.400000e+01]]], {{\[\[\[}}2.300000e+01]], {{\[\[}}3.200000e+01]]]]> : tensor<2x2x1x1xf32>
// CHECK-DAG:     %[[WHOLE:.+]] = tg.slice %[[X]] start = [0, 0, 0, 0] limit = [1, 2, 14, 14] stride = [1, 1, 1, 1]
// CHECK:         %[[PART:.+]] = tg.conv %[[WHOLE]], %[[TAP]] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x2x14x14xf32>, tensor<2x2x1x1xf32>
// CHECK:         %[[BIAS:.+]] = tg.reshape %{{.+}} : tensor<2xf32> -> tensor<2x1x1xf32>
// CHECK:         %[[SUM:.+]] = tg.add %[[PART]], %[[BIAS]]
// CHECK-NOT:     tg.conv
// CHECK:         return %[[SUM]]
func.func @one_live_tap(%x: tensor<1x2x14x14xf32>, %b: tensor<2xf32>) -> tensor<1x2x14x14xf32> {
  %w = tg.constant dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]],
                           [[10.0, 11.0, 12.0], [13.0, 14.0, 15.0], [16.0, 17.0, 18.0]]],
                          [[[19.0, 20.0, 21.0], [22.0, 23.0, 24.0], [25.0, 26.0, 27.0]],
                           [[28.0, 29.0, 30.0], [31.0, 32.0, 33.0], [34.0, 35.0, 36.0]]]]> : tensor<2x2x3x3xf32>
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [24, 24] pads = [24, 24, 24, 24] : tensor<1x2x14x14xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>
  return %0 : tensor<1x2x14x14xf32>
}

// -----

// A 1-D convolution, taps 25 apart on 30 samples, stride 1, a weight that
// is not a constant: tap 0 reads samples [0, 5) for outputs [25, 30), tap 1
// all of them, tap 2 samples [25, 30) for outputs [0, 5); each its weights'
// slice, each partial result padded to 30 outputs, summed in tap order.
// CHECK-LABEL: func.func @three_windows(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<2x8x30xf32>, %[[W:[^:]+]]: tensor<5x8x3xf32>)
// CHECK:         %[[X0:.+]] = tg.slice %[[X]] start = [0, 0, 0] limit = [2, 8, 5] stride = [1, 1, 1]
// CHECK:         %[[W0:.+]] = tg.slice %[[W]] start = [0, 0, 0] limit = [5, 8, 1] stride = [1, 1, 1]
// CHECK:         %[[Y0:.+]] = tg.conv %[[X0]], %[[W0]] strides = [1] dilations = [1] pads = [0, 0]
// CHECK:         %[[P0:.+]] = tg.pad constant %[[Y0]] low = [0, 0, 25] high = [0, 0, 0] : tensor<2x5x5xf32>
// CHECK:         %[[X1:.+]] = tg.slice %[[X]] start = [0, 0, 0] limit = [2, 8, 30] stride = [1, 1, 1]
// CHECK:         %[[W1:.+]] = tg.slice %[[W]] start = [0, 0, 1] limit = [5, 8, 2] stride = [1, 1, 1]
// CHECK:         %[[Y1:.+]] = tg.conv %[[X1]], %[[W1]]
// CHECK:         %[[S1:.+]] = tg.add %[[P0]], %[[Y1]]
// CHECK:         %[[X2:.+]] = tg.slice %[[X]] start = [0, 0, 25] limit = [2, 8, 30] stride = [1, 1, 1]
// CHECK:         %[[W2:.+]] = tg.slice %[[W]] start = [0, 0, 2] limit = [5, 8, 3] stride = [1, 1, 1]
// CHECK:         %[[Y2:.+]] = tg.conv %[[X2]], %[[W2]]
// CHECK:         %[[P2:.+]] = tg.pad constant %[[Y2]] low = [0, 0, 0] high = [0, 0, 25] : tensor<2x5x5xf32>
// CHECK:         %[[S2:.+]] = tg.add %[[S1]], %[[P2]]
// CHECK:         return %[[S2]]
func.func @three_windows(%x: tensor<2x8x30xf32>, %w: tensor<5x8x3xf32>) -> tensor<2x5x30xf32> {
  %0 = tg.conv %x, %w strides = [1] dilations = [25] pads = [25, 25] : tensor<2x8x30xf32>, tensor<5x8x3xf32>
  return %0 : tensor<2x5x30xf32>
}

// -----

// Left alone: an ordinary padded 3x3 convolution (its taps read the image
// for 93% of their multiply-adds), taps 20 apart on 30 samples (56%), f16
// (each tap's partial sum would round), and a single (1x1) tap.
// CHECK-LABEL: func.func @left_alone(
// CHECK-COUNT-4: tg.conv
// CHECK-NOT:     tg.slice
func.func @left_alone(%x: tensor<1x8x14x14xf32>, %w: tensor<4x8x3x3xf32>,
                      %v: tensor<2x8x30xf32>, %vw: tensor<5x8x3xf32>,
                      %h: tensor<1x8x14x14xf16>, %hw: tensor<4x8x3x3xf16>,
                      %s: tensor<1x2x2x2xf32>, %sw: tensor<1x2x1x1xf32>)
    -> (tensor<1x4x14x14xf32>, tensor<2x5x30xf32>, tensor<1x4x14x14xf16>, tensor<1x1x8x8xf32>) {
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x8x14x14xf32>, tensor<4x8x3x3xf32>
  %1 = tg.conv %v, %vw strides = [1] dilations = [20] pads = [20, 20] : tensor<2x8x30xf32>, tensor<5x8x3xf32>
  %2 = tg.conv %h, %hw strides = [1, 1] dilations = [24, 24] pads = [24, 24, 24, 24] : tensor<1x8x14x14xf16>, tensor<4x8x3x3xf16>
  %3 = tg.conv %s, %sw strides = [1, 1] dilations = [1, 1] pads = [3, 3, 3, 3] : tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>
  return %0, %1, %2, %3 : tensor<1x4x14x14xf32>, tensor<2x5x30xf32>, tensor<1x4x14x14xf16>, tensor<1x1x8x8xf32>
}
