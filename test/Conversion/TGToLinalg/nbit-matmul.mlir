// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --split-input-file | FileCheck %s

// tg.matmul_nbits: the input's rows flattened and regrouped so that the
// inputs each field of a byte multiplies are contiguous ([M, blocks, bytes,
// fields] transposed to [M, blocks, fields, bytes]), then one contraction
// over (m, n, b, p, j) reading the packed bytes, scales and zero points
// through projected permutations, the field chosen by linalg.index 3:
// ((byte >> 4p) & 15 - zero) * scale. Marked for the CPU kernel and kept
// from fusion; the result is reshaped back to the input's leading shape.
// CHECK-DAG: #[[A:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d4)>
// CHECK-DAG: #[[W:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2, d4)>
// CHECK-DAG: #[[S:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2)>
// CHECK-DAG: #[[C:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>
// CHECK-LABEL: func.func @nbits(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<2x3x64xf32>, %[[P:[^:]+]]: tensor<24x2x16xi8>, %[[SC:[^:]+]]: tensor<24x2xf32>, %[[Z:[^:]+]]: tensor<24x2xf32>)
// CHECK:         %[[ROWS:.+]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<2x3x64xf32> into tensor<6x64xf32>
// CHECK:         %[[GROUPED:.+]] = tensor.expand_shape %[[ROWS]] {{\[\[}}0], [1, 2, 3]] output_shape [6, 2, 16, 2] : tensor<6x64xf32> into tensor<6x2x16x2xf32>
// CHECK:         %[[REGROUPED:.+]] = linalg.transpose ins(%[[GROUPED]] : tensor<6x2x16x2xf32>) outs(%{{.+}} : tensor<6x2x2x16xf32>) permutation = [0, 1, 3, 2]
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<6x24xf32>)
// CHECK:         %[[Y:.+]] = linalg.generic {indexing_maps = [#[[A]], #[[W]], #[[S]], #[[S]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME:        ins(%[[REGROUPED]], %[[P]], %[[SC]], %[[Z]] : tensor<6x2x2x16xf32>, tensor<24x2x16xi8>, tensor<24x2xf32>, tensor<24x2xf32>) outs(%[[INIT]] : tensor<6x24xf32>)
// CHECK-SAME:        attrs =  {aotc.keep_operands, aotc.nbit_matmul = 4 : i64}
// CHECK:         ^bb0(%[[IN:.+]]: f32, %[[BYTE:.+]]: i8, %[[SCALE:.+]]: f32, %[[ZERO:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK:           %[[FIELD:.+]] = linalg.index 3 : index
// CHECK:           %[[SHIFT:.+]] = arith.muli
// CHECK:           %[[WIDE:.+]] = arith.extui %[[BYTE]] : i8 to i32
// CHECK:           %[[SHIFTED:.+]] = arith.shrui %[[WIDE]], %[[SHIFT]] : i32
// CHECK:           %[[CODE:.+]] = arith.andi %[[SHIFTED]], %{{.+}} : i32
// CHECK:           %[[F:.+]] = arith.uitofp %[[CODE]] : i32 to f32
// CHECK:           %[[D:.+]] = arith.subf %[[F]], %[[ZERO]] : f32
// CHECK:           %[[WEIGHT:.+]] = arith.mulf %[[D]], %[[SCALE]] : f32
// CHECK:           %[[PROD:.+]] = arith.mulf %[[IN]], %[[WEIGHT]] : f32
// CHECK:           %[[SUM:.+]] = arith.addf %[[ACC]], %[[PROD]] : f32
// CHECK:           linalg.yield %[[SUM]] : f32
// CHECK:         tensor.expand_shape %[[Y]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 24] : tensor<6x24xf32> into tensor<2x3x24xf32>
func.func @nbits(%a: tensor<2x3x64xf32>, %w: tensor<24x2x16xi8>, %s: tensor<24x2xf32>, %z: tensor<24x2xf32>) -> tensor<2x3x24xf32> {
  %0 = tg.matmul_nbits %a, %w, %s, %z bits = 4 : tensor<2x3x64xf32>, tensor<24x2x16xi8>, tensor<24x2xf32>, tensor<24x2xf32> -> tensor<2x3x24xf32>
  return %0 : tensor<2x3x24xf32>
}

// -----

// A rank-1 input is one row; without zero points the body subtracts the
// default 2^(bits - 1), and there is no zero-point operand.
// CHECK-LABEL: func.func @nbits_vector(
// CHECK:         tensor.expand_shape %{{.+}} {{\[\[}}0, 1]] output_shape [1, 32] : tensor<32xf32> into tensor<1x32xf32>
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<1x2x1x16xf32>, tensor<3x2x16xi8>, tensor<3x2xf32>) outs(%{{.+}} : tensor<1x3xf32>)
// CHECK-SAME:        aotc.nbit_matmul = 8 : i64
// CHECK:           arith.constant 1.280000e+02 : f32
// CHECK:         tensor.collapse_shape %{{.+}} {{\[\[}}0, 1]] : tensor<1x3xf32> into tensor<3xf32>
func.func @nbits_vector(%v: tensor<32xf32>, %w: tensor<3x2x16xi8>, %s: tensor<3x2xf32>) -> tensor<3xf32> {
  %0 = tg.matmul_nbits %v, %w, %s bits = 8 : tensor<32xf32>, tensor<3x2x16xi8>, tensor<3x2xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
