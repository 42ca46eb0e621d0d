// RUN: aotc-opt %s --aotc-reassociate-reductions | FileCheck %s

// The accumulating add of a sum and of a matmul gets `reassoc`; the multiply
// feeding the matmul's add gets `contract`. Elementwise ops, max reductions
// and integer sums are left alone.

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
#mm_a = affine_map<(m, n, k) -> (m, k)>
#mm_b = affine_map<(m, n, k) -> (k, n)>
#mm_c = affine_map<(m, n, k) -> (m, n)>

// CHECK-LABEL: func.func @sum
// CHECK:         arith.mulf %{{.+}}, %{{.+}} : f32
// CHECK:         arith.addf %{{.+}}, %{{.+}} : f32
// CHECK:         arith.addf %{{.+}}, %{{.+}} fastmath<reassoc,contract> : f32
func.func @sum(%x: tensor<64xf32>, %y: tensor<64xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [#id, #id, #scalar], iterator_types = ["reduction"]}
      ins(%x, %y : tensor<64xf32>, tensor<64xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %a, %p : f32
    %r = arith.addf %s, %out : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @matmul
// CHECK:         %[[P:.+]] = arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : f32
// CHECK:         arith.addf %{{.+}}, %[[P]] fastmath<reassoc,contract> : f32
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>, %c: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = linalg.generic {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x3xf32>) outs(%c : tensor<4x3xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @untouched
// CHECK-NOT:     fastmath
func.func @untouched(%x: tensor<64xf32>, %i: tensor<64xi32>, %acc: tensor<f32>, %iacc: tensor<i32>, %e: tensor<64xf32>) -> (tensor<f32>, tensor<i32>, tensor<64xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%x : tensor<64xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%a: f32, %out: f32):
    %m = arith.maximumf %a, %out : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  %1 = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%i : tensor<64xi32>) outs(%iacc : tensor<i32>) {
  ^bb0(%a: i32, %out: i32):
    %s = arith.addi %a, %out : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %out : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %0, %1, %2 : tensor<f32>, tensor<i32>, tensor<64xf32>
}

// linalg.reduce (kept named by --no-fusion) gets the same flag, so fused
// and unfused graphs sum alike.

// CHECK-LABEL: func.func @named_reduce
// CHECK:         arith.addf %{{.+}}, %{{.+}} fastmath<reassoc,contract> : f32
func.func @named_reduce(%x: tensor<8x64xf32>, %acc: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.reduce ins(%x : tensor<8x64xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
    (%in: f32, %out: f32) {
      %s = arith.addf %in, %out : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}
