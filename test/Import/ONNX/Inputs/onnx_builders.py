"""Building blocks of the small ONNX models the importer's lit tests write.

Each generator script next to this one (fixture.py, nn_models.py, ...)
builds its models from these at test time, so no binary model is checked
in. A generator's default opset is bound with functools.partial.
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def model(nodes, inputs, outputs, initializers=(), opset=17):
    """A model of one graph `g` importing `opset` of the default domain."""
    graph = helper.make_graph(nodes, "g", inputs, outputs, list(initializers))
    return helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", opset)])


def tensor(name, shape, dtype=TensorProto.FLOAT):
    """A graph input or output declaration."""
    return helper.make_tensor_value_info(name, dtype, shape)


def const(name, value):
    """An initializer holding `value` (anything numpy.asarray takes)."""
    return numpy_helper.from_array(np.asarray(value), name)


def main(models):
    """`SCRIPT NAME OUT.onnx`: writes models[NAME]() (a ModelProto, or the
    bytes of a deliberately broken one) to OUT.onnx."""
    if len(sys.argv) != 3 or sys.argv[1] not in models:
        sys.exit("usage: %s {%s} OUT.onnx"
                 % (sys.argv[0], ",".join(sorted(models))))
    built = models[sys.argv[1]]()
    if isinstance(built, bytes):
        with open(sys.argv[2], "wb") as f:
            f.write(built)
    else:
        onnx.save(built, sys.argv[2])
