// RUN: aotc-opt %s --aotc-cpu-vectorize-fills -canonicalize --convert-scf-to-cf \
// RUN:   --convert-to-llvm --reconcile-unrealized-casts | \
// RUN:   mlir-translate --mlir-to-llvmir | opt -S -O3 | FileCheck %s

// The left border of a padded 56x56 image, one vector per row: LLVM
// unrolled the 56 rows fully, and a few such blocks of 900 stores took its
// instruction scheduler 0.6 s (quadratic in a block's stores). Now a loop
// of four stores an iteration.

// CHECK-LABEL: define void @border(
// CHECK-COUNT-4: store <64 x float> zeroinitializer
// CHECK-NOT:     store
// CHECK:         br i1 %{{.+}}, label %{{.+}}, label %{{.+}}, !llvm.loop
// CHECK-NOT:     store
// CHECK:         ret void
func.func @border(%b: memref<56x1x64xf32, strided<[3712, 64, 1], offset: 3712>>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%b : memref<56x1x64xf32, strided<[3712, 64, 1], offset: 3712>>)
  return
}
