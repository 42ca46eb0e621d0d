// RUN: %cuda-emulate-graph %s --work-dir %t.emulated
// RUN: %if cuda-gpu %{ %cuda-run-graph %s --work-dir %t %}

// f16 matmuls on tensor cores (nvgpu.mma.sync m16n8k16, f32 accumulators;
// on the emulator, a warp collective following the PTX ISA's fragment
// layouts, so a wrong layout gives wrong numbers): 64x64 tiles of 4 warps
// with partial tiles in M, N and K (K = 72: two tiles of 32 and 8 more,
// padded with zeros), 128x128 tiles of 8 warps with B transposed, and a
// batch matmul. The products of f16 values are exact in f32; the sums are
// in the tensor cores' order, rounded to f16 once.

// TOL: rtol=2e-3 atol=2e-3  # one f16 rounding (2^-11) of f32 sums of up to 160 products
// REF: a, b, c, d, e, f = inp
// REF: f32 = lambda t: t.astype(np.float32)
// REF: out[0] = (f32(a) @ f32(b)).astype(np.float16)
// REF: out[1] = (f32(c) @ f32(d).T).astype(np.float16)
// REF: out[2] = (f32(e) @ f32(f)).astype(np.float16)

func.func @half(%a: tensor<80x72xf16>, %b: tensor<72x100xf16>,
                %c: tensor<130x160xf16>, %d: tensor<136x160xf16>,
                %e: tensor<2x48x32xf16>, %f: tensor<2x32x24xf16>)
    -> (tensor<80x100xf16>, tensor<130x136xf16>, tensor<2x48x24xf16>) {
  %0 = tg.matmul %a, %b : tensor<80x72xf16>, tensor<72x100xf16>
  %dt = tg.transpose %d permutation = [1, 0] : tensor<136x160xf16>
  %1 = tg.matmul %c, %dt : tensor<130x160xf16>, tensor<160x136xf16>
  %2 = tg.matmul %e, %f : tensor<2x48x32xf16>, tensor<2x32x24xf16>
  return %0, %1, %2
      : tensor<80x100xf16>, tensor<130x136xf16>, tensor<2x48x24xf16>
}
