"""Test data of affine.mlir: `affine_data.py write DIR` writes DIR/in/{a,b,k}.npy,
the numpy references DIR/ref/{sum,scaled,twice}.npy and DIR/wrong/, the same
references with one element of `scaled` off by 1e-2 (past rtol 1e-3).
`affine_data.py check DIR OUT` asserts OUT/*.npy equal the references."""

import os
import sys

import numpy as np

mode, folder = sys.argv[1:3]
rng = np.random.default_rng(0)
a = rng.standard_normal((2, 3)).astype(np.float32)
b = rng.standard_normal(3).astype(np.float32)
k = np.array([1, -2, 3, 1 << 40], np.int64)
ref = {"sum": a + b, "scaled": a * b, "twice": k + k}
if mode == "write":
    for sub in ("in", "ref", "wrong"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    for name, x in (("a", a), ("b", b), ("k", k)):
        np.save(os.path.join(folder, "in", name + ".npy"), x)
    for name, x in ref.items():
        np.save(os.path.join(folder, "ref", name + ".npy"), x)
        if name == "scaled":
            x = x.copy()
            x[1, 2] += 1e-2 * max(1.0, abs(x[1, 2]))
        np.save(os.path.join(folder, "wrong", name + ".npy"), x)
else:
    out = sys.argv[3]
    for name, want in ref.items():
        got = np.load(os.path.join(out, name + ".npy"))
        assert got.dtype == want.dtype and got.shape == want.shape, name
        assert np.array_equal(got, want), (name, got, want)
        print("%s: %s %s equal" % (name, got.dtype, list(got.shape)))
