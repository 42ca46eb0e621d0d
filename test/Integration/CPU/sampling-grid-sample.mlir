// RUN: %run-graph %s --work-dir %t

// tg.grid_sample against a numpy reference written from the op's definition
// (not ONNX's code): per-axis taps and weights combined as an outer product,
// reflection as a fold of the coordinate modulo twice the border distance.
// Grid coordinates reach past [-1, 1] so that every padding mode matters:
// bilinear, nearest and bicubic with each padding and both align_corners
// settings, a volumetric (3-d) case, i32 nearest (exact), and a constant grid
// of exact ties, which nearest rounds half to even.

// INPUT 1: uniform(-1.4, 1.4)
// INPUT 3: uniform(-1.4, 1.4)
// INPUT 4: int(-50, 50)

// TOL: rtol=1e-4 atol=1e-5  # f32 coordinates and weights vs float64

// REF: def reflect(v, lo, hi):
// REF:     r = hi - lo
// REF:     if r <= 0: return lo
// REF:     y = (v - lo) % (2 * r)
// REF:     return lo + (y if y <= r else 2 * r - y)
// REF: def taps(g, size, mode, padding, align):
// REF:     v = (g + 1) / 2 * (size - 1) if align else ((g + 1) * size - 1) / 2
// REF:     lo, hi = (0.0, size - 1.0) if align else (-0.5, size - 0.5)
// REF:     if mode == 'nearest': v = float(np.round(v))
// REF:     if padding == 'border' and not lo <= v <= hi: v = min(max(v, 0.0), size - 1.0)
// REF:     if padding == 'reflection': v = reflect(v, lo, hi)
// REF:     if mode == 'nearest':
// REF:         pts = [(int(v), 1.0)]
// REF:     else:
// REF:         f = math.floor(v); t = v - f
// REF:         if mode == 'linear':
// REF:             pts = [(f, 1 - t), (f + 1, t)]
// REF:         else:
// REF:             a = -0.75
// REF:             def k(d):
// REF:                 d = abs(d)
// REF:                 if d <= 1: return (a + 2) * d**3 - (a + 3) * d**2 + 1
// REF:                 return a * d**3 - 5 * a * d**2 + 8 * a * d - 4 * a
// REF:             pts = [(f + j, k(t - j)) for j in (-1, 0, 1, 2)]
// REF:     out = []
// REF:     for i, w in pts:
// REF:         if padding == 'zeros':
// REF:             out.append((i, w) if 0 <= i < size else (None, w))
// REF:         elif padding == 'border':
// REF:             out.append((min(max(i, 0), size - 1), w))
// REF:         else:
// REF:             out.append((int(reflect(i, lo, hi)), w))
// REF:     return out
// REF: def grid_sample(x, grid, mode, padding, align):
// REF:     n, c = x.shape[:2]
// REF:     spatial = x.shape[2:]
// REF:     r = len(spatial)
// REF:     y = np.zeros((n, c) + grid.shape[1:-1])
// REF:     for b in range(n):
// REF:         for o in itertools.product(*[range(s) for s in grid.shape[1:-1]]):
// REF:             axes = [taps(float(grid[(b,) + o + (r - 1 - a,)]), spatial[a], mode, padding, align) for a in range(r)]
// REF:             acc = np.zeros(c)
// REF:             for combo in itertools.product(*axes):
// REF:                 if any(i is None for i, _ in combo): continue
// REF:                 w = np.prod([w for _, w in combo])
// REF:                 acc += w * x[(b, slice(None)) + tuple(int(i) for i, _ in combo)].astype(np.float64)
// REF:             y[(b, slice(None)) + o] = acc
// REF:     return y.astype(x.dtype)
// REF: import itertools
// REF: x, g, x3, g3, xi = inp
// REF: ties = np.array([-0.75, -0.5, 0.0, 0.5], np.float32).reshape(1, 4, 1, 1) * np.ones((1, 1, 1, 2), np.float32)
// REF: out[0] = grid_sample(x, g, 'linear', 'zeros', False)
// REF: out[1] = grid_sample(x, g, 'linear', 'border', True)
// REF: out[2] = grid_sample(x, g, 'linear', 'reflection', False)
// REF: out[3] = grid_sample(x, g, 'nearest', 'zeros', True)
// REF: out[4] = grid_sample(x, g, 'nearest', 'border', False)
// REF: out[5] = grid_sample(x, g, 'nearest', 'reflection', True)
// REF: out[6] = grid_sample(x, g, 'cubic', 'zeros', False)
// REF: out[7] = grid_sample(x, g, 'cubic', 'border', True)
// REF: out[8] = grid_sample(x, g, 'cubic', 'reflection', False)
// REF: out[9] = grid_sample(x3, g3, 'linear', 'reflection', True)
// REF: out[10] = grid_sample(x3, g3, 'nearest', 'zeros', False)
// REF: out[11] = grid_sample(xi, g, 'nearest', 'reflection', False)
// REF: out[12] = grid_sample(x[:1, :, :4, :4], ties, 'nearest', 'zeros', False)

func.func @grid_sample(%x: tensor<2x3x5x6xf32>, %g: tensor<2x4x7x2xf32>,
                       %x3: tensor<1x2x3x4x5xf32>, %g3: tensor<1x2x3x4x3xf32>,
                       %xi: tensor<2x3x5x6xi32>)
    -> (tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>,
        tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>,
        tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>,
        tensor<1x2x2x3x4xf32>, tensor<1x2x2x3x4xf32>, tensor<2x3x4x7xi32>,
        tensor<1x3x4x1xf32>) {
  %0 = tg.grid_sample linear %x, %g padding = zeros : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %1 = tg.grid_sample linear %x, %g padding = border align_corners : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %2 = tg.grid_sample linear %x, %g padding = reflection : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %3 = tg.grid_sample nearest %x, %g padding = zeros align_corners : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %4 = tg.grid_sample nearest %x, %g padding = border : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %5 = tg.grid_sample nearest %x, %g padding = reflection align_corners : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %6 = tg.grid_sample cubic %x, %g padding = zeros : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %7 = tg.grid_sample cubic %x, %g padding = border align_corners : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %8 = tg.grid_sample cubic %x, %g padding = reflection : tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>
  %9 = tg.grid_sample linear %x3, %g3 padding = reflection align_corners : tensor<1x2x3x4x5xf32>, tensor<1x2x3x4x3xf32>
  %10 = tg.grid_sample nearest %x3, %g3 padding = zeros : tensor<1x2x3x4x5xf32>, tensor<1x2x3x4x3xf32>
  %11 = tg.grid_sample nearest %xi, %g padding = reflection : tensor<2x3x5x6xi32>, tensor<2x4x7x2xf32>
  // Ties: y = -0.75, -0.5, 0, 0.5 map to 0, 0.5, 1.5, 2.5 on an axis of 4,
  // which round to 0, 0, 2, 2.
  %x4 = tg.slice %x start = [0, 0, 0, 0] limit = [1, 3, 4, 4] stride = [1, 1, 1, 1] : tensor<2x3x5x6xf32>
  %ties = tg.constant dense<[[[[-0.75, -0.75]], [[-0.5, -0.5]], [[0.0, 0.0]], [[0.5, 0.5]]]]> : tensor<1x4x1x2xf32>
  %12 = tg.grid_sample nearest %x4, %ties padding = zeros : tensor<1x3x4x4xf32>, tensor<1x4x1x2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12
      : tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>,
        tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>,
        tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>, tensor<2x3x4x7xf32>,
        tensor<1x2x2x3x4xf32>, tensor<1x2x2x3x4xf32>, tensor<2x3x4x7xi32>,
        tensor<1x3x4x1xf32>
}
