// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --linalg-generalize-named-ops --aotc-fuse-elementwise --aotc-tile-and-fuse --canonicalize --cse --split-input-file | FileCheck %s

// conv + bias + relu: one loop over output rows. Each row pads its input
// window, broadcasts the bias into the output tile, accumulates into it and
// applies the relu in place; output channels stay whole, so the window is
// copied once per row, not once per channel.

// CHECK-LABEL: func.func @conv_bias_relu
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<1x16x32x32xf32>, %[[W:[a-z0-9]+]]: tensor<32x16x3x3xf32>, %[[B:[a-z0-9]+]]: tensor<32xf32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<1x32x32x32xf32>
// CHECK:         %[[LOOP:.+]] = scf.for %[[OH:.+]] = %c0 to %c32 step %c1 iter_args(%[[OUT:.+]] = %[[EMPTY]])
// CHECK-NOT:       scf.if
// CHECK:           %[[ROWS:.+]] = tensor.extract_slice %[[X]][0, 0, %{{.+}}, 0] [1, 16, %{{.+}}, 32]
// CHECK:           %[[WINDOW:.+]] = tensor.pad %[[ROWS]]
// CHECK:           } : tensor<1x16x?x32xf32> to tensor<1x16x3x34xf32>
// CHECK:           %[[TILE:.+]] = tensor.extract_slice %[[OUT]][0, 0, %[[OH]], 0] [1, 32, 1, 32]
// CHECK:           %[[BIAS:.+]] = linalg.generic {{.*}} ins(%[[B]] : tensor<32xf32>) outs(%[[TILE]] : tensor<1x32x1x32xf32>)
// CHECK:           %[[CONV:.+]] = linalg.generic {{.*}} ins(%[[WINDOW]], %[[W]] : {{.*}}) outs(%[[BIAS]] : tensor<1x32x1x32xf32>)
// CHECK:           %[[RELU:.+]] = linalg.generic {{.*}} outs(%[[CONV]] : tensor<1x32x1x32xf32>)
// CHECK:             arith.maximumf
// CHECK:           %[[INS:.+]] = tensor.insert_slice %[[RELU]] into %[[OUT]][0, 0, %[[OH]], 0] [1, 32, 1, 32]
// CHECK:           scf.yield %[[INS]]
// CHECK:         return %[[LOOP]]
func.func @conv_bias_relu(%x: tensor<1x16x32x32xf32>, %w: tensor<32x16x3x3xf32>, %b: tensor<32xf32>) -> tensor<1x32x32x32xf32> {
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x16x32x32xf32>, tensor<32x16x3x3xf32>, tensor<32xf32>
  %1 = tg.relu %0 : tensor<1x32x32x32xf32>
  return %1 : tensor<1x32x32x32xf32>
}

// -----

// matmul + bias + relu: all 8 rows stay in each tile (a matmul keeps blocks
// of rows for the CPU's register tiles), so the loop is over blocks of 32
// columns; the zero fill, the matmul and the epilogue share the tile.

// CHECK-LABEL: func.func @matmul_bias_relu
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<8x32xf32>, %[[W:[a-z0-9]+]]: tensor<32x64xf32>, %[[B:[a-z0-9]+]]: tensor<64xf32>
// CHECK:         scf.for %[[N:.+]] = %c0 to %c64 step %c32 iter_args(%[[OUT:.+]] = %{{.+}})
// CHECK:           %[[COLS:.+]] = tensor.extract_slice %[[W]][0, %[[N]]] [32, 32]
// CHECK:           %[[TILE:.+]] = tensor.extract_slice %[[OUT]][0, %[[N]]] [8, 32]
// CHECK:           %[[ZERO:.+]] = linalg.generic {{.*}} outs(%[[TILE]] : tensor<8x32xf32>)
// CHECK-NEXT:        ^bb0
// CHECK-NEXT:        linalg.yield %cst
// CHECK:           %[[MM:.+]] = linalg.generic {{.*}} ins(%[[X]], %[[COLS]] : {{.*}}) outs(%[[ZERO]] : tensor<8x32xf32>)
// CHECK:           linalg.generic {{.*}} ins(%{{.+}} : tensor<32xf32>) outs(%[[MM]] : tensor<8x32xf32>)
// CHECK:             arith.addf
// CHECK:             arith.maximumf
// CHECK:           tensor.insert_slice
// CHECK-NOT:     linalg.
func.func @matmul_bias_relu(%x: tensor<8x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<8x64xf32> {
  %0 = tg.matmul %x, %w : tensor<8x32xf32>, tensor<32x64xf32>
  %1 = tg.add %0, %b : tensor<8x64xf32>, tensor<64xf32>
  %2 = tg.relu %1 : tensor<8x64xf32>
  return %2 : tensor<8x64xf32>
}

// -----

// A row reduction with its zero fill and a scale (a mean): the output is one
// row of 100 elements, which is tiled in chunks of 50 so the group is one
// loop.

// CHECK-LABEL: func.func @mean_rows
// CHECK:         scf.for %{{.+}} = %c0 to %c100 step %c50
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK-NEXT:        ^bb0
// CHECK-NEXT:        linalg.yield %cst
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:           linalg.generic
// CHECK:             arith.divf
// CHECK:           tensor.insert_slice
// CHECK-NOT:     linalg.
func.func @mean_rows(%x: tensor<100x50xf32>) -> tensor<100xf32> {
  %0 = tg.reduce mean %x axes = [1] : tensor<100x50xf32>
  return %0 : tensor<100xf32>
}

// -----

// The matmul result has two users: no epilogue is fused, but the accumulator
// fill still runs in the matmul's own loop nest.

// CHECK-LABEL: func.func @two_users
// CHECK:         %[[MM:.+]] = scf.for
// CHECK:           linalg.generic
// CHECK-NEXT:        ^bb0
// CHECK-NEXT:        linalg.yield %cst
// CHECK:           linalg.generic {{.*}}"reduction"
// CHECK:         }
// CHECK:         linalg.generic {{.*}} ins(%[[MM]]
// CHECK:         linalg.generic {{.*}} ins(%[[MM]]
func.func @two_users(%x: tensor<8x32xf32>, %w: tensor<32x64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  %0 = tg.matmul %x, %w : tensor<8x32xf32>, tensor<32x64xf32>
  %1 = tg.relu %0 : tensor<8x64xf32>
  %2 = tg.neg %0 : tensor<8x64xf32>
  return %1, %2 : tensor<8x64xf32>, tensor<8x64xf32>
}

// -----

// The matmul's only user reads it transposed (relu, then a transpose, fused
// into one generic): it is no epilogue. Fused, the tile would write its
// output across rows, which no vector kernel does (a quantized graph's NCHW
// depthwise convolutions feeding the NHWC uint8 operand of a VNNI kernel
// ran as scalar code, 3x slower); it runs after the matmul's loop.

// CHECK-LABEL: func.func @matmul_relu_transposed
// CHECK:         %[[MM:.+]] = scf.for
// CHECK-NOT:       arith.maximumf
// CHECK:         } {aotc.parallel}
// CHECK:         linalg.generic {{.*}} ins(%[[MM]] : tensor<8x64xf32>) outs(%{{.+}} : tensor<64x8xf32>)
// CHECK:           arith.maximumf
func.func @matmul_relu_transposed(%x: tensor<8x32xf32>, %w: tensor<32x64xf32>) -> tensor<64x8xf32> {
  %0 = tg.matmul %x, %w : tensor<8x32xf32>, tensor<32x64xf32>
  %1 = tg.relu %0 : tensor<8x64xf32>
  %2 = tg.transpose %1 permutation = [1, 0] : tensor<8x64xf32>
  return %2 : tensor<64x8xf32>
}

// -----

// A relu feeding a conv is not recomputed in the conv's tiles: only pads,
// accumulator initializers and the epilogue join a group.

// CHECK-LABEL: func.func @producer_stays
// CHECK:         %[[RELU:.+]] = linalg.generic
// CHECK:           arith.maximumf
// CHECK:         scf.for
// CHECK:           tensor.extract_slice %[[RELU]]
func.func @producer_stays(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32> {
  %0 = tg.relu %x : tensor<1x4x8x8xf32>
  %1 = tg.conv %0, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>
  return %1 : tensor<1x4x8x8xf32>
}

// -----

// A 1x1 convolution + relu on 13x13 images with few channels: nothing to
// split by the other rules, and 13 is prime, so chunks of the innermost
// dimension would be single pixels (one lane of a vector). The output rows
// are split instead; each tile keeps whole rows of 13 pixels.

// CHECK-LABEL: func.func @conv1x1_prime_rows
// CHECK:         scf.for %[[H:.+]] = %c0 to %c13 step %c1 iter_args
// CHECK:           tensor.extract_slice %{{.+}}[0, 0, %[[H]], 0] [1, 32, 1, 13]
// CHECK:           linalg.generic {{.*}} outs(%{{.+}} : tensor<1x16x1x13xf32>)
// CHECK:             arith.maximumf
// CHECK:           tensor.insert_slice %{{.+}}[0, 0, %[[H]], 0] [1, 16, 1, 13]
func.func @conv1x1_prime_rows(%x: tensor<1x32x13x13xf32>, %w: tensor<16x32x1x1xf32>) -> tensor<1x16x13x13xf32> {
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x32x13x13xf32>, tensor<16x32x1x1xf32>
  %1 = tg.relu %0 : tensor<1x16x13x13xf32>
  return %1 : tensor<1x16x13x13xf32>
}

// -----

// A depthwise 3x3 convolution + relu on 7x7 images: the padded input
// depends on the channel and on the rows. A channel's whole padded window
// (9x9 floats, 324 bytes) is small, so its rows stay in one tile instead of
// 7 tiles of one row each, and a tile copies the windows of 8 channels
// (2.5 KiB; 16 would pass 4 KiB) before computing any of them.

// CHECK-LABEL: func.func @depthwise_small_image
// CHECK:         scf.for %[[C:.+]] = %c0 to %c32 step %c8 iter_args
// CHECK-NOT:       scf.for
// CHECK:           tensor.extract_slice %{{.+}}[0, %[[C]], 0, 0] [1, 8, 7, 7]
// CHECK:           tensor.pad
// CHECK:           } : tensor<1x8x7x7xf32> to tensor<1x8x9x9xf32>
// CHECK:           linalg.generic {{.*}} outs(%{{.+}} : tensor<1x8x7x7xf32>)
// CHECK:             arith.maximumf
// CHECK:           tensor.insert_slice %{{.+}}[0, %[[C]], 0, 0] [1, 8, 7, 7]
func.func @depthwise_small_image(%x: tensor<1x32x7x7xf32>, %w: tensor<32x1x3x3xf32>) -> tensor<1x32x7x7xf32> {
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] group = 32 : tensor<1x32x7x7xf32>, tensor<32x1x3x3xf32>
  %1 = tg.relu %0 : tensor<1x32x7x7xf32>
  return %1 : tensor<1x32x7x7xf32>
}

// -----

// A stride-2 3x3 convolution to 7x7 images, 512 channels: the padded input
// (450 KiB) is much smaller than the weights (9 MiB), so all output rows are
// computed in one tile and each weight is read once, not once per row.

// CHECK-LABEL: func.func @deep_stride2
// CHECK-NOT:     scf.for
// CHECK:         tensor.pad
// CHECK:         } : tensor<1x512x14x14xf32> to tensor<1x512x15x15xf32>
// CHECK-NOT:     scf.for
// CHECK:         linalg.generic {{.*}} outs(%{{.+}} : tensor<1x512x7x7xf32>)
func.func @deep_stride2(%x: tensor<1x512x14x14xf32>, %w: tensor<512x512x3x3xf32>) -> tensor<1x512x7x7xf32> {
  %0 = tg.conv %x, %w strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x512x14x14xf32>, tensor<512x512x3x3xf32>
  %1 = tg.relu %0 : tensor<1x512x7x7xf32>
  return %1 : tensor<1x512x7x7xf32>
}
