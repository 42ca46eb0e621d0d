// RUN: aotc %s -o %t.o --header %t.h --report | FileCheck %s
// RUN: %run-graph %s --work-dir %t

// A ResNet basic block, conv-bias-relu then conv-bias + residual add + relu,
// is two kernels and the border of a padded buffer. The residual input is
// read by the second conv's epilogue row by row; the first conv's output
// (1x16x16x16 floats) is the one tensor stored in between, because the
// second conv reads it through 3x3 windows: the first conv writes it into
// the interior of a 1x16x18x18 buffer (20736 bytes) whose border (4352
// bytes) kernel 2 fills, so the second conv reads its windows in place
// (aotc-cpu-materialize-pads). The first conv reads the input argument
// through one padded window of 16 channels x 3 rows x 18 columns (3456
// bytes) per row in flight. Temporaries: the two, planned into one arena.

// CHECK:      kernel kind
// CHECK-NEXT:      1 loops {{.*}} 16 tiles {{.*}}conv + relu
// CHECK-NEXT:      2 pad 0 0 0 4352 1x16x18x18 conv
// CHECK-NEXT:      3 loops {{.*}} 16 tiles {{.*}}conv + add + relu
// CHECK-EMPTY:
// CHECK:      kernels 3{{$}}
// CHECK:      temp bytes 24192 {{.*}}

// TOL: rtol=1e-4 atol=1e-4  # f32 sums of up to 144 products vs float64
// REF: def conv(x, w, b):
// REF:     xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (1, 1), (1, 1)])
// REF:     y = np.zeros(x.shape[:1] + w.shape[:1] + x.shape[2:])
// REF:     for kh in range(3):
// REF:         for kw in range(3):
// REF:             y += np.einsum('nchw,fc->nfhw', xp[:, :, kh:kh + x.shape[2], kw:kw + x.shape[3]], w[:, :, kh, kw])
// REF:     return y + b.reshape(1, -1, 1, 1)
// REF: x, w1, b1, w2, b2 = inp
// REF: h = np.maximum(conv(x, w1, b1), 0).astype(np.float32)
// REF: out[0] = np.maximum(conv(h, w2, b2) + x, 0).astype(np.float32)

func.func @basic_block(%x: tensor<1x16x16x16xf32>, %w1: tensor<16x16x3x3xf32>, %b1: tensor<16xf32>, %w2: tensor<16x16x3x3xf32>, %b2: tensor<16xf32>) -> tensor<1x16x16x16xf32> {
  %0 = tg.conv %x, %w1, %b1 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x16x16x16xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>
  %1 = tg.relu %0 : tensor<1x16x16x16xf32>
  %2 = tg.conv %1, %w2, %b2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] : tensor<1x16x16x16xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>
  %3 = tg.add %2, %x : tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>
  %4 = tg.relu %3 : tensor<1x16x16x16xf32>
  return %4 : tensor<1x16x16x16xf32>
}
