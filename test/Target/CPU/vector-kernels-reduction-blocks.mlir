// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels="vector-bits=512 registers=32" -canonicalize -cse | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels="vector-bits=512 registers=32 block-reductions=false" -canonicalize -cse | FileCheck %s --check-prefix=OFF

// A 24x8192 by 8192x128 matmul with a fused bias initialization and ReLU
// epilogue. A register tile of 4 vectors (64 columns) reads a 2 MiB slice
// of B over its reduction, more than L2 keeps from one tile to the next,
// and the 4 blocks of 6 rows of a block of columns all read that same
// slice. The reduction is blocked: a serial loop over chunks of 64 k
// (16 KiB of B, which stays in L1 for the 4 tiles) runs inside the
// parallel loop over blocks of columns and outside the row blocks. Each
// tile starts from the bias on the first chunk and from the partial sums
// it stored otherwise (scf.if yielding the accumulators), runs 64 steps,
// and applies the ReLU only after the last chunk.

// CHECK-LABEL: func.func @blocked_matmul(
// CHECK:         scf.for %[[N:.+]] = %c0 to %c128 step %c64 {
// CHECK:           scf.for %[[K0:.+]] = %c0 to %c8192 step %c64 {
// CHECK-NOT:       aotc.parallel
// CHECK-DAG:         %[[FIRST:.+]] = arith.cmpi eq, %[[K0]], %c0 : index
// CHECK-DAG:         %[[LAST:.+]] = arith.cmpi eq, %[[K0]], %c8128 : index
// CHECK:             scf.for %[[M:.+]] = %c0 to %c24 step %c6 {
// CHECK:               %[[INIT:.+]]:24 = scf.if %[[FIRST]] -> (vector<16xf32>,
// CHECK:                 vector.load %arg2[%[[N]]] : memref<128xf32>, vector<16xf32>
// CHECK:               } else {
// CHECK:                 vector.load %arg3[%[[M]], %[[N]]] : memref<24x128xf32>, vector<16xf32>
// CHECK:               scf.for %[[K:.+]] = %c0 to %c64 step %c1 iter_args(%{{.+}} = %[[INIT]]#0,
// CHECK:                 %[[KK:.+]] = arith.addi %[[K0]], %[[K]] : index
// CHECK:                 memref.load %arg0[%[[M]], %[[KK]]] : memref<24x8192xf32>
// CHECK:                 vector.load %arg1[%[[KK]], %[[N]]] : memref<8192x128xf32>, vector<16xf32>
// CHECK:               scf.if %[[LAST]] {
// CHECK:                 arith.maximumf
// CHECK:                 vector.store
// CHECK:               } else {
// CHECK-NOT:             arith.maximumf
// CHECK:                 vector.store
// CHECK-NOT:     linalg.generic

// OFF-LABEL: func.func @blocked_matmul(
// OFF-NOT:       scf.if %{{.+}} -> (vector<16xf32>
// OFF:           scf.for %{{.+}} = %c0 to %c8192 step %c1 iter_args(

#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
func.func @blocked_matmul(%a: memref<24x8192xf32>, %b: memref<8192x128xf32>,
                          %bias: memref<128xf32>, %c: memref<24x128xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<128xf32>) outs(%c : memref<24x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<24x8192xf32>, memref<8192x128xf32>) outs(%c : memref<24x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<24x128xf32>) outs(%c : memref<24x128xf32>) {
  ^bb0(%r: f32, %o: f32):
    %m = arith.maximumf %r, %zero : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// The same with a 512-deep reduction: the tile's 128 KiB slice of B stays
// in L2 from one tile to the next, and the reduction is not blocked.

// CHECK-LABEL: func.func @unblocked_matmul(
// CHECK-NOT:     scf.if %{{.+}} -> (vector<16xf32>
// CHECK:         scf.for %{{.+}} = %c0 to %c512 step %c1 iter_args(
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @unblocked_matmul(%a: memref<24x512xf32>, %b: memref<512x128xf32>,
                            %c: memref<24x128xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<24x512xf32>, memref<512x128xf32>) outs(%c : memref<24x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}
