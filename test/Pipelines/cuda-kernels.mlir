// RUN: aotc-opt %s --aotc-cuda-tg-to-linalg --aotc-cuda-fusion --aotc-cuda-bufferize="entry=main name=g" --aotc-cuda-kernels="name=g" | FileCheck %s

// CUDA stage 4: matmul + bias + relu. Each linalg op is one kernel of the
// one gpu.module @g_kernels: the accumulator fill, the matmul (8 x 64 = 512
// threads on two blocks of 256, each thread reducing over k on its own) and
// the fused bias + relu, which writes the caller's output buffer. The fill
// and the bias + relu are elementwise: each thread handles 4 consecutive
// floats with 16-byte vector accesses, 128 threads in one block.

// CHECK-LABEL: func.func @g_run_on_stream(
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK:         %[[ACC:.+]] = memref.alloc() {{.*}}: memref<8x64xf32>
// CHECK:         gpu.launch_func @g_kernels::@g_k0 blocks in (%[[C1]], %{{.+}}, %{{.+}}) threads in (%[[C128]], %{{.+}}, %{{.+}}) args(%[[ACC]] : memref<8x64xf32>)
// CHECK:         gpu.launch_func @g_kernels::@g_k1 blocks in (%[[C2]], %{{.+}}, %{{.+}}) threads in (%[[C256]], {{.+}} args(%{{.+}} : memref<8x32xf32>, %{{.+}} : memref<32x64xf32>, %[[ACC]] : memref<8x64xf32>)
// CHECK:         gpu.launch_func @g_kernels::@g_k2 blocks in (%[[C1]], %{{.+}}, %{{.+}}) threads in (%[[C128]], {{.+}} args(%[[ACC]] : memref<8x64xf32>, %{{.+}} : memref<64xf32>, %[[OUT:.+]] : memref<8x64xf32>)
// CHECK-NOT:     linalg.
// CHECK:       gpu.module @g_kernels {
// CHECK:         gpu.func @g_k0(%{{.+}}: memref<8x64xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 1, 1, 1>}
// CHECK:           vector.store %{{.+}} {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK:         gpu.func @g_k1(
// CHECK:           %[[ID:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK:           %[[J:.+]] = arith.remui %[[ID]], %{{.+}} : index
// CHECK:           %[[I:.+]] = arith.divui %[[ID]], %{{.+}} : index
// CHECK:           scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             memref.load %{{.+}}[%[[I]], %[[K]]] : memref<8x32xf32>
// CHECK:             memref.load %{{.+}}[%[[K]], %[[J]]] : memref<32x64xf32>
// CHECK:             arith.mulf
// CHECK:             arith.addf
// CHECK:         gpu.func @g_k2(
// CHECK:           vector.load %{{.+}} {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK:           vector.load %{{.+}} {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
// CHECK:           arith.maximumf %{{.+}}, %{{.+}} : vector<4xf32>
func.func @main(%x: tensor<8x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<8x64xf32> {
  %0 = tg.matmul %x, %w : tensor<8x32xf32>, tensor<32x64xf32>
  %1 = tg.add %0, %b : tensor<8x64xf32>, tensor<64xf32>
  %2 = tg.relu %1 : tensor<8x64xf32>
  return %2 : tensor<8x64xf32>
}
