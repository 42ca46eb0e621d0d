// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}
// RUN: aotc %s --name g -o %t.o --dump-dir %t.dump
// RUN: FileCheck %s --input-file %t.dump/04-loops.mlir

// Matmuls whose register tiles each read a slice of the weights larger
// than L2 keeps from one tile to the next (32768 x 3 vectors of 8 floats:
// 3 MiB at 256 bits, 6 MiB at 512) have their reduction blocked
// (aotc-cpu-vector-kernels): each tile adds a chunk of k at a time to the
// output, starting from the bias on the first chunk and applying the ReLU
// after the last. The result must be the same sum: checked against numpy,
// and NAME_run_parallel bitwise against NAME_run (run-graph), with a
// fused bias and ReLU (%y) and without (%z).

// CHECK:  scf.if %{{.+}} -> (vector<8xf32>

// TOL: rtol=1e-4 atol=1e-3  # f32 sums of 32768 products vs float64

// REF: x, w, b = inp
// REF: out[0] = np.maximum(x.astype(np.float64) @ w + b, 0).astype(np.float32)
// REF: out[1] = (x.astype(np.float64) @ w).astype(np.float32)

func.func @blocked(%x: tensor<24x32768xf32>, %w: tensor<32768x96xf32>,
                   %b: tensor<96xf32>) -> (tensor<24x96xf32>, tensor<24x96xf32>) {
  %0 = tg.matmul %x, %w : tensor<24x32768xf32>, tensor<32768x96xf32>
  %1 = tg.add %0, %b : tensor<24x96xf32>, tensor<96xf32>
  %y = tg.relu %1 : tensor<24x96xf32>
  %z = tg.matmul %x, %w : tensor<24x32768xf32>, tensor<32768x96xf32>
  return %y, %z : tensor<24x96xf32>, tensor<24x96xf32>
}
