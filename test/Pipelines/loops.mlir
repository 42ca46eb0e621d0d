// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --aotc-cpu-loops | FileCheck %s
// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --aotc-cpu-loops="vector-bits=512 vector-registers=32" | FileCheck %s --check-prefix=AVX512

// Stage 4: linalg on buffers becomes loops. Generics with a contiguous
// parallel dimension become register-tiled vector code at the stage's
// vector width (default 256 bits); the row sum, contiguous only along its
// reduction, stays scalar loops over memref loads and stores.

// CHECK-LABEL: func.func @g_run(
// CHECK-NOT:     linalg.
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c1
// CHECK:           vector.load {{.*}} vector<8xf32>
// CHECK:           vector.load {{.*}} vector<8xf32>
// CHECK:           arith.addf {{.*}} : vector<8xf32>
// CHECK:           vector.store {{.*}} vector<8xf32>
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             memref.load
// CHECK:             arith.addf {{.*}} : f32
// CHECK:             memref.store

// AVX512-LABEL: func.func @g_run(
// AVX512:         arith.addf {{.*}} : vector<16xf32>
// AVX512-NOT:     vector<8xf32>
func.func @main(%x: tensor<8x16xf32>, %b: tensor<16xf32>)
    -> (tensor<8x16xf32>, tensor<8xf32>) {
  %0 = tg.add %x, %b : tensor<8x16xf32>, tensor<16xf32>
  %1 = tg.reduce sum %x axes = [1] : tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8xf32>
}
