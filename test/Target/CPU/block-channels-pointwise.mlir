// RUN: aotc-opt %s --split-input-file --aotc-cpu-tg-to-linalg="winograd=never" --linalg-generalize-named-ops --aotc-fuse-elementwise -canonicalize --aotc-cpu-flatten-pointwise-convs -canonicalize --aotc-cpu-block-channels="vector-bits=512" -canonicalize -cse | FileCheck %s
// (winograd=never: these 3x3 convolutions are computed directly, which is
// what channel blocking is for; aotc-tg-winograd-convs would take them.)

// A ResNet bottleneck (1x1, 3x3, 1x1 and the residual add on a 28x28
// image): the 3x3 convolution is blocked for its short rows, and the 1x1
// convolutions on either side of it (matmuls over the flattened image,
// aotc-cpu-flatten-pointwise-convs) join it, so the whole block runs on
// channel-blocked images: one copy into blocks of 64 channels at the input
// (which the residual add reads too), one out at the end. The flattening
// reshapes move with the layout; every filter is a constant in blocks,
// output channels innermost.

// CHECK-DAG: #[[FLAT_IMAGE:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d2, d5)>
// CHECK-DAG: #[[FLAT_FILTER:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d3, d5, d4)>
// CHECK-DAG: #[[FLAT_OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d4)>
// CHECK-LABEL: func.func @bottleneck(
// CHECK-DAG:     %[[W3:.+]] = arith.constant dense<7.500000e-01> : tensor<4x1x64x64xf32>
// CHECK-DAG:     %[[W2:.+]] = arith.constant dense<5.000000e-01> : tensor<1x1x3x3x64x64xf32>
// CHECK-DAG:     %[[W1:.+]] = arith.constant dense<2.500000e-01> : tensor<1x4x64x64xf32>
// CHECK:         %[[X:.+]] = linalg.generic {{.*}} ins(%arg0 : tensor<1x256x28x28xf32>) outs(%{{.+}} : tensor<1x4x28x28x64xf32>)
// CHECK:         %[[XF:.+]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3], [4]] : tensor<1x4x28x28x64xf32> into tensor<1x4x784x64xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[FLAT_IMAGE]], #[[FLAT_FILTER]], #[[FLAT_OUT]]]
// CHECK-SAME:      ins(%[[XF]], %[[W1]] : tensor<1x4x784x64xf32>, tensor<1x4x64x64xf32>) outs(%{{.+}} : tensor<1x1x784x64xf32>)
// CHECK:         tensor.pad {{.*}} low[0, 0, 1, 1, 0] high[0, 0, 1, 1, 0]
// CHECK:         linalg.generic {{.*}} ins(%{{.+}}, %[[W2]] : tensor<1x1x30x30x64xf32>, tensor<1x1x3x3x64x64xf32>) outs(%{{.+}} : tensor<1x1x28x28x64xf32>)
// CHECK:         %[[C3:.+]] = linalg.generic {indexing_maps = [#[[FLAT_IMAGE]], #[[FLAT_FILTER]], #[[FLAT_OUT]]]
// CHECK-SAME:      tensor<4x1x64x64xf32>) outs(%{{.+}} : tensor<1x4x784x64xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[C3]], %[[XF]] : tensor<1x4x784x64xf32>, tensor<1x4x784x64xf32>)
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} outs(%{{.+}} : tensor<1x256x28x28xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      linalg.yield
// CHECK:         return
func.func @bottleneck(%x: tensor<1x256x28x28xf32>) -> tensor<1x256x28x28xf32> {
  %w1 = tg.constant dense<0.25> : tensor<64x256x1x1xf32>
  %w2 = tg.constant dense<0.5> : tensor<64x64x3x3xf32>
  %w3 = tg.constant dense<0.75> : tensor<256x64x1x1xf32>
  %c1 = tg.conv %x, %w1 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x256x28x28xf32>, tensor<64x256x1x1xf32>
  %r1 = tg.relu %c1 : tensor<1x64x28x28xf32>
  %c2 = tg.conv %r1, %w2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x28x28xf32>, tensor<64x64x3x3xf32>
  %r2 = tg.relu %c2 : tensor<1x64x28x28xf32>
  %c3 = tg.conv %r2, %w3 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x28x28xf32>, tensor<256x64x1x1xf32>
  %s = tg.add %c3, %x : tensor<1x256x28x28xf32>, tensor<1x256x28x28xf32>
  %r3 = tg.relu %s : tensor<1x256x28x28xf32>
  return %r3 : tensor<1x256x28x28xf32>
}

// -----

// Two blocked branches meet in a residual add (ResNet's first bottleneck of
// a stage: the 1x1 convolution after the 3x3 one, and the shortcut's 1x1
// convolution, blocked because its result is blocked again for the next
// 3x3 convolution): the add reads both blocked results, with no conversion
// between (upstream's propagation moves an unpack through a generic only
// when it is the only one among its operands). The zeros a convolution
// without bias accumulates into are filled in blocks, not copied into them.

// CHECK-LABEL: func.func @two_branches(
// CHECK:         linalg.generic {{.*}} ins(%arg0 : tensor<1x64x28x28xf32>) outs(%{{.+}} : tensor<1x1x28x28x64xf32>)
// CHECK-NOT:     outs(%{{.+}} : tensor<1x64x28x28xf32>)
// CHECK-NOT:     outs(%{{.+}} : tensor<1x256x784xf32>)
// CHECK:         %[[A:.+]] = linalg.generic {{.*}}"reduction", "parallel", "reduction"]{{.*}} outs(%{{.+}} : tensor<1x4x784x64xf32>)
// CHECK:         %[[B:.+]] = linalg.generic {{.*}}"reduction", "parallel", "reduction"]{{.*}} outs(%{{.+}} : tensor<1x4x784x64xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<1x4x784x64xf32>, tensor<1x4x784x64xf32>)
// CHECK:           arith.addf
// CHECK-NOT:     tensor<1x256x28x28xf32>
// CHECK:         tensor.pad
// CHECK-SAME:      low[0, 0, 1, 1, 0]
// CHECK:         linalg.generic {{.*}} outs(%{{.+}} : tensor<1x64x28x28xf32>)
// CHECK:         return
func.func @two_branches(%x: tensor<1x64x28x28xf32>) -> tensor<1x64x28x28xf32> {
  %wa = tg.constant dense<0.5> : tensor<64x64x3x3xf32>
  %wb = tg.constant dense<0.25> : tensor<256x64x1x1xf32>
  %wc = tg.constant dense<0.75> : tensor<256x64x1x1xf32>
  %wd = tg.constant dense<0.125> : tensor<64x256x3x3xf32>
  %a1 = tg.conv %x, %wa strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x28x28xf32>, tensor<64x64x3x3xf32>
  %a2 = tg.relu %a1 : tensor<1x64x28x28xf32>
  %a3 = tg.conv %a2, %wb strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x28x28xf32>, tensor<256x64x1x1xf32>
  %b = tg.conv %x, %wc strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x28x28xf32>, tensor<256x64x1x1xf32>
  %s = tg.add %a3, %b : tensor<1x256x28x28xf32>, tensor<1x256x28x28xf32>
  %r = tg.relu %s : tensor<1x256x28x28xf32>
  %d = tg.conv %r, %wd strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x256x28x28xf32>, tensor<64x256x3x3xf32>
  return %d : tensor<1x64x28x28xf32>
}

// -----

// A ResNet stem: the 7x7 stride-2 first convolution (its 112-pixel rows fill
// whole vectors, but its stride-2 reads need shuffles there) and the 3x3
// stride-2 max pool after it join the blocked 3x3 convolution that follows:
// the first convolution broadcasts its 3 input channels (not blocked) into
// blocks of 64 output channels, the pool takes the maximum of whole channel
// vectors (its -inf padding on the blocked image), and nothing converts
// until the end.

// CHECK-LABEL: func.func @stem(
// CHECK:         linalg.generic {{.*}}"reduction", "reduction", "reduction", "parallel"]} ins(%{{.+}}, %{{.+}} : tensor<1x3x230x230xf32>, tensor<1x3x7x7x64xf32>) outs(%{{.+}} : tensor<1x1x112x112x64xf32>)
// CHECK:         tensor.pad {{.*}} low[0, 0, 1, 1, 0] high[0, 0, 0, 0, 0]
// CHECK:         linalg.generic {{.*}}"reduction", "reduction", "parallel"]} ins(%{{.+}}, %{{.+}} : tensor<1x1x113x113x64xf32>, tensor<3x3xf32>) outs(%{{.+}} : tensor<1x1x56x56x64xf32>)
// CHECK:           arith.maximumf
// CHECK:         linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x1x58x58x64xf32>, tensor<1x1x3x3x64x64xf32>)
// CHECK:         linalg.generic {{.*}} outs(%{{.+}} : tensor<1x64x56x56xf32>)
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      linalg.yield
func.func @stem(%x: tensor<1x3x224x224xf32>) -> tensor<1x64x56x56xf32> {
  %w1 = tg.constant dense<0.25> : tensor<64x3x7x7xf32>
  %w2 = tg.constant dense<0.5> : tensor<64x64x3x3xf32>
  %c1 = tg.conv %x, %w1 strides = [2, 2] dilations = [1, 1] pads = [3, 3, 3, 3] : tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>
  %r1 = tg.relu %c1 : tensor<1x64x112x112xf32>
  %p = tg.pool max %r1 kernel = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x112x112xf32>
  %c2 = tg.conv %p, %w2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>
  return %c2 : tensor<1x64x56x56xf32>
}

// -----

// The same first convolution before a depthwise convolution (MobileNet's
// stem), which is not blocked: it stays NCHW, vectorized along its rows.

// CHECK-LABEL: func.func @stem_alone(
// CHECK-NOT:     tensor<1x1x
// CHECK:         return
func.func @stem_alone(%x: tensor<1x3x224x224xf32>) -> tensor<1x64x112x112xf32> {
  %w1 = tg.constant dense<0.25> : tensor<64x3x7x7xf32>
  %c1 = tg.conv %x, %w1 strides = [2, 2] dilations = [1, 1] pads = [3, 3, 3, 3] : tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>
  %r1 = tg.relu %c1 : tensor<1x64x112x112xf32>
  return %r1 : tensor<1x64x112x112xf32>
}
