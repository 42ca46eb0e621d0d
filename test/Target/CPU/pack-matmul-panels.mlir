// RUN: aotc-opt %s --split-input-file --aotc-cpu-pack-matmul-panels | FileCheck %s

// A 64 x 100 x 256 matmul with a runtime right-hand side: its rows are
// 1 KiB apart and there are 100 of them (more than the 48 an aliased L1
// holds), reused by 64 output rows. It is read through a copy in 4 panels
// of 64 columns, [n floordiv 64, k, n mod 64].

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-DAG:   #[[READ:.+]] = affine_map<(d0, d1, d2) -> (d1, d0 * 64 + d2)>
// CHECK-DAG:   #[[WRITE:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[PANELS:.+]] = affine_map<(d0, d1, d2) -> (d1 floordiv 64, d2, d1 mod 64)>
// CHECK-LABEL: func.func @aliasing_rows(
// CHECK:         %[[EMPTY:.+]] = tensor.empty() : tensor<4x100x64xf32>
// CHECK:         %[[P:.+]] = linalg.generic {indexing_maps = [#[[READ]], #[[WRITE]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:        ins(%arg1 : tensor<100x256xf32>) outs(%[[EMPTY]] : tensor<4x100x64xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[PANELS]], #{{.+}}]
// CHECK-SAME:        ins(%arg0, %[[P]] : tensor<64x100xf32>, tensor<4x100x64xf32>)
func.func @aliasing_rows(%a: tensor<64x100xf32>, %b: tensor<100x256xf32>,
                         %init: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<64x100xf32>, tensor<100x256xf32>)
      outs(%init : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<64x256xf32>
  return %0 : tensor<64x256xf32>
}

// -----

// Rows 4352 bytes apart do not alias, but 1024 of them span 4.25 MiB, more
// pages than the TLB maps: packed too. A batch dimension stays outermost.

#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>

// CHECK-DAG:   #[[READ:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1 * 64 + d3)>
// CHECK-DAG:   #[[PANELS:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2 floordiv 64, d3, d2 mod 64)>
// CHECK-LABEL: func.func @wide_span(
// CHECK:         %[[P:.+]] = linalg.generic {indexing_maps = [#[[READ]], #{{.+}}]
// CHECK-SAME:        ins(%arg1 : tensor<2x1024x1088xf32>) outs(%{{.+}} : tensor<2x17x1024x64xf32>)
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[PANELS]], #{{.+}}]
// CHECK-SAME:        ins(%arg0, %[[P]] : tensor<2x32x1024xf32>, tensor<2x17x1024x64xf32>)
func.func @wide_span(%a: tensor<2x32x1024xf32>, %b: tensor<2x1024x1088xf32>,
                     %init: tensor<2x32x1088xf32>) -> tensor<2x32x1088xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x32x1024xf32>, tensor<2x1024x1088xf32>)
      outs(%init : tensor<2x32x1088xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %acc, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<2x32x1088xf32>
  return %0 : tensor<2x32x1088xf32>
}

// -----

// Left alone: a constant right-hand side (aotc-cpu-pad-weight-rows pads
// it instead), too few output rows to repay the copy (31), rows that
// alias but fit the aliased sets (48), columns not a multiple of the panel
// (272: not aliasing either), and rows 768 bytes apart spanning 768 KiB.

#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (k, n)>
#c = affine_map<(m, n, k) -> (m, n)>

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     floordiv
// CHECK-NOT:     tensor.empty
// CHECK:         return
func.func @left_alone(%a: tensor<64x100xf32>, %a31: tensor<31x100xf32>,
                      %a48: tensor<64x48xf32>, %b: tensor<100x256xf32>,
                      %b48: tensor<48x256xf32>, %b272: tensor<100x272xf32>,
                      %a1024: tensor<64x1024xf32>, %b192: tensor<1024x192xf32>,
                      %init: tensor<64x256xf32>, %init31: tensor<31x256xf32>,
                      %init272: tensor<64x272xf32>, %init192: tensor<64x192xf32>)
    -> (tensor<64x256xf32>, tensor<31x256xf32>, tensor<64x256xf32>,
        tensor<64x272xf32>, tensor<64x192xf32>) {
  %w = arith.constant dense<1.0> : tensor<100x256xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<64x100xf32>, tensor<100x256xf32>)
      outs(%init : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  %1 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a31, %b : tensor<31x100xf32>, tensor<100x256xf32>)
      outs(%init31 : tensor<31x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<31x256xf32>
  %2 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a48, %b48 : tensor<64x48xf32>, tensor<48x256xf32>)
      outs(%init : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  %3 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b272 : tensor<64x100xf32>, tensor<100x272xf32>)
      outs(%init272 : tensor<64x272xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x272xf32>
  %4 = linalg.generic {indexing_maps = [#a, #b, #c],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a1024, %b192 : tensor<64x1024xf32>, tensor<1024x192xf32>)
      outs(%init192 : tensor<64x192xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x192xf32>
  return %0, %1, %2, %3, %4 : tensor<64x256xf32>, tensor<31x256xf32>,
      tensor<64x256xf32>, tensor<64x272xf32>, tensor<64x192xf32>
}
