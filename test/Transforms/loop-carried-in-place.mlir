// RUN: aotc-opt %s --aotc-loop-carried-in-place --split-input-file | FileCheck %s

// A recurrence's new state, computed in a fresh tensor, is yielded
// materialized in the old state's tensor; the output sequence, already
// written into its carried tensor by insert_slice, is left alone.

// CHECK-LABEL: func.func @state(
// CHECK:         scf.for {{.+}} iter_args(%[[H:.+]] = %{{.+}}, %[[Y:.+]] = %{{.+}})
// CHECK:           %[[NEW:.+]] = linalg.generic
// CHECK:           %[[SEQ:.+]] = tensor.insert_slice %[[NEW]] into %[[Y]]
// CHECK:           %[[IN:.+]] = bufferization.materialize_in_destination %[[NEW]] in %[[H]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:      scf.yield %[[IN]], %[[SEQ]] : tensor<2x4xf32>, tensor<8x2x4xf32>
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @state(%h0: tensor<2x4xf32>, %y0: tensor<8x2x4xf32>)
    -> (tensor<2x4xf32>, tensor<8x2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:2 = scf.for %t = %c0 to %c8 step %c1 iter_args(%h = %h0, %y = %y0)
      -> (tensor<2x4xf32>, tensor<8x2x4xf32>) {
    %e = tensor.empty() : tensor<2x4xf32>
    %n = linalg.generic {indexing_maps = [#map, #map],
                         iterator_types = ["parallel", "parallel"]}
        ins(%h : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %v = math.tanh %in : f32
      linalg.yield %v : f32
    } -> tensor<2x4xf32>
    %s = tensor.insert_slice %n into %y[%t, 0, 0] [1, 2, 4] [1, 1, 1]
        : tensor<2x4xf32> into tensor<8x2x4xf32>
    scf.yield %n, %s : tensor<2x4xf32>, tensor<8x2x4xf32>
  } {aotc.graph_loop}
  return %r#0, %r#1 : tensor<2x4xf32>, tensor<8x2x4xf32>
}

// -----

// A tiled loop, whose yield inserts each tile into its carried tensor
// through the tile's own loop, is left alone.
// CHECK-LABEL: func.func @tiled(
// CHECK-NOT:     bufferization.materialize_in_destination
#map1 = affine_map<(d0) -> (d0)>
func.func @tiled(%x: tensor<64xf32>) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %e = tensor.empty() : tensor<64xf32>
  %r = scf.for %i = %c0 to %c64 step %c16 iter_args(%acc = %e)
      -> tensor<64xf32> {
    %in = tensor.extract_slice %x[%i] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %out = tensor.extract_slice %acc[%i] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %n = linalg.generic {indexing_maps = [#map1, #map1],
                         iterator_types = ["parallel"]}
        ins(%in : tensor<16xf32>) outs(%out : tensor<16xf32>) {
    ^bb0(%a: f32, %b: f32):
      %v = arith.negf %a : f32
      linalg.yield %v : f32
    } -> tensor<16xf32>
    %s = tensor.insert_slice %n into %acc[%i] [16] [1]
        : tensor<16xf32> into tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// -----

// A while loop: each value the condition passes on unchanged is the body's
// argument of the same position, which the body's new value for it is
// materialized in; the condition (an i1, last) is not a tensor.

// CHECK-LABEL: func.func @while(
// CHECK:         scf.while (%[[S:.+]] = %{{.+}}, %[[G:.+]] = %{{.+}}) : (tensor<2x4xf32>, i1) -> tensor<2x4xf32>
// CHECK-NEXT:      scf.condition(%[[G]]) %[[S]]
// CHECK:         ^bb0(%[[B:.+]]: tensor<2x4xf32>):
// CHECK:           %[[NEW:.+]] = linalg.generic
// CHECK:           %[[IN:.+]] = bufferization.materialize_in_destination %[[NEW]] in %[[B]] : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:      scf.yield %[[IN]], %{{.+}} : tensor<2x4xf32>, i1
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @while(%s0: tensor<2x4xf32>, %go: i1) -> tensor<2x4xf32> {
  %r = scf.while (%s = %s0, %g = %go) : (tensor<2x4xf32>, i1) -> tensor<2x4xf32> {
    scf.condition(%g) %s : tensor<2x4xf32>
  } do {
  ^bb0(%b: tensor<2x4xf32>):
    %e = tensor.empty() : tensor<2x4xf32>
    %n = linalg.generic {indexing_maps = [#map, #map],
                         iterator_types = ["parallel", "parallel"]}
        ins(%b : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %v = math.tanh %in : f32
      linalg.yield %v : f32
    } -> tensor<2x4xf32>
    %c0 = arith.constant 0 : index
    %x = tensor.extract %n[%c0, %c0] : tensor<2x4xf32>
    %z = arith.constant 0.0 : f32
    %more = arith.cmpf ogt, %x, %z : f32
    scf.yield %n, %more : tensor<2x4xf32>, i1
  }
  return %r : tensor<2x4xf32>
}
