// RUN: aotc-opt %s | FileCheck %s
// RUN: aotc-opt %s | aotc-opt | FileCheck %s

// The custom form of tg.grid_sample round-trips, align_corners included, and
// its result type (N x C x grid's spatial dimensions) is inferred.

// CHECK-LABEL: func.func @grid_sample_2d(
// CHECK-SAME:    %[[X:.+]]: tensor<2x3x4x5xf32>, %[[G:.+]]: tensor<2x6x7x2xf32>)
func.func @grid_sample_2d(%x: tensor<2x3x4x5xf32>, %g: tensor<2x6x7x2xf32>) -> tensor<2x3x6x7xf32> {
  // CHECK: tg.grid_sample linear %[[X]], %[[G]] padding = zeros : tensor<2x3x4x5xf32>, tensor<2x6x7x2xf32>
  %0 = tg.grid_sample linear %x, %g padding = zeros : tensor<2x3x4x5xf32>, tensor<2x6x7x2xf32>
  return %0 : tensor<2x3x6x7xf32>
}

// CHECK-LABEL: func.func @grid_sample_3d(
func.func @grid_sample_3d(%x: tensor<1x2x3x4x5xf16>, %g: tensor<1x2x3x4x3xf32>) -> tensor<1x2x2x3x4xf16> {
  // CHECK: tg.grid_sample cubic %{{.+}}, %{{.+}} padding = reflection align_corners : tensor<1x2x3x4x5xf16>, tensor<1x2x3x4x3xf32>
  %0 = tg.grid_sample cubic %x, %g padding = reflection align_corners : tensor<1x2x3x4x5xf16>, tensor<1x2x3x4x3xf32>
  return %0 : tensor<1x2x2x3x4xf16>
}

// Nearest sampling takes any element type.
// CHECK-LABEL: func.func @grid_sample_nearest_int(
func.func @grid_sample_nearest_int(%x: tensor<1x1x8xi32>, %g: tensor<1x5x1xf64>) -> tensor<1x1x5xi32> {
  // CHECK: tg.grid_sample nearest %{{.+}}, %{{.+}} padding = border : tensor<1x1x8xi32>, tensor<1x5x1xf64>
  %0 = tg.grid_sample nearest %x, %g padding = border : tensor<1x1x8xi32>, tensor<1x5x1xf64>
  return %0 : tensor<1x1x5xi32>
}
