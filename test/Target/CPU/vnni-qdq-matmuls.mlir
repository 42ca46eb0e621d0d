// RUN: aotc-opt %s --split-input-file --aotc-cpu-vnni-qdq-matmuls | FileCheck %s

// A QDQ matmul: its left operand dequantizes a uint8 tensor (zero point 5,
// scale 0.25), its right one is int8 values times a scale in every column
// (multiples of 1/8). It becomes an int32 matmul of the widened uint8
// values minus 5 by the widened int8 constant, as the importer writes
// MatMulInteger (for aotc-cpu-vnni-matmuls), and an elementwise op:
// float(acc) times 0.25 times each column's scale, plus the matmul's
// initial value.
#id = affine_map<(i, j) -> (i, j)>
#scalar = affine_map<(i, j) -> ()>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @qdq_matmul(
// CHECK-SAME:      %[[Q:.+]]: tensor<6x4xi8>, %[[INIT:.+]]: tensor<6x16xf32>)
// CHECK:         %[[A:.+]] = linalg.generic {{.+}} ins(%[[Q]] : tensor<6x4xi8>) outs(%{{.+}} : tensor<6x4xi32>)
// CHECK:           %[[WIDE:.+]] = arith.extui %{{.+}} : i8 to i32
// CHECK:           %[[FIVE:.+]] = arith.constant 5 : i32
// CHECK:           arith.subi %[[WIDE]], %[[FIVE]] : i32
// CHECK:         %[[BQ:.+]] = arith.constant dense<{{.+}}> : tensor<4x16xi8>
// CHECK:         %[[B:.+]] = linalg.generic {{.+}} ins(%[[BQ]] : tensor<4x16xi8>) outs(%{{.+}} : tensor<4x16xi32>)
// CHECK:           arith.extsi %{{.+}} : i8 to i32
// CHECK:         %[[ZERO:.+]] = linalg.fill ins(%{{.+}} : i32) outs(%{{.+}} : tensor<6x16xi32>)
// CHECK:         %[[ACC:.+]] = linalg.generic {{.+}} ins(%[[A]], %[[B]] : tensor<6x4xi32>, tensor<4x16xi32>) outs(%[[ZERO]] : tensor<6x16xi32>)
// CHECK:           arith.muli
// CHECK:           arith.addi
// CHECK:         %[[SCALES:.+]] = arith.constant dense<[{{.+}}]> : tensor<16xf32>
// CHECK:         %[[Y:.+]] = linalg.generic {{.+}} ins(%[[ACC]], %[[SCALES]], %[[INIT]] : tensor<6x16xi32>, tensor<16xf32>, tensor<6x16xf32>)
// CHECK:           arith.sitofp
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      arith.addf
// CHECK:         return %[[Y]]
func.func @qdq_matmul(%q: tensor<6x4xi8>, %init: tensor<6x16xf32>) -> tensor<6x16xf32> {
  %scale = arith.constant dense<2.500000e-01> : tensor<f32>
  %zero = arith.constant dense<5.000000e+00> : tensor<f32>
  %b = arith.constant dense<"0x000080BF000020BF000080BE0000003E0000003F0000603F000060BF000000BF000000BE0000803E0000203F0000803F000040BF0000C0BE000000000000C03E0000C0BE000000000000C03E0000403F000080BF000020BF000080BE0000003E0000003F0000603F000060BF000000BF000000BE0000803E0000203F0000803F0000803E0000203F0000803F000040BF0000C0BE000000000000C03E0000403F000080BF000020BF000080BE0000003E0000003F0000603F000060BF000000BF0000603F000060BF000000BF000000BE0000803E0000203F0000803F000040BF0000C0BE000000000000C03E0000403F000080BF000020BF000080BE0000003E"> : tensor<4x16xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q : tensor<6x4xi8>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%f, %zero : tensor<6x4xf32>, tensor<f32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %v = arith.subf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s, %scale : tensor<6x4xf32>, tensor<f32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %y = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%d, %b : tensor<6x4xf32>, tensor<4x16xf32>) outs(%init : tensor<6x16xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<6x16xf32>
  return %y : tensor<6x16xf32>
}

// -----

// Not rewritten: 20 columns, which the VNNI kernels do not take (16 at a
// time); the int32 loops would be slower than the float kernels.
#id = affine_map<(i, j) -> (i, j)>
#scalar = affine_map<(i, j) -> ()>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @twenty_columns(
// CHECK-NOT:     arith.extsi
// CHECK:         arith.mulf
// CHECK-NOT:     arith.extsi
func.func @twenty_columns(%q: tensor<6x4xi8>, %init: tensor<6x20xf32>) -> tensor<6x20xf32> {
  %scale = arith.constant dense<2.500000e-01> : tensor<f32>
  %zero = arith.constant dense<5.000000e+00> : tensor<f32>
  %b = arith.constant dense<"0x000080BF000020BF000080BE0000003E0000003F0000603F000060BF000000BF000000BE0000803E0000203F0000803F000040BF0000C0BE000000000000C03E0000403F000080BF000020BF000080BE0000C0BE000000000000C03E0000403F000080BF000020BF000080BE0000003E0000003F0000603F000060BF000000BF000000BE0000803E0000203F0000803F000040BF0000C0BE000000000000C03E0000803E0000203F0000803F000040BF0000C0BE000000000000C03E0000403F000080BF000020BF000080BE0000003E0000003F0000603F000060BF000000BF000000BE0000803E0000203F0000803F0000603F000060BF000000BF000000BE0000803E0000203F0000803F000040BF0000C0BE000000000000C03E0000403F000080BF000020BF000080BE0000003E0000003F0000603F000060BF000000BF"> : tensor<4x20xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q : tensor<6x4xi8>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %s = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%f, %zero : tensor<6x4xf32>, tensor<f32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %v = arith.subf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s, %scale : tensor<6x4xf32>, tensor<f32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %y = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%d, %b : tensor<6x4xf32>, tensor<4x20xf32>) outs(%init : tensor<6x20xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<6x20xf32>
  return %y : tensor<6x20xf32>
}
