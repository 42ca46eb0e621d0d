// RUN: %run-graph %s --work-dir %t

// tg.nonzero and tg.non_max_suppression against numpy written from the ONNX
// spec: results at their bounded shape, entries past the count zero. NonZero
// runs on floats (NaN is nonzero), bools and integers. Boxes are corners on
// a small integer grid so that they overlap, flip diagonals and have empty
// areas; scores repeat so that ties are ordered by index. The per-class
// limit is a run-time value, negative or past per_class at times (clamped);
// the second suppression has no score threshold (NaN) and center boxes.

// INPUT 0: choice(0.0, 1.5, -2.0, nan)
// INPUT 1: bool(0.3)
// INPUT 2: choice(0, 0, 3)
// INPUT 3: int(0, 6)
// INPUT 4: choice(0.1, 0.5, 0.5, 0.9, 0.2)
// INPUT 5: choice(2, 3, -1, 7)
// INPUT 6: choice(0.3, 0.5)
// INPUT 7: choice(0.15, 0.45)
// REF: x, m, k, boxes, scores, limit, iou, thr = inp
// REF: def nonzero(a):
// REF:     nz = np.array(np.nonzero(a), dtype=np.int64).reshape(a.ndim, -1)
// REF:     full = np.zeros((a.ndim, a.size), np.int64)
// REF:     full[:, :nz.shape[1]] = nz
// REF:     return full, np.array(nz.shape[1], np.int64)
// REF: out[0], out[1] = nonzero(x)
// REF: out[2], out[3] = nonzero(m)
// REF: out[4], out[5] = nonzero(k)
// REF: def overlap(p, q, center, threshold):
// REF:     def extent(b):
// REF:         if center:
// REF:             return b[0] - b[2] / 2, b[0] + b[2] / 2, b[1] - b[3] / 2, b[1] + b[3] / 2
// REF:         return min(b[1], b[3]), max(b[1], b[3]), min(b[0], b[2]), max(b[0], b[2])
// REF:     ax0, ax1, ay0, ay1 = extent(p)
// REF:     bx0, bx1, by0, by1 = extent(q)
// REF:     w = np.float32(min(ax1, bx1) - max(ax0, bx0))
// REF:     h = np.float32(min(ay1, by1) - max(ay0, by0))
// REF:     if w <= 0 or h <= 0: return False
// REF:     inter = w * h
// REF:     a = (ax1 - ax0) * (ay1 - ay0)
// REF:     b = (bx1 - bx0) * (by1 - by0)
// REF:     union = a + b - inter
// REF:     if a <= 0 or b <= 0 or union <= 0: return False
// REF:     return inter / union > threshold
// REF: def nms(boxes, scores, limit, iou, thr, per_class, center=False):
// REF:     rows = []
// REF:     limit = max(0, min(int(limit), per_class))
// REF:     for b in range(scores.shape[0]):
// REF:         for c in range(scores.shape[1]):
// REF:             s = scores[b, c]
// REF:             order = [i for i in sorted(range(len(s)), key=lambda i: (-s[i], i)) if np.isnan(thr) or s[i] > thr]
// REF:             kept = []
// REF:             for i in order:
// REF:                 if len(kept) >= limit: break
// REF:                 if not any(overlap(boxes[b, i], boxes[b, j], center, iou) for j in kept):
// REF:                     kept.append(i)
// REF:                     rows.append((b, c, i))
// REF:     full = np.zeros((scores.shape[0] * scores.shape[1] * per_class, 3), np.int64)
// REF:     if rows: full[:len(rows)] = rows
// REF:     return full, np.array(len(rows), np.int64)
// REF: out[6], out[7] = nms(boxes, scores, limit, iou, thr, 6)
// REF: out[8], out[9] = nms(boxes, scores, limit, iou, np.float32(np.nan), 2, center=True)

func.func @sel(%x: tensor<3x4xf32>, %m: tensor<2x3x2xi1>, %k: tensor<7xi32>,
               %boxes: tensor<2x6x4xf32>, %scores: tensor<2x3x6xf32>,
               %limit: tensor<i64>, %iou: tensor<f32>, %thr: tensor<f32>)
    -> (tensor<2x12xi64>, tensor<i64>, tensor<3x12xi64>, tensor<i64>,
        tensor<1x7xi64>, tensor<i64>, tensor<36x3xi64>, tensor<i64>,
        tensor<12x3xi64>, tensor<i64>) {
  %c0, %n0 = tg.nonzero %x : tensor<3x4xf32>
  %c1, %n1 = tg.nonzero %m : tensor<2x3x2xi1>
  %c2, %n2 = tg.nonzero %k : tensor<7xi32>
  %s0, %t0 = tg.non_max_suppression %boxes, %scores, %limit, %iou, %thr
      per_class = 6 : tensor<2x6x4xf32>, tensor<2x3x6xf32>, tensor<i64>,
      tensor<f32>, tensor<f32>
  %nan = tg.constant dense<0x7FC00000> : tensor<f32>
  %s1, %t1 = tg.non_max_suppression %boxes, %scores, %limit, %iou, %nan
      per_class = 2 center_point_box : tensor<2x6x4xf32>, tensor<2x3x6xf32>,
      tensor<i64>, tensor<f32>, tensor<f32>
  return %c0, %n0, %c1, %n1, %c2, %n2, %s0, %t0, %s1, %t1 : tensor<2x12xi64>, tensor<i64>, tensor<3x12xi64>, tensor<i64>, tensor<1x7xi64>, tensor<i64>, tensor<36x3xi64>, tensor<i64>, tensor<12x3xi64>, tensor<i64>
}
