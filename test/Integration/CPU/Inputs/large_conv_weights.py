"""Builds a convolution whose weights (2048 -> 256 channels, 3x3, 18.9 MB of
f32) are over aotc-tg-split-large-conv-reductions' 16 MiB, compiles it with
aotc, and compares its output with numpy's float64 convolution, at the model
tests' tolerance (utils/aotc_testing/onnx_models.py). The weights are made
here, from a seed: no model file is in the tree.

Usage: large_conv_weights.py WORK_DIR   (AOTC names the compiler)
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import aotc
from aotc_testing.onnx_models import ATOL_SCALE, RTOL

work = sys.argv[1]
rng = np.random.default_rng(7)
C, M, H, W = 2048, 256, 5, 6
weight = (rng.standard_normal((M, C, 3, 3)) / 64).astype(np.float32)
bias = rng.standard_normal(M).astype(np.float32)
x = rng.standard_normal((1, C, H, W)).astype(np.float32)

graph = helper.make_graph(
    [helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1]),
     helper.make_node("Relu", ["c"], ["y"])],
    "large_conv",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, C, H, W])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, M, H, W])],
    [numpy_helper.from_array(weight, "w"), numpy_helper.from_array(bias, "b")])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
path = os.path.join(work, "large_conv.onnx")
onnx.save(model, path)

padded = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
want = np.zeros((1, M, H, W))
for i in range(3):
    for j in range(3):
        want += np.einsum("nchw,oc->nohw", padded[:, :, i:i + H, j:j + W],
                          weight[:, :, i, j].astype(np.float64))
want = np.maximum(want + bias.reshape(1, M, 1, 1), 0)

compiled = aotc.compile(path)
got = compiled.run(x)[0]
atol = ATOL_SCALE * np.abs(want).max()
error = np.abs(got - want).max()
print("large conv: max error %.3g (tolerance %.3g + %g x |want|)"
      % (error, atol, RTOL))
assert np.allclose(got, want, rtol=RTOL, atol=atol), error
print("large conv: matches numpy")
