// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --aotc-cpu-loops --aotc-cpu-llvm | FileCheck %s
// RUN: aotc-opt %s --aotc-cpu-pipeline="entry=main name=g" | FileCheck %s

// Stage 5 (and the whole pipeline): only the LLVM dialect is left. The
// elementwise kernel is vector code (aotc-cpu-vector-kernels, 8 lanes at the
// default 256 bits), and f32 exp, erf and tanh are inline polynomials on
// those vectors (aotc-approximate-math): no libm call, no intrinsic that
// would become one.

// CHECK-NOT:   func.func
// CHECK-NOT:   memref.
// CHECK-NOT:   scf.
// CHECK-NOT:   llvm.func @{{.*}}f(f32) -> f32
// CHECK-LABEL: llvm.func @g_run_parallel(
// CHECK-SAME:    %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr) -> i32
// CHECK-NOT:     llvm.intr.exp
// CHECK-NOT:     llvm.call
// CHECK-NOT:     llvm.intr.tanh
// CHECK:         llvm.intr.fma({{.*}}) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// CHECK-NOT:     llvm.intr.exp
// CHECK-NOT:     llvm.call
// CHECK-NOT:     llvm.intr.tanh
// CHECK-NOT:     llvm.intr.erf
// CHECK:         llvm.return %{{.+}} : i32
// NAME_run is NAME_run_parallel without a pool.
// CHECK-LABEL: llvm.func @g_run(
// CHECK-SAME:    %[[IN:.+]]: !llvm.ptr, %[[OUT:.+]]: !llvm.ptr, %[[TEMP:.+]]: !llvm.ptr) -> i32
// CHECK-NEXT:    %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:    %[[STATUS:.+]] = llvm.call @g_run_parallel(%[[IN]], %[[OUT]], %[[TEMP]], %[[NULL]])
// CHECK-NEXT:    llvm.return %[[STATUS]] : i32
func.func @main(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = tg.exp %x : tensor<16xf32>
  %1 = tg.erf %0 : tensor<16xf32>
  %2 = tg.tanh %1 : tensor<16xf32>
  return %2 : tensor<16xf32>
}
