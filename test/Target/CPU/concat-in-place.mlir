// RUN: aotc-opt %s --split-input-file --aotc-cpu-concat-in-place | FileCheck %s

// A padding by concatenation: zeros, the image, zeros. The chain is rebuilt
// from a tensor.empty made right before the image's producer: the image
// is inserted right after it is computed (empty-tensor elimination then
// makes the producer write there), the zeros after it, each a fill of its
// place rather than a copy of a constant.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @padding(
// CHECK-SAME:      %[[X:.+]]: tensor<1x8x8x16xf32>
// CHECK:         %[[CAT:.+]] = tensor.empty() : tensor<1x10x8x16xf32>
// CHECK-NEXT:    %[[R:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[X]] : tensor<1x8x8x16xf32>)
// CHECK:         %[[C1:.+]] = tensor.insert_slice %[[R]] into %[[CAT]][0, 1, 0, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK-NEXT:    %[[E1:.+]] = tensor.empty() : tensor<1x1x8x16xf32>
// CHECK-NEXT:    %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[F1:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E1]] : tensor<1x1x8x16xf32>)
// CHECK-NEXT:    %[[C2:.+]] = tensor.insert_slice %[[F1]] into %[[C1]][0, 0, 0, 0] [1, 1, 8, 16]
// CHECK:         %[[F2:.+]] = linalg.fill
// CHECK-NEXT:    %[[C3:.+]] = tensor.insert_slice %[[F2]] into %[[C2]][0, 9, 0, 0] [1, 1, 8, 16]
// CHECK-NEXT:    return %[[C3]]
func.func @padding(%x: tensor<1x8x8x16xf32>) -> tensor<1x10x8x16xf32> {
  %z = arith.constant dense<0.0> : tensor<1x1x8x16xf32>
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %c0 = tensor.empty() : tensor<1x10x8x16xf32>
  %c1 = tensor.insert_slice %z into %c0[0, 0, 0, 0] [1, 1, 8, 16] [1, 1, 1, 1] : tensor<1x1x8x16xf32> into tensor<1x10x8x16xf32>
  %c2 = tensor.insert_slice %r into %c1[0, 1, 0, 0] [1, 8, 8, 16] [1, 1, 1, 1] : tensor<1x8x8x16xf32> into tensor<1x10x8x16xf32>
  %c3 = tensor.insert_slice %z into %c2[0, 9, 0, 0] [1, 1, 8, 16] [1, 1, 1, 1] : tensor<1x1x8x16xf32> into tensor<1x10x8x16xf32>
  return %c3 : tensor<1x10x8x16xf32>
}

// -----

// Two branches concatenated along the channels (a fire module), listed in
// the other order than they are computed, and sharing one tensor.empty
// (CSE): each gets an empty of its own, and they are inserted in the order
// their producers start. The first branch is read again after the
// concatenation (a residual): that reader reads it from the concatenation.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @branches(
// CHECK-SAME:      %[[X:.+]]: tensor<4x16xf32>
// CHECK:         %[[CAT:.+]] = tensor.empty() : tensor<4x32xf32>
// CHECK-NEXT:    %[[EA:.+]] = tensor.empty() : tensor<4x16xf32>
// CHECK-NEXT:    %[[A:.+]] = linalg.generic {{.+}} outs(%[[EA]] : tensor<4x16xf32>)
// CHECK:         %[[C1:.+]] = tensor.insert_slice %[[A]] into %[[CAT]][0, 16] [4, 16] [1, 1]
// CHECK-NEXT:    %[[AVIEW:.+]] = tensor.extract_slice %[[C1]][0, 16] [4, 16] [1, 1]
// CHECK:         %[[EB:.+]] = tensor.empty() : tensor<4x16xf32>
// CHECK-NEXT:    %[[B:.+]] = linalg.generic {{.+}} outs(%[[EB]] : tensor<4x16xf32>)
// CHECK:         %[[C2:.+]] = tensor.insert_slice %[[B]] into %[[C1]][0, 0] [4, 16] [1, 1]
// CHECK:         %[[S:.+]] = linalg.generic {{.+}} ins(%[[AVIEW]], %[[X]] : tensor<4x16xf32>, tensor<4x16xf32>)
// CHECK:         return %[[C2]], %[[S]]
func.func @branches(%x: tensor<4x16xf32>) -> (tensor<4x32xf32>, tensor<4x16xf32>) {
  %e = tensor.empty() : tensor<4x16xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x16xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<4x16xf32>
  %c0 = tensor.empty() : tensor<4x32xf32>
  %c1 = tensor.insert_slice %b into %c0[0, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x32xf32>
  %c2 = tensor.insert_slice %a into %c1[0, 16] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x32xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %x : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %c2, %s : tensor<4x32xf32>, tensor<4x16xf32>
}

// -----

// No piece is computed into a tensor.empty (arguments, a constant): the
// chain stays where it was, in its order, with the constant filled rather
// than copied.
// CHECK-LABEL: func.func @no_producers(
// CHECK:         %[[C0:.+]] = tensor.empty() : tensor<2x12xf32>
// CHECK-NEXT:    %[[C1:.+]] = tensor.insert_slice %{{.+}} into %[[C0]][0, 0] [2, 4] [1, 1]
// CHECK-NEXT:    %[[E:.+]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[F:.+]] = linalg.fill ins(%[[ONE]] : f32) outs(%[[E]] : tensor<2x4xf32>)
// CHECK-NEXT:    %[[C2:.+]] = tensor.insert_slice %[[F]] into %[[C1]][0, 4] [2, 4] [1, 1]
// CHECK-NEXT:    %[[C3:.+]] = tensor.insert_slice %{{.+}} into %[[C2]][0, 8] [2, 4] [1, 1]
// CHECK-NEXT:    return %[[C3]]
func.func @no_producers(%x: tensor<2x4xf32>, %y: tensor<2x4xf32>) -> tensor<2x12xf32> {
  %z = arith.constant dense<1.0> : tensor<2x4xf32>
  %c0 = tensor.empty() : tensor<2x12xf32>
  %c1 = tensor.insert_slice %x into %c0[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x12xf32>
  %c2 = tensor.insert_slice %z into %c1[0, 4] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x12xf32>
  %c3 = tensor.insert_slice %y into %c2[0, 8] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x12xf32>
  return %c3 : tensor<2x12xf32>
}

// -----

// The same value twice: its first place is computed in, the second copied
// from there.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @twice(
// CHECK:         %[[CAT:.+]] = tensor.empty() : tensor<4x32xf32>
// CHECK-NEXT:    %[[A:.+]] = linalg.generic
// CHECK:         %[[C1:.+]] = tensor.insert_slice %[[A]] into %[[CAT]][0, 0] [4, 16] [1, 1]
// CHECK-NEXT:    %[[VIEW:.+]] = tensor.extract_slice %[[C1]][0, 0] [4, 16] [1, 1]
// CHECK-NEXT:    %[[C2:.+]] = tensor.insert_slice %[[VIEW]] into %[[C1]][0, 16] [4, 16] [1, 1]
// CHECK-NEXT:    return %[[C2]]
func.func @twice(%x: tensor<4x16xf32>) -> tensor<4x32xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x16xf32>
  %c0 = tensor.empty() : tensor<4x32xf32>
  %c1 = tensor.insert_slice %a into %c0[0, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x32xf32>
  %c2 = tensor.insert_slice %a into %c1[0, 16] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x32xf32>
  return %c2 : tensor<4x32xf32>
}

// -----

// A piece that is a reshape of what its producer computes (the Winograd
// output transform's blocks, then the next convolution's padding): the
// producer computes into the reshaped place itself, which empty-tensor
// elimination could not have made.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @reshaped(
// CHECK:         %[[CAT:.+]] = tensor.empty() : tensor<6x8xf32>
// CHECK-NEXT:    %[[PLACE:.+]] = tensor.extract_slice %[[CAT]][1, 0] [4, 8] [1, 1]
// CHECK-NEXT:    %[[BLOCKS:.+]] = tensor.expand_shape %[[PLACE]] {{\[\[}}0], [1, 2]] output_shape [4, 2, 4]
// CHECK-NEXT:    %[[R:.+]] = linalg.generic {{.+}} outs(%[[BLOCKS]] : tensor<4x2x4xf32>)
// CHECK:         %[[FLAT:.+]] = tensor.collapse_shape %[[R]]
// CHECK-NEXT:    %[[C1:.+]] = tensor.insert_slice %[[FLAT]] into %[[CAT]][1, 0] [4, 8] [1, 1]
// CHECK:         linalg.fill
// CHECK:         linalg.fill
// CHECK:         return
func.func @reshaped(%x: tensor<4x2x4xf32>) -> tensor<6x8xf32> {
  %z = arith.constant dense<0.0> : tensor<1x8xf32>
  %e = tensor.empty() : tensor<4x2x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<4x2x4xf32>) outs(%e : tensor<4x2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x2x4xf32>
  %flat = tensor.collapse_shape %r [[0], [1, 2]] : tensor<4x2x4xf32> into tensor<4x8xf32>
  %c0 = tensor.empty() : tensor<6x8xf32>
  %c1 = tensor.insert_slice %z into %c0[0, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<6x8xf32>
  %c2 = tensor.insert_slice %flat into %c1[1, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x8xf32>
  %c3 = tensor.insert_slice %z into %c2[5, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<6x8xf32>
  return %c3 : tensor<6x8xf32>
}

// -----

// Phases interleaved along a trailing unit dimension (a transposed
// convolution's): a producer writing into its place would store every
// other element, so the pieces keep buffers of their own and are copied
// (runs under 64 bytes).
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @interleaved(
// CHECK:         %[[A:.+]] = linalg.generic
// CHECK:         %[[B:.+]] = linalg.generic
// CHECK:         %[[CAT:.+]] = tensor.empty() : tensor<4x8x2xf32>
// CHECK-NEXT:    %[[C1:.+]] = tensor.insert_slice %[[A]] into %[[CAT]][0, 0, 0] [4, 8, 1] [1, 1, 1]
// CHECK-NEXT:    %[[C2:.+]] = tensor.insert_slice %[[B]] into %[[C1]][0, 0, 1] [4, 8, 1] [1, 1, 1]
// CHECK-NEXT:    return %[[C2]]
func.func @interleaved(%x: tensor<4x8x1xf32>) -> tensor<4x8x2xf32> {
  %e = tensor.empty() : tensor<4x8x1xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<4x8x1xf32>) outs(%e : tensor<4x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x8x1xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<4x8x1xf32>) outs(%e : tensor<4x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<4x8x1xf32>
  %c0 = tensor.empty() : tensor<4x8x2xf32>
  %c1 = tensor.insert_slice %a into %c0[0, 0, 0] [4, 8, 1] [1, 1, 1] : tensor<4x8x1xf32> into tensor<4x8x2xf32>
  %c2 = tensor.insert_slice %b into %c1[0, 0, 1] [4, 8, 1] [1, 1, 1] : tensor<4x8x1xf32> into tensor<4x8x2xf32>
  return %c2 : tensor<4x8x2xf32>
}

// -----

// A DenseNet block: each layer reads the concatenation of every feature
// before it, and the block ends with the concatenation of all of them.
// The shorter concatenations begin the longest one (the same pieces in the
// same places), so there is one buffer: each is a slice of it, taken once
// its pieces are in, and each feature's producer writes it once. Before,
// every feature was copied into each later layer's concatenation.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @dense_block(
// CHECK-SAME:      %[[X:.+]]: tensor<4x16xf32>
// CHECK:         %[[BLOCK:.+]] = tensor.empty() : tensor<4x64xf32>
// CHECK-NEXT:    %[[B1:.+]] = tensor.insert_slice %[[X]] into %[[BLOCK]][0, 0] [4, 16] [1, 1]
// CHECK:         %[[F1:.+]] = linalg.generic {{.+}} ins(%[[X]] : tensor<4x16xf32>)
// CHECK:         %[[B2:.+]] = tensor.insert_slice %[[F1]] into %[[B1]][0, 16] [4, 16] [1, 1]
// CHECK:         %[[CAT1:.+]] = tensor.extract_slice %[[B2]][0, 0] [4, 32] [1, 1] : tensor<4x64xf32> to tensor<4x32xf32>
// CHECK:         %[[F2:.+]] = linalg.generic {{.+}} ins(%[[CAT1]] : tensor<4x32xf32>)
// CHECK:         %[[B3:.+]] = tensor.insert_slice %[[F2]] into %[[B2]][0, 32] [4, 16] [1, 1]
// CHECK:         %[[CAT2:.+]] = tensor.extract_slice %[[B3]][0, 0] [4, 48] [1, 1] : tensor<4x64xf32> to tensor<4x48xf32>
// CHECK:         %[[F3:.+]] = linalg.generic {{.+}} ins(%[[CAT2]] : tensor<4x48xf32>)
// CHECK:         %[[B4:.+]] = tensor.insert_slice %[[F3]] into %[[B3]][0, 48] [4, 16] [1, 1]
// CHECK-NOT:     tensor.insert_slice
// CHECK:         return %[[B4]]
func.func @dense_block(%x: tensor<4x16xf32>) -> tensor<4x64xf32> {
  %e16 = tensor.empty() : tensor<4x16xf32>
  %f1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%e16 : tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x16xf32>
  %e32 = tensor.empty() : tensor<4x32xf32>
  %a1 = tensor.insert_slice %x into %e32[0, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x32xf32>
  %cat1 = tensor.insert_slice %f1 into %a1[0, 16] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x32xf32>
  %f2 = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%cat1 : tensor<4x32xf32>) outs(%e16 : tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<4x16xf32>
  %e48 = tensor.empty() : tensor<4x48xf32>
  %b1 = tensor.insert_slice %x into %e48[0, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x48xf32>
  %b2 = tensor.insert_slice %f1 into %b1[0, 16] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x48xf32>
  %cat2 = tensor.insert_slice %f2 into %b2[0, 32] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x48xf32>
  %f3 = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%cat2 : tensor<4x48xf32>) outs(%e16 : tensor<4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %in : f32
    linalg.yield %a : f32
  } -> tensor<4x16xf32>
  %e64 = tensor.empty() : tensor<4x64xf32>
  %c1 = tensor.insert_slice %x into %e64[0, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x64xf32>
  %c2 = tensor.insert_slice %f1 into %c1[0, 16] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x64xf32>
  %c3 = tensor.insert_slice %f2 into %c2[0, 32] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x64xf32>
  %c4 = tensor.insert_slice %f3 into %c3[0, 48] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<4x64xf32>
  return %c4 : tensor<4x64xf32>
}
