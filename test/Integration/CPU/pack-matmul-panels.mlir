// Matmuls whose runtime right-hand side has rows a multiple of 1 KiB apart
// read it through a copy in panels of 64 columns
// (aotc-cpu-pack-matmul-panels), made one panel per tile inside the
// matmul's loop nest (aotc-tile-and-fuse); the results still match numpy:
// a 2-D matmul with a bias and a ReLU fused after it, a batched one (one
// panel per batch and column block) and a batch against a shared 2-D
// right-hand side (every batch reads the same panel).
//
// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion | FileCheck %s
// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}

// CHECK-LABEL: func.func @panels
// CHECK:       scf.for %[[N:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args
// CHECK:         %[[COLUMNS:.+]] = tensor.extract_slice %arg1[0, %[[N]]] [60, 64] [1, 1] : tensor<60x256xf32> to tensor<60x64xf32>
// CHECK:         %[[PANEL:.+]] = linalg.generic {{.*}} ins(%[[COLUMNS]] : tensor<60x64xf32>) outs(%{{.+}} : tensor<1x60x64xf32>)
// CHECK:         linalg.generic {{.*}} ins(%arg0, %[[PANEL]] : tensor<40x60xf32>, tensor<1x60x64xf32>) outs(%{{.+}} : tensor<40x64xf32>)
// CHECK:       tensor<1x1x64x64xf32>
// CHECK:       tensor<1x50x64xf32>

// REF: a, b, bias, c, d, e, f = inp
// REF: out[0] = np.maximum(a @ b + bias, 0)
// REF: out[1] = c @ d
// REF: out[2] = e @ f
// TOL: rtol=1e-5 atol=1e-5  # f32 sums of up to 64 products vs float64

func.func @panels(%a: tensor<40x60xf32>, %b: tensor<60x256xf32>,
                  %bias: tensor<256xf32>, %c: tensor<2x33x64xf32>,
                  %d: tensor<2x64x256xf32>, %e: tensor<2x3x40x50xf32>,
                  %f: tensor<50x256xf32>)
    -> (tensor<40x256xf32>, tensor<2x33x256xf32>, tensor<2x3x40x256xf32>) {
  %0 = tg.matmul %a, %b : tensor<40x60xf32>, tensor<60x256xf32>
  %1 = tg.add %0, %bias : tensor<40x256xf32>, tensor<256xf32>
  %2 = tg.relu %1 : tensor<40x256xf32>
  %3 = tg.matmul %c, %d : tensor<2x33x64xf32>, tensor<2x64x256xf32>
  %4 = tg.matmul %e, %f : tensor<2x3x40x50xf32>, tensor<50x256xf32>
  return %2, %3, %4
      : tensor<40x256xf32>, tensor<2x33x256xf32>, tensor<2x3x40x256xf32>
}
