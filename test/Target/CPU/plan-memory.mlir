// RUN: aotc-opt %s --aotc-cpu-plan-memory --split-input-file | FileCheck %s
// RUN: aotc-opt %s --aotc-cpu-plan-memory=print-plan --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: aotc-opt %s --aotc-cpu-plan-memory --cse --split-input-file | FileCheck %s --check-prefix=CSE

// Two buffers whose lifetimes do not intersect share offset 0; their
// deallocs go away, and the arena is one buffer's size. With temp NULL the
// function mallocs the arena (plus 63 bytes to align it) and frees it.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 64 : i64}
// CHECK-DAG:   llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-DAG:   llvm.func @free(!llvm.ptr)
// CHECK-LABEL: func.func @disjoint(
// CHECK-SAME:    %[[TEMP:[a-z0-9]+]]: !llvm.ptr, %[[OUT:[a-z0-9]+]]: memref<16xf32>) {
// CHECK:         %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         %[[ISNULL:.+]] = llvm.icmp "eq" %[[TEMP]], %[[NULL]] : !llvm.ptr
// CHECK:         %[[BLOCK:.+]]:2 = scf.if %[[ISNULL]] -> (!llvm.ptr, !llvm.ptr) {
// CHECK:           %[[SIZE:.+]] = llvm.mlir.constant(127 : i64) : i64
// CHECK:           %[[RAW:.+]] = llvm.call @malloc(%[[SIZE]]) : (i64) -> !llvm.ptr
// CHECK:           %[[ALIGNED:.+]] = llvm.getelementptr %[[RAW]][%{{.+}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:           scf.yield %[[RAW]], %[[ALIGNED]] : !llvm.ptr, !llvm.ptr
// CHECK:         } else {
// CHECK:           scf.yield %[[NULL]], %[[TEMP]] : !llvm.ptr, !llvm.ptr
// CHECK:         }
// CHECK:         llvm.insertvalue %[[BLOCK]]#1, %{{.+}}[1]
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<64xi8>
// CHECK:         %[[OA:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.+]] = memref.view %[[ARENA]][%[[OA]]][]{{.*}} : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.+}} : f32) outs(%[[A]] : memref<16xf32>)
// CHECK-NEXT:    memref.copy %[[A]], %[[OUT]]
// CHECK-NEXT:    %[[OB:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.+]] = memref.view %[[ARENA]][%[[OB]]][]{{.*}} : memref<64xi8> to memref<16xf32>
// CHECK-NEXT:    linalg.fill ins(%{{.+}} : f32) outs(%[[B]] : memref<16xf32>)
// CHECK-NEXT:    memref.copy %[[B]], %[[OUT]]
// CHECK-NEXT:    scf.if %[[ISNULL]] {
// CHECK-NEXT:      llvm.call @free(%[[BLOCK]]#0) : (!llvm.ptr) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc

// PLAN:      plan-memory: @disjoint: 2 buffers planned, 0 left to malloc; arena 64 bytes, peak live 64, unshared 128
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [2, 3] memref<16xf32> at
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [6, 7] memref<16xf32> at
func.func @disjoint(%temp: !llvm.ptr {aotc.arena}, %out: memref<16xf32>) {
  %c = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%a : memref<16xf32>)
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%b : memref<16xf32>)
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// A buffer is live from its first use, not from its alloc: both allocs
// come first, yet the buffers share offset 0.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 64 : i64}
// CHECK-LABEL: func.func @hoisted(
// PLAN:      plan-memory: @hoisted: 2 buffers planned, 0 left to malloc; arena 64 bytes, peak live 64, unshared 128
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [3, 4] memref<16xf32>
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [5, 6] memref<16xf32>
func.func @hoisted(%temp: !llvm.ptr {aotc.arena}, %out: memref<16xf32>) {
  %c = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%a : memref<16xf32>)
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  linalg.fill ins(%c : f32) outs(%b : memref<16xf32>)
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  return
}

// -----

// Buffers live at the same time get disjoint bytes, each at a multiple of
// 64: the 12-byte buffer goes at 64, not right after the 20 bytes at 0
// (largest first). The arena, 64 + 12 bytes, rounds up to 128.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 128 : i64}
// CHECK-LABEL: func.func @overlapping(
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<128xi8>
// CHECK:         %[[OX:.+]] = arith.constant 64 : index
// CHECK-NEXT:    %[[X:.+]] = memref.view %[[ARENA]][%[[OX]]][]{{.*}} : memref<128xi8> to memref<3xf32>
// CHECK:         %[[OY:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[Y:.+]] = memref.view %[[ARENA]][%[[OY]]][]{{.*}} : memref<128xi8> to memref<5xf32>
// CHECK:         memref.copy %[[X]]
// CHECK:         memref.copy %[[Y]]

// PLAN:      plan-memory: @overlapping: 2 buffers planned, 0 left to malloc; arena 128 bytes, peak live 128, unshared 128
// PLAN-NEXT: plan-memory:   offset 64 bytes 12 live [2, 5] memref<3xf32>
// PLAN-NEXT: plan-memory:   offset 0 bytes 20 live [4, 6] memref<5xf32>
func.func @overlapping(%temp: !llvm.ptr {aotc.arena}, %o1: memref<3xf32>,
                       %o2: memref<5xf32>) {
  %c = arith.constant 1.0 : f32
  %x = memref.alloc() : memref<3xf32>
  linalg.fill ins(%c : f32) outs(%x : memref<3xf32>)
  %y = memref.alloc() : memref<5xf32>
  linalg.fill ins(%c : f32) outs(%y : memref<5xf32>)
  memref.copy %x, %o1 : memref<3xf32> to memref<3xf32>
  memref.copy %y, %o2 : memref<5xf32> to memref<5xf32>
  return
}

// -----

// A buffer allocated inside a loop that does not leave the iteration takes a
// fixed slot, live for the whole loop; so is a buffer the loop reads. After
// the loop both slots are free again. The view made in the loop is marked
// as one iteration's scratch (aotc-cpu-parallelize-kernels gives each
// worker its own).

// CHECK-LABEL: module attributes {aotc.temp_bytes = 128 : i64}
// CHECK-LABEL: func.func @loop_local(
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<128xi8>
// CHECK:         %[[OB:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BIG:.+]] = memref.view %[[ARENA]][%[[OB]]][]{{.*}} : memref<128xi8> to memref<16xf32>
// CHECK:         scf.for
// CHECK-NEXT:      %[[OT:.+]] = arith.constant 64 : index
// CHECK-NEXT:      %[[TILE:.+]] = memref.view %[[ARENA]][%[[OT]]][] {{{.*}}aotc.loop_scratch} : memref<128xi8> to memref<16xf32>
// CHECK-NEXT:      linalg.fill ins(%{{.+}} : f32) outs(%[[TILE]] : memref<16xf32>)
// CHECK:           linalg.add ins(%[[TILE]], %[[BIG]] : memref<16xf32>, memref<16xf32>)
// CHECK-NOT:       memref.dealloc
// CHECK:         }
// CHECK:         %[[OA:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[AFTER:.+]] = memref.view %[[ARENA]][%[[OA]]][]{{.*}} : memref<128xi8> to memref<16xf32>

// PLAN:      plan-memory: @loop_local: 3 buffers planned, 0 left to malloc; arena 128 bytes, peak live 128, unshared 192
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [2, 3] memref<16xf32>
// PLAN-NEXT: plan-memory:   offset 64 bytes 64 live [3, 3] memref<16xf32>
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [5, 7] memref<16xf32>
func.func @loop_local(%temp: !llvm.ptr {aotc.arena}, %out: memref<4x16xf32>,
                      %lb: index, %ub: index, %step: index) {
  %c = arith.constant 1.0 : f32
  %big = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%big : memref<16xf32>)
  scf.for %i = %lb to %ub step %step {
    %tile = memref.alloc() : memref<16xf32>
    linalg.fill ins(%c : f32) outs(%tile : memref<16xf32>)
    %row = memref.subview %out[%i, 0] [1, 16] [1, 1]
        : memref<4x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    linalg.add ins(%tile, %big : memref<16xf32>, memref<16xf32>)
               outs(%row : memref<16xf32, strided<[1], offset: ?>>)
    memref.dealloc %tile : memref<16xf32>
  }
  %after = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%after : memref<16xf32>)
  %row0 = memref.subview %out[0, 0] [1, 16] [1, 1]
      : memref<4x16xf32> to memref<16xf32, strided<[1]>>
  memref.copy %after, %row0 : memref<16xf32> to memref<16xf32, strided<[1]>>
  return
}

// -----

// Uses of views extend a buffer's life. %a's last direct use is the
// expand_shape, but the 4x4 view of it is read after %b is written; %c is
// last read through a subview inside a loop after %d is written. Neither
// pair can share; %c and %d can reuse the slots of %a and %b. The views are
// numbered: CSE keeps %a's and %c's apart (each value is one buffer, whose
// users aotc-cpu-vnni-kernels follows).

// CSE-LABEL: func.func @aliases(
// CSE:         memref.view %{{.+}}[%[[O:.+]]][] {aotc.buffer = 0 : i64} : memref<128xi8> to memref<16xf32>
// CSE:         memref.view %{{.+}}[%[[O]]][] {aotc.buffer = 2 : i64} : memref<128xi8> to memref<16xf32>

// CHECK-LABEL: module attributes {aotc.temp_bytes = 128 : i64}
// CHECK-LABEL: func.func @aliases(
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<128xi8>
// CHECK:         %[[OA:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.+]] = memref.view %[[ARENA]][%[[OA]]][]{{.*}} : memref<128xi8> to memref<16xf32>
// CHECK:         %[[E:.+]] = memref.expand_shape %[[A]]
// CHECK:         %[[OB:.+]] = arith.constant 64 : index
// CHECK-NEXT:    %[[B:.+]] = memref.view %[[ARENA]][%[[OB]]][]{{.*}} : memref<128xi8> to memref<16xf32>
// CHECK:         memref.copy %[[E]]
// CHECK:         %[[OC:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C:.+]] = memref.view %[[ARENA]][%[[OC]]][]{{.*}} : memref<128xi8> to memref<16xf32>
// CHECK:         %[[HALF:.+]] = memref.subview %[[C]]
// CHECK:         %[[OD:.+]] = arith.constant 64 : index
// CHECK-NEXT:    %[[D:.+]] = memref.view %[[ARENA]][%[[OD]]][]{{.*}} : memref<128xi8> to memref<16xf32>
// CHECK:         scf.for
// CHECK:           memref.copy %[[HALF]]

// PLAN:      plan-memory: @aliases: 4 buffers planned, 0 left to malloc; arena 128 bytes, peak live 128, unshared 256
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [2, 7] memref<16xf32>
// PLAN-NEXT: plan-memory:   offset 64 bytes 64 live [5, 8] memref<16xf32>
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [10, 15] memref<16xf32>
// PLAN-NEXT: plan-memory:   offset 64 bytes 64 live [13, 14] memref<16xf32>
func.func @aliases(%temp: !llvm.ptr {aotc.arena}, %out: memref<16xf32>,
                   %out2: memref<4x4xf32>, %out3: memref<4x8xf32>,
                   %lb: index, %ub: index, %step: index) {
  %c = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%a : memref<16xf32>)
  %e = memref.expand_shape %a [[0, 1]] output_shape [4, 4]
      : memref<16xf32> into memref<4x4xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%b : memref<16xf32>)
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  memref.copy %e, %out2 : memref<4x4xf32> to memref<4x4xf32>
  memref.copy %b, %out : memref<16xf32> to memref<16xf32>
  %cc = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%cc : memref<16xf32>)
  %half = memref.subview %cc[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %d = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%d : memref<16xf32>)
  memref.copy %d, %out : memref<16xf32> to memref<16xf32>
  scf.for %i = %lb to %ub step %step {
    %row = memref.subview %out3[%i, 0] [1, 8] [1, 1]
        : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %half, %row : memref<8xf32, strided<[1]>> to memref<8xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// Buffers that escape are left to malloc: returned, passed to a call, turned
// into a pointer, allocated in a loop whose iterations may run at once, of
// dynamic size. The one that stays local is planned.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 64 : i64}
// CHECK-LABEL: func.func @escaping(
// CHECK:         %[[RET:.+]] = memref.alloc() : memref<16xf32>
// CHECK:         %[[ARG:.+]] = memref.alloc() : memref<16xf32>
// CHECK:         call @sink(%[[ARG]])
// CHECK:         %[[PTR:.+]] = memref.alloc() : memref<16xf32>
// CHECK:         memref.extract_aligned_pointer_as_index %[[PTR]]
// CHECK:         memref.alloc(%{{.+}}) : memref<?xf32>
// CHECK:         scf.forall
// CHECK-NEXT:      memref.alloc() : memref<16xf32>
// CHECK:         %[[LOCAL:.+]] = memref.view %{{.+}}[%{{.+}}][]{{.*}} : memref<64xi8> to memref<16xf32>
// CHECK:         return %[[RET]]

// PLAN:      plan-memory: @escaping: 1 buffers planned, 5 left to malloc; arena 64 bytes, peak live 64, unshared 64
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [11, 12] memref<16xf32>
// PLAN-NEXT: plan-memory:   left memref<16xf32> at {{.+}}: escapes through 'func.return'
// PLAN-NEXT: plan-memory:   left memref<16xf32> at {{.+}}: escapes through 'func.call'
// PLAN-NEXT: plan-memory:   left memref<16xf32> at {{.+}}: escapes through 'memref.extract_aligned_pointer_as_index'
// PLAN-NEXT: plan-memory:   left memref<?xf32> at {{.+}}: dynamic shape
// PLAN-NEXT: plan-memory:   left memref<16xf32> at {{.+}}: allocated inside 'scf.forall', whose iterations may overlap
func.func private @sink(memref<16xf32>)
func.func @escaping(%temp: !llvm.ptr {aotc.arena}, %out: memref<16xf32>,
                    %n: index, %big: memref<4x16xf32>) -> memref<16xf32> {
  %c = arith.constant 1.0 : f32
  %ret = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%ret : memref<16xf32>)
  %arg = memref.alloc() : memref<16xf32>
  call @sink(%arg) : (memref<16xf32>) -> ()
  %ptr = memref.alloc() : memref<16xf32>
  %i = memref.extract_aligned_pointer_as_index %ptr : memref<16xf32> -> index
  %dyn = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%c : f32) outs(%dyn : memref<?xf32>)
  scf.forall (%j) in (4) {
    %t = memref.alloc() : memref<16xf32>
    linalg.fill ins(%c : f32) outs(%t : memref<16xf32>)
    %row = memref.subview %big[%j, 0] [1, 16] [1, 1]
        : memref<4x16xf32> to memref<16xf32, strided<[1], offset: ?>>
    memref.copy %t, %row : memref<16xf32> to memref<16xf32, strided<[1], offset: ?>>
  }
  %local = memref.alloc() : memref<16xf32>
  linalg.fill ins(%c : f32) outs(%local : memref<16xf32>)
  memref.copy %local, %out : memref<16xf32> to memref<16xf32>
  return %ret : memref<16xf32>
}

// -----

// The entry point's shape: a function returning an i32 status mallocs the
// arena once when temp is NULL, skips its body and returns 1 if that fails,
// and frees the arena once, on the way out.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 256 : i64}
// CHECK-LABEL: func.func @status(
// CHECK-SAME:    %{{.+}}: !llvm.ptr, %{{.+}}: memref<64xf32>, %[[TEMP:[a-z0-9]+]]: !llvm.ptr) -> i32
// CHECK:         %[[ISNULL:.+]] = llvm.icmp "eq" %[[TEMP]]
// CHECK:         %[[BLOCK:.+]]:2 = scf.if %[[ISNULL]]
// CHECK:           llvm.mlir.constant(319 : i64) : i64
// CHECK-COUNT-1:   llvm.call @malloc
// CHECK-NOT:       llvm.call @malloc
// CHECK:         %[[OK:.+]] = llvm.icmp "ne" %[[BLOCK]]#1, %{{.+}} : !llvm.ptr
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<256xi8>
// CHECK:         %[[RC:.+]] = scf.if %[[OK]] -> (i32) {
// CHECK:           memref.view %[[ARENA]]
// CHECK:           linalg.fill
// CHECK:           memref.copy
// CHECK:           scf.yield %{{.+}} : i32
// CHECK:         } else {
// CHECK-NEXT:      %[[ONE:.+]] = arith.constant 1 : i32
// CHECK-NEXT:      scf.yield %[[ONE]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %[[ISNULL]] {
// CHECK-NEXT:      llvm.call @free(%[[BLOCK]]#0)
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[RC]] : i32
// CHECK-NOT:     llvm.call @free
func.func @status(%inputs: !llvm.ptr, %out: memref<64xf32>,
                  %temp: !llvm.ptr {aotc.arena}) -> i32 {
  %ok = arith.constant 0 : i32
  %c = arith.constant 1.0 : f32
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  linalg.fill ins(%c : f32) outs(%a : memref<64xf32>)
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  return %ok : i32
}

// -----

// Placement tries several orders and keeps the smallest arena. %small is
// live with %first, %first with %second, %small not with %second. Placed in
// order of first use, %small takes 0..64, %first 64..320, and %second,
// which fits in no gap, 320..576. Largest first puts %first at 0, %second
// at 256 and %small, which only meets %first, at 256 too: 512 bytes, the
// peak live.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 512 : i64}
// PLAN:      plan-memory: @largest_first: 3 buffers planned, 0 left to malloc; arena 512 bytes, peak live 512, unshared 576
// PLAN-NEXT: plan-memory:   offset 256 bytes 64 live [4, 6] memref<16xf32>
// PLAN-NEXT: plan-memory:   offset 0 bytes 256 live [5, 7] memref<64xf32>
// PLAN-NEXT: plan-memory:   offset 256 bytes 256 live [7, 8] memref<64xf32>
func.func @largest_first(%temp: !llvm.ptr {aotc.arena}, %o1: memref<16xf32>,
                         %o2: memref<64xf32>) {
  %c = arith.constant 1.0 : f32
  %small = memref.alloc() : memref<16xf32>
  %first = memref.alloc() : memref<64xf32>
  %second = memref.alloc() : memref<64xf32>
  linalg.fill ins(%c : f32) outs(%small : memref<16xf32>)
  linalg.fill ins(%c : f32) outs(%first : memref<64xf32>)
  memref.copy %small, %o1 : memref<16xf32> to memref<16xf32>
  memref.copy %first, %second : memref<64xf32> to memref<64xf32>
  memref.copy %second, %o2 : memref<64xf32> to memref<64xf32>
  return
}

// -----

// Nothing to plan: no arena, no malloc, temp_bytes 0; the marker is
// consumed either way.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 0 : i64}
// CHECK-NOT:   llvm.func @malloc
// CHECK-LABEL: func.func @nothing(
// CHECK-SAME:    %{{.+}}: !llvm.ptr, %{{.+}}: memref<4xf32>)
// CHECK-NOT:     aotc.arena
// CHECK-NOT:     llvm.call
func.func @nothing(%temp: !llvm.ptr {aotc.arena}, %out: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%out : memref<4xf32>)
  return
}

// -----

// Empty buffers take no bytes: a view of temp as it is, never dereferenced,
// and no malloc.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 0 : i64}
// CHECK-LABEL: func.func @empty(
// CHECK-SAME:    %[[TEMP:[a-z0-9]+]]: !llvm.ptr
// CHECK-NOT:     llvm.call
// CHECK:         llvm.insertvalue %[[TEMP]], %{{.+}}[1]
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<0xi8>
// CHECK:         memref.view %[[ARENA]][%{{.+}}][]{{.*}} : memref<0xi8> to memref<0x4xf32>
// CHECK-NOT:     llvm.call
func.func @empty(%temp: !llvm.ptr {aotc.arena}, %out: memref<0x4xf32>) {
  %e = memref.alloc() : memref<0x4xf32>
  memref.copy %e, %out : memref<0x4xf32> to memref<0x4xf32>
  return
}

// -----

// Functions without an arena argument are left alone, and the module gets
// no temp_bytes; with two planned functions it gets the larger arena.

// CHECK-NOT:   aotc.temp_bytes
// CHECK-LABEL: func.func @unmarked(
// CHECK:         memref.alloc() : memref<16xf32>
func.func @unmarked(%out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// CHECK-LABEL: module attributes {aotc.temp_bytes = 256 : i64}
// CHECK-COUNT-2: llvm.call @malloc
func.func @one(%temp: !llvm.ptr {aotc.arena}, %out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  return
}
func.func @two(%temp: !llvm.ptr {aotc.arena}, %out: memref<64xf32>) {
  %a = memref.alloc() : memref<64xf32>
  memref.copy %a, %out : memref<64xf32> to memref<64xf32>
  return
}

// -----

// The elementwise op after a VNNI contraction (aotc.vnni), the only reader
// of its sums, may run on the contraction's register tiles
// (aotc-cpu-vnni-kernels): its output is live from the contraction on, so
// it does not take the place of the contraction's input %u, dead after the
// contraction: %y's life starts at the contraction (op 5), not at the
// epilogue (op 7), where it could have taken %u's place.

#a = affine_map<(m, nb, j, k4, i) -> (m, k4 * 4 + i)>
#p = affine_map<(m, nb, j, k4, i) -> (nb, k4, j, i)>
#c = affine_map<(m, nb, j, k4, i) -> (m, nb * 16 + j)>
#id = affine_map<(m, n) -> (m, n)>
// PLAN:      plan-memory: @vnni_epilogue: 3 buffers planned, 0 left to malloc; arena 192 bytes
// PLAN-NEXT: plan-memory:   offset 128 bytes 16 live [3, 5] memref<1x16xi8>
// PLAN-NEXT: plan-memory:   offset 0 bytes 64 live [5, 7] memref<1x16xi32>
// PLAN-NEXT: plan-memory:   offset 64 bytes 64 live [5, 8] memref<1x16xf32>
memref.global "private" constant @packed : memref<1x4x16x4xi8> = dense<1>
func.func @vnni_epilogue(%temp: !llvm.ptr {aotc.arena}, %out: memref<1x16xf32>) {
  %p = memref.get_global @packed : memref<1x4x16x4xi8>
  %u = memref.alloc() : memref<1x16xi8>
  %one = arith.constant 1 : i8
  linalg.fill ins(%one : i8) outs(%u : memref<1x16xi8>)
  %acc = memref.alloc() : memref<1x16xi32>
  linalg.generic {indexing_maps = [#a, #p, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%u, %p : memref<1x16xi8>, memref<1x4x16x4xi8>) outs(%acc : memref<1x16xi32>)
      attrs = {aotc.vnni} {
  ^bb0(%x: i8, %w: i8, %s: i32):
    %xw = arith.extui %x : i8 to i32
    %ww = arith.extsi %w : i8 to i32
    %prod = arith.muli %xw, %ww : i32
    %sum = arith.addi %s, %prod : i32
    linalg.yield %sum : i32
  }
  %y = memref.alloc() : memref<1x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : memref<1x16xi32>) outs(%y : memref<1x16xf32>) {
  ^bb0(%s: i32, %o: f32):
    %real = arith.sitofp %s : i32 to f32
    linalg.yield %real : f32
  }
  memref.copy %y, %out : memref<1x16xf32> to memref<1x16xf32>
  return
}
