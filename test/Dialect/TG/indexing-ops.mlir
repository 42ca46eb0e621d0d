// RUN: aotc-opt %s | aotc-opt | FileCheck %s
// RUN: aotc-opt %s --mlir-print-op-generic | aotc-opt | FileCheck %s
// RUN: aotc-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of the indexing ops in their custom and generic forms. The
// GENERIC lines pin the result types that the ops infer.

// CHECK-LABEL: func.func @gathers(
func.func @gathers(%x: tensor<3x5xf32>, %i: tensor<2x4xi64>, %j: tensor<i32>,
                   %e: tensor<3x2xi32>, %t: tensor<4x2xi64>) {
  // CHECK: tg.gather %{{.+}}, %{{.+}} axis = 1 : tensor<3x5xf32>, tensor<2x4xi64>
  // GENERIC: "tg.gather"{{.*}} -> tensor<3x2x4xf32>
  %0 = tg.gather %x, %i axis = 1 : tensor<3x5xf32>, tensor<2x4xi64>
  // CHECK: tg.gather %{{.+}}, %{{.+}} axis = 0 : tensor<3x5xf32>, tensor<i32>
  // GENERIC: "tg.gather"{{.*}} -> tensor<5xf32>
  %1 = tg.gather %x, %j axis = 0 : tensor<3x5xf32>, tensor<i32>
  // CHECK: tg.gather_elements %{{.+}}, %{{.+}} axis = 1 : tensor<3x5xf32>, tensor<3x2xi32>
  // GENERIC: "tg.gather_elements"{{.*}} -> tensor<3x2xf32>
  %2 = tg.gather_elements %x, %e axis = 1 : tensor<3x5xf32>, tensor<3x2xi32>
  // CHECK: tg.gather_nd %{{.+}}, %{{.+}} batch_dims = 0 : tensor<3x5xf32>, tensor<4x2xi64>
  // GENERIC: "tg.gather_nd"{{.*}} -> tensor<4xf32>
  %3 = tg.gather_nd %x, %t batch_dims = 0 : tensor<3x5xf32>, tensor<4x2xi64>
  return
}

// CHECK-LABEL: func.func @scatters(
func.func @scatters(%x: tensor<3x5xf32>, %e: tensor<3x2xi32>,
                    %u: tensor<3x2xf32>, %t: tensor<4x1xi64>,
                    %v: tensor<4x5xf32>) {
  // CHECK: tg.scatter_elements none %{{.+}}, %{{.+}}, %{{.+}} axis = 1 : tensor<3x5xf32>, tensor<3x2xi32>, tensor<3x2xf32>
  // GENERIC: "tg.scatter_elements"{{.*}} -> tensor<3x5xf32>
  %0 = tg.scatter_elements none %x, %e, %u axis = 1 : tensor<3x5xf32>, tensor<3x2xi32>, tensor<3x2xf32>
  // CHECK: tg.scatter_elements max %{{.+}}, %{{.+}}, %{{.+}} axis = 0
  %1 = tg.scatter_elements max %x, %e, %u axis = 0 : tensor<3x5xf32>, tensor<3x2xi32>, tensor<3x2xf32>
  // CHECK: tg.scatter_nd add %{{.+}}, %{{.+}}, %{{.+}} : tensor<3x5xf32>, tensor<4x1xi64>, tensor<4x5xf32>
  // GENERIC: "tg.scatter_nd"{{.*}} -> tensor<3x5xf32>
  %2 = tg.scatter_nd add %x, %t, %v : tensor<3x5xf32>, tensor<4x1xi64>, tensor<4x5xf32>
  return
}

// CHECK-LABEL: func.func @pad(
func.func @pad(%x: tensor<3x5xi8>, %v: tensor<i8>) {
  // CHECK: tg.pad constant %{{.+}}, %{{.+}} low = [1, -1] high = [0, 2] : tensor<3x5xi8>, tensor<i8>
  // GENERIC: "tg.pad"{{.*}} -> tensor<4x6xi8>
  %0 = tg.pad constant %x, %v low = [1, -1] high = [0, 2] : tensor<3x5xi8>, tensor<i8>
  // CHECK: tg.pad constant %{{.+}} low = [0, 0] high = [1, 1] : tensor<3x5xi8>
  %1 = tg.pad constant %x low = [0, 0] high = [1, 1] : tensor<3x5xi8>
  // CHECK: tg.pad reflect %{{.+}} low = [2, 2] high = [2, 2] : tensor<3x5xi8>
  // GENERIC: "tg.pad"{{.*}} -> tensor<7x9xi8>
  %2 = tg.pad reflect %x low = [2, 2] high = [2, 2] : tensor<3x5xi8>
  // CHECK: tg.pad edge
  %3 = tg.pad edge %x low = [1, 0] high = [0, 0] : tensor<3x5xi8>
  // CHECK: tg.pad wrap
  %4 = tg.pad wrap %x low = [1, 0] high = [0, 0] : tensor<3x5xi8>
  return
}

// CHECK-LABEL: func.func @scans(
func.func @scans(%x: tensor<3x5xf16>, %k: tensor<4xi32>) {
  // CHECK: tg.arg_reduce max %{{.+}} axis = 1 keepdims select_last_index : tensor<3x5xf16>
  // GENERIC: "tg.arg_reduce"{{.*}} -> tensor<3x1xi64>
  %0 = tg.arg_reduce max %x axis = 1 keepdims select_last_index : tensor<3x5xf16>
  // CHECK: tg.arg_reduce min %{{.+}} axis = 0 : tensor<4xi32>
  // GENERIC: "tg.arg_reduce"{{.*}} -> tensor<i64>
  %1 = tg.arg_reduce min %k axis = 0 : tensor<4xi32>
  // CHECK: tg.cumulative sum %{{.+}} axis = 1 exclusive reverse : tensor<3x5xf16>
  // GENERIC: "tg.cumulative"{{.*}} -> tensor<3x5xf16>
  %2 = tg.cumulative sum %x axis = 1 exclusive reverse : tensor<3x5xf16>
  // CHECK: tg.cumulative prod %{{.+}} axis = 0 : tensor<4xi32>
  %3 = tg.cumulative prod %k axis = 0 : tensor<4xi32>
  // CHECK: tg.topk %{{.+}} k = 2 axis = 1 largest : tensor<3x5xf16>
  // GENERIC: "tg.topk"{{.*}} -> (tensor<3x2xf16>, tensor<3x2xi64>)
  %v, %i = tg.topk %x k = 2 axis = 1 largest : tensor<3x5xf16>
  // CHECK: tg.topk %{{.+}} k = 0 axis = 0 : tensor<4xi32>
  %w, %j = tg.topk %k k = 0 axis = 0 : tensor<4xi32>
  return
}

// CHECK-LABEL: func.func @einsum(
func.func @einsum(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>,
                  %m: tensor<3x3xf64>) {
  // CHECK: tg.einsum "bij,jk->bik" %{{.+}}, %{{.+}} : tensor<2x3x4xf32>, tensor<4x5xf32>
  // GENERIC: "tg.einsum"{{.*}} -> tensor<2x3x5xf32>
  %0 = tg.einsum "bij,jk->bik" %a, %b : tensor<2x3x4xf32>, tensor<4x5xf32>
  // Implicit output: the letters that occur once, in alphabetical order.
  // GENERIC: "tg.einsum"{{.*}} -> tensor<3x5x2xf32>
  %1 = tg.einsum "zij,jk" %a, %b : tensor<2x3x4xf32>, tensor<4x5xf32>
  // GENERIC: "tg.einsum"{{.*}} -> tensor<f64>
  %2 = tg.einsum "ii" %m : tensor<3x3xf64>
  // GENERIC: "tg.einsum"{{.*}} -> tensor<2x4x3xf32>
  %3 = tg.einsum "...ij->...ji" %a : tensor<2x3x4xf32>
  // Implicit output with '...': the broadcast dimensions first.
  // GENERIC: "tg.einsum"{{.*}} -> tensor<2x4x3xf32>
  %4 = tg.einsum "...ji" %a : tensor<2x3x4xf32>
  return
}
