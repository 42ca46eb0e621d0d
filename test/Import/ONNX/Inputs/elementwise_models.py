"""Writes small ONNX models for the elementwise and reduction converters'
lit tests.

    elementwise_models.py NAME OUT.onnx

Models are built with onnx.helper at test time, so no binary is checked in.
"""
import functools

import numpy as np
from onnx import TensorProto, helper

from onnx_builders import const, main, tensor
from onnx_builders import model as _model

model = functools.partial(_model, opset=18)


F32, I64 = TensorProto.FLOAT, TensorProto.INT64


def pow_mixed():
    """Pow of a float base and an int64 exponent: the exponent is cast."""
    nodes = [helper.make_node("Pow", ["x", "e"], ["y"])]
    return model(nodes, [tensor("x", [2, 3]), tensor("e", [3], I64)],
                 [tensor("y", [2, 3])])


def mean3():
    """Mean of three broadcasting inputs."""
    nodes = [helper.make_node("Mean", ["a", "b", "c"], ["y"])]
    return model(nodes, [tensor("a", [2, 3]), tensor("b", [3]),
                         tensor("c", [2, 1])], [tensor("y", [2, 3])])


def folded():
    """Add and Sqrt of initializers fold to one constant at import."""
    nodes = [helper.make_node("Add", ["a", "b"], ["s"]),
             helper.make_node("Sqrt", ["s"], ["r"]),
             helper.make_node("Mul", ["x", "r"], ["y"])]
    inits = [const("a", np.array([1, 7], np.float32)),
             const("b", np.array([3, 9], np.float32))]
    return model(nodes, [tensor("x", [2])], [tensor("y", [2])], inits)


def clip_v7():
    """Clip before opset 11: min and max are attributes."""
    nodes = [helper.make_node("Clip", ["x"], ["y"], min=-1.0, max=2.5)]
    return model(nodes, [tensor("x", [4])], [tensor("y", [4])], opset=7)


def clip_max_only():
    """Clip 13 with the min input omitted (an empty name)."""
    nodes = [helper.make_node("Clip", ["x", "", "hi"], ["y"])]
    return model(nodes, [tensor("x", [4])], [tensor("y", [4])],
                 [const("hi", np.array(6, np.float32))])


def softmax_v11():
    """Softmax 11 coerces [2, 3, 4] to [2, 12] at axis 1."""
    nodes = [helper.make_node("Softmax", ["x"], ["y"])]
    return model(nodes, [tensor("x", [2, 3, 4])], [tensor("y", [2, 3, 4])],
                 opset=11)


def softmax_v13():
    """Softmax 13 works along axis -1 of the input as it is."""
    nodes = [helper.make_node("LogSoftmax", ["x"], ["y"], axis=1)]
    return model(nodes, [tensor("x", [2, 3, 4])], [tensor("y", [2, 3, 4])],
                 opset=13)


def hardmax():
    nodes = [helper.make_node("Hardmax", ["x"], ["y"], axis=0)]
    return model(nodes, [tensor("x", [3, 2])], [tensor("y", [3, 2])])


def mod_isinf_where():
    """Integer Mod (Python's %), IsInf of +inf only, Where, Not."""
    nodes = [helper.make_node("Mod", ["a", "b"], ["m"]),
             helper.make_node("IsInf", ["x"], ["pinf"], detect_negative=0),
             helper.make_node("Not", ["pinf"], ["finite"]),
             helper.make_node("Where", ["finite", "x", "zero"], ["y"])]
    return model(nodes, [tensor("a", [4], I64), tensor("b", [4], I64),
                         tensor("x", [4])],
                 [tensor("m", [4], I64), tensor("y", [4])],
                 [const("zero", np.array(0, np.float32))])


def dropout_mask():
    nodes = [helper.make_node("Dropout", ["x"], ["y", "mask"])]
    return model(nodes, [tensor("x", [2, 2])],
                 [tensor("y", [2, 2]), tensor("mask", [2, 2], TensorProto.BOOL)])


def gelu_tanh():
    nodes = [helper.make_node("Gelu", ["x"], ["y"], approximate="tanh")]
    return model(nodes, [tensor("x", [3])], [tensor("y", [3])], opset=20)


def cast_string():
    nodes = [helper.make_node("Cast", ["x"], ["y"], to=TensorProto.STRING),
             helper.make_node("Cast", ["y"], ["z"], to=TensorProto.FLOAT)]
    return model(nodes, [tensor("x", [3])], [tensor("z", [3])])


def float_mod():
    nodes = [helper.make_node("Mod", ["x", "x"], ["y"])]
    return model(nodes, [tensor("x", [3])], [tensor("y", [3])])


def bad_broadcast():
    nodes = [helper.make_node("Add", ["a", "b"], ["y"], name="add")]
    return model(nodes, [tensor("a", [3]), tensor("b", [4])],
                 [tensor("y", [4])])


def reduce_axes_input():
    """ReduceSum 13 with axes as an input and keepdims = 0; ReduceMean 17
    with a negative axes attribute."""
    nodes = [helper.make_node("ReduceSum", ["x", "axes"], ["s"], keepdims=0),
             helper.make_node("ReduceMean", ["x"], ["m"], axes=[-1])]
    return model(nodes, [tensor("x", [2, 3, 4])],
                 [tensor("s", [2, 4]), tensor("m", [2, 3, 1])],
                 [const("axes", np.array([1], np.int64))], opset=17)


def reduce_all():
    """ReduceMax 18 without axes reduces every axis."""
    nodes = [helper.make_node("ReduceMax", ["x"], ["y"], keepdims=0)]
    return model(nodes, [tensor("x", [2, 3])], [tensor("y", [])])


def reduce_noop():
    """noop_with_empty_axes: ReduceSumSquare is then only x * x."""
    nodes = [helper.make_node("ReduceSumSquare", ["x"], ["y"],
                              noop_with_empty_axes=1)]
    return model(nodes, [tensor("x", [2, 3])], [tensor("y", [2, 3])])


def reduce_logsumexp():
    nodes = [helper.make_node("ReduceLogSumExp", ["x", "axes"], ["y"],
                              keepdims=0)]
    return model(nodes, [tensor("x", [2, 3])], [tensor("y", [2])],
                 [const("axes", np.array([1], np.int64))])


def reduce_runtime_axes():
    nodes = [helper.make_node("ReduceMax", ["x", "axes"], ["y"],
                              name="rmax")]
    return model(nodes, [tensor("x", [2, 3]), tensor("axes", [1], I64)],
                 [tensor("y", [2, 1])])


def runtime_values_and_unsupported():
    """Three independent problems: a ReduceMax's axes and a Reshape's shape
    computed from graph inputs, and an op aotc does not know; the Abs after
    the ReduceMax is downstream of it."""
    nodes = [helper.make_node("ReduceMax", ["x", "axes"], ["m"],
                              name="rmax"),
             helper.make_node("Abs", ["m"], ["y"], name="abs"),
             helper.make_node("Add", ["shape_in", "shape_in"], ["shape"]),
             helper.make_node("Reshape", ["x", "shape"], ["r"],
                              name="reshape"),
             helper.make_node("Frobnicate", ["x"], ["f"], name="frob")]
    return model(nodes, [tensor("x", [2, 3]), tensor("axes", [1], I64),
                         tensor("shape_in", [2], I64)],
                 [tensor("y", [2, 1]), tensor("r", [3, 2]),
                  tensor("f", [2, 3])])


def matmul_vectors():
    """numpy matmul of [4] x [2, 4, 5] and [2, 4, 5] x [5]."""
    nodes = [helper.make_node("MatMul", ["v", "m"], ["a"]),
             helper.make_node("MatMul", ["m", "w"], ["b"])]
    return model(nodes, [tensor("v", [4]), tensor("m", [2, 4, 5]),
                         tensor("w", [5])],
                 [tensor("a", [2, 5]), tensor("b", [2, 4])])


def gemm():
    nodes = [helper.make_node("Gemm", ["a", "b", "c"], ["y"], transA=1,
                              alpha=0.5, beta=2.0)]
    return model(nodes, [tensor("a", [4, 3]), tensor("b", [4, 5]),
                         tensor("c", [5])], [tensor("y", [3, 5])])


def gemm_bad_c():
    nodes = [helper.make_node("Gemm", ["a", "b", "c"], ["y"], name="gemm")]
    return model(nodes, [tensor("a", [3, 4]), tensor("b", [4, 5]),
                         tensor("c", [3, 2])], [tensor("y", [3, 5])])


MODELS = {
    "pow-mixed": pow_mixed, "mean3": mean3, "folded": folded,
    "clip-v7": clip_v7, "clip-max-only": clip_max_only,
    "softmax-v11": softmax_v11, "softmax-v13": softmax_v13,
    "hardmax": hardmax, "mod-isinf-where": mod_isinf_where,
    "dropout-mask": dropout_mask, "gelu-tanh": gelu_tanh,
    "cast-string": cast_string, "float-mod": float_mod,
    "bad-broadcast": bad_broadcast,
    "reduce-axes-input": reduce_axes_input, "reduce-all": reduce_all,
    "reduce-noop": reduce_noop, "reduce-logsumexp": reduce_logsumexp,
    "reduce-runtime-axes": reduce_runtime_axes,
    "runtime-values-and-unsupported": runtime_values_and_unsupported,
    "matmul-vectors": matmul_vectors, "gemm": gemm, "gemm-bad-c": gemm_bad_c,
}

if __name__ == "__main__":
    main(MODELS)
