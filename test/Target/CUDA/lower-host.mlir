// RUN: aotc-opt %s --aotc-cuda-lower-host="name=g" --split-input-file --verify-diagnostics | FileCheck %s

// The entry point becomes a private function of (inputs, outputs, temp,
// stream, synchronize) over libaotc_cuda_runtime; NAME_run_on_stream and
// NAME_run call it. The weight is uploaded at offset 0 of the weights blob;
// the temporaries get 256-byte aligned offsets in the arena (400 bytes, then
// 4 bytes of i1 at 512: 768 in all; both are live at the second launch, so
// they cannot share: lower-host-arena.mlir shows sharing). Each launch passes an array of pointers
// to its arguments: the aligned pointer of each buffer, an index as i64.
// Kernels are numbered by first launch.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 768 : i64} {
// CHECK:       func.func private @__aotc_g_call(%[[IN:.+]]: !llvm.ptr, %[[OUT:.+]]: !llvm.ptr, %[[TEMP:.+]]: !llvm.ptr, %[[STREAM:.+]]: !llvm.ptr, %[[SYNC:.+]]: i32) -> i32 {
// CHECK:         %[[CALL:.+]] = llvm.alloca %{{.+}} x !llvm.array<8 x ptr>
// CHECK:         %[[SLOT:.+]] = llvm.mlir.addressof @__aotc_module
// CHECK:         %[[IMAGE:.+]] = llvm.mlir.addressof @__aotc_image
// CHECK:         %[[BYTES:.+]] = llvm.mlir.constant(768 : i64)
// CHECK:         call @aotc_cuda_begin(%[[CALL]], %[[SLOT]], %[[IMAGE]], %[[STREAM]], %[[TEMP]], %[[BYTES]])
// CHECK:         %[[W:.+]] = call @aotc_cuda_weights(%[[CALL]])
// CHECK:         %[[T:.+]] = call @aotc_cuda_temp(%[[CALL]])
// CHECK:         llvm.getelementptr %[[W]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         %[[WM:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<4xf32>
// CHECK:         llvm.getelementptr %[[T]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         %[[TM:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<100xf32>
// CHECK:         llvm.getelementptr %[[T]][512] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         %[[UM:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<4xi1>
// CHECK:         %[[ARGS:.+]] = llvm.alloca %{{.+}} x !llvm.ptr
// CHECK:         memref.extract_aligned_pointer_as_index %[[WM]]
// CHECK:         memref.extract_aligned_pointer_as_index %[[TM]]
// CHECK:         llvm.alloca %{{.+}} x i64
// CHECK:         %[[K0:.+]] = arith.constant 0 : i32
// CHECK:         call @aotc_cuda_launch(%[[CALL]], %[[K0]], {{.+}}, %[[ARGS]])
// CHECK:         memref.extract_aligned_pointer_as_index %[[UM]]
// CHECK:         %[[K1:.+]] = arith.constant 1 : i32
// CHECK:         call @aotc_cuda_launch(%[[CALL]], %[[K1]],
// CHECK:         %[[K0B:.+]] = arith.constant 0 : i32
// CHECK:         call @aotc_cuda_launch(%[[CALL]], %[[K0B]],
// CHECK-NOT:     memref.dealloc
// CHECK:         %[[STATUS:.+]] = call @aotc_cuda_end(%[[CALL]], %[[SYNC]])
// CHECK:         return %[[STATUS]] : i32
// CHECK:       func.func private @aotc_cuda_begin(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> i32
// CHECK:       llvm.mlir.global internal constant @__aotc_kernel_names("g_k0\00g_k1\00")
// CHECK:       llvm.mlir.global internal constant @__aotc_ptx("fake ptx\00")
// CHECK:       llvm.mlir.global internal constant @__aotc_weights("\00\00\80?\00\00\00@\00\00@@\00\00\80@\00
// CHECK:       llvm.mlir.global internal constant @__aotc_image() {{.+}} : !llvm.struct<(i32, i32, ptr, ptr, ptr, i64, ptr, i64)> {
// CHECK:         llvm.mlir.constant(1 : i32)
// CHECK:         llvm.mlir.constant(2 : i32)
// CHECK:         llvm.mlir.addressof @__aotc_kernel_names
// CHECK:         llvm.mlir.addressof @__aotc_ptx
// CHECK:         llvm.mlir.zero
// CHECK:         llvm.mlir.addressof @__aotc_weights
// CHECK:         llvm.mlir.constant(256 : i64)
// CHECK:       llvm.mlir.global internal @__aotc_module()
// CHECK:       func.func @g_run_on_stream(%[[A0:.+]]: !llvm.ptr, %[[A1:.+]]: !llvm.ptr, %[[A2:.+]]: !llvm.ptr, %[[A3:.+]]: !llvm.ptr) -> i32 {
// CHECK:         %[[NOSYNC:.+]] = arith.constant 0 : i32
// CHECK:         call @__aotc_g_call(%[[A0]], %[[A1]], %[[A2]], %[[A3]], %[[NOSYNC]])
// CHECK:       func.func @g_run(%[[B0:.+]]: !llvm.ptr, %[[B1:.+]]: !llvm.ptr, %[[B2:.+]]: !llvm.ptr) -> i32 {
// CHECK:         %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         %[[DOSYNC:.+]] = arith.constant 1 : i32
// CHECK:         call @__aotc_g_call(%[[B0]], %[[B1]], %[[B2]], %[[NULL]], %[[DOSYNC]])
// CHECK-NOT:   gpu.binary
// CHECK-NOT:   memref.global
module attributes {gpu.container_module} {
  memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  func.func @g_run_on_stream(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr, %stream: !llvm.ptr) -> i32 attributes {aotc.cuda.entry} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %w = memref.get_global @w : memref<4xf32>
    %t = memref.alloc() {alignment = 64 : i64} : memref<100xf32>
    %u = memref.alloc() : memref<4xi1>
    gpu.launch_func @g_kernels::@g_k0 blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1) args(%w : memref<4xf32>, %t : memref<100xf32>, %c4 : index)
    gpu.launch_func @g_kernels::@g_k1 blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%t : memref<100xf32>, %u : memref<4xi1>)
    gpu.launch_func @g_kernels::@g_k0 blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1) args(%w : memref<4xf32>, %t : memref<100xf32>, %c1 : index)
    memref.dealloc %t : memref<100xf32>
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
  gpu.binary @g_kernels [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = "fake ptx">]
}

// -----

// No kernel, no constant, no temporary: an image without code.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 0 : i64} {
// CHECK:       llvm.mlir.global internal constant @__aotc_kernel_names("\00")
// CHECK-NOT:   @__aotc_ptx
// CHECK:       llvm.mlir.global internal constant @__aotc_image()
// CHECK:         llvm.mlir.constant(0 : i32)
module {
  func.func @g_run_on_stream(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr, %stream: !llvm.ptr) -> i32 attributes {aotc.cuda.entry} {
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}

// -----

module {
  func.func @g_run_on_stream(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr, %stream: !llvm.ptr) -> i32 attributes {aotc.cuda.entry} {
    %n = arith.constant 8 : index
    // expected-error @+1 {{--target cuda does not support a temporary of type 'memref<?xf32>' yet}}
    %t = memref.alloc(%n) : memref<?xf32>
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}

// -----

// PTX that still calls libdevice (no CUDA toolkit was found to link it).

module attributes {gpu.container_module} {
  func.func @g_run_on_stream(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr, %stream: !llvm.ptr) -> i32 attributes {aotc.cuda.entry} {
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
  // expected-error @+1 {{--target cuda needs libdevice for __nv_expf (math on the GPU): install the CUDA toolkit or point CUDA_HOME at it}}
  gpu.binary @g_kernels [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = ".version 7.0\0A.extern .func  (.param .b32 func_retval0) __nv_expf(\0A\09.param .b32 __nv_expf_param_0\0A);\0A">]
}

// -----

// expected-error @+1 {{expected a function marked aotc.cuda.entry}}
module {
}
