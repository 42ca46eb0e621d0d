// RUN: aotc-opt %s --aotc-cpu-split-entry-point="kernels-per-part=2 min-kernels=2" | FileCheck %s
// RUN: aotc-opt %s --aotc-cpu-split-entry-point | FileCheck %s --check-prefix=WHOLE

// Five kernels, two per part. The first part takes what its kernels read
// from outside (the arena, the input) as arguments and recreates the
// constants and the global it uses; the view the second part reads is its
// result. The global stays in g_run as well, since the second part uses it
// too (dead there now: canonicalization removes it), and the stack allocation between the parts stays in g_run, since its
// memory must outlive the call that uses it.

// CHECK-LABEL: func.func private @g_part_1(
// CHECK-SAME:      %[[ARENA:.+]]: memref<64xi8>, %[[A:.+]]: memref<8xf32>)
// CHECK-SAME:      -> memref<8xf32> attributes {passthrough = ["noinline"]}
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[W:.+]] = memref.get_global @weights
// CHECK:         %[[T:.+]] = memref.view %[[ARENA]]
// CHECK:         scf.for %{{.+}} = %{{.+}} to %[[C8]]
// CHECK:           memref.load %[[W]]
// CHECK:           memref.load %[[A]]
// CHECK:         %[[C32:.+]] = arith.constant 32 : index
// CHECK:         %[[U:.+]] = memref.view %[[ARENA]][%[[C32]]]
// CHECK:         linalg.generic {{.*}} ins(%[[T]] : {{.*}}) outs(%[[U]] :
// CHECK:         return %[[U]] : memref<8xf32>

// CHECK-LABEL: func.func private @g_part_2(
// CHECK-SAME:      %[[U2:.+]]: memref<8xf32>, %[[S:.+]]: memref<8xf32>, %[[OUT:.+]]: memref<8xf32>)
// CHECK:         %[[W2:.+]] = memref.get_global @weights
// CHECK:         linalg.copy ins(%[[U2]] : {{.*}}) outs(%[[S]] :
// CHECK:         linalg.generic {{.*}} ins(%[[S]], %[[W2]] : {{.*}}) outs(%[[OUT]] :
// CHECK:         return

// A result-less scf.if inside the body (a parallel kernel's dispatch) is
// one op of a part, its kernels counted.
// CHECK-LABEL: func.func private @g_part_3(
// CHECK-SAME:      %[[OK:[^:]+]]: i1, %[[OUT3:[^:]+]]: memref<8xf32>, %[[S3:[^:]+]]: memref<8xf32>)
// CHECK:         scf.if %[[OK]] {
// CHECK-NEXT:      memref.copy %[[OUT3]], %[[S3]]

// CHECK-LABEL: func.func @g_run(
// CHECK-SAME:      %[[GA:[^:]+]]: memref<8xf32>, %[[GOUT:[^:]+]]: memref<8xf32>, %[[GOK:[^:]+]]: i1
// CHECK:         %[[GARENA:.+]] = memref.alloca() : memref<64xi8>
// CHECK:         scf.if
// CHECK:           %[[GU:.+]] = func.call @g_part_1(%[[GARENA]], %[[GA]])
// CHECK-NEXT:      %[[GS:.+]] = memref.alloca() : memref<8xf32>
// CHECK-NEXT:      func.call @g_part_2(%[[GU]], %[[GS]], %[[GOUT]])
// CHECK-NEXT:      func.call @g_part_3(%[[GOK]], %[[GOUT]], %[[GS]])
// CHECK-NEXT:    }
// CHECK:         return

// A private function keeps its kernels.
// CHECK-LABEL: func.func private @helper(
// CHECK-NOT:     call
// CHECK:         linalg.copy

// At most 48 kernels, the default, the entry point stays whole.
// WHOLE-NOT: g_part_
// WHOLE-LABEL: func.func @g_run(
// WHOLE-NOT: call

memref.global "private" constant @weights : memref<8xf32> = dense<2.0>

#id = affine_map<(d0) -> (d0)>
func.func @g_run(%a: memref<8xf32>, %out: memref<8xf32>, %ok: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %status = arith.constant 0 : i32
  %arena = memref.alloca() : memref<64xi8>
  scf.if %ok {
    %w = memref.get_global @weights : memref<8xf32>
    %t = memref.view %arena[%c0][] : memref<64xi8> to memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %x = memref.load %w[%i] : memref<8xf32>
      %y = memref.load %a[%i] : memref<8xf32>
      %z = arith.mulf %x, %y : f32
      memref.store %z, %t[%i] : memref<8xf32>
    }
    %c32 = arith.constant 32 : index
    %u = memref.view %arena[%c32][] : memref<64xi8> to memref<8xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%t : memref<8xf32>) outs(%u : memref<8xf32>) {
    ^bb0(%in: f32, %o: f32):
      %e = math.exp %in : f32
      linalg.yield %e : f32
    }
    %s = memref.alloca() : memref<8xf32>
    linalg.copy ins(%u : memref<8xf32>) outs(%s : memref<8xf32>)
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%s, %w : memref<8xf32>, memref<8xf32>) outs(%out : memref<8xf32>) {
    ^bb0(%in: f32, %in2: f32, %o: f32):
      %e = arith.addf %in, %in2 : f32
      linalg.yield %e : f32
    }
    scf.if %ok {
      memref.copy %out, %s : memref<8xf32> to memref<8xf32>
    }
  }
  return %status : i32
}

func.func private @helper(%a: memref<8xf32>, %b: memref<8xf32>) {
  linalg.copy ins(%a : memref<8xf32>) outs(%b : memref<8xf32>)
  return
}
