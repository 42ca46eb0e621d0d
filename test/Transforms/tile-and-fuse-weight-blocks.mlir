// RUN: aotc-opt %s --aotc-tile-and-fuse -canonicalize -cse | FileCheck %s

// A 1x1 convolution on channel-blocked images, as aotc-cpu-block-channels
// leaves it: x[n, kb, p, k] * w[cb, kb, k, c] -> o[n, cb, p, c]. Its rows
// (the 196 pixels p) are normally tiled in blocks of 8 to 64, every tile
// reading all the weights. With 2 MiB of weights (more than 512 KiB) and
// 800 KiB of pixels (at most 1 MiB), a tile instead takes all the pixels
// and one block of 64 output channels (256 KiB of weights): the pixels
// stay in L2 from one tile to the next and each weight is read once.

// CHECK-LABEL: func.func @large_weights(
// CHECK:         scf.for %[[CB:.+]] = %c0 to %c8 step %c1 iter_args
// CHECK-NOT:       scf.for
// CHECK:           linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x16x196x64xf32>, tensor<1x16x64x64xf32>)
// CHECK:           tensor.insert_slice {{.*}}[0, %[[CB]], 0, 0] [1, 1, 196, 64]

// 512 KiB of weights stay whole; rows are tiled as before.
// CHECK-LABEL: func.func @small_weights(
// CHECK:         scf.for %{{.+}} = %c0 to %c196 step %c49 iter_args
// CHECK:           tensor.insert_slice {{.*}} [1, 2, 49, 64]

// 12 MiB of pixels would not stay in L2 either: rows are tiled as before.
// CHECK-LABEL: func.func @large_rows(
// CHECK:         scf.for %{{.+}} = %c0 to %c3136 step %c64 iter_args
// CHECK:           tensor.insert_slice {{.*}} [1, 8, 64, 64]
#x = affine_map<(n, cb, p, c, kb, k) -> (n, kb, p, k)>
#w = affine_map<(n, cb, p, c, kb, k) -> (cb, kb, k, c)>
#o = affine_map<(n, cb, p, c, kb, k) -> (n, cb, p, c)>
func.func @large_weights(%x: tensor<1x16x196x64xf32>, %w: tensor<8x16x64x64xf32>) -> tensor<1x8x196x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x196x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x196x64xf32>) -> tensor<1x8x196x64xf32>
  %c = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x16x196x64xf32>, tensor<8x16x64x64xf32>) outs(%f : tensor<1x8x196x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x8x196x64xf32>
  return %c : tensor<1x8x196x64xf32>
}
func.func @small_weights(%x: tensor<1x16x196x64xf32>, %w: tensor<2x16x64x64xf32>) -> tensor<1x2x196x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x196x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x196x64xf32>) -> tensor<1x2x196x64xf32>
  %c = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x16x196x64xf32>, tensor<2x16x64x64xf32>) outs(%f : tensor<1x2x196x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x196x64xf32>
  return %c : tensor<1x2x196x64xf32>
}
func.func @large_rows(%x: tensor<1x16x3136x64xf32>, %w: tensor<8x16x64x64xf32>) -> tensor<1x8x3136x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x3136x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x3136x64xf32>) -> tensor<1x8x3136x64xf32>
  %c = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : tensor<1x16x3136x64xf32>, tensor<8x16x64x64xf32>) outs(%f : tensor<1x8x3136x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x8x3136x64xf32>
  return %c : tensor<1x8x3136x64xf32>
}
