// RUN: aotc-opt %s --split-input-file --aotc-cpu-parallelize-kernels="min-task-work=64" --aotc-cpu-merge-identical-tasks | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-parallelize-kernels="min-task-work=64" | FileCheck %s --check-prefix=UNMERGED
// RUN: aotc-opt %s --split-input-file --aotc-cpu-parallelize-kernels="serial-functions=1" --aotc-cpu-merge-identical-tasks | FileCheck %s --check-prefix=SERIAL

// Three layers of one shape (a weight matrix times a row, into a planned
// buffer) and one of another. The first two differ in their weights and in
// where their outputs lie (offset 0, which is also an index, and 1024);
// the third is the first again (the same weights and offset). All three
// run as @m_task_1, which loads the weights' address and the offset from
// the two slots past the roots (each task has one: the arena or
// `outputs`, slot 0); each dispatch stores its own. The fourth, with
// another row length, keeps its own task, and the context grows from 1
// slot to 3.

// UNMERGED-COUNT-4: func.func private @m_task_

// The same kernels left serial (too small to be tasks) merge the same way;
// each call is preceded by its stores.
// SERIAL-LABEL: func.func private @m_serial_1(
// SERIAL-NOT:   func.func private @m_serial_2(
// SERIAL-NOT:   func.func private @m_serial_3(
// SERIAL-LABEL: func.func private @m_serial_4(
// SERIAL-LABEL: func.func @m_run_parallel(
// SERIAL:         memref.get_global @w1
// SERIAL:         arith.constant 0 : i64
// SERIAL:         call @m_serial_1(
// SERIAL:         memref.get_global @w2
// SERIAL:         arith.constant 1024 : i64
// SERIAL:         call @m_serial_1(
// SERIAL:         memref.get_global @w1
// SERIAL:         call @m_serial_1(
// SERIAL:         call @m_serial_4(

// CHECK-LABEL: module attributes {aotc.parallel_kernels = [
// CHECK-SAME:    task = "m_task_1"
// CHECK-SAME:    task = "m_task_1"
// CHECK-SAME:    task = "m_task_1"
// CHECK-SAME:    task = "m_task_4"
// CHECK:       func.func private @m_task_1(%[[CTX:.+]]: !llvm.ptr,
// CHECK:         %[[WSLOT:.+]] = llvm.getelementptr %[[CTX]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK:         %[[WP:.+]] = llvm.load %[[WSLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[W:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.struct<{{.+}}> to memref<4x16xf32>
// CHECK:         %[[OSLOT:.+]] = llvm.getelementptr %[[CTX]][2] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK:         %[[OFFSET:.+]] = llvm.load %[[OSLOT]] : !llvm.ptr -> i64
// CHECK:         %[[AT:.+]] = arith.index_cast %[[OFFSET]] : i64 to index
// CHECK:         memref.view %{{.+}}[%[[AT]]][] {aotc.buffer = 1 : i64} : memref<4096xi8> to memref<4x16xf32>
// CHECK:         vector.load %[[W]]
// CHECK-NOT:   func.func private @m_task_2
// CHECK-NOT:   func.func private @m_task_3
// CHECK:       func.func private @m_task_4(
// CHECK-NOT:     llvm.getelementptr %{{.+}}[1]
// CHECK:         memref.get_global @w4
// CHECK:       func.func @m_run_parallel(
// CHECK:         %[[THREE:.+]] = llvm.mlir.constant(3 : i64) : i64
// CHECK:         %[[CTXA:.+]] = llvm.alloca %[[THREE]] x i64 {alignment = 64 : i64}
// The first layer: @w1 at 0.
// CHECK:         memref.view %{{.+}} {aotc.buffer = 1 : i64}
// CHECK:         %[[G1:.+]] = memref.get_global @w1
// CHECK-NEXT:    %[[G1I:.+]] = memref.extract_aligned_pointer_as_index %[[G1]]
// CHECK:         %[[G1P:.+]] = llvm.inttoptr
// CHECK:         %[[S1:.+]] = llvm.getelementptr %[[CTXA]][1]
// CHECK:         llvm.store %[[G1P]], %[[S1]]
// CHECK:         %[[O1:.+]] = arith.constant 0 : i64
// CHECK:         %[[S2:.+]] = llvm.getelementptr %[[CTXA]][2]
// CHECK:         llvm.store %[[O1]], %[[S2]]
// CHECK:         func.constant @m_task_1
// CHECK:         func.call @m_task_1(%[[CTXA]],
// The second: @w2 at 1024.
// CHECK:         memref.get_global @w2
// CHECK:         arith.constant 1024 : i64
// CHECK:         func.constant @m_task_1
// CHECK:         func.call @m_task_1(%[[CTXA]],
// The third: @w1 at 0 again.
// CHECK:         memref.get_global @w1
// CHECK:         arith.constant 0 : i64
// CHECK:         func.call @m_task_1(%[[CTXA]],
// CHECK:         func.call @m_task_4(%[[CTXA]],

module attributes {aotc.temp_bytes = 4096 : i64} {
  memref.global "private" constant @w1 : memref<4x16xf32> = dense<1.0>
  memref.global "private" constant @w2 : memref<4x16xf32> = dense<2.0>
  memref.global "private" constant @w4 : memref<4x32xf32> = dense<4.0>
  llvm.func @malloc(i64) -> !llvm.ptr
  func.func @m_run(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr) -> i32 attributes {aotc.entry_point} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %c2048 = arith.constant 2048 : index
    %size = llvm.mlir.constant(4096 : i64) : i64
    %raw = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    %arena = builtin.unrealized_conversion_cast %raw : !llvm.ptr to memref<4096xi8>
    %yp = llvm.load %out : !llvm.ptr -> !llvm.ptr
    %y = builtin.unrealized_conversion_cast %yp : !llvm.ptr to memref<4x32xf32>
    %w1 = memref.get_global @w1 : memref<4x16xf32>
    %w2 = memref.get_global @w2 : memref<4x16xf32>
    %w4 = memref.get_global @w4 : memref<4x32xf32>
    %a = memref.view %arena[%c0][] {aotc.buffer = 1 : i64} : memref<4096xi8> to memref<4x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %w1[%i, %c0] : memref<4x16xf32>, vector<16xf32>
      %s = arith.mulf %v, %v : vector<16xf32>
      vector.store %s, %a[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    } {aotc.parallel}
    %b = memref.view %arena[%c1024][] {aotc.buffer = 2 : i64} : memref<4096xi8> to memref<4x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %w2[%i, %c0] : memref<4x16xf32>, vector<16xf32>
      %s = arith.mulf %v, %v : vector<16xf32>
      vector.store %s, %b[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    } {aotc.parallel}
    %c = memref.view %arena[%c0][] {aotc.buffer = 3 : i64} : memref<4096xi8> to memref<4x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %w1[%i, %c0] : memref<4x16xf32>, vector<16xf32>
      %s = arith.mulf %v, %v : vector<16xf32>
      vector.store %s, %c[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    } {aotc.parallel}
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %w4[%i, %c0] : memref<4x32xf32>, vector<32xf32>
      vector.store %v, %y[%i, %c0] : memref<4x32xf32>, vector<32xf32>
    } {aotc.parallel}
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}

// -----

// Two kernels equal but for their buffers: the first reads and writes one
// buffer (in place), the second reads one and writes another. Whether a
// store may change what a load reads differs, so they are not merged.

// CHECK-LABEL: module
// CHECK:       func.func private @m_task_1(
// CHECK:       func.func private @m_task_2(

module attributes {aotc.temp_bytes = 4096 : i64} {
  llvm.func @malloc(i64) -> !llvm.ptr
  func.func @m_run(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr) -> i32 attributes {aotc.entry_point} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %size = llvm.mlir.constant(4096 : i64) : i64
    %raw = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    %arena = builtin.unrealized_conversion_cast %raw : !llvm.ptr to memref<4096xi8>
    %a = memref.view %arena[%c0][] {aotc.buffer = 1 : i64} : memref<4096xi8> to memref<4x16xf32>
    %a2 = memref.view %arena[%c0][] {aotc.buffer = 1 : i64} : memref<4096xi8> to memref<4x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %a[%i, %c0] : memref<4x16xf32>, vector<16xf32>
      %s = arith.mulf %v, %v : vector<16xf32>
      vector.store %s, %a2[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    } {aotc.parallel}
    %b = memref.view %arena[%c0][] {aotc.buffer = 1 : i64} : memref<4096xi8> to memref<4x16xf32>
    %b2 = memref.view %arena[%c1024][] {aotc.buffer = 2 : i64} : memref<4096xi8> to memref<4x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %b[%i, %c0] : memref<4x16xf32>, vector<16xf32>
      %s = arith.mulf %v, %v : vector<16xf32>
      vector.store %s, %b2[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    } {aotc.parallel}
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}

// -----

// Kernels equal but for a constant they compute with, or for an attribute
// of a load (nontemporal): not merged.

// CHECK-LABEL: module
// CHECK:       func.func private @m_task_1(
// CHECK:       func.func private @m_task_2(
// CHECK:       func.func private @m_task_3(

module attributes {aotc.temp_bytes = 4096 : i64} {
  llvm.func @malloc(i64) -> !llvm.ptr
  func.func @m_run(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr) -> i32 attributes {aotc.entry_point} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %size = llvm.mlir.constant(4096 : i64) : i64
    %raw = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    %arena = builtin.unrealized_conversion_cast %raw : !llvm.ptr to memref<4096xi8>
    %a = memref.view %arena[%c0][] {aotc.buffer = 1 : i64} : memref<4096xi8> to memref<4x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %a[%i, %c0] : memref<4x16xf32>, vector<16xf32>
      %k = arith.constant dense<2.0> : vector<16xf32>
      %s = arith.mulf %v, %k : vector<16xf32>
      vector.store %s, %a[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    } {aotc.parallel}
    %b = memref.view %arena[%c1024][] {aotc.buffer = 2 : i64} : memref<4096xi8> to memref<4x16xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %b[%i, %c0] : memref<4x16xf32>, vector<16xf32>
      %k = arith.constant dense<3.0> : vector<16xf32>
      %s = arith.mulf %v, %k : vector<16xf32>
      vector.store %s, %b[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    } {aotc.parallel}
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %b[%i, %c0] {nontemporal = true} : memref<4x16xf32>, vector<16xf32>
      %k = arith.constant dense<3.0> : vector<16xf32>
      %s = arith.mulf %v, %k : vector<16xf32>
      vector.store %s, %b[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    } {aotc.parallel}
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
