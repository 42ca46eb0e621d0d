// RUN: aotc-opt %s --split-input-file --aotc-cpu-pack-matmul-panels --mlir-print-elementsattrs-with-hex-if-larger=100000 | FileCheck %s

// A 64 x 100 x 256 matmul with a runtime right-hand side: its rows are
// 1 KiB apart and there are 100 of them (more than the 48 an aliased L1
// holds), reused by 64 output rows. It is read through a copy in 4 panels
// of 64 columns, [n floordiv 64, k, n mod 64].

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-DAG:   #[[READ:.+]] = affine_map<(d0, d1, d2) -> (d1, d0 * 64 + d2)>
// CHECK-DAG:   #[[WRITE:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[PANELS:.+]] = affine_map<(d0, d1, d2) -> (d1 floordiv 64, d2, d1 mod 64)>
// CHECK-LABEL: func.func @aliasing_rows(
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<4x100x64xf32>
// CHECK:         %[[P:.+]] = linalg.generic {indexing_maps = [#[[READ]], #[[WRITE]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:        ins(%arg1 : tensor<100x256xf32>) outs(%[[EMPTY]] : tensor<4x100x64xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[PANELS]], #{{.+}}]
// CHECK-SAME:        ins(%arg0, %[[P]] : tensor<64x100xf32>, tensor<4x100x64xf32>)
func.func @aliasing_rows(%a: tensor<64x100xf32>, %b: tensor<100x256xf32>,
                         %init: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<100x256xf32>)
      outs(%init : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<64x256xf32>
  return %0 : tensor<64x256xf32>
}

// -----

// Rows 4352 bytes apart do not alias, but 1024 of them span 4.25 MiB, more
// pages than the TLB maps: packed too. A batch dimension stays outermost.

#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>

// CHECK-DAG:   #[[READ:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1 * 64 + d3)>
// CHECK-DAG:   #[[PANELS:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2 floordiv 64, d3, d2 mod 64)>
// CHECK-LABEL: func.func @wide_span(
// CHECK:         %[[P:.+]] = linalg.generic {indexing_maps = [#[[READ]], #{{.+}}]
// CHECK-SAME:        ins(%arg1 : tensor<2x1024x1088xf32>) outs(%{{.+}} : tensor<2x17x1024x64xf32>)
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[PANELS]], #{{.+}}]
// CHECK-SAME:        ins(%arg0, %[[P]] : tensor<2x32x1024xf32>, tensor<2x17x1024x64xf32>)
func.func @wide_span(%a: tensor<2x32x1024xf32>, %b: tensor<2x1024x1088xf32>,
                     %init: tensor<2x32x1088xf32>) -> tensor<2x32x1088xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x32x1024xf32>, tensor<2x1024x1088xf32>)
      outs(%init : tensor<2x32x1088xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<2x32x1088xf32>
  return %0 : tensor<2x32x1088xf32>
}

// -----

// Left alone: a constant whose columns are not a multiple of 64 (272), too
// few output rows to repay a copy (31), rows that alias but fit the aliased
// sets (48), runtime columns not a multiple of the panel (272: not
// aliasing either), and rows 768 bytes apart spanning 768 KiB.

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     floordiv
// CHECK-NOT:     tensor.empty
// CHECK:         return
func.func @left_alone(%a: tensor<64x100xf32>, %a31: tensor<31x100xf32>,
                      %a48: tensor<64x48xf32>, %b: tensor<100x256xf32>,
                      %b48: tensor<48x256xf32>, %b272: tensor<100x272xf32>,
                      %a1024: tensor<64x1024xf32>, %b192: tensor<1024x192xf32>,
                      %init: tensor<64x256xf32>, %init31: tensor<31x256xf32>,
                      %init272: tensor<64x272xf32>, %init192: tensor<64x192xf32>)
    -> (tensor<64x272xf32>, tensor<31x256xf32>, tensor<64x256xf32>,
        tensor<64x272xf32>, tensor<64x192xf32>) {
  %w = arith.constant dense<1.0> : tensor<100x272xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<64x100xf32>, tensor<100x272xf32>)
      outs(%init272 : tensor<64x272xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x272xf32>
  %1 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a31, %b : tensor<31x100xf32>, tensor<100x256xf32>)
      outs(%init31 : tensor<31x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<31x256xf32>
  %2 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a48, %b48 : tensor<64x48xf32>, tensor<48x256xf32>)
      outs(%init : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  %3 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b272 : tensor<64x100xf32>, tensor<100x272xf32>)
      outs(%init272 : tensor<64x272xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x272xf32>
  %4 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a1024, %b192 : tensor<64x1024xf32>, tensor<1024x192xf32>)
      outs(%init192 : tensor<64x192xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x192xf32>
  return %0, %1, %2, %3, %4 : tensor<64x272xf32>, tensor<31x256xf32>,
      tensor<64x256xf32>, tensor<64x272xf32>, tensor<64x192xf32>
}

// -----

// A constant right-hand side read only by matmuls is stored in panels at
// compile time (no copy at run time), B[k, n] = 1000 k + n: panel 0 holds
// columns 0 to 63 of both rows, panel 1 columns 64 to 127.

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-DAG:   #[[PANELS:.+]] = affine_map<(d0, d1, d2) -> (d1 floordiv 64, d2, d1 mod 64)>
// CHECK-LABEL: func.func @constant_panels(
// CHECK:         %[[W:.+]] = arith.constant dense<{{\[\[\[}}0.000000e+00, 1.000000e+00,
// CHECK-SAME:      6.300000e+01], [1.000000e+03, 1.001000e+03,
// CHECK-SAME:      1.063000e+03]], {{\[\[}}6.400000e+01, 6.500000e+01,
// CHECK-SAME:      : tensor<2x2x64xf32>
// CHECK-NOT:     tensor.empty
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[PANELS]], #{{.+}}]
// CHECK-SAME:        ins(%arg0, %[[W]] : tensor<4x2xf32>, tensor<2x2x64xf32>)
func.func @constant_panels(%a: tensor<4x2xf32>, %init: tensor<4x128xf32>) -> tensor<4x128xf32> {
  %w = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0, 98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0, 119.0, 120.0, 121.0, 122.0, 123.0, 124.0, 125.0, 126.0, 127.0], [1000.0, 1001.0, 1002.0, 1003.0, 1004.0, 1005.0, 1006.0, 1007.0, 1008.0, 1009.0, 1010.0, 1011.0, 1012.0, 1013.0, 1014.0, 1015.0, 1016.0, 1017.0, 1018.0, 1019.0, 1020.0, 1021.0, 1022.0, 1023.0, 1024.0, 1025.0, 1026.0, 1027.0, 1028.0, 1029.0, 1030.0, 1031.0, 1032.0, 1033.0, 1034.0, 1035.0, 1036.0, 1037.0, 1038.0, 1039.0, 1040.0, 1041.0, 1042.0, 1043.0, 1044.0, 1045.0, 1046.0, 1047.0, 1048.0, 1049.0, 1050.0, 1051.0, 1052.0, 1053.0, 1054.0, 1055.0, 1056.0, 1057.0, 1058.0, 1059.0, 1060.0, 1061.0, 1062.0, 1063.0, 1064.0, 1065.0, 1066.0, 1067.0, 1068.0, 1069.0, 1070.0, 1071.0, 1072.0, 1073.0, 1074.0, 1075.0, 1076.0, 1077.0, 1078.0, 1079.0, 1080.0, 1081.0, 1082.0, 1083.0, 1084.0, 1085.0, 1086.0, 1087.0, 1088.0, 1089.0, 1090.0, 1091.0, 1092.0, 1093.0, 1094.0, 1095.0, 1096.0, 1097.0, 1098.0, 1099.0, 1100.0, 1101.0, 1102.0, 1103.0, 1104.0, 1105.0, 1106.0, 1107.0, 1108.0, 1109.0, 1110.0, 1111.0, 1112.0, 1113.0, 1114.0, 1115.0, 1116.0, 1117.0, 1118.0, 1119.0, 1120.0, 1121.0, 1122.0, 1123.0, 1124.0, 1125.0, 1126.0, 1127.0]]> : tensor<2x128xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<4x2xf32>, tensor<2x128xf32>)
      outs(%init : tensor<4x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4x128xf32>
  return %0 : tensor<4x128xf32>
}


// -----

// A batch of constant matrices (Winograd's transformed weights) is stored
// in panels too, each matrix's own: B[b, 0, n] = 1000 b + n becomes
// [b, n floordiv 64, 0, n mod 64].

#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>

// CHECK-DAG:   #[[BATCH_PANELS:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2 floordiv 64, d3, d2 mod 64)>
// CHECK-LABEL: func.func @batched_constant_panels(
// CHECK:         %[[W:.+]] = arith.constant dense<{{\[\[\[\[}}0.000000e+00, 1.000000e+00,
// CHECK-SAME:      6.300000e+01]], {{\[\[}}6.400000e+01,
// CHECK-SAME:      1.270000e+02]]], {{\[\[\[}}1.000000e+03,
// CHECK-SAME:      : tensor<2x2x1x64xf32>
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[BATCH_PANELS]], #{{.+}}]
// CHECK-SAME:        ins(%arg0, %[[W]] : tensor<2x4x1xf32>, tensor<2x2x1x64xf32>)
func.func @batched_constant_panels(%a: tensor<2x4x1xf32>, %init: tensor<2x4x128xf32>) -> tensor<2x4x128xf32> {
  %w = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0, 98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0, 119.0, 120.0, 121.0, 122.0, 123.0, 124.0, 125.0, 126.0, 127.0]], [[1000.0, 1001.0, 1002.0, 1003.0, 1004.0, 1005.0, 1006.0, 1007.0, 1008.0, 1009.0, 1010.0, 1011.0, 1012.0, 1013.0, 1014.0, 1015.0, 1016.0, 1017.0, 1018.0, 1019.0, 1020.0, 1021.0, 1022.0, 1023.0, 1024.0, 1025.0, 1026.0, 1027.0, 1028.0, 1029.0, 1030.0, 1031.0, 1032.0, 1033.0, 1034.0, 1035.0, 1036.0, 1037.0, 1038.0, 1039.0, 1040.0, 1041.0, 1042.0, 1043.0, 1044.0, 1045.0, 1046.0, 1047.0, 1048.0, 1049.0, 1050.0, 1051.0, 1052.0, 1053.0, 1054.0, 1055.0, 1056.0, 1057.0, 1058.0, 1059.0, 1060.0, 1061.0, 1062.0, 1063.0, 1064.0, 1065.0, 1066.0, 1067.0, 1068.0, 1069.0, 1070.0, 1071.0, 1072.0, 1073.0, 1074.0, 1075.0, 1076.0, 1077.0, 1078.0, 1079.0, 1080.0, 1081.0, 1082.0, 1083.0, 1084.0, 1085.0, 1086.0, 1087.0, 1088.0, 1089.0, 1090.0, 1091.0, 1092.0, 1093.0, 1094.0, 1095.0, 1096.0, 1097.0, 1098.0, 1099.0, 1100.0, 1101.0, 1102.0, 1103.0, 1104.0, 1105.0, 1106.0, 1107.0, 1108.0, 1109.0, 1110.0, 1111.0, 1112.0, 1113.0, 1114.0, 1115.0, 1116.0, 1117.0, 1118.0, 1119.0, 1120.0, 1121.0, 1122.0, 1123.0, 1124.0, 1125.0, 1126.0, 1127.0]]]> : tensor<2x1x128xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<2x4x1xf32>, tensor<2x1x128xf32>)
      outs(%init : tensor<2x4x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<2x4x128xf32>
  return %0 : tensor<2x4x128xf32>
}
// -----

// A constant [k, n] matrix whose 3 columns do not fill a panel, read by a
// matrix-vector product (one output row: a classifier), is stored
// transposed at compile time, [n, k], and read at (n, k): each output is a
// dot product of contiguous rows. The same matrix read by a matmul of two
// rows keeps its layout.

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-DAG:   #[[TRANSPOSED:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @vector_product(
// CHECK:         %[[W:.+]] = arith.constant dense<{{\[\[}}0.000000e+00, 1.000000e+01], [1.000000e+00, 1.100000e+01], [2.000000e+00, 1.200000e+01]]> : tensor<3x2xf32>
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[TRANSPOSED]], #{{.+}}]
// CHECK-SAME:        ins(%arg0, %[[W]] : tensor<1x2xf32>, tensor<3x2xf32>)
// CHECK-LABEL: func.func @two_rows(
// CHECK:         arith.constant dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00], [1.000000e+01, 1.100000e+01, 1.200000e+01]]> : tensor<2x3xf32>
func.func @vector_product(%a: tensor<1x2xf32>, %init: tensor<1x3xf32>) -> tensor<1x3xf32> {
  %w = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0]]> : tensor<2x3xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<1x2xf32>, tensor<2x3xf32>)
      outs(%init : tensor<1x3xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

func.func @two_rows(%a: tensor<2x2xf32>, %init: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %w = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0]]> : tensor<2x3xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<2x2xf32>, tensor<2x3xf32>)
      outs(%init : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Attention's scores, S[h, i, j] = sum over d of Q[h, i, d] K[j, h, d]: the
// runtime K is read transposed (d, a reduction loop, innermost; j, the
// output's innermost loop, a row index). It is read through a copy in
// panels [h, j floordiv 64, d, j mod 64] that the copy transposes, so that
// j is innermost for the outer-product kernel. A K read by fewer than 32
// output rows is left alone.

#q = affine_map<(h, i, j, d) -> (h, i, d)>
#k = affine_map<(h, i, j, d) -> (j, h, d)>
#s = affine_map<(h, i, j, d) -> (h, i, j)>

// CHECK-DAG:   #[[READ:.+]] = affine_map<(d0, d1, d2, d3) -> (d1 * 64 + d3, d0, d2)>
// CHECK-DAG:   #[[WRITE:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[PANELS:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2 floordiv 64, d3, d2 mod 64)>
// CHECK-LABEL: func.func @transposed_keys(
// CHECK-SAME:      %[[Q:.+]]: tensor<4x32x16xf32>, %[[K:.+]]: tensor<128x4x16xf32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<4x2x16x64xf32>
// CHECK:         %[[P:.+]] = linalg.generic {indexing_maps = [#[[READ]], #[[WRITE]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME:        ins(%[[K]] : tensor<128x4x16xf32>) outs(%[[EMPTY]] : tensor<4x2x16x64xf32>)
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[PANELS]], #{{.+}}]
// CHECK-SAME:        ins(%[[Q]], %[[P]] : tensor<4x32x16xf32>, tensor<4x2x16x64xf32>)
// CHECK-LABEL: func.func @few_rows(
// CHECK-NOT:     tensor.empty
func.func @transposed_keys(%q: tensor<4x32x16xf32>, %k: tensor<128x4x16xf32>,
                           %init: tensor<4x32x128xf32>) -> tensor<4x32x128xf32> {
  %0 = linalg.generic {indexing_maps = [#q, #k, #s],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<4x32x16xf32>, tensor<128x4x16xf32>)
      outs(%init : tensor<4x32x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4x32x128xf32>
  return %0 : tensor<4x32x128xf32>
}

func.func @few_rows(%q: tensor<4x8x16xf32>, %k: tensor<128x4x16xf32>,
                    %init: tensor<4x8x128xf32>) -> tensor<4x8x128xf32> {
  %0 = linalg.generic {indexing_maps = [#q, #k, #s],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<4x8x16xf32>, tensor<128x4x16xf32>)
      outs(%init : tensor<4x8x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4x8x128xf32>
  return %0 : tensor<4x8x128xf32>
}

// -----

// The same scores over 100 keys (not a multiple of 64): K is copied whole,
// transposed, [h, d, j] (14 KiB a head), and read at (h, d, j). Keys of
// fewer than 16 columns, or more than 128 KiB, stay as they are.

#q = affine_map<(h, i, j, d) -> (h, i, d)>
#k = affine_map<(h, i, j, d) -> (j, h, d)>
#s = affine_map<(h, i, j, d) -> (h, i, j)>

// CHECK-DAG:   #[[READ:.+]] = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
// CHECK-DAG:   #[[WHOLE:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-LABEL: func.func @transposed_keys_whole(
// CHECK-SAME:      %[[Q:.+]]: tensor<4x100x36xf32>, %[[K:.+]]: tensor<100x4x36xf32>
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<4x36x100xf32>
// CHECK:         %[[P:.+]] = linalg.generic {indexing_maps = [#[[READ]], #{{.+}}]
// CHECK-SAME:        ins(%[[K]] : tensor<100x4x36xf32>) outs(%[[EMPTY]] : tensor<4x36x100xf32>)
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[WHOLE]], #{{.+}}]
// CHECK-SAME:        ins(%[[Q]], %[[P]] : tensor<4x100x36xf32>, tensor<4x36x100xf32>)
// CHECK-LABEL: func.func @transposed_keys_narrow(
// CHECK-NOT:     tensor.empty
// CHECK-LABEL: func.func @transposed_keys_large(
// CHECK-NOT:     tensor.empty
func.func @transposed_keys_whole(%q: tensor<4x100x36xf32>, %k: tensor<100x4x36xf32>,
                                 %init: tensor<4x100x100xf32>) -> tensor<4x100x100xf32> {
  %0 = linalg.generic {indexing_maps = [#q, #k, #s],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<4x100x36xf32>, tensor<100x4x36xf32>)
      outs(%init : tensor<4x100x100xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4x100x100xf32>
  return %0 : tensor<4x100x100xf32>
}

func.func @transposed_keys_narrow(%q: tensor<4x100x36xf32>, %k: tensor<10x4x36xf32>,
                                  %init: tensor<4x100x10xf32>) -> tensor<4x100x10xf32> {
  %0 = linalg.generic {indexing_maps = [#q, #k, #s],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<4x100x36xf32>, tensor<10x4x36xf32>)
      outs(%init : tensor<4x100x10xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4x100x10xf32>
  return %0 : tensor<4x100x10xf32>
}

func.func @transposed_keys_large(%q: tensor<1x100x512xf32>, %k: tensor<100x1x512xf32>,
                                 %init: tensor<1x100x100xf32>) -> tensor<1x100x100xf32> {
  %0 = linalg.generic {indexing_maps = [#q, #k, #s],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<1x100x512xf32>, tensor<100x1x512xf32>)
      outs(%init : tensor<1x100x100xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<1x100x100xf32>
  return %0 : tensor<1x100x100xf32>
}
