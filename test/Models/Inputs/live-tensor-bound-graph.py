"""Writes the small ONNX graph test/Models/live-tensor-bound.test measures.

    live-tensor-bound-graph.py OUT.onnx

x: [N, 8] f32, N symbolic; W: [8, 16] initializer.

  0  a = Relu(x)            [N, 8]   intermediate, live 0..2
  1  s = Shape(a)                    constant (static shapes)
  2  b = MatMul(a, W)       [N, 16]  intermediate, live 2..4
  3  c = Relu(b)            [N, 16]  intermediate, live 3..4
  4  k = Constant           [16]     constant
  5  k2 = Mul(k, k)         [16]     constant: all inputs constant
  6  y = Add(c, b)          [N, 16]  graph output: not counted
  7  u = Neg(x)             [N, 8]   never read: not counted
  8  z = Add(y, k2)         [N, 16]  graph output
  9  sh = Shape(c)                   constant
 10  n = Gather(sh, 0)               constant
 11  w = Gather(sh, 1)               constant (16)
 12  h = Div(w, 4)                   constant (4): shape inference alone
                                     cannot see through it
 13  nu = Unsqueeze(n)               constant
 14  hu = Unsqueeze(h)               constant
 15  rs = Concat(nu, hu, [4])        constant [N, 4, 4]
 16  r = Reshape(c, rs)     [N, 4, 4] intermediate, live 16..17; keeps c
                                     live until 16 (Shape reads no data)
 17  o = Neg(r)             [N, 4, 4] graph output

With N = 1 the live bytes per node are 32, 32, 96, 128, 128 (b + c; y is
an output) at nodes 0 to 6, then 64 (c) until node 15, 128 (c + r) at node
16 and 64 at 17: the bound is 128 bytes, first reached at node 3.
"""

import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 8])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 16])
z = helper.make_tensor_value_info("z", TensorProto.FLOAT, ["N", 16])
w = numpy_helper.from_array(np.ones((8, 16), np.float32), "W")
k = numpy_helper.from_array(np.ones(16, np.float32), "kval")
nodes = [
    helper.make_node("Relu", ["x"], ["a"], name="relu_a"),
    helper.make_node("Shape", ["a"], ["s"], name="shape"),
    helper.make_node("MatMul", ["a", "W"], ["b"], name="matmul"),
    helper.make_node("Relu", ["b"], ["c"], name="relu_c"),
    helper.make_node("Constant", [], ["k"], name="const", value=k),
    helper.make_node("Mul", ["k", "k"], ["k2"], name="square"),
    helper.make_node("Add", ["c", "b"], ["y"], name="add_y"),
    helper.make_node("Neg", ["x"], ["u"], name="unused"),
    helper.make_node("Add", ["y", "k2"], ["z"], name="add_z"),
    helper.make_node("Shape", ["c"], ["sh"], name="shape_c"),
    helper.make_node("Gather", ["sh", "zero"], ["n"], name="rows"),
    helper.make_node("Gather", ["sh", "one"], ["w16"], name="cols"),
    helper.make_node("Div", ["w16", "four"], ["h"], name="heads"),
    helper.make_node("Unsqueeze", ["n", "axis0"], ["nu"], name="nu"),
    helper.make_node("Unsqueeze", ["h", "axis0"], ["hu"], name="hu"),
    helper.make_node("Concat", ["nu", "hu", "four1"], ["rs"], axis=0,
                     name="new_shape"),
    helper.make_node("Reshape", ["c", "rs"], ["r"], name="reshape"),
    helper.make_node("Neg", ["r"], ["o"], name="neg"),
]
scalars = [numpy_helper.from_array(np.array(v, np.int64), name)
           for name, v in (("zero", 0), ("one", 1), ("four", 4),
                           ("axis0", [0]), ("four1", [4]))]
o = helper.make_tensor_value_info("o", TensorProto.FLOAT, ["N", 4, 4])
graph = helper.make_graph(nodes, "bound", [x], [y, z, o],
                          initializer=[w] + scalars)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
onnx.checker.check_model(model)
onnx.save(model, sys.argv[1])
