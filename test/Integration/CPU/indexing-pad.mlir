// RUN: %run-graph %s --work-dir %t

// tg.pad in every mode against np.pad: constant with and without a value,
// reflect (also further than the dimension, which keeps reflecting),
// edge, wrap, negative pads that crop, and a padded dimension of size 1.
// Wrap pads wider than the dimension repeat periodically; numpy 1.24's
// np.pad gets that case wrong on both sides at once, so out[4] is indexed
// directly.

// REF: x, v, s = inp
// REF: def crop(a, low, high):
// REF:     sl = tuple(slice(-l if l < 0 else 0, a.shape[d] + h if h < 0 else None) for d, (l, h) in enumerate(zip(low, high)))
// REF:     return a[sl]
// REF: def pad(a, low, high, mode, **kw):
// REF:     a = crop(a, low, high)
// REF:     return np.pad(a, [(max(l, 0), max(h, 0)) for l, h in zip(low, high)], mode=mode, **kw)
// REF: out[0] = pad(x, [1, 0], [2, 3], 'constant', constant_values=v)
// REF: out[1] = pad(x, [1, 2], [0, 1], 'constant')
// REF: out[2] = pad(x, [2, 4], [2, 6], 'reflect')
// REF: out[3] = pad(x, [1, 3], [2, 1], 'edge')
// REF: out[4] = x[np.ix_(np.arange(-2, 6) % 3, np.arange(-7, 5) % 4)]
// REF: out[5] = pad(x, [-1, 2], [1, -2], 'constant', constant_values=v)
// REF: out[6] = pad(x, [-1, -2], [0, 0], 'reflect')
// REF: out[7] = pad(s, [2, 1], [1, 0], 'reflect')
// REF: out[8] = pad(s.astype(np.int32), [0, 2], [3, 0], 'edge')

func.func @pad(%x: tensor<3x4xf32>, %v: tensor<f32>, %s: tensor<1x3xf32>)
    -> (tensor<6x7xf32>, tensor<4x7xf32>, tensor<7x14xf32>, tensor<6x8xf32>,
        tensor<8x12xf32>, tensor<3x4xf32>, tensor<2x2xf32>, tensor<4x4xf32>,
        tensor<4x5xi32>) {
  %0 = tg.pad constant %x, %v low = [1, 0] high = [2, 3]
      : tensor<3x4xf32>, tensor<f32>
  %1 = tg.pad constant %x low = [1, 2] high = [0, 1] : tensor<3x4xf32>
  %2 = tg.pad reflect %x low = [2, 4] high = [2, 6] : tensor<3x4xf32>
  %3 = tg.pad edge %x low = [1, 3] high = [2, 1] : tensor<3x4xf32>
  %4 = tg.pad wrap %x low = [2, 7] high = [3, 1] : tensor<3x4xf32>
  %5 = tg.pad constant %x, %v low = [-1, 2] high = [1, -2]
      : tensor<3x4xf32>, tensor<f32>
  %6 = tg.pad reflect %x low = [-1, -2] high = [0, 0] : tensor<3x4xf32>
  %7 = tg.pad reflect %s low = [2, 1] high = [1, 0] : tensor<1x3xf32>
  %si = tg.cast %s : tensor<1x3xf32> -> tensor<1x3xi32>
  %8 = tg.pad edge %si low = [0, 2] high = [3, 0] : tensor<1x3xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<6x7xf32>, tensor<4x7xf32>, tensor<7x14xf32>, tensor<6x8xf32>,
        tensor<8x12xf32>, tensor<3x4xf32>, tensor<2x2xf32>, tensor<4x4xf32>,
        tensor<4x5xi32>
}
