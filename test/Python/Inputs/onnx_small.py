"""A small ONNX model and ONNX-style test data, made with onnx.helper:
`onnx_small.py DIR` writes DIR/model.onnx,

    y  = x * w + x      x: float[n, 3] (n dynamic), w: a [3] initializer
                        that is also listed as a graph input (old style)
    k2 = k + k          k: int64[4]

and DIR/test_data_set_0/{input_0,input_1,output_0,output_1}.pb for n = 2,
plus DIR/wrong/ with output_0.pb off by 1% in one element. `onnx_small.py
DIR check` then checks the package itself on the model (in-process)."""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

folder = sys.argv[1]
path = os.path.join(folder, "model.onnx")
w = np.array([0.5, -2.0, 3.0], np.float32)
rng = np.random.default_rng(0)
x = rng.standard_normal((2, 3)).astype(np.float32)
k = np.array([5, -7, 0, 1 << 33], np.int64)
y = x * w + x
k2 = k + k

if len(sys.argv) == 2:
    graph = helper.make_graph(
        [helper.make_node("Mul", ["x", "w"], ["xw"]),
         helper.make_node("Add", ["xw", "x"], ["y"]),
         helper.make_node("Add", ["k", "k"], ["k2"])],
        "small",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 3]),
         helper.make_tensor_value_info("w", TensorProto.FLOAT, [3]),
         helper.make_tensor_value_info("k", TensorProto.INT64, [4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["n", 3]),
         helper.make_tensor_value_info("k2", TensorProto.INT64, [4])],
        initializer=[numpy_helper.from_array(w, "w")])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 14)])
    onnx.checker.check_model(model)
    onnx.save(model, path)
    data = os.path.join(folder, "test_data_set_0")
    wrong = os.path.join(folder, "wrong")
    for d in (data, wrong):
        os.makedirs(d, exist_ok=True)
    for name, array in (("input_0", x), ("input_1", k), ("output_0", y),
                        ("output_1", k2)):
        with open(os.path.join(data, name + ".pb"), "wb") as f:
            f.write(numpy_helper.from_array(array).SerializeToString())
    bad = y.copy()
    bad[0, 1] *= 1.01
    for name, array in (("output_0", bad), ("output_1", k2)):
        with open(os.path.join(wrong, name + ".pb"), "wb") as f:
            f.write(numpy_helper.from_array(array).SerializeToString())
    sys.exit(0)

# check: the package on this model, in-process.
import aotc  # noqa: E402
from aotc._onnx_types import graph_element_types  # noqa: E402

types = graph_element_types(path)
print("inputs in order:", types["input_order"])
print("element types:", sorted(types["input"].items()),
      sorted(types["output"].items()))
m = aotc.compile(path, input_shapes={"x": (2, 3)})
print(m)
got_y, got_k2 = m.run(x, k)
assert np.array_equal(got_y, y) and np.array_equal(got_k2, k2)
got = m.run_dict(k=k, x=x)
assert np.array_equal(got["y"], y)
# An in-memory ModelProto compiles too; another batch size.
m5 = aotc.compile(onnx.load(path), input_shapes={"x": "5x3"}, name="five")
x5 = rng.standard_normal((5, 3)).astype(np.float32)
assert np.array_equal(m5.run(x5, k)[0], x5 * w + x5)
print(m5.inputs)
# dims binds the symbolic dimension 'n' by name.
m7 = aotc.compile(path, dims={"n": 7}, name="seven")
x7 = rng.standard_normal((7, 3)).astype(np.float32)
assert np.array_equal(m7.run(x7, k)[0], x7 * w + x7)
print(m7.inputs[0])
try:
    aotc.compile(path)
except aotc.CompileError as e:
    print("CompileError:", e)
print("onnx checks passed")
