// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --split-input-file | FileCheck %s

// tg.conv with group 1: tensor.pad with zeros, the bias broadcast into the
// accumulator, and the named linalg convolution.

// CHECK-LABEL: func.func @conv_2d_bias(
// CHECK-SAME:    %[[X:.+]]: tensor<1x3x8x8xf32>, %[[W:.+]]: tensor<4x3x3x3xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK:         %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[PAD:.+]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 0, 0]
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK:         } : tensor<1x3x8x8xf32> to tensor<1x3x9x9xf32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<1x4x4x4xf32>
// CHECK:         %[[INIT:.+]] = linalg.broadcast ins(%[[B]] : tensor<4xf32>) outs(%[[EMPTY]] : tensor<1x4x4x4xf32>) dimensions = [0, 2, 3]
// CHECK:         %[[RES:.+]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK-SAME:      ins(%[[PAD]], %[[W]] : tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%[[INIT]] : tensor<1x4x4x4xf32>)
// CHECK:         return %[[RES]]
func.func @conv_2d_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = tg.conv %x, %w, %b strides = [2, 2] dilations = [1, 1] pads = [1, 1, 0, 0] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// No padding, no bias: the input goes straight in, the accumulator is zero.

// CHECK-LABEL: func.func @conv_1d_i32(
// CHECK-SAME:    %[[X:.+]]: tensor<1x3x8xi32>, %[[W:.+]]: tensor<4x3x2xi32>)
// CHECK-NOT:     tensor.pad
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%{{.+}} : i32) outs(%{{.+}} : tensor<1x4x6xi32>)
// CHECK:         linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
// CHECK-SAME:      ins(%[[X]], %[[W]] : tensor<1x3x8xi32>, tensor<4x3x2xi32>) outs(%[[INIT]] : tensor<1x4x6xi32>)
func.func @conv_1d_i32(%x: tensor<1x3x8xi32>, %w: tensor<4x3x2xi32>) -> tensor<1x4x6xi32> {
  %0 = tg.conv %x, %w strides = [1] dilations = [2] pads = [0, 0] : tensor<1x3x8xi32>, tensor<4x3x2xi32>
  return %0 : tensor<1x4x6xi32>
}

// -----

// CHECK-LABEL: func.func @conv_3d(
// CHECK:         linalg.conv_3d_ncdhw_fcdhw
// CHECK-SAME:      ins(%{{.+}}, %{{.+}} : tensor<1x2x4x4x4xf32>, tensor<3x2x2x2x2xf32>) outs(%{{.+}} : tensor<1x3x3x3x3xf32>)
func.func @conv_3d(%x: tensor<1x2x4x4x4xf32>, %w: tensor<3x2x2x2x2xf32>) -> tensor<1x3x3x3x3xf32> {
  %0 = tg.conv %x, %w strides = [1, 1, 1] dilations = [1, 1, 1] pads = [0, 0, 0, 0, 0, 0] : tensor<1x2x4x4x4xf32>, tensor<3x2x2x2x2xf32>
  return %0 : tensor<1x3x3x3x3xf32>
}

// -----

// Groups: loops (n, m, oh, ow, c, kh, kw); output channel m reads input
// channel (m floordiv 3) * 2 + c, 3 output and 2 input channels per group.

// CHECK-DAG: #[[$IN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 3) * 2 + d4, d2 * 2 + d5, d3 + d6 * 2)>
// CHECK-DAG: #[[$W:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv_grouped(
// CHECK-SAME:    %[[X:.+]]: tensor<1x4x5x5xf32>, %[[W:.+]]: tensor<6x2x3x2xf32>)
// CHECK:         %[[INIT:.+]] = linalg.fill
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$IN]], #[[$W]], #[[$OUT]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK-SAME:      ins(%[[X]], %[[W]] : tensor<1x4x5x5xf32>, tensor<6x2x3x2xf32>) outs(%[[INIT]] : tensor<1x6x2x3xf32>)
// CHECK:         ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[P:.+]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @conv_grouped(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x2xf32>) -> tensor<1x6x2x3xf32> {
  %0 = tg.conv %x, %w strides = [2, 1] dilations = [1, 2] pads = [0, 0, 0, 0] group = 2 : tensor<1x4x5x5xf32>, tensor<6x2x3x2xf32>
  return %0 : tensor<1x6x2x3xf32>
}

// -----

// conv_transpose gathers: loops (n, m, o, c, k); the weight is read at
// ((m floordiv 3) * 2 + c, m mod 3, k), a 2-element tensor.empty gives c its
// range, and the input is read at (n, channel, (o + pad - k) / stride) only
// where that division is exact and in bounds.

// CHECK-DAG: #[[$W:.+]] = affine_map<(d0, d1, d2, d3, d4) -> ((d1 floordiv 3) * 2 + d3, d1 mod 3, d4)>
// CHECK-DAG: #[[$C:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d3)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @conv_transpose(
// CHECK-SAME:    %[[X:.+]]: tensor<1x4x3xf32>, %[[W:.+]]: tensor<4x3x2xf32>)
// CHECK:         %[[CHANNELS:.+]] = tensor.empty() : tensor<2xi1>
// CHECK:         %[[INIT:.+]] = linalg.fill
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[$W]], #[[$C]], #[[$OUT]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME:      ins(%[[W]], %[[CHANNELS]] : tensor<4x3x2xf32>, tensor<2xi1>) outs(%[[INIT]] : tensor<1x6x6xf32>)
// CHECK:           arith.remui
// CHECK:           arith.andi
// CHECK:           arith.andi
// CHECK:           %[[VALID:.+]] = arith.andi
// CHECK:           %[[J:.+]] = arith.select %[[VALID]]
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%{{.+}}, %{{.+}}, %[[J]]] : tensor<1x4x3xf32>
// CHECK:           %[[P:.+]] = arith.mulf %[[V]], %{{.+}} : f32
// CHECK:           %[[T:.+]] = arith.select %[[VALID]], %[[P]], %{{.+}} : f32
// CHECK:           %[[S:.+]] = arith.addf %{{.+}}, %[[T]] : f32
// CHECK:           linalg.yield %[[S]] : f32
func.func @conv_transpose(%x: tensor<1x4x3xf32>, %w: tensor<4x3x2xf32>) -> tensor<1x6x6xf32> {
  %0 = tg.conv_transpose %x, %w strides = [2] dilations = [1] pads = [1, 0] output_padding = [1] group = 2 : tensor<1x4x3xf32>, tensor<4x3x2xf32>
  return %0 : tensor<1x6x6xf32>
}

// -----

// Max pooling pads with -inf, and only as far as the last window reaches
// (here not into the trailing padding). Its window maximum is a generic
// whose maximumf propagates NaN but may ignore the sign of zero (nsz), which
// x86 computes in three instructions instead of six.

// CHECK-LABEL: func.func @pool_max(
// CHECK-SAME:    %[[X:.+]]: tensor<1x2x6x6xf32>)
// CHECK:         %[[NEG_INF:.+]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[PAD:.+]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 0, 0]
// CHECK:           tensor.yield %[[NEG_INF]] : f32
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%{{.+}} : tensor<1x2x3x3xf32>)
// CHECK:         %[[WINDOW:.+]] = tensor.empty() : tensor<3x3xf32>
// CHECK:         %[[RES:.+]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME:      ins(%[[PAD]], %[[WINDOW]] : tensor<1x2x7x7xf32>, tensor<3x3xf32>) outs(%[[INIT]] : tensor<1x2x3x3xf32>)
// CHECK:           %[[M:.+]] = arith.maximumf %{{.+}}, %{{.+}} fastmath<nsz> : f32
// CHECK:           linalg.yield %[[M]]
// CHECK:         return %[[RES]]
func.func @pool_max(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32> {
  %0 = tg.pool max %x kernel = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x2x6x6xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// Average pooling without count_include_pad: the edge windows hold 2 input
// elements, the middle one 3, so the sums divide by a table.

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$AXIS:.+]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @pool_avg_excluding_pad(
// CHECK:         %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[PAD:.+]] = tensor.pad %{{.+}} low[0, 0, 1] high[0, 0, 1]
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK:         %[[SUM:.+]] = linalg.pooling_ncw_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
// CHECK-SAME:      ins(%[[PAD]], %{{.+}} : tensor<1x2x7xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<1x2x3xf32>)
// CHECK:         %[[COUNTS:.+]] = arith.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK:         %[[RES:.+]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$AXIS]], #[[$ID]]]
// CHECK-SAME:      ins(%[[SUM]], %[[COUNTS]] : tensor<1x2x3xf32>, tensor<3xf32>)
// CHECK:           arith.divf
// CHECK:         return %[[RES]]
func.func @pool_avg_excluding_pad(%x: tensor<1x2x5xf32>) -> tensor<1x2x3xf32> {
  %0 = tg.pool avg %x kernel = [3] strides = [2] dilations = [1] pads = [1, 1] : tensor<1x2x5xf32>
  return %0 : tensor<1x2x3xf32>
}

// -----

// With count_include_pad and ceil_mode, the last window runs past the
// trailing padding: the input is padded further (high 2, not 1), and that
// part is not counted (the divisors are 3, 3, 3 and 2).

// CHECK-LABEL: func.func @pool_avg_ceil_mode(
// CHECK:         tensor.pad %{{.+}} low[0, 0, 1] high[0, 0, 2]
// CHECK:         linalg.pooling_ncw_sum
// CHECK:         arith.constant dense<[3.000000e+00, 3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<4xf32>
func.func @pool_avg_ceil_mode(%x: tensor<1x2x6xf32>) -> tensor<1x2x4xf32> {
  %0 = tg.pool avg %x kernel = [3] strides = [2] dilations = [1] pads = [1, 1] ceil_mode count_include_pad : tensor<1x2x6xf32>
  return %0 : tensor<1x2x4xf32>
}

// -----

// Every window counts 4 elements: one scalar divisor.

// CHECK-LABEL: func.func @pool_avg_uniform(
// CHECK:         %[[SUM:.+]] = linalg.pooling_nchw_sum
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[SUM]] : tensor<1x1x2x2xf32>)
// CHECK:           %[[FOUR:.+]] = arith.constant 4.000000e+00 : f32
// CHECK:           arith.divf %{{.+}}, %[[FOUR]] : f32
func.func @pool_avg_uniform(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  %0 = tg.pool avg %x kernel = [2, 2] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// 3-d pooling has no named op: a linalg.generic over (n, c, o..., k...).

// CHECK-DAG: #[[$IN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
// CHECK-DAG: #[[$WIN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @pool_max_3d_i8(
// CHECK-SAME:    %[[X:.+]]: tensor<1x1x4x4x4xi8>)
// CHECK:         %[[MIN:.+]] = arith.constant -128 : i8
// CHECK:         %[[INIT:.+]] = linalg.fill ins(%[[MIN]] : i8)
// CHECK:         %[[WINDOW:.+]] = tensor.empty() : tensor<2x2x2xi8>
// CHECK:         linalg.generic {indexing_maps = [#[[$IN]], #[[$WIN]], #[[$OUT]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK-SAME:      ins(%[[X]], %[[WINDOW]] : tensor<1x1x4x4x4xi8>, tensor<2x2x2xi8>) outs(%[[INIT]] : tensor<1x1x2x2x2xi8>)
// CHECK:           arith.maxsi
func.func @pool_max_3d_i8(%x: tensor<1x1x4x4x4xi8>) -> tensor<1x1x2x2x2xi8> {
  %0 = tg.pool max %x kernel = [2, 2, 2] strides = [2, 2, 2] dilations = [1, 1, 1] pads = [0, 0, 0, 0, 0, 0] : tensor<1x1x4x4x4xi8>
  return %0 : tensor<1x1x2x2x2xi8>
}

// -----

// Nearest: the one resized axis reads its source indices from a table;
// the others use the loop index.

// CHECK-DAG: #[[$AXIS:.+]] = affine_map<(d0, d1, d2, d3) -> (d2)>
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @resize_nearest(
// CHECK-SAME:    %[[X:.+]]: tensor<1x1x2x3xf32>)
// CHECK:         %[[TABLE:.+]] = arith.constant dense<[0, 0, 1, 1]> : tensor<4xi64>
// CHECK:         linalg.generic {indexing_maps = [#[[$AXIS]], #[[$ID]]]
// CHECK-SAME:      ins(%[[TABLE]] : tensor<4xi64>)
// CHECK:         ^bb0(%[[SRC:.+]]: i64, %{{.+}}: f32):
// CHECK:           %[[I0:.+]] = linalg.index 0 : index
// CHECK:           %[[I1:.+]] = linalg.index 1 : index
// CHECK:           %[[I3:.+]] = linalg.index 3 : index
// CHECK:           %[[I2:.+]] = arith.index_cast %[[SRC]] : i64 to index
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[I0]], %[[I1]], %[[I2]], %[[I3]]] : tensor<1x1x2x3xf32>
// CHECK:           linalg.yield %[[V]] : f32
func.func @resize_nearest(%x: tensor<1x1x2x3xf32>) -> tensor<1x1x4x3xf32> {
  %0 = tg.resize nearest %x sizes = [1, 1, 4, 3] scales = [1.0, 1.0, 2.0, 1.0] coordinate_transform = asymmetric : tensor<1x1x2x3xf32>
  return %0 : tensor<1x1x4x3xf32>
}

// -----

// Linear: per resized axis, tables of the lower and upper neighbours and the
// upper one's weight; the result is their weighted sum.

// CHECK-LABEL: func.func @resize_linear(
// CHECK-SAME:    %[[X:.+]]: tensor<2x4xf32>)
// CHECK-DAG:     %[[LOW:.+]] = arith.constant dense<[0, 2]> : tensor<2xi64>
// CHECK-DAG:     %[[HIGH:.+]] = arith.constant dense<[1, 3]> : tensor<2xi64>
// CHECK-DAG:     %[[WEIGHT:.+]] = arith.constant dense<5.000000e-01> : tensor<2xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[LOW]], %[[HIGH]], %[[WEIGHT]] : tensor<2xi64>, tensor<2xi64>, tensor<2xf32>)
// CHECK:         ^bb0(%[[L:.+]]: i64, %[[H:.+]]: i64, %[[W:.+]]: f32, %{{.+}}: f32):
// CHECK:           %[[ROW:.+]] = linalg.index 0 : index
// CHECK:           %[[LI:.+]] = arith.index_cast %[[L]] : i64 to index
// CHECK:           %[[LW:.+]] = arith.subf %{{.+}}, %[[W]] : f32
// CHECK:           %[[LV:.+]] = tensor.extract %[[X]][%[[ROW]], %[[LI]]]
// CHECK:           %[[LT:.+]] = arith.mulf %[[LW]], %[[LV]] : f32
// CHECK:           %[[HI:.+]] = arith.index_cast %[[H]] : i64 to index
// CHECK:           %[[HV:.+]] = tensor.extract %[[X]][%[[ROW]], %[[HI]]]
// CHECK:           %[[HT:.+]] = arith.mulf %[[W]], %[[HV]] : f32
// CHECK:           %[[S:.+]] = arith.addf %[[LT]], %[[HT]] : f32
// CHECK:           linalg.yield %[[S]] : f32
func.func @resize_linear(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %0 = tg.resize linear %x sizes = [2, 2] scales = [1.0, 0.5] coordinate_transform = half_pixel : tensor<2x4xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Cubic with tf_crop_and_resize: per resized axis, index and weight tables
// of output x taps, summed over by a reduction loop. The accumulator starts
// at the extrapolation value where the axis' coordinate is outside the
// input (whose weights are zero), from an i8 mask.

// CHECK-LABEL: func.func @resize_cubic_crop(
// CHECK-SAME:    %[[X:.+]]: tensor<1x4xf32>)
// CHECK:         %[[MASK:.+]] = arith.constant dense<[1, 0, 0]> : tensor<3xi8>
// CHECK:         %[[INIT:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[MASK]] : tensor<3xi8>)
// CHECK:           arith.cmpi ne
// CHECK:           arith.select %{{.+}}, %{{.+}}, %{{.+}} : f32
// CHECK-DAG:     %[[INDEX:.+]] = arith.constant dense<{{\[}}[0, 0, 0, 1], [0, 0, 1, 2], [1, 2, 3, 3]]> : tensor<3x4xi64>
// CHECK-DAG:     %[[WEIGHT:.+]] = arith.constant dense<{{\[}}[0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [-0.03515625, 0.26171875, 0.87890625, -0.10546875], [0.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00]]> : tensor<3x4xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[INDEX]], %[[WEIGHT]] : tensor<3x4xi64>, tensor<3x4xf32>) outs(%[[INIT]] : tensor<1x3xf32>)
// CHECK:         ^bb0(%[[I:.+]]: i64, %[[W:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK:           %[[ROW:.+]] = linalg.index 0 : index
// CHECK:           %[[COL:.+]] = arith.index_cast %[[I]] : i64 to index
// CHECK:           %[[V:.+]] = tensor.extract %[[X]][%[[ROW]], %[[COL]]]
// CHECK:           %[[T:.+]] = arith.mulf %[[W]], %[[V]] : f32
// CHECK:           %[[S:.+]] = arith.addf %[[ACC]], %[[T]] : f32
// CHECK:           linalg.yield %[[S]] : f32
func.func @resize_cubic_crop(%x: tensor<1x4xf32>) -> tensor<1x3xf32> {
  %0 = tg.resize cubic %x sizes = [1, 3] scales = [1.0, 0.75] coordinate_transform = tf_crop_and_resize roi = [0.0, -0.5, 1.0, 1.0] extrapolation_value = 2.0 : tensor<1x4xf32>
  return %0 : tensor<1x3xf32>
}

// -----

// MaxPool's indices: a generic over (n, c, o, k) with two outputs, the
// running maximum (from -inf) and its flat index (from -1); a window element
// is taken when it is inside the input and the first or strictly greater.

// CHECK-LABEL: func.func @pool_indices(
// CHECK-SAME:    %[[X:.+]]: tensor<1x1x4xf32>)
// CHECK:         %[[BEST:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<1x1x2xf32>)
// CHECK:         %[[INDEX:.+]] = linalg.fill ins(%{{.+}} : i64) outs(%{{.+}} : tensor<1x1x2xi64>)
// CHECK:         %[[WINDOW:.+]] = tensor.empty() : tensor<2xi1>
// CHECK:         %[[R:.+]]:2 = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[WINDOW]] : tensor<2xi1>) outs(%[[BEST]], %[[INDEX]] : tensor<1x1x2xf32>, tensor<1x1x2xi64>)
// CHECK:         ^bb0(%{{.+}}: i1, %[[B:.+]]: f32, %[[I:.+]]: i64):
// CHECK:           %[[V:.+]] = tensor.extract %[[X]]
// CHECK:           %[[GT:.+]] = arith.cmpf ogt, %[[V]], %[[B]] : f32
// CHECK:           %[[FIRST:.+]] = arith.cmpi eq, %[[I]], %{{.+}} : i64
// CHECK:           %[[EITHER:.+]] = arith.ori %[[FIRST]], %[[GT]] : i1
// CHECK:           %[[TAKE:.+]] = arith.andi %{{.+}}, %[[EITHER]] : i1
// CHECK:           %[[FLAT:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK:           %[[NB:.+]] = arith.select %[[TAKE]], %[[V]], %[[B]] : f32
// CHECK:           %[[NI:.+]] = arith.select %[[TAKE]], %[[FLAT]], %[[I]] : i64
// CHECK:           linalg.yield %[[NB]], %[[NI]] : f32, i64
// CHECK:         return %[[R]]#1
func.func @pool_indices(%x: tensor<1x1x4xf32>) -> tensor<1x1x2xi64> {
  %0 = tg.pool_indices %x kernel = [2] strides = [2] dilations = [1] pads = [0, 0] : tensor<1x1x4xf32>
  return %0 : tensor<1x1x2xi64>
}

// -----

// A resize to the input's shape whose every axis maps to itself is a no-op.

// CHECK-LABEL: func.func @resize_identity(
// CHECK-SAME:    %[[X:.+]]: tensor<2x4xf32>)
// CHECK-NEXT:    return %[[X]]
func.func @resize_identity(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = tg.resize linear %x sizes = [2, 4] scales = [1.0, 1.0] coordinate_transform = half_pixel : tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// f16 and bf16 convolutions, average pools and linear and cubic resizes
// accumulate in f32: the operands are extended, the op is lowered in f32
// and the result truncated. Max pooling needs no widening.

// CHECK-LABEL: func.func @half_precision(
// CHECK:         arith.extf %{{.+}} : f16 to f32
// CHECK:         arith.extf %{{.+}} : f16 to f32
// CHECK:         linalg.conv_1d_ncw_fcw
// CHECK-SAME:      outs(%{{.+}} : tensor<1x3x4xf32>)
// CHECK:         arith.truncf %{{.+}} : f32 to f16
// CHECK:         arith.extf %{{.+}} : bf16 to f32
// CHECK:         linalg.pooling_ncw_sum
// CHECK-SAME:      outs(%{{.+}} : tensor<1x2x2xf32>)
// CHECK:         arith.truncf %{{.+}} : f32 to bf16
// CHECK-NOT:     arith.extf
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%{{.+}} : tensor<1x2x2xf16>)
// CHECK:           arith.maximumf %{{.+}} fastmath<nsz> : f16
// CHECK:         arith.extf %{{.+}} : f16 to f32
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%{{.+}} : tensor<1x2x10xf32>)
// CHECK:         arith.truncf %{{.+}} : f32 to f16
func.func @half_precision(%x: tensor<1x2x5xf16>, %w: tensor<3x2x2xf16>, %xb: tensor<1x2x5xbf16>) -> (tensor<1x3x4xf16>, tensor<1x2x2xbf16>, tensor<1x2x2xf16>, tensor<1x2x10xf16>) {
  %0 = tg.conv %x, %w strides = [1] dilations = [1] pads = [0, 0] : tensor<1x2x5xf16>, tensor<3x2x2xf16>
  %1 = tg.pool avg %xb kernel = [2] strides = [2] dilations = [1] pads = [0, 0] : tensor<1x2x5xbf16>
  %2 = tg.pool max %x kernel = [2] strides = [2] dilations = [1] pads = [0, 0] : tensor<1x2x5xf16>
  %3 = tg.resize cubic %x sizes = [1, 2, 10] scales = [1.0, 1.0, 2.0] coordinate_transform = half_pixel : tensor<1x2x5xf16>
  return %0, %1, %2, %3 : tensor<1x3x4xf16>, tensor<1x2x2xbf16>, tensor<1x2x2xf16>, tensor<1x2x10xf16>
}
