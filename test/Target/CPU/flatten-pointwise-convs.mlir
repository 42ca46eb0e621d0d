// RUN: aotc-opt %s --split-input-file --aotc-cpu-tg-to-linalg --linalg-generalize-named-ops --aotc-fuse-elementwise --canonicalize --cse --aotc-cpu-flatten-pointwise-convs | FileCheck %s

// A 1x1 convolution with a bias and a ReLU on a 14x14 image: a matmul over
// the 196 pixels, (n, co, p, ci), its weights a [co, ci] constant with the
// same values. The bias broadcast that initializes it and the ReLU after it
// are flattened too (reshape-by-collapsing), so they stay next to it; one
// expand_shape restores the image at the end, and the initializer's empty
// tensor is an empty tensor of the flat shape.

// CHECK-DAG:   #[[IMAGE:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG:   #[[WEIGHTS:.+]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-DAG:   #[[OUT:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @pointwise(
// CHECK:         %[[W:.+]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<1x2x196xf32>
// CHECK:         %[[BIAS:.+]] = linalg.generic {{.*}} outs(%[[EMPTY]] : tensor<1x2x196xf32>)
// CHECK:         %[[X:.+]] = tensor.collapse_shape %arg0 {{\[\[}}0], [1], [2, 3]] : tensor<1x3x14x14xf32> into tensor<1x3x196xf32>
// CHECK:         %[[MM:.+]] = linalg.generic {indexing_maps = [#[[IMAGE]], #[[WEIGHTS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME:        ins(%[[X]], %[[W]] : tensor<1x3x196xf32>, tensor<2x3xf32>) outs(%[[BIAS]] : tensor<1x2x196xf32>)
// CHECK:         %[[RELU:.+]] = linalg.generic {{.*}} ins(%[[MM]] : tensor<1x2x196xf32>)
// CHECK:           arith.maximumf
// CHECK:         %[[R:.+]] = tensor.expand_shape %[[RELU]] {{\[\[}}0], [1], [2, 3]] output_shape [1, 2, 14, 14] : tensor<1x2x196xf32> into tensor<1x2x14x14xf32>
// CHECK:         return %[[R]]
func.func @pointwise(%x: tensor<1x3x14x14xf32>) -> tensor<1x2x14x14xf32> {
  %w = tg.constant dense<[[[[1.0]], [[2.0]], [[3.0]]], [[[4.0]], [[5.0]], [[6.0]]]]> : tensor<2x3x1x1xf32>
  %b = tg.constant dense<[0.5, -0.5]> : tensor<2xf32>
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0]
      : tensor<1x3x14x14xf32>, tensor<2x3x1x1xf32>, tensor<2xf32>
  %1 = tg.relu %0 : tensor<1x2x14x14xf32>
  return %1 : tensor<1x2x14x14xf32>
}

// -----

// A 1x1 convolution with stride 2 reads every other row and pixel: those
// are copied out first (a 3x7x7 image of the 3x14x14 one), then it is a
// matmul over the 49 pixels. Left alone: a padded 1x1 convolution
// (aotc-tile-and-fuse pads its image per tile) and a 3x3 one.

// CHECK-DAG:   #[[EVERY_OTHER:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2, d3 * 2)>
// CHECK-LABEL: func.func @not_pointwise(
// CHECK:         %[[SUB:.+]] = linalg.generic {indexing_maps = [#[[EVERY_OTHER]], #{{.+}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x3x14x14xf32>) outs(%{{.+}} : tensor<1x3x7x7xf32>)
// CHECK:         %[[FLAT:.+]] = tensor.collapse_shape %[[SUB]] {{\[\[}}0], [1], [2, 3]] : tensor<1x3x7x7xf32> into tensor<1x3x49xf32>
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[FLAT]],
// CHECK-COUNT-2: iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
func.func @not_pointwise(%x: tensor<1x3x14x14xf32>, %w1: tensor<2x3x1x1xf32>,
                         %w3: tensor<2x3x3x3xf32>)
    -> (tensor<1x2x7x7xf32>, tensor<1x2x16x16xf32>, tensor<1x2x12x12xf32>) {
  %0 = tg.conv %x, %w1 strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0]
      : tensor<1x3x14x14xf32>, tensor<2x3x1x1xf32>
  %1 = tg.conv %x, %w1 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1]
      : tensor<1x3x14x14xf32>, tensor<2x3x1x1xf32>
  %2 = tg.conv %x, %w3 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0]
      : tensor<1x3x14x14xf32>, tensor<2x3x3x3xf32>
  return %0, %1, %2 : tensor<1x2x7x7xf32>, tensor<1x2x16x16xf32>, tensor<1x2x12x12xf32>
}

// -----

// Left alone too: a 1x1 convolution whose ReLU output is concatenated (a
// SqueezeNet fire module's expand branch). Flat, its result would reach
// the concatenation through a reshape, which bufferization cannot compute
// in place, and be copied into it.

// CHECK-LABEL: func.func @concatenated(
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK:         tensor.insert_slice
func.func @concatenated(%x: tensor<1x3x14x14xf32>, %w: tensor<2x3x1x1xf32>,
                        %y: tensor<1x2x14x14xf32>) -> tensor<1x4x14x14xf32> {
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0]
      : tensor<1x3x14x14xf32>, tensor<2x3x1x1xf32>
  %1 = tg.relu %0 : tensor<1x2x14x14xf32>
  %2 = tg.concat %1, %y axis = 1 : tensor<1x2x14x14xf32>, tensor<1x2x14x14xf32>
  return %2 : tensor<1x4x14x14xf32>
}

// -----

// The ReLU between a 3x3 and a 1x1 convolution keeps its image shape: it
// is the 3x3 convolution's epilogue (aotc-tile-and-fuse fuses it there),
// and only its result is reshaped for the 1x1 convolution. Flattened, it
// would read the 3x3 convolution through a reshape and run on its own.

// CHECK-LABEL: func.func @relu_between(
// CHECK:         %[[RELU:.+]] = linalg.generic {{.*}} ins(%{{.+}} : tensor<1x4x14x14xf32>) outs(%{{.+}} : tensor<1x4x14x14xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      arith.maximumf
// CHECK:         tensor.collapse_shape %[[RELU]] {{\[\[}}0], [1], [2, 3]] : tensor<1x4x14x14xf32> into tensor<1x4x196xf32>
func.func @relu_between(%x: tensor<1x3x16x16xf32>, %w3: tensor<4x3x3x3xf32>,
                        %w1: tensor<2x4x1x1xf32>) -> tensor<1x2x14x14xf32> {
  %0 = tg.conv %x, %w3 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0]
      : tensor<1x3x16x16xf32>, tensor<4x3x3x3xf32>
  %1 = tg.relu %0 : tensor<1x4x14x14xf32>
  %2 = tg.conv %1, %w1 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0]
      : tensor<1x4x14x14xf32>, tensor<2x4x1x1xf32>
  return %2 : tensor<1x2x14x14xf32>
}

// -----

// Left alone as well: a 1x1 convolution whose SiLU output is padded for a
// depthwise convolution, with rows of whole vectors (32 pixels). As an
// image it is computed into the padded buffer (aotc-cpu-materialize-pads),
// so the depthwise convolution's tiles read their windows in place; flat,
// it would reach the pad through a reshape. The same expansion before an
// ordinary 3x3 convolution, or with 14-pixel rows, is flattened.

// CHECK-LABEL: func.func @before_depthwise(
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK:         tensor.pad
// CHECK-LABEL: func.func @before_dense(
// CHECK:         tensor.collapse_shape
// CHECK-LABEL: func.func @narrow_before_depthwise(
// CHECK:         tensor.collapse_shape
func.func @before_depthwise(%x: tensor<1x8x32x32xf32>, %w: tensor<16x8x1x1xf32>, %b: tensor<16xf32>,
                            %dw: tensor<16x1x3x3xf32>, %db: tensor<16xf32>) -> tensor<1x16x32x32xf32> {
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x8x32x32xf32>, tensor<16x8x1x1xf32>, tensor<16xf32>
  %1 = tg.sigmoid %0 : tensor<1x16x32x32xf32>
  %2 = tg.mul %0, %1 : tensor<1x16x32x32xf32>, tensor<1x16x32x32xf32>
  %3 = tg.conv %2, %dw, %db strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] group = 16 : tensor<1x16x32x32xf32>, tensor<16x1x3x3xf32>, tensor<16xf32>
  return %3 : tensor<1x16x32x32xf32>
}
func.func @before_dense(%x: tensor<1x8x32x32xf32>, %w: tensor<16x8x1x1xf32>, %b: tensor<16xf32>,
                        %w3: tensor<16x16x3x3xf32>, %b3: tensor<16xf32>) -> tensor<1x16x32x32xf32> {
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x8x32x32xf32>, tensor<16x8x1x1xf32>, tensor<16xf32>
  %1 = tg.relu %0 : tensor<1x16x32x32xf32>
  %2 = tg.conv %1, %w3, %b3 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x16x32x32xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>
  return %2 : tensor<1x16x32x32xf32>
}
func.func @narrow_before_depthwise(%x: tensor<1x8x14x14xf32>, %w: tensor<16x8x1x1xf32>, %b: tensor<16xf32>,
                                   %dw: tensor<16x1x3x3xf32>, %db: tensor<16xf32>) -> tensor<1x16x14x14xf32> {
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x8x14x14xf32>, tensor<16x8x1x1xf32>, tensor<16xf32>
  %1 = tg.relu %0 : tensor<1x16x14x14xf32>
  %2 = tg.conv %1, %dw, %db strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] group = 16 : tensor<1x16x14x14xf32>, tensor<16x1x3x3xf32>, tensor<16xf32>
  return %2 : tensor<1x16x14x14xf32>
}
