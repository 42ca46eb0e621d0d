// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --linalg-generalize-named-ops --aotc-fuse-elementwise --cse --aotc-tile-and-fuse --canonicalize --cse | FileCheck %s

// Two convolutions of the same shape (a fire module's two expand branches,
// concatenated) start from zero accumulators that CSE merges into one fill
// of the whole output. Each group gets its own copy of the fill, tiled
// with it: every tile zeroes only its own 1x8x16x8 accumulator. A shared
// fill stayed outside the groups, and bufferization then rewrote the whole
// 1x8x16x16 buffer inside every tile (SqueezeNet: 774 KB per output row,
// 55 rows, in each fire module).

// CHECK-LABEL: func.func @shared_zero_init
// CHECK-NOT:     linalg.generic {{.*}} outs(%{{.+}} : tensor<1x8x16x16xf32>)
// CHECK:         scf.for
// CHECK:           %[[Z1:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1x8x16x8xf32>)
// CHECK-NEXT:        ^bb0
// CHECK-NEXT:        linalg.yield %cst
// CHECK:           linalg.generic {{.*}} outs(%[[Z1]] : tensor<1x8x16x8xf32>)
// CHECK-NOT:     linalg.generic {{.*}} outs(%{{.+}} : tensor<1x8x16x16xf32>)
// CHECK:         scf.for
// CHECK:           %[[Z2:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1x8x16x8xf32>)
// CHECK-NEXT:        ^bb0
// CHECK-NEXT:        linalg.yield %cst
// CHECK:           linalg.generic {{.*}} outs(%[[Z2]] : tensor<1x8x16x8xf32>)
// CHECK:         tensor.insert_slice
// CHECK:         tensor.insert_slice
func.func @shared_zero_init(%x: tensor<1x4x16x16xf32>, %w1: tensor<8x4x3x3xf32>, %w2: tensor<8x4x3x3xf32>) -> tensor<1x16x16x16xf32> {
  %0 = tg.conv %x, %w1 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x4x16x16xf32>, tensor<8x4x3x3xf32>
  %1 = tg.relu %0 : tensor<1x8x16x16xf32>
  %2 = tg.conv %x, %w2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x4x16x16xf32>, tensor<8x4x3x3xf32>
  %3 = tg.relu %2 : tensor<1x8x16x16xf32>
  %4 = tg.concat %1, %3 axis = 1 : tensor<1x8x16x16xf32>, tensor<1x8x16x16xf32>
  return %4 : tensor<1x16x16x16xf32>
}
