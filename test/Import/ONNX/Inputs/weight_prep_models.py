"""Writes the ONNX models of weight-prep.test: weights that aotc prepares at
compile time (BatchNorm folded into the Conv before it, transposed weights
stored transposed), all large enough to be dense_resource blobs.

    weight_prep_models.py NAME OUT.onnx
"""

import numpy as np
from onnx import helper

from onnx_builders import const, main, model, tensor

# More channels than kMaxFoldElements (1024): the BatchNorm's parameter
# vectors are dense_resource blobs, not inline literals.
WIDE = 1100


def conv_bn_wide():
    """Conv with bias (1100 output channels) and an inference
    BatchNormalization whose parameters are all blobs."""
    rng = np.random.default_rng(0)
    nodes = [
        helper.make_node("Conv", ["x", "w", "b"], ["y"], name="conv",
                         kernel_shape=[1, 1]),
        helper.make_node("BatchNormalization",
                         ["y", "scale", "bias", "mean", "var"], ["z"],
                         name="bn", epsilon=1e-5),
    ]
    inits = [
        const("w", rng.uniform(-1, 1, (WIDE, 2, 1, 1)).astype(np.float32)),
        const("b", rng.uniform(-1, 1, WIDE).astype(np.float32)),
        const("scale", rng.uniform(0.5, 1.5, WIDE).astype(np.float32)),
        const("bias", rng.uniform(-1, 1, WIDE).astype(np.float32)),
        const("mean", rng.uniform(-1, 1, WIDE).astype(np.float32)),
        const("var", rng.uniform(0.5, 2, WIDE).astype(np.float32)),
    ]
    return model(nodes, [tensor("x", [1, 2, 3, 3])],
                 [tensor("z", [1, WIDE, 3, 3])], inits, opset=14)


def gemm_transb():
    """PyTorch's Linear: Gemm with transB = 1, B a [N, K] initializer."""
    node = helper.make_node("Gemm", ["x", "w", "b"], ["y"], name="fc",
                            transB=1)
    w = np.arange(WIDE * 2, dtype=np.float32).reshape(WIDE, 2)
    return model([node], [tensor("x", [1, 2])], [tensor("y", [1, WIDE])],
                 [const("w", w), const("b", np.zeros(WIDE, np.float32))])


def matmul_transpose():
    """MatMul by a Transpose node applied to an initializer."""
    nodes = [
        helper.make_node("Transpose", ["w"], ["wt"], name="t", perm=[1, 0]),
        helper.make_node("MatMul", ["x", "wt"], ["y"], name="mm"),
    ]
    w = np.arange(WIDE * 2, dtype=np.float32).reshape(WIDE, 2)
    return model(nodes, [tensor("x", [3, 2])], [tensor("y", [3, WIDE])],
                 [const("w", w)])


MODELS = {
    "conv-bn-wide": conv_bn_wide,
    "gemm-transb": gemm_transb,
    "matmul-transpose": matmul_transpose,
}

if __name__ == "__main__":
    main(MODELS)
