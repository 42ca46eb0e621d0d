"""Runs the uint8-image fixture (test/Import/ONNX/Inputs/fixture.py) through
the aotc package and compares with numpy: pixels of 128 and above must read
as unsigned (255 is 1.0, not -1/255), and the uint8 output must round-trip.

With OFFSET_MODEL (the uint8-offset fixture), also checks a uint8
initializer: wrapping addition and an unsigned comparison.

Usage: uint8_check.py MODEL.onnx [OFFSET_MODEL.onnx]
"""
import sys

import numpy as np

import aotc

m = aotc.compile(sys.argv[1], name="u8")
print(m)
img = (np.arange(48, dtype=np.uint8) * 5 + 10).reshape(1, 4, 4, 3)
img[0, 0, 0, 0], img[0, 1, 1, 1], img[0, 3, 3, 2] = 255, 128, 0
y, q = m.run(img)
# The same arithmetic in f32: a cast, a division by 255, a product by 255.
want_y = img.transpose(0, 3, 1, 2).astype(np.float32) / np.float32(255)
want_q = (want_y * np.float32(255)).astype(np.uint8)
assert y.dtype == np.float32 and q.dtype == np.uint8
assert np.array_equal(y, want_y), (y, want_y)
assert np.array_equal(q, want_q), (q, want_q)
print("y max %.1f, q max %d: match numpy" % (y.max(), q.max()))

if len(sys.argv) > 2:
    m = aotc.compile(sys.argv[2], name="offset")
    x = np.array([0, 10, 55, 56, 100, 255], np.uint8)
    y, big = m.run(x)
    wrapped = ((x.astype(np.int32) + 200) % 256).astype(np.uint8)
    assert np.array_equal(y, wrapped.astype(np.float32)), (y, wrapped)
    assert np.array_equal(big, wrapped > 150), (big, wrapped)
    print("offset: %s > 150: %s" % (wrapped.tolist(), big.astype(int).tolist()))

if len(sys.argv) > 3:
    # Order-based ops read uint8 as unsigned (200 > 3, 255 is the largest),
    # ReduceSum wraps modulo 256, Pow's uint32 exponent is unsigned.
    m = aotc.compile(sys.argv[3], name="order")
    x = np.array([[200, 3, 255, 128, 0], [7, 130, 129, 1, 254]], np.uint8)
    base = np.array([2, 1.5, 3], np.float32)
    e = np.array([3, 2, 0xFFFFFFFF], np.uint32)
    got = m.run(x, base, e)
    want = [x.max(axis=1), x.argmin(axis=1),
            -np.sort(-x.astype(np.int64), axis=1)[:, :2].astype(np.uint8),
            np.argsort(-x.astype(np.int64), axis=1, kind="stable")[:, :2],
            x.sum(axis=1, dtype=np.uint8),
            np.power(base, e.astype(np.float32))]
    for name, g, w in zip(["max", "argmin", "top", "topi", "sum", "pow"],
                          got, want):
        assert g.dtype == w.dtype and np.array_equal(g, w), (name, g, w)
    print("order: max %s, argmin %s, top %s, sum %s, pow %s" % (
        got[0].tolist(), got[1].tolist(), got[2].ravel().tolist(), got[4].tolist(),
        got[5].tolist()))
