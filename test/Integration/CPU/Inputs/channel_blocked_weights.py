"""Writes the graph of channel-blocked-weights.test: convolutions on images
whose rows are too short for a vector, with constant weights that
aotc-cpu-channel-blocked-weights stores in blocks of output channels. The
REF lines recompute the weights from the same formula.

- a 3x3 convolution, 32 -> 48 channels on 7x7, padded, with a bias, a ReLU
  and a residual add (the add reads the output strided along the channels);
- a 1x1 convolution, 64 -> 160 channels on 7x7 (tiled in blocks of channels
  that must be multiples of the vector);
- a 1x1 convolution, 40 -> 60 channels on 5x5 (the last block of channels
  partly empty, its lanes masked)."""

import numpy as np


def weights(shape, seed):
    """Exact small multiples of 1/64, from a formula both sides evaluate."""
    n = int(np.prod(shape))
    return (((np.arange(n) * (37 + seed)) % 101 - 50) / 64).reshape(
        shape).astype(np.float32)


def dense(array):
    def fmt(a):
        if a.ndim == 1:
            return "[" + ", ".join(repr(float(v)) for v in a) + "]"
        return "[" + ", ".join(fmt(s) for s in a) + "]"
    return "dense<" + fmt(array) + ">"


def type_of(shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


W3, B3, W1, W5 = (48, 32, 3, 3), (48,), (160, 64, 1, 1), (60, 40, 1, 1)

print("""// REF: def weights(shape, seed):
// REF:     n = int(np.prod(shape))
// REF:     return (((np.arange(n) * (37 + seed)) %% 101 - 50) / 64).reshape(shape)
// REF: def conv(x, w, pad):
// REF:     xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (pad, pad), (pad, pad)])
// REF:     kh, kw = w.shape[2:]
// REF:     h, wd = xp.shape[2] - kh + 1, xp.shape[3] - kw + 1
// REF:     y = np.zeros((x.shape[0], w.shape[0], h, wd))
// REF:     for i in range(kh):
// REF:         for j in range(kw):
// REF:             y += np.einsum('nchw,fc->nfhw', xp[:, :, i:i + h, j:j + wd], w[:, :, i, j])
// REF:     return y
// REF: x, r, y, z = inp
// REF: c = conv(x, weights(%(W3)s, 0), 1) + weights(%(B3)s, 1).reshape(1, -1, 1, 1)
// REF: out[0] = (np.maximum(c, 0) + r).astype(np.float32)
// REF: out[1] = np.maximum(conv(y, weights(%(W1)s, 2), 0), 0).astype(np.float32)
// REF: out[2] = conv(z, weights(%(W5)s, 3), 0).astype(np.float32)
// TOL: rtol=1e-5 atol=1e-5  # f32 sums of up to 288 products vs float64
func.func @channel_blocked(%%x: tensor<1x32x7x7xf32>, %%r: tensor<1x48x7x7xf32>,
                           %%y: tensor<1x64x7x7xf32>, %%z: tensor<1x40x5x5xf32>)
    -> (tensor<1x48x7x7xf32>, tensor<1x160x7x7xf32>, tensor<1x60x5x5xf32>) {
  %%w3 = tg.constant %(w3)s : %(t3)s
  %%b3 = tg.constant %(b3)s : %(tb3)s
  %%w1 = tg.constant %(w1)s : %(t1)s
  %%w5 = tg.constant %(w5)s : %(t5)s
  %%0 = tg.conv %%x, %%w3, %%b3 strides = [1, 1] dilations = [1, 1]
      pads = [1, 1, 1, 1]
      : tensor<1x32x7x7xf32>, %(t3)s, %(tb3)s
  %%1 = tg.relu %%0 : tensor<1x48x7x7xf32>
  %%2 = tg.add %%1, %%r : tensor<1x48x7x7xf32>, tensor<1x48x7x7xf32>
  %%3 = tg.conv %%y, %%w1 strides = [1, 1] dilations = [1, 1]
      pads = [0, 0, 0, 0] : tensor<1x64x7x7xf32>, %(t1)s
  %%4 = tg.relu %%3 : tensor<1x160x7x7xf32>
  %%5 = tg.conv %%z, %%w5 strides = [1, 1] dilations = [1, 1]
      pads = [0, 0, 0, 0] : tensor<1x40x5x5xf32>, %(t5)s
  return %%2, %%4, %%5
      : tensor<1x48x7x7xf32>, tensor<1x160x7x7xf32>, tensor<1x60x5x5xf32>
}""" % dict(W3=W3, B3=B3, W1=W1, W5=W5,
            w3=dense(weights(W3, 0)), t3=type_of(W3),
            b3=dense(weights(B3, 1)), tb3=type_of(B3),
            w1=dense(weights(W1, 2)), t1=type_of(W1),
            w5=dense(weights(W5, 3)), t5=type_of(W5)))
