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

// 20 columns: the VNNI kernels take 16 at a time, so the int8 matrix gets
// 12 zero columns (4x32) and the int32 sums are 6x32, of which the scales'
// op reads the first 20 (a classifier's 1000 columns: 1008). Each row of
// the int8 constant ends in 12 zero bytes.
#id = affine_map<(i, j) -> (i, j)>
#scalar = affine_map<(i, j) -> ()>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @twenty_columns(
// CHECK:         %[[BQ:.+]] = arith.constant dense<"0x80A6E215407E97ACF0245A78A0CA002D7E80A6E2000000000000000000000000D0002D7E80A6E215407E82C4F0245A7882D0002D000000000000000000000000205A7882D0002D7E80A6DC0F407E82C4EB205A780000000000000000000000007082C4EB205A7882D000365A80A6DC0F547082C4000000000000000000000000"> : tensor<4x32xi8>
// CHECK:         %[[ACC:.+]] = linalg.generic {{.+}} outs(%{{.+}} : tensor<6x32xi32>)
// CHECK:         %[[SCALES:.+]] = arith.constant dense<[{{.+}}]> : tensor<20xf32>
// CHECK:         %[[SUMS:.+]] = tensor.extract_slice %[[ACC]][0, 0] [6, 20] [1, 1] : tensor<6x32xi32> to tensor<6x20xi32>
// CHECK:         linalg.generic {{.+}} ins(%[[SUMS]], %[[SCALES]], %{{.+}} : tensor<6x20xi32>, tensor<20xf32>, tensor<6x20xf32>)
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

// -----

// int8 weights whose scale a later op was folded into (the 1/0.37 of a
// QuantizeLinear after a Gemm, folded by aotc-fold-affine-into-weights):
// each weight is float32(float32(q * s[n]) / 0.37), rounded twice, so most
// columns are no int8 value times any float32 scale exactly, but every
// weight is within a few float32 steps of one. The int8 values are
// recovered and the matmul rewritten.
#id = affine_map<(i, j) -> (i, j)>
#scalar = affine_map<(i, j) -> ()>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @folded_scale(
// CHECK:         arith.constant dense<{{\[\[}}127, -127, 127, -127, 127, -127, 127, -127, 127, -127, 127, -127, 127, -127, 127, -127], {{.+}} : tensor<4x16xi8>
// CHECK:         linalg.generic {{.+}} outs(%{{.+}} : tensor<6x16xi32>)
// CHECK:           arith.muli
func.func @folded_scale(%q: tensor<6x4xi8>, %init: tensor<6x16xf32>) -> tensor<6x16xf32> {
  %scale = arith.constant dense<2.500000e-01> : tensor<f32>
  %b = arith.constant dense<"0xBD198740BD1907C19BA64A41BD1987C12CE0A8419BA6CAC10B6DEC41BD1907C2F4FC17422CE028C264C339429BA64AC2D2895B420B6D6CC242507D42BD1987C2C8FD47C0F4B1A140D1C71AC1112A88BF8C6A57414B911FC102EE14C1EE8A72C168098641C28BA7C17DD6364237B7B2C044F325C09D49EE3EC28B27419D49EE40112A883D68090641E6ECF8404B911F41E7A1074120DDC54029A718C114F904423D552CC0FA23C2C1C4B70042E3D20AC2994E1D42B6F25741637843C23FCC76C29D49EEBE8F0DFBC0DC3411C1112A083F4B919F41FCC6E5BF6F119341AC85E141A244C4413A862F413A86AFC0193FCC3F1670CFC19D49EEBE685477C1112A08C2"> : tensor<4x16xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q : tensor<6x4xi8>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%f, %scale : tensor<6x4xf32>, tensor<f32>) outs(%e : tensor<6x4xf32>) {
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

// Not rewritten: 8 columns, half of a 16-column block of padding; the
// float kernels do as well.
#id = affine_map<(i, j) -> (i, j)>
#scalar = affine_map<(i, j) -> ()>
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @eight_columns(
// CHECK-NOT:     arith.extsi
// CHECK:         arith.mulf
// CHECK-NOT:     arith.extsi
func.func @eight_columns(%q: tensor<6x4xi8>, %init: tensor<6x8xf32>) -> tensor<6x8xf32> {
  %scale = arith.constant dense<2.500000e-01> : tensor<f32>
  %b = arith.constant dense<[[1.0, -1.0, 0.5, 0.25, -0.5, 0.75, 1.0, -0.25], [0.5, 0.25, -1.0, 1.0, 0.75, -0.75, 0.25, 0.5], [-0.25, 0.5, 0.75, -1.0, 1.0, 0.25, -0.5, 1.0], [0.75, -0.5, 0.25, 0.5, -0.25, 1.0, 0.5, -1.0]]> : tensor<4x8xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q : tensor<6x4xi8>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: i8, %o: f32):
    %v = arith.uitofp %x : i8 to f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %d = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%f, %scale : tensor<6x4xf32>, tensor<f32>) outs(%e : tensor<6x4xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %v = arith.mulf %x, %c : f32
    linalg.yield %v : f32
  } -> tensor<6x4xf32>
  %y = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%d, %b : tensor<6x4xf32>, tensor<4x8xf32>) outs(%init : tensor<6x8xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<6x8xf32>
  return %y : tensor<6x8xf32>
}
