// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --split-input-file | FileCheck %s

// Stage 3: the graph is inlined into g_run and computes its result directly
// in the caller's output buffer: no allocation, no copy and no arena.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 0 : i64}
// CHECK-NOT:   llvm.func @malloc
// CHECK-LABEL: func.func @g_run(
// CHECK-SAME:    %{{[a-z0-9]+}}: !llvm.ptr, %[[OUTPUTS:[a-z0-9]+]]: !llvm.ptr
// CHECK-NOT:     func.func @main
// CHECK-NOT:     memref.alloc
// CHECK:         llvm.load %[[OUTPUTS]]
// CHECK:         %[[OUT:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<8x16xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%[[OUT]] : memref<8x16xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         return
func.func @main(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = tg.add %x, %b : tensor<8x16xf32>, tensor<16xf32>
  %1 = tg.relu %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// Temporaries that must exist (the matmul result feeding a reduction whose
// result broadcasts back, and the reduction's result) live in the scratch
// arena: views at fixed, 64-byte-aligned offsets of `temp`, or, when temp is
// NULL, of one malloc'd block freed on the way out. Nothing else is
// allocated or freed.

// CHECK-LABEL: module attributes {aotc.temp_bytes = 128 : i64}
// CHECK-DAG:   llvm.func @free(!llvm.ptr)
// CHECK-DAG:   llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: func.func @g_run(
// CHECK-SAME:    %[[TEMP:[a-z0-9]+]]: !llvm.ptr) -> i32
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK:         %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         %[[ISNULL:.+]] = llvm.icmp "eq" %[[TEMP]], %[[NULL]]
// CHECK:         %[[BLOCK:.+]]:2 = scf.if %[[ISNULL]] -> (!llvm.ptr, !llvm.ptr) {
// CHECK:           llvm.call @malloc
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[NULL]], %[[TEMP]]
// CHECK:         %[[ARENA:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<128xi8>
// CHECK-NOT:     memref.alloc
// CHECK:         %[[T:.+]] = memref.view %[[ARENA]][%[[C0]]][]{{.*}} : memref<128xi8> to memref<2x3xf32>
// CHECK:         iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:         %[[M:.+]] = memref.view %[[ARENA]][%[[C64]]][]{{.*}} : memref<128xi8> to memref<2xf32>
// CHECK:         %[[MX:.+]] = memref.expand_shape %[[M]]
// CHECK:         linalg.generic {{.*}}ins(%[[T]], %[[MX]] : memref<2x3xf32>, memref<2x1xf32>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         scf.if %[[ISNULL]] {
// CHECK-NEXT:      llvm.call @free(%[[BLOCK]]#0)
// CHECK:         return
func.func @main(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.matmul %x, %w : tensor<2x4xf32>, tensor<4x3xf32>
  %1 = tg.reduce max %0 axes = [1] keepdims : tensor<2x3xf32>
  %2 = tg.sub %0, %1 : tensor<2x3xf32>, tensor<2x1xf32>
  return %2 : tensor<2x3xf32>
}
