"""Writes small ONNX models for the indexing converters' lit tests.

    indexing_models.py NAME OUT.onnx

Models are built with onnx.helper at test time, so no binary is checked in.
"""
import functools

import numpy as np
from onnx import TensorProto, helper

from onnx_builders import const, main, tensor
from onnx_builders import model as _model

model = functools.partial(_model, opset=18)


def pad_v2():
    """Pad's opset 2-10 form: pads and mode are attributes."""
    nodes = [helper.make_node("Pad", ["x"], ["y"], mode="edge",
                              pads=[0, 1, 2, -1])]
    return model(nodes, [tensor("x", [3, 4])], [tensor("y", [5, 4])],
                 opset=7)


def pad_axes():
    """Pad 18: pads for the axes named by input 3, a constant value."""
    nodes = [helper.make_node("Pad", ["x", "pads", "v", "axes"], ["y"])]
    inits = [const("pads", np.array([1, 2], np.int64)),
             const("v", np.array(1.5, np.float32)),
             const("axes", np.array([-1], np.int64))]
    return model(nodes, [tensor("x", [3, 4])], [tensor("y", [3, 7])], inits)


def scans():
    """ArgMax, CumSum, TopK and Einsum with their attributes."""
    nodes = [
        helper.make_node("ArgMax", ["x"], ["a"], axis=-1, keepdims=0,
                         select_last_index=1),
        helper.make_node("CumSum", ["x", "axis"], ["c"], exclusive=1,
                         reverse=1),
        helper.make_node("TopK", ["x", "k"], ["v", "i"], axis=0, largest=0),
        helper.make_node("Einsum", ["x", "x"], ["e"], equation="ij,kj->ik"),
    ]
    inits = [const("axis", np.array(0, np.int32)),
             const("k", np.array([2], np.int64))]
    return model(nodes, [tensor("x", [3, 4])],
                 [tensor("a", [3], TensorProto.INT64), tensor("c", [3, 4]),
                  tensor("v", [2, 4]), tensor("i", [2, 4], TensorProto.INT64),
                  tensor("e", [3, 3])], inits)


def compositions():
    """Trilu (lower, k = 1), OneHot along axis 0 and EyeLike as int32."""
    nodes = [
        helper.make_node("Trilu", ["x", "k"], ["t"], upper=0),
        helper.make_node("OneHot", ["idx", "depth", "values"], ["h"], axis=0),
        helper.make_node("EyeLike", ["x"], ["eye"], k=-1,
                         dtype=TensorProto.INT32),
    ]
    inits = [const("k", np.array(1, np.int64)),
             const("depth", np.array(4, np.int64)),
             const("values", np.array([0.0, 5.0], np.float32))]
    return model(nodes, [tensor("x", [2, 3]),
                         tensor("idx", [3], TensorProto.INT64)],
                 [tensor("t", [2, 3]), tensor("h", [4, 3]),
                  tensor("eye", [2, 3], TensorProto.INT32)], inits)


def gather_fold():
    """Shape -> Gather (a negative index) -> Reshape: the gather folds, so
    Reshape reads its target shape at import."""
    nodes = [helper.make_node("Shape", ["x"], ["s"]),
             helper.make_node("Gather", ["s", "idx"], ["swapped"], axis=0),
             helper.make_node("Reshape", ["x", "swapped"], ["y"])]
    inits = [const("idx", np.array([-1, 0], np.int64))]
    return model(nodes, [tensor("x", [2, 6])], [tensor("y", [6, 2])], inits)


def scatters():
    """ScatterElements (negative axis, reduction max), Scatter (opset 9-10,
    no reduction) and ScatterND (reduction mul)."""
    nodes = [
        helper.make_node("ScatterElements", ["x", "i", "u"], ["a"], axis=-1,
                         reduction="max"),
        helper.make_node("ScatterND", ["x", "t", "v"], ["b"],
                         reduction="mul"),
    ]
    inputs = [tensor("x", [3, 4]), tensor("i", [3, 2], TensorProto.INT64),
              tensor("u", [3, 2]), tensor("t", [2, 1], TensorProto.INT32),
              tensor("v", [2, 4])]
    return model(nodes, inputs, [tensor("a", [3, 4]), tensor("b", [3, 4])])


def scatter_v9():
    """Scatter, ScatterElements' name in opsets 9 and 10."""
    nodes = [helper.make_node("Scatter", ["x", "i", "u"], ["a"], axis=0)]
    return model(nodes, [tensor("x", [3, 4]),
                         tensor("i", [2, 4], TensorProto.INT64),
                         tensor("u", [2, 4])], [tensor("a", [3, 4])],
                 opset=9)


def scatter_bad_updates():
    """ScatterND whose updates do not match indices.shape[:-1] +
    data.shape[k:]: an error, not a crash."""
    nodes = [helper.make_node("ScatterND", ["x", "t", "v"], ["b"])]
    return model(nodes, [tensor("x", [3, 4]),
                         tensor("t", [2, 1], TensorProto.INT64),
                         tensor("v", [2, 3])], [tensor("b", [3, 4])])


def gather_elements_bad():
    """GatherElements with indices of another rank than the data: an
    error from tg's type inference, not a crash."""
    nodes = [helper.make_node("GatherElements", ["x", "i"], ["y"], axis=1)]
    return model(nodes, [tensor("x", [3, 4]),
                         tensor("i", [3], TensorProto.INT64)],
                 [tensor("y", [3])])


def nonzero_bounded():
    """NonZero of a graph input: a bounded output, its shape beside it."""
    nodes = [helper.make_node("NonZero", ["x"], ["nz"], name="find")]
    return model(nodes, [tensor("x", [3, 4])],
                 [tensor("nz", [2, "n"], TensorProto.INT64)])


def nonzero_consumed():
    """A bounded value read by another node: an error naming both."""
    nodes = [helper.make_node("NonZero", ["x"], ["nz"], name="find"),
             helper.make_node("Transpose", ["nz"], ["t"], name="flip")]
    return model(nodes, [tensor("x", [3, 4])],
                 [tensor("t", ["n", 2], TensorProto.INT64)])


def nms():
    """NonMaxSuppression with a constant limit (the bound), thresholds as
    graph inputs and center boxes; and one with only boxes and scores."""
    nodes = [helper.make_node("NonMaxSuppression",
                              ["b", "s", "limit", "iou", "thr"], ["sel"],
                              center_point_box=1),
             helper.make_node("NonMaxSuppression", ["b", "s"], ["none"])]
    return model(nodes, [tensor("b", [2, 5, 4]), tensor("s", [2, 3, 5]),
                         tensor("iou", [1]), tensor("thr", [1])],
                 [tensor("sel", ["k", 3], TensorProto.INT64),
                  tensor("none", ["m", 3], TensorProto.INT64)],
                 [const("limit", np.array([2], np.int64))])


def topk_runtime():
    """TopK whose k is a graph input, and Compress whose condition is one:
    bounded outputs along the axis."""
    nodes = [helper.make_node("TopK", ["x", "k"], ["v", "i"], axis=1),
             helper.make_node("Compress", ["x", "c"], ["kept"], axis=0)]
    return model(nodes, [tensor("x", [3, 5]),
                         tensor("k", [1], TensorProto.INT64),
                         tensor("c", [2], TensorProto.BOOL)],
                 [tensor("v", [3, "k"]), tensor("i", [3, "k"],
                                                TensorProto.INT64),
                  tensor("kept", ["n", 5])])


MODELS = {"nonzero-bounded": nonzero_bounded, "topk-runtime": topk_runtime,
          "nonzero-consumed": nonzero_consumed, "nms": nms,
          "pad-v2": pad_v2, "pad-axes": pad_axes, "scans": scans,
          "compositions": compositions, "gather-fold": gather_fold,
          "scatters": scatters, "scatter-v9": scatter_v9,
          "scatter-bad-updates": scatter_bad_updates,
          "gather-elements-bad": gather_elements_bad}

if __name__ == "__main__":
    main(MODELS)
