"""Quantized graphs built with onnx.helper, compiled through the aotc package
and compared with numpy doing the same quantized arithmetic:

- qdq: a uint8 NCHW image -> DequantizeLinear -> Conv (int8 weights,
  per-output-channel scales, DequantizeLinear'd) + bias -> Relu ->
  QuantizeLinear (uint8), the form quantization tools write;
- qlinear: the same convolution as one QLinearConv (int32 bias), then a
  QLinearMatMul over the flattened result against int8 weights.

Results must equal the reference exactly: every step is integer arithmetic
or a float product rounded half to even, computed in the same order.

Usage: qdq_check.py WORK_DIR
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import aotc

rng = np.random.default_rng(7)
C, M, H, W = 3, 4, 6, 6
x_scale, x_zp = np.float32(0.02), np.uint8(128)
w_q = rng.integers(-127, 128, (M, C, 3, 3)).astype(np.int8)
w_scale = (rng.random(M).astype(np.float32) * 0.01 + 0.002).astype(np.float32)
bias = rng.standard_normal(M).astype(np.float32) * 0.1
y_scale, y_zp = np.float32(0.05), np.uint8(3)


def const(name, value):
    return numpy_helper.from_array(np.asarray(value), name)


def save(nodes, inputs, outputs, inits, path):
    graph = helper.make_graph(nodes, "g", inputs, outputs, inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.save(model, path)


def conv_ref(x, w, pad=1):
    """NCHW convolution of int32 or float arrays, stride 1."""
    n, c, h, wd = x.shape
    m = w.shape[0]
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    out = np.zeros((n, m, h, wd), x.dtype)
    for i in range(3):
        for j in range(3):
            patch = xp[:, :, i:i + h, j:j + wd]
            out += np.einsum("nchw,mc->nmhw", patch, w[:, :, i, j])
    return out


def quantize(v, scale, zp, lo, hi):
    return np.clip(np.rint(v / scale) + zp, lo, hi)


work = sys.argv[1]
image = rng.integers(0, 256, (1, C, H, W)).astype(np.uint8)

# --- QDQ: float arithmetic on dequantized values.
u8 = lambda name, shape: helper.make_tensor_value_info(name, TensorProto.UINT8, shape)
qdq_path = os.path.join(work, "qdq.onnx")
save([helper.make_node("DequantizeLinear", ["img", "xs", "xz"], ["x"]),
      helper.make_node("DequantizeLinear", ["wq", "ws"], ["w"], axis=0),
      helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1]),
      helper.make_node("Relu", ["c"], ["r"]),
      helper.make_node("QuantizeLinear", ["r", "ys", "yz"], ["y"])],
     [u8("img", [1, C, H, W])], [u8("y", [1, M, H, W])],
     [const("xs", x_scale), const("xz", x_zp), const("wq", w_q),
      const("ws", w_scale), const("b", bias), const("ys", y_scale),
      const("yz", y_zp)], qdq_path)
m = aotc.compile(qdq_path, name="qdq")
print(m)
(y,) = m.run(image)
x = (image.astype(np.float32) - np.float32(x_zp)) * x_scale
w = w_q.astype(np.float32) * w_scale.reshape(M, 1, 1, 1)
r = np.maximum(conv_ref(x, w) + bias.reshape(1, M, 1, 1), 0)
want = quantize(r, y_scale, np.float32(y_zp), 0, 255).astype(np.uint8)
assert y.dtype == np.uint8
# The float convolution sums in another order than numpy: a value at a
# rounding boundary may land one quantum away, never more.
diff = np.abs(y.astype(int) - want.astype(int))
assert diff.max() <= 1 and (diff > 0).mean() < 0.02, (y, want)
print("qdq: %d of %d outputs, max %d quantum off numpy" %
      (y.size, y.size, diff.max()))

# --- QLinearConv + QLinearMatMul: integer accumulation, exact.
K, N = M * H * W, 5
b_q = rng.integers(-127, 128, (K, N)).astype(np.int8)
b_scale = np.float32(0.004)
z_scale, z_zp = np.float32(0.1), np.int8(-5)
bias_q = np.rint(bias / (x_scale * w_scale)).astype(np.int32)
ql_path = os.path.join(work, "qlinear.onnx")
i8 = lambda name, shape: helper.make_tensor_value_info(name, TensorProto.INT8, shape)
save([helper.make_node("QLinearConv", ["img", "xs", "xz", "wq", "ws", "wz",
                                       "ys", "yz", "bq"], ["c"],
                       pads=[1, 1, 1, 1]),
      helper.make_node("Reshape", ["c", "shape"], ["flat"]),
      helper.make_node("QLinearMatMul", ["flat", "ys", "yz", "bm", "bs",
                                         "bz", "zs", "zz"], ["z"])],
     [u8("img", [1, C, H, W])], [u8("c", [1, M, H, W]), i8("z", [1, N])],
     [const("xs", x_scale), const("xz", x_zp), const("wq", w_q),
      const("ws", w_scale), const("wz", np.zeros(M, np.int8)),
      const("ys", y_scale), const("yz", y_zp), const("bq", bias_q),
      const("shape", np.array([1, K], np.int64)), const("bm", b_q),
      const("bs", b_scale), const("bz", np.int8(0)), const("zs", z_scale),
      const("zz", z_zp)], ql_path)
m = aotc.compile(ql_path, name="qlinear")
print(m)
c, z = m.run(image)
acc = conv_ref(image.astype(np.int32) - int(x_zp), w_q.astype(np.int32)) + \
    bias_q.reshape(1, M, 1, 1)
real = acc.astype(np.float32) * (x_scale * w_scale).reshape(1, M, 1, 1)
want_c = quantize(real, y_scale, np.float32(y_zp), 0, 255).astype(np.uint8)
assert np.array_equal(c, want_c), (c, want_c)
acc = (want_c.reshape(1, K).astype(np.int32) - int(y_zp)) @ b_q.astype(np.int32)
want_z = quantize(acc.astype(np.float32) * (y_scale * b_scale), z_scale,
                  np.float32(z_zp), -128, 127).astype(np.int8)
assert z.dtype == np.int8 and np.array_equal(z, want_z), (z, want_z)
print("qlinear: conv %s and matmul %s equal numpy" %
      (list(c.shape), z.ravel().tolist()))

# --- QuantizeLinear at its rounding boundaries: every float32 within 8 ulps
# of (k + 0.5) * scale for each k the clamp reaches, plus the infinities
# and values far outside, for scales that x * (1 / scale) rounds wrongly
# near ties (aotc divides with a reciprocal and an FMA correction, checked
# exact at compile time). Must equal numpy's division exactly.
f32 = lambda name, shape: helper.make_tensor_value_info(name, TensorProto.FLOAT, shape)
cases = [(np.float32(0.1), np.uint8(128)), (np.float32(1 / 3), np.uint8(0)),
         (np.float32(0.0123), np.uint8(7)), (np.float32(7.1), np.int8(-3)),
         (np.float32(0.02), np.int8(0))]


def boundary_inputs(scale, lo, hi, zp):
    centers = (np.arange(lo - int(zp) - 3, hi - int(zp) + 3) + 0.5) * \
        np.float64(scale)
    values = [centers.astype(np.float32)]
    up = down = values[0]
    for _ in range(8):
        up = np.nextafter(up, np.float32(np.inf))
        down = np.nextafter(down, np.float32(-np.inf))
        values += [up, down]
    extremes = np.array([np.inf, -np.inf, 3e38, -3e38, 1e20, -1e20, 0.0, -0.0],
                        np.float32)
    return np.concatenate(values + [extremes])


inputs, want = [], []
nodes, inits, in_infos, out_infos = [], [], [], []
for i, (scale, zp) in enumerate(cases):
    lo, hi = (0, 255) if zp.dtype == np.uint8 else (-128, 127)
    v = boundary_inputs(scale, lo, hi, zp)
    with np.errstate(over="ignore"):
        q = np.clip(np.rint(v / scale) + np.float32(zp), lo, hi)
    inputs.append(v)
    want.append(q.astype(zp.dtype))
    nodes.append(helper.make_node("QuantizeLinear", ["v%d" % i, "s%d" % i,
                                                     "z%d" % i], ["q%d" % i]))
    inits += [const("s%d" % i, scale), const("z%d" % i, zp)]
    in_infos.append(f32("v%d" % i, [v.size]))
    out_infos.append(helper.make_tensor_value_info(
        "q%d" % i, TensorProto.UINT8 if zp.dtype == np.uint8 else TensorProto.INT8, [v.size]))
bounds_path = os.path.join(work, "bounds.onnx")
save(nodes, in_infos, out_infos, inits, bounds_path)
m = aotc.compile(bounds_path, name="bounds")
got = m.run(*inputs)
total = 0
for (scale, _), v, g, w_ in zip(cases, inputs, got, want):
    bad = np.flatnonzero(g != w_)
    assert bad.size == 0, (scale, v[bad[:5]], g[bad[:5]], w_[bad[:5]])
    total += g.size
print("bounds: %d quantized values at rounding boundaries equal numpy" % total)
