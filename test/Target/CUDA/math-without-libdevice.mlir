// RUN: aotc-opt %s --pass-pipeline="builtin.module(gpu.module(aotc-cuda-math-without-libdevice))" | FileCheck %s

// Without the CUDA toolkit, the libdevice calls that PTX has an instruction
// for become LLVM intrinsics, and their declarations go; calls of other
// functions (powf) stay, for aotc-cuda-lower-host to report.

// CHECK-LABEL: gpu.module @kernels
// CHECK-NOT:     llvm.func @__nv_sqrtf
// CHECK-NOT:     llvm.func @__nv_fma(
// CHECK:         llvm.func @__nv_powf(f32, f32) -> f32
// CHECK:         llvm.func @k(%[[X:.+]]: f32, %[[Y:.+]]: f64, %[[I:.+]]: i32)
// CHECK:           %[[S:.+]] = llvm.intr.sqrt(%[[X]]) : (f32) -> f32
// CHECK:           %[[F:.+]] = llvm.intr.fma(%[[Y]], %[[Y]], %[[Y]]) : (f64, f64, f64) -> f64
// CHECK:           %[[FL:.+]] = llvm.intr.floor(%[[S]]) : (f32) -> f32
// CHECK:           %[[ONE:.+]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK:           %[[SQ:.+]] = llvm.intr.sqrt(%[[FL]]) : (f32) -> f32
// CHECK:           %[[R:.+]] = llvm.fdiv %[[ONE]], %[[SQ]] : f32
// CHECK:           "llvm.intr.abs"(%[[I]]) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK:           %[[M:.+]] = llvm.frem %[[R]], %[[X]] : f32
// CHECK:           llvm.call @__nv_powf(%[[M]], %[[X]])
gpu.module @kernels {
  llvm.func @__nv_sqrtf(f32) -> f32
  llvm.func @__nv_fma(f64, f64, f64) -> f64
  llvm.func @__nv_floorf(f32) -> f32
  llvm.func @__nv_rsqrtf(f32) -> f32
  llvm.func @__nv_abs(i32) -> i32
  llvm.func @__nv_fmodf(f32, f32) -> f32
  llvm.func @__nv_powf(f32, f32) -> f32
  llvm.func @k(%x: f32, %y: f64, %i: i32) -> f32 {
    %s = llvm.call @__nv_sqrtf(%x) : (f32) -> f32
    %f = llvm.call @__nv_fma(%y, %y, %y) : (f64, f64, f64) -> f64
    %fl = llvm.call @__nv_floorf(%s) : (f32) -> f32
    %r = llvm.call @__nv_rsqrtf(%fl) : (f32) -> f32
    %a = llvm.call @__nv_abs(%i) : (i32) -> i32
    %m = llvm.call @__nv_fmodf(%r, %x) : (f32, f32) -> f32
    %p = llvm.call @__nv_powf(%m, %x) : (f32, f32) -> f32
    llvm.return %p : f32
  }
}
