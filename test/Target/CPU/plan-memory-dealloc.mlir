// RUN: aotc-opt %s --aotc-cpu-plan-memory --buffer-deallocation-pipeline --canonicalize | FileCheck %s

// The bufferize stage's order: planning, then MLIR's deallocation pipeline.
// What the planner leaves alone (here an alloc asking for 128-byte
// alignment, more than the arena guarantees) is still freed, inside the
// guard that skips the graph when the arena's malloc fails; the planned
// buffer, a view of the arena, is not.

// CHECK-LABEL: func.func @g_run(
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<64xi8>
// CHECK:         scf.if %{{.+}} {
// CHECK:           %[[VIEW:.+]] = memref.view %[[ARENA]][%{{.+}}][]{{.*}} : memref<64xi8> to memref<16xf32>
// CHECK:           %[[LEFT:.+]] = memref.alloc() {alignment = 128 : i64} : memref<16xf32>
// CHECK:           linalg.add ins(%[[VIEW]], %[[VIEW]] : {{.*}}) outs(%[[LEFT]] : memref<16xf32>)
// CHECK:           memref.dealloc %[[LEFT]] : memref<16xf32>
// CHECK-NOT:       memref.dealloc
// CHECK:         }
// CHECK:         llvm.call @free
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @g_run(%in: !llvm.ptr, %out: memref<16xf32>,
                 %temp: !llvm.ptr {aotc.arena}) -> i32 {
  %ok = arith.constant 0 : i32
  %c = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%a : memref<16xf32>)
  %b = memref.alloc() {alignment = 128 : i64} : memref<16xf32>
  linalg.add ins(%a, %a : memref<16xf32>, memref<16xf32>)
             outs(%b : memref<16xf32>)
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  return %ok : i32
}
