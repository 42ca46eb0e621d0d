"""Writes small ONNX models for the NN converters' lit tests.

    nn_models.py NAME OUT.onnx

Models are built with onnx.helper at test time, so no binary is checked in.
"""

import numpy as np
from onnx import TensorProto, helper

from onnx_builders import const, main, model, tensor


def conv_same(auto_pad):
    """Conv with auto_pad, stride 2 and the kernel shape from the weight."""
    def build():
        w = np.ones((4, 2, 3, 3), np.float32)
        node = helper.make_node("Conv", ["x", "w", "b"], ["y"], name="conv",
                                auto_pad=auto_pad, strides=[2, 2])
        return model([node], [tensor("x", [1, 2, 6, 6])],
                     [tensor("y", [1, 4, 3, 3])],
                     [const("w", w), const("b", np.zeros(4, np.float32))])
    return build


def causal_conv(activation):
    """CausalConvWithState (opset 27) with a bias and a past state: 3
    channels, 4 taps, 5 positions."""
    def build():
        node = helper.make_node(
            "CausalConvWithState", ["x", "w", "b", "past"], ["y", "present"],
            name="causal", activation=activation)
        return model([node], [tensor("x", [2, 3, 5]), tensor("w", [3, 1, 4]),
                              tensor("b", [3]), tensor("past", [2, 3, 3])],
                     [tensor("y", [2, 3, 5]), tensor("present", [2, 3, 3])],
                     opset=27)
    return build


def conv_transpose_output_shape():
    """ConvTranspose whose output_shape asks for one row fewer than the
    natural 9 (a leading pad) and one column more than 7 (output_padding)."""
    w = np.ones((1, 2, 3, 3), np.float32)
    node = helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="convt",
                            strides=[3, 2], output_shape=[8, 8])
    return model([node], [tensor("x", [1, 1, 3, 3])],
                 [tensor("y", [1, 2, 8, 8])], [const("w", w)])


def maxpool_indices():
    node = helper.make_node("MaxPool", ["x"], ["y", "i"], name="pool",
                            kernel_shape=[2, 2], storage_order=1)
    return model([node], [tensor("x", [1, 1, 4, 4])],
                 [tensor("y", [1, 1, 3, 3]),
                  tensor("i", [1, 1, 3, 3], TensorProto.INT64)])


def avgpool_same_lower():
    node = helper.make_node("AveragePool", ["x"], ["y"], name="pool",
                            kernel_shape=[3], strides=[2],
                            auto_pad="SAME_LOWER", count_include_pad=1)
    return model([node], [tensor("x", [1, 2, 6])], [tensor("y", [1, 2, 3])])


def lppool_ceil():
    """LpPool in ceil_mode: 6 columns with a 3-column window in steps of 2
    give 3 windows, the last reaching one column past the input."""
    node = helper.make_node("LpPool", ["x"], ["y"], name="lp",
                            kernel_shape=[2, 3], strides=[2, 2],
                            pads=[1, 0, 0, 0], ceil_mode=1, p=3)
    return model([node], [tensor("x", [1, 2, 5, 6])],
                 [tensor("y", [1, 2, 3, 3])], opset=18)


def maxunpool():
    """MaxUnpool of a 2x2 pool with stride 2 into 4x4, padded to 5x5 by
    output_shape."""
    node = helper.make_node("MaxUnpool", ["x", "i", "shape"], ["y"],
                            name="unpool", kernel_shape=[2, 2], strides=[2, 2])
    return model([node], [tensor("x", [1, 1, 2, 2]),
                          tensor("i", [1, 1, 2, 2], TensorProto.INT64)],
                 [tensor("y", [1, 1, 5, 5])],
                 [const("shape", np.array([1, 1, 5, 5], np.int64))], opset=11)


def batchnorm():
    """Inference-mode BatchNormalization on constant parameters: the
    per-channel factor scale / sqrt(var + eps) folds at import time."""
    node = helper.make_node("BatchNormalization",
                            ["x", "scale", "bias", "mean", "var"], ["y"],
                            name="bn", epsilon=0.5)
    inits = [const("scale", np.array([1, 2, 3], np.float32)),
             const("bias", np.array([0, 1, 2], np.float32)),
             const("mean", np.array([1, 1, 1], np.float32)),
             const("var", np.array([0.5, 1.5, 3.5], np.float32))]
    return model([node], [tensor("x", [2, 3, 4])], [tensor("y", [2, 3, 4])],
                 inits)


def batchnorm_training():
    """Training-mode BatchNormalization (opset 15) with the running
    statistics as outputs; every input a graph input."""
    node = helper.make_node("BatchNormalization",
                            ["x", "scale", "bias", "mean", "var"],
                            ["y", "running_mean", "running_var"],
                            name="bn", training_mode=1, momentum=0.75)
    return model([node],
                 [tensor("x", [2, 3, 4])] +
                 [tensor(n, [3]) for n in ("scale", "bias", "mean", "var")],
                 [tensor("y", [2, 3, 4]), tensor("running_mean", [3]),
                  tensor("running_var", [3])], opset=15)


def layernorm_stats():
    """LayerNormalization over the last two axes, with Mean and InvStdDev."""
    node = helper.make_node("LayerNormalization", ["x", "scale", "bias"],
                            ["y", "mean", "inv"], name="ln", axis=1)
    inits = [const("scale", np.ones((3, 4), np.float32)),
             const("bias", np.zeros((3, 4), np.float32))]
    return model([node], [tensor("x", [2, 3, 4])],
                 [tensor("y", [2, 3, 4]), tensor("mean", [2, 1, 1]),
                  tensor("inv", [2, 1, 1])], inits)


def resize_sizes():
    """Resize (opset 13) given sizes and an empty scales input."""
    node = helper.make_node("Resize", ["x", "", "", "sizes"], ["y"],
                            name="resize", mode="linear",
                            coordinate_transformation_mode="align_corners")
    return model([node], [tensor("x", [1, 1, 4, 4])],
                 [tensor("y", [1, 1, 6, 2])],
                 [const("sizes", np.array([1, 1, 6, 2], np.int64))],
                 opset=13)


def resize_cubic():
    """Resize (opset 18): cubic, antialiased, excluding the outside."""
    node = helper.make_node("Resize", ["x", "", "scales"], ["y"],
                            name="resize", mode="cubic", cubic_coeff_a=-0.5,
                            exclude_outside=1, antialias=1)
    return model([node], [tensor("x", [1, 1, 4, 4])],
                 [tensor("y", [1, 1, 2, 2])],
                 [const("scales", np.array([1, 1, 0.5, 0.5], np.float32))],
                 opset=18)


def resize_crop():
    """Resize (opset 18): tf_crop_and_resize of axes (3, 2), whose roi lists
    those axes' starts, then their ends."""
    node = helper.make_node("Resize", ["x", "roi", "", "sizes"], ["y"],
                            name="resize", mode="linear", axes=[3, 2],
                            coordinate_transformation_mode="tf_crop_and_resize",
                            extrapolation_value=10.0)
    return model([node], [tensor("x", [1, 1, 4, 4])],
                 [tensor("y", [1, 1, 3, 2])],
                 [const("roi", np.array([0.5, 0.25, 1.5, 0.75], np.float32)),
                  const("sizes", np.array([2, 3], np.int64))], opset=18)


def upsample():
    """Upsample (opset 9): nearest, asymmetric coordinates, rounding down."""
    node = helper.make_node("Upsample", ["x", "scales"], ["y"],
                            name="upsample")
    return model([node], [tensor("x", [1, 1, 2, 2])],
                 [tensor("y", [1, 1, 6, 4])],
                 [const("scales", np.array([1, 1, 3, 2], np.float32))],
                 opset=9)


MODELS = {
    "causal-conv-silu": causal_conv("silu"),
    "causal-conv-relu": causal_conv("relu"),
    "conv-same-upper": conv_same("SAME_UPPER"),
    "conv-same-lower": conv_same("SAME_LOWER"),
    "convtranspose-output-shape": conv_transpose_output_shape,
    "maxpool-indices": maxpool_indices,
    "avgpool-same-lower": avgpool_same_lower,
    "lppool-ceil": lppool_ceil,
    "maxunpool": maxunpool,
    "batchnorm": batchnorm,
    "batchnorm-training": batchnorm_training,
    "layernorm-stats": layernorm_stats,
    "resize-sizes": resize_sizes,
    "resize-cubic": resize_cubic,
    "resize-crop": resize_crop,
    "upsample": upsample,
}

if __name__ == "__main__":
    main(MODELS)
