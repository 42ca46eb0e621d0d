// RUN: aotc-opt %s --aotc-cuda-map-to-grid="kernel-prefix=g" --split-input-file --verify-diagnostics | FileCheck %s

// A parallel loop nest becomes a 1-D grid: 8 x 100 = 800 iterations on four
// blocks of 256 threads, the last one guarded, each thread recovering (i, j)
// from its linear index, the innermost dimension fastest.

// CHECK-LABEL: func.func @grid(
// CHECK-SAME:    %[[A:.+]]: memref<8x100xf32>, %[[B:.+]]: memref<8x100xf32>)
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C256:.+]] = arith.constant 256 : index
// CHECK:         gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C4]], %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C256]], %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) module(@g_kernels) function(@g_k0)
// CHECK:           %[[BASE:.+]] = arith.muli %[[BX]], %{{.+}} : index
// CHECK:           %[[ID:.+]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK:           %[[IN:.+]] = arith.cmpi ult, %[[ID]], %{{.+}} : index
// CHECK:           scf.if %[[IN]] {
// CHECK:             %[[J:.+]] = arith.remui %[[ID]], %[[C100:.+]] : index
// CHECK:             %[[I:.+]] = arith.divui %[[ID]], %[[C100]] : index
// CHECK:             %[[V:.+]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK:             memref.store %[[V]], %[[B]][%[[I]], %[[J]]]
// CHECK:           }
// CHECK:           gpu.terminator
// CHECK-NOT:     scf.parallel
func.func @grid(%a: memref<8x100xf32>, %b: memref<8x100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c100) step (%c1, %c1) {
    %v = memref.load %a[%i, %j] : memref<8x100xf32>
    memref.store %v, %b[%i, %j] : memref<8x100xf32>
    scf.reduce
  }
  return
}

// -----

// Fewer iterations than a block: one block of exactly that many threads, no
// guard; a loop that starts at 2 with step 3 maps thread t to 2 + 3t.

// CHECK-LABEL: func.func @small(
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C6:.+]] = arith.constant 6 : index
// CHECK:         gpu.launch blocks(%{{.+}}, %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C1]], {{.+}} threads(%{{.+}}, %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C6]],
// CHECK-DAG:       %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:       %[[C3:.+]] = arith.constant 3 : index
// CHECK-NOT:       scf.if
// CHECK:           %[[ID:.+]] = arith.addi
// CHECK:           %[[T:.+]] = arith.muli %[[ID]], %[[C3]] : index
// CHECK:           %[[I:.+]] = arith.addi %[[T]], %[[C2]] : index
// CHECK:           memref.store %{{.+}}, %{{.+}}[%[[I]]]
func.func @small(%a: memref<20xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c20 = arith.constant 20 : index
  %cst = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c2) to (%c20) step (%c3) {
    memref.store %cst, %a[%i] : memref<20xf32>
    scf.reduce
  }
  return
}

// -----

// A full reduction (an scf.for nest) runs on one thread; the kernels of a
// function are numbered in order.

// CHECK-LABEL: func.func @sum(
// CHECK:         gpu.launch {{.+}} module(@g_kernels) function(@g_k0)
// CHECK:           memref.store %{{.+}}, %{{.+}}[] : memref<f32>
// CHECK:           gpu.terminator
// CHECK:         %[[G:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[B:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1 : index
// CHECK-NEXT:    gpu.launch blocks(%{{.+}}, %{{.+}}, %{{.+}}) in (%{{.+}} = %[[G]], %{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]]) threads(%{{.+}}, %{{.+}}, %{{.+}}) in (%{{.+}} = %[[B]], %{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]]) module(@g_kernels) function(@g_k1)
// CHECK:           scf.for
// CHECK:           gpu.terminator
func.func @sum(%a: memref<64xf32>, %s: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  memref.store %zero, %s[] : memref<f32>
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %a[%i] : memref<64xf32>
    %acc = memref.load %s[] : memref<f32>
    %r = arith.addf %v, %acc : f32
    memref.store %r, %s[] : memref<f32>
  }
  return
}

// -----

// A rank-0 linalg op lowers without a loop: its loads, arithmetic and store
// run together on one thread. Views and allocations stay on the host.

// CHECK-LABEL: func.func @scalar(
// CHECK:         %[[T:.+]] = memref.alloc() : memref<f32>
// CHECK:         gpu.launch
// CHECK-NEXT:      %[[V:.+]] = memref.load %{{.+}}[] : memref<f32>
// CHECK-NEXT:      %[[E:.+]] = math.exp %[[V]] : f32
// CHECK-NEXT:      memref.store %[[E]], %[[T]][] : memref<f32>
// CHECK-NEXT:      gpu.terminator
// CHECK:         memref.expand_shape %[[T]]
func.func @scalar(%a: memref<f32>) -> memref<1xf32> {
  %t = memref.alloc() : memref<f32>
  %v = memref.load %a[] : memref<f32>
  %e = math.exp %v : f32
  memref.store %e, %t[] : memref<f32>
  %r = memref.expand_shape %t [] output_shape [1] : memref<f32> into memref<1xf32>
  return %r : memref<1xf32>
}

// -----

// A value loaded from device memory and used inside a loop: the load and
// the loop run together on one thread.

// CHECK-LABEL: func.func @loop_uses_load(
// CHECK:         gpu.launch
// CHECK:           %[[N:.+]] = memref.load %{{.+}}[] : memref<f32>
// CHECK:           scf.for
// CHECK:             memref.store %[[N]]
// CHECK:           gpu.terminator
// CHECK-NOT:     memref.load
func.func @loop_uses_load(%a: memref<f32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = memref.load %a[] : memref<f32>
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %v, %b[%i] : memref<8xf32>
  }
  return
}

// -----

// The host would need a value computed in device memory: not supported.

func.func @host_needs_value(%a: memref<index>, %b: memref<16xf32>) -> memref<4xf32, strided<[1], offset: ?>> {
  // expected-error @+1 {{--target cuda does not support 'memref.load' yet}}
  %i = memref.load %a[] : memref<index>
  %s = memref.subview %b[%i] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  return %s : memref<4xf32, strided<[1], offset: ?>>
}

// -----

// A gpu.launch an earlier pass built stays as it is (its 64 threads, its
// body) and is named in order with the kernels made here.

// CHECK-LABEL: func.func @existing_launch(
// CHECK:         gpu.launch {{.*}} module(@g_kernels) function(@g_k0)
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %[[C64:.+]], {{.*}}) module(@g_kernels) function(@g_k1)
// CHECK:           gpu.barrier
// CHECK:         gpu.launch {{.*}} module(@g_kernels) function(@g_k2)
func.func @existing_launch(%a: memref<8xf32>, %b: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %a[%i] : memref<8xf32>
    memref.store %v, %b[%i] : memref<8xf32>
    scf.reduce
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    gpu.barrier
    gpu.terminator
  }
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %b[%i] : memref<8xf32>
    memref.store %v, %a[%i] : memref<8xf32>
    scf.reduce
  }
  return
}

// -----

// A loop of the graph (a recurrence over time) stays on the host and
// launches its body's kernels each step. The view at the step's offset is
// taken inside the kernel, from its static source and the offset: kernel
// arguments are bare pointers, which cannot carry a dynamic offset.

// CHECK-LABEL: func.func @graph_loop(
// CHECK-SAME:    %[[X:.+]]: memref<8x4xf32>, %[[Y:.+]]: memref<4xf32>)
// CHECK:         scf.for %[[T:.+]] = {{.+}} {
// CHECK:           gpu.launch {{.+}} module(@g_kernels) function(@g_k0)
// CHECK:             %[[ROW:.+]] = memref.subview %[[X]][%[[T]], 0] [1, 4] [1, 1]
// CHECK:             memref.load %[[ROW]]
// CHECK:             memref.store {{.+}}, %[[Y]]
// CHECK:             gpu.terminator
// CHECK:         } {aotc.graph_loop}
func.func @graph_loop(%x: memref<8x4xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %t = %c0 to %c8 step %c1 {
    %row = memref.subview %x[%t, 0] [1, 4] [1, 1]
        : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      %a = memref.load %row[%c0, %i] : memref<1x4xf32, strided<[4, 1], offset: ?>>
      %b = memref.load %y[%i] : memref<4xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %y[%i] : memref<4xf32>
      scf.reduce
    }
  } {aotc.graph_loop}
  return
}
