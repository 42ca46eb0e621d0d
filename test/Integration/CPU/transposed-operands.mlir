// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}
// RUN: aotc %s --name g -o %t.o --dump-dir %t.dump
// RUN: FileCheck %s --input-file %t.dump/02-fusion.mlir
// RUN: FileCheck %s --check-prefix=LOOPS --input-file %t.dump/04-loops.mlir

// Contractions and normalizations around transpositions, as a Conformer
// block's attention and convolution module have them:
// - scores Q K^T over 100 keys of 4 heads of 36 (the keys not a multiple of
//   the 64-column panels): each head's K is copied whole, transposed
//   (aotc-cpu-pack-matmul-panels), into a tile of its own;
// - a layer norm whose output is transposed to channels-first: the
//   normalization reads its row transposed, with per-row f64 statistics
//   and each row's first element (the shift), in register blocks;
// - a transposition of unit dimensions, which is a reshape, before a
//   matmul that then sees one 100-row matrix.

// CHECK: tensor.empty() : tensor<1x36x100xf32>
// LOOPS: vector.from_elements
// LOOPS-NOT: linalg.generic

// TOL: rtol=1e-4 atol=1e-4  # f32 sums of 36-144 products vs float64

// REF: q, k, x, s, w = inp
// REF: out[0] = (q.astype(np.float64) @ k.transpose(1, 2, 0)).astype(np.float32)
// REF: u = x.astype(np.float64)
// REF: m = u.mean(axis=1, keepdims=True)
// REF: n = (u - m) / np.sqrt(((u - m) ** 2).mean(axis=1, keepdims=True) + 1e-5)
// REF: out[1] = n.T.copy().astype(np.float32)
// REF: out[2] = (s.transpose(1, 0, 2).astype(np.float64) @ w).astype(np.float32)

func.func @transposed(%q: tensor<4x100x36xf32>, %k: tensor<100x4x36xf32>,
                      %x: tensor<100x144xf32>, %s: tensor<1x100x144xf32>,
                      %w: tensor<144x64xf32>)
    -> (tensor<4x100x100xf32>, tensor<144x100xf32>, tensor<100x1x64xf32>) {
  %kt = tg.transpose %k permutation = [1, 2, 0] : tensor<100x4x36xf32>
  %0 = tg.matmul %q, %kt : tensor<4x100x36xf32>, tensor<4x36x100xf32>
  %n = tg.layer_norm %x axis = 1 epsilon = 1.0e-05 : tensor<100x144xf32>
  %1 = tg.transpose %n permutation = [1, 0] : tensor<100x144xf32>
  %st = tg.transpose %s permutation = [1, 0, 2] : tensor<1x100x144xf32>
  %2 = tg.matmul %st, %w : tensor<100x1x144xf32>, tensor<144x64xf32>
  return %0, %1, %2 : tensor<4x100x100xf32>, tensor<144x100xf32>, tensor<100x1x64xf32>
}
