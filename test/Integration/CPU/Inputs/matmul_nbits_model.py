#!/usr/bin/python3
"""Writes a MatMulNBits model (com.microsoft): A [4, 1024] times 4-bit
weights [1024 -> 1024] in blocks of 32, packed two codes a byte (512 KiB),
with 32768 float32 scales (128 KiB) and the default zero point.

    matmul_nbits_model.py OUT.onnx
"""
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

K, N, BLOCK = 1024, 1024, 32


def main():
    rng = np.random.default_rng(0)
    packed = rng.integers(0, 256, (N, K // BLOCK, BLOCK // 2), dtype=np.uint8)
    scales = rng.random(N * (K // BLOCK), dtype=np.float32)
    node = helper.make_node("MatMulNBits", ["a", "b", "scales"], ["y"],
                            domain="com.microsoft", K=K, N=N, bits=4,
                            block_size=BLOCK)
    graph = helper.make_graph(
        [node], "nbits",
        [helper.make_tensor_value_info("a", TensorProto.FLOAT, [4, K])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4, N])],
        [numpy_helper.from_array(packed, "b"),
         numpy_helper.from_array(scales, "scales")])
    model = helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)])
    model.ir_version = 8
    save(model, sys.argv[1])


if __name__ == "__main__":
    main()
