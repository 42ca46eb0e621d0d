// RUN: aotc-opt %s --split-input-file --aotc-cpu-quantized-depthwise-inputs | FileCheck %s

// A depthwise convolution (channels innermost, as
// aotc-cpu-nhwc-depthwise-convs builds it: loops (n, oh, ow, c, kh, kw)) of
// a dequantized uint8 image, float(q) * 0.5, padded with zeros, reads q
// itself, padded with the zero point (0), converted in its body; the filter
// is multiplied by the scale at compile time (0.25 -> 0.125, 0.5 -> 0.25,
// ...). The bias is unchanged: no zero point.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar = affine_map<(d0, d1, d2, d3) -> ()>
#img = affine_map<(n, oh, ow, c, kh, kw) -> (n, oh + kh, ow + kw, c)>
#flt = affine_map<(n, oh, ow, c, kh, kw) -> (kh, kw, c)>
#out = affine_map<(n, oh, ow, c, kh, kw) -> (n, oh, ow, c)>

// CHECK-LABEL: func.func @unsigned_padded(
// CHECK-SAME:      %[[Q:.+]]: tensor<1x3x4x16xi8>
// CHECK-DAG:     %[[WEIGHTS:.+]] = arith.constant dense<{{\[\[\[}}1.250000e-01, 2.500000e-01, 3.750000e-01, {{.+}}]]]> : tensor<1x2x16xf32>
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0 : i8
// CHECK:         %[[PADDED:.+]] = tensor.pad %[[Q]] low[0, 0, 1, 0] high[0, 0, 0, 0]
// CHECK:           tensor.yield %[[ZERO]] : i8
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:        ins(%[[PADDED]], %[[WEIGHTS]] : tensor<1x3x5x16xi8>, tensor<1x2x16xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: i8, %[[W:.+]]: f32, %[[OUT:.+]]: f32):
// CHECK-NEXT:      %[[F:.+]] = arith.uitofp %[[IN]] : i8 to f32
// CHECK-NEXT:      %[[P:.+]] = arith.mulf %[[F]], %[[W]] : f32
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[OUT]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         return %[[Y]]
func.func @unsigned_padded(%q: tensor<1x3x4x16xi8>) -> tensor<1x3x4x16xf32> {
  %scale = arith.constant dense<0.5> : tensor<f32>
  %filter = arith.constant dense<[[[0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0], [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0]]]> : tensor<1x2x16xf32>
  %bias = arith.constant dense<[0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5]> : tensor<16xf32>
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x4x16xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x3x4x16xi8>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%x: i8, %o: f32):
    %f = arith.uitofp %x : i8 to f32
    linalg.yield %f : f32
  } -> tensor<1x3x4x16xf32>
  %x = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w, %scale : tensor<1x3x4x16xf32>, tensor<f32>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x3x4x16xf32>
  %p = tensor.pad %x low[0, 0, 1, 0] high[0, 0, 0, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pad : f32
  } : tensor<1x3x4x16xf32> to tensor<1x3x5x16xf32>
  %init = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%e : tensor<1x3x4x16xf32>) dimensions = [0, 1, 2]
  %y = linalg.generic {indexing_maps = [#img, #flt, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%p, %filter : tensor<1x3x5x16xf32>, tensor<1x2x16xf32>) outs(%init : tensor<1x3x4x16xf32>) {
  ^bb0(%in: f32, %k: f32, %acc: f32):
    %m = arith.mulf %in, %k : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x3x4x16xf32>
  return %y : tensor<1x3x4x16xf32>
}

// -----

// An int8 image with a zero point: (float(q) - 3) * 0.5. The image is
// padded with 3 (as int8), converted as signed, and the bias loses the zero
// point's share of each channel's scaled filter sum: channel c's taps are
// 0.25 (c + 1) and 0.5 (c + 1), scaled 0.375 (c + 1), so its bias 0.5 c
// becomes 0.5 c - 1.125 (c + 1): -1.125, -1.75, -2.375, ...
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar = affine_map<(d0, d1, d2, d3) -> ()>
#img = affine_map<(n, oh, ow, c, kh, kw) -> (n, oh + kh, ow + kw, c)>
#flt = affine_map<(n, oh, ow, c, kh, kw) -> (kh, kw, c)>
#out = affine_map<(n, oh, ow, c, kh, kw) -> (n, oh, ow, c)>

// CHECK-LABEL: func.func @signed_zero_point(
// CHECK-SAME:      %[[Q:.+]]: tensor<1x3x4x16xi8>
// CHECK:         %[[BIAS:.+]] = arith.constant dense<[-1.125000e+00, -1.750000e+00, -2.375000e+00, {{.+}}]> : tensor<16xf32>
// CHECK:         %[[INIT:.+]] = linalg.broadcast ins(%[[BIAS]] : tensor<16xf32>)
// CHECK:         %[[THREE:.+]] = arith.constant 3 : i8
// CHECK:         %[[PADDED:.+]] = tensor.pad %[[Q]]
// CHECK:           tensor.yield %[[THREE]] : i8
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[PADDED]], %{{.+}} : tensor<1x3x5x16xi8>, tensor<1x2x16xf32>) outs(%[[INIT]] : tensor<1x3x4x16xf32>)
// CHECK:           arith.sitofp %{{.+}} : i8 to f32
func.func @signed_zero_point(%q: tensor<1x3x4x16xi8>) -> tensor<1x3x4x16xf32> {
  %scale = arith.constant dense<0.5> : tensor<f32>
  %zero = arith.constant dense<3.0> : tensor<f32>
  %filter = arith.constant dense<[[[0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0], [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0]]]> : tensor<1x2x16xf32>
  %bias = arith.constant dense<[0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5]> : tensor<16xf32>
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x4x16xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x3x4x16xi8>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%x: i8, %o: f32):
    %f = arith.sitofp %x : i8 to f32
    linalg.yield %f : f32
  } -> tensor<1x3x4x16xf32>
  %shifted = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w, %zero : tensor<1x3x4x16xf32>, tensor<f32>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%v: f32, %z: f32, %o: f32):
    %d = arith.subf %v, %z : f32
    linalg.yield %d : f32
  } -> tensor<1x3x4x16xf32>
  %x = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%shifted, %scale : tensor<1x3x4x16xf32>, tensor<f32>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x3x4x16xf32>
  %p = tensor.pad %x low[0, 0, 1, 0] high[0, 0, 0, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pad : f32
  } : tensor<1x3x4x16xf32> to tensor<1x3x5x16xf32>
  %init = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%e : tensor<1x3x4x16xf32>) dimensions = [0, 1, 2]
  %y = linalg.generic {indexing_maps = [#img, #flt, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%p, %filter : tensor<1x3x5x16xf32>, tensor<1x2x16xf32>) outs(%init : tensor<1x3x4x16xf32>) {
  ^bb0(%in: f32, %k: f32, %acc: f32):
    %m = arith.mulf %in, %k : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x3x4x16xf32>
  return %y : tensor<1x3x4x16xf32>
}

// -----

// Left alone: an image padded with a value other than zero (max pooling's
// -inf would be one), and a zero point whose bias is not a constant.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar = affine_map<(d0, d1, d2, d3) -> ()>
#img = affine_map<(n, oh, ow, c, kh, kw) -> (n, oh + kh, ow + kw, c)>
#flt = affine_map<(n, oh, ow, c, kh, kw) -> (kh, kw, c)>
#out = affine_map<(n, oh, ow, c, kh, kw) -> (n, oh, ow, c)>

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     tensor<1x3x5x16xi8>
// CHECK:         return
func.func @left_alone(%q: tensor<1x3x4x16xi8>, %bias: tensor<1x3x4x16xf32>) -> (tensor<1x3x4x16xf32>, tensor<1x3x4x16xf32>) {
  %scale = arith.constant dense<0.5> : tensor<f32>
  %zero = arith.constant dense<3.0> : tensor<f32>
  %filter = arith.constant dense<[[[0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0], [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 7.5, 8.0]]]> : tensor<1x2x16xf32>
  %one = arith.constant 1.0 : f32
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x4x16xf32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x3x4x16xi8>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%x: i8, %o: f32):
    %f = arith.uitofp %x : i8 to f32
    linalg.yield %f : f32
  } -> tensor<1x3x4x16xf32>
  %x = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w, %scale : tensor<1x3x4x16xf32>, tensor<f32>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x3x4x16xf32>
  %p1 = tensor.pad %x low[0, 0, 1, 0] high[0, 0, 0, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %one : f32
  } : tensor<1x3x4x16xf32> to tensor<1x3x5x16xf32>
  %y1 = linalg.generic {indexing_maps = [#img, #flt, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%p1, %filter : tensor<1x3x5x16xf32>, tensor<1x2x16xf32>) outs(%bias : tensor<1x3x4x16xf32>) {
  ^bb0(%in: f32, %k: f32, %acc: f32):
    %m = arith.mulf %in, %k : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x3x4x16xf32>
  %shifted = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w, %zero : tensor<1x3x4x16xf32>, tensor<f32>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%v: f32, %z: f32, %o: f32):
    %d = arith.subf %v, %z : f32
    linalg.yield %d : f32
  } -> tensor<1x3x4x16xf32>
  %x2 = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%shifted, %scale : tensor<1x3x4x16xf32>, tensor<f32>) outs(%e : tensor<1x3x4x16xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x3x4x16xf32>
  %p2 = tensor.pad %x2 low[0, 0, 1, 0] high[0, 0, 0, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pad : f32
  } : tensor<1x3x4x16xf32> to tensor<1x3x5x16xf32>
  %y2 = linalg.generic {indexing_maps = [#img, #flt, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%p2, %filter : tensor<1x3x5x16xf32>, tensor<1x2x16xf32>) outs(%bias : tensor<1x3x4x16xf32>) {
  ^bb0(%in: f32, %k: f32, %acc: f32):
    %m = arith.mulf %in, %k : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x3x4x16xf32>
  return %y1, %y2 : tensor<1x3x4x16xf32>, tensor<1x3x4x16xf32>
}
