// RUN: aotc-opt %s --split-input-file --aotc-cpu-nbit-matmul-kernels --canonicalize | FileCheck %s

// tg.matmul_nbits' contraction on buffers, one row: 4-bit codes of 10
// columns in 2 blocks of 16 bytes (32 codes), with zero points. Tiles of 4
// columns (a parallel loop of 2), then single columns; 8 lanes (256-bit
// vectors), so each block is 2 chunks. Per chunk: the row's inputs of both
// fields loaded once and summed; per column one load of 8 packed bytes,
// widened once; field 0 masked, field 1 shifted (no mask: nothing above
// it); each converted and multiply-added. Per block: acc += scale * (dot -
// zero * sum), the zero point negated once. No weight is stored.
#a = affine_map<(m, n, b, p, j) -> (m, b, p, j)>
#w = affine_map<(m, n, b, p, j) -> (n, b, j)>
#s = affine_map<(m, n, b, p, j) -> (n, b)>
#c = affine_map<(m, n, b, p, j) -> (m, n)>

// CHECK-LABEL: func.func @one_row(
// CHECK-SAME:      %[[A:[^:]+]]: memref<1x2x2x16xf32>, %[[W:[^:]+]]: memref<10x2x16xi8>, %[[S:[^:]+]]: memref<10x2xf32>, %[[Z:[^:]+]]: memref<10x2xf32>, %[[C:[^:]+]]: memref<1x10xf32>)
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for %[[N:.+]] = %{{.+}} to %{{.+}} step %[[C4:.+]] {
// CHECK:           %[[TILE:.+]]:4 = scf.for %[[B:.+]] = {{.+}} iter_args({{.+}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK:             %[[SUMS:.+]]:5 = scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args({{.+}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK:               %[[X0:.+]] = vector.load %[[A]][%{{.+}}, %[[B]], %{{.+}}, %[[J]]] : memref<1x2x2x16xf32>, vector<8xf32>
// CHECK:               %[[X1:.+]] = vector.load %[[A]][%{{.+}}, %[[B]], %{{.+}}, %[[J]]] : memref<1x2x2x16xf32>, vector<8xf32>
// CHECK:               %[[BYTES:.+]] = vector.load %[[W]][%[[N]], %[[B]], %[[J]]] : memref<10x2x16xi8>, vector<8xi8>
// CHECK-NEXT:          %[[WIDE:.+]] = arith.extui %[[BYTES]] : vector<8xi8> to vector<8xi32>
// CHECK-NEXT:          %[[LOW:.+]] = arith.andi %[[WIDE]], %{{.+}} : vector<8xi32>
// CHECK-NEXT:          %[[F0:.+]] = arith.uitofp %[[LOW]] : vector<8xi32> to vector<8xf32>
// CHECK-NEXT:          %[[D0:.+]] = vector.fma %[[X0]], %[[F0]], %{{.+}} : vector<8xf32>
// CHECK-NEXT:          %[[HIGH:.+]] = arith.shrui %[[WIDE]], %{{.+}} : vector<8xi32>
// CHECK-NEXT:          %[[F1:.+]] = arith.uitofp %[[HIGH]] : vector<8xi32> to vector<8xf32>
// CHECK-NEXT:          vector.fma %[[X1]], %[[F1]], %[[D0]] : vector<8xf32>
// CHECK-COUNT-3:       vector.load %[[W]]
// CHECK:               scf.yield
// CHECK:             %[[SCALE:.+]] = memref.load %[[S]][%[[N]], %[[B]]] : memref<10x2xf32>
// CHECK-NEXT:        %[[SCALES:.+]] = vector.broadcast %[[SCALE]] : f32 to vector<8xf32>
// CHECK-NEXT:        %[[ZERO:.+]] = memref.load %[[Z]][%[[N]], %[[B]]] : memref<10x2xf32>
// CHECK-NEXT:        %[[NEG:.+]] = arith.negf %[[ZERO]] : f32
// CHECK-NEXT:        %[[NEGS:.+]] = vector.broadcast %[[NEG]] : f32 to vector<8xf32>
// CHECK-NEXT:        %[[DOT:.+]] = vector.fma %[[NEGS]], %[[SUMS]]#4, %[[SUMS]]#0 : vector<8xf32>
// CHECK-NEXT:        vector.fma %[[DOT]], %[[SCALES]], %{{.+}} : vector<8xf32>
// CHECK:             scf.yield
// CHECK:           %[[LANES:.+]] = vector.reduction <add>, %[[TILE]]#0 : vector<8xf32> into f32
// CHECK-NEXT:      %[[OLD:.+]] = memref.load %[[C]][%{{.+}}, %[[N]]] : memref<1x10xf32>
// CHECK-NEXT:      %[[NEW:.+]] = arith.addf %[[OLD]], %[[LANES]] : f32
// CHECK-NEXT:      memref.store %[[NEW]], %[[C]][%{{.+}}, %[[N]]] : memref<1x10xf32>
// CHECK-COUNT-3:   vector.reduction <add>
// CHECK:         } {aotc.parallel}
// CHECK:         scf.for %{{.+}} = %[[C8:.+]] to %{{.+}} step %{{.+}} {
// CHECK:           iter_args({{.+}}) -> (vector<8xf32>) {
// CHECK:         } {aotc.parallel}
// CHECK-NOT:     linalg.generic
func.func @one_row(%a: memref<1x2x2x16xf32>, %w: memref<10x2x16xi8>, %s: memref<10x2xf32>, %z: memref<10x2xf32>, %c: memref<1x10xf32>) {
  linalg.generic {indexing_maps = [#a, #w, #s, #s, #c], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%a, %w, %s, %z : memref<1x2x2x16xf32>, memref<10x2x16xi8>, memref<10x2xf32>, memref<10x2xf32>) outs(%c : memref<1x10xf32>)
      attrs = {aotc.keep_operands, aotc.nbit_matmul = 4 : i64} {
  ^bb0(%x: f32, %byte: i8, %scale: f32, %zero: f32, %acc: f32):
    %p = linalg.index 3 : index
    %c4 = arith.constant 4 : i32
    %pi = arith.index_castui %p : index to i32
    %shift = arith.muli %pi, %c4 : i32
    %wide = arith.extui %byte : i8 to i32
    %mask = arith.constant 15 : i32
    %sh = arith.shrui %wide, %shift : i32
    %code = arith.andi %sh, %mask : i32
    %f = arith.uitofp %code : i32 to f32
    %d = arith.subf %f, %zero : f32
    %wt = arith.mulf %d, %scale : f32
    %prod = arith.mulf %x, %wt : f32
    %sum = arith.addf %acc, %prod : f32
    linalg.yield %sum : f32
  }
  return
}

// -----

// Several rows, 2-bit codes, the default zero point 2 (no operand): tiles of
// 4 rows by 2 columns (each vector of codes unpacked once for 4 rows); 5
// rows are a tile of 4 and one; 16-byte blocks in two chunks of 8 lanes; 4
// fields, the last unmasked.
#a = affine_map<(m, n, b, p, j) -> (m, b, p, j)>
#w = affine_map<(m, n, b, p, j) -> (n, b, j)>
#s = affine_map<(m, n, b, p, j) -> (n, b)>
#c = affine_map<(m, n, b, p, j) -> (m, n)>

// CHECK-LABEL: func.func @rows(
// CHECK-DAG:     arith.constant dense<-2.000000e+00> : vector<8xf32>
// The single block's loop folds away: the chunks carry the 8 dot products
// and 4 input sums of the tile of 4 rows.
// CHECK:         scf.for {{.+}} iter_args({{.+}}) -> ({{(vector<8xf32>, )+}}vector<8xf32>) {
// CHECK:               vector.load %{{.+}} : memref<2x1x16xi8>, vector<8xi8>
// CHECK-NEXT:          arith.extui
// CHECK-NEXT:          arith.andi
// CHECK-NEXT:          arith.uitofp
// CHECK-COUNT-4:       vector.fma
// CHECK-NEXT:          arith.shrui
// CHECK-NEXT:          arith.andi
// CHECK-NEXT:          arith.uitofp
// CHECK-COUNT-4:       vector.fma
// CHECK-NEXT:          arith.shrui
// CHECK-NEXT:          arith.andi
// CHECK-NEXT:          arith.uitofp
// CHECK-COUNT-4:       vector.fma
// CHECK-NEXT:          arith.shrui
// CHECK-NEXT:          arith.uitofp
// CHECK-COUNT-4:       vector.fma
// CHECK-NOT:     linalg.generic
func.func @rows(%a: memref<5x1x4x16xf32>, %w: memref<2x1x16xi8>, %s: memref<2x1xf32>, %c: memref<5x2xf32>) {
  linalg.generic {indexing_maps = [#a, #w, #s, #c], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%a, %w, %s : memref<5x1x4x16xf32>, memref<2x1x16xi8>, memref<2x1xf32>) outs(%c : memref<5x2xf32>)
      attrs = {aotc.keep_operands, aotc.nbit_matmul = 2 : i64} {
  ^bb0(%x: f32, %byte: i8, %scale: f32, %acc: f32):
    %p = linalg.index 3 : index
    %c2 = arith.constant 2 : i32
    %pi = arith.index_castui %p : index to i32
    %shift = arith.muli %pi, %c2 : i32
    %wide = arith.extui %byte : i8 to i32
    %mask = arith.constant 3 : i32
    %sh = arith.shrui %wide, %shift : i32
    %code = arith.andi %sh, %mask : i32
    %f = arith.uitofp %code : i32 to f32
    %zero = arith.constant 2.0 : f32
    %d = arith.subf %f, %zero : f32
    %wt = arith.mulf %d, %scale : f32
    %prod = arith.mulf %x, %wt : f32
    %sum = arith.addf %acc, %prod : f32
    linalg.yield %sum : f32
  }
  return
}

// -----

// Another shape (the codes read through a map the kernel does not know)
// stays a generic: its loops are correct, only slower.
#a = affine_map<(m, n, b, p, j) -> (m, b, p, j)>
#w = affine_map<(m, n, b, p, j) -> (n, j, b)>
#s = affine_map<(m, n, b, p, j) -> (n, b)>
#c = affine_map<(m, n, b, p, j) -> (m, n)>

// CHECK-LABEL: func.func @other_shape(
// CHECK:         linalg.generic
// CHECK-NOT:     vector.fma
func.func @other_shape(%a: memref<5x1x4x16xf32>, %w: memref<2x16x1xi8>, %s: memref<2x1xf32>, %c: memref<5x2xf32>) {
  linalg.generic {indexing_maps = [#a, #w, #s, #c], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%a, %w, %s : memref<5x1x4x16xf32>, memref<2x16x1xi8>, memref<2x1xf32>) outs(%c : memref<5x2xf32>)
      attrs = {aotc.keep_operands, aotc.nbit_matmul = 2 : i64} {
  ^bb0(%x: f32, %byte: i8, %scale: f32, %acc: f32):
    %p = linalg.index 3 : index
    %c2 = arith.constant 2 : i32
    %pi = arith.index_castui %p : index to i32
    %shift = arith.muli %pi, %c2 : i32
    %wide = arith.extui %byte : i8 to i32
    %mask = arith.constant 3 : i32
    %sh = arith.shrui %wide, %shift : i32
    %code = arith.andi %sh, %mask : i32
    %f = arith.uitofp %code : i32 to f32
    %zero = arith.constant 2.0 : f32
    %d = arith.subf %f, %zero : f32
    %wt = arith.mulf %d, %scale : f32
    %prod = arith.mulf %x, %wt : f32
    %sum = arith.addf %acc, %prod : f32
    linalg.yield %sum : f32
  }
  return
}
