"""Integer matmuls of a quantized graph (MatMulInteger; DynamicQuantizeLinear
then MatMulInteger, as onnxruntime's quantize_dynamic writes them),
compiled through the package for this CPU and compared exactly with numpy.
With AVX-512 VNNI, those with a constant int8 right-hand side of 16k
columns and 4k rows run as vpdpbusd kernels (aotc-cpu-vnni-matmuls); each
case says whether the code for a Sapphire Rapids CPU has them, so the
kernels are checked to be chosen on any host and to compute the same
values where the host runs them.

Usage: integer_matmul_check.py WORK_DIR
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

import aotc
from vnni_asm import uses_vnni

rng = np.random.default_rng(11)
work = sys.argv[1]
host_vnni = "avx512_vnni" in open("/proc/cpuinfo").read()


def save(name, nodes, inputs, outputs, inits):
    graph = helper.make_graph(nodes, name, inputs, outputs, inits)
    path = os.path.join(work, name + ".onnx")
    onnx.save(helper.make_model(graph,
                                opset_imports=[helper.make_opsetid("", 13)]),
              path)
    return path



def tensor(name, dtype, shape):
    return helper.make_tensor_value_info(name, dtype, shape)


def matmul_integer(name, a, b, a_zero):
    """MatMulInteger of the runtime `a` by the constant `b`."""
    a_type = TensorProto.UINT8 if a.dtype == np.uint8 else TensorProto.INT8
    path = save(name, [helper.make_node("MatMulInteger", ["a", "b", "az"], ["y"])],
                [tensor("a", a_type, list(a.shape))],
                [tensor("y", TensorProto.INT32, list(a.shape[:-1]) + [b.shape[1]])],
                [numpy_helper.from_array(b, "b"),
                 numpy_helper.from_array(np.array(a_zero, a.dtype), "az")])
    (y,) = aotc.compile(path, name=name, cpu="native").run(a)
    want = (a.astype(np.int64) - int(a_zero)) @ b.astype(np.int64)
    assert y.dtype == np.int32 and np.array_equal(y, want), (name, y, want)
    print("%s: %s x %s equals numpy; vpdpbusd %s" % (
        name, "x".join(map(str, a.shape)), "x".join(map(str, b.shape)),
        "yes" if uses_vnni(path, work) else "no"))


def weights(k, n):
    return rng.integers(-128, 128, (k, n)).astype(np.int8)


# Tiles of 6 rows and 4 blocks of 16 columns, with both remainders.
matmul_integer("uint8", rng.integers(0, 256, (37, 64)).astype(np.uint8),
               weights(64, 80), 3)
# An int8 left operand, read as uint8 with its sign bits flipped, in a
# batch of rows; the zero point's sign matters.
matmul_integer("int8_batch", rng.integers(-128, 128, (2, 19, 128)).astype(np.int8),
               weights(128, 64), -5)
# Extreme values: 255 x -128 summed over 1024 rows stays exact in int32.
matmul_integer("extremes", np.full((3, 1024), 255, np.uint8),
               np.full((1024, 32), -128, np.int8), 0)
# Shapes the kernels do not take (20 columns, 12 rows) keep the int32 loops.
matmul_integer("odd_shape", rng.integers(0, 256, (7, 12)).astype(np.uint8),
               weights(12, 20), 1)

# quantize_dynamic's form: the activations quantized to uint8 at run time
# (DynamicQuantizeLinear, fused into the matmul's input), a runtime zero
# point.
x = rng.standard_normal((1, 24, 256)).astype(np.float32)
b = rng.integers(-127, 128, (256, 96)).astype(np.int8)
path = save("dynamic",
            [helper.make_node("DynamicQuantizeLinear", ["x"], ["xq", "xs", "xz"]),
             helper.make_node("MatMulInteger", ["xq", "b", "xz"], ["y"])],
            [tensor("x", TensorProto.FLOAT, [1, 24, 256])],
            [tensor("y", TensorProto.INT32, [1, 24, 96])],
            [numpy_helper.from_array(b, "b")])
(y,) = aotc.compile(path, name="dynamic", cpu="native").run(x)
low, high = min(0.0, float(x.min())), max(0.0, float(x.max()))
scale = np.float32((high - low) / 255)
zero = np.clip(np.rint(-low / scale), 0, 255)
q = np.clip(np.rint(x / scale) + zero, 0, 255)
want = (q.astype(np.int64) - int(zero)) @ b.astype(np.int64)
assert np.array_equal(y, want), (y, want)
print("dynamic: 1x24x256 x 256x96 equals numpy; vpdpbusd %s" %
      ("yes" if uses_vnni(path, work) else "no"))
print("host has AVX-512 VNNI: %s" % ("yes" if host_vnni else "no"))
