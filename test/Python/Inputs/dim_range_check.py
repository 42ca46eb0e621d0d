"""Compiles a model of dim_range_models.py with `--dim batch=1..9` and runs
the one object at batch 1, 4 and 9 (the range's ends and a size between),
comparing every output with numpy's computation of the same model, at the
model tests' tolerance (utils/aotc_testing/onnx_models.py). Also checks that
a size outside the range, or inputs that disagree on it, are refused.

Usage: dim_range_check.py NAME MODEL.onnx [--threads N]
"""
import sys

import numpy as np

import aotc
import dim_range_models
from aotc_testing.onnx_models import ATOL_SCALE, RTOL

name, path = sys.argv[1], sys.argv[2]
threads = int(sys.argv[4]) if len(sys.argv) > 4 else None
w = dim_range_models.weights()
rng = np.random.default_rng(1)


def conv3x3(x, weight, bias):
    n, c, h, wd = x.shape
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros((n, weight.shape[0], h, wd), np.float64)
    for i in range(3):
        for j in range(3):
            out += np.einsum("nchw,oc->nohw", padded[:, :, i:i + h, j:j + wd],
                             weight[:, :, i, j])
    return out + bias[None, :, None, None]


def softmax(v):
    e = np.exp(v - v.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def reference(batch):
    """(inputs, expected outputs) at `batch`, in float64 from float32."""
    if name == "cnn":
        x = rng.standard_normal((batch, 3, 8, 8)).astype(np.float32)
        r = np.maximum(conv3x3(x, w["conv_w"], w["conv_b"]), 0)
        p = r.reshape(batch, 4, 4, 2, 4, 2).max(axis=(3, 5))
        g = p.reshape(batch, -1) @ w["fc_w"].T.astype(np.float64) + w["fc_b"]
        return [x], [softmax(g)]
    if name == "encoder":
        x = rng.standard_normal((batch, 5, 8)).astype(np.float32)
        bias = rng.standard_normal((5, 8)).astype(np.float32)
        h = ((x + bias.astype(np.float64)).reshape(-1, 8)) @ w["mm_w"]
        hx = h.reshape(batch, 5, 8)
        mean = hx.mean(axis=-1, keepdims=True)
        var = hx.var(axis=-1, keepdims=True)
        y = (hx - mean) / np.sqrt(var + 1e-5) * w["ln_g"] + w["ln_b"]
        return [x, bias], [y, h]
    if name == "embedding":
        ids = rng.integers(0, 20, (batch, 6)).astype(np.int64)
        return [ids], [w["table"].astype(np.float64)[ids].sum(axis=1)]
    if name == "attention":
        x = rng.standard_normal((batch, 5, 8)).astype(np.float32)
        h = x.astype(np.float64).transpose(1, 0, 2).reshape(5, -1, 4)
        q = h.transpose(1, 0, 2)
        p = softmax(q @ h.transpose(1, 2, 0))
        o = (p @ q).transpose(1, 0, 2).reshape(-1, 8) @ w["att_w"]
        return [x], [o.reshape(5, -1, 8).transpose(1, 0, 2),
                     x.astype(np.float64).transpose(1, 0, 2).reshape(-1, 8)]
    if name == "gru":
        # ONNX GRU, forward, gates z, r, h; linear_before_reset = 0.
        x = rng.standard_normal((batch, 6, 3)).astype(np.float32)
        wz, wr, wh = np.split(w["gru_w"][0].astype(np.float64), 3)
        rz, rr, rh = np.split(w["gru_r"][0].astype(np.float64), 3)
        wb, rb = np.split(w["gru_b"][0].astype(np.float64), 2)
        bz, br, bh = np.split(wb, 3)
        cz, cr, ch = np.split(rb, 3)
        sig = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
        state = np.zeros((batch, 4))
        ys = []
        for t in range(6):
            xt = x[:, t].astype(np.float64)
            z = sig(xt @ wz.T + state @ rz.T + bz + cz)
            r = sig(xt @ wr.T + state @ rr.T + br + cr)
            hh = np.tanh(xt @ wh.T + (r * state) @ rh.T + bh + ch)
            state = (1 - z) * hh + z * state
            ys.append(state)
        return [x], [np.stack(ys, axis=1)]
    if name == "inner":
        x = rng.standard_normal((4, batch)).astype(np.float32)
        return [x], [np.maximum(x, 0).astype(np.float64)]
    raise SystemExit("no reference for %r" % name)


model = aotc.compile(path, name="g_" + name, flags=["--dim", "batch=1..9"])
print(model)
print("dims:", model.dims)
for batch in (1, 4, 9):
    inputs, want = reference(batch)
    got = model.run(*inputs, threads=threads)
    assert len(got) == len(want)
    for g, e in zip(got, want):
        assert g.shape == e.shape, (g.shape, e.shape)
        np.testing.assert_allclose(g, e, rtol=RTOL,
                                   atol=ATOL_SCALE * np.abs(e).max())
    print("batch %d: %s match numpy" % (
        batch, ", ".join("x".join(map(str, g.shape)) for g in got)))

inputs, _ = reference(10)
try:
    model.run(*inputs)
    raise SystemExit("batch 10 was not refused")
except ValueError as e:
    print("batch 10:", e)
