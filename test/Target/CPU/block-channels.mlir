// RUN: aotc-opt %s --split-input-file --aotc-cpu-tg-to-linalg="winograd=never" --linalg-generalize-named-ops --aotc-cpu-block-channels="vector-bits=512" -canonicalize -cse --mlir-print-elementsattrs-with-hex-if-larger=1000 | FileCheck %s
// (winograd=never: these 3x3 convolutions are computed directly, which is
// what channel blocking is for; aotc-tg-winograd-convs would take them.)

// Two 3x3 convolutions over a 56x56 image (rows of 56 pixels fill 87.5% of
// four 16-lane vectors) compute on images in blocks of 64 channels: the
// input is copied into 1x1x56x56x64 once, the pads, the bias broadcasts and
// the ReLU between the convolutions work on blocked tensors, the filters
// are copied to [f/64, c/64, kh, kw, c mod 64, f mod 64] (output channels
// innermost: the vector dimension; constants, permuted at compile time),
// and the conversion back, at (c floordiv 64, c mod 64), comes after the
// second ReLU (returned, and read by the third convolution, blocked) and
// after the third convolution. Nothing of linalg.pack is left.

// CHECK-DAG: #[[PACK:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 64 + d4, d2, d3)>
// CHECK-DAG: #[[IMAGE:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d4, d2 + d5, d3 + d6, d8)>
// CHECK-DAG: #[[FILTER:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d1, d4, d5, d6, d8, d7)>
// CHECK-DAG: #[[OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3, d7)>
// CHECK-DAG: #[[UNPACK:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1 floordiv 64, d2, d3, d1 mod 64)>
// CHECK-LABEL: func.func @chain(
// CHECK-DAG:     arith.constant dense<2.500000e-01> : tensor<1x1x3x3x64x64xf32>
// CHECK-DAG:     arith.constant dense<5.000000e-01> : tensor<1x1x3x3x64x64xf32>
// CHECK-DAG:     arith.constant dense<7.500000e-01> : tensor<1x1x3x3x64x64xf32>
// CHECK-NOT:     linalg.pack
// CHECK:         %[[X:.+]] = linalg.generic {indexing_maps = [#[[PACK]], {{.+}}]{{.*}} ins(%arg0 : tensor<1x64x56x56xf32>) outs(%{{.+}} : tensor<1x1x56x56x64xf32>)
// CHECK:         tensor.pad %[[X]] low[0, 0, 1, 1, 0] high[0, 0, 1, 1, 0]
// CHECK:         %[[C1:.+]] = linalg.generic {indexing_maps = [#[[IMAGE]], #[[FILTER]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel", "reduction"]}
// CHECK-SAME:      ins(%{{.+}}, %{{.+}} : tensor<1x1x58x58x64xf32>, tensor<1x1x3x3x64x64xf32>) outs(%{{.+}} : tensor<1x1x56x56x64xf32>)
// CHECK:         %[[R1:.+]] = linalg.generic {{.*}} ins(%[[C1]] : tensor<1x1x56x56x64xf32>)
// CHECK:           arith.maximumf
// CHECK:         tensor.pad %[[R1]] low[0, 0, 1, 1, 0]
// CHECK:         %[[C2:.+]] = linalg.generic {indexing_maps = [#[[IMAGE]], #[[FILTER]], #[[OUT]]]
// CHECK:         %[[S:.+]] = linalg.generic {{.*}} ins(%[[C2]], %[[X]] : tensor<1x1x56x56x64xf32>, tensor<1x1x56x56x64xf32>)
// CHECK:           arith.addf
// CHECK:         %[[R2:.+]] = linalg.generic {{.*}} ins(%[[S]] : tensor<1x1x56x56x64xf32>)
// CHECK:         %[[U:.+]] = linalg.generic {indexing_maps = [#[[UNPACK]], {{.+}}]{{.*}} ins(%[[R2]] : tensor<1x1x56x56x64xf32>) outs(%{{.+}} : tensor<1x64x56x56xf32>)
// CHECK:         %[[C3:.+]] = linalg.generic {indexing_maps = [#[[IMAGE]], #[[FILTER]], #[[OUT]]]
// CHECK:         linalg.generic {indexing_maps = [#[[UNPACK]], {{.+}}]{{.*}} ins(%[[C3]] : tensor<1x1x56x56x64xf32>)
// CHECK:         return
// CHECK-NOT:     linalg.unpack
func.func @chain(%x: tensor<1x64x56x56xf32>, %b1: tensor<64xf32>, %b2: tensor<64xf32>) -> (tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) {
  %w1 = tg.constant dense<0.25> : tensor<64x64x3x3xf32>
  %w2 = tg.constant dense<0.5> : tensor<64x64x3x3xf32>
  %w3 = tg.constant dense<0.75> : tensor<64x64x3x3xf32>
  %c1 = tg.conv %x, %w1, %b1 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>, tensor<64xf32>
  %r1 = tg.relu %c1 : tensor<1x64x56x56xf32>
  %c2 = tg.conv %r1, %w2, %b2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>, tensor<64xf32>
  %s = tg.add %c2, %x : tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>
  %r2 = tg.relu %s : tensor<1x64x56x56xf32>
  %c3 = tg.conv %r2, %w3 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>
  return %r2, %c3 : tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>
}

// -----

// A first convolution: its 3 input channels are not blocked (the image is
// read as it is), its 16 output channels are, and its constant filter,
// w[f, c, kh, kw] = 27 f + 9 c + 3 kh + kw, is permuted at compile time
// into [f/16, c, kh, kw, f mod 16]: the first 16 values are 27 f.

// CHECK-LABEL: func.func @first_conv(
// CHECK:         %[[W:.+]] = arith.constant dense<{{\[\[\[\[\[}}0.000000e+00, 2.700000e+01, 5.400000e+01, 8.100000e+01, 1.080000e+02, 1.350000e+02, 1.620000e+02, 1.890000e+02, 2.160000e+02, 2.430000e+02, 2.700000e+02, 2.970000e+02, 3.240000e+02, 3.510000e+02, 3.780000e+02, 4.050000e+02], [1.000000e+00, 2.800000e+01,
// CHECK-SAME:      : tensor<1x3x3x3x16xf32>
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]}
// CHECK-SAME:      ins(%{{.+}}, %[[W]] : tensor<1x3x58x58xf32>, tensor<1x3x3x3x16xf32>) outs(%{{.+}} : tensor<1x1x56x56x16xf32>)
func.func @first_conv(%x: tensor<1x3x56x56xf32>) -> tensor<1x16x56x56xf32> {
  %w = tg.constant dense<[[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]], [[9.0, 10.0, 11.0], [12.0, 13.0, 14.0], [15.0, 16.0, 17.0]], [[18.0, 19.0, 20.0], [21.0, 22.0, 23.0], [24.0, 25.0, 26.0]]], [[[27.0, 28.0, 29.0], [30.0, 31.0, 32.0], [33.0, 34.0, 35.0]], [[36.0, 37.0, 38.0], [39.0, 40.0, 41.0], [42.0, 43.0, 44.0]], [[45.0, 46.0, 47.0], [48.0, 49.0, 50.0], [51.0, 52.0, 53.0]]], [[[54.0, 55.0, 56.0], [57.0, 58.0, 59.0], [60.0, 61.0, 62.0]], [[63.0, 64.0, 65.0], [66.0, 67.0, 68.0], [69.0, 70.0, 71.0]], [[72.0, 73.0, 74.0], [75.0, 76.0, 77.0], [78.0, 79.0, 80.0]]], [[[81.0, 82.0, 83.0], [84.0, 85.0, 86.0], [87.0, 88.0, 89.0]], [[90.0, 91.0, 92.0], [93.0, 94.0, 95.0], [96.0, 97.0, 98.0]], [[99.0, 100.0, 101.0], [102.0, 103.0, 104.0], [105.0, 106.0, 107.0]]], [[[108.0, 109.0, 110.0], [111.0, 112.0, 113.0], [114.0, 115.0, 116.0]], [[117.0, 118.0, 119.0], [120.0, 121.0, 122.0], [123.0, 124.0, 125.0]], [[126.0, 127.0, 128.0], [129.0, 130.0, 131.0], [132.0, 133.0, 134.0]]], [[[135.0, 136.0, 137.0], [138.0, 139.0, 140.0], [141.0, 142.0, 143.0]], [[144.0, 145.0, 146.0], [147.0, 148.0, 149.0], [150.0, 151.0, 152.0]], [[153.0, 154.0, 155.0], [156.0, 157.0, 158.0], [159.0, 160.0, 161.0]]], [[[162.0, 163.0, 164.0], [165.0, 166.0, 167.0], [168.0, 169.0, 170.0]], [[171.0, 172.0, 173.0], [174.0, 175.0, 176.0], [177.0, 178.0, 179.0]], [[180.0, 181.0, 182.0], [183.0, 184.0, 185.0], [186.0, 187.0, 188.0]]], [[[189.0, 190.0, 191.0], [192.0, 193.0, 194.0], [195.0, 196.0, 197.0]], [[198.0, 199.0, 200.0], [201.0, 202.0, 203.0], [204.0, 205.0, 206.0]], [[207.0, 208.0, 209.0], [210.0, 211.0, 212.0], [213.0, 214.0, 215.0]]], [[[216.0, 217.0, 218.0], [219.0, 220.0, 221.0], [222.0, 223.0, 224.0]], [[225.0, 226.0, 227.0], [228.0, 229.0, 230.0], [231.0, 232.0, 233.0]], [[234.0, 235.0, 236.0], [237.0, 238.0, 239.0], [240.0, 241.0, 242.0]]], [[[243.0, 244.0, 245.0], [246.0, 247.0, 248.0], [249.0, 250.0, 251.0]], [[252.0, 253.0, 254.0], [255.0, 256.0, 257.0], [258.0, 259.0, 260.0]], [[261.0, 262.0, 263.0], [264.0, 265.0, 266.0], [267.0, 268.0, 269.0]]], [[[270.0, 271.0, 272.0], [273.0, 274.0, 275.0], [276.0, 277.0, 278.0]], [[279.0, 280.0, 281.0], [282.0, 283.0, 284.0], [285.0, 286.0, 287.0]], [[288.0, 289.0, 290.0], [291.0, 292.0, 293.0], [294.0, 295.0, 296.0]]], [[[297.0, 298.0, 299.0], [300.0, 301.0, 302.0], [303.0, 304.0, 305.0]], [[306.0, 307.0, 308.0], [309.0, 310.0, 311.0], [312.0, 313.0, 314.0]], [[315.0, 316.0, 317.0], [318.0, 319.0, 320.0], [321.0, 322.0, 323.0]]], [[[324.0, 325.0, 326.0], [327.0, 328.0, 329.0], [330.0, 331.0, 332.0]], [[333.0, 334.0, 335.0], [336.0, 337.0, 338.0], [339.0, 340.0, 341.0]], [[342.0, 343.0, 344.0], [345.0, 346.0, 347.0], [348.0, 349.0, 350.0]]], [[[351.0, 352.0, 353.0], [354.0, 355.0, 356.0], [357.0, 358.0, 359.0]], [[360.0, 361.0, 362.0], [363.0, 364.0, 365.0], [366.0, 367.0, 368.0]], [[369.0, 370.0, 371.0], [372.0, 373.0, 374.0], [375.0, 376.0, 377.0]]], [[[378.0, 379.0, 380.0], [381.0, 382.0, 383.0], [384.0, 385.0, 386.0]], [[387.0, 388.0, 389.0], [390.0, 391.0, 392.0], [393.0, 394.0, 395.0]], [[396.0, 397.0, 398.0], [399.0, 400.0, 401.0], [402.0, 403.0, 404.0]]], [[[405.0, 406.0, 407.0], [408.0, 409.0, 410.0], [411.0, 412.0, 413.0]], [[414.0, 415.0, 416.0], [417.0, 418.0, 419.0], [420.0, 421.0, 422.0]], [[423.0, 424.0, 425.0], [426.0, 427.0, 428.0], [429.0, 430.0, 431.0]]]]> : tensor<16x3x3x3xf32>
  %c = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x3x56x56xf32>, tensor<16x3x3x3xf32>
  return %c : tensor<1x16x56x56xf32>
}

// -----

// Left as they are: rows that fill their vectors (64 pixels), a 1x1
// convolution (a matmul over the flattened image,
// aotc-cpu-flatten-pointwise-convs), a 7x7 image (too few pixels for the
// register rows), 24 output channels (not whole vectors), a convolution
// whose result is concatenated, and one whose filter is a runtime value
// (it would be copied into blocks on every call).

// CHECK-LABEL: func.func @unchanged(
// CHECK-NOT:     tensor<1x1x
// CHECK-NOT:     floordiv
// CHECK:         return
func.func @unchanged(%x: tensor<1x64x64x64xf32>, %y: tensor<1x64x56x56xf32>, %z: tensor<1x64x7x7xf32>, %r: tensor<64x64x3x3xf32>) -> (tensor<1x64x64x64xf32>, tensor<1x64x56x56xf32>, tensor<1x64x7x7xf32>, tensor<1x24x56x56xf32>, tensor<1x128x56x56xf32>, tensor<1x64x56x56xf32>) {
  %w = tg.constant dense<0.5> : tensor<64x64x3x3xf32>
  %p = tg.constant dense<0.5> : tensor<64x64x1x1xf32>
  %q = tg.constant dense<0.5> : tensor<24x64x3x3xf32>
  %0 = tg.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x64x64xf32>, tensor<64x64x3x3xf32>
  %1 = tg.conv %y, %p strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x56x56xf32>, tensor<64x64x1x1xf32>
  %2 = tg.conv %z, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x7x7xf32>, tensor<64x64x3x3xf32>
  %3 = tg.conv %y, %q strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x56x56xf32>, tensor<24x64x3x3xf32>
  %4 = tg.conv %y, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>
  %5 = tg.concat %4, %y axis = 1 : tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>
  %6 = tg.conv %y, %r strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>
  return %0, %1, %2, %3, %5, %6 : tensor<1x64x64x64xf32>, tensor<1x64x56x56xf32>, tensor<1x64x7x7xf32>, tensor<1x24x56x56xf32>, tensor<1x128x56x56xf32>, tensor<1x64x56x56xf32>
}
