// RUN: aotc %s -o %t.o --header %t.h --report | FileCheck %s
// RUN: aotc-opt %s --aotc-cpu-tg-to-linalg --aotc-cpu-fusion --aotc-cpu-bufferize="entry=conv_bias_relu name=g" | FileCheck %s --check-prefix=IR
// RUN: %run-graph %s --work-dir %t

// conv + bias + relu is one kernel: a loop over the 32 output rows that pads
// the input window of a row (16 channels x 3 rows x 34 columns), broadcasts
// the bias into the output row, accumulates the conv into it and applies
// the relu in place. The only temporary is that window, 16*3*34*4 = 6528
// bytes; the padded input (1x16x34x34) and the raw conv result are never
// materialized.

// CHECK:      kernel kind
// CHECK-NEXT:      1 loops {{.*}} 32 tiles {{.*}}conv + relu
// CHECK-EMPTY:
// CHECK:      kernels 1{{$}}
// CHECK:      temp bytes 6528 

// IR-LABEL: func.func @g_run
// IR-NOT:     memref<1x16x34x34xf32>
// IR-NOT:     memref.alloc() {{.*}} : memref<1x32x32x32xf32>

// TOL: rtol=1e-4 atol=1e-4  # f32 sums of up to 144 products vs float64
// REF: x, w, b = inp
// REF: xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (1, 1), (1, 1)])
// REF: y = np.zeros((1, 32, 32, 32))
// REF: for kh in range(3):
// REF:     for kw in range(3):
// REF:         y += np.einsum('nchw,fc->nfhw', xp[:, :, kh:kh + 32, kw:kw + 32], w[:, :, kh, kw].astype(np.float64))
// REF: out[0] = np.maximum(y + b.reshape(1, 32, 1, 1), 0).astype(np.float32)

func.func @conv_bias_relu(%x: tensor<1x16x32x32xf32>, %w: tensor<32x16x3x3xf32>, %b: tensor<32xf32>) -> tensor<1x32x32x32xf32> {
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x16x32x32xf32>, tensor<32x16x3x3xf32>, tensor<32xf32>
  %1 = tg.relu %0 : tensor<1x32x32x32xf32>
  return %1 : tensor<1x32x32x32xf32>
}
