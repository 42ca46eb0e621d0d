// RUN: aotc-opt %s --split-input-file --aotc-cpu-tg-to-linalg --linalg-generalize-named-ops --aotc-fuse-elementwise -canonicalize --aotc-cpu-flatten-pointwise-convs="vector-bits=512" -canonicalize --aotc-cpu-block-channels="vector-bits=512" -canonicalize -cse | FileCheck %s

// MobileNetV2's inverted residual block (1x1 expansion, 3x3 depthwise, 1x1
// projection) between channel counts that fill 16-lane vectors: the
// depthwise convolution is computed on blocks of 64 channels, each tap of
// a block one vector (loops (n, c/64, oh, ow, kh, kw, c mod 64), its
// filter a [1, 3, 3, 64] constant), and both 1x1 convolutions join it, so
// the block converts its layout only at its input and output. The
// expansion, which feeds the depthwise convolution's padded image, stays an
// image (not flattened: a blocked convolution over 16x16 pixels) so that it
// can write that padded image in place; the projection is flat.

// CHECK-DAG:   #[[DW_IMAGE:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2 + d4, d3 + d5, d6)>
// CHECK-DAG:   #[[DW_FILTER:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG:   #[[DW_OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d6)>
// CHECK-LABEL: func.func @inverted_residual(
// CHECK-DAG:     %[[W:.+]] = arith.constant dense<5.000000e-01> : tensor<1x3x3x64xf32>
// CHECK:         %[[X:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<1x32x16x16xf32>) outs(%{{.+}} : tensor<1x1x16x16x32xf32>)
// CHECK-NOT:     tensor<1x64x16x16xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %{{.+}} : tensor<1x1x16x16x32xf32>, tensor<1x1x1x1x32x64xf32>) outs(%{{.+}} : tensor<1x1x16x16x64xf32>)
// CHECK:         %[[PAD:.+]] = tensor.pad {{.*}} low[0, 0, 1, 1, 0] high[0, 0, 1, 1, 0]
// CHECK:         linalg.generic {indexing_maps = [#[[DW_IMAGE]], #[[DW_FILTER]], #[[DW_OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "parallel"]}
// CHECK-SAME:      ins(%[[PAD]], %[[W]] : tensor<1x1x18x18x64xf32>, tensor<1x3x3x64xf32>) outs(%{{.+}} : tensor<1x1x16x16x64xf32>)
// CHECK-NOT:     tensor<1x64x16x16xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x1x256x64xf32>, tensor<1x1x64x32xf32>) outs(%{{.+}} : tensor<1x1x256x32xf32>)
// CHECK:         linalg.generic {{.*}} outs(%{{.+}} : tensor<1x32x16x16xf32>)
// CHECK:         return
func.func @inverted_residual(%x: tensor<1x32x16x16xf32>) -> tensor<1x32x16x16xf32> {
  %w1 = tg.constant dense<0.25> : tensor<64x32x1x1xf32>
  %w2 = tg.constant dense<0.5> : tensor<64x1x3x3xf32>
  %w3 = tg.constant dense<0.75> : tensor<32x64x1x1xf32>
  %c1 = tg.conv %x, %w1 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x32x16x16xf32>, tensor<64x32x1x1xf32>
  %r1 = tg.relu %c1 : tensor<1x64x16x16xf32>
  %c2 = tg.conv %r1, %w2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] group = 64 : tensor<1x64x16x16xf32>, tensor<64x1x3x3xf32>
  %r2 = tg.relu %c2 : tensor<1x64x16x16xf32>
  %c3 = tg.conv %r2, %w3 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x16x16xf32>, tensor<32x64x1x1xf32>
  return %c3 : tensor<1x32x16x16xf32>
}

// -----

// The same block between 24 channels, which do not fill a 16-lane vector:
// the 1x1 convolutions cannot be blocked, so the depthwise convolution
// would be converted on both sides; it stays NCHW.

// CHECK-LABEL: func.func @narrow_neighbours(
// CHECK-NOT:     tensor<1x1x18x18x64xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x64x18x18xf32>, tensor<64x1x3x3xf32>) outs(%{{.+}} : tensor<1x64x16x16xf32>)
// CHECK-NOT:     tensor<1x1x18x18x64xf32>
// CHECK:         return
func.func @narrow_neighbours(%x: tensor<1x24x16x16xf32>) -> tensor<1x24x16x16xf32> {
  %w1 = tg.constant dense<0.25> : tensor<64x24x1x1xf32>
  %w2 = tg.constant dense<0.5> : tensor<64x1x3x3xf32>
  %w3 = tg.constant dense<0.75> : tensor<24x64x1x1xf32>
  %c1 = tg.conv %x, %w1 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x24x16x16xf32>, tensor<64x24x1x1xf32>
  %r1 = tg.relu %c1 : tensor<1x64x16x16xf32>
  %c2 = tg.conv %r1, %w2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] group = 64 : tensor<1x64x16x16xf32>, tensor<64x1x3x3xf32>
  %r2 = tg.relu %c2 : tensor<1x64x16x16xf32>
  %c3 = tg.conv %r2, %w3 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x16x16xf32>, tensor<24x64x1x1xf32>
  return %c3 : tensor<1x24x16x16xf32>
}

// -----

// A blocked chain that ends in a stride-2 depthwise convolution to a 7x7
// image, whose 1x1 projection (49 pixels) stays NCHW: the depthwise
// convolution reads the blocked expansion and joins the chain, so the
// conversion moves to its result, a quarter of its image.

// CHECK-LABEL: func.func @strided_end(
// CHECK:         linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x1x16x16x64xf32>, tensor<1x3x3x64xf32>) outs(%{{.+}} : tensor<1x1x14x14x64xf32>)
// CHECK:         linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x1x15x15x64xf32>, tensor<1x3x3x64xf32>) outs(%{{.+}} : tensor<1x1x7x7x64xf32>)
// CHECK-NOT:     tensor<1x64x14x14xf32>
// CHECK:         linalg.generic {{.*}} outs(%{{.+}} : tensor<1x64x7x7xf32>)
// CHECK:         return
func.func @strided_end(%x: tensor<1x32x14x14xf32>) -> tensor<1x32x7x7xf32> {
  %w1 = tg.constant dense<0.25> : tensor<64x32x1x1xf32>
  %w2 = tg.constant dense<0.5> : tensor<64x1x3x3xf32>
  %w3 = tg.constant dense<0.75> : tensor<32x64x1x1xf32>
  %c1 = tg.conv %x, %w1 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x32x14x14xf32>, tensor<64x32x1x1xf32>
  %c2 = tg.conv %c1, %w2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] group = 64 : tensor<1x64x14x14xf32>, tensor<64x1x3x3xf32>
  %c3 = tg.conv %c2, %w3 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x14x14xf32>, tensor<32x64x1x1xf32>
  %c4 = tg.conv %c3, %w1 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x32x14x14xf32>, tensor<64x32x1x1xf32>
  %c5 = tg.conv %c4, %w2 strides = [2, 2] dilations = [1, 1] pads = [0, 0, 1, 1] group = 64 : tensor<1x64x14x14xf32>, tensor<64x1x3x3xf32>
  %c6 = tg.conv %c5, %w3 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x7x7xf32>, tensor<32x64x1x1xf32>
  return %c6 : tensor<1x32x7x7xf32>
}
