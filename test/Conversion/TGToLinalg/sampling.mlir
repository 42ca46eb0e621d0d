// RUN: aotc-opt %s --aotc-convert-tg-to-linalg --split-input-file | FileCheck %s

// tg.grid_sample becomes one all-parallel linalg.generic over the output
// that reads the grid and the input with tensor.extract.

// Bilinear, zeros padding: the x coordinate (grid component 0) is for the
// last axis; 2 x 2 taps, each masked to zero outside the input.
// CHECK-LABEL: func.func @linear_zeros(
// CHECK-SAME:    %[[X:.+]]: tensor<1x2x4x5xf32>, %[[G:.+]]: tensor<1x3x6x2xf32>)
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<1x2x3x6xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME:      outs(%[[EMPTY]] : tensor<1x2x3x6xf32>)
// CHECK-DAG:       %[[N:.+]] = linalg.index 0 : index
// CHECK-DAG:       %[[C:.+]] = linalg.index 1 : index
// CHECK-DAG:       %[[H:.+]] = linalg.index 2 : index
// CHECK-DAG:       %[[W:.+]] = linalg.index 3 : index
// CHECK:           tensor.extract %[[G]][%[[N]], %[[H]], %[[W]], %{{.+}}] : tensor<1x3x6x2xf32>
// CHECK:           math.floor
// CHECK:           tensor.extract %[[G]][%[[N]], %[[H]], %[[W]], %{{.+}}] : tensor<1x3x6x2xf32>
// CHECK:           math.floor
// CHECK-COUNT-4:   tensor.extract %[[X]][%[[N]], %[[C]], %{{.+}}, %{{.+}}] : tensor<1x2x4x5xf32>
// CHECK-NOT:       tensor.extract
// CHECK:           linalg.yield %{{.+}} : f32
func.func @linear_zeros(%x: tensor<1x2x4x5xf32>, %g: tensor<1x3x6x2xf32>) -> tensor<1x2x3x6xf32> {
  %0 = tg.grid_sample linear %x, %g padding = zeros : tensor<1x2x4x5xf32>, tensor<1x3x6x2xf32>
  return %0 : tensor<1x2x3x6xf32>
}

// -----

// Nearest rounds half to even and reads one element; border padding clamps
// without masking, so no select of zero remains.
// CHECK-LABEL: func.func @nearest_border(
// CHECK:         linalg.generic
// CHECK:           math.roundeven
// CHECK:           math.trunc
// CHECK:           math.roundeven
// CHECK:           math.trunc
// CHECK:           %[[E:.+]] = tensor.extract %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}] : tensor<1x1x4x4xi32>
// CHECK-NEXT:      linalg.yield %[[E]] : i32
func.func @nearest_border(%x: tensor<1x1x4x4xi32>, %g: tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xi32> {
  %0 = tg.grid_sample nearest %x, %g padding = border : tensor<1x1x4x4xi32>, tensor<1x2x2x2xf32>
  return %0 : tensor<1x1x2x2xi32>
}

// -----

// Bicubic on f16 reads 4 x 4 taps and sums in f32, rounding once.
// CHECK-LABEL: func.func @cubic_f16(
// CHECK:         linalg.generic
// CHECK-COUNT-16:  tensor.extract %{{.+}} : tensor<1x1x4x4xf16>
// CHECK:           %[[S:.+]] = arith.truncf %{{.+}} : f32 to f16
// CHECK-NEXT:      linalg.yield %[[S]] : f16
func.func @cubic_f16(%x: tensor<1x1x4x4xf16>, %g: tensor<1x2x2x2xf16>) -> tensor<1x1x2x2xf16> {
  %0 = tg.grid_sample cubic %x, %g padding = reflection align_corners : tensor<1x1x4x4xf16>, tensor<1x2x2x2xf16>
  return %0 : tensor<1x1x2x2xf16>
}

// -----

// Volumetric trilinear sampling: 3 grid components, 8 taps.
// CHECK-LABEL: func.func @linear_3d(
// CHECK:         linalg.generic
// CHECK-COUNT-3:   tensor.extract %{{.+}} : tensor<1x2x2x3x3xf64>
// CHECK-COUNT-8:   tensor.extract %{{.+}} : tensor<1x1x3x4x5xf64>
func.func @linear_3d(%x: tensor<1x1x3x4x5xf64>, %g: tensor<1x2x2x3x3xf64>) -> tensor<1x1x2x2x3xf64> {
  %0 = tg.grid_sample linear %x, %g padding = border : tensor<1x1x3x4x5xf64>, tensor<1x2x2x3x3xf64>
  return %0 : tensor<1x1x2x2x3xf64>
}
