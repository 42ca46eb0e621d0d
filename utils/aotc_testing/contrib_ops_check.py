#!/usr/bin/python3
"""Compile single onnxruntime com.microsoft contrib ops, run them from C
and compare with numpy.

Used by test/Integration/CPU/contrib-ops.test::

    contrib_ops_check.py --aotc AOTC --work-dir DIR

Each check builds a one-node model (opsets "" 17 and "com.microsoft" 1;
SimplifiedLayerNormalization in the default domain, where onnxruntime
registers it), compiles it, runs it on random data and compares with a
numpy reference written from onnxruntime's docs/ContribOperators.md (and,
where that is silent, what onnxruntime's CPU kernels do). It prints one line
per check and exits 1 if any failed; a check that aotc cannot compile fails
alone and the others still run.

Activations are graph inputs; the parameters a real model stores as
initializers (weights, biases, norm scales, quantization scales and zero
points, MatMulNBits' packed weights, rotary caches) are initializers.

References compute in float64. Float outputs are compared at ONNX's
backend-test tolerance (onnx_run.ONNX_RTOL/ATOL) with an absolute floor
scaled to the values, as onnx_node_checks.py does. Quantized (8-bit)
outputs are compared as integers: the reference dequantizes, runs the op in
float64 and quantizes with round-half-to-even and saturation, and an
element may differ from it by at most 1 (one quantum), since the rounding
of a float32 kernel can land on the other side of a .5.
"""

import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_run  # noqa: E402

ATOL_SCALE = 1e-5
MS = "com.microsoft"
F32 = np.float32


# ---------------------------------------------------------------------------
# Building, running and comparing one model
# ---------------------------------------------------------------------------


def info(name, array):
    from onnx import helper, mapping
    return helper.make_tensor_value_info(
        name, mapping.NP_TYPE_TO_TENSOR_TYPE[array.dtype], array.shape)


def save(path, nodes, inputs, outputs, inits):
    from onnx import helper, numpy_helper
    graph = helper.make_graph(
        nodes, "g", [info(k, v) for k, v in inputs.items()],
        [info(k, v) for k, v in outputs.items()],
        [numpy_helper.from_array(np.asarray(v), k) for k, v in inits.items()])
    model = helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 17), helper.make_opsetid(MS, 1)])
    model.ir_version = 8
    with open(path, "wb") as f:
        f.write(model.SerializeToString())


def ms(op, inputs, outputs, **attrs):
    """A com.microsoft node."""
    from onnx import helper
    return helper.make_node(op, inputs, outputs, domain=MS, **attrs)


def compare_quantized(index, raw, want):
    """Integer output `index` against `want`, allowing one quantum."""
    if len(raw) != want.nbytes:
        return "output %d: %d bytes, expected %s (%d bytes)" % (
            index, len(raw), want.describe(), want.nbytes)
    got = onnx_run.Tensor.from_bytes(want.etype, raw, want.shape).array
    diff = np.abs(got.astype(np.int64) - want.array.astype(np.int64))
    bad = int(np.count_nonzero(diff > 1))
    if not bad:
        return None
    return ("output %d: %d of %d elements differ by more than 1, max "
            "difference %d" % (index, bad, diff.size, int(diff.max())))


class Checker:
    def __init__(self, args, work, prefix="contrib_ops_check"):
        self.args = args
        self.work = work
        self.prefix = prefix
        self.count = 0
        self.failed = 0

    def __call__(self, what, nodes, inputs, outputs, inits=None, flags=()):
        """Compiles and runs the nodes on `inputs` (name -> array, the graph
        inputs in order) with `inits` (name -> array, initializers) and
        compares with `outputs` (name -> array). `flags`: more aotc flags.
        Prints one line."""
        self.count += 1
        work = os.path.join(self.work, "%02d" % self.count)
        os.makedirs(work)
        if not isinstance(nodes, list):
            nodes = [nodes]
        path = os.path.join(work, "model.onnx")
        save(path, nodes, inputs, outputs, inits or {})
        want = [onnx_run.Tensor.from_numpy(v) for v in outputs.values()]
        try:
            got = onnx_run.compile_and_run(
                path, [onnx_run.Tensor.from_numpy(v) for v in inputs.values()],
                want, work, self.args.aotc, cc=self.args.cc,
                aotc_flags=["-O1"] + list(flags), name="n")
        except onnx_run.Outcome as e:
            return self.fail(what, "%s: %s" % (e.status, e.detail))
        for i, (raw, expected) in enumerate(zip(got, want)):
            if expected.etype.is_float:
                atol = max(onnx_run.ONNX_ATOL,
                           ATOL_SCALE * float(np.abs(expected.array).max(
                               initial=0)))
                problem = onnx_run.compare(i, raw, expected, atol=atol)
            else:
                problem = compare_quantized(i, raw, expected)
            if problem:
                return self.fail(what, problem)
        print("%s: %s matches numpy" % (self.prefix, what))
        return True

    def fail(self, what, detail):
        print("%s: FAIL: %s: %s" % (self.prefix, what, detail))
        self.failed += 1
        return False


# ---------------------------------------------------------------------------
# numpy references (float64)
# ---------------------------------------------------------------------------

_erf = np.vectorize(math.erf, otypes=[np.float64])


def f64(*arrays):
    return [np.asarray(a, np.float64) for a in arrays]


def gelu(x):
    return 0.5 * x * (1 + _erf(x / math.sqrt(2)))


def fast_gelu(x):
    return 0.5 * x * (1 + np.tanh(0.797885 * x + 0.035677 * x ** 3))


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def layer_norm(s, gamma, beta, eps):
    mean = s.mean(-1, keepdims=True)
    var = ((s - mean) ** 2).mean(-1, keepdims=True)
    return (s - mean) / np.sqrt(var + eps) * gamma + beta


def rms_norm(s, gamma, eps):
    return s / np.sqrt((s ** 2).mean(-1, keepdims=True) + eps) * gamma


def conv2d(x, w, b, pads=(0, 0, 0, 0), strides=(1, 1), dilations=(1, 1),
           group=1):
    """ONNX Conv, NCHW input, OIHW weights, pads [top, left, bottom,
    right]."""
    n, c, _, _ = x.shape
    m, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    sh, sw = strides
    dh, dw = dilations
    oh = (xp.shape[2] - dh * (kh - 1) - 1) // sh + 1
    ow = (xp.shape[3] - dw * (kw - 1) - 1) // sw + 1
    y = np.zeros((n, m, oh, ow))
    mg = m // group
    for g in range(group):
        xg = xp[:, g * cg:(g + 1) * cg]
        wg = w[g * mg:(g + 1) * mg]
        for i in range(kh):
            for j in range(kw):
                patch = xg[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh,
                           j * dw:j * dw + sw * (ow - 1) + 1:sw]
                y[:, g * mg:(g + 1) * mg] += np.einsum(
                    "nchw,mc->nmhw", patch, wg[:, :, i, j])
    if b is not None:
        y += b.reshape(1, m, 1, 1)
    return y


def dequantize(q, scale, zero_point):
    return (np.asarray(q, np.int64) - np.int64(zero_point)) * np.float64(scale)


def quantize(v, scale, zero_point, dtype):
    """Round half to even, add the zero point, saturate."""
    limits = np.iinfo(dtype)
    q = np.round(np.asarray(v, np.float64) / np.float64(scale)) + \
        np.int64(zero_point)
    return np.clip(q, limits.min, limits.max).astype(dtype)


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def attention(q, k, v, num_heads, causal=False, scale=None):
    """Scaled dot-product attention over (batch, seq, heads * head_size)
    tensors, heads split from the last axis; returns (batch, seq,
    heads * v_head_size)."""
    b, s, hidden = q.shape
    kv_len = k.shape[1]
    hd = hidden // num_heads
    vd = v.shape[2] // num_heads
    qh = q.reshape(b, s, num_heads, hd).transpose(0, 2, 1, 3)
    kh = k.reshape(b, kv_len, num_heads, hd).transpose(0, 2, 1, 3)
    vh = v.reshape(b, kv_len, num_heads, vd).transpose(0, 2, 1, 3)
    if scale is None:
        scale = 1 / math.sqrt(hd)
    scores = qh @ kh.transpose(0, 1, 3, 2) * scale
    if causal:
        future = np.arange(kv_len)[None, :] > np.arange(s)[:, None] + (
            kv_len - s)
        scores = np.where(future, -np.inf, scores)
    out = softmax(scores) @ vh
    return out.transpose(0, 2, 1, 3).reshape(b, s, num_heads * vd)


def rotate(x, cos, sin, interleaved):
    """RoPE of the last axis of x (head_size) by cos/sin (head_size / 2,
    broadcast). Non-interleaved: the first half pairs with the second;
    interleaved: element 2i pairs with 2i + 1."""
    if interleaved:
        even, odd = x[..., 0::2], x[..., 1::2]
        out = np.empty_like(x)
        out[..., 0::2] = even * cos - odd * sin
        out[..., 1::2] = odd * cos + even * sin
        return out
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    return np.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], -1)


def rotary_caches(max_len, head_size, base=10000.0):
    inv_freq = base ** (-np.arange(0, head_size, 2) / head_size)
    angles = np.arange(max_len)[:, None] * inv_freq[None, :]
    return np.cos(angles).astype(F32), np.sin(angles).astype(F32)


def group_query_attention(q, k, v, past_k, past_v, seqlens, heads, kv_heads,
                          length, window=-1, softcap=0.0, rotary=None,
                          first_prompt=False):
    """GroupQueryAttention as onnxruntime's docs define it, on float64:
    q [B, S, heads * D], k and v [B, S, kv_heads * D], past caches [B,
    kv_heads, P, D] or None, seqlens (total length - 1 per sequence), a
    cache of `length` rows (those past a sequence's length zero, as
    onnxruntime's CPU kernel writes them). `rotary` is (cos, sin,
    interleaved). In a first prompt (S > 1 tokens, total_sequence_length S)
    every sequence starts at position 0 and all S rows are written, a
    shorter sequence's padding too. Returns (output, present_key,
    present_value)."""
    b, s, hidden = q.shape
    d = hidden // heads
    qh = q.reshape(b, s, heads, d).transpose(0, 2, 1, 3).copy()
    kh = k.reshape(b, s, kv_heads, d).transpose(0, 2, 1, 3).copy()
    vh = v.reshape(b, s, kv_heads, d).transpose(0, 2, 1, 3)
    present = [np.zeros((b, kv_heads, length, d)) for _ in range(2)]
    y = np.zeros((b, heads, s, d))
    for n in range(b):
        total = int(seqlens[n]) + 1
        p = 0 if first_prompt else total - s
        if past_k is not None:
            present[0][n, :, :p] = past_k[n, :, :p]
            present[1][n, :, :p] = past_v[n, :, :p]
        if rotary:
            cos, sin, interleaved = rotary
            pos = p + np.arange(s)
            qh[n] = rotate(qh[n], cos[pos], sin[pos], interleaved)
            kh[n] = rotate(kh[n], cos[pos], sin[pos], interleaved)
        present[0][n, :, p:p + s] = kh[n]
        present[1][n, :, p:p + s] = vh[n]
        i = p + np.arange(s)[:, None]
        j = np.arange(length)[None, :]
        visible = (j <= i) & (j < total) & (
            (j > i - window) if window >= 0 else True)
        for h in range(heads):
            kv = h // (heads // kv_heads)
            scores = qh[n, h] @ present[0][n, kv].T / math.sqrt(d)
            if softcap:
                scores = softcap * np.tanh(scores / softcap)
            y[n, h] = softmax(np.where(visible, scores, -np.inf)) @ \
                present[1][n, kv]
    return (y.transpose(0, 2, 1, 3).reshape(b, s, heads * d),
            present[0], present[1])


def pack_nibbles(q):
    """Two 4-bit values a byte along the last axis, the first in the low
    nibble (the last axis is padded to even length with 0)."""
    q = np.asarray(q, np.uint8)
    if q.shape[-1] % 2:
        q = np.concatenate([q, np.zeros(q.shape[:-1] + (1,), np.uint8)], -1)
    return (q[..., 0::2] | (q[..., 1::2] << 4)).astype(np.uint8)


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------


def activation_checks(check, rng):
    x = (rng.standard_normal((2, 3, 16)) * 2).astype(F32)
    bias = rng.standard_normal(16).astype(F32)
    (x64, b64) = f64(x, bias)
    check("Gelu", ms("Gelu", ["x"], ["y"]), {"x": x},
          {"y": gelu(x64).astype(F32)})
    check("FastGelu", ms("FastGelu", ["x"], ["y"]), {"x": x},
          {"y": fast_gelu(x64).astype(F32)})
    check("FastGelu with bias", ms("FastGelu", ["x", "bias"], ["y"]),
          {"x": x}, {"y": fast_gelu(x64 + b64).astype(F32)}, {"bias": bias})
    check("BiasGelu", ms("BiasGelu", ["x", "bias"], ["y"]), {"x": x},
          {"y": gelu(x64 + b64).astype(F32)}, {"bias": bias})
    check("QuickGelu (default alpha 1.702)", ms("QuickGelu", ["x"], ["y"]),
          {"x": x}, {"y": (x64 * sigmoid(1.702 * x64)).astype(F32)})
    check("QuickGelu alpha=1.5", ms("QuickGelu", ["x"], ["y"], alpha=1.5),
          {"x": x}, {"y": (x64 * sigmoid(1.5 * x64)).astype(F32)})


def fused_matmul_checks(check, rng):
    a = rng.standard_normal((2, 3, 4)).astype(F32)
    b = rng.standard_normal((2, 5, 4)).astype(F32)
    (a64, b64) = f64(a, b)
    check("FusedMatMul alpha=0.5 transB=1 (batched)",
          ms("FusedMatMul", ["a", "b"], ["y"], alpha=0.5, transB=1),
          {"a": a, "b": b},
          {"y": (0.5 * a64 @ b64.transpose(0, 2, 1)).astype(F32)})
    a = rng.standard_normal((2, 4, 3)).astype(F32)
    b = rng.standard_normal((5, 4)).astype(F32)
    (a64, b64) = f64(a, b)
    check("FusedMatMul alpha=2 transA=1 transB=1 (batched A, 2-D B)",
          ms("FusedMatMul", ["a", "b"], ["y"], alpha=2.0, transA=1,
             transB=1),
          {"a": a, "b": b},
          {"y": (2 * a64.transpose(0, 2, 1) @ b64.T).astype(F32)})


def norm_checks(check, rng):
    shape, hidden = (2, 3, 16), 16
    x = rng.standard_normal(shape).astype(F32)
    skip = rng.standard_normal(shape).astype(F32)
    gamma = (1 + 0.5 * rng.standard_normal(hidden)).astype(F32)
    beta = rng.standard_normal(hidden).astype(F32)
    bias = rng.standard_normal(hidden).astype(F32)
    (x64, s64, g64, be64, bi64) = f64(x, skip, gamma, beta, bias)
    params = {"gamma": gamma, "beta": beta, "bias": bias}
    total = x64 + s64 + bi64
    want = layer_norm(total, g64, be64, 1e-5).astype(F32)
    names = ["x", "skip", "gamma", "beta", "bias"]
    check("SkipLayerNormalization with beta and bias, epsilon=1e-5",
          ms("SkipLayerNormalization", names, ["y"], epsilon=1e-5),
          {"x": x, "skip": skip}, {"y": want}, params)
    check("SkipLayerNormalization outputs 0 and 3 (input_skip_bias_sum)",
          ms("SkipLayerNormalization", names, ["y", "", "", "sum"],
             epsilon=1e-5),
          {"x": x, "skip": skip}, {"y": want, "sum": total.astype(F32)},
          params)
    skip2 = rng.standard_normal(shape[1:]).astype(F32)
    check("SkipLayerNormalization with a 2-D skip, no beta or bias, default "
          "epsilon 1e-12",
          ms("SkipLayerNormalization", ["x", "skip", "gamma"], ["y"]),
          {"x": x, "skip": skip2},
          {"y": layer_norm(x64 + skip2.astype(np.float64), g64, 0,
                           1e-12).astype(F32)}, {"gamma": gamma})

    check("SkipSimplifiedLayerNormalization with bias, epsilon=1e-6",
          ms("SkipSimplifiedLayerNormalization",
             ["x", "skip", "gamma", "bias"], ["y"], epsilon=1e-6),
          {"x": x, "skip": skip},
          {"y": rms_norm(total, g64, 1e-6).astype(F32)},
          {"gamma": gamma, "bias": bias})
    check("SkipSimplifiedLayerNormalization outputs 0 and 3 "
          "(input_skip_bias_sum), no bias",
          ms("SkipSimplifiedLayerNormalization", ["x", "skip", "gamma"],
             ["y", "", "", "sum"], epsilon=1e-6),
          {"x": x, "skip": skip},
          {"y": rms_norm(x64 + s64, g64, 1e-6).astype(F32),
           "sum": (x64 + s64).astype(F32)}, {"gamma": gamma})

    from onnx import helper
    check("SimplifiedLayerNormalization (default domain) axis=-1 "
          "epsilon=1e-5",
          helper.make_node("SimplifiedLayerNormalization", ["x", "scale"],
                           ["y"], axis=-1, epsilon=1e-5),
          {"x": x}, {"y": rms_norm(x64, g64, 1e-5).astype(F32)},
          {"scale": gamma})


def conv_checks(check, rng):
    # H != W and a non-square kernel, so a swapped axis cannot pass.
    x = rng.standard_normal((2, 3, 7, 6)).astype(F32)
    w = (rng.standard_normal((4, 3, 3, 2)) * 0.5).astype(F32)
    b = rng.standard_normal(4).astype(F32)
    (x64, w64, b64) = f64(x, w, b)
    pads = [1, 0, 1, 1]
    conv = conv2d(x64, w64, b64, pads=pads)
    check("FusedConv Relu (bias, pads)",
          ms("FusedConv", ["x", "w", "b"], ["y"], activation="Relu",
             pads=pads),
          {"x": x}, {"y": np.maximum(conv, 0).astype(F32)}, {"w": w, "b": b})
    conv2 = conv2d(x64, w64, b64, strides=(2, 2))
    check("FusedConv LeakyRelu activation_params=[0.1] (strides 2)",
          ms("FusedConv", ["x", "w", "b"], ["y"], activation="LeakyRelu",
             activation_params=[0.1], strides=[2, 2]),
          {"x": x}, {"y": np.where(conv2 >= 0, conv2, 0.1 * conv2)
                     .astype(F32)}, {"w": w, "b": b})
    check("FusedConv Clip activation_params=[0, 1.5]",
          ms("FusedConv", ["x", "w", "b"], ["y"], activation="Clip",
             activation_params=[0.0, 1.5], pads=pads),
          {"x": x}, {"y": np.clip(conv, 0, 1.5).astype(F32)},
          {"w": w, "b": b})
    z = rng.standard_normal(conv.shape).astype(F32)
    check("FusedConv Relu with Z (added before the activation)",
          ms("FusedConv", ["x", "w", "b", "z"], ["y"], activation="Relu",
             pads=pads),
          {"x": x, "z": z},
          {"y": np.maximum(conv + z.astype(np.float64), 0).astype(F32)},
          {"w": w, "b": b})

    xh = x.transpose(0, 2, 3, 1).copy()  # NHWC
    check("NhwcConv (NHWC input and output, OIHW weights, bias, pads)",
          ms("NhwcConv", ["x", "w", "b"], ["y"], pads=pads),
          {"x": xh}, {"y": conv.transpose(0, 2, 3, 1).astype(F32)},
          {"w": w, "b": b})


def qlinear_checks(check, rng):
    u8, i8 = np.uint8, np.int8

    def scalar(v, dtype):
        return np.array(v, dtype)

    a = rng.integers(0, 256, (2, 3, 4), dtype=u8)
    b = rng.integers(0, 256, (4,), dtype=u8)
    qp = {"a_scale": scalar(0.05, F32), "a_zp": scalar(120, u8),
          "b_scale": scalar(0.03, F32), "b_zp": scalar(135, u8),
          "c_scale": scalar(0.07, F32), "c_zp": scalar(125, u8)}
    names = ["a", "a_scale", "a_zp", "b", "b_scale", "b_zp", "c_scale",
             "c_zp"]
    da = dequantize(a, qp["a_scale"], qp["a_zp"])
    db = dequantize(b, qp["b_scale"], qp["b_zp"])
    check("QLinearAdd (uint8, B broadcast from [4])",
          ms("QLinearAdd", names, ["c"]), {"a": a, "b": b},
          {"c": quantize(da + db, qp["c_scale"], qp["c_zp"], u8)}, qp)

    a = rng.integers(-128, 128, (3, 5), dtype=i8)
    b = rng.integers(-128, 128, (3, 5), dtype=i8)
    qp8 = {"a_scale": scalar(0.04, F32), "a_zp": scalar(-5, i8),
           "b_scale": scalar(0.06, F32), "b_zp": scalar(10, i8),
           "c_scale": scalar(0.09, F32), "c_zp": scalar(3, i8)}
    check("QLinearAdd (int8)", ms("QLinearAdd", names, ["c"]),
          {"a": a, "b": b},
          {"c": quantize(dequantize(a, qp8["a_scale"], qp8["a_zp"]) +
                         dequantize(b, qp8["b_scale"], qp8["b_zp"]),
                         qp8["c_scale"], qp8["c_zp"], i8)}, qp8)

    a = rng.integers(0, 256, (2, 3, 4), dtype=u8)
    b = rng.integers(0, 256, (2, 3, 4), dtype=u8)
    qpm = dict(qp, c_scale=scalar(0.15, F32), c_zp=scalar(100, u8))
    check("QLinearMul (uint8)", ms("QLinearMul", names, ["c"]),
          {"a": a, "b": b},
          {"c": quantize(dequantize(a, qpm["a_scale"], qpm["a_zp"]) *
                         dequantize(b, qpm["b_scale"], qpm["b_zp"]),
                         qpm["c_scale"], qpm["c_zp"], u8)}, qpm)

    x = rng.integers(0, 256, (2, 3, 5), dtype=u8)
    qps = {"x_scale": scalar(0.05, F32), "x_zp": scalar(128, u8),
           "y_scale": scalar(1 / 256, F32), "y_zp": scalar(0, u8)}
    check("QLinearSigmoid (uint8)",
          ms("QLinearSigmoid", ["x", "x_scale", "x_zp", "y_scale", "y_zp"],
             ["y"]), {"x": x},
          {"y": quantize(sigmoid(dequantize(x, qps["x_scale"], qps["x_zp"])),
                         qps["y_scale"], qps["y_zp"], u8)}, qps)

    qpp = {"x_scale": scalar(0.1, F32), "x_zp": scalar(100, u8),
           "y_scale": scalar(0.05, F32), "y_zp": scalar(90, u8)}
    pool_in = ["x", "x_scale", "x_zp", "y_scale", "y_zp"]
    x = rng.integers(0, 256, (2, 4, 5, 3), dtype=u8)
    dx = dequantize(x, qpp["x_scale"], qpp["x_zp"])
    check("QLinearGlobalAveragePool (NCHW, channels_last=0)",
          ms("QLinearGlobalAveragePool", pool_in, ["y"], channels_last=0),
          {"x": x},
          {"y": quantize(dx.mean((2, 3), keepdims=True), qpp["y_scale"],
                         qpp["y_zp"], u8)}, qpp)
    check("QLinearGlobalAveragePool (NHWC, channels_last=1)",
          ms("QLinearGlobalAveragePool", pool_in, ["y"], channels_last=1),
          {"x": x},
          {"y": quantize(dx.mean((1, 2), keepdims=True), qpp["y_scale"],
                         qpp["y_zp"], u8)}, qpp)

    x1 = rng.integers(0, 256, (2, 3, 4), dtype=u8)
    x2 = rng.integers(0, 256, (2, 2, 4), dtype=u8)
    qpc = {"y_scale": scalar(0.1, F32), "y_zp": scalar(128, u8),
           "x1_scale": scalar(0.05, F32), "x1_zp": scalar(120, u8),
           "x2_scale": scalar(0.08, F32), "x2_zp": scalar(130, u8)}
    cat = np.concatenate([dequantize(x1, qpc["x1_scale"], qpc["x1_zp"]),
                          dequantize(x2, qpc["x2_scale"], qpc["x2_zp"])], 1)
    check("QLinearConcat (uint8, axis=1, a scale per input)",
          ms("QLinearConcat", ["y_scale", "y_zp", "x1", "x1_scale", "x1_zp",
                               "x2", "x2_scale", "x2_zp"], ["y"], axis=1),
          {"x1": x1, "x2": x2},
          {"y": quantize(cat, qpc["y_scale"], qpc["y_zp"], u8)}, qpc)


def qgemm_checks(check, rng):
    u8, i8 = np.uint8, np.int8
    m, k, n = 3, 8, 5
    a = rng.integers(0, 256, (m, k), dtype=u8)
    b = rng.integers(0, 256, (n, k), dtype=u8)  # transB=1
    c = rng.integers(-400, 400, (n,), dtype=np.int32)
    qp = {"a_scale": np.array(0.02, F32), "a_zp": np.array(128, u8), "b": b,
          "b_scale": np.array(0.03, F32), "b_zp": np.array(120, u8),
          "c": c, "y_scale": np.array(0.15, F32), "y_zp": np.array(128, u8)}
    acc = (a.astype(np.int64) - 128) @ (b.astype(np.int64) - 120).T + c
    real = acc * np.float64(qp["a_scale"]) * np.float64(qp["b_scale"])
    check("QGemm (uint8 output, int32 bias C, transB=1)",
          ms("QGemm", ["a", "a_scale", "a_zp", "b", "b_scale", "b_zp", "c",
                       "y_scale", "y_zp"], ["y"], transB=1),
          {"a": a}, {"y": quantize(real, qp["y_scale"], qp["y_zp"], u8)}, qp)

    a = rng.integers(0, 256, (6, 3), dtype=u8)  # transA=1: K=6, M=3
    b = rng.integers(-128, 128, (6, 4), dtype=i8)
    b_scale = np.array([0.01, 0.02, 0.03, 0.04], F32)
    b_zp = np.array([0, 3, -2, 5], i8)
    qp = {"a_scale": np.array(0.05, F32), "a_zp": np.array(110, u8), "b": b,
          "b_scale": b_scale, "b_zp": b_zp}
    acc = (a.astype(np.int64) - 110).T @ (b.astype(np.int64) -
                                           b_zp.astype(np.int64))
    real = 0.5 * acc * np.float64(qp["a_scale"]) * b_scale.astype(np.float64)
    check("QGemm (float output, transA=1, alpha=0.5, int8 B with per-column "
          "scale and zero point)",
          ms("QGemm", ["a", "a_scale", "a_zp", "b", "b_scale", "b_zp"],
             ["y"], transA=1, alpha=0.5),
          {"a": a}, {"y": real.astype(F32)}, qp)

    # C is int32 at scale alpha * a_scale * b_scale (the doc's "alpha / beta
    # * a_scale * b_scale", QGemm having no beta): alpha scales it too.
    a = rng.integers(0, 256, (m, k), dtype=u8)
    b = rng.integers(0, 256, (k, n), dtype=u8)
    c = rng.integers(-400, 400, (m, n), dtype=np.int32)
    qp = {"a_scale": np.array(0.02, F32), "a_zp": np.array(128, u8), "b": b,
          "b_scale": np.array(0.03, F32), "b_zp": np.array(120, u8), "c": c}
    acc = (a.astype(np.int64) - 128) @ (b.astype(np.int64) - 120) + c
    real = 0.5 * acc * np.float64(qp["a_scale"]) * np.float64(qp["b_scale"])
    check("QGemm (float output, alpha=0.5 with an [M, N] int32 C)",
          ms("QGemm", ["a", "a_scale", "a_zp", "b", "b_scale", "b_zp", "c"],
             ["y"], alpha=0.5),
          {"a": a}, {"y": real.astype(F32)}, qp)


def matmul_nbits_checks(check, rng):
    k, n = 64, 24
    a = rng.standard_normal((2, 3, k)).astype(F32)
    a64 = a.astype(np.float64)

    def case(block, what, flat_scales, zero_points):
        blocks = k // block
        q = rng.integers(0, 16, (n, k), dtype=np.uint8)
        scales = (rng.random((n, blocks)) * 0.1 + 0.01).astype(F32)
        inits = {"b": pack_nibbles(q.reshape(n, blocks, block))}
        inits["scales"] = scales.reshape(-1) if flat_scales else scales
        names = ["a", "b", "scales"]
        if zero_points:
            zp = rng.integers(0, 16, (n, blocks), dtype=np.uint8)
            packed = pack_nibbles(zp)
            inits["zp"] = packed.reshape(-1) if flat_scales else packed
            names.append("zp")
        else:
            zp = np.full((n, blocks), 8, np.uint8)
        weight = ((q.reshape(n, blocks, block).astype(np.float64) -
                   zp[:, :, None]) * scales[:, :, None]).reshape(n, k)
        check(what, ms("MatMulNBits", names, ["y"], K=k, N=n, bits=4,
                       block_size=block),
              {"a": a}, {"y": (a64 @ weight.T).astype(F32)}, inits)

    case(32, "MatMulNBits bits=4 block_size=32, 1-D scales [N*k_blocks] and "
         "1-D packed zero points", True, True)
    case(16, "MatMulNBits bits=4 block_size=16, 2-D scales, default zero "
         "point 8", False, False)
    case(16, "MatMulNBits bits=4 block_size=16, 2-D scales and 2-D packed "
         "zero points [N, k_blocks/2]", False, True)

    # Every bit width, K not a multiple of the block, float zero points,
    # bias, f16 and rank-1 inputs, column counts off the kernel's tile of 4
    # and more rows than its groups of 32.
    def pack(q, bits):
        """`bits`-bit codes along the last axis, the first in the low bits
        (the last axis padded with zeros to whole bytes)."""
        per = 8 // bits
        q = np.asarray(q, np.uint8)
        pad = -q.shape[-1] % per
        q = np.concatenate([q, np.zeros(q.shape[:-1] + (pad,), np.uint8)], -1)
        out = np.zeros(q.shape[:-1] + (q.shape[-1] // per,), np.uint8)
        for p in range(per):
            out |= (q[..., p::per] << (p * bits)).astype(np.uint8)
        return out

    def general(what, bits, block, k, n, a_shape, zero_kind, bias=False,
                dtype=F32):
        blocks = -(-k // block)
        q = rng.integers(0, 1 << bits, (n, blocks * block), dtype=np.uint8)
        scales = (rng.random((n, blocks)) * 0.1 + 0.01).astype(F32)
        inits = {"b": pack(q.reshape(n, blocks, block), bits),
                 "scales": scales.astype(dtype)}
        names = ["a", "b", "scales"]
        zp = np.full((n, blocks), 1 << (bits - 1), np.float64)
        if zero_kind == "packed":
            codes = rng.integers(0, 1 << bits, (n, blocks), dtype=np.uint8)
            inits["zp"] = pack(codes, bits)
            zp = codes.astype(np.float64)
        elif zero_kind == "float":
            zp = (rng.random((n, blocks)) * (1 << bits)).astype(dtype)
            inits["zp"] = zp
            zp = zp.astype(np.float64)
        if zero_kind != "none":
            names.append("zp")
        weight = ((q.reshape(n, blocks, block).astype(np.float64) -
                   zp[:, :, None]) *
                  scales.astype(dtype).astype(np.float64)[:, :, None])
        weight = weight.reshape(n, -1)[:, :k]
        a = rng.standard_normal(a_shape + (k,)).astype(dtype)
        y = a.astype(np.float64) @ weight.T
        if bias:
            names += [""] * (5 - len(names)) + ["bias"]
            inits["bias"] = rng.standard_normal(n).astype(dtype)
            y = y + inits["bias"].astype(np.float64)
        check(what, ms("MatMulNBits", names, ["y"], K=k, N=n, bits=bits,
                       block_size=block),
              {"a": a}, {"y": y.astype(dtype)}, inits)

    general("MatMulNBits bits=2 block_size=32, K=100 (a partial block), "
            "packed zero points, 37 rows, N=13", 2, 32, 100, 13, (37,),
            "packed")
    general("MatMulNBits bits=8 block_size=16, float zero points, bias, "
            "rank-1 input, N=6", 8, 16, 48, 6, (), "float", bias=True)
    general("MatMulNBits bits=4 block_size=128, K=200, default zero points, "
            "bias, [2, 35] rows, N=30", 4, 128, 200, 30, (2, 35), "none",
            bias=True)
    general("MatMulNBits bits=4 block_size=32, f16 input, scales and float "
            "zero points, N=9", 4, 32, 64, 9, (3,), "float", dtype=np.float16)


def rotary_checks(check, rng):
    batch, seq, heads, head = 2, 4, 2, 8
    cos, sin = rotary_caches(16, head)
    c64, s64 = f64(cos, sin)
    caches = {"cos": cos, "sin": sin}
    names = ["x", "pos", "cos", "sin"]
    x = rng.standard_normal((batch, seq, heads * head)).astype(F32)
    pos = rng.integers(0, 16, (batch, seq)).astype(np.int64)
    xh = x.astype(np.float64).reshape(batch, seq, heads, head)
    for interleaved in (0, 1):
        want = rotate(xh, c64[pos][:, :, None], s64[pos][:, :, None],
                      interleaved)
        check("RotaryEmbedding 3-D input num_heads=2 interleaved=%d"
              % interleaved,
              ms("RotaryEmbedding", names, ["y"], num_heads=heads,
                 interleaved=interleaved),
              {"x": x, "pos": pos},
              {"y": want.reshape(x.shape).astype(F32)}, caches)
    x4 = rng.standard_normal((batch, heads, seq, head)).astype(F32)
    start = np.array([5], np.int64)
    positions = start[0] + np.arange(seq)
    want = rotate(x4.astype(np.float64), c64[positions], s64[positions], 0)
    check("RotaryEmbedding 4-D input (batch, heads, seq, head), "
          "position_ids of shape [1] (start offset)",
          ms("RotaryEmbedding", names, ["y"]), {"x": x4, "pos": start},
          {"y": want.astype(F32)}, caches)


def attention_checks(check, rng):
    batch, seq, kv_len, heads, hidden, v_hidden = 2, 3, 5, 2, 8, 12
    q = rng.standard_normal((batch, seq, hidden)).astype(F32)
    k = rng.standard_normal((batch, kv_len, hidden)).astype(F32)
    v = rng.standard_normal((batch, kv_len, v_hidden)).astype(F32)
    (q64, k64, v64) = f64(q, k, v)
    check("MultiHeadAttention (separate Q, K, V; kv length 5, v_hidden 12)",
          ms("MultiHeadAttention", ["q", "k", "v"], ["y"], num_heads=heads),
          {"q": q, "k": k, "v": v},
          {"y": attention(q64, k64, v64, heads).astype(F32)})
    bias = rng.standard_normal(2 * hidden + v_hidden).astype(F32)
    b64 = bias.astype(np.float64)
    check("MultiHeadAttention with bias",
          ms("MultiHeadAttention", ["q", "k", "v", "bias"], ["y"],
             num_heads=heads),
          {"q": q, "k": k, "v": v},
          {"y": attention(q64 + b64[:hidden], k64 + b64[hidden:2 * hidden],
                          v64 + b64[2 * hidden:], heads).astype(F32)},
          {"bias": bias})

    seq, in_hidden, hidden = 4, 6, 8
    x = rng.standard_normal((batch, seq, in_hidden)).astype(F32)
    w = (rng.standard_normal((in_hidden, 3 * hidden)) * 0.5).astype(F32)
    bias = rng.standard_normal(3 * hidden).astype(F32)
    qkv = x.astype(np.float64) @ w.astype(np.float64) + bias
    qa, ka, va = np.split(qkv, 3, axis=-1)
    for unidirectional in (0, 1):
        check("Attention (packed QKV weights and bias) unidirectional=%d"
              % unidirectional,
              ms("Attention", ["x", "w", "bias"], ["y"], num_heads=heads,
                 unidirectional=unidirectional),
              {"x": x},
              {"y": attention(qa, ka, va, heads, causal=bool(unidirectional))
               .astype(F32)}, {"w": w, "bias": bias})


def group_query_attention_checks(check, rng):
    names = ["q", "k", "v", "past_k", "past_v", "seqlens_k", "total"]
    outs = ["y", "present_k", "present_v"]

    def f32(*arrays):
        return [a.astype(F32) for a in arrays]

    # One decoding step into a fixed-length (shared-buffer) cache of 6 rows,
    # sequences of total lengths 4 and 6, total_sequence_length at run time.
    b, s, heads, kv_heads, d, cache = 2, 1, 4, 2, 8, 6
    q, k, v = (rng.standard_normal((b, s, h * d)).astype(F32)
               for h in (heads, kv_heads, kv_heads))
    pk, pv = (rng.standard_normal((b, kv_heads, cache, d)).astype(F32)
              for _ in range(2))
    seqlens = np.array([3, 5], np.int32)
    want = group_query_attention(*f64(q, k, v, pk, pv), seqlens, heads,
                                 kv_heads, cache)
    check("GroupQueryAttention decoding step, 4 query heads on 2 KV heads, "
          "a shared 6-row cache, runtime seqlens_k and total length",
          ms("GroupQueryAttention", names, outs, num_heads=heads,
             kv_num_heads=kv_heads),
          {"q": q, "k": k, "v": v, "past_k": pk, "past_v": pv,
           "seqlens_k": seqlens, "total": np.array(6, np.int32)},
          dict(zip(outs, f32(*want))))

    # A prompt of 4 tokens (the second sequence 3 long) as packed QKV, no
    # past, rotary embedding, a local window of 2.
    b, s, heads, kv_heads, d = 2, 4, 2, 1, 16
    qkv = rng.standard_normal((b, s, (heads + 2 * kv_heads) * d)).astype(F32)
    cos, sin = rotary_caches(16, d)
    seqlens = np.array([3, 2], np.int32)
    q64 = qkv.astype(np.float64)
    for interleaved in (0, 1):
        want = group_query_attention(
            q64[..., :heads * d], q64[..., heads * d:(heads + 1) * d],
            q64[..., (heads + 1) * d:], None, None, seqlens, heads, kv_heads,
            s, window=2, rotary=(*f64(cos, sin), interleaved),
            first_prompt=True)
        check("GroupQueryAttention prompt, packed QKV, rotary "
              "(rotary_interleaved=%d), local_window_size=2, sequences of "
              "4 and 3" % interleaved,
              ms("GroupQueryAttention",
                 ["qkv", "", "", "", "", "seqlens_k", "total", "cos", "sin"],
                 outs, num_heads=heads, kv_num_heads=kv_heads, do_rotary=1,
                 rotary_interleaved=interleaved, local_window_size=2),
              {"qkv": qkv, "seqlens_k": seqlens},
              dict(zip(outs, f32(*want))),
              {"total": np.array(4, np.int32), "cos": cos, "sin": sin})

    # Two new tokens after 2 of a 3-row past (the third overwritten),
    # total_sequence_length 5 known at compile time (a 5-row present, its
    # last row zero), softcap.
    b, s, heads, kv_heads, d, past = 1, 2, 2, 2, 8, 3
    q, k, v = (rng.standard_normal((b, s, h * d)).astype(F32)
               for h in (heads, kv_heads, kv_heads))
    pk, pv = (rng.standard_normal((b, kv_heads, past, d)).astype(F32)
              for _ in range(2))
    seqlens = np.array([3], np.int32)
    want = group_query_attention(*f64(q, k, v, pk, pv), seqlens, heads,
                                 kv_heads, 5, softcap=2.0)
    check("GroupQueryAttention two tokens after 2 rows of a 3-row past, "
          "constant "
          "total_sequence_length 5, softcap=2",
          ms("GroupQueryAttention", names, outs, num_heads=heads,
             kv_num_heads=kv_heads, softcap=2.0),
          {"q": q, "k": k, "v": v, "past_k": pk, "past_v": pv,
           "seqlens_k": seqlens},
          dict(zip(outs, f32(*want))), {"total": np.array(5, np.int32)})


def quantized_lstm_checks(check, rng):
    """DynamicQuantizeLSTM: W [dirs, input, 4H] and R [dirs, H, 4H] int8
    with a scale and zero point per column (R: per direction), dequantized
    as (q - zp) * scale; then ONNX's LSTM (gates i, o, f, c; default
    activations), bidirectional, with a bias and initial states."""
    seq, batch, size, hidden = 5, 2, 3, 4
    dirs = 2
    x = rng.standard_normal((seq, batch, size)).astype(F32)
    wq = rng.integers(-100, 100, (dirs, size, 4 * hidden)).astype(np.int8)
    rq = rng.integers(-100, 100, (dirs, hidden, 4 * hidden)).astype(np.int8)
    w_scale = (rng.random((dirs, 4 * hidden)) * 0.01 + 0.002).astype(F32)
    w_zp = rng.integers(-3, 3, (dirs, 4 * hidden)).astype(np.int8)
    r_scale = np.array([0.004, 0.006], F32)
    r_zp = np.array([1, -2], np.int8)
    b = (rng.standard_normal((dirs, 8 * hidden)) * 0.1).astype(F32)
    h0 = rng.standard_normal((dirs, batch, hidden)).astype(F32)
    c0 = rng.standard_normal((dirs, batch, hidden)).astype(F32)
    w = (wq.astype(np.float64) - w_zp[:, None, :]) * w_scale[:, None, :]
    r = (rq.astype(np.float64) - r_zp[:, None, None]) * \
        r_scale[:, None, None]
    ys, hs, cs = [], [], []
    for d in range(dirs):
        h, c = h0[d].astype(np.float64), c0[d].astype(np.float64)
        y = np.zeros((seq, batch, hidden))
        steps = range(seq) if d == 0 else range(seq - 1, -1, -1)
        for t in steps:
            g = x[t] @ w[d] + h @ r[d] + b[d, :4 * hidden] + b[d, 4 * hidden:]
            i, o, f, cc = np.split(g, 4, axis=1)
            c = sigmoid(f) * c + sigmoid(i) * np.tanh(cc)
            h = sigmoid(o) * np.tanh(c)
            y[t] = h
        ys.append(y)
        hs.append(h)
        cs.append(c)
    check("DynamicQuantizeLSTM (bidirectional, int8 weights per column and "
          "per direction)",
          ms("DynamicQuantizeLSTM",
             ["x", "w", "r", "b", "", "h0", "c0", "", "w_scale", "w_zp",
              "r_scale", "r_zp"], ["y", "y_h", "y_c"], hidden_size=hidden,
             direction="bidirectional"),
          {"x": x},
          {"y": np.stack(ys, 1).astype(F32), "y_h": np.stack(hs).astype(F32),
           "y_c": np.stack(cs).astype(F32)},
          {"w": wq, "r": rq, "b": b, "h0": h0, "c0": c0, "w_scale": w_scale,
           "w_zp": w_zp, "r_scale": r_scale, "r_zp": r_zp})


def main(argv):
    args, work = onnx_run.parse_check_args(__doc__, argv)
    check = Checker(args, work)
    rng = np.random.default_rng(0)
    for group in (activation_checks, fused_matmul_checks, norm_checks,
                  conv_checks, qlinear_checks, qgemm_checks,
                  matmul_nbits_checks, rotary_checks, attention_checks,
                  group_query_attention_checks,
                  quantized_lstm_checks):
        group(check, rng)
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
