// RUN: aotc-opt %s --aotc-hoist-graph-loop-allocs --allow-unregistered-dialect | FileCheck %s

// The per-step temporaries of a graph loop are allocated once, before it,
// out of nested graph loops too; the scratch of a kernel's own loop (a
// tile's buffer, per iteration: the iterations may run as tasks on several
// threads) stays where it is, as does an allocation of dynamic size.

// CHECK-LABEL: func.func @hoist(
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[STEP:.+]] = memref.alloc() : memref<2x4xf32>
// CHECK-NEXT:    %[[INNER:.+]] = memref.alloc() : memref<2x8xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      memref.alloc(%{{.+}}) : memref<?xf32>
// CHECK-NEXT:      "test.use"(%[[STEP]])
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        "test.use"(%[[INNER]])
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          %[[TILE:.+]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT:          "test.use"(%[[TILE]])
func.func @hoist(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %t = %c0 to %c4 step %c1 {
    %step = memref.alloc() : memref<2x4xf32>
    %dynamic = memref.alloc(%n) : memref<?xf32>
    "test.use"(%step) : (memref<2x4xf32>) -> ()
    scf.for %u = %c0 to %c4 step %c1 {
      %inner = memref.alloc() : memref<2x8xf32>
      "test.use"(%inner) : (memref<2x8xf32>) -> ()
      scf.for %i = %c0 to %c4 step %c1 {
        %tile = memref.alloc() : memref<16xf32>
        "test.use"(%tile) : (memref<16xf32>) -> ()
      }
    } {aotc.graph_loop}
  } {aotc.graph_loop}
  return
}
