// Two reductions whose zero-filled accumulators CSE merges into one, both
// returned: each output must get its own accumulator (a shared one let the
// second result be computed in the first output's buffer and then
// overwritten; aotc-cpu-unshare-init-tensors prevents it).
// RUN: %run-graph %s --work-dir %t
// REF: out[0] = inp[0].sum(axis=1)
// REF: out[1] = (inp[0] * inp[0]).sum(axis=1)
func.func @f(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %s = tg.reduce sum %x axes = [1] : tensor<2x3xf32>
  %sq = tg.mul %x, %x : tensor<2x3xf32>, tensor<2x3xf32>
  %q = tg.reduce sum %sq axes = [1] : tensor<2x3xf32>
  return %s, %q : tensor<2xf32>, tensor<2xf32>
}
