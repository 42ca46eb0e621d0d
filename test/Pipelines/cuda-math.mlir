// RUN: aotc-opt %s --aotc-cuda-tg-to-linalg --aotc-cuda-fusion --aotc-cuda-bufferize="entry=main name=g" --aotc-cuda-kernels="name=g" --aotc-cuda-device="toolkit-path=" | FileCheck %s

// Math on the GPU without the CUDA toolkit's libdevice (the pipeline's
// toolkit-path empty, as the driver leaves it where it finds no toolkit):
// exp on f32 and on f16 (computed in f32) becomes a polynomial, sqrt the
// PTX instruction; the PTX calls no libdevice function.

// CHECK:       gpu.binary @g_kernels
// CHECK-SAME:    .entry g_k0(
// CHECK-SAME:    sqrt.rn.f32
// CHECK-NOT:   __nv_
func.func @main(%x: tensor<64xf32>, %h: tensor<64xf16>) -> (tensor<64xf32>, tensor<64xf16>) {
  %0 = tg.exp %x : tensor<64xf32>
  %1 = tg.sqrt %0 : tensor<64xf32>
  %2 = tg.exp %h : tensor<64xf16>
  return %1, %2 : tensor<64xf32>, tensor<64xf16>
}
