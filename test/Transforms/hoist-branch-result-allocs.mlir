// RUN: aotc-opt %s --aotc-hoist-branch-result-allocs --allow-unregistered-dialect | FileCheck %s

// The buffers the branches of an scf.if compute a result into are one
// buffer allocated before it, and the result is that buffer: memory
// planning then places it. A branch that yields something else (an input)
// copies it into the buffer. An allocation of dynamic size, and a result
// neither branch allocates, stay as they are.

// CHECK-LABEL: func.func @merge(
// CHECK-SAME:      %[[C:.+]]: i1, %[[X:.+]]: memref<8xf32>
// CHECK-NEXT:    %[[A:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    %[[CA:.+]] = memref.cast %[[A]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    %[[B:.+]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    %[[CB:.+]] = memref.cast %[[B]] : memref<8xf32> to memref<?xf32>
// CHECK-NEXT:    scf.if %[[C]] {
// CHECK-NEXT:      "test.fill"(%[[A]])
// CHECK-NEXT:      "test.fill"(%[[B]])
// CHECK-NOT:       scf.yield
// CHECK:         } else {
// CHECK-NEXT:      "test.fill"(%[[A]])
// CHECK:           %[[CX:.+]] = memref.cast %[[X]]
// CHECK-NEXT:      memref.copy %[[CX]], %[[B]]
// CHECK-NEXT:    }
// CHECK-NEXT:    "test.use"(%[[CA]], %[[CB]])
func.func @merge(%c: i1, %x: memref<8xf32>) {
  %r:2 = scf.if %c -> (memref<4xf32, strided<[?], offset: ?>>, memref<?xf32>) {
    %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    "test.fill"(%a) : (memref<4xf32>) -> ()
    %b = memref.alloc() : memref<8xf32>
    "test.fill"(%b) : (memref<8xf32>) -> ()
    %ca = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %cb = memref.cast %b : memref<8xf32> to memref<?xf32>
    scf.yield %ca, %cb : memref<4xf32, strided<[?], offset: ?>>, memref<?xf32>
  } else {
    %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    "test.fill"(%a) : (memref<4xf32>) -> ()
    %ca = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %cx = memref.cast %x : memref<8xf32> to memref<?xf32>
    scf.yield %ca, %cx : memref<4xf32, strided<[?], offset: ?>>, memref<?xf32>
  }
  "test.use"(%r#0, %r#1) : (memref<4xf32, strided<[?], offset: ?>>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @keep(
// CHECK-NEXT:    %{{.+}}:2 = scf.if
// CHECK-NEXT:      memref.alloc(%{{.+}}) : memref<?xf32>
// CHECK:         } else {
// CHECK-NEXT:      memref.alloc(%{{.+}}) : memref<?xf32>
func.func @keep(%c: i1, %n: index, %x: memref<4xf32>, %y: memref<4xf32>) {
  %r:2 = scf.if %c -> (memref<?xf32>, memref<4xf32>) {
    %a = memref.alloc(%n) : memref<?xf32>
    scf.yield %a, %x : memref<?xf32>, memref<4xf32>
  } else {
    %a = memref.alloc(%n) : memref<?xf32>
    scf.yield %a, %y : memref<?xf32>, memref<4xf32>
  }
  "test.use"(%r#0, %r#1) : (memref<?xf32>, memref<4xf32>) -> ()
  return
}
