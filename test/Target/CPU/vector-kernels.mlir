// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels="vector-bits=512 registers=32" -canonicalize -cse | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-vector-kernels | FileCheck %s --check-prefix=AVX2

// A matmul: the columns (contiguous in B and C) are the vector dimension,
// the rows share each step's loads of B. With 32 registers: tiles of 12
// rows x 2 vectors (24 accumulators carried through the k loop), then the
// 2 remaining rows; the 8 remaining columns are one masked vector.

// CHECK-LABEL: func.func @matmul(
// CHECK:         scf.for %[[M:.+]] = %c0 to %c24 step %c12 {
// CHECK-COUNT-24:  vector.load %arg2
// CHECK:           scf.for %[[K:.+]] = %c0 to %c40 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:             %[[A:.+]] = memref.load %arg0[%[[M]], %[[K]]]
// CHECK:             %[[SPLAT:.+]] = vector.broadcast %[[A]] : f32 to vector<16xf32>
// CHECK:             %[[B:.+]] = vector.load %arg1[%[[K]], %c0] : memref<40x40xf32>, vector<16xf32>
// CHECK:             arith.mulf %[[SPLAT]], %[[B]] fastmath<contract> : vector<16xf32>
// CHECK-COUNT-24:  vector.store
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:         vector.maskedload %arg2{{.*}} : memref<26x40xf32>, vector<16xi1>, vector<16xf32>
// CHECK:         vector.maskedstore
// CHECK-NOT:     linalg.generic

// With AVX2's 16 registers: 6 rows x 2 vectors of 8.
// AVX2-LABEL: func.func @matmul(
// AVX2:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c6{{.*}} {
// AVX2:           scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
#mA = affine_map<(m, n, k) -> (m, k)>
#mB = affine_map<(m, n, k) -> (k, n)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @matmul(%a: memref<26x40xf32>, %b: memref<40x40xf32>, %c: memref<26x40xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<26x40xf32>, memref<40x40xf32>) outs(%c : memref<26x40xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A stride-2 window (a max pool row, with the window's shape as its second
// input, as linalg's pooling ops have it): the input's innermost index is
// 2 * ow + kw, so each vector is one masked wide load of the 31 elements
// from the first lane's to the last lane's, and a shuffle of the even ones.

// CHECK-LABEL: func.func @strided_window(
// CHECK:         %[[WIDE:.+]] = vector.maskedload %arg0{{.*}} : memref<8x33xf32>, vector<32xi1>, vector<32xf32> into vector<32xf32>
// CHECK:         vector.shuffle %[[WIDE]], %[[WIDE]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<32xf32>, vector<32xf32>
// CHECK:         arith.maximumf {{.*}} : vector<16xf32>
func.func @strided_window(%x: memref<8x33xf32>, %k: memref<3xf32>, %y: memref<8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(c, ow, kw) -> (c, 2 * ow + kw)>, affine_map<(c, ow, kw) -> (kw)>, affine_map<(c, ow, kw) -> (c, ow)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %k : memref<8x33xf32>, memref<3xf32>) outs(%y : memref<8x16xf32>) {
  ^bb0(%in: f32, %unused: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// Left to the scalar loops: a reduction along the only contiguous
// dimension, and a transpose (contiguous in one operand, strided in the
// other).

// CHECK-LABEL: func.func @not_vectorized(
// CHECK-COUNT-2: linalg.generic
func.func @not_vectorized(%x: memref<8x16xf32>, %s: memref<8xf32>, %t: memref<16x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x16xf32>) outs(%s : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %acc, %in : f32
    linalg.yield %a : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x16xf32>) outs(%t : memref<16x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}
