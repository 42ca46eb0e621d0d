// RUN: aotc-opt %s --aotc-cuda-tg-to-linalg --aotc-cuda-fusion --aotc-cuda-bufferize="entry=main name=g" --aotc-cuda-kernels="name=g" --aotc-cuda-device="gpu-arch=sm_80" | FileCheck %s
// RUN: aotc-opt %s --aotc-cuda-tg-to-linalg --aotc-cuda-fusion --aotc-cuda-bufferize="entry=main name=g" --aotc-cuda-kernels="name=g" --aotc-cuda-device="gpu-arch=sm_90" | FileCheck %s --check-prefix=SM90

// CUDA stage 5: the gpu.module becomes PTX through LLVM's NVPTX back end,
// in process, for the chosen architecture: one gpu.binary with one .entry
// per kernel (matmul + bias + relu is one), taking one pointer per buffer
// (the bare-pointer convention) and declaring its block size. The float
// semantics are strict: the matmul multiplies and adds without contracting
// into an fma, and relu's maximumf propagates NaN. The accumulator lives in
// a register: the only global store is the output's.

// CHECK-NOT:   gpu.module
// CHECK:       gpu.binary @g_kernels [#gpu.object<#nvvm.target<chip = "sm_80">, {{.*}}assembly = "
// CHECK-SAME:    .version {{[0-9]+\.[0-9]+}}
// CHECK-SAME:    .target sm_80
// CHECK-SAME:    .address_size 64
// CHECK-SAME:    .visible .entry g_k0(
// CHECK-SAME:    .param .u64 .ptr .align 1 g_k0_param_3
// CHECK-SAME:    .maxntid 256, 1, 1
// CHECK-SAME:    mul.rn.f32
// CHECK-SAME:    add.rn.f32
// CHECK-SAME:    max.NaN.f32
// CHECK-SAME:    st.global.b32
// CHECK-NOT:     st.global
// CHECK-NOT:     .entry g_k1

// SM90:        .target sm_90
func.func @main(%x: tensor<8x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<8x64xf32> {
  %0 = tg.matmul %x, %w : tensor<8x32xf32>, tensor<32x64xf32>
  %1 = tg.add %0, %b : tensor<8x64xf32>, tensor<64xf32>
  %2 = tg.relu %1 : tensor<8x64xf32>
  return %2 : tensor<8x64xf32>
}
