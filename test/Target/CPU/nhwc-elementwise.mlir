// RUN: aotc-opt %s --split-input-file --aotc-cpu-nhwc-elementwise | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-nhwc-elementwise --canonicalize | FileCheck %s --check-prefix=FOLD

// A residual add of two images stored NHWC (one through a transposition,
// one read at (n, h, w, c) directly, as a VNNI epilogue reads its sums)
// plus a per-channel bias: it loops over (n, h, w, c), reads both images
// with the identity map and the bias at c, and a transposition to NCHW
// replaces its result. The quantization after it follows, and its
// transposition back to NHWC (a VNNI contraction's operand) then meets the
// one before it: the canonicalizer folds the pair, and the uint8 operand is
// computed NHWC from NHWC images, with no transposition left.
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#nhwc = affine_map<(n, c, h, w) -> (n, h, w, c)>
#channel = affine_map<(n, c, h, w) -> (c)>

// CHECK-DAG:   #[[ID:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[CH:.+]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @residual(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<1x4x4x32xf32>, %[[B:[a-z0-9]+]]: tensor<1x4x4x32xf32>, %[[BIAS:[a-z0-9]+]]: tensor<32xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[CH]], #[[ID]]]
// CHECK-SAME:      ins(%[[A]], %[[B]], %[[BIAS]] : tensor<1x4x4x32xf32>, tensor<1x4x4x32xf32>, tensor<32xf32>) outs(%{{.+}} : tensor<1x4x4x32xf32>)
// CHECK:         %[[T:.+]] = linalg.transpose ins(%[[SUM]] : tensor<1x4x4x32xf32>) outs(%{{.+}} : tensor<1x32x4x4xf32>) permutation = [0, 3, 1, 2]
// CHECK:         %[[Q:.+]] = linalg.generic {{.*}}ins(%{{.+}} : tensor<1x4x4x32xf32>) outs(%{{.+}} : tensor<1x4x4x32xi8>)
// CHECK:         linalg.transpose ins(%[[Q]] : tensor<1x4x4x32xi8>) outs(%{{.+}} : tensor<1x32x4x4xi8>) permutation = [0, 3, 1, 2]

// FOLD-LABEL: func.func @residual(
// FOLD:         %[[SUM:.+]] = linalg.generic {{.*}}outs(%{{.+}} : tensor<1x4x4x32xf32>)
// FOLD:         %[[Q:.+]] = linalg.generic {{.*}}ins(%[[SUM]] : tensor<1x4x4x32xf32>) outs(%{{.+}} : tensor<1x4x4x32xi8>)
// FOLD-NOT:     linalg.transpose
// FOLD:         return %[[Q]], %{{.+}} : tensor<1x4x4x32xi8>, tensor<1x32x4x4xf32>
func.func @residual(%a: tensor<1x4x4x32xf32>, %b: tensor<1x4x4x32xf32>, %bias: tensor<32xf32>)
    -> (tensor<1x4x4x32xi8>, tensor<1x32x4x4xf32>) {
  %e = tensor.empty() : tensor<1x32x4x4xf32>
  %ta = linalg.transpose ins(%a : tensor<1x4x4x32xf32>) outs(%e : tensor<1x32x4x4xf32>) permutation = [0, 3, 1, 2]
  %sum = linalg.generic {indexing_maps = [#id, #nhwc, #channel, #id],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%ta, %b, %bias : tensor<1x32x4x4xf32>, tensor<1x4x4x32xf32>, tensor<32xf32>) outs(%e : tensor<1x32x4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.addf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<1x32x4x4xf32>
  %eq = tensor.empty() : tensor<1x32x4x4xi8>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<1x32x4x4xf32>) outs(%eq : tensor<1x32x4x4xi8>) {
  ^bb0(%x: f32, %o: i8):
    %r = math.roundeven %x : f32
    %c = arith.fptosi %r : f32 to i8
    linalg.yield %c : i8
  } -> tensor<1x32x4x4xi8>
  %eu = tensor.empty() : tensor<1x4x4x32xi8>
  %u = linalg.transpose ins(%q : tensor<1x32x4x4xi8>) outs(%eu : tensor<1x4x4x32xi8>) permutation = [0, 2, 3, 1]
  return %u, %sum : tensor<1x4x4x32xi8>, tensor<1x32x4x4xf32>
}

// -----

// Left alone: the add also reads an NCHW image that is not a transposition
// (moving the transposition past it would put one on that image instead).
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>

// CHECK-LABEL: func.func @nchw_operand(
// CHECK:         linalg.transpose
// CHECK:         linalg.generic {{.*}}outs(%{{.+}} : tensor<1x32x4x4xf32>)
// CHECK-NOT:     linalg.transpose
func.func @nchw_operand(%a: tensor<1x4x4x32xf32>, %b: tensor<1x32x4x4xf32>) -> tensor<1x32x4x4xf32> {
  %e = tensor.empty() : tensor<1x32x4x4xf32>
  %ta = linalg.transpose ins(%a : tensor<1x4x4x32xf32>) outs(%e : tensor<1x32x4x4xf32>) permutation = [0, 3, 1, 2]
  %sum = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%ta, %b : tensor<1x32x4x4xf32>, tensor<1x32x4x4xf32>) outs(%e : tensor<1x32x4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x32x4x4xf32>
  return %sum : tensor<1x32x4x4xf32>
}

// -----

// A transposition to NCHW that a generic reads back with channels innermost
// (the uint8 operand aotc-cpu-vnni-convs makes of an NCHW image) is read at
// its source through the identity map, though the transposition has
// another reader, which keeps it.
#toNHWC = affine_map<(n, h, w, c) -> (n, c, h, w)>
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>

// CHECK-LABEL: func.func @undone_transposition(
// CHECK-SAME:      %[[Q:.+]]: tensor<1x4x4x32xi8>
// CHECK:         %[[T:.+]] = linalg.transpose ins(%[[Q]]
// CHECK:         %[[U:.+]] = linalg.generic {indexing_maps = [#[[ID:.+]], #[[ID]]]
// CHECK-SAME:        ins(%[[Q]] : tensor<1x4x4x32xi8>)
// CHECK:         return %[[U]], %[[T]]
func.func @undone_transposition(%q: tensor<1x4x4x32xi8>) -> (tensor<1x4x4x32xi8>, tensor<1x32x4x4xi8>) {
  %e = tensor.empty() : tensor<1x32x4x4xi8>
  %t = linalg.transpose ins(%q : tensor<1x4x4x32xi8>) outs(%e : tensor<1x32x4x4xi8>) permutation = [0, 3, 1, 2]
  %eu = tensor.empty() : tensor<1x4x4x32xi8>
  %u = linalg.generic {indexing_maps = [#toNHWC, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t : tensor<1x32x4x4xi8>) outs(%eu : tensor<1x4x4x32xi8>) {
  ^bb0(%x: i8, %o: i8):
    %f = arith.xori %x, %x : i8
    linalg.yield %f : i8
  } -> tensor<1x4x4x32xi8>
  return %u, %t : tensor<1x4x4x32xi8>, tensor<1x32x4x4xi8>
}
