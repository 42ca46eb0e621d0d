// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels="vector-bits=512 registers=32" -canonicalize -cse | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels="vector-bits=512 registers=32 prefetch=false" | FileCheck %s --check-prefix=OFF

// One tile of a loop over panels of constant weights (64 KiB each, more
// than L1): while the tile computes, every reduction step prefetches into
// L2 its share of the panel the loop's next iteration reads (the last
// iteration its own), 16384 elements over 12 register tiles x 256 steps:
// 6 elements a step.
// CHECK: #[[$MAP:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 * 6 + (d1 floordiv 32) * 1536 + (d2 floordiv 10) * 3072, 16383)>
// CHECK-LABEL: func.func @prefetch_next_panel(
// CHECK:         scf.for %[[N:.*]] = %[[C0:.*]] to %[[C256:.*]] step %[[C64:[^ ]*]]
// CHECK:           %[[NEXT:.*]] = arith.addi %[[N]], %[[C64]]
// CHECK:           %[[LAST:.*]] = arith.minsi %[[NEXT]], %[[C192:.*]] : index
// CHECK:           %[[AT:.*]] = arith.maxsi %[[LAST]], %[[N]]
// CHECK:           %[[P:.*]] = affine.apply #{{.*}}(%[[AT]])
// CHECK:           %[[VIEW:.*]] = memref.subview %{{.*}}[%[[P]], 0, 0] [1, 256, 64]
// CHECK:           %[[FLAT:.*]] = memref.collapse_shape %[[VIEW]] {{\[\[}}0, 1]] {{.*}} into memref<16384xf32, strided<[1], offset: ?>>
// CHECK:           scf.for %[[BLOCK:.*]] = %[[C0]] to
// CHECK:             %[[ROW:.*]] = affine.min #{{.*}}(%[[BLOCK]])
// CHECK:             scf.for %[[VEC:.*]] = %[[C0]] to
// CHECK:               scf.for %[[K:.*]] = %[[C0]] to %[[C256]]
// CHECK:                 %[[I:.*]] = affine.min #[[$MAP]](%[[K]], %[[VEC]], %[[ROW]])
// CHECK:                 memref.prefetch %[[FLAT]][%[[I]]], read, locality<2>, data
// CHECK-NOT:             memref.prefetch
// CHECK:                 arith.mulf
// OFF-LABEL: func.func @prefetch_next_panel(
// OFF-NOT:   memref.prefetch
memref.global "private" constant @panels : memref<4x256x64xf32> = dense<1.0>
func.func @prefetch_next_panel(%a: memref<64x256xf32>, %c: memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %w = memref.get_global @panels : memref<4x256x64xf32>
  scf.for %n = %c0 to %c256 step %c64 {
    %p = affine.apply affine_map<(d0) -> (d0 floordiv 64)>(%n)
    %b = memref.subview %w[%p, 0, 0] [1, 256, 64] [1, 1, 1] : memref<4x256x64xf32> to memref<256x64xf32, strided<[64, 1], offset: ?>>
    %cs = memref.subview %c[0, %n] [64, 64] [1, 1] : memref<64x256xf32> to memref<64x64xf32, strided<[256, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<64x256xf32>, memref<256x64xf32, strided<[64, 1], offset: ?>>)
        outs(%cs : memref<64x64xf32, strided<[256, 1], offset: ?>>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %m = arith.mulf %x, %y fastmath<contract> : f32
      %s = arith.addf %acc, %m fastmath<contract> : f32
      linalg.yield %s : f32
    }
  }
  return
}

// -----

// The same matmul with weights that do not change from one tile to the
// next (the loop moves only the output), and one not in a loop at all:
// nothing to prefetch.
// CHECK-LABEL: func.func @same_weights(
// CHECK-NOT:   memref.prefetch
// CHECK:       return
// CHECK-LABEL: func.func @no_loop(
// CHECK-NOT:   memref.prefetch
// CHECK:       return
func.func @same_weights(%a: memref<128x256xf32>, %b: memref<256x64xf32>, %c: memref<128x64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  scf.for %m = %c0 to %c128 step %c64 {
    %as = memref.subview %a[%m, 0] [64, 256] [1, 1] : memref<128x256xf32> to memref<64x256xf32, strided<[256, 1], offset: ?>>
    %cs = memref.subview %c[%m, 0] [64, 64] [1, 1] : memref<128x64xf32> to memref<64x64xf32, strided<[64, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%as, %b : memref<64x256xf32, strided<[256, 1], offset: ?>>, memref<256x64xf32>)
        outs(%cs : memref<64x64xf32, strided<[64, 1], offset: ?>>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %p = arith.mulf %x, %y fastmath<contract> : f32
      %s = arith.addf %acc, %p fastmath<contract> : f32
      linalg.yield %s : f32
    }
  }
  return
}
func.func @no_loop(%a: memref<64x256xf32>, %b: memref<256x64xf32>, %c: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x256xf32>, memref<256x64xf32>)
      outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// No tile loop, but a loop over blocks of vectors (32 columns: 2 blocks of
// 16 of the channel-blocked weights, 32 KiB) with 3 register tiles of rows
// inside it, each reading the block's weights again: every step
// prefetches its share of the next block's (8192 elements right after the
// current block's, over 3 tiles x 256 steps: 11 a step).
// The tiles are one block of 10 rows and two of 9, in one loop (block b
// at row min(10b, 9b + 1)); the tile numbers row floordiv 9.
// CHECK-DAG: #[[$NEXT:.+]] = affine_map<(d0, d1, d2) -> (d0 * 11 + (d1 floordiv 9) * 2816 + (d2 floordiv 32) * 8192 + 8192, 32767)>
// CHECK-LABEL: func.func @prefetch_next_block(
// CHECK:         %[[FLAT:.+]] = memref.collapse_shape %arg1 {{\[\[}}0, 1, 2]] : memref<8x256x16xf32> into memref<32768xf32>
// CHECK:         scf.for %[[VB:.+]] = %c0 to %c128 step %c32 {
// CHECK:           scf.for %[[BLOCK:.+]] = %c0 to %c3 step %c1 {
// CHECK:             %[[ROW:.+]] = affine.min #{{.+}}(%[[BLOCK]])
// CHECK:             scf.for %[[K:.+]] = %c0 to %c256
// CHECK:               %[[I:.+]] = affine.min #[[$NEXT]](%[[K]], %[[ROW]], %[[VB]])
// CHECK:               memref.prefetch %[[FLAT]][%[[I]]], read, locality<2>, data
// CHECK:           } else {
// CHECK:             scf.for %[[K2:.+]] = %c0 to %c256
// CHECK:               %[[J:.+]] = affine.min #[[$NEXT]](%[[K2]], %[[ROW]], %[[VB]])
// CHECK:               memref.prefetch %[[FLAT]][%[[J]]]
// OFF-LABEL: func.func @prefetch_next_block(
// OFF-NOT:   memref.prefetch
func.func @prefetch_next_block(%a: memref<28x256xf32>, %b: memref<8x256x16xf32>, %c: memref<28x128xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n floordiv 16, k, n mod 16)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<28x256xf32>, memref<8x256x16xf32>)
      outs(%c : memref<28x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}
