// RUN: aotc-opt %s --split-input-file --aotc-cpu-vnni-matmuls --mlir-print-elementsattrs-with-hex-if-larger=100000 | FileCheck %s

// MatMulInteger as the importer lowers it: uint8 A minus its zero point and
// the int8 constant B, both widened to i32, then an i32 matmul. It becomes
// a uint8 x int8 contraction over B in blocks of 16 columns by 4 rows,
// [n / 16, k / 4, n mod 16, k mod 4] (here 1 x 1 x 16 x 4: B[k, n] = 4 n + k,
// so the block reads 0, 1, 2, 3, 4, 5, ...), then acc - 3 * colsum(B)
// (colsum[n] = 16 n + 6).

#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-DAG:   #[[A:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 * 4 + d4)>
// CHECK-DAG:   #[[P:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d2, d4)>
// CHECK-DAG:   #[[C:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 16 + d2)>
// CHECK-LABEL: func.func @u8_times_constant(
// CHECK-SAME:      %[[ARG:.+]]: tensor<5x4xi8>
// CHECK:         %[[PACKED:.+]] = arith.constant dense<{{\[\[\[}}[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], {{.+}}, [60, 61, 62, 63]]]]> : tensor<1x1x16x4xi8>
// CHECK:         %[[DOT:.+]] = linalg.generic {indexing_maps = [#[[A]], #[[P]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME:        ins(%[[ARG]], %[[PACKED]] : tensor<5x4xi8>, tensor<1x1x16x4xi8>)
// CHECK-SAME:        attrs = {aotc.vnni}
// CHECK-NEXT:    ^bb0(%[[X:.+]]: i8, %[[W:.+]]: i8, %[[ACC:.+]]: i32):
// CHECK-NEXT:      %[[XW:.+]] = arith.extui %[[X]] : i8 to i32
// CHECK-NEXT:      %[[WW:.+]] = arith.extsi %[[W]] : i8 to i32
// CHECK-NEXT:      %[[P:.+]] = arith.muli %[[XW]], %[[WW]] : i32
// CHECK-NEXT:      %[[S:.+]] = arith.addi %[[ACC]], %[[P]] : i32
// CHECK-NEXT:      linalg.yield %[[S]] : i32
// CHECK-NEXT:    } -> tensor<5x16xi32>
// CHECK:         %[[SUMS:.+]] = arith.constant dense<[6, 22, 38, 54, 70, 86, 102, 118, 134, 150, 166, 182, 198, 214, 230, 246]> : tensor<16xi32>
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[DOT]], %[[SUMS]], %{{.+}} : tensor<5x16xi32>, tensor<16xi32>, tensor<i32>)
// CHECK-NEXT:    ^bb0(%[[V:.+]]: i32, %[[SUM:.+]]: i32, %[[ZERO:.+]]: i32, %{{.+}}: i32):
// CHECK:           %[[SHIFT:.+]] = arith.muli %[[ZERO]], %[[SUM]] : i32
// CHECK-NEXT:      arith.subi %[[V]], %[[SHIFT]] : i32
func.func @u8_times_constant(%a: tensor<5x4xi8>) -> tensor<5x16xi32> {
  %b = arith.constant dense<[[0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60],
                             [1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 53, 57, 61],
                             [2, 6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54, 58, 62],
                             [3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63]]> : tensor<4x16xi8>
  %zero = arith.constant dense<3> : tensor<i32>
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<5x4xi32>
  %wa = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %zero : tensor<5x4xi8>, tensor<i32>) outs(%e0 : tensor<5x4xi32>) {
  ^bb0(%x: i8, %z: i32, %o: i32):
    %w = arith.extui %x : i8 to i32
    %s = arith.subi %w, %z : i32
    linalg.yield %s : i32
  } -> tensor<5x4xi32>
  %e1 = tensor.empty() : tensor<4x16xi32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<4x16xi8>) outs(%e1 : tensor<4x16xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extsi %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<4x16xi32>
  %e2 = tensor.empty() : tensor<5x16xi32>
  %init = linalg.fill ins(%c0 : i32) outs(%e2 : tensor<5x16xi32>) -> tensor<5x16xi32>
  %c = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%wa, %wb : tensor<5x4xi32>, tensor<4x16xi32>) outs(%init : tensor<5x16xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<5x16xi32>
  return %c : tensor<5x16xi32>
}

// -----

// An int8 left operand (rows in a batch of 2) is read with its sign bits
// flipped, as uint8 x + 128, and the correction adds 128 to its zero point
// (none here); it applies to the result in its batch shape.
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#a3 = affine_map<(b, m, n, k) -> (b, m, k)>
#b3 = affine_map<(b, m, n, k) -> (k, n)>
#c3 = affine_map<(b, m, n, k) -> (b, m, n)>

// CHECK-LABEL: func.func @signed_rows_in_batches(
// CHECK:         tensor.empty() : tensor<2x3x4xi8>
// CHECK-NEXT:    %[[FLIPPED:.+]] = linalg.generic
// CHECK:           arith.xori %{{.+}}, %c-128_i8 : i8
// CHECK:         %[[ROWS:.+]] = tensor.collapse_shape %[[FLIPPED]] {{\[}}[0, 1], [2]] : tensor<2x3x4xi8> into tensor<6x4xi8>
// CHECK:         %[[DOT:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[ROWS]], %{{.+}} : tensor<6x4xi8>, tensor<1x1x16x4xi8>)
// CHECK:         %[[ACC:.+]] = tensor.expand_shape %[[DOT]] {{\[}}[0, 1], [2]] output_shape [2, 3, 16] : tensor<6x16xi32> into tensor<2x3x16xi32>
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[ACC]], %{{.+}} : tensor<2x3x16xi32>, tensor<16xi32>)
// CHECK:           arith.muli %c128_i32, %{{.+}} : i32
func.func @signed_rows_in_batches(%a: tensor<2x3x4xi8>) -> tensor<2x3x16xi32> {
  %bc = arith.constant dense<[[0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60],
                              [1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 53, 57, 61],
                              [2, 6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54, 58, 62],
                              [3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63]]> : tensor<4x16xi8>
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<2x3x4xi32>
  %wa = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<2x3x4xi8>) outs(%e0 : tensor<2x3x4xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extsi %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<2x3x4xi32>
  %e1 = tensor.empty() : tensor<4x16xi32>
  %wb = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%bc : tensor<4x16xi8>) outs(%e1 : tensor<4x16xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extsi %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<4x16xi32>
  %e2 = tensor.empty() : tensor<2x3x16xi32>
  %init = linalg.fill ins(%c0 : i32) outs(%e2 : tensor<2x3x16xi32>) -> tensor<2x3x16xi32>
  %c = linalg.generic {indexing_maps = [#a3, #b3, #c3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%wa, %wb : tensor<2x3x4xi32>, tensor<4x16xi32>) outs(%init : tensor<2x3x16xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<2x3x16xi32>
  return %c : tensor<2x3x16xi32>
}

// -----

// Left alone: a right-hand side that is not a constant, and one whose
// columns are not a multiple of 16 accumulating into an initial value that
// is not zero (padding columns need an accumulator of their own).
#id = affine_map<(d0, d1) -> (d0, d1)>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     aotc.vnni
func.func @left_alone(%a: tensor<5x4xi8>, %b: tensor<4x16xi8>) -> (tensor<5x16xi32>, tensor<5x12xi32>) {
  %bc = arith.constant dense<1> : tensor<4x12xi8>
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<5x4xi32>
  %wa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<5x4xi8>) outs(%e0 : tensor<5x4xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extui %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<5x4xi32>
  %e1 = tensor.empty() : tensor<4x16xi32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<4x16xi8>) outs(%e1 : tensor<4x16xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extsi %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<4x16xi32>
  %e2 = tensor.empty() : tensor<5x16xi32>
  %init = linalg.fill ins(%c0 : i32) outs(%e2 : tensor<5x16xi32>) -> tensor<5x16xi32>
  %c = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%wa, %wb : tensor<5x4xi32>, tensor<4x16xi32>) outs(%init : tensor<5x16xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<5x16xi32>
  %e3 = tensor.empty() : tensor<4x12xi32>
  %wc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bc : tensor<4x12xi8>) outs(%e3 : tensor<4x12xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extsi %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<4x12xi32>
  %e4 = tensor.empty() : tensor<5x12xi32>
  %c1 = arith.constant 1 : i32
  %init2 = linalg.fill ins(%c1 : i32) outs(%e4 : tensor<5x12xi32>) -> tensor<5x12xi32>
  %d = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%wa, %wc : tensor<5x4xi32>, tensor<4x12xi32>) outs(%init2 : tensor<5x12xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<5x12xi32>
  return %c, %d : tensor<5x16xi32>, tensor<5x12xi32>
}

// -----

// The correction joins the elementwise op reading the matmul (the cast to
// float and the scale of a quantized graph): one op computes
// float(acc - zero * colsum) * 0.5.
#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @correction_joins_consumer(
// CHECK:         %[[DOT:.+]] = linalg.generic {{.+}} attrs = {aotc.vnni}
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[DOT]],
// CHECK:           arith.muli
// CHECK-NEXT:      %[[FIXED:.+]] = arith.subi
// CHECK-NEXT:      %[[F:.+]] = arith.sitofp %[[FIXED]] : i32 to f32
// CHECK-NEXT:      arith.mulf %[[F]], %{{.+}} : f32
// CHECK-NOT:     linalg.generic
func.func @correction_joins_consumer(%a: tensor<5x4xi8>) -> tensor<5x16xf32> {
  %b = arith.constant dense<[[0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60],
                             [1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 53, 57, 61],
                             [2, 6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54, 58, 62],
                             [3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63]]> : tensor<4x16xi8>
  %zero = arith.constant dense<3> : tensor<i32>
  %half = arith.constant 0.5 : f32
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<5x4xi32>
  %wa = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %zero : tensor<5x4xi8>, tensor<i32>) outs(%e0 : tensor<5x4xi32>) {
  ^bb0(%x: i8, %z: i32, %o: i32):
    %w = arith.extui %x : i8 to i32
    %s = arith.subi %w, %z : i32
    linalg.yield %s : i32
  } -> tensor<5x4xi32>
  %e1 = tensor.empty() : tensor<4x16xi32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<4x16xi8>) outs(%e1 : tensor<4x16xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extsi %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<4x16xi32>
  %e2 = tensor.empty() : tensor<5x16xi32>
  %init = linalg.fill ins(%c0 : i32) outs(%e2 : tensor<5x16xi32>) -> tensor<5x16xi32>
  %c = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%wa, %wb : tensor<5x4xi32>, tensor<4x16xi32>) outs(%init : tensor<5x16xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<5x16xi32>
  %e3 = tensor.empty() : tensor<5x16xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<5x16xi32>) outs(%e3 : tensor<5x16xf32>) {
  ^bb0(%x: i32, %o: f32):
    %v = arith.sitofp %x : i32 to f32
    %m = arith.mulf %v, %half : f32
    linalg.yield %m : f32
  } -> tensor<5x16xf32>
  return %f : tensor<5x16xf32>
}

// -----

// Columns padded to a whole block of 16 (a classifier's 1000 classes
// become 1008): the padding columns' weights are zeros, the contraction
// fills an accumulator of 16 columns and the result is its leading 12. The
// widened operand reaches the matmul through a reshape (a pooled `[1, C,
// 1, 1]` image collapsed to `[1, C]`): the 8-bit values are reshaped alike.
#id = affine_map<(d0, d1) -> (d0, d1)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @columns_padded(
// CHECK-SAME:      %[[ARG:.+]]: tensor<1x4x1x1xi8>
// CHECK:         %[[ROWS:.+]] = tensor.collapse_shape %[[ARG]] {{\[}}[0], [1, 2, 3]] : tensor<1x4x1x1xi8> into tensor<1x4xi8>
// CHECK:         %[[ACC:.+]] = linalg.fill ins(%{{.+}} : i32) outs(%{{.+}} : tensor<1x16xi32>)
// CHECK:         %[[PACKED:.+]] = arith.constant dense<{{\[\[\[}}[1, 1, 1, 1], [2, 2, 2, 2], {{.+}}, [12, 12, 12, 12], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]]]> : tensor<1x1x16x4xi8>
// CHECK:         %[[DOT:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[ROWS]], %[[PACKED]] : tensor<1x4xi8>, tensor<1x1x16x4xi8>) outs(%[[ACC]] : tensor<1x16xi32>) attrs = {aotc.vnni}
// CHECK:         %[[LEADING:.+]] = tensor.extract_slice %[[DOT]][0, 0] [1, 12] [1, 1] : tensor<1x16xi32> to tensor<1x12xi32>
// CHECK:         return %[[LEADING]] : tensor<1x12xi32>
func.func @columns_padded(%a: tensor<1x4x1x1xi8>) -> tensor<1x12xi32> {
  %bc = arith.constant dense<[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
                              [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
                              [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
                              [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]]> : tensor<4x12xi8>
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<1x4x1x1xi32>
  %wa = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<1x4x1x1xi8>) outs(%e0 : tensor<1x4x1x1xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extui %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<1x4x1x1xi32>
  %rows = tensor.collapse_shape %wa [[0], [1, 2, 3]] : tensor<1x4x1x1xi32> into tensor<1x4xi32>
  %e1 = tensor.empty() : tensor<4x12xi32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bc : tensor<4x12xi8>) outs(%e1 : tensor<4x12xi32>) {
  ^bb0(%x: i8, %o: i32):
    %w = arith.extsi %x : i8 to i32
    linalg.yield %w : i32
  } -> tensor<4x12xi32>
  %e2 = tensor.empty() : tensor<1x12xi32>
  %init = linalg.fill ins(%c0 : i32) outs(%e2 : tensor<1x12xi32>) -> tensor<1x12xi32>
  %c = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%rows, %wb : tensor<1x4xi32>, tensor<4x12xi32>) outs(%init : tensor<1x12xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<1x12xi32>
  return %c : tensor<1x12xi32>
}
