// RUN: aotc-opt %s --split-input-file --aotc-cpu-vnni-convs | FileCheck %s

// A QDQ 1x1 convolution: its input dequantizes a uint8 tensor (zero point
// 3, scale 0.5), its filter is int8 values times 1/64. The uint8 tensor is
// transposed to channels innermost, the filter's int8 values packed as
// [16 / 16, 1, 1, 4 / 4, 16, 4], and the contraction over them (marked for
// aotc-cpu-vnni-kernels, its operands kept) is followed by the epilogue:
// acc - 3 * colsum, times 0.5 / 64, plus the broadcast bias read per channel.
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar = affine_map<(n, c, h, w) -> ()>
// CHECK-DAG:   #[[NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG:   #[[A:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1 + d5, d2 + d6, d7 * 4 + d8)>
// CHECK-DAG:   #[[P:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d3, d5, d6, d7, d4, d8)>
// CHECK-DAG:   #[[C:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3 * 16 + d4)>
// CHECK-LABEL: func.func @pointwise(
// CHECK-SAME:      %[[Q:.+]]: tensor<1x4x5x6xi8>
// CHECK:         %[[U:.+]] = linalg.generic {indexing_maps = [#[[NHWC]], #{{.+}}]{{.*}} ins(%[[Q]] : tensor<1x4x5x6xi8>) outs(%{{.+}} : tensor<1x5x6x4xi8>)
// CHECK:         %[[W:.+]] = arith.constant dense<{{.+}}> : tensor<1x1x1x1x16x4xi8>
// CHECK:         %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : i32) outs(%{{.+}} : tensor<1x5x6x16xi32>)
// CHECK:         %[[ACC:.+]] = linalg.generic {indexing_maps = [#[[A]], #[[P]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%[[U]], %[[W]] : tensor<1x5x6x4xi8>, tensor<1x1x1x1x16x4xi8>) outs(%[[ZERO]] : tensor<1x5x6x16xi32>) attrs =  {aotc.keep_operands, aotc.vnni}
// CHECK:           arith.extui
// CHECK:           arith.extsi
// CHECK:         %[[SHARES:.+]] = arith.constant dense<{{\[}}{{.+}}]> : tensor<16xi32>
// CHECK:         %[[SCALES:.+]] = arith.constant dense<[7.812500e-03, {{.+}}]> : tensor<16xf32>
// CHECK:         %[[Y:.+]] = linalg.generic {{.+}} ins(%[[ACC]], %[[SHARES]], %[[SCALES]], %[[BIAS:.+]] : tensor<1x5x6x16xi32>, tensor<16xi32>, tensor<16xf32>, tensor<16xf32>)
// CHECK:           arith.subi
// CHECK-NEXT:      arith.sitofp
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      arith.addf
// CHECK-NOT:     linalg.conv_2d_nchw_fchw
// CHECK:         return %[[Y]]
func.func @pointwise(%q: tensor<1x4x5x6xi8>, %bias: tensor<16xf32>) -> tensor<1x16x5x6xf32> {
  %scale = arith.constant dense<5.000000e-01> : tensor<f32>
  %zero = arith.constant dense<3.000000e+00> : tensor<f32>
  %w = arith.constant dense<"0x0000FEBF0000F8BF0000F2BF0000ECBF0000F0BF0000EABF0000E4BF0000DEBF0000E2BF0000DCBF0000D6BF0000D0BF0000D4BF0000CEBF0000C8BF0000C2BF0000C6BF0000C0BF0000BABF0000B4BF0000B8BF0000B2BF0000ACBF0000A6BF0000AABF0000A4BF00009EBF000098BF00009CBF000096BF000090BF00008ABF00008EBF000088BF000082BF000078BF000080BF000074BF000068BF00005CBF000064BF000058BF00004CBF000040BF000048BF00003CBF000030BF000024BF00002CBF000020BF000014BF000008BF000010BF000004BF0000F0BE0000D8BE0000E8BE0000D0BE0000B8BE0000A0BE0000B0BE000098BE000080BE000050BE"> : tensor<16x4x1x1xf32>
  %e = tensor.empty() : tensor<1x4x5x6xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x4x5x6xi8>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%f, %zero : tensor<1x4x5x6xf32>, tensor<f32>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %v = arith.subf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %scale : tensor<1x4x5x6xf32>, tensor<f32>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %oe = tensor.empty() : tensor<1x16x5x6xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%oe : tensor<1x16x5x6xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%d, %w : tensor<1x4x5x6xf32>, tensor<16x4x1x1xf32>) outs(%b : tensor<1x16x5x6xf32>) -> tensor<1x16x5x6xf32>
  return %y : tensor<1x16x5x6xf32>
}

// -----

// A padded 3x3 over int8 activations, stride 2: int8 values read as uint8
// are 128 more, so the padding value is the zero point plus 128 (131, -125
// as i8) and the weights' sums are scaled by 131.
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar = affine_map<(n, c, h, w) -> ()>
// CHECK-DAG:   #[[STRIDED:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1 * 2 + d5, d2 * 2 + d6, d7 * 4 + d8)>
// CHECK-LABEL: func.func @padded_int8(
// CHECK:         linalg.generic
// CHECK:           %[[FLIP:.+]] = arith.constant -128 : i8
// CHECK-NEXT:      arith.xori %{{.+}}, %[[FLIP]] : i8
// CHECK:         %[[PADDING:.+]] = arith.constant -125 : i8
// CHECK:         tensor.pad %{{.+}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK:           tensor.yield %[[PADDING]] : i8
// CHECK:         : tensor<1x5x7x4xi8> to tensor<1x7x9x4xi8>
// CHECK:         arith.constant dense<{{.+}}> : tensor<1x3x3x1x16x4xi8>
// CHECK:         linalg.generic {indexing_maps = [#[[STRIDED]],
// CHECK-SAME:      outs(%{{.+}} : tensor<1x3x4x16xi32>) attrs =  {aotc.keep_operands, aotc.vnni}
// CHECK:         arith.constant dense<[1.562500e-02, {{.+}}]> : tensor<16xf32>
// CHECK-NOT:     linalg.conv_2d_nchw_fchw
func.func @padded_int8(%q: tensor<1x4x5x7xi8>, %bias: tensor<16xf32>) -> tensor<1x16x3x4xf32> {
  %scale = arith.constant dense<5.000000e-01> : tensor<f32>
  %zero = arith.constant dense<3.000000e+00> : tensor<f32>
  %w = arith.constant dense<"0x00007AC0000078C0000076C0000070C000006EC000006CC0000066C0000064C0000062C0000074C0000072C0000070C000006AC0000068C0000066C0000060C000005EC000005CC000006EC000006CC000006AC0000064C0000062C0000060C000005AC0000058C0000056C0000068C0000066C0000064C000005EC000005CC000005AC0000054C0000052C0000050C000006CC000006AC0000068C0000062C0000060C000005EC0000058C0000056C0000054C0000066C0000064C0000062C000005CC000005AC0000058C0000052C0000050C000004EC0000060C000005EC000005CC0000056C0000054C0000052C000004CC000004AC0000048C000005AC0000058C0000056C0000050C000004EC000004CC0000046C0000044C0000042C000005EC000005CC000005AC0000054C0000052C0000050C000004AC0000048C0000046C0000058C0000056C0000054C000004EC000004CC000004AC0000044C0000042C0000040C0000052C0000050C000004EC0000048C0000046C0000044C000003EC000003CC000003AC000004CC000004AC0000048C0000042C0000040C000003EC0000038C0000036C0000034C0000050C000004EC000004CC0000046C0000044C0000042C000003CC000003AC0000038C000004AC0000048C0000046C0000040C000003EC000003CC0000036C0000034C0000032C0000044C0000042C0000040C000003AC0000038C0000036C0000030C000002EC000002CC000003EC000003CC000003AC0000034C0000032C0000030C000002AC0000028C0000026C0000042C0000040C000003EC0000038C0000036C0000034C000002EC000002CC000002AC000003CC000003AC0000038C0000032C0000030C000002EC0000028C0000026C0000024C0000036C0000034C0000032C000002CC000002AC0000028C0000022C0000020C000001EC0000030C000002EC000002CC0000026C0000024C0000022C000001CC000001AC0000018C0000034C0000032C0000030C000002AC0000028C0000026C0000020C000001EC000001CC000002EC000002CC000002AC0000024C0000022C0000020C000001AC0000018C0000016C0000028C0000026C0000024C000001EC000001CC000001AC0000014C0000012C0000010C0000022C0000020C000001EC0000018C0000016C0000014C000000EC000000CC000000AC0000026C0000024C0000022C000001CC000001AC0000018C0000012C0000010C000000EC0000020C000001EC000001CC0000016C0000014C0000012C000000CC000000AC0000008C000001AC0000018C0000016C0000010C000000EC000000CC0000006C0000004C0000002C0000014C0000012C0000010C000000AC0000008C0000006C0000000C00000FCBF0000F8BF000018C0000016C0000014C000000EC000000CC000000AC0000004C0000002C0000000C0000012C0000010C000000EC0000008C0000006C0000004C00000FCBF0000F8BF0000F4BF00000CC000000AC0000008C0000002C0000000C00000FCBF0000F0BF0000ECBF0000E8BF000006C0000004C0000002C00000F8BF0000F4BF0000F0BF0000E4BF0000E0BF0000DCBF00000AC0000008C0000006C0000000C00000FCBF0000F8BF0000ECBF0000E8BF0000E4BF000004C0000002C0000000C00000F4BF0000F0BF0000ECBF0000E0BF0000DCBF0000D8BF0000FCBF0000F8BF0000F4BF0000E8BF0000E4BF0000E0BF0000D4BF0000D0BF0000CCBF0000F0BF0000ECBF0000E8BF0000DCBF0000D8BF0000D4BF0000C8BF0000C4BF0000C0BF0000F8BF0000F4BF0000F0BF0000E4BF0000E0BF0000DCBF0000D0BF0000CCBF0000C8BF0000ECBF0000E8BF0000E4BF0000D8BF0000D4BF0000D0BF0000C4BF0000C0BF0000BCBF0000E0BF0000DCBF0000D8BF0000CCBF0000C8BF0000C4BF0000B8BF0000B4BF0000B0BF0000D4BF0000D0BF0000CCBF0000C0BF0000BCBF0000B8BF0000ACBF0000A8BF0000A4BF0000DCBF0000D8BF0000D4BF0000C8BF0000C4BF0000C0BF0000B4BF0000B0BF0000ACBF0000D0BF0000CCBF0000C8BF0000BCBF0000B8BF0000B4BF0000A8BF0000A4BF0000A0BF0000C4BF0000C0BF0000BCBF0000B0BF0000ACBF0000A8BF00009CBF000098BF000094BF0000B8BF0000B4BF0000B0BF0000A4BF0000A0BF00009CBF000090BF00008CBF000088BF0000C0BF0000BCBF0000B8BF0000ACBF0000A8BF0000A4BF000098BF000094BF000090BF0000B4BF0000B0BF0000ACBF0000A0BF00009CBF000098BF00008CBF000088BF000084BF0000A8BF0000A4BF0000A0BF000094BF000090BF00008CBF000080BF000078BF000070BF00009CBF000098BF000094BF000088BF000084BF000080BF000068BF000060BF000058BF0000A4BF0000A0BF00009CBF000090BF00008CBF000088BF000078BF000070BF000068BF000098BF000094BF000090BF000084BF000080BF000078BF000060BF000058BF000050BF00008CBF000088BF000084BF000070BF000068BF000060BF000048BF000040BF000038BF000080BF000078BF000070BF000058BF000050BF000048BF000030BF000028BF000020BF000088BF000084BF000080BF000068BF000060BF000058BF000040BF000038BF000030BF000078BF000070BF000068BF000050BF000048BF000040BF000028BF000020BF000018BF000060BF000058BF000050BF000038BF000030BF000028BF000010BF000008BF000000BF000048BF000040BF000038BF000020BF000018BF000010BF0000F0BE0000E0BE0000D0BE000058BF000050BF000048BF000030BF000028BF000020BF000008BF000000BF0000F0BE000040BF000038BF000030BF000018BF000010BF000008BF0000E0BE0000D0BE0000C0BE000028BF000020BF000018BF000000BF0000F0BE0000E0BE0000B0BE0000A0BE000090BE000010BF000008BF000000BF0000D0BE0000C0BE0000B0BE000080BE000060BE000040BE000020BF000018BF000010BF0000F0BE0000E0BE0000D0BE0000A0BE000090BE000080BE000008BF000000BF0000F0BE0000C0BE0000B0BE0000A0BE000060BE000040BE000020BE0000E0BE0000D0BE0000C0BE000090BE000080BE000060BE000000BE0000C0BD000080BD0000B0BE0000A0BE000090BE000040BE000020BE000000BE000000BD000000000000003D"> : tensor<16x4x3x3xf32>
  %e = tensor.empty() : tensor<1x4x5x7xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x4x5x7xi8>) outs(%e : tensor<1x4x5x7xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.sitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x7xf32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%f, %zero : tensor<1x4x5x7xf32>, tensor<f32>) outs(%e : tensor<1x4x5x7xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %v = arith.subf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x7xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %scale : tensor<1x4x5x7xf32>, tensor<f32>) outs(%e : tensor<1x4x5x7xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x7xf32>
  %pz = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %d low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pz : f32
  } : tensor<1x4x5x7xf32> to tensor<1x4x7x9xf32>
  %oe = tensor.empty() : tensor<1x16x3x4xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%oe : tensor<1x16x3x4xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%p, %w : tensor<1x4x7x9xf32>, tensor<16x4x3x3xf32>) outs(%b : tensor<1x16x3x4xf32>) -> tensor<1x16x3x4xf32>
  return %y : tensor<1x16x3x4xf32>
}

// -----

// Not rewritten: a filter channel that is not int8 values times a scale.
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar = affine_map<(n, c, h, w) -> ()>
// CHECK-LABEL: func.func @inexact_filter(
// CHECK:         linalg.conv_2d_nchw_fchw
// CHECK-NOT:     aotc.vnni
func.func @inexact_filter(%q: tensor<1x4x5x6xi8>, %bias: tensor<16xf32>) -> tensor<1x16x5x6xf32> {
  %scale = arith.constant dense<5.000000e-01> : tensor<f32>
  %zero = arith.constant dense<3.000000e+00> : tensor<f32>
  %w = arith.constant dense<"0x6F12833A3333333F0000F2BF0000ECBF0000F0BF0000EABF0000E4BF0000DEBF0000E2BF0000DCBF0000D6BF0000D0BF0000D4BF0000CEBF0000C8BF0000C2BF0000C6BF0000C0BF0000BABF0000B4BF0000B8BF0000B2BF0000ACBF0000A6BF0000AABF0000A4BF00009EBF000098BF00009CBF000096BF000090BF00008ABF00008EBF000088BF000082BF000078BF000080BF000074BF000068BF00005CBF000064BF000058BF00004CBF000040BF000048BF00003CBF000030BF000024BF00002CBF000020BF000014BF000008BF000010BF000004BF0000F0BE0000D8BE0000E8BE0000D0BE0000B8BE0000A0BE0000B0BE000098BE000080BE000050BE"> : tensor<16x4x1x1xf32>
  %e = tensor.empty() : tensor<1x4x5x6xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x4x5x6xi8>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%f, %zero : tensor<1x4x5x6xf32>, tensor<f32>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %v = arith.subf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %scale : tensor<1x4x5x6xf32>, tensor<f32>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %oe = tensor.empty() : tensor<1x16x5x6xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%oe : tensor<1x16x5x6xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%d, %w : tensor<1x4x5x6xf32>, tensor<16x4x1x1xf32>) outs(%b : tensor<1x16x5x6xf32>) -> tensor<1x16x5x6xf32>
  return %y : tensor<1x16x5x6xf32>
}

// -----

// 3 input channels: the kernels read 4 at a time, so u gets a padding
// channel (the zero point, 3) whose weights are zeros.
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar = affine_map<(n, c, h, w) -> ()>
// CHECK-LABEL: func.func @three_channels(
// CHECK:         %[[PADDING:.+]] = arith.constant 3 : i8
// CHECK:         tensor.pad %{{.+}} low[0, 0, 0, 0] high[0, 0, 0, 1]
// CHECK:           tensor.yield %[[PADDING]] : i8
// CHECK:         : tensor<1x5x6x3xi8> to tensor<1x5x6x4xi8>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.+}}, %{{.+}} : tensor<1x5x6x4xi8>, tensor<1x1x1x1x16x4xi8>)
// CHECK-SAME:      attrs =  {aotc.keep_operands, aotc.vnni}
// CHECK-NOT:     linalg.conv_2d_nchw_fchw
func.func @three_channels(%q: tensor<1x3x5x6xi8>, %bias: tensor<16xf32>) -> tensor<1x16x5x6xf32> {
  %scale = arith.constant dense<5.000000e-01> : tensor<f32>
  %zero = arith.constant dense<3.000000e+00> : tensor<f32>
  %w = arith.constant dense<"0x0000FEBF0000F8BF0000F2BF0000ECBF0000F0BF0000EABF0000E4BF0000DEBF0000E2BF0000DCBF0000D6BF0000D0BF0000D4BF0000CEBF0000C8BF0000C2BF0000C6BF0000C0BF0000BABF0000B4BF0000B8BF0000B2BF0000ACBF0000A6BF0000AABF0000A4BF00009EBF000098BF00009CBF000096BF000090BF00008ABF00008EBF000088BF000082BF000078BF000080BF000074BF000068BF00005CBF000064BF000058BF00004CBF000040BF000048BF00003CBF000030BF000024BF"> : tensor<16x3x1x1xf32>
  %e = tensor.empty() : tensor<1x3x5x6xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x3x5x6xi8>) outs(%e : tensor<1x3x5x6xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<1x3x5x6xf32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%f, %zero : tensor<1x3x5x6xf32>, tensor<f32>) outs(%e : tensor<1x3x5x6xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %v = arith.subf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<1x3x5x6xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %scale : tensor<1x3x5x6xf32>, tensor<f32>) outs(%e : tensor<1x3x5x6xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x3x5x6xf32>
  %oe = tensor.empty() : tensor<1x16x5x6xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%oe : tensor<1x16x5x6xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%d, %w : tensor<1x3x5x6xf32>, tensor<16x3x1x1xf32>) outs(%b : tensor<1x16x5x6xf32>) -> tensor<1x16x5x6xf32>
  return %y : tensor<1x16x5x6xf32>
}

// -----

// Not rewritten: the convolution feeds a depthwise convolution, which
// keeps its blocked float32 kernel only beside float32 convolutions (on an
// image of more than 64 pixels, here 10x8).
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar = affine_map<(n, c, h, w) -> ()>
#dwin = affine_map<(n, c, h, w, kh, kw) -> (n, c, h + kh, w + kw)>
#dwf = affine_map<(n, c, h, w, kh, kw) -> (c, kh, kw)>
#dwout = affine_map<(n, c, h, w, kh, kw) -> (n, c, h, w)>
// CHECK-LABEL: func.func @beside_depthwise(
// CHECK:         linalg.conv_2d_nchw_fchw
// CHECK-NOT:     aotc.vnni
func.func @beside_depthwise(%q: tensor<1x4x10x8xi8>, %bias: tensor<16xf32>) -> tensor<1x16x8x6xf32> {
  %pz0 = arith.constant 0.000000e+00 : f32
  %scale = arith.constant dense<5.000000e-01> : tensor<f32>
  %zero = arith.constant dense<3.000000e+00> : tensor<f32>
  %w = arith.constant dense<"0x0000FEBF0000F8BF0000F2BF0000ECBF0000F0BF0000EABF0000E4BF0000DEBF0000E2BF0000DCBF0000D6BF0000D0BF0000D4BF0000CEBF0000C8BF0000C2BF0000C6BF0000C0BF0000BABF0000B4BF0000B8BF0000B2BF0000ACBF0000A6BF0000AABF0000A4BF00009EBF000098BF00009CBF000096BF000090BF00008ABF00008EBF000088BF000082BF000078BF000080BF000074BF000068BF00005CBF000064BF000058BF00004CBF000040BF000048BF00003CBF000030BF000024BF00002CBF000020BF000014BF000008BF000010BF000004BF0000F0BE0000D8BE0000E8BE0000D0BE0000B8BE0000A0BE0000B0BE000098BE000080BE000050BE"> : tensor<16x4x1x1xf32>
  %e = tensor.empty() : tensor<1x4x10x8xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x4x10x8xi8>) outs(%e : tensor<1x4x10x8xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<1x4x10x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%f, %zero : tensor<1x4x10x8xf32>, tensor<f32>) outs(%e : tensor<1x4x10x8xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %v = arith.subf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<1x4x10x8xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %scale : tensor<1x4x10x8xf32>, tensor<f32>) outs(%e : tensor<1x4x10x8xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x4x10x8xf32>
  %oe = tensor.empty() : tensor<1x16x10x8xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%oe : tensor<1x16x10x8xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%d, %w : tensor<1x4x10x8xf32>, tensor<16x4x1x1xf32>) outs(%b : tensor<1x16x10x8xf32>) -> tensor<1x16x10x8xf32>
  %dw = arith.constant dense<0.5> : tensor<16x3x3xf32>
  %de = tensor.empty() : tensor<1x16x8x6xf32>
  %dz = linalg.fill ins(%pz0 : f32) outs(%de : tensor<1x16x8x6xf32>) -> tensor<1x16x8x6xf32>
  %dconv = linalg.generic {indexing_maps = [#dwin, #dwf, #dwout], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%y, %dw : tensor<1x16x10x8xf32>, tensor<16x3x3xf32>) outs(%dz : tensor<1x16x8x6xf32>) {
  ^bb0(%a: f32, %k: f32, %acc: f32):
    %m = arith.mulf %a, %k : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<1x16x8x6xf32>
  return %dconv : tensor<1x16x8x6xf32>
}

// -----

// The same on a 5x6 image: rewritten. Up to 64 pixels (MobileNetV2's 7x7
// stage), converting the image between layouts costs less than the
// contraction saves.
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar = affine_map<(n, c, h, w) -> ()>
#dwin = affine_map<(n, c, h, w, kh, kw) -> (n, c, h + kh, w + kw)>
#dwf = affine_map<(n, c, h, w, kh, kw) -> (c, kh, kw)>
#dwout = affine_map<(n, c, h, w, kh, kw) -> (n, c, h, w)>
// CHECK-LABEL: func.func @small_image_beside_depthwise(
// CHECK-NOT:     linalg.conv_2d_nchw_fchw
// CHECK:         aotc.vnni
func.func @small_image_beside_depthwise(%q: tensor<1x4x5x6xi8>, %bias: tensor<16xf32>) -> tensor<1x16x3x4xf32> {
  %pz0 = arith.constant 0.000000e+00 : f32
  %scale = arith.constant dense<5.000000e-01> : tensor<f32>
  %zero = arith.constant dense<3.000000e+00> : tensor<f32>
  %w = arith.constant dense<"0x0000FEBF0000F8BF0000F2BF0000ECBF0000F0BF0000EABF0000E4BF0000DEBF0000E2BF0000DCBF0000D6BF0000D0BF0000D4BF0000CEBF0000C8BF0000C2BF0000C6BF0000C0BF0000BABF0000B4BF0000B8BF0000B2BF0000ACBF0000A6BF0000AABF0000A4BF00009EBF000098BF00009CBF000096BF000090BF00008ABF00008EBF000088BF000082BF000078BF000080BF000074BF000068BF00005CBF000064BF000058BF00004CBF000040BF000048BF00003CBF000030BF000024BF00002CBF000020BF000014BF000008BF000010BF000004BF0000F0BE0000D8BE0000E8BE0000D0BE0000B8BE0000A0BE0000B0BE000098BE000080BE000050BE"> : tensor<16x4x1x1xf32>
  %e = tensor.empty() : tensor<1x4x5x6xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x4x5x6xi8>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%f, %zero : tensor<1x4x5x6xf32>, tensor<f32>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %v = arith.subf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %scale : tensor<1x4x5x6xf32>, tensor<f32>) outs(%e : tensor<1x4x5x6xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<1x4x5x6xf32>
  %oe = tensor.empty() : tensor<1x16x5x6xf32>
  %b = linalg.broadcast ins(%bias : tensor<16xf32>) outs(%oe : tensor<1x16x5x6xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%d, %w : tensor<1x4x5x6xf32>, tensor<16x4x1x1xf32>) outs(%b : tensor<1x16x5x6xf32>) -> tensor<1x16x5x6xf32>
  %dw = arith.constant dense<0.5> : tensor<16x3x3xf32>
  %de = tensor.empty() : tensor<1x16x3x4xf32>
  %dz = linalg.fill ins(%pz0 : f32) outs(%de : tensor<1x16x3x4xf32>) -> tensor<1x16x3x4xf32>
  %dconv = linalg.generic {indexing_maps = [#dwin, #dwf, #dwout], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%y, %dw : tensor<1x16x5x6xf32>, tensor<16x3x3xf32>) outs(%dz : tensor<1x16x3x4xf32>) {
  ^bb0(%a: f32, %k: f32, %acc: f32):
    %m = arith.mulf %a, %k : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<1x16x3x4xf32>
  return %dconv : tensor<1x16x3x4xf32>
}

// -----

// ConvInteger as the importer writes it: an int32 convolution of widened
// uint8 values minus a zero point (3, widened from a rank-0 constant) by a
// widened int8 constant. Same contraction; the epilogue stays in int32:
// acc - 3 * colsum + init.
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
#scalar = affine_map<(n, c, h, w) -> ()>
#none = affine_map<() -> ()>
// CHECK-LABEL: func.func @conv_integer(
// CHECK:         linalg.generic {{.+}} ins(%{{.+}}, %{{.+}} : tensor<1x5x6x4xi8>, tensor<1x1x1x1x16x4xi8>)
// CHECK-SAME:      attrs =  {aotc.keep_operands, aotc.vnni}
// CHECK:         %[[Y:.+]] = linalg.generic
// CHECK-SAME:      outs(%{{.+}} : tensor<1x16x5x6xi32>)
// CHECK:           arith.subi
// CHECK-NEXT:      arith.addi
// CHECK-NOT:     linalg.conv_2d_nchw_fchw
// CHECK:         return %[[Y]]
func.func @conv_integer(%q: tensor<1x4x5x6xi8>) -> tensor<1x16x5x6xi32> {
  %c0 = arith.constant 0 : i32
  %zp8 = arith.constant dense<3> : tensor<i8>
  %w8 = arith.constant dense<"0x8184878A888B8E918F92959896999C9F9DA0A3A6A4A7AAADABAEB1B4B2B5B8BBB9BCBFC2C0C3C6C9C7CACDD0CED1D4D7D5D8DBDEDCDFE2E5E3E6E9ECEAEDF0F3"> : tensor<16x4x1x1xi8>
  %e = tensor.empty() : tensor<1x4x5x6xi32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x4x5x6xi8>) outs(%e : tensor<1x4x5x6xi32>) {
  ^bb0(%a: i8, %o: i32):
    %v = arith.extui %a : i8 to i32
    linalg.yield %v : i32
  } -> tensor<1x4x5x6xi32>
  %ze = tensor.empty() : tensor<i32>
  %zp = linalg.generic {indexing_maps = [#none, #none], iterator_types = []}
      ins(%zp8 : tensor<i8>) outs(%ze : tensor<i32>) {
  ^bb0(%a: i8, %o: i32):
    %v = arith.extui %a : i8 to i32
    linalg.yield %v : i32
  } -> tensor<i32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %zp : tensor<1x4x5x6xi32>, tensor<i32>) outs(%e : tensor<1x4x5x6xi32>) {
  ^bb0(%a: i32, %z: i32, %o: i32):
    %v = arith.subi %a, %z : i32
    linalg.yield %v : i32
  } -> tensor<1x4x5x6xi32>
  %we = tensor.empty() : tensor<16x4x1x1xi32>
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%w8 : tensor<16x4x1x1xi8>) outs(%we : tensor<16x4x1x1xi32>) {
  ^bb0(%a: i8, %o: i32):
    %v = arith.extsi %a : i8 to i32
    linalg.yield %v : i32
  } -> tensor<16x4x1x1xi32>
  %oe = tensor.empty() : tensor<1x16x5x6xi32>
  %init = linalg.fill ins(%c0 : i32) outs(%oe : tensor<1x16x5x6xi32>) -> tensor<1x16x5x6xi32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%s, %w : tensor<1x4x5x6xi32>, tensor<16x4x1x1xi32>) outs(%init : tensor<1x16x5x6xi32>) -> tensor<1x16x5x6xi32>
  return %y : tensor<1x16x5x6xi32>
}
