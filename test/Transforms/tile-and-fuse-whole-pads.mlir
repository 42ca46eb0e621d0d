// RUN: aotc-opt %s --split-input-file --aotc-cpu-tg-to-linalg --linalg-generalize-named-ops --aotc-fuse-elementwise -canonicalize -cse --aotc-tile-and-fuse="whole-pads=true" -canonicalize -cse | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-tg-to-linalg --linalg-generalize-named-ops --aotc-fuse-elementwise -canonicalize -cse --aotc-tile-and-fuse -canonicalize -cse | FileCheck %s --check-prefix=FUSED

// With whole-pads, a pad whose source is computed into an empty tensor of
// its own (the first convolution's result, after its ReLU) stays whole,
// outside the second convolution's loop nest, for
// aotc-cpu-materialize-pads; the tiles are the same (one output row each).
// The pad of the argument %x, which nothing computes, is still fused into
// the first convolution's tiles. Without the option both are fused.

// CHECK-LABEL: func.func @two_convs(
// CHECK:         %[[H:.+]] = scf.for %{{.+}} = %c0 to %c16 step %c1 iter_args
// CHECK:           tensor.pad
// CHECK:           } : tensor<1x16x?x16xf32> to tensor<1x16x3x18xf32>
// CHECK:           scf.yield
// CHECK:         %[[P:.+]] = tensor.pad %[[H]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:         scf.for %{{.+}} = %c0 to %c16 step %c1 iter_args
// CHECK-NOT:       tensor.pad
// CHECK:           tensor.extract_slice %[[P]]
// CHECK-SAME:        [1, 16, 3, 18]
// CHECK-NOT:       tensor.pad
// CHECK:           scf.yield

// FUSED-LABEL: func.func @two_convs(
// FUSED:         scf.for
// FUSED:           tensor.pad
// FUSED:         scf.for
// FUSED:           tensor.pad
func.func @two_convs(%x: tensor<1x16x16x16xf32>, %w1: tensor<16x16x3x3xf32>, %b1: tensor<16xf32>, %w2: tensor<16x16x3x3xf32>, %b2: tensor<16xf32>) -> tensor<1x16x16x16xf32> {
  %0 = tg.conv %x, %w1, %b1 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x16x16x16xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>
  %1 = tg.relu %0 : tensor<1x16x16x16xf32>
  %2 = tg.conv %1, %w2, %b2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x16x16x16xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>
  return %2 : tensor<1x16x16x16xf32>
}

// -----

// A pad left whole is never copied, so it does not bound the rows kept in
// one tile: a stride-2 convolution with 2.4 MB of weights over a 1.7 MB
// padded input (too large to copy whole) keeps its rows together with
// whole-pads, so each weight is read once, not once per output row.

// CHECK-LABEL: func.func @deep_strided(
// CHECK-NOT:     scf.for
// CHECK:         tensor.pad
// CHECK-NOT:     scf.for
// CHECK:         return

// FUSED-LABEL: func.func @deep_strided(
// FUSED:         scf.for {{.*}} to %c28 step %c1
// FUSED:           tensor.pad
func.func @deep_strided(%x: tensor<1x128x56x56xf32>, %w: tensor<512x128x3x3xf32>, %b: tensor<512xf32>) -> tensor<1x512x28x28xf32> {
  %r = tg.relu %x : tensor<1x128x56x56xf32>
  %0 = tg.conv %r, %w, %b strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x128x56x56xf32>, tensor<512x128x3x3xf32>, tensor<512xf32>
  return %0 : tensor<1x512x28x28xf32>
}
