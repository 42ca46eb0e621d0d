// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg="winograd=never" --linalg-generalize-named-ops --aotc-cpu-block-channels="vector-bits=512" -canonicalize -cse --aotc-tile-and-fuse -canonicalize -cse | FileCheck %s
// (winograd=never: these 3x3 convolutions are computed directly, which is
// what channel blocking is for; aotc-tg-winograd-convs would take them.)

// A convolution on channel-blocked images (aotc-cpu-block-channels) is
// tiled by output rows only: the pixels of a row are the kernel emitter's
// register rows and the channel block its vectors, so a tile keeps the
// whole row (28 pixels) and both blocks of 64 channels, with its padded
// window, its bias initialization and its ReLU. (The padded-window rule
// alone, one tile per pixel once a row's window exceeds 16 KiB, made 784
// tiles of one pixel.)

// CHECK-LABEL: func.func @blocked(
// CHECK:         scf.for %[[ROW:.+]] = %c0 to %c28 step %c1 iter_args
// CHECK-NOT:       scf.for
// CHECK:           tensor.pad
// CHECK:           } : tensor<1x2x?x28x64xf32> to tensor<1x2x3x30x64xf32>
// CHECK:           linalg.generic {{.*}} outs(%{{.+}} : tensor<1x2x1x28x64xf32>)
// CHECK:           linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel", "reduction"]
// CHECK-SAME:        outs(%{{.+}} : tensor<1x2x1x28x64xf32>)
// CHECK:             arith.maximumf
// CHECK:           tensor.insert_slice {{.*}} [1, 2, 1, 28, 64]
func.func @blocked(%x: tensor<1x128x28x28xf32>, %b: tensor<128xf32>) -> tensor<1x128x28x28xf32> {
  %w = tg.constant dense<0.5> : tensor<128x128x3x3xf32>
  %c1 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x128x28x28xf32>, tensor<128x128x3x3xf32>, tensor<128xf32>
  %r1 = tg.relu %c1 : tensor<1x128x28x28xf32>
  return %r1 : tensor<1x128x28x28xf32>
}
