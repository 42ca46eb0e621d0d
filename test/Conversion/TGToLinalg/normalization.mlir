// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --split-input-file | FileCheck %s

// tg.softmax, tg.log_softmax and tg.layer_norm become exactly two
// linalg.generics each: a reduction over the normalized axes with two
// outputs (the accumulators start as linalg.fills of the statistics' shape),
// then an all-parallel generic over the input's shape.

// Softmax: pass 1 carries the maximum and the rescaled sum of exponentials
// with one exp per element; pass 2 is exp(x - m) / s.
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:    %[[X:.+]]: tensor<8x10xf32>)
// CHECK-DAG:     %[[NEG_INF:.+]] = arith.constant 0xFF800000 : f32
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[MAX0:.+]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%{{.+}} : tensor<8xf32>)
// CHECK-DAG:     %[[SUM0:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.+}} : tensor<8xf32>)
// CHECK:         %[[STATS:.+]]:2 = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[ID:.+]], #[[ROW:.+]], #[[ROW]]]
// CHECK-SAME:      iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%[[X]] : tensor<8x10xf32>) outs(%[[MAX0]], %[[SUM0]] : tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %[[M:.+]]: f32, %[[S:.+]]: f32):
// CHECK:           %[[GROWS:.+]] = arith.cmpf ogt, %[[IN]], %[[M]] : f32
// CHECK:           %[[NEW_MAX:.+]] = arith.maximumf %[[M]], %[[IN]] : f32
// CHECK:           math.exp
// CHECK-NOT:       math.exp
// CHECK:           %[[NEW_SUM:.+]] = arith.select %[[GROWS]], %{{.+}}, %{{.+}} : f32
// CHECK:           linalg.yield %[[NEW_MAX]], %[[NEW_SUM]] : f32, f32
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]], #[[ID]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]], %[[STATS]]#0, %[[STATS]]#1 : tensor<8x10xf32>, tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: f32, %[[M2:.+]]: f32, %[[S2:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[SHIFTED:.+]] = arith.subf %[[IN2]], %[[M2]] : f32
// CHECK-NEXT:      %[[E:.+]] = math.exp %[[SHIFTED]] : f32
// CHECK-NEXT:      %[[P:.+]] = arith.divf %[[E]], %[[S2]] : f32
// CHECK-NEXT:      linalg.yield %[[P]] : f32
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[Y]]
func.func @softmax(%x: tensor<8x10xf32>) -> tensor<8x10xf32> {
  %0 = tg.softmax %x axis = 1 : tensor<8x10xf32>
  return %0 : tensor<8x10xf32>
}

// -----

// Log-softmax along axis 0: the reduced loop is the outer one and the
// statistics are indexed by the column; pass 2 is x - m - log(s).
// CHECK-DAG:   #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[COL:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @log_softmax_axis0(
// CHECK:         %[[STATS:.+]]:2 = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[ID]], #[[COL]], #[[COL]]]
// CHECK-SAME:      iterator_types = ["reduction", "parallel"]
// CHECK:         } -> (tensor<6xf32>, tensor<6xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%{{.+}}, %[[STATS]]#0, %[[STATS]]#1 :
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %[[M:.+]]: f32, %[[S:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      %[[SHIFTED:.+]] = arith.subf %[[IN]], %[[M]] : f32
// CHECK-NEXT:      %[[LOG:.+]] = math.log %[[S]] : f32
// CHECK-NEXT:      %[[R:.+]] = arith.subf %[[SHIFTED]], %[[LOG]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK-NOT:     linalg.generic
func.func @log_softmax_axis0(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = tg.log_softmax %x axis = 0 : tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// Layer normalization of bf16 over axes 1 and 2: statistics in f32, the
// shift k read at [i, 0, 0]; pass 1 sums d = x - k and d * d, pass 2 is
// (d - S1/N) * rsqrt(max(S2/N - (S1/N)^2, 0) + eps), N = 12, rounded once.
// CHECK-DAG:   #[[ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[FIRST:.+]] = affine_map<(d0, d1, d2) -> (d0, 0, 0)>
// CHECK-DAG:   #[[ROW:.+]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func @layer_norm_bf16(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3x4xbf16>)
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<2xf32>)
// CHECK:         %[[SUMS:.+]]:2 = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[ID]], #[[FIRST]], #[[ROW]], #[[ROW]]]
// CHECK-SAME:      iterator_types = ["parallel", "reduction", "reduction"]
// CHECK-SAME:      ins(%[[X]], %[[X]] : tensor<2x3x4xbf16>, tensor<2x3x4xbf16>) outs(%[[INIT]], %[[INIT]] : tensor<2xf32>, tensor<2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: bf16, %[[K:.+]]: bf16, %[[S1:.+]]: f32, %[[S2:.+]]: f32):
// CHECK-NEXT:      %[[XW:.+]] = arith.extf %[[IN]] : bf16 to f32
// CHECK-NEXT:      %[[KW:.+]] = arith.extf %[[K]] : bf16 to f32
// CHECK-NEXT:      %[[D:.+]] = arith.subf %[[XW]], %[[KW]] : f32
// CHECK-NEXT:      %[[NEW_S1:.+]] = arith.addf %[[S1]], %[[D]] : f32
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK-NEXT:      %[[NEW_S2:.+]] = arith.addf %[[S2]], %[[SQ]] : f32
// CHECK-NEXT:      linalg.yield %[[NEW_S1]], %[[NEW_S2]] : f32, f32
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[ID]], #[[FIRST]], #[[ROW]], #[[ROW]], #[[ID]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]], %[[X]], %[[SUMS]]#0, %[[SUMS]]#1 :
// CHECK-SAME:      outs(%{{.+}} : tensor<2x3x4xbf16>)
// CHECK:           %[[N:.+]] = arith.constant 1.200000e+01 : f32
// CHECK:           %[[EPS:.+]] = arith.constant 1.000000e-03 : f32
// CHECK:           %[[MEAN:.+]] = arith.divf %{{.+}}, %[[N]] : f32
// CHECK:           %[[VAR:.+]] = arith.maximumf
// CHECK:           %[[VE:.+]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK:           %[[INV:.+]] = math.rsqrt %[[VE]] : f32
// CHECK:           %[[C:.+]] = arith.subf %{{.+}}, %[[MEAN]] : f32
// CHECK:           %[[R:.+]] = arith.mulf %[[C]], %[[INV]] : f32
// CHECK:           %[[T:.+]] = arith.truncf %[[R]] : f32 to bf16
// CHECK:           linalg.yield %[[T]] : bf16
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[Y]]
func.func @layer_norm_bf16(%x: tensor<2x3x4xbf16>) -> tensor<2x3x4xbf16> {
  %0 = tg.layer_norm %x axis = 1 epsilon = 1.0e-03 : tensor<2x3x4xbf16>
  return %0 : tensor<2x3x4xbf16>
}

// -----

// Normalizing every axis: the statistics are rank 0.
// CHECK-DAG:   #[[ALL:.+]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @layer_norm_all_axes(
// CHECK:         linalg.generic
// CHECK-SAME:      #[[ALL]], #[[ALL]]]
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK:         } -> (tensor<f64>, tensor<f64>)
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-NOT:     linalg.generic
func.func @layer_norm_all_axes(%x: tensor<5xf64>) -> tensor<5xf64> {
  %0 = tg.layer_norm %x axis = 0 epsilon = 0.0 : tensor<5xf64>
  return %0 : tensor<5xf64>
}

// -----

// An empty input has nothing to compute.
// CHECK-LABEL: func.func @empty(
// CHECK-NEXT:    %[[E:.+]] = tensor.empty() : tensor<0x4xf32>
// CHECK-NEXT:    return %[[E]]
func.func @empty(%x: tensor<0x4xf32>) -> tensor<0x4xf32> {
  %0 = tg.softmax %x axis = 1 : tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}
