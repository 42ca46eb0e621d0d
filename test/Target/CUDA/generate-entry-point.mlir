// RUN: aotc-opt %s --aotc-cuda-generate-entry-point="entry=main name=net" --split-input-file --verify-diagnostics | FileCheck %s

// NAME_run_on_stream views each caller pointer (a device pointer) as a
// memref of the static shape, like the CPU entry point; temp and stream are
// left for aotc-cuda-lower-host, and the function is marked for it.

// CHECK-LABEL: func.func private @main
// CHECK-LABEL: func.func @net_run_on_stream(
// CHECK-SAME:    %[[INPUTS:[a-z0-9]+]]: !llvm.ptr, %[[OUTPUTS:[a-z0-9]+]]: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) -> i32
// CHECK-SAME:    attributes {aotc.cuda.entry}
// CHECK:         %[[SLOT0:.+]] = llvm.getelementptr %[[INPUTS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK:         %[[IN0:.+]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[M0:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<4x3xf32>
// CHECK:         %[[T0:.+]] = bufferization.to_tensor %[[M0]] restrict : memref<4x3xf32> to tensor<4x3xf32>
// CHECK:         %[[T1:.+]] = bufferization.to_tensor %{{.+}} restrict : memref<3xf32> to tensor<3xf32>
// CHECK:         %[[OSLOT0:.+]] = llvm.getelementptr %[[OUTPUTS]][0]
// CHECK:         %[[O0:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<4x3xf32>
// CHECK:         %[[R:.+]] = call @main(%[[T0]], %[[T1]])
// CHECK:         bufferization.materialize_in_destination %[[R]] in restrict writable %[[O0]]
// CHECK:         %[[OK:.+]] = arith.constant 0 : i32
// CHECK:         return %[[OK]] : i32
func.func @main(%a: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<4x3xf32> {
  %0 = tg.add %a, %b : tensor<4x3xf32>, tensor<3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// expected-error @+1 {{expected no symbol named 'net_run', which the entry points need}}
module {
  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
  func.func private @net_run()
}

// -----

// expected-error @+1 {{expected statically shaped tensor arguments and results, got 'tensor<?xf32>'}}
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
