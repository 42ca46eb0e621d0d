// RUN: aotc-opt %s --pass-pipeline="builtin.module(gpu.module(aotc-cuda-align-workgroup-memory))" | FileCheck %s
// RUN: aotc-opt %s --pass-pipeline="builtin.module(gpu.module(aotc-cuda-align-workgroup-memory),gpu.module(convert-gpu-to-nvvm))" | FileCheck %s --check-prefix=NVVM

// A workgroup buffer stored to as 16-byte vectors is aligned to 16 bytes,
// which the NVVM lowering gives its shared variable; one accessed element
// by element, or asking for more already, is left alone.

// CHECK-LABEL: gpu.func @k(
// CHECK-SAME:    workgroup(%{{.+}} : memref<64x40xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.+}} : memref<8xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<8xf32, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
// NVVM: llvm.mlir.global internal @__wg_k_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2560 x f16>
// NVVM: llvm.mlir.global internal @__wg_k_1() {addr_space = 3 : i32} : !llvm.array<8 x f32>
// NVVM: llvm.mlir.global internal @__wg_k_2() {addr_space = 3 : i32, alignment = 32 : i64} : !llvm.array<8 x f32>
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: memref<64xf16>)
        workgroup(%a : memref<64x40xf16, #gpu.address_space<workgroup>>,
                  %b : memref<8xf32, #gpu.address_space<workgroup>>,
                  %c : memref<8xf32, #gpu.address_space<workgroup>> {llvm.align = 32 : i64}) kernel {
      %c0 = arith.constant 0 : index
      %v = vector.load %x[%c0] {alignment = 16 : i64} : memref<64xf16>, vector<8xf16>
      vector.store %v, %a[%c0, %c0] {alignment = 16 : i64} : memref<64x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
      %f = arith.constant 1.0 : f32
      memref.store %f, %b[%c0] : memref<8xf32, #gpu.address_space<workgroup>>
      %w = vector.load %c[%c0] {alignment = 16 : i64} : memref<8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      vector.store %w, %c[%c0] {alignment = 16 : i64} : memref<8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      gpu.return
    }
  }
}
