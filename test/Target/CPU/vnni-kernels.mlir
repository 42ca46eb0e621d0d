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

// -----

// The elementwise epilogue after the contraction (the zero point's share,
// the scale, the bias, then a uint8 quantization), its only reader, runs
// on each tile's accumulators: per tile vector, the per-channel inputs are
// loaded at its columns and the result stored where the epilogue writes;
// the sums start from zero (the fill goes) and are never stored. The arena views are apart (the
// contraction's input at bytes 0-63, the sums at 64-575, the output at
// 576-703) and the pad border's fill between the two touches neither: it
// stays where it is, the views move before the contraction.
#a = affine_map<(m, nb, j, k4, i) -> (m, k4 * 4 + i)>
#p = affine_map<(m, nb, j, k4, i) -> (nb, k4, j, i)>
#c = affine_map<(m, nb, j, k4, i) -> (m, nb * 16 + j)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
#scalar = affine_map<(m, n) -> ()>

// CHECK-LABEL: func.func @epilogue(
// CHECK-SAME:      %[[ARENA:[a-z0-9]+]]: memref<736xi8>)
// CHECK:         %[[SHARES:.+]] = memref.get_global @shares : memref<32xi32>
// CHECK:         %[[OUT:.+]] = memref.view %[[ARENA]][%{{.+}}][] : memref<736xi8> to memref<5x32xi8>
// CHECK:         %[[INTERIOR:.+]] = memref.subview %[[OUT]][1, 0] [4, 32] [1, 1]
// CHECK-NOT:     linalg.fill
// CHECK:         scf.for
// CHECK-NOT:       memref<4x32xi32>, vector<16xi32>
// CHECK:           llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK:           scf.yield
// CHECK:           vector.load %[[SHARES]][%{{.+}}] : memref<32xi32>, vector<16xi32>
// CHECK:           arith.subi %{{.+}}, %{{.+}} : vector<16xi32>
// CHECK:           arith.sitofp %{{.+}} : vector<16xi32> to vector<16xf32>
// CHECK:           math.roundeven %{{.+}} : vector<16xf32>
// CHECK:           arith.fptoui %{{.+}} : vector<16xf32> to vector<16xi8>
// CHECK:           vector.store %{{.+}}, %[[INTERIOR]][%{{.+}}, %{{.+}}] : memref<4x32xi8, strided<[32, 1], offset: 32>>, vector<16xi8>
// CHECK-NOT:       memref<4x32xi32>, vector<16xi32>
// CHECK:         } {aotc.parallel}
// CHECK:         linalg.fill ins(%{{.+}} : i8) outs(%{{.+}} : memref<1x32xi8, strided<[32, 1]>>)
// CHECK-NOT:     linalg.generic
memref.global "private" constant @shares : memref<32xi32> = dense<3>
memref.global "private" constant @scales : memref<32xf32> = dense<0.5>
memref.global "private" constant @zero : memref<f32> = dense<4.0>
memref.global "private" constant @packed : memref<2x2x16x4xi8> = dense<1>
func.func @epilogue(%arena: memref<736xi8>) {
  %p = memref.get_global @packed : memref<2x2x16x4xi8>
  %shares = memref.get_global @shares : memref<32xi32>
  %scales = memref.get_global @scales : memref<32xf32>
  %zero = memref.get_global @zero : memref<f32>
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c576 = arith.constant 576 : index
  %a = memref.view %arena[%c0][] : memref<736xi8> to memref<4x8xi8>
  %acc = memref.view %arena[%c64][] : memref<736xi8> to memref<4x32xi32>
  %c0_i32 = arith.constant 0 : i32
  linalg.fill ins(%c0_i32 : i32) outs(%acc : memref<4x32xi32>)
  linalg.generic {indexing_maps = [#a, #p, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %p : memref<4x8xi8>, memref<2x2x16x4xi8>) outs(%acc : memref<4x32xi32>)
      attrs = {aotc.vnni} {
  ^bb0(%x: i8, %w: i8, %s: i32):
    %xw = arith.extui %x : i8 to i32
    %ww = arith.extsi %w : i8 to i32
    %prod = arith.muli %xw, %ww : i32
    %sum = arith.addi %s, %prod : i32
    linalg.yield %sum : i32
  }
  %out = memref.view %arena[%c576][] : memref<736xi8> to memref<5x32xi8>
  %border = memref.subview %out[0, 0] [1, 32] [1, 1] : memref<5x32xi8> to memref<1x32xi8, strided<[32, 1]>>
  %pad = arith.constant 7 : i8
  linalg.fill ins(%pad : i8) outs(%border : memref<1x32xi8, strided<[32, 1]>>)
  %interior = memref.subview %out[1, 0] [4, 32] [1, 1] : memref<5x32xi8> to memref<4x32xi8, strided<[32, 1], offset: 32>>
  linalg.generic {indexing_maps = [#id, #col, #col, #scalar, #id],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %shares, %scales, %zero : memref<4x32xi32>, memref<32xi32>, memref<32xf32>, memref<f32>)
      outs(%interior : memref<4x32xi8, strided<[32, 1], offset: 32>>) {
  ^bb0(%s: i32, %share: i32, %scale: f32, %z: f32, %o: i8):
    %exact = arith.subi %s, %share : i32
    %real = arith.sitofp %exact : i32 to f32
    %scaled = arith.mulf %real, %scale : f32
    %shifted = arith.addf %scaled, %z : f32
    %rounded = math.roundeven %shifted : f32
    %q = arith.fptoui %rounded : f32 to i8
    linalg.yield %q : i8
  }
  return
}

// -----

// 24 of 32 columns: the epilogue reads the leading columns of the sums; the
// second vector of every row is stored masked to its first 8 lanes.
#a = affine_map<(m, nb, j, k4, i) -> (m, k4 * 4 + i)>
#p = affine_map<(m, nb, j, k4, i) -> (nb, k4, j, i)>
#c = affine_map<(m, nb, j, k4, i) -> (m, nb * 16 + j)>
#id = affine_map<(m, n) -> (m, n)>

// CHECK-LABEL: func.func @padded_columns(
// CHECK:         scf.for
// CHECK:           llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK:           scf.yield
// CHECK:           %[[MASK:.+]] = vector.create_mask %{{.+}} : vector<16xi1>
// CHECK:           arith.sitofp %{{.+}} : vector<16xi32> to vector<16xf32>
// CHECK:           vector.maskedstore %{{.+}}[%{{.+}}, %{{.+}}], %[[MASK]], %{{.+}} : memref<2x24xf32>, vector<16xi1>, vector<16xf32>
// CHECK-NOT:     linalg.generic
memref.global "private" constant @packed : memref<2x2x16x4xi8> = dense<1>
func.func @padded_columns(%arena: memref<512xi8>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c320 = arith.constant 320 : index
  %p = memref.get_global @packed : memref<2x2x16x4xi8>
  %a = memref.view %arena[%c0][] : memref<512xi8> to memref<2x8xi8>
  %acc = memref.view %arena[%c64][] : memref<512xi8> to memref<2x32xi32>
  linalg.generic {indexing_maps = [#a, #p, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %p : memref<2x8xi8>, memref<2x2x16x4xi8>) outs(%acc : memref<2x32xi32>)
      attrs = {aotc.vnni} {
  ^bb0(%x: i8, %w: i8, %s: i32):
    %xw = arith.extui %x : i8 to i32
    %ww = arith.extsi %w : i8 to i32
    %prod = arith.muli %xw, %ww : i32
    %sum = arith.addi %s, %prod : i32
    linalg.yield %sum : i32
  }
  %slice = memref.subview %acc[0, 0] [2, 24] [1, 1] : memref<2x32xi32> to memref<2x24xi32, strided<[32, 1]>>
  %y = memref.view %arena[%c320][] : memref<512xi8> to memref<2x24xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%slice : memref<2x24xi32, strided<[32, 1]>>) outs(%y : memref<2x24xf32>) {
  ^bb0(%s: i32, %o: f32):
    %real = arith.sitofp %s : i32 to f32
    linalg.yield %real : f32
  }
  return
}

// -----

// Not applied: the memory plan put the epilogue's output where the
// contraction's input was (bytes 0-127), which the tiles still read while
// the epilogue would run; the sums are stored and the epilogue stays.
#a = affine_map<(m, nb, j, k4, i) -> (m, k4 * 4 + i)>
#p = affine_map<(m, nb, j, k4, i) -> (nb, k4, j, i)>
#c = affine_map<(m, nb, j, k4, i) -> (m, nb * 16 + j)>
#id = affine_map<(m, n) -> (m, n)>

// CHECK-LABEL: func.func @output_over_input(
// CHECK:         vector.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] : memref<2x16xi32>, vector<16xi32>
// CHECK:         linalg.generic
memref.global "private" constant @packed : memref<1x2x16x4xi8> = dense<1>
func.func @output_over_input(%arena: memref<256xi8>) {
  %p = memref.get_global @packed : memref<1x2x16x4xi8>
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %a = memref.view %arena[%c0][] : memref<256xi8> to memref<2x8xi8>
  %acc = memref.view %arena[%c128][] : memref<256xi8> to memref<2x16xi32>
  linalg.generic {indexing_maps = [#a, #p, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %p : memref<2x8xi8>, memref<1x2x16x4xi8>) outs(%acc : memref<2x16xi32>)
      attrs = {aotc.vnni} {
  ^bb0(%x: i8, %w: i8, %s: i32):
    %xw = arith.extui %x : i8 to i32
    %ww = arith.extsi %w : i8 to i32
    %prod = arith.muli %xw, %ww : i32
    %sum = arith.addi %s, %prod : i32
    linalg.yield %sum : i32
  }
  %y = memref.view %arena[%c0][] : memref<256xi8> to memref<2x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<2x16xi32>) outs(%y : memref<2x16xf32>) {
  ^bb0(%s: i32, %o: f32):
    %real = arith.sitofp %s : i32 to f32
    linalg.yield %real : f32
  }
  return
}
