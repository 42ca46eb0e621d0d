// RUN: aotc-opt %s --aotc-release-unreferenced-weights | FileCheck %s

// Two weight blobs are registered; only @f's constant refers to `used`.
// The pass frees `unused` and must leave the IR and `used` as they were:
// the printed module still holds `used`'s bytes. (How many bytes it frees
// is a statistic, which Debian's LLVM builds without; the driver's peak
// memory shows the effect: docs/compile-time.md.)

// CHECK-LABEL: func.func @f
// CHECK:         arith.constant dense_resource<used> : tensor<2xf32>
// CHECK:         arith.constant dense_resource<nested> : tensor<2xf32>
// CHECK:       used: "0x040000000000803F00000040"
// CHECK:       nested: "0x04000000000040400000803F"

func.func @f() -> (tensor<2xf32>, tensor<2xf32>) {
  %w = arith.constant dense_resource<used> : tensor<2xf32>
  %r = scf.execute_region -> tensor<2xf32> {
    %n = arith.constant dense_resource<nested> : tensor<2xf32>
    scf.yield %n : tensor<2xf32>
  }
  return %w, %r : tensor<2xf32>, tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      used: "0x040000000000803F00000040",
      nested: "0x04000000000040400000803F",
      unused: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
