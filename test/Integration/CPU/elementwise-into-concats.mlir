// RUN: %run-graph %s --work-dir %t
// RUN: aotc %s --name g -o %t.o --dump-dir %t.dump
// RUN: FileCheck %s --input-file %t.dump/03-bufferize.mlir

// Two dense layers the way DenseNet writes them: each concatenates every
// earlier feature map and applies its own batch norm and ReLU
// (aotc-tg-elementwise-into-concats). Each piece is normalized straight
// into its slice of the second layer's input: no piece is copied.

// CHECK-NOT: memref.copy

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of 48-80 products vs float64

// REF: x, m1, s1, m2, s2, w1, w2 = inp
// REF: h = lambda v, m, s: np.maximum((v.astype(np.float64) - m) * s, 0)
// REF: f1 = np.einsum('oc,nchw->nohw', w1[:, :, 0, 0], h(x, m1, s1))
// REF: c2 = np.concatenate([x, f1], axis=1)
// REF: out[0] = np.einsum('oc,nchw->nohw', w2[:, :, 0, 0], h(c2, m2, s2)).astype(np.float32)

func.func @dense(%x: tensor<1x48x8x8xf32>, %m1: tensor<48x1x1xf32>,
                 %s1: tensor<48x1x1xf32>, %m2: tensor<64x1x1xf32>,
                 %s2: tensor<64x1x1xf32>, %w1: tensor<16x48x1x1xf32>,
                 %w2: tensor<16x64x1x1xf32>) -> tensor<1x16x8x8xf32> {
  %a1 = tg.sub %x, %m1 : tensor<1x48x8x8xf32>, tensor<48x1x1xf32>
  %b1 = tg.mul %a1, %s1 : tensor<1x48x8x8xf32>, tensor<48x1x1xf32>
  %r1 = tg.relu %b1 : tensor<1x48x8x8xf32>
  %f1 = tg.conv %r1, %w1 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x48x8x8xf32>, tensor<16x48x1x1xf32>
  %c2 = tg.concat %x, %f1 axis = 1 : tensor<1x48x8x8xf32>, tensor<1x16x8x8xf32>
  %a2 = tg.sub %c2, %m2 : tensor<1x64x8x8xf32>, tensor<64x1x1xf32>
  %b2 = tg.mul %a2, %s2 : tensor<1x64x8x8xf32>, tensor<64x1x1xf32>
  %r2 = tg.relu %b2 : tensor<1x64x8x8xf32>
  %f2 = tg.conv %r2, %w2 strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x64x8x8xf32>, tensor<16x64x1x1xf32>
  return %f2 : tensor<1x16x8x8xf32>
}
