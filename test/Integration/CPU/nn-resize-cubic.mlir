// RUN: %run-graph %s --work-dir %t

// The tap-table lowering of tg.resize (cubic, antialias, exclude_outside,
// tf_crop_and_resize) against a numpy reference written from ONNX's
// reference implementation: every output element interpolates the whole
// input recursively, one axis at a time (outermost last), and each 1-d
// interpolation takes the taps' weights at the fraction of the coordinate
// past its lower neighbour (in (0, 1]) and the as many nearest elements of
// the input padded with edge copies, preferring lower ones. Cases: cubic up-
// and downsampling with half_pixel, align_corners, asymmetric,
// pytorch_half_pixel and half_pixel_symmetric; cubic_coeff_a = -0.5 with
// exclude_outside; linear and cubic antialiasing (6 and 8 taps); cropping
// with a roi partly outside the input, with and without an extrapolation
// value; a 3-d cubic resize.

// INPUT *: uniform(-1, 1)

// TOL: rtol=1e-5 atol=1e-5  # f32 weights, up to 64 products of 2 or 3 weights summed with mixed signs in f32 vs float64

// REF: def coord(ct, x, n, size, scale, roi0, roi1):
// REF:     length = n * scale
// REF:     if ct == 'half_pixel': return (x + 0.5) / scale - 0.5
// REF:     if ct == 'half_pixel_symmetric': return n / 2 * (1 - size / length) + (x + 0.5) / scale - 0.5
// REF:     if ct == 'pytorch_half_pixel': return (x + 0.5) / scale - 0.5 if length > 1 else 0.0
// REF:     if ct == 'align_corners': return 0.0 if length == 1 else x * (n - 1) / (length - 1)
// REF:     if ct == 'asymmetric': return x / scale
// REF:     c = (roi1 - roi0) * (n - 1) / 2 if length == 1 else x * (roi1 - roi0) * (n - 1) / (length - 1)
// REF:     return c + roi0 * (n - 1)
// REF: def keys(t, a):
// REF:     t = abs(t)
// REF:     if t <= 1: return (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1
// REF:     if t < 2: return a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a
// REF:     return 0.0
// REF: def coeffs(mode, r, s, a, aa):
// REF:     if mode == 'cubic' and not aa: return [keys(r + 1, a), keys(r, a), keys(1 - r, a), keys(2 - r, a)]
// REF:     if mode == 'linear' and not aa: return [1 - r, r]
// REF:     s = min(s, 1.0)
// REF:     if mode == 'cubic':
// REF:         first = math.floor(-2 / s) + 1
// REF:         c = [keys(s * (i - r), a) for i in range(first, 2 - first)]
// REF:     else:
// REF:         first = math.floor(-1 / s) + 1
// REF:         c = [max(0.0, 1 - abs((i - r) * s)) for i in range(first, 2 - first)]
// REF:     return [v / sum(c) for v in c]
// REF: def interp1(vals, x, size, scale, o, roi0, roi1):
// REF:     n = len(vals)
// REF:     c = coord(o['ct'], x, n, size, scale, roi0, roi1)
// REF:     if o['ct'] == 'tf_crop_and_resize' and (c < 0 or c > n - 1): return o['extrapolation']
// REF:     r = 1.0 if c == math.floor(c) else c - math.floor(c)
// REF:     w = coeffs(o['mode'], r, scale, o['a'], o['antialias'])
// REF:     m = len(w)
// REF:     pad = (m + 1) // 2
// REF:     padded = [vals[0]] * pad + list(vals) + [vals[-1]] * pad
// REF:     idx = sorted(sorted(range(len(padded)), key=lambda i: (abs(c + pad - i), i))[:m])
// REF:     if o['exclude']:
// REF:         w = [0.0 if not 0 <= i - pad < n else v for v, i in zip(w, idx)]
// REF:         w = [v / sum(w) for v in w]
// REF:     return sum(v * padded[i] for v, i in zip(w, idx))
// REF: def interp(data, x, sizes, scales, roi, o):
// REF:     k = data.ndim
// REF:     if k == 1:
// REF:         return interp1(data, x[0], sizes[0], scales[0], o, roi[0], roi[1])
// REF:     inner = np.concatenate([roi[1:k], roi[k + 1:]])
// REF:     rows = [interp(data[i], x[1:], sizes[1:], scales[1:], inner, o) for i in range(data.shape[0])]
// REF:     return interp1(rows, x[0], sizes[0], scales[0], o, roi[0], roi[k])
// REF: def resize(data, mode, sizes, scales, ct, a=-0.75, exclude=False, antialias=False, roi=None, extrapolation=0.0):
// REF:     o = dict(mode=mode, ct=ct, a=a, exclude=exclude, antialias=antialias, extrapolation=extrapolation)
// REF:     d = data.astype(np.float64)
// REF:     if roi is None: roi = [0.0] * d.ndim + [1.0] * d.ndim
// REF:     roi = np.array(roi, np.float64)
// REF:     y = np.zeros(sizes)
// REF:     for x in np.ndindex(*sizes):
// REF:         y[x] = interp(d, x, sizes, scales, roi, o)
// REF:     return y.astype(data.dtype)
// REF: x, y, z = inp
// REF: out[0] = resize(x, 'cubic', [1, 2, 8, 8], [1, 1, 2, 2], 'half_pixel')
// REF: out[1] = resize(y, 'cubic', [1, 1, 3, 4], [1, 1, 0.6, 0.66666666666666663], 'align_corners')
// REF: out[2] = resize(y, 'cubic', [1, 1, 7, 3], [1, 1, 1.5, 0.5], 'asymmetric', a=-0.5, exclude=True)
// REF: out[3] = resize(y, 'cubic', [1, 1, 3, 3], [1, 1, 0.6, 0.5], 'half_pixel', antialias=True)
// REF: out[4] = resize(y, 'linear', [1, 1, 2, 6], [1, 1, 0.4, 1], 'half_pixel', antialias=True)
// REF: out[5] = resize(y, 'linear', [1, 1, 3, 3], [1, 1, 0.6, 0.5], 'tf_crop_and_resize', roi=[0, 0, 0.4, 0.6, 1, 1, 1.2, 1.7], extrapolation=10.0)
// REF: out[6] = resize(x, 'cubic', [1, 2, 4, 3], [1, 1, 1, 0.75], 'tf_crop_and_resize', roi=[0, 0, -0.2, 0.1, 1, 1, 0.9, 0.8])
// REF: out[7] = resize(z, 'cubic', [1, 1, 6, 2, 7], [1, 1, 2, 0.5, 1.4], 'pytorch_half_pixel')
// REF: out[8] = resize(x, 'cubic', [1, 2, 3, 2], [1, 1, 0.75, 0.5], 'half_pixel_symmetric', a=-0.5, exclude=True, antialias=True)

func.func @resize(%x: tensor<1x2x4x4xf32>, %y: tensor<1x1x5x6xf32>,
                  %z: tensor<1x1x3x4x5xf32>)
    -> (tensor<1x2x8x8xf32>, tensor<1x1x3x4xf32>, tensor<1x1x7x3xf32>,
        tensor<1x1x3x3xf32>, tensor<1x1x2x6xf32>, tensor<1x1x3x3xf32>,
        tensor<1x2x4x3xf32>, tensor<1x1x6x2x7xf32>, tensor<1x2x3x2xf32>) {
  %0 = tg.resize cubic %x sizes = [1, 2, 8, 8] scales = [1.0, 1.0, 2.0, 2.0]
      coordinate_transform = half_pixel : tensor<1x2x4x4xf32>
  %1 = tg.resize cubic %y sizes = [1, 1, 3, 4]
      scales = [1.0, 1.0, 0.6, 0.66666666666666663]
      coordinate_transform = align_corners : tensor<1x1x5x6xf32>
  %2 = tg.resize cubic %y sizes = [1, 1, 7, 3] scales = [1.0, 1.0, 1.5, 0.5]
      coordinate_transform = asymmetric cubic_coeff_a = -0.5 exclude_outside
      : tensor<1x1x5x6xf32>
  %3 = tg.resize cubic %y sizes = [1, 1, 3, 3] scales = [1.0, 1.0, 0.6, 0.5]
      coordinate_transform = half_pixel antialias : tensor<1x1x5x6xf32>
  %4 = tg.resize linear %y sizes = [1, 1, 2, 6] scales = [1.0, 1.0, 0.4, 1.0]
      coordinate_transform = half_pixel antialias : tensor<1x1x5x6xf32>
  %5 = tg.resize linear %y sizes = [1, 1, 3, 3] scales = [1.0, 1.0, 0.6, 0.5]
      coordinate_transform = tf_crop_and_resize
      roi = [0.0, 0.0, 0.4, 0.6, 1.0, 1.0, 1.2, 1.7]
      extrapolation_value = 10.0 : tensor<1x1x5x6xf32>
  %6 = tg.resize cubic %x sizes = [1, 2, 4, 3] scales = [1.0, 1.0, 1.0, 0.75]
      coordinate_transform = tf_crop_and_resize
      roi = [0.0, 0.0, -0.2, 0.1, 1.0, 1.0, 0.9, 0.8] : tensor<1x2x4x4xf32>
  %7 = tg.resize cubic %z sizes = [1, 1, 6, 2, 7]
      scales = [1.0, 1.0, 2.0, 0.5, 1.4]
      coordinate_transform = pytorch_half_pixel : tensor<1x1x3x4x5xf32>
  %8 = tg.resize cubic %x sizes = [1, 2, 3, 2] scales = [1.0, 1.0, 0.75, 0.5]
      coordinate_transform = half_pixel_symmetric cubic_coeff_a = -0.5
      exclude_outside antialias : tensor<1x2x4x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<1x2x8x8xf32>, tensor<1x1x3x4xf32>, tensor<1x1x7x3xf32>,
        tensor<1x1x3x3xf32>, tensor<1x1x2x6xf32>, tensor<1x1x3x3xf32>,
        tensor<1x2x4x3xf32>, tensor<1x1x6x2x7xf32>, tensor<1x2x3x2xf32>
}
