// RUN: aotc-opt %s --aotc-cuda-pipeline="entry=main name=g" | FileCheck %s

// CUDA stage 6 (and the whole pipeline): host code in the LLVM dialect that
// launches the two kernels of matmul + relu + matmul through
// libaotc_cuda_runtime (each matmul one kernel with its fill; the relu in
// the first one's threads). The first matmul's relu'd result is the only
// temporary: 2048 bytes of the device arena. The embedded image holds the
// PTX (no cubin: the pipeline runs ptxas only when given one).

// CHECK-LABEL: module attributes {aotc.temp_bytes = 2048 : i64}
// CHECK:       llvm.func @__aotc_g_call(
// CHECK:         llvm.call @aotc_cuda_begin(
// CHECK-COUNT-2: llvm.call @aotc_cuda_launch(
// CHECK-NOT:     llvm.call @aotc_cuda_launch(
// CHECK:         llvm.call @aotc_cuda_end(
// CHECK:       llvm.mlir.global internal constant @__aotc_kernel_names("g_k0\00g_k1\00")
// CHECK:       llvm.mlir.global internal constant @__aotc_ptx("{{.*}}.target sm_80
// CHECK:       llvm.func @g_run_on_stream(
// CHECK:       llvm.func @g_run(
// CHECK-NOT:   gpu.
// CHECK-NOT:   memref.
func.func @main(%x: tensor<8x32xf32>, %w: tensor<32x64xf32>, %w2: tensor<64x16xf32>) -> tensor<8x16xf32> {
  %0 = tg.matmul %x, %w : tensor<8x32xf32>, tensor<32x64xf32>
  %1 = tg.relu %0 : tensor<8x64xf32>
  %2 = tg.matmul %1, %w2 : tensor<8x64xf32>, tensor<64x16xf32>
  return %2 : tensor<8x16xf32>
}
