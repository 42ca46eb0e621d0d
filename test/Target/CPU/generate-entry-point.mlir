// RUN: aotc-opt %s --aotc-cpu-generate-entry-point="entry=main name=net" --split-input-file --verify-diagnostics | FileCheck %s

// The entry point views each caller pointer as a memref of the static shape;
// the output views are built before the graph runs so that bufferization can
// compute the results in place. `temp` is marked as the arena that
// aotc-cpu-plan-memory lays the temporaries out in.

// CHECK-LABEL: func.func private @main
// CHECK-LABEL: func.func @net_run(
// CHECK-SAME:    %[[INPUTS:[a-z0-9]+]]: !llvm.ptr, %[[OUTPUTS:[a-z0-9]+]]: !llvm.ptr, %{{.*}}: !llvm.ptr {aotc.arena}) -> i32
// CHECK:         %[[SLOT0:.+]] = llvm.getelementptr %[[INPUTS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK:         %[[IN0:.+]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.insertvalue %[[IN0]], %{{.+}}[0]
// CHECK:         llvm.insertvalue %[[IN0]], %{{.+}}[1]
// CHECK:         %[[M0:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<4x3xf32>
// CHECK:         %[[T0:.+]] = bufferization.to_tensor %[[M0]] restrict : memref<4x3xf32> to tensor<4x3xf32>
// CHECK:         %[[SLOT1:.+]] = llvm.getelementptr %[[INPUTS]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK:         %[[IN1:.+]] = llvm.load %[[SLOT1]]
// CHECK:         %[[M1:.+]] = builtin.unrealized_conversion_cast %{{.+}} to memref<3xf32>
// CHECK:         %[[T1:.+]] = bufferization.to_tensor %[[M1]] restrict
// CHECK:         %[[OSLOT0:.+]] = llvm.getelementptr %[[OUTPUTS]][0]
// CHECK:         %[[OUT0:.+]] = llvm.load %[[OSLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.insertvalue %[[OUT0]], %{{.+}}[1]
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

// Rank-0 tensors and several results.

// CHECK-LABEL: func.func @net_run(
// CHECK:         to memref<f32>
// CHECK:         %[[R:.+]]:2 = call @main
// CHECK:         bufferization.materialize_in_destination %[[R]]#0
// CHECK:         bufferization.materialize_in_destination %[[R]]#1
func.func @main(%a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = tg.neg %a : tensor<f32>
  return %a, %0 : tensor<f32>, tensor<f32>
}

// -----

// expected-error @below {{expected a func.func @main with a body to compile}}
module {
  func.func @other(%a: tensor<f32>) -> tensor<f32> {
    return %a : tensor<f32>
  }
}

// -----

// expected-error @below {{expected statically shaped tensor arguments and results, got 'tensor<?xf32>'}}
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

// -----

// expected-error @below {{expected no symbol named 'net_run', which the entry point needs}}
module {
  func.func @main(%a: tensor<f32>) -> tensor<f32> {
    return %a : tensor<f32>
  }
  func.func private @net_run()
}
