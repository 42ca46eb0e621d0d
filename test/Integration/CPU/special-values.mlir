// RUN: %run-graph %s --work-dir %t

// NaN, infinities and signed zeros through the elementwise ops, as the op
// descriptions specify: max/min/relu propagate NaN and order -0 below +0
// (seen through 1/x), compares are ordered except ne, log(0) = -inf,
// log/sqrt of negatives are NaN, x/0 is infinite, and casting NaN to i1
// gives true (it is nonzero).

// INPUT 0: data([nan, inf, -inf, 0.0, -0.0, 1, -1, 2, 0.0, -0.0])
// INPUT 1: data([1, nan, 0.0, -0.0, 0.0, nan, inf, -2, -0.0, 0.0])

// REF: x, y = inp
// REF: def maximum(a, b):  # IEEE 754-2019; np.maximum's SIMD loops may
// REF:     both_zero = (a == 0) & (b == 0)  # return either zero
// REF:     zero = np.where(np.signbit(a) & np.signbit(b), -0.0, 0.0)
// REF:     return np.where(both_zero, zero.astype(a.dtype), np.maximum(a, b))
// REF: def minimum(a, b):
// REF:     both_zero = (a == 0) & (b == 0)
// REF:     zero = np.where(np.signbit(a) | np.signbit(b), -0.0, 0.0)
// REF:     return np.where(both_zero, zero.astype(a.dtype), np.minimum(a, b))
// REF: out[0] = np.maximum(x, y)
// REF: out[1] = np.minimum(x, y)
// REF: out[2] = np.maximum(x, 0)
// REF: out[3] = np.stack([x == y, x != y, x < y, x <= y, x > y, x >= y])
// REF: out[4] = np.stack([np.log(x), np.sqrt(x), 1 / np.sqrt(x), np.exp(x),
// REF:                    np.tanh(x), 1 / (1 + np.exp(-x)), erf(x), np.abs(x),
// REF:                    -x, x / y])
// REF: out[5] = x != 0
// REF: out[6] = np.stack([1 / maximum(x, y), 1 / minimum(x, y)])

func.func @special_values(%x: tensor<10xf32>, %y: tensor<10xf32>)
    -> (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<6x10xi1>,
        tensor<10x10xf32>, tensor<10xi1>, tensor<2x10xf32>) {
  %max = tg.max %x, %y : tensor<10xf32>, tensor<10xf32>
  %min = tg.min %x, %y : tensor<10xf32>, tensor<10xf32>
  %relu = tg.relu %x : tensor<10xf32>
  %eq = tg.compare eq, %x, %y : tensor<10xf32>, tensor<10xf32>
  %ne = tg.compare ne, %x, %y : tensor<10xf32>, tensor<10xf32>
  %lt = tg.compare lt, %x, %y : tensor<10xf32>, tensor<10xf32>
  %le = tg.compare le, %x, %y : tensor<10xf32>, tensor<10xf32>
  %gt = tg.compare gt, %x, %y : tensor<10xf32>, tensor<10xf32>
  %ge = tg.compare ge, %x, %y : tensor<10xf32>, tensor<10xf32>
  %cmp = tg.concat %eq, %ne, %lt, %le, %gt, %ge axis = 0
      : tensor<10xi1>, tensor<10xi1>, tensor<10xi1>, tensor<10xi1>,
        tensor<10xi1>, tensor<10xi1>
  %cmps = tg.reshape %cmp : tensor<60xi1> -> tensor<6x10xi1>
  %log = tg.log %x : tensor<10xf32>
  %sqrt = tg.sqrt %x : tensor<10xf32>
  %rsqrt = tg.rsqrt %x : tensor<10xf32>
  %exp = tg.exp %x : tensor<10xf32>
  %tanh = tg.tanh %x : tensor<10xf32>
  %sig = tg.sigmoid %x : tensor<10xf32>
  %erf = tg.erf %x : tensor<10xf32>
  %abs = tg.abs %x : tensor<10xf32>
  %neg = tg.neg %x : tensor<10xf32>
  %div = tg.div %x, %y : tensor<10xf32>, tensor<10xf32>
  %un = tg.concat %log, %sqrt, %rsqrt, %exp, %tanh, %sig, %erf, %abs, %neg,
      %div axis = 0
      : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xf32>, tensor<10xf32>
  %unary = tg.reshape %un : tensor<100xf32> -> tensor<10x10xf32>
  %bool = tg.cast %x : tensor<10xf32> -> tensor<10xi1>
  %one = tg.constant dense<1.0> : tensor<f32>
  %rmax = tg.div %one, %max : tensor<f32>, tensor<10xf32>
  %rmin = tg.div %one, %min : tensor<f32>, tensor<10xf32>
  %zeros = tg.concat %rmax, %rmin axis = 0 : tensor<10xf32>, tensor<10xf32>
  %signs = tg.reshape %zeros : tensor<20xf32> -> tensor<2x10xf32>
  return %max, %min, %relu, %cmps, %unary, %bool, %signs
      : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<6x10xi1>,
        tensor<10x10xf32>, tensor<10xi1>, tensor<2x10xf32>
}
