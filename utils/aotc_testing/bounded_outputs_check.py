#!/usr/bin/python3
"""Compile ONNX ops whose output extent depends on run-time values (bounded
outputs), run them from C and compare with numpy.

Used by test/Integration/CPU/bounded-outputs.test::

    bounded_outputs_check.py --aotc AOTC --work-dir DIR

Each check builds a small model whose data-dependent inputs are graph
inputs (NonZero's input, TopK's k, Compress's condition, NonMaxSuppression's
boxes, scores, limit and thresholds), compiles it, runs it through the
header and compares with a numpy reference written from the ONNX spec. The
comparison goes through onnx_run, which reads each bounded output's actual
shape from the output the header names (NAME_OUTPUT_i_SHAPE_OUTPUT), checks
that every element outside that box is zero, and compares the box: so a
wrong count, a wrong element or a non-zero pad each fail. Two checks lower
a bound with --max-output and expect the first entries. One line per check;
exit status 1 if any failed.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_run  # noqa: E402
from contrib_ops_check import Checker  # noqa: E402


def node(op, inputs, outputs, **attrs):
    from onnx import helper
    return helper.make_node(op, inputs, outputs, **attrs)


def nonzero(x):
    return np.array(np.nonzero(x), dtype=np.int64).reshape(x.ndim, -1)


def topk(x, k, axis, largest):
    """ONNX TopK: sorted best first, equal values by lower index; k clamped
    to the axis as aotc does."""
    k = max(0, min(int(k), x.shape[axis]))
    keys = -x if largest else x
    order = np.argsort(keys, axis=axis, kind="stable")
    order = np.take(order, np.arange(k), axis=axis)
    return np.take_along_axis(x, order, axis=axis), order.astype(np.int64)


def overlap(p, q, center, threshold):
    """ONNX NonMaxSuppression's suppression test of two boxes."""
    def extent(b):
        if center:
            return (b[0] - b[2] / 2, b[0] + b[2] / 2,
                    b[1] - b[3] / 2, b[1] + b[3] / 2)
        return (min(b[1], b[3]), max(b[1], b[3]),
                min(b[0], b[2]), max(b[0], b[2]))
    ax0, ax1, ay0, ay1 = extent(p)
    bx0, bx1, by0, by1 = extent(q)
    w = min(ax1, bx1) - max(ax0, bx0)
    h = min(ay1, by1) - max(ay0, by0)
    if w <= 0 or h <= 0:
        return False
    inter = w * h
    a = (ax1 - ax0) * (ay1 - ay0)
    b = (bx1 - bx0) * (by1 - by0)
    union = a + b - inter
    if a <= 0 or b <= 0 or union <= 0:
        return False
    return inter / union > threshold


def nms(boxes, scores, limit, iou, threshold=None, center=False):
    rows = []
    for b in range(scores.shape[0]):
        for c in range(scores.shape[1]):
            s = scores[b, c]
            order = sorted(range(len(s)), key=lambda i: (-s[i], i))
            kept = []
            for i in order:
                if threshold is not None and not s[i] > threshold:
                    continue
                if len(kept) >= limit:
                    break
                if not any(overlap(boxes[b, i], boxes[b, j], center, iou)
                           for j in kept):
                    kept.append(i)
                    rows.append((b, c, i))
    return np.array(rows, dtype=np.int64).reshape(-1, 3)


def unique(x, sorted_):
    """ONNX Unique over the flattened input: values, first indices,
    inverse indices and counts; unsorted keeps first-occurrence order."""
    flat = x.reshape(-1)
    values, first, inverse, counts = np.unique(
        flat, return_index=True, return_inverse=True, return_counts=True)
    if not sorted_:
        order = np.argsort(first, kind="stable")
        values, first, counts = values[order], first[order], counts[order]
        inverse = np.argsort(order)[inverse]
    return (values, first.astype(np.int64), inverse.astype(np.int64),
            counts.astype(np.int64))


def main(argv):
    args, work = onnx_run.parse_check_args(__doc__, argv)
    check = Checker(args, work, prefix="bounded_outputs_check")
    rng = np.random.default_rng(7)
    f32 = np.float32

    x = rng.choice(np.array([0, 0, 1.5, -2, np.nan], f32), size=(3, 4))
    check("NonZero f32 with NaN", node("NonZero", ["x"], ["y"]), {"x": x},
          {"y": nonzero(x)})
    none = np.zeros((7,), np.int32)
    check("NonZero of all zeros", node("NonZero", ["x"], ["y"]), {"x": none},
          {"y": nonzero(none)})
    full = np.ones((2, 3, 2), bool)
    check("NonZero of all true", node("NonZero", ["x"], ["y"]), {"x": full},
          {"y": nonzero(full)})

    check("NonZero of all true, --max-output y=5",
          node("NonZero", ["x"], ["y"]), {"x": full},
          {"y": nonzero(full)[:, :5]}, flags=["--max-output", "y=5"])

    x = rng.choice(np.arange(4, dtype=f32), size=(3, 5))
    for k, largest in ((0, 1), (2, 1), (5, 0), (9, 1), (-3, 0)):
        v, i = topk(x, k, 1, largest)
        check("TopK k=%d largest=%d (run-time k)" % (k, largest),
              node("TopK", ["x", "k"], ["v", "i"], axis=1, largest=largest),
              {"x": x, "k": np.array([k], np.int64)}, {"v": v, "i": i})
    xu = rng.integers(0, 2**64 - 1, size=(4, 3), dtype=np.uint64)
    v, i = topk(xu, 2, 0, 1)
    check("TopK uint64 (run-time k)",
          node("TopK", ["x", "k"], ["v", "i"], axis=0),
          {"x": xu, "k": np.array([2], np.int64)}, {"v": v, "i": i})

    x = rng.standard_normal((4, 3)).astype(f32)
    for cond in (np.array([True, False, True, True]),
                 np.zeros(3, bool)):
        check("Compress axis 0, %d of %d kept" % (cond.sum(), len(cond)),
              node("Compress", ["x", "c"], ["y"], axis=0),
              {"x": x, "c": cond}, {"y": np.compress(cond, x, axis=0)})
    cond = rng.random(12) < 0.5
    check("Compress flattened", node("Compress", ["x", "c"], ["y"]),
          {"x": x, "c": cond}, {"y": np.compress(cond, x.reshape(-1))})

    for x in (rng.integers(-3, 4, size=(4, 5)).astype(np.int32),
              rng.choice(np.array([2.5, -1, 0, 7], f32), size=(3, 3)),
              np.full((6,), 4, np.int64)):
        for sorted_ in (1, 0):
            y, first, inverse, counts = unique(x, sorted_)
            check("Unique %s%s sorted=%d" % (x.dtype, list(x.shape), sorted_),
                  node("Unique", ["x"], ["y", "first", "inverse", "counts"],
                       sorted=sorted_),
                  {"x": x}, {"y": y, "first": first, "inverse": inverse,
                             "counts": counts})

    boxes = rng.integers(0, 6, size=(2, 8, 4)).astype(f32)
    scores = rng.choice(np.array([0.1, 0.5, 0.5, 0.9, 0.2], f32),
                        size=(2, 3, 8))
    for limit, iou, thr in ((3, 0.3, 0.15), (8, 0.5, 0.45), (-1, 0.5, 0.1)):
        check("NonMaxSuppression limit=%d iou=%g score>%g" % (limit, iou, thr),
              node("NonMaxSuppression", ["b", "s", "m", "iou", "t"], ["sel"]),
              {"b": boxes, "s": scores, "m": np.array([limit], np.int64),
               "iou": np.array([iou], f32), "t": np.array([thr], f32)},
              {"sel": nms(boxes, scores, max(limit, 0), f32(iou), f32(thr))})
    check("NonMaxSuppression, --max-output sel=4",
          node("NonMaxSuppression", ["b", "s", "m", "iou", "t"], ["sel"]),
          {"b": boxes, "s": scores, "m": np.array([8], np.int64),
           "iou": np.array([0.5], f32), "t": np.array([0.1], f32)},
          {"sel": nms(boxes, scores, 8, f32(0.5), f32(0.1))[:4]},
          flags=["--max-output", "sel=4"])
    centers = rng.uniform(0, 4, size=(1, 8, 4)).astype(f32)
    check("NonMaxSuppression center boxes, constant limit 2, no threshold",
          node("NonMaxSuppression", ["b", "s", "m", "iou"], ["sel"],
               center_point_box=1),
          {"b": centers, "s": scores[:1], "iou": np.array([0.2], f32)},
          {"sel": nms(centers, scores[:1], 2, f32(0.2), center=True)},
          inits={"m": np.array([2], np.int64)})

    print("bounded_outputs_check: %d of %d checks passed"
          % (check.count - check.failed, check.count))
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
