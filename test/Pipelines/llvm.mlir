// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --aotc-cpu-loops --aotc-cpu-llvm | FileCheck %s
// RUN: aotc-opt %s --aotc-cpu-pipeline="entry=main name=g" | FileCheck %s

// Stage 5 (and the whole pipeline): only the LLVM dialect is left; f32 exp
// is inline arithmetic (a polynomial, aotc-approximate-math), erf calls libm,
// tanh uses an LLVM intrinsic.

// CHECK-NOT:   func.func
// CHECK-NOT:   memref.
// CHECK-NOT:   scf.
// CHECK:       llvm.func @erff(f32) -> f32
// CHECK-LABEL: llvm.func @g_run(
// CHECK-SAME:    %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr) -> i32
// CHECK-NOT:     llvm.intr.exp
// CHECK:         llvm.intr.fma
// CHECK:         llvm.call @erff
// CHECK:         llvm.intr.tanh
// CHECK:         llvm.return %{{.+}} : i32
func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = tg.exp %x : tensor<16xf32>
  %1 = tg.erf %0 : tensor<16xf32>
  %2 = tg.tanh %1 : tensor<16xf32>
  return %2 : tensor<16xf32>
}
