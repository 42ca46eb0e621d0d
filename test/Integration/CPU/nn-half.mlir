// RUN: %run-graph %s --work-dir %t

// f16 and bf16 convolutions, average pools and linear resizes accumulate in
// f32 and round once, so they meet the default f16/bf16 tolerances (about
// an ulp) even for sums of 72 terms; accumulating in f16 would not. The
// references compute in float64 from the same (rounded) inputs.

// REF: def conv(x, w, b, pads):
// REF:     n = x.ndim - 2
// REF:     xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + [(pads[i], pads[n + i]) for i in range(n)])
// REF:     ks = w.shape[2:]
// REF:     outs = [xp.shape[2 + i] - ks[i] + 1 for i in range(n)]
// REF:     y = np.zeros((x.shape[0], w.shape[0], *outs))
// REF:     for k in np.ndindex(*ks):
// REF:         window = tuple(slice(k[i], k[i] + outs[i]) for i in range(n))
// REF:         y += np.einsum('nc...,mc->nm...', xp[(slice(None), slice(None)) + window], w[(slice(None), slice(None)) + k].astype(np.float64))
// REF:     return y + b.reshape((1, -1) + (1,) * n)
// REF: x, w, b, xb = inp
// REF: out[0] = conv(x, w, b, [1, 1, 1, 1]).astype(np.float16)
// REF: pooled = xb.astype(np.float64).reshape(1, 8, 4, 2, 5, 2).mean(axis=(3, 5))
// REF: out[1] = pooled.astype(np.float32)
// REF: c = (np.arange(10) + 0.5) / 1.25 - 0.5
// REF: f = np.floor(c).astype(int)
// REF: frac = c - f
// REF: lo, hi = x[:, :, np.clip(f, 0, 7)].astype(np.float64), x[:, :, np.clip(f + 1, 0, 7)].astype(np.float64)
// REF: out[2] = ((1 - frac)[:, None] * lo + frac[:, None] * hi).astype(np.float16)

func.func @half(%x: tensor<1x8x8x8xf16>, %w: tensor<4x8x3x3xf16>,
                %b: tensor<4xf16>, %xb: tensor<1x8x8x10xbf16>)
    -> (tensor<1x4x8x8xf16>, tensor<1x8x4x5xbf16>, tensor<1x8x10x8xf16>) {
  %0 = tg.conv %x, %w, %b strides = [1, 1] dilations = [1, 1]
      pads = [1, 1, 1, 1]
      : tensor<1x8x8x8xf16>, tensor<4x8x3x3xf16>, tensor<4xf16>
  %1 = tg.pool avg %xb kernel = [2, 2] strides = [2, 2] dilations = [1, 1]
      pads = [0, 0, 0, 0] : tensor<1x8x8x10xbf16>
  %2 = tg.resize linear %x sizes = [1, 8, 10, 8] scales = [1.0, 1.0, 1.25, 1.0]
      coordinate_transform = half_pixel : tensor<1x8x8x8xf16>
  return %0, %1, %2
      : tensor<1x4x8x8xf16>, tensor<1x8x4x5xbf16>, tensor<1x8x10x8xf16>
}
