"""Runs bounded outputs (NonZero, TopK with a run-time k) through the aotc
package: `run` returns each cut to its actual shape, beside the shape output
that states it, and the values match numpy.

Usage: bounded_check.py MODEL.onnx   (the topk-runtime model of
test/Import/ONNX/Inputs/indexing_models.py: TopK over axis 1 with k an
input, Compress over axis 0 with a run-time condition)
"""
import sys

import numpy as np

import aotc

m = aotc.compile(sys.argv[1], name="bounded")
print(m)
print("bounded:", [(s.name, s.shape_output) for s in m.outputs
                   if s.shape_output is not None])
x = np.array([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3], [5, 8, 9, 7, 9]], np.float32)
for k in (2, 0, 7):
    v, i, kept, v_shape, i_shape, kept_shape = m.run(
        x, np.array([k], np.int64), np.array([True, False]))
    want = -np.sort(-x, axis=1, kind="stable")[:, :min(k, 5)]
    assert v.shape == want.shape and np.array_equal(v, want), (v, want)
    assert np.array_equal(np.take_along_axis(x, i, axis=1), want)
    assert list(v_shape) == [3, min(k, 5)] and list(i_shape) == list(v_shape)
    assert np.array_equal(kept, x[:1]) and list(kept_shape) == [1, 5]
    print("k=%d: values %s, kept %s: match numpy"
          % (k, list(v.shape), list(kept.shape)))
