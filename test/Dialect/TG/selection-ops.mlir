// RUN: aotc-opt %s | FileCheck %s
// RUN: aotc-opt %s | aotc-opt | FileCheck %s

// The custom forms of tg.nonzero and tg.non_max_suppression round-trip, and
// their bounded result types are inferred: rank x elements coordinates, and
// B * C * per_class rows of (batch, class, box).

// CHECK-LABEL: func.func @nonzero(
// CHECK:         %{{.*}}, %{{.*}} = tg.nonzero %{{.*}} : tensor<2x3xf32>
// CHECK:         return {{.*}} : tensor<2x6xi64>, tensor<i64>
func.func @nonzero(%x: tensor<2x3xf32>) -> (tensor<2x6xi64>, tensor<i64>) {
  %c, %n = tg.nonzero %x : tensor<2x3xf32>
  return %c, %n : tensor<2x6xi64>, tensor<i64>
}

// CHECK-LABEL: func.func @nms(
// CHECK:         tg.non_max_suppression %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} per_class = 2 center_point_box : tensor<2x6x4xf32>, tensor<2x3x6xf32>, tensor<i64>, tensor<f32>, tensor<f32>
// CHECK:         return {{.*}} : tensor<12x3xi64>, tensor<i64>
func.func @nms(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>, %m: tensor<i64>,
               %i: tensor<f32>, %t: tensor<f32>)
    -> (tensor<12x3xi64>, tensor<i64>) {
  %r, %n = tg.non_max_suppression %b, %s, %m, %i, %t per_class = 2
      center_point_box : tensor<2x6x4xf32>, tensor<2x3x6xf32>, tensor<i64>,
      tensor<f32>, tensor<f32>
  return %r, %n : tensor<12x3xi64>, tensor<i64>
}
