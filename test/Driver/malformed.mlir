// Malformed MLIR is reported once, at its file:line:col, with a non-zero
// exit and no output written.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not aotc %s -o %t/g.o --header %t/g.h 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: ls -A %t | count 0

func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: malformed.mlir:[[@LINE+1]]:18: error: expected SSA operand
  %0 = tg.add %a, : tensor<2xf32>
  return %0 : tensor<2xf32>
}
