// An op the verifier rejects (operands that do not broadcast) is reported
// once, at the op, with a non-zero exit and no output written.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not aotc %s -o %t/g.o --header %t/g.h 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: ls -A %t | count 0

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // CHECK: verifier-error.mlir:[[@LINE+1]]:8: error: expected broadcast-compatible shapes, got [2, 3] and [4]
  %0 = tg.add %a, %b : tensor<2x3xf32>, tensor<4xf32>
  return %0 : tensor<2x3xf32>
}
