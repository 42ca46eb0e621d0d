"""Writes small ONNX models for the normalization converters' lit tests
(Softmax, LogSoftmax, LayerNormalization).

    normalization_models.py NAME OUT.onnx

Models are built with onnx.helper at test time, so no binary is checked in.
"""

import numpy as np
from onnx import TensorProto, helper

from onnx_builders import const, main, model, tensor


def softmax(op, opset, axis):
    """`op` (Softmax or LogSoftmax) of a 2x3x4 input along `axis`."""
    def build():
        node = helper.make_node(op, ["x"], ["y"], name="sm", axis=axis)
        return model([node], [tensor("x", [2, 3, 4])],
                     [tensor("y", [2, 3, 4])], opset=opset)
    return build


def layernorm_f16():
    """LayerNormalization of f16 over the last two axes (axis -2), Y only,
    with a [3, 4] scale and a [4] bias that broadcasts against it."""
    node = helper.make_node("LayerNormalization", ["x", "scale", "bias"],
                            ["y"], name="ln", axis=-2, epsilon=1e-3)
    inits = [const("scale", np.full((3, 4), 2, np.float16)),
             const("bias", np.arange(4, dtype=np.float16))]
    f16 = TensorProto.FLOAT16
    return model([node], [tensor("x", [2, 3, 4], f16)],
                 [tensor("y", [2, 3, 4], f16)], inits)


def layernorm_stash_f16():
    """LayerNormalization of f16 that asks for f16 statistics (stash_type
    10), and so for the composition in f16."""
    node = helper.make_node("LayerNormalization", ["x", "scale"], ["y"],
                            name="ln", stash_type=TensorProto.FLOAT16)
    f16 = TensorProto.FLOAT16
    return model([node], [tensor("x", [2, 4], f16)], [tensor("y", [2, 4], f16)],
                 [const("scale", np.ones(4, np.float16))])


def layernorm_int():
    """LayerNormalization of an integer tensor, which ONNX does not allow."""
    node = helper.make_node("LayerNormalization", ["x", "scale"], ["y"],
                            name="ln")
    i32 = TensorProto.INT32
    return model([node], [tensor("x", [2, 4], i32)], [tensor("y", [2, 4], i32)],
                 [const("scale", np.ones(4, np.int32))])


MODELS = {
    "softmax-v13": softmax("Softmax", 13, -1),
    "softmax-v11": softmax("Softmax", 11, 1),
    "logsoftmax-v13": softmax("LogSoftmax", 13, 0),
    "layernorm-f16": layernorm_f16,
    "layernorm-stash-f16": layernorm_stash_f16,
    "layernorm-int": layernorm_int,
}

if __name__ == "__main__":
    main(MODELS)
