// RUN: aotc-opt %s --split-input-file --aotc-tg-winograd-convs="mode=always" | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-tg-winograd-convs | FileCheck %s --check-prefix=AUTO
// RUN: aotc-opt %s --split-input-file --aotc-tg-winograd-convs="mode=never" | FileCheck %s --check-prefix=NEVER
// RUN: not aotc-opt %s --split-input-file --aotc-tg-winograd-convs="mode=sometimes" 2>&1 | FileCheck %s --check-prefix=BAD

// A 3x3 convolution of a 6x7 image (2x2 tiles of 4x4 outputs, the last
// ones past the image) by Winograd's F(4x4, 3x3): the image channels-last,
// padded to the tiles' extent, 4 * tiles + 2 (10: 1 zero before and 3
// after the rows, 1 and 2 around the columns), by concatenations; B^T d B
// of every tile by tg.winograd_input, its 36 positions' rows ([36, tiles,
// C]) times the [36, C, K] weights transformed at compile time, A^T M A by
// tg.winograd_output (channels-last blocks), the bias with the channels
// innermost, and one transposition back to [N, K, H, W], cut to 6x7.
// CHECK-LABEL: func.func @winograd(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<1x8x6x7xf32>, %[[B:[^:]+]]: tensor<4xf32>
// CHECK:         %[[T:.+]] = tg.transpose %[[X]] permutation = [0, 2, 3, 1] : tensor<1x8x6x7xf32>
// CHECK:         %[[COLS:.+]] = tg.concat %{{.+}}, %[[T]], %{{.+}} axis = 2 : tensor<1x6x1x8xf32>, tensor<1x6x7x8xf32>, tensor<1x6x2x8xf32>
// CHECK:         %[[IMAGE:.+]] = tg.concat %{{.+}}, %[[COLS]], %{{.+}} axis = 1 : tensor<1x1x10x8xf32>, tensor<1x6x10x8xf32>, tensor<1x3x10x8xf32>
// CHECK:         %[[V:.+]] = tg.winograd_input %[[IMAGE]] : tensor<1x10x10x8xf32> -> tensor<6x6x1x2x2x8xf32>
// CHECK:         %[[V3:.+]] = tg.reshape %[[V]] : tensor<6x6x1x2x2x8xf32> -> tensor<36x4x8xf32>
// CHECK:         %[[U:.+]] = tg.constant dense_resource<{{.+}}> : tensor<36x8x4xf32>
// CHECK:         %[[M:.+]] = tg.matmul %[[V3]], %[[U]] : tensor<36x4x8xf32>, tensor<36x8x4xf32>
// CHECK:         %[[M6:.+]] = tg.reshape %[[M]] : tensor<36x4x4xf32> -> tensor<6x6x1x2x2x4xf32>
// CHECK:         %[[O:.+]] = tg.winograd_output %[[M6]] : tensor<6x6x1x2x2x4xf32> -> tensor<1x8x8x4xf32>
// CHECK:         %[[BIASED:.+]] = tg.add %[[O]], %[[B]] : tensor<1x8x8x4xf32>, tensor<4xf32>
// CHECK:         %[[P:.+]] = tg.transpose %[[BIASED]] permutation = [0, 3, 1, 2] : tensor<1x8x8x4xf32>
// CHECK:         %[[Y:.+]] = tg.slice %[[P]] start = [0, 0, 0, 0] limit = [1, 4, 6, 7] stride = [1, 1, 1, 1]
// CHECK-NOT:     tg.conv
// CHECK:         return %[[Y]]
// 8 -> 4 channels over 4 tiles: the transforms cost more than the
// products they save; the choice and both estimates are recorded.
// AUTO-LABEL:  func.func @winograd(
// AUTO-SAME:     aotc.winograd = [{channels = array<i64: 8, 4>, chosen = false, dilations = array<i64: 1, 1>, direct = {{.+}} : f64, loc = {{.+}}, outputs = array<i64: 1, 6, 7>, winograd = {{.+}} : f64}]
// AUTO:          tg.conv
// NEVER-LABEL: func.func @winograd(
// NEVER-NOT:     aotc.winograd
// NEVER:         tg.conv
// BAD: mode must be auto, always or never, not 'sometimes'
func.func @winograd(%x: tensor<1x8x6x7xf32>, %b: tensor<4xf32>) -> tensor<1x4x6x7xf32> {
  %w = tg.constant dense<0.5> : tensor<4x8x3x3xf32>
  %y = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x8x6x7xf32>, tensor<4x8x3x3xf32>, tensor<4xf32>
  return %y : tensor<1x4x6x7xf32>
}

// -----

// A batch of 2 and no pads: 8x8 outputs are 2x2 tiles each, 8 in all; the
// image is the tiles' extent already (10), the outputs need no cut.
// CHECK-LABEL: func.func @batch_unpadded(
// CHECK-NOT:     tg.concat
// CHECK:         tg.winograd_input %{{.+}} : tensor<2x10x10x16xf32> -> tensor<6x6x2x2x2x16xf32>
// CHECK:         tg.reshape %{{.+}} : tensor<6x6x2x2x2x16xf32> -> tensor<36x8x16xf32>
// CHECK:         tg.matmul %{{.+}}, %{{.+}} : tensor<36x8x16xf32>, tensor<36x16x16xf32>
// CHECK:         tg.winograd_output %{{.+}} : tensor<6x6x2x2x2x16xf32> -> tensor<2x8x8x16xf32>
// CHECK:         %[[O:.+]] = tg.transpose %{{.+}} permutation = [0, 3, 1, 2] : tensor<2x8x8x16xf32>
// CHECK-NEXT:    return %[[O]]
func.func @batch_unpadded(%x: tensor<2x16x10x10xf32>) -> tensor<2x16x8x8xf32> {
  %w = tg.constant dense<0.25> : tensor<16x16x3x3xf32>
  %y = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<2x16x10x10xf32>, tensor<16x16x3x3xf32>
  return %y : tensor<2x16x8x8xf32>
}

// -----

// A dilation of 2: the image's 4 phases (rows and columns even or odd)
// are a batch of 10x10 images whose convolutions are undilated, 2x2 tiles
// each. The padded image is 20 per side (2 zeros before, 6 after), its
// phases moved outermost; the outputs' blocks interleave the phases' rows
// and columns back (16 per side), cut to 12.
// CHECK-LABEL: func.func @dilated(
// CHECK-SAME:      aotc.winograd = [{channels = array<i64: 8, 8>, chosen = true, dilations = array<i64: 2, 2>,
// CHECK:         %[[COLS:.+]] = tg.concat %{{.+}}, %{{.+}}, %{{.+}} axis = 2 : tensor<1x12x2x8xf32>, tensor<1x12x12x8xf32>, tensor<1x12x6x8xf32>
// CHECK:         %[[IMAGE:.+]] = tg.concat %{{.+}}, %[[COLS]], %{{.+}} axis = 1 : tensor<1x2x20x8xf32>, tensor<1x12x20x8xf32>, tensor<1x6x20x8xf32>
// CHECK:         %[[SPLIT:.+]] = tg.reshape %[[IMAGE]] : tensor<1x20x20x8xf32> -> tensor<1x10x2x10x2x8xf32>
// CHECK:         %[[PHASES:.+]] = tg.transpose %[[SPLIT]] permutation = [2, 4, 0, 1, 3, 5] : tensor<1x10x2x10x2x8xf32>
// CHECK:         %[[BATCH:.+]] = tg.reshape %[[PHASES]] : tensor<2x2x1x10x10x8xf32> -> tensor<4x10x10x8xf32>
// CHECK:         tg.winograd_input %[[BATCH]] : tensor<4x10x10x8xf32> -> tensor<6x6x4x2x2x8xf32>
// CHECK:         tg.matmul %{{.+}}, %{{.+}} : tensor<36x16x8xf32>, tensor<36x8x8xf32>
// CHECK:         %[[OUT:.+]] = tg.winograd_output %{{.+}} : tensor<6x6x4x2x2x8xf32> -> tensor<4x8x8x8xf32>
// CHECK:         %[[BLOCKS:.+]] = tg.reshape %[[OUT]] : tensor<4x8x8x8xf32> -> tensor<2x2x1x8x8x8xf32>
// CHECK:         %[[P:.+]] = tg.transpose %[[BLOCKS]] permutation = [2, 5, 3, 0, 4, 1] : tensor<2x2x1x8x8x8xf32>
// CHECK:         %[[O:.+]] = tg.reshape %[[P]] : tensor<1x8x8x2x8x2xf32> -> tensor<1x8x16x16xf32>
// CHECK:         %[[Y:.+]] = tg.slice %[[O]] start = [0, 0, 0, 0] limit = [1, 8, 12, 12] stride = [1, 1, 1, 1]
// CHECK:         return %[[Y]]
func.func @dilated(%x: tensor<1x8x12x12xf32>) -> tensor<1x8x12x12xf32> {
  %w = tg.constant dense<0.5> : tensor<8x8x3x3xf32>
  %y = tg.conv %x, %w strides = [1, 1] dilations = [2, 2] pads = [2, 2, 2, 2] : tensor<1x8x12x12xf32>, tensor<8x8x3x3xf32>
  return %y : tensor<1x8x12x12xf32>
}

// -----

// Not F(4x4, 3x3)'s: strided, grouped, 5x5, a runtime weight, and a 1-D
// convolution stay as they are, and none is recorded.
// CHECK-LABEL: func.func @ineligible(
// CHECK-NOT:     aotc.winograd
// CHECK-COUNT-5: tg.conv
// CHECK-NOT:     tg.winograd_input
func.func @ineligible(%x: tensor<1x8x12x12xf32>, %rw: tensor<8x8x3x3xf32>, %x1: tensor<1x8x12xf32>)
    -> (tensor<1x8x6x6xf32>, tensor<1x8x10x10xf32>, tensor<1x8x8x8xf32>, tensor<1x8x10x10xf32>, tensor<1x8x10xf32>) {
  %w = tg.constant dense<0.5> : tensor<8x8x3x3xf32>
  %wg = tg.constant dense<0.5> : tensor<8x4x3x3xf32>
  %w5 = tg.constant dense<0.5> : tensor<8x8x5x5xf32>
  %w1 = tg.constant dense<0.5> : tensor<8x8x3xf32>
  %0 = tg.conv %x, %w strides = [2, 2] dilations = [1, 1] pads = [0, 0, 1, 1] : tensor<1x8x12x12xf32>, tensor<8x8x3x3xf32>
  %2 = tg.conv %x, %wg strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] group = 2 : tensor<1x8x12x12xf32>, tensor<8x4x3x3xf32>
  %3 = tg.conv %x, %w5 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x8x12x12xf32>, tensor<8x8x5x5xf32>
  %4 = tg.conv %x, %rw strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x8x12x12xf32>, tensor<8x8x3x3xf32>
  %5 = tg.conv %x1, %w1 strides = [1] dilations = [1] pads = [0, 0] : tensor<1x8x12xf32>, tensor<8x8x3xf32>
  return %0, %2, %3, %4, %5 : tensor<1x8x6x6xf32>, tensor<1x8x10x10xf32>, tensor<1x8x8x8xf32>, tensor<1x8x10x10xf32>, tensor<1x8x10xf32>
}
