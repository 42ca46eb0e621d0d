// RUN: aotc-opt %s --split-input-file --aotc-cpu-nhwc-depthwise-convs | FileCheck %s

// A 3x3 depthwise convolution (stride 2, padding 1) whose image comes from
// a VNNI contraction's epilogue: it computes with channels innermost. The
// image is transposed to NHWC and padded there, the filter [C, 1, KH, KW]
// becomes [KH, KW, C] at compile time (channel 1's taps 9..17 land at
// every second element), the bias broadcast is broadcast again, the loops
// are (n, oh, ow, c, kh, kw) with the same strides, and a transposition
// back to NCHW replaces the result. The NCHW pad and broadcast go.
#in = affine_map<(n, c, oh, ow, g, kh, kw) -> (n, c + g, oh * 2 + kh, ow * 2 + kw)>
#w = affine_map<(n, c, oh, ow, g, kh, kw) -> (c, g, kh, kw)>
#out = affine_map<(n, c, oh, ow, g, kh, kw) -> (n, c, oh, ow)>
#nhwc = affine_map<(n, c, h, w) -> (n, h, w, c)>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>

// CHECK-DAG:   #[[IMAGE:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
// CHECK-DAG:   #[[FILTER:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5, d3)>
// CHECK-DAG:   #[[OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @beside_vnni(
// CHECK:         %[[Y:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1x2x6x6xf32>)
// CHECK:         %[[X:.+]] = linalg.transpose ins(%[[Y]] : tensor<1x2x6x6xf32>) outs(%{{.+}} : tensor<1x6x6x2xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %[[PADDED:.+]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK:         %[[W:.+]] = arith.constant dense<{{\[}}{{\[}}[0.000000e+00, 9.000000e+00], [1.000000e+00, 1.000000e+01]
// CHECK-SAME:      : tensor<3x3x2xf32>
// CHECK:         %[[INIT:.+]] = linalg.broadcast ins(%{{.+}} : tensor<2xf32>) outs(%{{.+}} : tensor<1x3x3x2xf32>) dimensions = [0, 1, 2]
// CHECK:         %[[DW:.+]] = linalg.generic {indexing_maps = [#[[IMAGE]], #[[FILTER]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME:      ins(%[[PADDED]], %[[W]] : tensor<1x8x8x2xf32>, tensor<3x3x2xf32>) outs(%[[INIT]] : tensor<1x3x3x2xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         %[[BACK:.+]] = linalg.transpose ins(%[[DW]] : tensor<1x3x3x2xf32>) outs(%{{.+}} : tensor<1x2x3x3xf32>) permutation = [0, 3, 1, 2]
// CHECK:         return %[[BACK]]
// CHECK-NOT:     tensor<1x2x8x8xf32>
func.func @beside_vnni(%acc: tensor<1x6x6x2xi32>, %bias: tensor<2xf32>) -> tensor<1x2x3x3xf32> {
  %e = tensor.empty() : tensor<1x6x6x2xi32>
  %vnni = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc : tensor<1x6x6x2xi32>) outs(%e : tensor<1x6x6x2xi32>) attrs = {aotc.vnni} {
  ^bb0(%a: i32, %o: i32):
    linalg.yield %a : i32
  } -> tensor<1x6x6x2xi32>
  %ey = tensor.empty() : tensor<1x2x6x6xf32>
  %y = linalg.generic {indexing_maps = [#nhwc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%vnni : tensor<1x6x6x2xi32>) outs(%ey : tensor<1x2x6x6xf32>) {
  ^bb0(%a: i32, %o: f32):
    %f = arith.sitofp %a : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1x2x6x6xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %y low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
  %w = arith.constant dense<[[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]],
                             [[[9.0, 10.0, 11.0], [12.0, 13.0, 14.0], [15.0, 16.0, 17.0]]]]> : tensor<2x1x3x3xf32>
  %eo = tensor.empty() : tensor<1x2x3x3xf32>
  %init = linalg.broadcast ins(%bias : tensor<2xf32>) outs(%eo : tensor<1x2x3x3xf32>) dimensions = [0, 2, 3]
  %dw = linalg.generic {indexing_maps = [#in, #w, #out],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%padded, %w : tensor<1x2x8x8xf32>, tensor<2x1x3x3xf32>) outs(%init : tensor<1x2x3x3xf32>) {
  ^bb0(%x: f32, %k: f32, %o: f32):
    %m = arith.mulf %x, %k : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x3x3xf32>
  return %dw : tensor<1x2x3x3xf32>
}

// -----

// Left alone: no VNNI contraction within reach (a float32 graph keeps its
// channel-blocked depthwise kernel).
#in = affine_map<(n, c, oh, ow, g, kh, kw) -> (n, c + g, oh + kh, ow + kw)>
#w = affine_map<(n, c, oh, ow, g, kh, kw) -> (c, g, kh, kw)>
#out = affine_map<(n, c, oh, ow, g, kh, kw) -> (n, c, oh, ow)>

// CHECK-LABEL: func.func @float_graph(
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
func.func @float_graph(%x: tensor<1x2x5x5xf32>, %init: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<1.0> : tensor<2x1x3x3xf32>
  %dw = linalg.generic {indexing_maps = [#in, #w, #out],
                        iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x2x5x5xf32>, tensor<2x1x3x3xf32>) outs(%init : tensor<1x2x3x3xf32>) {
  ^bb0(%a: f32, %k: f32, %o: f32):
    %m = arith.mulf %a, %k : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x3x3xf32>
  return %dw : tensor<1x2x3x3xf32>
}
