// RUN: aotc-opt %s --aotc-expand-round-even --split-input-file | FileCheck %s

// Round half to even from floor, for CPUs without SSE4.1 (where LLVM would
// call roundeven, which C99's libm lacks): floor(x) steps up when the
// fraction is above one half, or is one half and floor(x) is odd, and
// copysign restores the sign of zero results.
// CHECK-LABEL: func.func @scalar(
// CHECK-SAME:      %[[X:.+]]: f32)
// CHECK-DAG:       %[[HALF:.+]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG:       %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK:           %[[FLOOR:.+]] = math.floor %[[X]] : f32
// CHECK:           %[[FRAC:.+]] = arith.subf %[[X]], %[[FLOOR]] : f32
// CHECK:           %[[ABOVE:.+]] = arith.cmpf ogt, %[[FRAC]], %[[HALF]] : f32
// CHECK:           %[[TIE:.+]] = arith.cmpf oeq, %[[FRAC]], %[[HALF]] : f32
// CHECK:           %[[HALVED:.+]] = arith.mulf %[[FLOOR]], %[[HALF]] : f32
// CHECK:           %[[HFLOOR:.+]] = math.floor %[[HALVED]] : f32
// CHECK:           %[[ODD:.+]] = arith.cmpf one, %[[HFLOOR]], %[[HALVED]] : f32
// CHECK:           %[[TIEUP:.+]] = arith.andi %[[TIE]], %[[ODD]] : i1
// CHECK:           %[[UP:.+]] = arith.ori %[[ABOVE]], %[[TIEUP]] : i1
// CHECK:           %[[NEXT:.+]] = arith.addf %[[FLOOR]], %[[ONE]] : f32
// CHECK:           %[[R:.+]] = arith.select %[[UP]], %[[NEXT]], %[[FLOOR]] : f32
// CHECK:           %[[SIGNED:.+]] = math.copysign %[[R]], %[[X]] : f32
// CHECK:           return %[[SIGNED]] : f32
// CHECK-NOT:       math.roundeven
func.func @scalar(%x: f32) -> f32 {
  %0 = math.roundeven %x : f32
  return %0 : f32
}

// -----

// Vectors (a vector kernel's epilogue) and f64 get the same arithmetic on
// splat constants.
// CHECK-LABEL: func.func @vector_f64(
// CHECK-DAG:       arith.constant dense<5.000000e-01> : vector<8xf64>
// CHECK-DAG:       arith.constant dense<1.000000e+00> : vector<8xf64>
// CHECK:           math.floor %{{.+}} : vector<8xf64>
// CHECK:           arith.select %{{.+}} : vector<8xi1>, vector<8xf64>
// CHECK:           math.copysign
// CHECK-NOT:       math.roundeven
func.func @vector_f64(%x: vector<8xf64>) -> vector<8xf64> {
  %0 = math.roundeven %x : vector<8xf64>
  return %0 : vector<8xf64>
}
