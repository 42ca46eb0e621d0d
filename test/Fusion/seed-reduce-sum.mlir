// RUN: aotc %s -o %t.o --header %t.h --report | FileCheck %s
// RUN: aotc %s -o %t.o --header %t.h --report --no-fusion | FileCheck %s --check-prefix=NOFUSE
// RUN: %run-graph %s --work-dir %t

// The seed case: reduce_sum(x + y*z) is one kernel. It reads x, y and z once
// (3 x 4096 x 4 bytes), writes only the 4-byte sum, and needs no temporary:
// y*z and x + y*z are never stored. Without fusion the products and sums
// are 16 KiB temporaries, written and read back by separate kernels.

// CHECK:      kernel kind
// CHECK-NEXT:      1 {{[a-z]+}} 12288 0 49152 4 {{.*}} mul + add + reduce
// CHECK-EMPTY:
// CHECK:      kernels 1{{$}}
// CHECK:      bytes written 4{{$}}
// CHECK:      temp bytes 0{{$}}

// NOFUSE:     kernels 3{{$}}
// NOFUSE:     temp bytes 32768

// TOL: rtol=1e-4 atol=1e-3  # an f32 sum of 4096 terms vs float64
// REF: x, y, z = inp
// REF: out[0] = np.array((x.astype(np.float64) + y.astype(np.float64) * z).sum(), dtype=np.float32)

func.func @seed(%x: tensor<4096xf32>, %y: tensor<4096xf32>, %z: tensor<4096xf32>) -> tensor<f32> {
  %p = tg.mul %y, %z : tensor<4096xf32>, tensor<4096xf32>
  %s = tg.add %x, %p : tensor<4096xf32>, tensor<4096xf32>
  %r = tg.reduce sum %s axes = [0] : tensor<4096xf32>
  return %r : tensor<f32>
}
