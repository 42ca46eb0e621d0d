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

// Layer normalization of bf16 over axes 1 and 2, k read at [i, 0, 0]:
// pass 1 sums d = x - k and d * d in f64; pass 2 computes the mean k + S1/N
// and rsqrt(max(S2/N - (S1/N)^2, 0) + eps) in f64, N = 12, then
// (x - hi - lo) * rsqrt in f32 with the mean split as hi + lo, rounded once.
// CHECK-DAG:   #[[ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[FIRST:.+]] = affine_map<(d0, d1, d2) -> (d0, 0, 0)>
// CHECK-DAG:   #[[ROW:.+]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func @layer_norm_bf16(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3x4xbf16>)
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%{{.+}} : tensor<2xf64>)
// CHECK:         %[[SUMS:.+]]:2 = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[ID]], #[[FIRST]], #[[ROW]], #[[ROW]]]
// CHECK-SAME:      iterator_types = ["parallel", "reduction", "reduction"]
// CHECK-SAME:      ins(%[[X]], %[[X]] : tensor<2x3x4xbf16>, tensor<2x3x4xbf16>) outs(%[[INIT]], %[[INIT]] : tensor<2xf64>, tensor<2xf64>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: bf16, %[[K:.+]]: bf16, %[[S1:.+]]: f64, %[[S2:.+]]: f64):
// CHECK-NEXT:      %[[XW:.+]] = arith.extf %[[IN]] : bf16 to f64
// CHECK-NEXT:      %[[KW:.+]] = arith.extf %[[K]] : bf16 to f64
// CHECK-NEXT:      %[[D:.+]] = arith.subf %[[XW]], %[[KW]] : f64
// CHECK-NEXT:      %[[NEW_S1:.+]] = arith.addf %[[S1]], %[[D]] : f64
// CHECK-NEXT:      %[[SQ:.+]] = arith.mulf %[[D]], %[[D]] : f64
// CHECK-NEXT:      %[[NEW_S2:.+]] = arith.addf %[[S2]], %[[SQ]] : f64
// CHECK-NEXT:      linalg.yield %[[NEW_S1]], %[[NEW_S2]] : f64, f64
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[ID]], #[[FIRST]], #[[ROW]], #[[ROW]], #[[ID]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:      ins(%[[X]], %[[X]], %[[SUMS]]#0, %[[SUMS]]#1 :
// CHECK-SAME:      outs(%{{.+}} : tensor<2x3x4xbf16>)
// CHECK-NEXT:    ^bb0(%[[IN2:.+]]: bf16, %[[K2:.+]]: bf16, %[[T1:.+]]: f64, %[[T2:.+]]: f64, %{{.+}}: bf16):
// CHECK-DAG:       %[[N:.+]] = arith.constant 1.200000e+01 : f64
// CHECK-DAG:       %[[EPS:.+]] = arith.constant 1.000000e-03 : f64
// CHECK:           %[[KW2:.+]] = arith.extf %[[K2]] : bf16 to f64
// CHECK:           %[[OFFSET:.+]] = arith.divf %[[T1]], %[[N]] : f64
// CHECK:           %[[MEAN:.+]] = arith.addf %[[KW2]], %[[OFFSET]] : f64
// CHECK:           %[[VAR:.+]] = arith.maximumf
// CHECK:           %[[VE:.+]] = arith.addf %[[VAR]], %[[EPS]] : f64
// CHECK:           %[[INV64:.+]] = math.rsqrt %[[VE]] : f64
// CHECK:           %[[INV:.+]] = arith.truncf %[[INV64]] : f64 to f32
// CHECK:           %[[XW2:.+]] = arith.extf %[[IN2]] : bf16 to f32
// CHECK:           %[[HI:.+]] = arith.truncf %[[MEAN]] : f64 to f32
// CHECK:           %[[C1:.+]] = arith.subf %[[XW2]], %[[HI]] : f32
// CHECK:           %[[HI64:.+]] = arith.extf %[[HI]] : f32 to f64
// CHECK:           %[[REST:.+]] = arith.subf %[[MEAN]], %[[HI64]] : f64
// CHECK:           %[[LO:.+]] = arith.truncf %[[REST]] : f64 to f32
// CHECK:           %[[C:.+]] = arith.subf %[[C1]], %[[LO]] : f32
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

// Normalizing every axis: the statistics are rank 0. In f64 the mean is
// not split (no truncf).
// CHECK-DAG:   #[[ALL:.+]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @layer_norm_all_axes(
// CHECK:         linalg.generic
// CHECK-SAME:      #[[ALL]], #[[ALL]]]
// CHECK-SAME:      iterator_types = ["reduction"]
// CHECK:         } -> (tensor<f64>, tensor<f64>)
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-NOT:       arith.truncf
// CHECK:           linalg.yield %{{.+}} : f64
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
