"""Writes small ONNX models for the loss converters' lit tests.

    loss_models.py NAME OUT.onnx

Models are built with onnx.helper at test time, so no binary is checked in.
"""
import functools

from onnx import TensorProto, helper

from onnx_builders import main, tensor
from onnx_builders import model as _model

model = functools.partial(_model, opset=13)


def nll_weight_ii():
    """NegativeLogLikelihoodLoss on [N, C, d1] with a weight, ignore_index
    and the default reduction, mean."""
    nodes = [helper.make_node("NegativeLogLikelihoodLoss",
                              ["x", "t", "w"], ["loss"], ignore_index=-1)]
    return model(nodes, [tensor("x", [2, 3, 4]),
                         tensor("t", [2, 4], TensorProto.INT64),
                         tensor("w", [3])], [tensor("loss", [])])


def nll_sum():
    """NegativeLogLikelihoodLoss on [N, C], no weight, reduction sum."""
    nodes = [helper.make_node("NegativeLogLikelihoodLoss", ["x", "t"],
                              ["loss"], reduction="sum")]
    return model(nodes, [tensor("x", [2, 3]),
                         tensor("t", [2], TensorProto.INT32)],
                 [tensor("loss", [])])


def sce_log_prob():
    """SoftmaxCrossEntropyLoss, reduction none, with its log_prob output."""
    nodes = [helper.make_node("SoftmaxCrossEntropyLoss", ["x", "t"],
                              ["loss", "log_prob"], reduction="none")]
    return model(nodes, [tensor("x", [2, 3]),
                         tensor("t", [2], TensorProto.INT64)],
                 [tensor("loss", [2]), tensor("log_prob", [2, 3])])


def nll_bad_target():
    """A target whose shape is not the input's without the class axis."""
    nodes = [helper.make_node("NegativeLogLikelihoodLoss", ["x", "t"],
                              ["loss"])]
    return model(nodes, [tensor("x", [2, 3, 4]),
                         tensor("t", [2, 5], TensorProto.INT64)],
                 [tensor("loss", [])])


MODELS = {"nll-weight-ii": nll_weight_ii, "nll-sum": nll_sum,
          "sce-log-prob": sce_log_prob, "nll-bad-target": nll_bad_target}

if __name__ == "__main__":
    main(MODELS)
