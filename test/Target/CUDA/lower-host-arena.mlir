// RUN: aotc-opt %s --aotc-cuda-lower-host="name=g" | FileCheck %s

// The device arena is planned from the temporaries' live ranges: kernels run
// in launch order on one stream, so a temporary is live from its first to
// its last top-level use (a launch, or a view a launch uses). Top-level ops:
// 6 = k0, 7 = k1, 8 = k2, 9 = the view of %d, 10 = k3, 11 = the pointer
// taken from %e.
//   %a 1000 bytes live [6, 7]     %b 1024 bytes live [7, 8]
//   %c 1024 bytes live [8, 10]    %d  256 bytes live [6, 10] (through %dv)
//   %e  256 bytes: a use the liveness cannot follow, live for the whole call
// %a and %c never live at once and share offset 1024; %b, %d and %e each
// overlap every other buffer. Arena: 2560 bytes, the peak live bytes at k2
// (%b, %c, %d, %e), where one slot per buffer would take 3584.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 2560 : i64} {
// CHECK:         %[[BYTES:.+]] = llvm.mlir.constant(2560 : i64)
// CHECK:         call @aotc_cuda_begin({{.+}}, %[[BYTES]])
// CHECK:         %[[T:.+]] = call @aotc_cuda_temp(
// CHECK:         llvm.getelementptr %[[T]][1024] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         builtin.unrealized_conversion_cast %{{.+}} to memref<250xf32>
// CHECK:         llvm.getelementptr %[[T]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         builtin.unrealized_conversion_cast %{{.+}} to memref<256xf32>
// CHECK:         llvm.getelementptr %[[T]][1024] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         builtin.unrealized_conversion_cast %{{.+}} to memref<256xf32>
// CHECK:         llvm.getelementptr %[[T]][2304] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         builtin.unrealized_conversion_cast %{{.+}} to memref<64xf32>
// CHECK:         llvm.getelementptr %[[T]][2048] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         builtin.unrealized_conversion_cast %{{.+}} to memref<64xf32>
module attributes {gpu.container_module} {
  func.func @g_run_on_stream(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr, %stream: !llvm.ptr) -> i32 attributes {aotc.cuda.entry} {
    %c1 = arith.constant 1 : index
    %a = memref.alloc() : memref<250xf32>
    %b = memref.alloc() : memref<256xf32>
    %c = memref.alloc() : memref<256xf32>
    %d = memref.alloc() : memref<64xf32>
    %e = memref.alloc() : memref<64xf32>
    gpu.launch_func @g_kernels::@g_k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<250xf32>, %d : memref<64xf32>)
    gpu.launch_func @g_kernels::@g_k1 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<250xf32>, %b : memref<256xf32>)
    gpu.launch_func @g_kernels::@g_k2 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b : memref<256xf32>, %c : memref<256xf32>)
    %dv = memref.expand_shape %d [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
    gpu.launch_func @g_kernels::@g_k3 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%c : memref<256xf32>, %dv : memref<8x8xf32>)
    %p = memref.extract_aligned_pointer_as_index %e : memref<64xf32> -> index
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
  gpu.binary @g_kernels [#gpu.object<#nvvm.target<chip = "sm_80">, assembly = "fake ptx">]
}
