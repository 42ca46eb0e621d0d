// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --split-input-file | FileCheck %s
// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion="fusion=false" --split-input-file | FileCheck %s --check-prefix=NOFUSE

// The seed case: reduce_sum(x + y*z) is one loop nest: per chunk of rows,
// the accumulator's zero fill and one linalg.generic whose body does the
// multiply, the add and the accumulation; no intermediate tensor.

// CHECK-LABEL: func.func @reduce_sum_of_fma
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<64x32xf32>, %[[Y:[a-z0-9]+]]: tensor<64x32xf32>, %[[Z:[a-z0-9]+]]: tensor<64x32xf32>
// CHECK:         %[[LOOP:.+]] = scf.for %[[I:.+]] = %c0 to %c64 step %c32
// CHECK-DAG:       %[[XS:.+]] = tensor.extract_slice %[[X]][%[[I]], 0] [32, 32]
// CHECK-DAG:       %[[YS:.+]] = tensor.extract_slice %[[Y]][%[[I]], 0] [32, 32]
// CHECK-DAG:       %[[ZS:.+]] = tensor.extract_slice %[[Z]][%[[I]], 0] [32, 32]
// CHECK:           %[[INIT:.+]] = linalg.generic {{.*}}iterator_types = ["parallel"]}
// CHECK:           %[[R:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK-SAME:        ins(%[[XS]], %[[YS]], %[[ZS]] :
// CHECK-SAME:        outs(%[[INIT]] :
// CHECK:             arith.mulf
// CHECK:             arith.addf
// CHECK:             arith.addf
// CHECK:           tensor.insert_slice %[[R]]
// CHECK:         return %[[LOOP]]
// CHECK-NOT:     linalg.generic
// NOFUSE-LABEL: func.func @reduce_sum_of_fma
// NOFUSE:       %[[MUL:.+]] = linalg.generic
// NOFUSE:         arith.mulf
// NOFUSE:       %[[ADD:.+]] = linalg.generic
// NOFUSE-SAME:    ins(%{{.+}}, %[[MUL]] :
// NOFUSE:         arith.addf
// NOFUSE:       linalg.reduce ins(%[[ADD]] :
func.func @reduce_sum_of_fma(%x: tensor<64x32xf32>, %y: tensor<64x32xf32>, %z: tensor<64x32xf32>) -> tensor<64xf32> {
  %0 = tg.mul %y, %z : tensor<64x32xf32>, tensor<64x32xf32>
  %1 = tg.add %x, %0 : tensor<64x32xf32>, tensor<64x32xf32>
  %2 = tg.reduce sum %1 axes = [1] : tensor<64x32xf32>
  return %2 : tensor<64xf32>
}

// -----

// A broadcasting elementwise chain becomes one generic; the broadcast stays
// an indexing map.

// CHECK-DAG:   #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast_chain
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]]
// CHECK:           arith.addf
// CHECK:           math.tanh
// CHECK:           arith.maximumf
// CHECK-NOT:     linalg.generic
func.func @broadcast_chain(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = tg.add %x, %b : tensor<8x16xf32>, tensor<16xf32>
  %1 = tg.tanh %0 : tensor<8x16xf32>
  %2 = tg.relu %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
