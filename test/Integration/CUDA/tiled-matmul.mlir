// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// f32 contractions on the SIMT tiled kernels of aotc-cuda-tile-contractions
// (tiles staged in shared memory: 128x128 with 8x8 outputs per thread for
// the 130x90 matmul, 64x64 with 4x4 for the others), with sizes that are
// not multiples of the tiles (partial tiles in M, N and K): a plain
// matmul, a batch matmul (the batch on the grid), B transposed (the
// transpose folded into B's indexing map), and a matmul whose bias and relu
// follow in their own kernel. Each output element sums its K products in
// order, as the generic does.

// TOL: rtol=1e-5 atol=1e-5  # f32 sums of up to 70 products vs numpy's f32 matmul (pairwise order)
// REF: a, b, ba, bb, q, k, x, w, bias = inp
// REF: out[0] = a @ b
// REF: out[1] = ba @ bb
// REF: out[2] = q @ k.T
// REF: out[3] = np.maximum(x @ w + bias, 0)

func.func @tiled(%a: tensor<130x70xf32>, %b: tensor<70x90xf32>,
                 %ba: tensor<3x33x20xf32>, %bb: tensor<3x20x47xf32>,
                 %q: tensor<65x48xf32>, %k: tensor<100x48xf32>,
                 %x: tensor<40x37xf32>, %w: tensor<37x64xf32>,
                 %bias: tensor<64xf32>)
    -> (tensor<130x90xf32>, tensor<3x33x47xf32>, tensor<65x100xf32>,
        tensor<40x64xf32>) {
  %0 = tg.matmul %a, %b : tensor<130x70xf32>, tensor<70x90xf32>
  %1 = tg.matmul %ba, %bb : tensor<3x33x20xf32>, tensor<3x20x47xf32>
  %kt = tg.transpose %k permutation = [1, 0] : tensor<100x48xf32>
  %2 = tg.matmul %q, %kt : tensor<65x48xf32>, tensor<48x100xf32>
  %3 = tg.matmul %x, %w : tensor<40x37xf32>, tensor<37x64xf32>
  %4 = tg.add %3, %bias : tensor<40x64xf32>, tensor<64xf32>
  %5 = tg.relu %4 : tensor<40x64xf32>
  return %0, %1, %2, %5
      : tensor<130x90xf32>, tensor<3x33x47xf32>, tensor<65x100xf32>,
        tensor<40x64xf32>
}
