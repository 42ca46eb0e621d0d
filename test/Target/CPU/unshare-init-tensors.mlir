// RUN: aotc-opt --aotc-cpu-unshare-init-tensors %s | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// The zero fill (a generalized linalg.fill) and its tensor.empty are cloned
// for one reduction; the other keeps the originals.
// CHECK-LABEL: func.func @shared_fill
// CHECK:       %[[E1:.*]] = tensor.empty() : tensor<2xf32>
// CHECK:       %[[Z1:.*]] = linalg.generic {{.*}} outs(%[[E1]] : tensor<2xf32>)
// CHECK:       %[[E2:.*]] = tensor.empty() : tensor<2xf32>
// CHECK:       %[[Z2:.*]] = linalg.generic {{.*}} outs(%[[E2]] : tensor<2xf32>)
// CHECK:       linalg.generic {{.*}} outs(%[[Z2]] : tensor<2xf32>)
// CHECK:       linalg.generic {{.*}} outs(%[[Z1]] : tensor<2xf32>)
func.func @shared_fill(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %z = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<2xf32>) {
  ^bb0(%out: f32):
    linalg.yield %c0 : f32
  } -> tensor<2xf32>
  %a = linalg.generic {indexing_maps = [#rows, #row],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x3xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %b = linalg.generic {indexing_maps = [#rows, #row],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x3xf32>) outs(%z : tensor<2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}

// A shared linalg.fill is cloned with its empty tensor too; a lone use is
// left alone.
// CHECK-LABEL: func.func @shared_named_fill
// CHECK-COUNT-2: linalg.fill
// CHECK-NOT: linalg.fill
func.func @shared_named_fill(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%c1 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %a = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%f : tensor<4xf32>) -> tensor<4xf32>
  %b = linalg.mul ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%f : tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
