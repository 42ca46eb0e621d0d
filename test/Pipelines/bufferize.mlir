// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --split-input-file | FileCheck %s

// Stage 3: the graph is inlined into g_run and computes its result directly
// in the caller's output buffer: no allocation and no copy.

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

// A temporary that must exist (the matmul result feeding a reduction whose
// result broadcasts back) is allocated and freed on the way out: no leak.

// CHECK-LABEL: func.func @g_run(
// CHECK:         %[[T:.+]] = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      outs(%[[T]] : memref<2x3xf32>)
// CHECK:         memref.dealloc %[[T]]
// CHECK:         return
func.func @main(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %0 = tg.matmul %x, %w : tensor<2x4xf32>, tensor<4x3xf32>
  %1 = tg.reduce max %0 axes = [1] keepdims : tensor<2x3xf32>
  %2 = tg.sub %0, %1 : tensor<2x3xf32>, tensor<2x1xf32>
  return %2 : tensor<2x3xf32>
}
