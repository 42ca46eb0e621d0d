// RUN: aotc-opt %s --split-input-file --aotc-cpu-parallelize-kernels="min-task-work=64" | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-parallelize-kernels | FileCheck %s --check-prefix=SMALL
// RUN: aotc-opt %s --split-input-file --aotc-cpu-parallelize-kernels="min-task-work=64" | FileCheck %s --check-prefix=COLLAPSE
// RUN: aotc-opt %s --split-input-file --aotc-cpu-parallelize-kernels="serial-functions=1" | FileCheck %s --check-prefix=SERIAL

// The entry point's body moves into m_run_parallel, which reads the
// caller's aotc_parallel once (no callback or fewer than 2 workers: serial);
// m_run calls it with NULL. The marked kernel
// of 4 iterations becomes m_task_1 over a range of them: it recomputes the
// views and descriptors from the pointers stored in the context (the
// arena, `inputs`, `outputs`), and moves its scratch row (a view made in
// the loop) past the 4096-byte arena for workers above 0:
// 1024 + (w - 1) * 1024 + (4096 - 1024). The unmarked loop and the marked
// loop of one iteration stay where they are. A malloc'd arena grows by
// (workers - 1) * 1024 bytes.

// The module records the kernel for the report (aotc --report).
// CHECK-LABEL: module attributes {aotc.parallel_kernels = [{calls = 1 : i64, loc = #{{.+}}, task = "m_task_1", tasks = 4 : i64}], aotc.temp_bytes = 4096 : i64, aotc.worker_temp_bytes = 1024 : i64}
// CHECK-LABEL: func.func private @m_task_1(
// CHECK-SAME:      %[[CTX:.+]]: !llvm.ptr, %[[BEGIN:.+]]: i64, %[[END:.+]]: i64, %[[WORKER:.+]]: i32)
// CHECK-SAME:      attributes {aotc.task, passthrough = ["noinline"]}
// CHECK:         %[[SLOT0:.+]] = llvm.getelementptr %[[CTX]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK:         %[[RAW:.+]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[SLOT1:.+]] = llvm.getelementptr %[[CTX]][1]
// CHECK:         %[[INPUTS:.+]] = llvm.load %[[SLOT1]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %[[RAW]] : !llvm.ptr to memref<4096xi8>
// CHECK:         %[[XP:.+]] = llvm.load %[[INPUTS]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[X:.+]] = builtin.unrealized_conversion_cast %[[XP]] : !llvm.ptr to memref<4x256xf32>
// CHECK:         %[[B:.+]] = arith.index_cast %[[BEGIN]] : i64 to index
// CHECK:         %[[E:.+]] = arith.index_cast %[[END]] : i64 to index
// CHECK:         %[[W:.+]] = arith.index_cast %[[WORKER]] : i32 to index
// CHECK:         %[[FIRST:.+]] = arith.cmpi eq, %[[W]], %[[ZERO:.+]] : index
// CHECK:         %[[COPY:.+]] = arith.subi %[[W]], %{{.+}} : index
// CHECK:         %[[C3072:.+]] = arith.constant 3072 : index
// CHECK:         %[[C1024:.+]] = arith.constant 1024 : index
// CHECK:         %[[SPAN:.+]] = arith.muli %[[COPY]], %[[C1024]] : index
// CHECK:         %[[MOVED:.+]] = arith.addi %[[SPAN]], %[[C3072]] : index
// CHECK:         %[[SHIFT:.+]] = arith.select %[[FIRST]], %[[ZERO]], %[[MOVED]] : index
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK:           %[[AT:.+]] = arith.addi %{{.+}}, %[[SHIFT]] : index
// CHECK:           %[[ROW:.+]] = memref.view %[[ARENA]][%[[AT]]][] {aotc.loop_scratch} : memref<4096xi8> to memref<256xf32>
// CHECK:           vector.load %[[X]][%[[I]], %{{.+}}]
// CHECK:           vector.store %{{.+}}, %[[ROW]]
// CHECK:         return

// CHECK-LABEL: func.func @m_run_parallel(
// CHECK-SAME:      %[[IN:.+]]: !llvm.ptr, %[[OUT:.+]]: !llvm.ptr, %[[TEMP:.+]]: !llvm.ptr, %[[PAR:.+]]: !llvm.ptr) -> i32
// CHECK:         %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         %[[NOPAR:.+]] = llvm.icmp "eq" %[[PAR]], %[[NULL]]
// CHECK:         %[[FIELDS:.+]]:3 = scf.if %[[NOPAR]] -> (!llvm.ptr, !llvm.ptr, i32)
// CHECK:         } else {
// CHECK:           llvm.getelementptr %[[PAR]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, i32)>
// CHECK:           llvm.getelementptr %[[PAR]][0, 1]
// CHECK:           llvm.getelementptr %[[PAR]][0, 2]
// CHECK:         %[[ATLEAST1:.+]] = arith.maxsi %[[FIELDS]]#2, %{{.+}} : i32
// CHECK:         %[[NOFN:.+]] = llvm.icmp "eq" %[[FIELDS]]#0, %[[NULL]]
// CHECK:         %[[WORKERS:.+]] = arith.select %[[NOFN]], %{{.+}}, %[[ATLEAST1]] : i32
// The context is allocated after the control flow above, at run time:
// aligned to 64 bytes, so the stack pointer stays aligned for vectors.
// CHECK:         %[[CTXA:.+]] = llvm.alloca %{{.+}} x i64 {alignment = 64 : i64}
// CHECK:         %[[EXTRA:.+]] = arith.muli %{{.+}}, %{{.+}} : i64
// CHECK:         %[[SIZE:.+]] = arith.addi %{{.+}}, %[[EXTRA]] : i64
// CHECK:         %[[MEM:.+]] = llvm.call @malloc(%[[SIZE]])
// CHECK:         llvm.store %[[MEM]], %{{.+}} : !llvm.ptr, !llvm.ptr
// CHECK:         llvm.store %[[IN]], %{{.+}} : !llvm.ptr, !llvm.ptr
// CHECK:         llvm.store %[[OUT]], %{{.+}} : !llvm.ptr, !llvm.ptr
// CHECK:         %[[TASKS:.+]] = arith.constant 4 : i64
// CHECK:         %[[MANY:.+]] = arith.cmpi sgt, %[[WORKERS]], %{{.+}} : i32
// CHECK:         scf.if %[[MANY]] {
// CHECK:           %[[FN:.+]] = func.constant @m_task_1
// CHECK:           %[[FNP:.+]] = builtin.unrealized_conversion_cast %[[FN]] {{.*}} to !llvm.ptr
// CHECK:           llvm.call %[[FIELDS]]#0(%[[FIELDS]]#1, %[[TASKS]], %[[FNP]], %[[CTXA]])
// CHECK:         } else {
// CHECK:           func.call @m_task_1(%[[CTXA]], %{{.+}}, %[[TASKS]], %{{.+}})
// CHECK:         }
// CHECK-NOT:     m_task
// CHECK:         scf.for
// CHECK:         scf.for
// CHECK:         } {aotc.parallel}
// CHECK:         return

// CHECK-LABEL: func.func @m_run(
// CHECK-SAME:      %[[A:.+]]: !llvm.ptr, %[[B:.+]]: !llvm.ptr, %[[C:.+]]: !llvm.ptr) -> i32
// CHECK:         %[[N:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         %[[R:.+]] = call @m_run_parallel(%[[A]], %[[B]], %[[C]], %[[N]])
// CHECK:         return %[[R]] : i32

// With serial-functions, the kernels too small to be tasks move into
// functions called once over all their iterations: the loops keep their
// constant bounds (whatever the range the call passes). The loop of one
// iteration stays.
// SERIAL:       aotc.parallel_kernels = []
// SERIAL-LABEL: func.func private @m_serial_1(
// SERIAL-SAME:      attributes {aotc.task, passthrough = ["noinline"]}
// SERIAL:         scf.for %{{.+}} = %c0 to %c4 step %c1 {
// SERIAL:           memref.view {{.*}} {aotc.loop_scratch}
// SERIAL-LABEL: func.func private @m_serial_2(
// SERIAL:         scf.for %{{.+}} = %c0 to %c4 step %c1 {
// SERIAL-LABEL: func.func @m_run_parallel(
// SERIAL:         %[[CTX:.+]] = llvm.alloca
// SERIAL:         call @m_serial_1(%[[CTX]], %{{.+}}, %{{.+}}, %{{.+}})
// SERIAL:         call @m_serial_2(%[[CTX]],
// SERIAL:         scf.for %{{.+}} = %c0 to %c1 step %c1 {
// SERIAL:         return

// With the default threshold the kernel is too small: no task, no extra
// scratch, but m_run_parallel still exists.
// SMALL:     aotc.parallel_kernels = [], {{.*}}aotc.worker_temp_bytes = 0 : i64
// SMALL-NOT: m_task
// SMALL:     func.func @m_run_parallel(
// SMALL-NOT: m_task
// SMALL:     func.func @m_run(

module attributes {aotc.temp_bytes = 4096 : i64} {
  llvm.func @malloc(i64) -> !llvm.ptr
  func.func @m_run(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr) -> i32 attributes {aotc.entry_point} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %size = llvm.mlir.constant(4159 : i64) : i64
    %raw = llvm.call @malloc(%size) : (i64) -> !llvm.ptr
    %arena = builtin.unrealized_conversion_cast %raw : !llvm.ptr to memref<4096xi8>
    %xp = llvm.load %in : !llvm.ptr -> !llvm.ptr
    %x = builtin.unrealized_conversion_cast %xp : !llvm.ptr to memref<4x256xf32>
    %yp = llvm.load %out : !llvm.ptr -> !llvm.ptr
    %y = builtin.unrealized_conversion_cast %yp : !llvm.ptr to memref<4x256xf32>
    // A kernel of 4 rows, each through one row of scratch.
    scf.for %i = %c0 to %c4 step %c1 {
      %s = memref.view %arena[%c1024][] {aotc.loop_scratch} : memref<4096xi8> to memref<256xf32>
      scf.for %j = %c0 to %c256 step %c16 {
        %v = vector.load %x[%i, %j] : memref<4x256xf32>, vector<16xf32>
        %w = arith.addf %v, %v : vector<16xf32>
        vector.store %w, %s[%j] : memref<256xf32>, vector<16xf32>
      }
      scf.for %j = %c0 to %c256 step %c16 {
        %v = vector.load %s[%j] : memref<256xf32>, vector<16xf32>
        vector.store %v, %y[%i, %j] : memref<4x256xf32>, vector<16xf32>
      }
    } {aotc.parallel}
    // Not marked: stays.
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %y[%i, %c0] : memref<4x256xf32>, vector<16xf32>
      vector.store %v, %y[%i, %c16] : memref<4x256xf32>, vector<16xf32>
    }
    // One iteration: stays.
    scf.for %i = %c0 to %c1 step %c1 {
      %v = vector.load %x[%i, %c0] : memref<4x256xf32>, vector<16xf32>
      vector.store %v, %y[%i, %c0] : memref<4x256xf32>, vector<16xf32>
    } {aotc.parallel}
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}

// -----

// A kernel of 2 tiles, each a marked loop of 3 rows after index
// arithmetic only, is 6 tasks in one dispatch: task t is tile t / 3 and row
// t mod 3 (collapsed), the tile's arithmetic recomputed per task.

// COLLAPSE-LABEL: func.func private @c_task_1(
// COLLAPSE-SAME:      %{{.+}}: !llvm.ptr, %[[BEGIN:.+]]: i64, %[[END:.+]]: i64, %{{.+}}: i32)
// COLLAPSE:         %[[B:.+]] = arith.index_cast %[[BEGIN]] : i64 to index
// COLLAPSE:         %[[E:.+]] = arith.index_cast %[[END]] : i64 to index
// COLLAPSE:         scf.for %[[T:.+]] = %[[B]] to %[[E]] step
// COLLAPSE-DAG:       %[[ROW:.+]] = arith.remui %[[T]], %[[N:.+]] : index
// COLLAPSE-DAG:       %[[TILE:.+]] = arith.divui %[[T]], %[[N]] : index
// COLLAPSE:           vector.load
// COLLAPSE:           vector.store
// COLLAPSE-NOT:     scf.for
// COLLAPSE:         return
// COLLAPSE-LABEL: func.func @c_run_parallel(
// COLLAPSE:         arith.constant 6 : i64
// COLLAPSE:         func.call @c_task_1(
module attributes {aotc.temp_bytes = 0 : i64} {
  func.func @c_run(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr) -> i32 attributes {aotc.entry_point} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %xp = llvm.load %in : !llvm.ptr -> !llvm.ptr
    %x = builtin.unrealized_conversion_cast %xp : !llvm.ptr to memref<6x64xf32>
    %yp = llvm.load %out : !llvm.ptr -> !llvm.ptr
    %y = builtin.unrealized_conversion_cast %yp : !llvm.ptr to memref<6x64xf32>
    scf.for %tile = %c0 to %c2 step %c1 {
      %first = arith.muli %tile, %c3 : index
      scf.for %r = %c0 to %c3 step %c1 {
        %row = arith.addi %first, %r : index
        %v = vector.load %x[%row, %c0] : memref<6x64xf32>, vector<64xf32>
        vector.store %v, %y[%row, %c0] : memref<6x64xf32>, vector<64xf32>
      } {aotc.parallel}
    } {aotc.parallel}
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}

// -----

// The same with a tail after the row loop (a vector kernel's remainder):
// the 2 tiles x 3 rows collapse into 6 tasks, and both tiles' tails run
// after all of them, on the calling thread (each tail only needs its own
// tile's rows done).

// COLLAPSE-LABEL: func.func private @t_task_1(
// COLLAPSE:         scf.for %[[T:.+]] = %{{.+}} to %{{.+}} step
// COLLAPSE:           arith.remui %[[T]]
// COLLAPSE:           vector.load %{{.+}} : memref<8x64xf32>, vector<64xf32>
// COLLAPSE-NOT:       vector<4xf32>
// COLLAPSE:         return
// COLLAPSE-LABEL: func.func @t_run_parallel(
// COLLAPSE:         arith.constant 6 : i64
// COLLAPSE:         scf.if
// COLLAPSE:           llvm.call
// COLLAPSE:         } else {
// COLLAPSE:           func.call @t_task_1(
// COLLAPSE:         }
// COLLAPSE:         scf.for %{{.+}} = %c0 to %c2 step %c1 {
// COLLAPSE:           vector.load %{{.+}} : memref<8x64xf32>, vector<4xf32>
// COLLAPSE-NEXT:      vector.store
// COLLAPSE-NOT:     aotc.parallel
// COLLAPSE:         return
module attributes {aotc.temp_bytes = 0 : i64} {
  func.func @t_run(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr) -> i32 attributes {aotc.entry_point} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %xp = llvm.load %in : !llvm.ptr -> !llvm.ptr
    %x = builtin.unrealized_conversion_cast %xp : !llvm.ptr to memref<8x64xf32>
    %yp = llvm.load %out : !llvm.ptr -> !llvm.ptr
    %y = builtin.unrealized_conversion_cast %yp : !llvm.ptr to memref<8x64xf32>
    scf.for %tile = %c0 to %c2 step %c1 {
      %first = arith.muli %tile, %c4 : index
      scf.for %r = %c0 to %c3 step %c1 {
        %row = arith.addi %first, %r : index
        %v = vector.load %x[%row, %c0] : memref<8x64xf32>, vector<64xf32>
        vector.store %v, %y[%row, %c0] : memref<8x64xf32>, vector<64xf32>
      } {aotc.parallel}
      %last = arith.addi %first, %c3 : index
      %w = vector.load %x[%last, %c0] : memref<8x64xf32>, vector<4xf32>
      vector.store %w, %y[%last, %c0] : memref<8x64xf32>, vector<4xf32>
    } {aotc.parallel}
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}

// -----

// A tail that reads the tile's scratch (the rows computed into a buffer of
// the loop body, then copied out after the row loop) must follow its own
// tile's rows: after all the tasks, the scratch would hold the other
// tile's. Not collapsed: each tile's rows run as 3 tasks, then its tail.
// (Collapsing it computed wrong logits in a transformer layer,
// test/Models/transformer-layer-256.test.)

// COLLAPSE-LABEL: func.func private @s_task_1(
// COLLAPSE-NOT:       arith.remui
// COLLAPSE:         return
// COLLAPSE-LABEL: func.func @s_run_parallel(
// COLLAPSE:         scf.for %{{.+}} = %c0 to %c2 step %c1 {
// COLLAPSE:           arith.constant 3 : i64
// COLLAPSE:           scf.if
// COLLAPSE:             llvm.call
// COLLAPSE:           } else {
// COLLAPSE:             func.call @s_task_1(
// COLLAPSE:           }
// COLLAPSE:           vector.load %{{.+}} : memref<4x64xf32>, vector<64xf32>
// COLLAPSE:         return
module attributes {aotc.temp_bytes = 1024 : i64} {
  func.func @s_run(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr) -> i32 attributes {aotc.entry_point} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %xp = llvm.load %in : !llvm.ptr -> !llvm.ptr
    %x = builtin.unrealized_conversion_cast %xp : !llvm.ptr to memref<8x64xf32>
    %yp = llvm.load %out : !llvm.ptr -> !llvm.ptr
    %y = builtin.unrealized_conversion_cast %yp : !llvm.ptr to memref<8x64xf32>
    %arena = builtin.unrealized_conversion_cast %temp : !llvm.ptr to memref<1024xi8>
    scf.for %tile = %c0 to %c2 step %c1 {
      %scratch = memref.view %arena[%c0][] {aotc.loop_scratch} : memref<1024xi8> to memref<4x64xf32>
      %first = arith.muli %tile, %c4 : index
      scf.for %r = %c0 to %c3 step %c1 {
        %row = arith.addi %first, %r : index
        %v = vector.load %x[%row, %c0] : memref<8x64xf32>, vector<64xf32>
        vector.store %v, %scratch[%r, %c0] : memref<4x64xf32>, vector<64xf32>
      } {aotc.parallel}
      scf.for %r = %c0 to %c3 step %c1 {
        %row = arith.addi %first, %r : index
        %w = vector.load %scratch[%r, %c0] : memref<4x64xf32>, vector<64xf32>
        vector.store %w, %y[%row, %c0] : memref<8x64xf32>, vector<64xf32>
      }
    } {aotc.parallel}
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}

// -----

// Three levels of few iterations (2 x 2 x 3) collapse into 12 tasks: t's
// digits in the mixed radix (2, 2, 3), the innermost's lowest.

// COLLAPSE-LABEL: func.func private @d_task_1(
// COLLAPSE:         scf.for %[[T:.+]] = %{{.+}} to %{{.+}} step
// COLLAPSE:           %[[C3:.+]] = arith.constant 3 : index
// COLLAPSE:           %[[K:.+]] = arith.remui %[[T]], %[[C3]] : index
// COLLAPSE:           %[[R1:.+]] = arith.divui %[[T]], %[[C3]] : index
// COLLAPSE:           %[[C2:.+]] = arith.constant 2 : index
// COLLAPSE:           %[[J:.+]] = arith.remui %[[R1]], %[[C2]] : index
// COLLAPSE:           %[[I:.+]] = arith.divui %[[R1]], %[[C2]] : index
// COLLAPSE:           vector.store
// COLLAPSE-NOT:     scf.for
// COLLAPSE:         return
// COLLAPSE-LABEL: func.func @d_run_parallel(
// COLLAPSE:         arith.constant 12 : i64
module attributes {aotc.temp_bytes = 0 : i64} {
  func.func @d_run(%in: !llvm.ptr, %out: !llvm.ptr, %temp: !llvm.ptr) -> i32 attributes {aotc.entry_point} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %xp = llvm.load %in : !llvm.ptr -> !llvm.ptr
    %x = builtin.unrealized_conversion_cast %xp : !llvm.ptr to memref<12x64xf32>
    %yp = llvm.load %out : !llvm.ptr -> !llvm.ptr
    %y = builtin.unrealized_conversion_cast %yp : !llvm.ptr to memref<12x64xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %a = arith.muli %i, %c6 : index
      scf.for %j = %c0 to %c2 step %c1 {
        %b = arith.muli %j, %c3 : index
        %ab = arith.addi %a, %b : index
        scf.for %k = %c0 to %c3 step %c1 {
          %row = arith.addi %ab, %k : index
          %v = vector.load %x[%row, %c0] : memref<12x64xf32>, vector<64xf32>
          vector.store %v, %y[%row, %c0] : memref<12x64xf32>, vector<64xf32>
        } {aotc.parallel}
      } {aotc.parallel}
    } {aotc.parallel}
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
