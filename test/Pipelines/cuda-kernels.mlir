// RUN: aotc-opt %s --aotc-cuda-tg-to-linalg --aotc-cuda-fusion --aotc-cuda-bufferize="entry=main name=g" --aotc-cuda-kernels="name=g" | FileCheck %s

// CUDA stage 4: matmul + bias + relu is one kernel of the one gpu.module
// @g_kernels, 8 x 64 = 512 threads on two blocks of 256. After bufferization
// the accumulator's fill, the matmul and the fused bias + relu are three
// loops over the same 8 x 64 outputs; aotc-cuda-fuse-sibling-loops puts them
// in one thread and aotc-cuda-promote-accumulators keeps the accumulator in
// a register (an scf.for iteration argument starting at the fill's 0), so
// the kernel reads x, w and b and writes the caller's output, nothing else:
// no temporary is left.

// CHECK-LABEL: func.func @g_run_on_stream(
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK-NOT:     memref.alloc
// CHECK:         gpu.launch_func @g_kernels::@g_k0 blocks in (%[[C2]], %{{.+}}, %{{.+}}) threads in (%[[C256]], %{{.+}}, %{{.+}}) args(%{{.+}} : memref<8x32xf32>, %{{.+}} : memref<32x64xf32>, %{{.+}} : memref<64xf32>, %{{.+}} : memref<8x64xf32>)
// CHECK-NOT:     gpu.launch_func
// CHECK-NOT:     linalg.
// CHECK:       gpu.module @g_kernels {
// CHECK:         gpu.func @g_k0(%[[X:.+]]: memref<8x32xf32>, %[[W:.+]]: memref<32x64xf32>, %[[B:.+]]: memref<64xf32>, %[[OUT:.+]]: memref<8x64xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 2, 1, 1>}
// CHECK:           %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:           %[[ID:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK:           %[[J:.+]] = arith.remui %[[ID]], %{{.+}} : index
// CHECK:           %[[I:.+]] = arith.divui %[[ID]], %{{.+}} : index
// CHECK:           %[[SUM:.+]] = scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK:             %[[A:.+]] = memref.load %[[X]][%[[I]], %[[K]]] : memref<8x32xf32>
// CHECK:             %[[BW:.+]] = memref.load %[[W]][%[[K]], %[[J]]] : memref<32x64xf32>
// CHECK:             %[[P:.+]] = arith.mulf %[[A]], %[[BW]]
// CHECK:             %[[NEXT:.+]] = arith.addf %[[ACC]], %[[P]]
// CHECK:             scf.yield %[[NEXT]] : f32
// CHECK:           %[[BIAS:.+]] = memref.load %[[B]][%[[J]]] : memref<64xf32>
// CHECK:           %[[Y:.+]] = arith.addf %[[SUM]], %[[BIAS]]
// CHECK:           %[[R:.+]] = arith.maximumf %[[Y]], %[[ZERO]]
// CHECK:           memref.store %[[R]], %[[OUT]][%[[I]], %[[J]]] : memref<8x64xf32>
func.func @main(%x: tensor<8x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<8x64xf32> {
  %0 = tg.matmul %x, %w : tensor<8x32xf32>, tensor<32x64xf32>
  %1 = tg.add %0, %b : tensor<8x64xf32>, tensor<64xf32>
  %2 = tg.relu %1 : tensor<8x64xf32>
  return %2 : tensor<8x64xf32>
}
