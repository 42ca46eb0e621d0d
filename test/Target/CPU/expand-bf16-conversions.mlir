// RUN: aotc-opt %s --aotc-cpu-expand-bf16-conversions | FileCheck %s

// bf16 <-> f32 conversions become integer bit manipulation ...

// CHECK-LABEL: func.func @conversions
// CHECK-NOT:     arith.truncf
// CHECK-NOT:     arith.extf
// CHECK:         arith.bitcast
// CHECK:         arith.shrui
// CHECK:         return
func.func @conversions(%x: f32, %y: bf16) -> (bf16, f32) {
  %0 = arith.truncf %x : f32 to bf16
  %1 = arith.extf %y : bf16 to f32
  return %0, %1 : bf16, f32
}

// ... and nothing else is expanded: maximumf keeps its IEEE semantics
// (maximum(+0, -0) = +0) for the LLVM lowering.

// CHECK-LABEL: func.func @untouched
// CHECK:         %[[M:.+]] = arith.maximumf
// CHECK:         %[[N:.+]] = arith.minimumf
// CHECK:         %[[T:.+]] = arith.truncf %{{.+}} : f64 to f32
// CHECK:         return %[[M]], %[[N]], %[[T]]
func.func @untouched(%a: f32, %b: f32, %c: f64) -> (f32, f32, f32) {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minimumf %a, %b : f32
  %2 = arith.truncf %c : f64 to f32
  return %0, %1, %2 : f32, f32, f32
}
