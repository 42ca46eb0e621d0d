// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=main name=g" --aotc-cpu-loops | FileCheck %s

// Stage 4: linalg on buffers becomes scf loops over memref loads/stores.

// CHECK-LABEL: func.func @g_run(
// CHECK-NOT:     linalg.
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             memref.load
// CHECK:             arith.addf
// CHECK:             memref.store
func.func @main(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = tg.add %x, %b : tensor<8x16xf32>, tensor<16xf32>
  return %0 : tensor<8x16xf32>
}
