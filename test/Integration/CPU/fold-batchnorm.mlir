// RUN: %run-graph %s --work-dir %t
// RUN: aotc-opt %s --canonicalize --aotc-tg-fold-affine-into-weights \
// RUN:   | FileCheck %s --implicit-check-not=tg.sub \
// RUN:   --implicit-check-not=tg.mul --implicit-check-not=tg.rsqrt

// Per-channel affine maps folded into constant weights at compile time
// (aotc-tg-fold-affine-into-weights), checked against numpy computing the
// unfolded graph in float64:
//   0. a conv with bias followed by an inference BatchNorm written out as the
//      ONNX importer writes it: (y - mean) * (gamma * rsqrt(var + eps)) + beta;
//   1. a Gemm-style matmul + bias with a per-column scale, then a ReLU (which
//      stays);
//   2. a strided conv_transpose with bias, scaled per channel and subtracted
//      from a per-channel constant (the sign flips into the weights);
//   3. an f16 conv (1x1 kernel) with a BatchNorm in f16: the folded weights
//      stay f16, rounded once.
// Before lowering nothing of the maps is left: no subtract, multiply or
// rsqrt, only the convolutions, the matmul, its bias add and the ReLU.
// CHECK: tg.conv %{{.+}}, %{{.+}}, %{{.+}} strides
// CHECK: %[[M:.+]] = tg.matmul
// CHECK: %[[A:.+]] = tg.add %[[M]]
// CHECK: tg.relu %[[A]]
// CHECK: tg.conv_transpose %{{.+}}, %{{.+}}, %{{.+}} strides
// CHECK: tg.conv %{{.+}}, %{{.+}}, %{{.+}} strides {{.+}} tensor<3x2x1x1xf16>, tensor<3xf16>

// The folded weights are rounded once to f32 where the reference keeps
// float64 throughout; sums of up to 18 products of values below 2.
// TOL 0, 1, 2: rtol=1e-5 atol=1e-5  # f32 weights rounded once, f32 sums vs float64

// REF: w = np.array([[[[0.25, 0.8125, 0.5625], [-0.5625, -0.375, 0.75], [-1.0, 0.625, 0.625]], [[-0.0625, -0.375, -0.4375], [-0.5, -0.125, 0.0], [0.125, 1.0, 0.5625]]], [[[0.25, 1.0, -0.5625], [-0.6875, 0.25, -0.9375], [-0.9375, 0.0, -0.0625]], [[0.8125, 0.25, 0.0], [-0.0, -0.5, -1.0], [-0.625, 0.375, -0.625]]], [[[-0.25, -1.0, 0.6875], [-0.6875, -0.4375, 0.75], [0.0, 0.6875, 0.25]], [[0.5, -0.8125, 0.0625], [0.0, 0.75, -0.25], [0.1875, -0.875, -0.25]]], [[[-0.375, -0.6875, 0.625], [-0.25, 0.9375, 0.1875], [0.1875, 0.25, 0.375]], [[-0.6875, -0.125, -0.5], [-0.1875, -0.8125, 0.9375], [-0.5625, 0.3125, -0.375]]]], np.float64)
// REF: b = np.array([0.75, 0.3125, -0.75, 0.6875], np.float64)
// REF: gamma = np.array([1.4375, 1.375, 1.0625, 0.625], np.float64)
// REF: beta = np.array([-0.625, 0.875, 0.125, -0.625], np.float64)
// REF: mean = np.array([0.75, 0.3125, 0.125, -0.25], np.float64)
// REF: var = np.array([1.0, 0.6875, 0.3125, 1.8125], np.float64)
// REF: wm = np.array([[-0.0625, 0.125, -0.375, 0.5, -0.9375], [-0.25, -0.9375, -0.75, 0.9375, 0.3125], [-0.125, 0.0625, 0.75, -0.3125, 0.1875], [0.375, -0.3125, 0.0625, 0.5, 0.8125], [-0.6875, 0.875, -1.0, 0.5, 0.625], [-0.75, -0.1875, 0.625, -1.0, 0.25]], np.float64)
// REF: bm = np.array([0.5625, 0.0, 0.4375, -0.5625, -0.625], np.float64)
// REF: sm = np.array([1.0625, 0.75, 1.0, 1.9375, 1.375], np.float64)
// REF: wt = np.array([[[[-0.3125, -0.4375], [0.875, -0.125]], [[0.9375, 0.0], [0.0625, 0.8125]], [[0.5, 0.1875], [-0.125, 0.75]]], [[[-0.1875, 0.875], [-0.875, -0.125]], [[0.0625, 0.875], [-0.5, 0.625]], [[0.375, 0.4375], [0.25, 0.9375]]], [[[-0.3125, -0.1875], [-0.625, -0.875]], [[-0.5625, 0.8125], [0.6875, -0.75]], [[0.1875, -0.0625], [0.1875, 0.3125]]], [[[-0.375, 0.9375], [-0.0625, 0.25]], [[0.25, -0.625], [-0.875, -0.1875]], [[0.5, 0.625], [0.4375, -0.75]]]], np.float64)
// REF: bt = np.array([0.8125, 0.625, 0.75], np.float64)
// REF: st = np.array([0.0625, 1.6875, -1.8125], np.float64)
// REF: tt = np.array([-0.9375, -0.9375, -0.5], np.float64)
// REF: wh = np.array([[[[-0.5]], [[-0.625]]], [[[0.125]], [[-0.9375]]], [[[0.1875]], [[-0.6875]]]], np.float64)
// REF: gh = np.array([1.1875, 0.5, 0.8125], np.float64)
// REF: bh = np.array([0.875, 0.0625, 0.625], np.float64)
// REF: mh = np.array([0.3125, 0.25, -0.625], np.float64)
// REF: vh = np.array([1.25, 0.3125, 1.625], np.float64)
// REF: x, xm, xt, xh = [a.astype(np.float64) for a in inp]
// REF: y = np.zeros((1, 4, 4, 4))
// REF: for i in range(3):
// REF:     for j in range(3):
// REF:         y += np.einsum('nchw,mc->nmhw', x[:, :, i:i + 4, j:j + 4], w[:, :, i, j])
// REF: y += b.reshape(1, 4, 1, 1)
// REF: c = lambda v: v.reshape(1, -1, 1, 1)
// REF: bn = (y - c(mean)) * c(gamma / np.sqrt(var + 1e-5)) + c(beta)
// REF: out[0] = bn.astype(np.float32)
// REF: out[1] = np.maximum((xm @ wm + bm) * sm, 0).astype(np.float32)
// REF: t = np.zeros((1, 3, 6, 6))
// REF: for i in range(2):
// REF:     for j in range(2):
// REF:         t[:, :, i::2, j::2] += np.einsum('nchw,cm->nmhw', xt, wt[:, :, i, j])
// REF: t += c(bt)
// REF: out[2] = (c(tt) - t * c(st)).astype(np.float32)
// REF: h = np.einsum('nchw,mc->nmhw', xh, wh[:, :, 0, 0])
// REF: out[3] = ((h - c(mh)) * c(gh / np.sqrt(vh + 1e-5)) + c(bh)).astype(np.float16)

func.func @fold_batch_norm(%x: tensor<1x2x6x6xf32>, %xm: tensor<3x6xf32>,
                           %xt: tensor<1x4x3x3xf32>, %xh: tensor<1x2x4x4xf16>)
    -> (tensor<1x4x4x4xf32>, tensor<3x5xf32>, tensor<1x3x6x6xf32>,
        tensor<1x3x4x4xf16>) {
  %w = tg.constant dense<[[[[0.25, 0.8125, 0.5625], [-0.5625, -0.375, 0.75], [-1.0, 0.625, 0.625]], [[-0.0625, -0.375, -0.4375], [-0.5, -0.125, 0.0], [0.125, 1.0, 0.5625]]], [[[0.25, 1.0, -0.5625], [-0.6875, 0.25, -0.9375], [-0.9375, 0.0, -0.0625]], [[0.8125, 0.25, 0.0], [-0.0, -0.5, -1.0], [-0.625, 0.375, -0.625]]], [[[-0.25, -1.0, 0.6875], [-0.6875, -0.4375, 0.75], [0.0, 0.6875, 0.25]], [[0.5, -0.8125, 0.0625], [0.0, 0.75, -0.25], [0.1875, -0.875, -0.25]]], [[[-0.375, -0.6875, 0.625], [-0.25, 0.9375, 0.1875], [0.1875, 0.25, 0.375]], [[-0.6875, -0.125, -0.5], [-0.1875, -0.8125, 0.9375], [-0.5625, 0.3125, -0.375]]]]> : tensor<4x2x3x3xf32>
  %b = tg.constant dense<[0.75, 0.3125, -0.75, 0.6875]> : tensor<4xf32>
  %gamma = tg.constant dense<[1.4375, 1.375, 1.0625, 0.625]> : tensor<4xf32>
  %beta = tg.constant dense<[-0.625, 0.875, 0.125, -0.625]> : tensor<4xf32>
  %mean = tg.constant dense<[0.75, 0.3125, 0.125, -0.25]> : tensor<4xf32>
  %var = tg.constant dense<[1.0, 0.6875, 0.3125, 1.8125]> : tensor<4xf32>
  %wm = tg.constant dense<[[-0.0625, 0.125, -0.375, 0.5, -0.9375], [-0.25, -0.9375, -0.75, 0.9375, 0.3125], [-0.125, 0.0625, 0.75, -0.3125, 0.1875], [0.375, -0.3125, 0.0625, 0.5, 0.8125], [-0.6875, 0.875, -1.0, 0.5, 0.625], [-0.75, -0.1875, 0.625, -1.0, 0.25]]> : tensor<6x5xf32>
  %bm = tg.constant dense<[0.5625, 0.0, 0.4375, -0.5625, -0.625]> : tensor<5xf32>
  %sm = tg.constant dense<[1.0625, 0.75, 1.0, 1.9375, 1.375]> : tensor<5xf32>
  %wt = tg.constant dense<[[[[-0.3125, -0.4375], [0.875, -0.125]], [[0.9375, 0.0], [0.0625, 0.8125]], [[0.5, 0.1875], [-0.125, 0.75]]], [[[-0.1875, 0.875], [-0.875, -0.125]], [[0.0625, 0.875], [-0.5, 0.625]], [[0.375, 0.4375], [0.25, 0.9375]]], [[[-0.3125, -0.1875], [-0.625, -0.875]], [[-0.5625, 0.8125], [0.6875, -0.75]], [[0.1875, -0.0625], [0.1875, 0.3125]]], [[[-0.375, 0.9375], [-0.0625, 0.25]], [[0.25, -0.625], [-0.875, -0.1875]], [[0.5, 0.625], [0.4375, -0.75]]]]> : tensor<4x3x2x2xf32>
  %bt = tg.constant dense<[0.8125, 0.625, 0.75]> : tensor<3xf32>
  %st = tg.constant dense<[0.0625, 1.6875, -1.8125]> : tensor<3xf32>
  %tt = tg.constant dense<[-0.9375, -0.9375, -0.5]> : tensor<3xf32>
  %wh = tg.constant dense<[[[[-0.5]], [[-0.625]]], [[[0.125]], [[-0.9375]]], [[[0.1875]], [[-0.6875]]]]> : tensor<3x2x1x1xf16>
  %gh = tg.constant dense<[1.1875, 0.5, 0.8125]> : tensor<3xf16>
  %bh = tg.constant dense<[0.875, 0.0625, 0.625]> : tensor<3xf16>
  %mh = tg.constant dense<[0.3125, 0.25, -0.625]> : tensor<3xf16>
  %vh = tg.constant dense<[1.25, 0.3125, 1.625]> : tensor<3xf16>
  %eps = tg.constant dense<1.0e-5> : tensor<f32>
  %eps_h = tg.constant dense<1.0e-5> : tensor<f16>

  %y = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x2x6x6xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>
  %gamma_c = tg.reshape %gamma : tensor<4xf32> -> tensor<4x1x1xf32>
  %beta_c = tg.reshape %beta : tensor<4xf32> -> tensor<4x1x1xf32>
  %mean_c = tg.reshape %mean : tensor<4xf32> -> tensor<4x1x1xf32>
  %var_c = tg.reshape %var : tensor<4xf32> -> tensor<4x1x1xf32>
  %var_eps = tg.add %var_c, %eps : tensor<4x1x1xf32>, tensor<f32>
  %inv_std = tg.rsqrt %var_eps : tensor<4x1x1xf32>
  %factor = tg.mul %gamma_c, %inv_std : tensor<4x1x1xf32>, tensor<4x1x1xf32>
  %centered = tg.sub %y, %mean_c : tensor<1x4x4x4xf32>, tensor<4x1x1xf32>
  %scaled = tg.mul %centered, %factor : tensor<1x4x4x4xf32>, tensor<4x1x1xf32>
  %bn = tg.add %scaled, %beta_c : tensor<1x4x4x4xf32>, tensor<4x1x1xf32>

  %m = tg.matmul %xm, %wm : tensor<3x6xf32>, tensor<6x5xf32>
  %mb = tg.add %m, %bm : tensor<3x5xf32>, tensor<5xf32>
  %ms = tg.mul %mb, %sm : tensor<3x5xf32>, tensor<5xf32>
  %mr = tg.relu %ms : tensor<3x5xf32>

  %t = tg.conv_transpose %xt, %wt, %bt strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] output_padding = [0, 0] : tensor<1x4x3x3xf32>, tensor<4x3x2x2xf32>, tensor<3xf32>
  %st_c = tg.reshape %st : tensor<3xf32> -> tensor<1x3x1x1xf32>
  %tt_c = tg.reshape %tt : tensor<3xf32> -> tensor<3x1x1xf32>
  %ts = tg.mul %t, %st_c : tensor<1x3x6x6xf32>, tensor<1x3x1x1xf32>
  %to = tg.sub %tt_c, %ts : tensor<3x1x1xf32>, tensor<1x3x6x6xf32>

  %h = tg.conv %xh, %wh strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] : tensor<1x2x4x4xf16>, tensor<3x2x1x1xf16>
  %gh_c = tg.reshape %gh : tensor<3xf16> -> tensor<3x1x1xf16>
  %bh_c = tg.reshape %bh : tensor<3xf16> -> tensor<3x1x1xf16>
  %mh_c = tg.reshape %mh : tensor<3xf16> -> tensor<3x1x1xf16>
  %vh_c = tg.reshape %vh : tensor<3xf16> -> tensor<3x1x1xf16>
  %vh_eps = tg.add %vh_c, %eps_h : tensor<3x1x1xf16>, tensor<f16>
  %inv_std_h = tg.rsqrt %vh_eps : tensor<3x1x1xf16>
  %factor_h = tg.mul %gh_c, %inv_std_h : tensor<3x1x1xf16>, tensor<3x1x1xf16>
  %centered_h = tg.sub %h, %mh_c : tensor<1x3x4x4xf16>, tensor<3x1x1xf16>
  %scaled_h = tg.mul %centered_h, %factor_h : tensor<1x3x4x4xf16>, tensor<3x1x1xf16>
  %bn_h = tg.add %scaled_h, %bh_c : tensor<1x3x4x4xf16>, tensor<3x1x1xf16>

  return %bn, %mr, %to, %bn_h : tensor<1x4x4x4xf32>, tensor<3x5xf32>, tensor<1x3x6x6xf32>, tensor<1x3x4x4xf16>
}
