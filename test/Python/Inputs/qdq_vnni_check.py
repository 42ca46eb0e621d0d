"""Convolutions of a QDQ graph (QuantizeLinear -> DequantizeLinear on the
input, DequantizeLinear of int8 weights with a scale per output channel),
compiled through the package for this CPU and compared with a float64
numpy convolution of the same dequantized values. With AVX-512 VNNI, those
whose weights are int8 values times a scale per channel run as uint8 x
int8 vpdpbusd kernels (aotc-cpu-vnni-convs); each case says whether the
code for a Sapphire Rapids CPU has them, so the kernels are checked to be chosen on any host
and to compute the same values where the host runs them.

Usage: quantized_conv_check.py WORK_DIR
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import aotc
from vnni_asm import uses_vnni

rng = np.random.default_rng(5)
work = sys.argv[1]



def reference_conv(x, w, b, stride, pads, dilation):
    """float64 convolution of NCHW `x` by FCHW `w`; pads (top, left, bottom,
    right)."""
    n, c, h, wd = x.shape
    f, _, kh, kw = w.shape
    xp = np.zeros((n, c, h + pads[0] + pads[2], wd + pads[1] + pads[3]))
    xp[:, :, pads[0]:pads[0] + h, pads[1]:pads[1] + wd] = x
    oh = (xp.shape[2] - dilation * (kh - 1) - 1) // stride + 1
    ow = (xp.shape[3] - dilation * (kw - 1) - 1) // stride + 1
    y = np.zeros((n, f, oh, ow))
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, :, i * dilation:i * dilation + stride * oh:stride,
                       j * dilation:j * dilation + stride * ow:stride]
            y += np.einsum("nchw,fc->nfhw", patch, w[:, :, i, j])
    return y + b.reshape(1, -1, 1, 1)


def save(name, nodes, shape, inits):
    graph = helper.make_graph(
        nodes, name, [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                                     list(shape))],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
    path = os.path.join(work, name + ".onnx")
    onnx.save(helper.make_model(graph,
                                opset_imports=[helper.make_opsetid("", 13)]),
              path)
    return path


def quantize_input(x, x_scale, zero, signed):
    """QuantizeLinear -> DequantizeLinear of the input, and numpy's values
    of it."""
    q_dtype = np.int8 if signed else np.uint8
    nodes = [helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"]),
             helper.make_node("DequantizeLinear", ["xq", "xs", "xz"], ["xd"])]
    inits = [numpy_helper.from_array(np.array(x_scale), "xs"),
             numpy_helper.from_array(np.array(zero, q_dtype), "xz")]
    low, high = (-128, 127) if signed else (0, 255)
    xq = np.clip(np.rint(x / x_scale) + zero, low, high)
    return nodes, inits, (xq - zero) * np.float64(x_scale)


def qdq_matmul(name, shape, columns, signed=False, zero=0, bias=True):
    """A QDQ MatMul (+ a bias Add) of `shape` by `columns` int8 columns."""
    k = shape[-1]
    x = rng.standard_normal(shape).astype(np.float32)
    nodes, inits, xd = quantize_input(x, np.float32(0.05), zero, signed)
    wq = rng.integers(-127, 128, (k, columns)).astype(np.int8)
    w_scale = (rng.random(columns) * 0.02 + 0.001).astype(np.float32)
    b = rng.standard_normal(columns).astype(np.float32)
    nodes += [helper.make_node("DequantizeLinear", ["wq", "ws"], ["wd"],
                               axis=1),
              helper.make_node("MatMul", ["xd", "wd"],
                               ["mm" if bias else "y"])]
    inits += [numpy_helper.from_array(wq, "wq"),
              numpy_helper.from_array(w_scale, "ws")]
    if bias:
        nodes.append(helper.make_node("Add", ["mm", "b"], ["y"]))
        inits.append(numpy_helper.from_array(b, "b"))
    path = save(name, nodes, shape, inits)
    (y,) = aotc.compile(path, name=name, cpu="native").run(x)
    w = wq.astype(np.float32) * w_scale
    want = xd @ w.astype(np.float64) + (b if bias else 0)
    assert y.shape == want.shape, (name, y.shape, want.shape)
    err = np.abs(y - want).max() / np.abs(want).max()
    assert err < 1e-5, (name, err)
    print("%s: %s x %dx%d matches numpy; vpdpbusd %s" % (
        name, "x".join(map(str, shape)), k, columns,
        "yes" if uses_vnni(path, work) else "no"))


def qdq_gemm_quantized(name, rows, k, columns):
    """A QDQ Gemm (transB, weights int8 with a scale per output row, a
    bias) whose result is quantized again (QuantizeLinear ->
    DequantizeLinear), as a quantized classifier ends: aotc folds the output
    scale's 1/scale into the weights, which the VNNI rewrite must see
    through. Within a quantum of numpy's QDQ arithmetic."""
    x = rng.standard_normal((rows, k)).astype(np.float32)
    nodes, inits, xd = quantize_input(x, np.float32(0.05), 3, False)
    wq = rng.integers(-127, 128, (columns, k)).astype(np.int8)
    w_scale = (rng.random(columns) * 0.02 + 0.001).astype(np.float32)
    b = rng.standard_normal(columns).astype(np.float32)
    y_scale, y_zero = np.float32(0.37), np.uint8(128)
    nodes += [helper.make_node("DequantizeLinear", ["wq", "ws"], ["wd"],
                               axis=0),
              helper.make_node("Gemm", ["xd", "wd", "b"], ["g"], transB=1),
              helper.make_node("QuantizeLinear", ["g", "ys", "yz"], ["gq"]),
              helper.make_node("DequantizeLinear", ["gq", "ys", "yz"], ["y"])]
    inits += [numpy_helper.from_array(wq, "wq"),
              numpy_helper.from_array(w_scale, "ws"),
              numpy_helper.from_array(b, "b"),
              numpy_helper.from_array(np.array(y_scale), "ys"),
              numpy_helper.from_array(np.array(y_zero), "yz")]
    path = save(name, nodes, (rows, k), inits)
    (y,) = aotc.compile(path, name=name, cpu="native").run(x)
    w = wq.astype(np.float64) * w_scale.reshape(-1, 1)
    g = xd @ w.T + b
    want = (np.clip(np.rint(g / y_scale) + 128, 0, 255) - 128) * y_scale
    quanta = np.abs(y - want).max() / y_scale
    assert quanta <= 1.001, (name, quanta)
    print("%s: %dx%d x %dx%d, output quantized, within a quantum of numpy; "
          "vpdpbusd %s" % (name, rows, k, k, columns,
                           "yes" if uses_vnni(path, work) else "no"))


def qdq_pooled_classifier(name, channels, columns):
    """A classifier as onnxruntime's quantizer writes it: GlobalAveragePool,
    QuantizeLinear -> DequantizeLinear, Flatten, the same pair again, a
    Gemm by int8 weights (transB, a scale per row, a bias), its result
    quantized again. The pooled values reach the matmul through the
    Flatten's reshape, which the VNNI rewrite must see through. Within a
    quantum of numpy's QDQ arithmetic."""
    x = rng.random((1, channels, 3, 3)).astype(np.float32) * 6
    p_scale, p_zero = np.float32(0.025), np.uint8(0)
    y_scale, y_zero = np.float32(0.21), np.uint8(120)
    wq = rng.integers(-127, 128, (columns, channels)).astype(np.int8)
    w_scale = (rng.random(columns) * 0.02 + 0.001).astype(np.float32)
    b = rng.standard_normal(columns).astype(np.float32)
    nodes = [helper.make_node("GlobalAveragePool", ["x"], ["p"]),
             helper.make_node("QuantizeLinear", ["p", "ps", "pz"], ["pq"]),
             helper.make_node("DequantizeLinear", ["pq", "ps", "pz"], ["pd"]),
             helper.make_node("Flatten", ["pd"], ["f"]),
             helper.make_node("QuantizeLinear", ["f", "ps", "pz"], ["fq"]),
             helper.make_node("DequantizeLinear", ["fq", "ps", "pz"], ["fd"]),
             helper.make_node("DequantizeLinear", ["wq", "ws"], ["wd"],
                              axis=0),
             helper.make_node("Gemm", ["fd", "wd", "b"], ["g"], transB=1),
             helper.make_node("QuantizeLinear", ["g", "ys", "yz"], ["gq"]),
             helper.make_node("DequantizeLinear", ["gq", "ys", "yz"], ["y"])]
    inits = [numpy_helper.from_array(np.array(p_scale), "ps"),
             numpy_helper.from_array(np.array(p_zero), "pz"),
             numpy_helper.from_array(wq, "wq"),
             numpy_helper.from_array(w_scale, "ws"),
             numpy_helper.from_array(b, "b"),
             numpy_helper.from_array(np.array(y_scale), "ys"),
             numpy_helper.from_array(np.array(y_zero), "yz")]
    path = save(name, nodes, x.shape, inits)
    (y,) = aotc.compile(path, name=name, cpu="native").run(x)
    pooled = x.astype(np.float64).mean(axis=(2, 3))
    pd = np.clip(np.rint(pooled / p_scale), 0, 255) * np.float64(p_scale)
    w = wq.astype(np.float64) * w_scale.reshape(-1, 1)
    g = pd @ w.T + b
    want = (np.clip(np.rint(g / y_scale) + 120, 0, 255) - 120) * y_scale
    quanta = np.abs(y - want).max() / y_scale
    assert quanta <= 1.001, (name, quanta)
    print("%s: 1x%dx3x3 pooled x %dx%d, output quantized, within a quantum "
          "of numpy; vpdpbusd %s" % (name, channels, channels, columns,
                                     "yes" if uses_vnni(path, work) else "no"))


def qdq_depthwise_block(name, shape, filters, stride, zero, relu6):
    """MobileNetV2's block as a QDQ graph: a 1x1 QDQ Conv (a VNNI
    contraction), optionally ReLU6 (Clip), QuantizeLinear ->
    DequantizeLinear of its result (uint8, zero point `zero`), then a float
    depthwise 3x3 Conv (pads 1) with a bias. The depthwise convolution
    reads the uint8 image (aotc-cpu-quantized-depthwise-inputs: the scale
    in its filter, the zero point in its bias and padding). Against numpy's
    float64 arithmetic, allowing an intermediate value that a float32
    rounding put on the other side of a quantization step: one step of it
    times the largest filter weight."""
    c = shape[1]
    x = rng.standard_normal(shape).astype(np.float32)
    nodes, inits, xd = quantize_input(x, np.float32(0.05), 0, False)
    wq = rng.integers(-127, 128, (filters, c, 1, 1)).astype(np.int8)
    w_scale = (rng.random(filters) * 0.02 + 0.001).astype(np.float32)
    m_scale = np.float32(0.03)
    dw = rng.standard_normal((filters, 1, 3, 3)).astype(np.float32)
    db = rng.standard_normal(filters).astype(np.float32)
    nodes += [helper.make_node("DequantizeLinear", ["wq", "ws"], ["wd"],
                               axis=0),
              helper.make_node("Conv", ["xd", "wd"], ["g"])]
    mid = "g"
    if relu6:
        nodes.append(helper.make_node("Clip", ["g", "lo", "hi"], ["r"]))
        inits += [numpy_helper.from_array(np.array(0, np.float32), "lo"),
                  numpy_helper.from_array(np.array(6, np.float32), "hi")]
        mid = "r"
    nodes += [helper.make_node("QuantizeLinear", [mid, "ms", "mz"], ["mq"]),
              helper.make_node("DequantizeLinear", ["mq", "ms", "mz"],
                               ["md"]),
              helper.make_node("Conv", ["md", "dw", "db"], ["y"],
                               group=filters, pads=[1, 1, 1, 1],
                               strides=[stride, stride])]
    inits += [numpy_helper.from_array(wq, "wq"),
              numpy_helper.from_array(w_scale, "ws"),
              numpy_helper.from_array(np.array(m_scale), "ms"),
              numpy_helper.from_array(np.array(zero, np.uint8), "mz"),
              numpy_helper.from_array(dw, "dw"),
              numpy_helper.from_array(db, "db")]
    path = save(name, nodes, shape, inits)
    (y,) = aotc.compile(path, name=name, cpu="native").run(x)
    w = wq.astype(np.float64) * w_scale.reshape(-1, 1, 1, 1)
    g = reference_conv(xd, w, np.zeros(filters), 1, (0, 0, 0, 0), 1)
    if relu6:
        g = np.clip(g, 0, 6)
    q = np.clip(np.rint(g / np.float64(m_scale)) + zero, 0, 255)
    md = (q - zero) * np.float64(m_scale)
    want = np.stack([
        reference_conv(md[:, f:f + 1], dw[f:f + 1].astype(np.float64),
                       db[f:f + 1], stride, (1, 1, 1, 1), 1)[:, 0]
        for f in range(filters)], axis=1)
    assert y.shape == want.shape, (name, y.shape, want.shape)
    step = float(m_scale) * np.abs(dw).max()
    err = np.abs(y - want).max()
    assert err <= step + 1e-5 * np.abs(want).max(), (name, err, step)
    print("%s: %s -> %s, 1x1 then depthwise 3x3 stride %d on uint8 (zero "
          "point %d) matches numpy; vpdpbusd %s" % (
              name, "x".join(map(str, shape)), "x".join(map(str, y.shape)),
              stride, zero, "yes" if uses_vnni(path, work) else "no"))


def qdq_stem(name, shape, filters, zero, pointwise=0):
    """ResNet's stem as a QDQ graph: a 3x3 QDQ Conv (a VNNI contraction),
    Relu, QuantizeLinear -> DequantizeLinear (uint8, zero point `zero`), a
    3x3 stride-2 MaxPool (pads 1), QuantizeLinear -> DequantizeLinear with
    the same parameters; with `pointwise`, then a 1x1 QDQ Conv of that
    many filters (another VNNI contraction, float result), which keeps the
    pooling's image with channels innermost. The pooling takes the maximum
    of the uint8 image (aotc-cpu-quantized-max-pools). Against numpy's
    float64 arithmetic, allowing a value that float32 rounding put on the
    other side of a quantization step: one step (times the largest 1x1
    weight after the 1x1 convolution)."""
    c = shape[1]
    x = rng.standard_normal(shape).astype(np.float32)
    nodes, inits, xd = quantize_input(x, np.float32(0.05), 0, False)
    wq = rng.integers(-127, 128, (filters, c, 3, 3)).astype(np.int8)
    w_scale = (rng.random(filters) * 0.02 + 0.001).astype(np.float32)
    m_scale = np.float32(0.02)
    nodes += [helper.make_node("DequantizeLinear", ["wq", "ws"], ["wd"],
                               axis=0),
              helper.make_node("Conv", ["xd", "wd"], ["g"], pads=[1] * 4),
              helper.make_node("Relu", ["g"], ["r"]),
              helper.make_node("QuantizeLinear", ["r", "ms", "mz"], ["rq"]),
              helper.make_node("DequantizeLinear", ["rq", "ms", "mz"],
                               ["rd"]),
              helper.make_node("MaxPool", ["rd"], ["p"], kernel_shape=[3, 3],
                               strides=[2, 2], pads=[1] * 4),
              helper.make_node("QuantizeLinear", ["p", "ms", "mz"], ["pq"]),
              helper.make_node("DequantizeLinear", ["pq", "ms", "mz"],
                               ["pd" if pointwise else "y"])]
    if pointwise:
        pq = rng.integers(-127, 128, (pointwise, filters, 1, 1)).astype(np.int8)
        p_scale = (rng.random(pointwise) * 0.02 + 0.001).astype(np.float32)
        nodes += [helper.make_node("DequantizeLinear", ["pwq", "pws"],
                                   ["pwd"], axis=0),
                  helper.make_node("Conv", ["pd", "pwd"], ["y"])]
        inits += [numpy_helper.from_array(pq, "pwq"),
                  numpy_helper.from_array(p_scale, "pws")]
    inits += [numpy_helper.from_array(wq, "wq"),
              numpy_helper.from_array(w_scale, "ws"),
              numpy_helper.from_array(np.array(m_scale), "ms"),
              numpy_helper.from_array(np.array(zero, np.uint8), "mz")]
    path = save(name, nodes, shape, inits)
    (y,) = aotc.compile(path, name=name, cpu="native").run(x)
    w = wq.astype(np.float64) * w_scale.reshape(-1, 1, 1, 1)
    g = np.maximum(reference_conv(xd, w, np.zeros(filters), 1, (1, 1, 1, 1),
                                  1), 0)
    q = np.clip(np.rint(g / np.float64(m_scale)) + zero, 0, 255)
    n, f, h, wd = q.shape
    padded = np.full((n, f, h + 2, wd + 2), -np.inf)
    padded[:, :, 1:-1, 1:-1] = q
    oh, ow = (h - 1) // 2 + 1, (wd - 1) // 2 + 1
    pooled = np.full((n, f, oh, ow), -np.inf)
    for i in range(3):
        for j in range(3):
            pooled = np.maximum(pooled,
                                padded[:, :, i:i + 2 * oh:2, j:j + 2 * ow:2])
    want = (pooled - zero) * np.float64(m_scale)
    step = float(m_scale)
    if pointwise:
        pw = pq.astype(np.float64) * p_scale.reshape(-1, 1, 1, 1)
        want = reference_conv(want, pw, np.zeros(pointwise), 1,
                              (0, 0, 0, 0), 1)
        step *= np.abs(pw).max()
    assert y.shape == want.shape, (name, y.shape, want.shape)
    steps = np.abs(y - want).max() / step
    assert steps <= 1.001, (name, steps)
    print("%s: %s -> %s, 3x3 conv, relu, max pool 3x3 stride 2 on uint8 "
          "(zero point %d)%s within a step of numpy; vpdpbusd %s" % (
              name, "x".join(map(str, shape)), "x".join(map(str, y.shape)),
              zero, ", 1x1 conv" if pointwise else "",
              "yes" if uses_vnni(path, work) else "no"))


def qdq_conv(name, shape, filters, kernel, stride=1, pads=(0, 0, 0, 0),
             dilation=1, signed=False, zero=0, quantized_weights=True):
    """A QDQ Conv with a bias of `filters` int8 filters."""
    c = shape[1]
    x = rng.standard_normal(shape).astype(np.float32)
    nodes, inits, xd = quantize_input(x, np.float32(0.05), zero, signed)
    wq = rng.integers(-127, 128, (filters, c, kernel, kernel)).astype(np.int8)
    w_scale = (rng.random(filters) * 0.02 + 0.001).astype(np.float32)
    bias = rng.standard_normal(filters).astype(np.float32)
    inits.append(numpy_helper.from_array(bias, "b"))
    w_values = wq.astype(np.float32) * w_scale.reshape(-1, 1, 1, 1)
    if quantized_weights:
        nodes.append(helper.make_node("DequantizeLinear", ["wq", "ws"], ["wd"],
                                      axis=0))
        inits += [numpy_helper.from_array(wq, "wq"),
                  numpy_helper.from_array(w_scale, "ws")]
    else:
        # Float weights, not int8 values times a scale.
        w_values = w_values + np.float32(1e-4)
        inits.append(numpy_helper.from_array(w_values, "w"))
    nodes.append(helper.make_node(
        "Conv", ["xd", "wd" if quantized_weights else "w", "b"], ["y"],
        strides=[stride, stride], pads=list(pads),
        dilations=[dilation, dilation]))
    path = save(name, nodes, shape, inits)
    (y,) = aotc.compile(path, name=name, cpu="native").run(x)
    want = reference_conv(xd, w_values.astype(np.float64), bias, stride, pads,
                          dilation)
    assert y.shape == want.shape, (name, y.shape, want.shape)
    err = np.abs(y - want).max() / np.abs(want).max()
    assert err < 1e-5, (name, err)
    print("%s: %s -> %s matches numpy; vpdpbusd %s" % (
        name, "x".join(map(str, shape)), "x".join(map(str, y.shape)),
        "yes" if uses_vnni(path, work) else "no"))


# 3x3 over uint8 with a zero point, padded (the padding is the zero point).
qdq_conv("uint8_3x3", (1, 16, 9, 9), 32, 3, pads=(1, 1, 1, 1), zero=3)
# int8 activations (read as uint8 with the sign bits flipped), stride 2,
# a batch of two, rows of tiles spanning images.
qdq_conv("int8_stride2", (2, 8, 11, 11), 16, 3, stride=2,
         pads=(1, 1, 1, 1), signed=True, zero=-5)
# 1x1 over 3 blocks of 16 filters; dilated 3x3 with uneven pads.
qdq_conv("pointwise", (1, 32, 7, 7), 48, 1)
qdq_conv("dilated", (1, 4, 12, 10), 16, 3, pads=(2, 1, 0, 2), dilation=2,
         zero=200)
# Channels and filters padded to 4k and 16k: a 3-channel 7x7 stem with
# stride 2 (ResNet's first convolution) and 24 filters.
qdq_conv("stem", (1, 3, 20, 20), 16, 7, stride=2, pads=(3, 3, 3, 3),
         zero=128)
qdq_conv("filters_24", (1, 6, 6, 6), 24, 3, pads=(1, 1, 1, 1), zero=9)
# Not taken: float weights that are not int8 values times a scale.
qdq_conv("float_weights", (1, 8, 6, 6), 16, 3, quantized_weights=False)

def integer_conv(name, shape, filters, kernel, pads, zero, qlinear=False):
    """ConvInteger (int32 output, compared exactly) or QLinearConv (uint8
    output, within one quantum: the requantization rounds in float32) of a
    uint8 input by constant int8 filters."""
    c = shape[1]
    x = rng.integers(0, 256, shape).astype(np.uint8)
    wq = rng.integers(-127, 128, (filters, c, kernel, kernel)).astype(np.int8)
    acc = reference_conv(x.astype(np.float64) - zero, wq.astype(np.float64),
                         np.zeros(filters), 1, pads, 1)
    if qlinear:
        x_scale, y_scale, y_zero = np.float32(0.02), np.float32(0.5), 100
        w_scale = (rng.random(filters) * 0.01 + 0.001).astype(np.float32)
        bias = rng.integers(-500, 500, filters).astype(np.int32)
        node = helper.make_node(
            "QLinearConv", ["x", "xs", "xz", "w", "ws", "wz", "ys", "yz", "b"],
            ["y"], pads=list(pads))
        inits = [numpy_helper.from_array(np.array(x_scale), "xs"),
                 numpy_helper.from_array(w_scale, "ws"),
                 numpy_helper.from_array(np.zeros(filters, np.int8), "wz"),
                 numpy_helper.from_array(np.array(y_scale), "ys"),
                 numpy_helper.from_array(np.array(y_zero, np.uint8), "yz"),
                 numpy_helper.from_array(bias, "b")]
        acc = acc + bias.reshape(1, -1, 1, 1)
        want = np.clip(np.rint(acc * (x_scale * w_scale.reshape(1, -1, 1, 1)
                                      / y_scale)) + y_zero, 0, 255)
        out_type = TensorProto.UINT8
    else:
        node = helper.make_node("ConvInteger", ["x", "w", "xz"], ["y"],
                                pads=list(pads))
        inits, want, out_type = [], acc, TensorProto.INT32
    inits += [numpy_helper.from_array(wq, "w"),
              numpy_helper.from_array(np.array(zero, np.uint8), "xz")]
    graph = helper.make_graph(
        [node], name,
        [helper.make_tensor_value_info("x", TensorProto.UINT8, list(shape))],
        [helper.make_tensor_value_info("y", out_type, None)], inits)
    path = os.path.join(work, name + ".onnx")
    onnx.save(helper.make_model(graph,
                                opset_imports=[helper.make_opsetid("", 13)]),
              path)
    (y,) = aotc.compile(path, name=name, cpu="native").run(x)
    assert y.shape == want.shape, (name, y.shape, want.shape)
    off = np.abs(y.astype(np.int64) - want).max()
    assert off <= (1 if qlinear else 0), (name, off)
    print("%s: %s -> %s %s; vpdpbusd %s" % (
        name, "x".join(map(str, shape)), "x".join(map(str, y.shape)),
        "within a quantum of numpy" if qlinear else "equals numpy",
        "yes" if uses_vnni(path, work) else "no"))


# ConvInteger and QLinearConv by constant int8 filters: int32 convolutions
# of widened uint8 values, the same kernels.
integer_conv("conv_integer", (1, 16, 9, 9), 32, 3, (1, 1, 1, 1), 3)
integer_conv("qlinear_conv", (1, 8, 7, 7), 16, 3, (1, 1, 1, 1), 128,
             qlinear=True)

# Matmuls: uint8 rows by int8 columns with a scale each, a bias; int8
# activations in a batch of rows; columns that are not a multiple of 16
# (the kernels take 16 at a time) get zero columns up to one, and fewer
# than 16 stay float32.
qdq_matmul("matmul", (37, 64), 48, zero=7)
qdq_matmul("matmul_int8_batch", (2, 19, 128), 32, signed=True, zero=-3)
qdq_matmul("matmul_20_columns", (8, 32), 20, bias=False)
qdq_matmul("matmul_8_columns", (8, 32), 8, bias=False)
# A classifier's end: a Gemm of 100 columns whose result is quantized
# again (its scale folded into the weights).
qdq_gemm_quantized("gemm_quantized_output", 1, 64, 100)
# The same end as onnxruntime's quantizer writes it after a pooling: the
# pooled values pass a Flatten between their QuantizeLinear and the Gemm.
qdq_pooled_classifier("pooled_classifier", 64, 100)

# MobileNetV2's block: a VNNI 1x1 convolution, then a depthwise one that
# reads the uint8 image between them (ReLU6 and zero point 0, stride 2;
# no activation and zero point 100, stride 1).
qdq_depthwise_block("depthwise_relu6", (1, 16, 10, 10), 32, 2, 0, True)
qdq_depthwise_block("depthwise_zero_point", (1, 16, 9, 9), 32, 1, 100, False)

# ResNet's stem: a VNNI convolution, then a max pooling of its uint8
# result (zero points 0 and 20).
qdq_stem("stem_pool", (1, 8, 12, 12), 16, 0)
qdq_stem("stem_pool_zero_point", (1, 8, 11, 11), 32, 20)
qdq_stem("stem_pool_pointwise", (1, 8, 12, 12), 16, 0, pointwise=32)
