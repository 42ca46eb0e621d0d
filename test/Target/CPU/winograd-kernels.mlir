// RUN: aotc-opt %s --split-input-file --aotc-cpu-winograd-kernels --canonicalize --cse | FileCheck %s

// tg.winograd_input's contraction on buffers (Winograd.cpp of TGToLinalg),
// 2x3 tiles of 8 channels: one vector of 8 lanes (256-bit vectors) per
// tile. Its zero fill is gone; the loop over rows of tiles is parallel.
// Per tile the 36 vectors are loaded once and row 0 of B^T d starts from
// d[0][j] (coefficient 1), multiply-adds -1.5, -2 and 1.5 times d[1..3][j]
// and adds d[4][j] (B^T[0, 5] is 0: skipped); 36 stores, one per (p, q).
#image = affine_map<(p, q, n, y, x, c, i, j) -> (n, y * 4 + i, x * 4 + j, c)>
#table = affine_map<(p, q, n, y, x, c, i, j) -> (p, q, i, j)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @input(
// CHECK-SAME:      %[[X:[^:]+]]: memref<1x10x14x8xf32>, %{{[^:]+}}: memref<6x6x6x6xf32>, %[[O:[^:]+]]: memref<6x6x1x2x3x8xf32>)
// CHECK-DAG:     %[[M15:.+]] = arith.constant dense<-1.500000e+00> : vector<8xf32>
// CHECK-DAG:     %[[M2:.+]] = arith.constant dense<-2.000000e+00> : vector<8xf32>
// CHECK-DAG:     %[[P15:.+]] = arith.constant dense<1.500000e+00> : vector<8xf32>
// CHECK-NOT:     linalg.fill
// CHECK:         scf.for %[[ROW:.+]] = %{{.+}} to %{{.+}} step
// CHECK:           scf.for %[[TX:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             %[[D00:.+]] = vector.load %[[X]][%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}] : memref<1x10x14x8xf32>, vector<8xf32>
// CHECK-COUNT-35:    vector.load %[[X]]
// CHECK:             %[[T1:.+]] = vector.fma %[[M15]], %{{.+}}, %[[D00]] : vector<8xf32>
// CHECK-NEXT:        %[[T2:.+]] = vector.fma %[[M2]], %{{.+}}, %[[T1]] : vector<8xf32>
// CHECK-NEXT:        %[[T3:.+]] = vector.fma %[[P15]], %{{.+}}, %[[T2]] : vector<8xf32>
// CHECK-NEXT:        arith.addf %[[T3]], %{{.+}} : vector<8xf32>
// CHECK-COUNT-36:    vector.store %{{.+}}, %[[O]]
// CHECK-NOT:         vector.store
// CHECK:         } {aotc.parallel}
// CHECK-NOT:     linalg.generic
func.func @input(%x: memref<1x10x14x8xf32>, %t: memref<6x6x6x6xf32>, %o: memref<6x6x1x2x3x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%o : memref<6x6x1x2x3x8xf32>)
  linalg.generic {indexing_maps = [#image, #table, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %t : memref<1x10x14x8xf32>, memref<6x6x6x6xf32>) outs(%o : memref<6x6x1x2x3x8xf32>)
      attrs = {aotc.keep_operands, aotc.winograd_transform = "input"} {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %m = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// tg.winograd_output's, 2 images of 2x3 tiles, 12 channels: vectors of 4
// lanes (the widest power of two that divides 12), 3 per tile. Per vector
// the 36 products are loaded and the 4x4 block stored, rows (a) and
// columns (b) apart.
#products = affine_map<(n, y, a, x, b, k, p, q) -> (p, q, n, y, x, k)>
#atable = affine_map<(n, y, a, x, b, k, p, q) -> (a, b, p, q)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @output(
// CHECK-SAME:      %[[M:[^:]+]]: memref<6x6x2x2x3x12xf32>, %{{[^:]+}}: memref<4x4x6x6xf32>, %[[O:[^:]+]]: memref<2x2x4x3x4x12xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         scf.for %[[ROW:.+]] = %[[C0:.+]] to %[[C4:.+]] step %[[C1:[^ ]+]] {
// CHECK:           %[[N:.+]] = arith.divui %[[ROW]], %{{.+}} : index
// CHECK:           %[[Y:.+]] = arith.remui %[[ROW]], %{{.+}} : index
// CHECK:           scf.for %[[TX:.+]] = %{{.+}} to %{{.+}} step %[[C1]] {
// CHECK:             scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %[[C4]] {
// CHECK:               vector.load %[[M]][%[[C0]], %[[C0]], %[[N]], %[[Y]], %[[TX]], %[[K]]] : memref<6x6x2x2x3x12xf32>, vector<4xf32>
// CHECK-COUNT-35:      vector.load %[[M]]
// CHECK:               vector.store %{{.+}}, %[[O]][%[[N]], %[[Y]], %[[C0]], %[[TX]], %[[C0]], %[[K]]] : memref<2x2x4x3x4x12xf32>, vector<4xf32>
// CHECK-COUNT-15:      vector.store %{{.+}}, %[[O]]
// CHECK-NOT:           vector.store
// CHECK:         } {aotc.parallel}
// CHECK-NOT:     linalg.generic
func.func @output(%m: memref<6x6x2x2x3x12xf32>, %t: memref<4x4x6x6xf32>, %o: memref<2x2x4x3x4x12xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%o : memref<2x2x4x3x4x12xf32>)
  linalg.generic {indexing_maps = [#products, #atable, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%m, %t : memref<6x6x2x2x3x12xf32>, memref<4x4x6x6xf32>) outs(%o : memref<2x2x4x3x4x12xf32>)
      attrs = {aotc.keep_operands, aotc.winograd_transform = "output"} {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %p = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Unmarked, the same contraction is left to the other kernels.
#products = affine_map<(n, y, a, x, b, k, p, q) -> (p, q, n, y, x, k)>
#atable = affine_map<(n, y, a, x, b, k, p, q) -> (a, b, p, q)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @unmarked(
// CHECK:         linalg.fill
// CHECK:         linalg.generic
func.func @unmarked(%m: memref<6x6x2x2x3x12xf32>, %t: memref<4x4x6x6xf32>, %o: memref<2x2x4x3x4x12xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%o : memref<2x2x4x3x4x12xf32>)
  linalg.generic {indexing_maps = [#products, #atable, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%m, %t : memref<6x6x2x2x3x12xf32>, memref<4x4x6x6xf32>) outs(%o : memref<2x2x4x3x4x12xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %p = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// An output transform read only by an elementwise op over its shape (the
// bias per channel, a ReLU) into another buffer: that op runs on each
// vector before it is stored, and the transform's own result is never
// written (canonicalization then drops its buffer).
#products = affine_map<(n, y, a, x, b, k, p, q) -> (p, q, n, y, x, k)>
#atable = affine_map<(n, y, a, x, b, k, p, q) -> (a, b, p, q)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5)>
#id = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
#channel = affine_map<(d0, d1, d2, d3, d4, d5) -> (d5)>
// (The transform's result and the epilogue's output are buffers of the
// function's own, which overlap no argument.)
// CHECK-LABEL: func.func @output_epilogue(
// CHECK-SAME:      %[[M:[^:]+]]: memref<6x6x1x2x3x8xf32>, %{{[^:]+}}: memref<4x4x6x6xf32>, %[[BIAS:[^:]+]]: memref<8xf32>, %{{[^:]+}}: memref<1x2x4x3x4x8xf32>)
// CHECK:         %[[Y:.+]] = memref.alloc() : memref<1x2x4x3x4x8xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.generic
// CHECK:         scf.for
// CHECK:           %[[B:.+]] = vector.load %[[BIAS]][%{{.+}}] : memref<8xf32>, vector<8xf32>
// CHECK-NEXT:      %[[SUM:.+]] = arith.addf %{{.+}}, %[[B]] : vector<8xf32>
// CHECK-NEXT:      %[[RELU:.+]] = arith.maximumf %[[SUM]], %{{.+}} : vector<8xf32>
// CHECK-NEXT:      vector.store %[[RELU]], %[[Y]][
// CHECK-COUNT-15:  vector.store %{{.+}}, %[[Y]][
// CHECK-NOT:       vector.store
// CHECK:         } {aotc.parallel}
// CHECK-NOT:     linalg.generic
func.func @output_epilogue(%m: memref<6x6x1x2x3x8xf32>, %t: memref<4x4x6x6xf32>, %bias: memref<8xf32>, %result: memref<1x2x4x3x4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %o = memref.alloc() : memref<1x2x4x3x4x8xf32>
  %y = memref.alloc() : memref<1x2x4x3x4x8xf32>
  linalg.fill ins(%zero : f32) outs(%o : memref<1x2x4x3x4x8xf32>)
  linalg.generic {indexing_maps = [#products, #atable, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%m, %t : memref<6x6x1x2x3x8xf32>, memref<4x4x6x6xf32>) outs(%o : memref<1x2x4x3x4x8xf32>)
      attrs = {aotc.keep_operands, aotc.winograd_transform = "output"} {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %p = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #channel, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%o, %bias : memref<1x2x4x3x4x8xf32>, memref<8xf32>) outs(%y : memref<1x2x4x3x4x8xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  memref.copy %y, %result : memref<1x2x4x3x4x8xf32> to memref<1x2x4x3x4x8xf32>
  return
}

// -----

// Read by two ops, the result is stored and both stay.
#products = affine_map<(n, y, a, x, b, k, p, q) -> (p, q, n, y, x, k)>
#atable = affine_map<(n, y, a, x, b, k, p, q) -> (a, b, p, q)>
#out = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4, d5)>
#id = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @two_readers(
// CHECK-SAME:      %{{[^:]+}}: memref<6x6x1x2x3x8xf32>, %{{[^:]+}}: memref<4x4x6x6xf32>, %[[T:[^:]+]]: memref<1x2x4x3x4x8xf32>,
// CHECK:         vector.store %{{.+}}, %[[T]][
// CHECK:         } {aotc.parallel}
// CHECK-COUNT-2: linalg.generic
func.func @two_readers(%m: memref<6x6x1x2x3x8xf32>, %t: memref<4x4x6x6xf32>, %o: memref<1x2x4x3x4x8xf32>, %y: memref<1x2x4x3x4x8xf32>, %z: memref<1x2x4x3x4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#products, #atable, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%m, %t : memref<6x6x1x2x3x8xf32>, memref<4x4x6x6xf32>) outs(%o : memref<1x2x4x3x4x8xf32>)
      attrs = {aotc.keep_operands, aotc.winograd_transform = "output"} {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %p = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%o : memref<1x2x4x3x4x8xf32>) outs(%y : memref<1x2x4x3x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%o : memref<1x2x4x3x4x8xf32>) outs(%z : memref<1x2x4x3x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.minimumf %in, %zero : f32
    linalg.yield %r : f32
  }
  return
}
