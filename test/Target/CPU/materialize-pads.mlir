// RUN: aotc-opt %s --split-input-file --aotc-cpu-materialize-pads | FileCheck %s
// RUN: aotc-opt %s --split-input-file --aotc-cpu-materialize-pads --eliminate-empty-tensors --one-shot-bufferize="bufferize-function-boundaries" -cse -canonicalize | FileCheck %s --check-prefix=BUF

// A pad of a tensor computed into an empty tensor: before that empty, a
// tensor of the padded shape whose border alone is filled (rows 0 and 9,
// then columns 0 and 9 of rows 1 to 8, each element once), and the source
// inserted into it.

// CHECK-LABEL: func.func @produced(
// CHECK:         %[[PADDED:.+]] = tensor.empty() : tensor<1x10x10x16xf32>
// CHECK:         %[[TOP:.+]] = linalg.fill {{.*}} -> tensor<1x1x10x16xf32>
// CHECK:         %[[B1:.+]] = tensor.insert_slice %[[TOP]] into %[[PADDED]][0, 0, 0, 0] [1, 1, 10, 16] [1, 1, 1, 1]
// CHECK:         %[[BOTTOM:.+]] = linalg.fill {{.*}} -> tensor<1x1x10x16xf32>
// CHECK:         %[[B2:.+]] = tensor.insert_slice %[[BOTTOM]] into %[[B1]][0, 9, 0, 0] [1, 1, 10, 16] [1, 1, 1, 1]
// CHECK:         %[[LEFT:.+]] = linalg.fill {{.*}} -> tensor<1x8x1x16xf32>
// CHECK:         %[[B3:.+]] = tensor.insert_slice %[[LEFT]] into %[[B2]][0, 1, 0, 0] [1, 8, 1, 16] [1, 1, 1, 1]
// CHECK:         %[[RIGHT:.+]] = linalg.fill {{.*}} -> tensor<1x8x1x16xf32>
// CHECK:         %[[B4:.+]] = tensor.insert_slice %[[RIGHT]] into %[[B3]][0, 1, 9, 0] [1, 8, 1, 16] [1, 1, 1, 1]
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<1x8x8x16xf32>
// CHECK:         %[[X:.+]] = linalg.generic {{.*}} outs(%[[EMPTY]] :
// CHECK:         %[[P:.+]] = tensor.insert_slice %[[X]] into %[[B4]][0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// CHECK-NOT:     tensor.pad
// CHECK:         return %[[P]]

// After empty-tensor elimination and bufferization: one buffer, the
// generic writes its interior, four border fills, no copy.
// BUF-LABEL: func.func @produced(
// BUF:         %[[BUF:.+]] = memref.alloc() {{.*}} : memref<1x10x10x16xf32>
// BUF-COUNT-4: linalg.fill
// BUF:         %[[INTERIOR:.+]] = memref.subview %[[BUF]][0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1]
// BUF:         linalg.generic {{.*}} outs(%[[INTERIOR]] :
// BUF-NOT:     memref.copy
// BUF:         return %[[BUF]]
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @produced(%a: tensor<1x8x8x16xf32>) -> tensor<1x10x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %x = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x8x8x16xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  return %p : tensor<1x10x10x16xf32>
}

// -----

// Not padded in place: a pad of an argument (nothing computes it) and the
// second pad of a tensor already padded in place (one buffer per source;
// like every later reader of the source, it reads the interior of the
// padded tensor, which bufferization then need not copy) copy their source
// into a tensor with only the border filled (just the left columns here: a
// side with no padding gets no fill); a pad whose padding value is not a
// constant stays a pad.

// CHECK-LABEL: func.func @not_materialized(
// CHECK-SAME:      %[[A:[^:]+]]: tensor<4x4xf32>, %[[V:[^:]+]]: f32
// CHECK:         %[[LEFT:.+]] = linalg.fill {{.*}} -> tensor<4x2xf32>
// CHECK:         %[[B:.+]] = tensor.insert_slice %[[LEFT]] into %{{.+}}[0, 0] [4, 2] [1, 1]
// CHECK-NEXT:    %[[ARG:.+]] = tensor.insert_slice %[[A]] into %[[B]][0, 2] [4, 4] [1, 1]
// CHECK:         %[[X:.+]] = linalg.fill {{.*}} -> tensor<4x4xf32>
// CHECK:         %[[IN:.+]] = tensor.insert_slice %[[X]] into %{{.+}}[1, 1] [4, 4] [1, 1]
// CHECK:         %[[INTERIOR:.+]] = tensor.extract_slice %[[IN]][1, 1] [4, 4] [1, 1]
// CHECK:         %[[SECOND:.+]] = tensor.insert_slice %[[INTERIOR]] into %{{.+}}[2, 2] [4, 4] [1, 1]
// CHECK:         %[[DYN:.+]] = tensor.pad %{{.+}} low[1, 1]
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      tensor.yield %[[V]]
// CHECK:         return %[[ARG]], %[[IN]], %[[SECOND]], %[[DYN]]
func.func @not_materialized(%a: tensor<4x4xf32>, %v: f32)
    -> (tensor<4x6xf32>, tensor<6x6xf32>, tensor<8x8xf32>, tensor<6x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %arg = tensor.pad %a low[0, 2] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<4x6xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %first = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  %second = tensor.pad %x low[2, 2] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<8x8xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %y = linalg.fill ins(%one : f32) outs(%e2 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %dynamic = tensor.pad %y low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  return %arg, %first, %second, %dynamic : tensor<4x6xf32>, tensor<6x6xf32>, tensor<8x8xf32>, tensor<6x6xf32>
}

// -----

// A source of dynamic shape padded to a static shape (dynamic high
// padding) has no static border: it stays a pad.

// CHECK-LABEL: func.func @dynamic_source(
// CHECK:         tensor.pad
// CHECK-NOT:     tensor.insert_slice
func.func @dynamic_source(%a: tensor<?x4xf32>, %h: index) -> tensor<10x6xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %p = tensor.pad %x low[1, 1] high[%h, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x4xf32> to tensor<10x6xf32>
  return %p : tensor<10x6xf32>
}

// -----

// Padding amounts that are `arith.constant`s (layout propagation leaves
// them; the pad's canonicalizer keeps them while its type is static) count
// as static: a computed source is padded in place, and a reshaped one is
// copied into a tensor with only its border filled, never a whole fill.

// CHECK-LABEL: func.func @constant_amounts(
// CHECK-NOT:     tensor.pad
// CHECK:         %[[X:.+]] = linalg.fill {{.*}} -> tensor<4x4xf32>
// CHECK:         %[[IN:.+]] = tensor.insert_slice %[[X]] into %{{.+}}[1, 1] [4, 4] [1, 1]
// CHECK:         %[[E:.+]] = tensor.expand_shape
// CHECK:         %[[R:.+]] = tensor.insert_slice %[[E]] into %{{.+}}[1, 1, 0] [2, 2, 4] [1, 1, 1]
// CHECK:         return %[[IN]], %[[R]]
func.func @constant_amounts(%a: tensor<4x4xf32>)
    -> (tensor<6x6xf32>, tensor<4x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4x4xf32>
  %x = linalg.fill ins(%one : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %p = tensor.pad %x low[%c1, 1] high[1, %c1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  %r = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 2, 4]
      : tensor<4x4xf32> into tensor<2x2x4xf32>
  %q = tensor.pad %r low[%c1, %c1, %c0] high[%c1, %c1, %c0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<2x2x4xf32> to tensor<4x4x4xf32>
  return %p, %q : tensor<6x6xf32>, tensor<4x4x4xf32>
}
