// RUN: aotc-opt %s --split-input-file --aotc-tg-conv-transpose-as-convs | FileCheck %s

// A 2x2 kernel of stride 2 (a decoder's upsampling): each of the 4 output
// phases takes one tap, a pointwise convolution of the whole input by that
// tap's weights transposed to [M, C, 1, 1] (new constants: phase (0, 0)
// takes weight[c, m, 0, 0]); the phases interleave along the last
// dimension, then the first, through a concat on a new unit axis and a
// reshape; then the bias.
// CHECK-LABEL: func.func @k2s2(
// CHECK-DAG:     tg.constant dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}1.300000e+01]]], {{\[\[\[}}5.000000e+00]], {{\[\[}}1.700000e+01]]], {{\[\[\[}}9.000000e+00]], {{\[\[}}2.100000e+01]]]]> : tensor<3x2x1x1xf32>
// CHECK-COUNT-4: tg.conv %{{.+}}, %{{.+}} strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x2x3x3xf32>, tensor<3x2x1x1xf32>
// CHECK:         %[[ROW0:.+]] = tg.concat %{{.+}}, %{{.+}} axis = 4 : tensor<1x3x3x3x1xf32>, tensor<1x3x3x3x1xf32>
// CHECK:         tg.reshape %[[ROW0]] : tensor<1x3x3x3x2xf32> -> tensor<1x3x3x6xf32>
// CHECK:         %[[ROWS:.+]] = tg.concat %{{.+}}, %{{.+}} axis = 3 : tensor<1x3x3x1x6xf32>, tensor<1x3x3x1x6xf32>
// CHECK:         %[[Y:.+]] = tg.reshape %[[ROWS]] : tensor<1x3x3x2x6xf32> -> tensor<1x3x6x6xf32>
// CHECK:         %[[SUM:.+]] = tg.add %[[Y]], %{{.+}} : tensor<1x3x6x6xf32>, tensor<3x1x1xf32>
// CHECK-NOT:     tg.conv_transpose
// CHECK:         return %[[SUM]]
func.func @k2s2(%x: tensor<1x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x6x6xf32> {
  %w = tg.constant dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]], [[9.0, 10.0], [11.0, 12.0]]],
                          [[[13.0, 14.0], [15.0, 16.0]], [[17.0, 18.0], [19.0, 20.0]], [[21.0, 22.0], [23.0, 24.0]]]]> : tensor<2x3x2x2xf32>
  %0 = tg.conv_transpose %x, %w, %b strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] output_padding = [0, 0] : tensor<1x2x3x3xf32>, tensor<2x3x2x2xf32>, tensor<3xf32>
  return %0 : tensor<1x3x6x6xf32>
}

// -----

// Stride 3, a 4-tap kernel, pads 1 and output_padding 2, 16 outputs; the
// weight is a graph input, so each phase's weight is a gather of its
// elements. Phase 0 (outputs 0, 3, .., 15: 6 of them) takes tap 1; phase 1
// tap 2 (5 outputs, padded to 6); phase 2 taps 3 and 0, flipped (indices
// 3, 0 for m = 0, c = 0). Interleaved to 18 outputs and cut to 16.
// CHECK-LABEL: func.func @runtime_weight(
// CHECK:         tg.constant dense<{{\[\[\[}}1], [13]], {{\[\[}}5], [17]], {{\[\[}}9], [21]]]> : tensor<3x2x1xi64>
// CHECK:         tg.conv %{{.+}}, %{{.+}} strides = [1] dilations = [1] pads = [0, 1] : tensor<1x2x5xf32>, tensor<3x2x1xf32>
// CHECK:         tg.constant dense<{{\[\[\[}}2], [14]], {{\[\[}}6], [18]], {{\[\[}}10], [22]]]> : tensor<3x2x1xi64>
// CHECK:         %[[P1:.+]] = tg.conv %{{.+}}, %{{.+}} strides = [1] dilations = [1] pads = [0, 0] : tensor<1x2x5xf32>, tensor<3x2x1xf32>
// CHECK:         tg.pad constant %[[P1]] low = [0, 0, 0] high = [0, 0, 1] : tensor<1x3x5xf32>
// CHECK:         tg.constant dense<{{\[\[\[}}3, 0], [15, 12]], {{\[\[}}7, 4], [19, 16]], {{\[\[}}11, 8], [23, 20]]]> : tensor<3x2x2xi64>
// CHECK:         tg.gather
// CHECK:         tg.conv %{{.+}}, %{{.+}} strides = [1] dilations = [1] pads = [0, 1] : tensor<1x2x5xf32>, tensor<3x2x2xf32>
// CHECK:         tg.concat %{{.+}}, %{{.+}}, %{{.+}} axis = 3 : tensor<1x3x6x1xf32>, tensor<1x3x6x1xf32>, tensor<1x3x6x1xf32>
// CHECK:         tg.reshape %{{.+}} : tensor<1x3x6x3xf32> -> tensor<1x3x18xf32>
// CHECK:         tg.slice %{{.+}} start = [0, 0, 0] limit = [1, 3, 16] stride = [1, 1, 1] : tensor<1x3x18xf32>
func.func @runtime_weight(%x: tensor<1x2x5xf32>, %w: tensor<2x3x4xf32>) -> tensor<1x3x16xf32> {
  %0 = tg.conv_transpose %x, %w strides = [3] dilations = [1] pads = [1, 1] output_padding = [2] : tensor<1x2x5xf32>, tensor<2x3x4xf32>
  return %0 : tensor<1x3x16xf32>
}

// -----

// A 1-tap kernel of stride 2: the odd outputs receive no tap, zeros.
// CHECK-LABEL: func.func @tapless_phase(
// CHECK:         %[[EVEN:.+]] = tg.conv
// CHECK:         %[[ODD:.+]] = tg.constant dense<0.000000e+00> : tensor<1x2x4xf32>
// CHECK:         tg.reshape %[[EVEN]]
// CHECK:         tg.reshape %[[ODD]]
func.func @tapless_phase(%x: tensor<1x2x4xf32>, %w: tensor<2x2x1xf32>) -> tensor<1x2x7xf32> {
  %0 = tg.conv_transpose %x, %w strides = [2] dilations = [1] pads = [0, 0] output_padding = [0] : tensor<1x2x4xf32>, tensor<2x2x1xf32>
  return %0 : tensor<1x2x7xf32>
}

// -----

// Dilated: left to the lowering's gather.
// CHECK-LABEL: func.func @dilated(
// CHECK:         tg.conv_transpose
func.func @dilated(%x: tensor<1x2x4xf32>, %w: tensor<2x2x3xf32>) -> tensor<1x2x12xf32> {
  %0 = tg.conv_transpose %x, %w strides = [2] dilations = [2] pads = [0, 0] output_padding = [1] : tensor<1x2x4xf32>, tensor<2x2x3xf32>
  return %0 : tensor<1x2x12xf32>
}
