// RUN: %run-graph %s --work-dir %t
// RUN: %if avx512 %{ %run-graph %s --work-dir %t.avx512 --aotc-arg=--cpu=x86-64-v4 %}
// RUN: aotc %s --name g -o %t.o --dump-dir %t.dump
// RUN: FileCheck %s --input-file %t.dump/04-loops.mlir
// RUN: FileCheck %s --check-prefix=SLICE --input-file %t.dump/04-loops.mlir

// tg.resize against a numpy reference that resizes one axis at a time
// (nearest and multi-linear resampling are separable), with ONNX's
// coordinate transformations (lengths unrounded, as ONNX's reference has
// them) and rounding written out in Python floats:
// up- and downsampling, non-integer scales, sizes that imply the scale,
// every coordinate transform and nearest mode, an axis resized to 1, a
// trilinear resize, resized batch and channel axes, and i32 (exact).
// Rows of at least one vector whose columns (per output vector) lie within
// two vectors of the source row are computed on vectors, each lane's column
// picked by a constant shuffle (aotc-cpu-vector-kernels): an 8x linear
// upsampling (FCN's), rows with a masked tail (21 and 30 columns), nearest,
// a downsampling of 64 columns to 40, and a resize written into its slice
// of a concatenation (strided rows, as an FPN's).

// CHECK: vector.shuffle
// SLICE: vector.store {{.+}} : memref<1x3x24x24xf32, strided<[2880, 576, 24, 1], offset: 1152>>, vector<8xf32>

// INPUT 2: int(-50, 50)

// TOL: rtol=1e-5 atol=1e-6  # f32 weights and sums vs float64

// REF: def source(ct, x, size_in, size_out, scale):
// REF:     half_pixel = (x + 0.5) / scale - 0.5
// REF:     length = size_in * scale
// REF:     if ct == 'half_pixel': return half_pixel
// REF:     if ct == 'half_pixel_symmetric': return size_in / 2 * (1 - size_out / length) + half_pixel
// REF:     if ct == 'pytorch_half_pixel': return half_pixel if length > 1 else 0.0
// REF:     if ct == 'align_corners': return 0.0 if length == 1 else x * (size_in - 1) / (length - 1)
// REF:     if ct == 'asymmetric': return x / scale
// REF:     if ct == 'tf_half_pixel_for_nn': return (x + 0.5) / scale
// REF: def nearest(c, mode):
// REF:     f = math.floor(c)
// REF:     if mode == 'round_prefer_floor': return f if c - f <= 0.5 else f + 1
// REF:     if mode == 'round_prefer_ceil': return f if c - f < 0.5 else f + 1
// REF:     if mode == 'floor': return f
// REF:     return math.ceil(c)
// REF: def resize_axis(a, axis, size, scale, mode, ct, nearest_mode):
// REF:     n = a.shape[axis]
// REF:     clamp = lambda i: min(max(i, 0), n - 1)
// REF:     rows = []
// REF:     for x in range(size):
// REF:         c = source(ct, x, n, size, scale)
// REF:         if mode == 'nearest':
// REF:             rows.append(np.take(a, clamp(nearest(c, nearest_mode)), axis=axis))
// REF:         else:
// REF:             f = math.floor(c)
// REF:             w = c - f
// REF:             rows.append((1 - w) * np.take(a, clamp(f), axis=axis) + w * np.take(a, clamp(f + 1), axis=axis))
// REF:     return np.stack(rows, axis=axis)
// REF: def resize(x, mode, sizes, scales, ct, nearest_mode='round_prefer_floor'):
// REF:     y = x.astype(np.float64)
// REF:     for axis in range(x.ndim):
// REF:         y = resize_axis(y, axis, sizes[axis], scales[axis], mode, ct, nearest_mode)
// REF:     return y.astype(x.dtype)
// REF: x, x3, xi, xs, xw, xc = inp
// REF: out[0] = resize(x, 'linear', [2, 3, 10, 12], [1, 1, 2, 2], 'half_pixel')
// REF: out[1] = resize(x, 'linear', [2, 3, 3, 4], [1, 1, 3 / 5, 4 / 6], 'align_corners')
// REF: out[2] = resize(x, 'linear', [2, 3, 1, 9], [1, 1, 1 / 5, 1.5], 'pytorch_half_pixel')
// REF: out[3] = resize(x, 'nearest', [2, 3, 15, 6], [1, 1, 3, 1], 'asymmetric', 'floor')
// REF: out[4] = resize(x, 'nearest', [2, 3, 3, 4], [1, 1, 0.6, 0.6], 'half_pixel', 'round_prefer_ceil')
// REF: out[5] = resize(x, 'nearest', [2, 3, 8, 9], [1, 1, 1.6, 1.5], 'tf_half_pixel_for_nn')
// REF: out[6] = resize(x, 'linear', [2, 3, 7, 4], [1, 1, 1.5, 0.75], 'half_pixel_symmetric')
// REF: out[7] = resize(xi, 'nearest', [1, 2, 7, 2], [1, 1, 7 / 4, 0.5], 'align_corners', 'ceil')
// REF: out[8] = resize(x3, 'linear', [1, 2, 5, 2, 6], [1, 1, 2.5, 0.5, 2], 'asymmetric')
// REF: out[9] = resize(x, 'nearest', [4, 2, 5, 6], [2, 0.5, 1, 1], 'asymmetric', 'round_prefer_floor')
// REF: out[10] = resize(x, 'linear', [2, 3, 5, 3], [1, 1, 1, 0.6], 'align_corners')
// REF: out[11] = resize(x, 'linear', [2, 3, 1, 6], [1, 1, 0.24, 1], 'pytorch_half_pixel')
// REF: out[12] = resize(xs, 'linear', [1, 3, 48, 48], [1, 1, 8, 8], 'half_pixel')
// REF: out[13] = resize(xs, 'linear', [1, 3, 13, 21], [1, 1, 13 / 6, 3.5], 'align_corners')
// REF: out[14] = resize(xs, 'nearest', [1, 3, 12, 30], [1, 1, 2, 5], 'asymmetric', 'floor')
// REF: out[15] = resize(xw, 'linear', [1, 2, 4, 40], [1, 1, 1, 40 / 64], 'half_pixel')
// REF: out[16] = np.concatenate([xc, resize(xs, 'linear', [1, 3, 24, 24], [1, 1, 4, 4], 'half_pixel')], axis=1)

func.func @resize(%x: tensor<2x3x5x6xf32>, %x3: tensor<1x2x2x4x3xf32>,
                  %xi: tensor<1x2x4x4xi32>, %xs: tensor<1x3x6x6xf32>,
                  %xw: tensor<1x2x4x64xf32>, %xc: tensor<1x2x24x24xf32>)
    -> (tensor<2x3x10x12xf32>, tensor<2x3x3x4xf32>, tensor<2x3x1x9xf32>,
        tensor<2x3x15x6xf32>, tensor<2x3x3x4xf32>, tensor<2x3x8x9xf32>,
        tensor<2x3x7x4xf32>, tensor<1x2x7x2xi32>, tensor<1x2x5x2x6xf32>,
        tensor<4x2x5x6xf32>, tensor<2x3x5x3xf32>, tensor<2x3x1x6xf32>,
        tensor<1x3x48x48xf32>, tensor<1x3x13x21xf32>, tensor<1x3x12x30xf32>,
        tensor<1x2x4x40xf32>, tensor<1x5x24x24xf32>) {
  %0 = tg.resize linear %x sizes = [2, 3, 10, 12] scales = [1.0, 1.0, 2.0, 2.0]
      coordinate_transform = half_pixel : tensor<2x3x5x6xf32>
  %1 = tg.resize linear %x sizes = [2, 3, 3, 4]
      scales = [1.0, 1.0, 0.6, 0.66666666666666663]
      coordinate_transform = align_corners : tensor<2x3x5x6xf32>
  %2 = tg.resize linear %x sizes = [2, 3, 1, 9] scales = [1.0, 1.0, 0.2, 1.5]
      coordinate_transform = pytorch_half_pixel : tensor<2x3x5x6xf32>
  %3 = tg.resize nearest %x sizes = [2, 3, 15, 6] scales = [1.0, 1.0, 3.0, 1.0]
      coordinate_transform = asymmetric nearest_mode = floor
      : tensor<2x3x5x6xf32>
  %4 = tg.resize nearest %x sizes = [2, 3, 3, 4] scales = [1.0, 1.0, 0.6, 0.6]
      coordinate_transform = half_pixel nearest_mode = round_prefer_ceil
      : tensor<2x3x5x6xf32>
  %5 = tg.resize nearest %x sizes = [2, 3, 8, 9] scales = [1.0, 1.0, 1.6, 1.5]
      coordinate_transform = tf_half_pixel_for_nn : tensor<2x3x5x6xf32>
  %6 = tg.resize linear %x sizes = [2, 3, 7, 4] scales = [1.0, 1.0, 1.5, 0.75]
      coordinate_transform = half_pixel_symmetric : tensor<2x3x5x6xf32>
  %7 = tg.resize nearest %xi sizes = [1, 2, 7, 2] scales = [1.0, 1.0, 1.75, 0.5]
      coordinate_transform = align_corners nearest_mode = ceil
      : tensor<1x2x4x4xi32>
  %8 = tg.resize linear %x3 sizes = [1, 2, 5, 2, 6]
      scales = [1.0, 1.0, 2.5, 0.5, 2.0] coordinate_transform = asymmetric
      : tensor<1x2x2x4x3xf32>
  %9 = tg.resize nearest %x sizes = [4, 2, 5, 6] scales = [2.0, 0.5, 1.0, 1.0]
      coordinate_transform = asymmetric : tensor<2x3x5x6xf32>
  // Scales whose output lengths (3.6, 1.2) were rounded down.
  %10 = tg.resize linear %x sizes = [2, 3, 5, 3] scales = [1.0, 1.0, 1.0, 0.6]
      coordinate_transform = align_corners : tensor<2x3x5x6xf32>
  %11 = tg.resize linear %x sizes = [2, 3, 1, 6] scales = [1.0, 1.0, 0.24, 1.0]
      coordinate_transform = pytorch_half_pixel : tensor<2x3x5x6xf32>
  %12 = tg.resize linear %xs sizes = [1, 3, 48, 48] scales = [1.0, 1.0, 8.0, 8.0]
      coordinate_transform = half_pixel : tensor<1x3x6x6xf32>
  %13 = tg.resize linear %xs sizes = [1, 3, 13, 21]
      scales = [1.0, 1.0, 2.1666666666666665, 3.5]
      coordinate_transform = align_corners : tensor<1x3x6x6xf32>
  %14 = tg.resize nearest %xs sizes = [1, 3, 12, 30] scales = [1.0, 1.0, 2.0, 5.0]
      coordinate_transform = asymmetric nearest_mode = floor
      : tensor<1x3x6x6xf32>
  %15 = tg.resize linear %xw sizes = [1, 2, 4, 40] scales = [1.0, 1.0, 1.0, 0.625]
      coordinate_transform = half_pixel : tensor<1x2x4x64xf32>
  %r = tg.resize linear %xs sizes = [1, 3, 24, 24] scales = [1.0, 1.0, 4.0, 4.0]
      coordinate_transform = half_pixel : tensor<1x3x6x6xf32>
  %16 = tg.concat %xc, %r axis = 1 : tensor<1x2x24x24xf32>, tensor<1x3x24x24xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16
      : tensor<2x3x10x12xf32>, tensor<2x3x3x4xf32>, tensor<2x3x1x9xf32>,
        tensor<2x3x15x6xf32>, tensor<2x3x3x4xf32>, tensor<2x3x8x9xf32>,
        tensor<2x3x7x4xf32>, tensor<1x2x7x2xi32>, tensor<1x2x5x2x6xf32>,
        tensor<4x2x5x6xf32>, tensor<2x3x5x3xf32>, tensor<2x3x1x6xf32>,
        tensor<1x3x48x48xf32>, tensor<1x3x13x21xf32>, tensor<1x3x12x30xf32>,
        tensor<1x2x4x40xf32>, tensor<1x5x24x24xf32>
}
