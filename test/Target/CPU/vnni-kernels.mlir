// RUN: aotc-opt %s --split-input-file --aotc-cpu-vnni-kernels | FileCheck %s

// A uint8 x int8 contraction of aotc-cpu-vnni-matmuls on buffers: 7 rows,
// 9 blocks of 16 columns, 2 steps of 4. Blocks outermost (tiles of 4, then
// 1, which needs no loop), rows inside (a tile of 6, then 1); each tile keeps its int32
// accumulators in registers across the steps: per step one 64-byte load of
// the packed operand per block, one broadcast of 4 bytes per row, and one
// vpdpbusd per row and block. The loops over blocks and rows are marked
// parallel, for NAME_run_parallel's tasks.
#a = affine_map<(m, nb, j, k4, i) -> (m, k4 * 4 + i)>
#p = affine_map<(m, nb, j, k4, i) -> (nb, k4, j, i)>
#c = affine_map<(m, nb, j, k4, i) -> (m, nb * 16 + j)>

// CHECK-LABEL: func.func @tiles(
// CHECK-SAME:      %[[A:.+]]: memref<7x8xi8>, %[[P:.+]]: memref<9x2x16x4xi8>, %[[C:.+]]: memref<7x144xi32>)
// CHECK:         %[[ROWS:.+]] = memref.collapse_shape %[[P]] {{\[}}[0], [1], [2, 3]] : memref<9x2x16x4xi8> into memref<9x2x64xi8>
// CHECK:         scf.for %[[NB:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:           scf.for %[[M:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-COUNT-24:    vector.load %[[C]][%{{.+}}, %{{.+}}] : memref<7x144xi32>, vector<16xi32>
// CHECK:             scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(
// CHECK-COUNT-4:       vector.load %[[ROWS]][%{{.+}}, %[[K]], %{{.+}}] : memref<9x2x64xi8>, vector<64xi8>
// CHECK:               %[[FOUR:.+]] = vector.load %[[A]][%[[M]], %{{.+}}] : memref<7x8xi8>, vector<4xi8>
// CHECK-NEXT:          %[[WORD:.+]] = vector.bitcast %[[FOUR]] : vector<4xi8> to vector<1xi32>
// CHECK-NEXT:          %[[SCALAR:.+]] = vector.extract %[[WORD]][0] : i32 from vector<1xi32>
// CHECK-NEXT:          %[[SPLAT:.+]] = vector.broadcast %[[SCALAR]] : i32 to vector<16xi32>
// CHECK-NEXT:          %[[BYTES:.+]] = vector.bitcast %[[SPLAT]] : vector<16xi32> to vector<64xi8>
// CHECK-NEXT:          llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.+}}, %[[BYTES]], %{{.+}}) : (vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// CHECK-COUNT-23:      llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK:               scf.yield
// CHECK-COUNT-24:    vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<7x144xi32>, vector<16xi32>
// CHECK-NEXT:      } {aotc.parallel}
// CHECK:           scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-COUNT-4:     llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK:         } {aotc.parallel}
// CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-COUNT-6:   llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-COUNT-1:   llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK-NOT:     linalg.generic
func.func @tiles(%a: memref<7x8xi8>, %p: memref<9x2x16x4xi8>, %c: memref<7x144xi32>) {
  linalg.generic {indexing_maps = [#a, #p, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %p : memref<7x8xi8>, memref<9x2x16x4xi8>) outs(%c : memref<7x144xi32>)
      attrs = {aotc.vnni} {
  ^bb0(%x: i8, %w: i8, %acc: i32):
    %xw = arith.extui %x : i8 to i32
    %ww = arith.extsi %w : i8 to i32
    %prod = arith.muli %xw, %ww : i32
    %sum = arith.addi %acc, %prod : i32
    linalg.yield %sum : i32
  }
  return
}

// -----

// Not emitted: an operand whose innermost dimension is strided.
#a = affine_map<(m, nb, j, k4, i) -> (m, k4 * 4 + i)>
#p = affine_map<(m, nb, j, k4, i) -> (nb, k4, j, i)>
#c = affine_map<(m, nb, j, k4, i) -> (m, nb * 16 + j)>
// CHECK-LABEL: func.func @strided(
// CHECK:         linalg.generic
// CHECK-NOT:     llvm.call_intrinsic
func.func @strided(%a: memref<2x8xi8, strided<[16, 2]>>, %p: memref<1x2x16x4xi8>, %c: memref<2x16xi32>) {
  linalg.generic {indexing_maps = [#a, #p, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %p : memref<2x8xi8, strided<[16, 2]>>, memref<1x2x16x4xi8>) outs(%c : memref<2x16xi32>)
      attrs = {aotc.vnni} {
  ^bb0(%x: i8, %w: i8, %acc: i32):
    %xw = arith.extui %x : i8 to i32
    %ww = arith.extsi %w : i8 to i32
    %prod = arith.muli %xw, %ww : i32
    %sum = arith.addi %acc, %prod : i32
    linalg.yield %sum : i32
  }
  return
}

// -----

// A zero fill of the output just before goes: the accumulators start as
// zero vectors instead of loads.
#a = affine_map<(m, nb, j, k4, i) -> (m, k4 * 4 + i)>
#p = affine_map<(m, nb, j, k4, i) -> (nb, k4, j, i)>
#c = affine_map<(m, nb, j, k4, i) -> (m, nb * 16 + j)>
// CHECK-LABEL: func.func @zero_init(
// CHECK-NOT:     linalg.fill
// CHECK:         %[[ZEROS:.+]] = arith.constant dense<0> : vector<16xi32>
// CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %[[ZEROS]])
// CHECK-NOT:     vector.load %arg2
func.func @zero_init(%a: memref<1x8xi8>, %p: memref<1x2x16x4xi8>, %c: memref<1x16xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%c : memref<1x16xi32>)
  linalg.generic {indexing_maps = [#a, #p, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %p : memref<1x8xi8>, memref<1x2x16x4xi8>) outs(%c : memref<1x16xi32>)
      attrs = {aotc.vnni} {
  ^bb0(%x: i8, %w: i8, %acc: i32):
    %xw = arith.extui %x : i8 to i32
    %ww = arith.extsi %w : i8 to i32
    %prod = arith.muli %xw, %ww : i32
    %sum = arith.addi %acc, %prod : i32
    linalg.yield %sum : i32
  }
  return
}

// -----

// A convolution of aotc-cpu-vnni-convs: rows are the output pixels (n, oh,
// ow) flattened, 12 of them in tiles of 6, each row's coordinates recovered
// once per tile; the steps are the taps (kh, kw) and groups of 4 channels,
// three loops carrying the accumulators; each row reads its 4 bytes at
// the window's position (stride 2). One block of 16 filters needs no loop.
#a = affine_map<(n, oh, ow, nb, j, kh, kw, cg, i) -> (n, oh * 2 + kh, ow * 2 + kw, cg * 4 + i)>
#p = affine_map<(n, oh, ow, nb, j, kh, kw, cg, i) -> (nb, kh, kw, cg, j, i)>
#c = affine_map<(n, oh, ow, nb, j, kh, kw, cg, i) -> (n, oh, ow, nb * 16 + j)>

// CHECK-LABEL: func.func @conv(
// CHECK-SAME:      %[[A:.+]]: memref<1x7x9x8xi8>, %[[P:.+]]: memref<1x3x3x2x16x4xi8>, %[[C:.+]]: memref<1x3x4x16xi32>)
// CHECK:         %[[ROWS:.+]] = memref.collapse_shape %[[P]] {{\[}}[0], [1], [2], [3], [4, 5]] : memref<1x3x3x2x16x4xi8> into memref<1x3x3x2x64xi8>
// CHECK:         scf.for %[[ROW:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:           %[[OW:.+]] = arith.remui %[[ROW]], %{{.+}} : index
// CHECK:           %[[REST:.+]] = arith.divui %[[ROW]], %{{.+}} : index
// CHECK:           %[[OH:.+]] = arith.remui %[[REST]], %{{.+}} : index
// CHECK:           %[[N:.+]] = arith.divui %[[REST]], %{{.+}} : index
// CHECK-COUNT-6:   vector.load %[[C]]
// CHECK:           scf.for %[[KH:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(
// CHECK:             scf.for %[[KW:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(
// CHECK:               scf.for %[[CG:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(
// CHECK:                 vector.load %[[ROWS]][%{{.+}}, %[[KH]], %[[KW]], %[[CG]], %{{.+}}] : memref<1x3x3x2x64xi8>, vector<64xi8>
// CHECK:                 %[[TWICE:.+]] = arith.muli %[[OH]], %{{.+}} : index
// CHECK:                 %[[IH:.+]] = arith.addi %[[TWICE]], %[[KH]] : index
// CHECK:                 vector.load %[[A]][%[[N]], %[[IH]], %{{.+}}, %{{.+}}] : memref<1x7x9x8xi8>, vector<4xi8>
// CHECK-COUNT-6:         llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK:         } {aotc.parallel}
// CHECK-NOT:     linalg.generic
func.func @conv(%a: memref<1x7x9x8xi8>, %p: memref<1x3x3x2x16x4xi8>, %c: memref<1x3x4x16xi32>) {
  linalg.generic {indexing_maps = [#a, #p, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel",
                                    "reduction", "reduction", "reduction", "reduction"]}
      ins(%a, %p : memref<1x7x9x8xi8>, memref<1x3x3x2x16x4xi8>) outs(%c : memref<1x3x4x16xi32>)
      attrs = {aotc.vnni} {
  ^bb0(%x: i8, %w: i8, %acc: i32):
    %xw = arith.extui %x : i8 to i32
    %ww = arith.extsi %w : i8 to i32
    %prod = arith.muli %xw, %ww : i32
    %sum = arith.addi %acc, %prod : i32
    linalg.yield %sum : i32
  }
  return
}
