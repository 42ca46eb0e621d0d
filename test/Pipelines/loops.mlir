// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --aotc-cpu-loops | FileCheck %s
// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --aotc-cpu-loops="vector-bits=512 vector-registers=32" | FileCheck %s --check-prefix=AVX512

// Stage 4: linalg on buffers becomes loops. Generics with a contiguous
// parallel dimension become register-tiled vector code at the stage's
// vector width (default 256 bits); the row sum, contiguous only along its
// reduction (which the stage marks reassociable), becomes partial sums in
// vector lanes reduced once per row; the transpose, contiguous on one side
// only, is two 8x8 blocks transposed in registers (at 512 bits, 8 rows are
// less than a vector: scalar loops over memref loads and stores). These
// kernels are too small to run as tasks: each is a function of its own
// that NAME_run_parallel calls once (aotc-cpu-parallelize-kernels'
// serial-functions).

// CHECK-NOT:     linalg.
// CHECK-LABEL: func.func private @g_serial_1(
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c1
// CHECK:           vector.load {{.*}} vector<8xf32>
// CHECK:           vector.load {{.*}} vector<8xf32>
// CHECK:           arith.addf {{.*}} : vector<8xf32>
// CHECK:           vector.store {{.*}} vector<8xf32>
// CHECK-LABEL: func.func private @g_serial_2(
// CHECK:         vector.reduction <add>, {{.*}} : vector<8xf32> into f32
// CHECK-LABEL: func.func private @g_serial_3(
// CHECK:         scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK-COUNT-8:   vector.load {{.*}} : memref<8x16xf32>, vector<8xf32>
// CHECK:           vector.shuffle
// CHECK:           vector.store {{.*}} : memref<16x8xf32>, vector<8xf32>
// CHECK-LABEL: func.func @g_run_parallel(
// CHECK-NOT:     linalg.
// CHECK:         call @g_serial_1(
// CHECK:         call @g_serial_2(
// CHECK:         call @g_serial_3(
// CHECK-LABEL: func.func @g_run(
// CHECK:         call @g_run_parallel(

// AVX512-LABEL: func.func private @g_serial_1(
// AVX512:         arith.addf {{.*}} : vector<16xf32>
// AVX512-NOT:     vector<8xf32>
// AVX512-LABEL: func.func private @g_serial_3(
// AVX512:         scf.for
// AVX512:           scf.for
// AVX512:             memref.load
// AVX512:             memref.store
func.func @main(%x: tensor<8x16xf32>, %b: tensor<16xf32>)
    -> (tensor<8x16xf32>, tensor<8xf32>, tensor<16x8xf32>) {
  %0 = tg.add %x, %b : tensor<8x16xf32>, tensor<16xf32>
  %1 = tg.reduce sum %x axes = [1] : tensor<8x16xf32>
  %2 = tg.transpose %x permutation = [1, 0] : tensor<8x16xf32>
  return %0, %1, %2 : tensor<8x16xf32>, tensor<8xf32>, tensor<16x8xf32>
}
