// RUN: aotc-opt %s --split-input-file --aotc-cpu-quantized-max-pools | FileCheck %s

// ResNet's stem in a QDQ graph: a uint8 image with channels innermost (a
// VNNI contraction's result), dequantized, (float(q) - 3) * 0.5,
// transposed to NCHW and padded with -inf for a 3x3 stride-2 max pooling.
// The pooling reads the uint8 image itself, padded with 0 (its smallest
// value) in NHWC order, converts each byte in its body, and keeps channels
// innermost; the dequantization follows it, and the result is transposed
// back to NCHW for its readers.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar = affine_map<(d0, d1, d2, d3) -> ()>
#img = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
#win = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#out = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>

// CHECK-DAG:   #[[IMG:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
// CHECK-DAG:   #[[WIN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG:   #[[OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @stem(
// CHECK-SAME:      %[[Q:.+]]: tensor<1x8x8x16xi8>
// CHECK:         %[[ZERO:.+]] = arith.constant 0 : i8
// CHECK:         %[[PADDED:.+]] = tensor.pad %[[Q]] low[0, 1, 1, 0] high[0, 0, 0, 0]
// CHECK:           tensor.yield %[[ZERO]] : i8
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x4x4x16xf32>)
// CHECK:         %[[POOL:.+]] = linalg.generic {indexing_maps = [#[[IMG]], #[[WIN]], #[[OUT]]]
// CHECK-SAME:        ins(%[[PADDED]], %{{.+}} : tensor<1x9x9x16xi8>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<1x4x4x16xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: i8, %{{.+}}: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[F:.+]] = arith.uitofp %[[IN]] : i8 to f32
// CHECK-NEXT:      %[[M:.+]] = arith.maximumf %[[ACC]], %[[F]] fastmath<nsz> : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// CHECK:         %[[DQ:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[POOL]] : tensor<1x4x4x16xf32>)
// CHECK:           arith.subf %{{.+}}, %cst{{.*}} : f32
// CHECK:           arith.mulf %{{.+}}, %cst{{.*}} : f32
// CHECK:         %[[NCHW:.+]] = linalg.transpose ins(%[[DQ]] : tensor<1x4x4x16xf32>) outs(%{{.+}} : tensor<1x16x4x4xf32>) permutation = [0, 3, 1, 2]
// CHECK:         return %[[NCHW]]
func.func @stem(%q: tensor<1x8x8x16xi8>) -> tensor<1x16x4x4xf32> {
  %scale = arith.constant dense<0.5> : tensor<f32>
  %zero = arith.constant dense<3.0> : tensor<f32>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x8x8x16xi8>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%x: i8, %o: f32):
    %f = arith.uitofp %x : i8 to f32
    linalg.yield %f : f32
  } -> tensor<1x8x8x16xf32>
  %shifted = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w, %zero : tensor<1x8x8x16xf32>, tensor<f32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%v: f32, %z: f32, %o: f32):
    %d = arith.subf %v, %z : f32
    linalg.yield %d : f32
  } -> tensor<1x8x8x16xf32>
  %x = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%shifted, %scale : tensor<1x8x8x16xf32>, tensor<f32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %te = tensor.empty() : tensor<1x16x8x8xf32>
  %t = linalg.transpose ins(%x : tensor<1x8x8x16xf32>) outs(%te : tensor<1x16x8x8xf32>) permutation = [0, 3, 1, 2]
  %p = tensor.pad %t low[0, 0, 1, 1] high[0, 0, 0, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<1x16x8x8xf32> to tensor<1x16x9x9xf32>
  %oe = tensor.empty() : tensor<1x16x4x4xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%oe : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %y = linalg.generic {indexing_maps = [#img, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%p, %window : tensor<1x16x9x9xf32>, tensor<3x3xf32>) outs(%init : tensor<1x16x4x4xf32>) {
  ^bb0(%in: f32, %k: f32, %acc: f32):
    %m = arith.maximumf %acc, %in fastmath<nsz> : f32
    linalg.yield %m : f32
  } -> tensor<1x16x4x4xf32>
  return %y : tensor<1x16x4x4xf32>
}

// -----

// An NCHW int8 image pooled where it is: the pooling reads it padded with
// -128 and converts each byte as signed; no zero point, so the
// dequantization is the scale alone.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar = affine_map<(d0, d1, d2, d3) -> ()>
#img = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#win = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#out = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>

// CHECK-LABEL: func.func @signed_nchw(
// CHECK-SAME:      %[[Q:.+]]: tensor<1x2x5x5xi8>
// CHECK:         %[[LOW:.+]] = arith.constant -128 : i8
// CHECK:         %[[PADDED:.+]] = tensor.pad %[[Q]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:           tensor.yield %[[LOW]] : i8
// CHECK:         %[[POOL:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[PADDED]], %{{.+}} : tensor<1x2x7x7xi8>, tensor<3x3xf32>)
// CHECK:           arith.sitofp %{{.+}} : i8 to f32
// CHECK:         %[[DQ:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[POOL]] : tensor<1x2x5x5xf32>)
// CHECK-NOT:       arith.subf
// CHECK:           arith.mulf
// CHECK:         return %[[DQ]]
func.func @signed_nchw(%q: tensor<1x2x5x5xi8>) -> tensor<1x2x5x5xf32> {
  %scale = arith.constant dense<0.25> : tensor<f32>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x2x5x5xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x2x5x5xi8>) outs(%e : tensor<1x2x5x5xf32>) {
  ^bb0(%x: i8, %o: f32):
    %f = arith.sitofp %x : i8 to f32
    linalg.yield %f : f32
  } -> tensor<1x2x5x5xf32>
  %x = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w, %scale : tensor<1x2x5x5xf32>, tensor<f32>) outs(%e : tensor<1x2x5x5xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x2x5x5xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %ninf : f32
  } : tensor<1x2x5x5xf32> to tensor<1x2x7x7xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %y = linalg.generic {indexing_maps = [#img, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%p, %window : tensor<1x2x7x7xf32>, tensor<3x3xf32>) outs(%init : tensor<1x2x5x5xf32>) {
  ^bb0(%in: f32, %k: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// -----

// Left alone: a pooling of float values that are not a dequantization,
// and one whose image is padded with 0 rather than -inf (a value the
// maximum could take).
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar = affine_map<(d0, d1, d2, d3) -> ()>
#img = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
#win = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#out = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     tensor<1x2x7x7xi8>
// CHECK:         return
func.func @left_alone(%f: tensor<1x2x7x7xf32>, %q: tensor<1x2x5x5xi8>) -> (tensor<1x2x5x5xf32>, tensor<1x2x5x5xf32>) {
  %scale = arith.constant dense<0.25> : tensor<f32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x5x5xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
  %y1 = linalg.generic {indexing_maps = [#img, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%f, %window : tensor<1x2x7x7xf32>, tensor<3x3xf32>) outs(%init : tensor<1x2x5x5xf32>) {
  ^bb0(%in: f32, %k: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<1x2x5x5xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x2x5x5xi8>) outs(%e : tensor<1x2x5x5xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<1x2x5x5xf32>
  %x = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w, %scale : tensor<1x2x5x5xf32>, tensor<f32>) outs(%e : tensor<1x2x5x5xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x2x5x5xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x5x5xf32> to tensor<1x2x7x7xf32>
  %y2 = linalg.generic {indexing_maps = [#img, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%p, %window : tensor<1x2x7x7xf32>, tensor<3x3xf32>) outs(%init : tensor<1x2x5x5xf32>) {
  ^bb0(%in: f32, %k: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<1x2x5x5xf32>
  return %y1, %y2 : tensor<1x2x5x5xf32>, tensor<1x2x5x5xf32>
}
