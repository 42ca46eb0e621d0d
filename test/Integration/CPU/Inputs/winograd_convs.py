"""Builds a graph of 3x3 stride-1 convolutions that Winograd's F(4x4, 3x3)
(aotc-tg-winograd-convs) computes, compiles it with aotc, and compares its
outputs with numpy's float64 convolutions at the model tests' tolerance
(utils/aotc_testing/onnx_models.py). The shapes take the edges: a batch of
2, an image whose sides are no multiple of 4 (the last tiles read and
write past it), pads on one side only, no pads, no bias, fewer and more
output than input channels, two convolutions in a row (the second reads
the first's output through the output transform's transposition), and
dilated convolutions (computed over the image's phases), one with
different dilations along the two sides and an odd number of phases' rows
past the image.

Usage: winograd_convs.py WORK_DIR MODE [CPU]   (MODE: --winograd's, CPU:
--cpu's; AOTC names the compiler)
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import aotc
from aotc_testing.onnx_models import ATOL_SCALE, RTOL

work, mode = sys.argv[1], sys.argv[2]
cpu = sys.argv[3] if len(sys.argv) > 3 else None
rng = np.random.default_rng(11)
N, C, H, W = 2, 24, 9, 11


def weights(m, c):
    return (rng.standard_normal((m, c, 3, 3)) / np.sqrt(9 * c)).astype(np.float32)


# name: (input, output channels, ONNX pads [top, left, bottom, right], bias,
#        dilations)
convs = {
    "a": ("x", 40, [1, 1, 1, 1], True, [1, 1]),
    "b": ("a", 16, [0, 1, 2, 0], False, [1, 1]),
    "c": ("x", 32, [0, 0, 0, 0], True, [1, 1]),
    "d": ("x", 24, [2, 2, 2, 2], True, [2, 2]),
    "e": ("a", 16, [1, 3, 2, 0], False, [2, 3]),
    # Channel counts that no whole vector of 4 or 8 divides.
    "f": ("x", 6, [1, 1, 1, 1], True, [1, 1]),
    "g": ("f", 5, [1, 1, 1, 1], True, [1, 1]),
}
outputs = ("b", "c", "d", "e", "g")
inits, nodes, values, shapes = [], [], {}, {"x": (N, C, H, W)}
for name, (source, m, pads, has_bias, dilations) in convs.items():
    c = shapes[source][1]
    w = weights(m, c)
    b = rng.standard_normal(m).astype(np.float32) if has_bias else None
    values[name] = (w, b, pads, dilations)
    inits.append(numpy_helper.from_array(w, name + "_w"))
    ins = [source, name + "_w"]
    if has_bias:
        inits.append(numpy_helper.from_array(b, name + "_b"))
        ins.append(name + "_b")
    nodes.append(helper.make_node("Conv", ins, [name], name=name, pads=pads,
                                  kernel_shape=[3, 3], dilations=dilations))
    _, _, h, w_ = shapes[source]
    shapes[name] = (N, m, h + pads[0] + pads[2] - 2 * dilations[0],
                    w_ + pads[1] + pads[3] - 2 * dilations[1])

graph = helper.make_graph(
    nodes, "winograd_convs",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(shapes["x"]))],
    [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(shapes[n]))
     for n in outputs],
    inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
path = os.path.join(work, "winograd_convs.onnx")
onnx.save(model, path)


def conv(x, w, b, pads, dilations):
    x = np.pad(x.astype(np.float64),
               ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    dh, dw = dilations
    h, w_ = x.shape[2] - 2 * dh, x.shape[3] - 2 * dw
    y = np.zeros((x.shape[0], w.shape[0], h, w_))
    for i in range(3):
        for j in range(3):
            y += np.einsum("nchw,oc->nohw",
                           x[:, :, i * dh:i * dh + h, j * dw:j * dw + w_],
                           w[:, :, i, j].astype(np.float64))
    if b is not None:
        y += b.reshape(1, -1, 1, 1)
    return y


x = rng.standard_normal(shapes["x"]).astype(np.float32)
# Each convolution's input as the graph computes it (in float32).
computed = {"x": x}
for name, (source, *_) in convs.items():
    computed[name] = conv(computed[source], *values[name]).astype(np.float32)
want = [conv(computed[convs[n][0]], *values[n]) for n in outputs]

compiled = aotc.compile(path, cpu=cpu, flags=["--winograd", mode])
got = compiled.run(x)
for name, g, want_ in zip(outputs, got, want):
    atol = ATOL_SCALE * np.abs(want_).max()
    error = np.abs(g - want_).max()
    assert g.shape == want_.shape, (g.shape, want_.shape)
    assert np.allclose(g, want_, rtol=RTOL, atol=atol), (name, error, atol)
    print("winograd %s: %s %s matches numpy" % (mode, name, "x".join(map(str, g.shape))))
