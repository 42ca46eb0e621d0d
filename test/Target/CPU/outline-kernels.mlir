// RUN: aotc-opt %s --aotc-cpu-outline-kernels | FileCheck %s

// Each kernel of the public function (a loop nest, a linalg op, a copy;
// also those inside the result-less scf.if that runs once the arena is
// allocated) moves into a private noinline function g_kernel_N, numbered in
// program order; values from outside become arguments except constants and
// globals, which are recreated inside. The scf.if with results (the arena's
// malloc) and the views stay where they are.

// CHECK-LABEL: func.func private @g_kernel_1(
// CHECK-SAME:      %[[A:.+]]: memref<8xf32>, %[[T:.+]]: memref<8xf32>)
// CHECK-SAME:      attributes {passthrough = ["noinline"]}
// CHECK:         %[[C8:.+]] = arith.constant 8 : index
// CHECK:         %[[W:.+]] = memref.get_global @weights
// CHECK:         scf.for %{{.+}} = %{{.+}} to %[[C8]]
// CHECK:           memref.load %[[W]]
// CHECK:           memref.load %[[A]]
// CHECK:           memref.store %{{.+}}, %[[T]]
// CHECK:         return

// CHECK-LABEL: func.func private @g_kernel_2(
// CHECK-SAME:      %{{.+}}: memref<8xf32>, %{{.+}}: memref<8xf32>)
// CHECK:         linalg.generic
// CHECK:           math.exp

// CHECK-LABEL: func.func private @g_kernel_3(
// CHECK:         memref.copy

// CHECK-LABEL: func.func @g_run(
// CHECK:         %[[P:.+]]:2 = scf.if
// CHECK:           llvm.call @malloc
// CHECK:         memref.view
// CHECK:         scf.if
// CHECK:           call @g_kernel_1(
// CHECK-NEXT:      call @g_kernel_2(
// CHECK-NEXT:      call @g_kernel_3(
// CHECK-NEXT:    }
// CHECK:         return

// A private function keeps its kernels.
// CHECK-LABEL: func.func private @helper(
// CHECK-NOT:     call
// CHECK:         linalg.copy

memref.global "private" constant @weights : memref<8xf32> = dense<2.0>
llvm.func @malloc(i64) -> !llvm.ptr

func.func @g_run(%a: memref<8xf32>, %out: memref<8xf32>, %arena: !llvm.ptr, %size: i64, %ok: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %status = arith.constant 0 : i32
  %p:2 = scf.if %ok -> (!llvm.ptr, !llvm.ptr) {
    %m = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    scf.yield %m, %m : !llvm.ptr, !llvm.ptr
  } else {
    scf.yield %arena, %arena : !llvm.ptr, !llvm.ptr
  }
  %buffer = memref.alloca() : memref<64xi8>
  %t = memref.view %buffer[%c0][] : memref<64xi8> to memref<8xf32>
  scf.if %ok {
    %w = memref.get_global @weights : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %x = memref.load %w[%i] : memref<8xf32>
      %y = memref.load %a[%i] : memref<8xf32>
      %z = arith.mulf %x, %y : f32
      memref.store %z, %t[%i] : memref<8xf32>
    }
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                    iterator_types = ["parallel"]}
        ins(%t : memref<8xf32>) outs(%out : memref<8xf32>) {
    ^bb0(%in: f32, %o: f32):
      %e = math.exp %in : f32
      linalg.yield %e : f32
    }
    memref.copy %out, %t : memref<8xf32> to memref<8xf32>
  }
  return %status : i32
}

func.func private @helper(%a: memref<8xf32>, %b: memref<8xf32>) {
  linalg.copy ins(%a : memref<8xf32>) outs(%b : memref<8xf32>)
  return
}
