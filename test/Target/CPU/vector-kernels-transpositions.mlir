// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels="vector-bits=256" -canonicalize -cse | FileCheck %s

// An elementwise generic that reads an input transposed is computed in
// 8x8 blocks: 8 row loads along the input's contiguous loop, three rounds
// of shuffles, one store per output row. 20 x 12: a loop over the two
// whole blocks along the output's rows (parallel), one whole block and a
// block of 4 columns under masks per row block, then a last row block of
// 4 rows (masked loads of the input, 4 stores).

#in = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<12x20xf32>
// CHECK-SAME:      %[[O:[a-zA-Z0-9_]+]]: memref<20x12xf32>
// CHECK:         scf.for %[[I:.+]] = %c0 to %c16 step %c8 {
// CHECK-COUNT-8:   vector.load %[[A]]{{.+}} : memref<12x20xf32>, vector<8xf32>
// CHECK-COUNT-24:  vector.shuffle
// CHECK-COUNT-8:   vector.store {{.+}}, %[[O]]{{.+}} : memref<20x12xf32>, vector<8xf32>
// CHECK:           vector.load %[[A]]
// CHECK:           vector.shuffle
// CHECK:           vector.maskedstore %[[O]]
// CHECK:         } {aotc.parallel}
// CHECK:         vector.maskedload %[[A]]
// CHECK-NOT:     linalg.generic
func.func @transpose(%a: memref<12x20xf32>, %o: memref<20x12xf32>) {
  linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a : memref<12x20xf32>) outs(%o : memref<20x12xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Fused with an add of a row that is contiguous along the output's loop
// and of a value per output row (splat).

#in = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0, 0)>

// CHECK-LABEL: func.func @transpose_add(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<8x8xf32>, %[[B:[a-zA-Z0-9_]+]]: memref<8x8xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<8x1xf32>, %[[O:[a-zA-Z0-9_]+]]: memref<8x8xf32>
// CHECK-COUNT-16: vector.shuffle
// CHECK:         %[[T0:.+]] = vector.shuffle
// CHECK:         %[[T1:.+]] = vector.shuffle
// CHECK:         %[[ROW:.+]] = vector.load %[[B]][%c0, %c0]
// CHECK:         %[[X:.+]] = memref.load %[[C]][%c0, %c0]
// CHECK:         %[[SPLAT:.+]] = vector.broadcast %[[X]] : f32 to vector<8xf32>
// CHECK:         %[[S:.+]] = arith.addf %[[T0]], %[[ROW]] : vector<8xf32>
// CHECK:         %[[R:.+]] = arith.addf %[[S]], %[[SPLAT]] : vector<8xf32>
// CHECK:         vector.store %[[R]], %[[O]][%c0, %c0]
// CHECK:         %[[ROW1:.+]] = vector.load %[[B]][%c1, %c0]
// CHECK:         arith.addf %[[T1]], %[[ROW1]] : vector<8xf32>
func.func @transpose_add(%a: memref<8x8xf32>, %b: memref<8x8xf32>,
                         %c: memref<8x1xf32>, %o: memref<8x8xf32>) {
  linalg.generic {indexing_maps = [#in, #id, #col, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : memref<8x8xf32>, memref<8x8xf32>, memref<8x1xf32>) outs(%o : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %w: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.addf %s, %z : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// Fewer than 8 elements along the input's contiguous loop (an image's 3
// channels): not a block, left to the scalar loops.

#in = affine_map<(d0, d1) -> (d1, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @transpose_narrow(
// CHECK:         linalg.generic
// CHECK-NOT:     vector.shuffle
func.func @transpose_narrow(%a: memref<3x64xf32>, %o: memref<64x3xf32>) {
  linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a : memref<3x64xf32>) outs(%o : memref<64x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// An image unpacked from blocks of 16 channels, `[c floordiv 16, w, c mod
// 16]`, to channels-first rows: the input is contiguous along c within a
// block, and a vector from a multiple of 8 channels stays in one block.

#blocked = affine_map<(d0, d1) -> (d0 floordiv 16, d1, d0 mod 16)>
#id = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @unpack_blocks(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<2x24x16xf32>
// CHECK:         scf.for %[[C:.+]] = %c0 to %c32 step %c8 {
// CHECK:           scf.for %[[W:.+]] = %c0 to %c24 step %c8 {
// CHECK:             %[[B:.+]] = affine.apply #{{.+}}(%[[C]])
// CHECK:             %[[I:.+]] = affine.apply #{{.+}}(%[[C]])
// CHECK:             vector.load %[[A]][%[[B]], %[[W]], %[[I]]] : memref<2x24x16xf32>, vector<8xf32>
// CHECK-COUNT-24:    vector.shuffle
// CHECK-NOT:     linalg.generic
func.func @unpack_blocks(%a: memref<2x24x16xf32>, %o: memref<32x24xf32>) {
  linalg.generic {indexing_maps = [#blocked, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a : memref<2x24x16xf32>) outs(%o : memref<32x24xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}
