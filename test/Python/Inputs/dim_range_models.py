"""Small ONNX models with a symbolic batch dimension, made with onnx.helper,
for `--dim batch=MIN..MAX` (docs/architecture.md, "Dimensions chosen at run
time"). `dim_range_models.py NAME OUT.onnx` writes model NAME:

  cnn        x[batch,3,8,8] -> Conv 3x3 + bias -> Relu -> MaxPool 2x2 ->
             Reshape to [batch, -1] (its shape computed from Shape(x), as
             exporters write it) -> Gemm -> Softmax           y[batch,10]
  encoder    x[batch,5,8], bias[5,8] (no batch: shared by every sample) ->
             x + bias -> Reshape [-1, 8] (batch merged with the 5 rows) ->
             MatMul -> Reshape [batch, 5, 8] -> LayerNormalization
             y[batch,5,8], and h[batch*5, 8] (the merged rows)
  embedding  ids int64[batch,6] -> Gather(table[20,8]) -> ReduceSum over
             the 6 positions                                   y[batch,8]
  attention  x[batch,5,8] -> self-attention laid out as PyTorch's
             nn.MultiheadAttention exports it: Transpose to [5, batch, 8],
             Reshape to [5, batch*2, 4] (2 heads), scores and softmax per
             head, Reshape to [5*batch, 8] (batch inside the rows), MatMul,
             back to [batch, 5, 8]                        y[batch,5,8];
             and the transposed input as rows, flat[5*batch, 8] (the batch
             inside each of 5 blocks of rows)
  gru        x[batch,6,3] -> Transpose [6, batch, 3] -> GRU (hidden 4; a loop
             over the 6 steps) -> Y[6,1,batch,4] -> [batch, 6, 4]  y
  mixes      x[batch,4] -> x - ReduceMean(x, axis 0): mixes the samples
  softmax0   x[batch,4] -> Softmax over axis 0: mixes the samples
  inner      x[4,batch] -> Relu: batch not the leading dimension   y[4,batch]

The weights are seeded random numbers; dim_range_check.py recomputes each
model in numpy from the same seed.
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def weights():
    rng = np.random.default_rng(7)
    f = lambda *s: rng.standard_normal(s).astype(np.float32)  # noqa: E731
    return {"conv_w": f(4, 3, 3, 3), "conv_b": f(4), "fc_w": f(10, 64),
            "fc_b": f(10), "mm_w": f(8, 8), "ln_g": f(8), "ln_b": f(8),
            "table": f(20, 8), "att_w": f(8, 8), "gru_w": f(1, 12, 3),
            "gru_r": f(1, 12, 4), "gru_b": f(1, 24)}


def i64(name, values):
    return numpy_helper.from_array(np.array(values, np.int64), name)


def build(name):
    w = weights()
    init = lambda *names: [numpy_helper.from_array(w[n], n)  # noqa: E731
                           for n in names]
    F, I = TensorProto.FLOAT, TensorProto.INT64
    info = helper.make_tensor_value_info
    if name == "cnn":
        nodes = [
            helper.make_node("Conv", ["x", "conv_w", "conv_b"], ["c"],
                             pads=[1, 1, 1, 1]),
            helper.make_node("Relu", ["c"], ["r"]),
            helper.make_node("MaxPool", ["r"], ["p"], kernel_shape=[2, 2],
                             strides=[2, 2]),
            helper.make_node("Shape", ["x"], ["xs"]),
            helper.make_node("Gather", ["xs", "zero"], ["n"], axis=0),
            helper.make_node("Unsqueeze", ["n", "axes0"], ["n1"]),
            helper.make_node("Concat", ["n1", "minus1"], ["flat_shape"],
                             axis=0),
            helper.make_node("Reshape", ["p", "flat_shape"], ["f"]),
            helper.make_node("Gemm", ["f", "fc_w", "fc_b"], ["g"], transB=1),
            helper.make_node("Softmax", ["g"], ["y"], axis=-1)]
        inputs = [info("x", F, ["batch", 3, 8, 8])]
        outputs = [info("y", F, ["batch", 10])]
        inits = init("conv_w", "conv_b", "fc_w", "fc_b") + [
            i64("zero", 0), i64("axes0", [0]), i64("minus1", [-1])]
    elif name == "encoder":
        nodes = [
            helper.make_node("Add", ["x", "bias"], ["xb"]),
            helper.make_node("Reshape", ["xb", "rows"], ["h0"]),
            helper.make_node("MatMul", ["h0", "mm_w"], ["h"]),
            helper.make_node("Shape", ["x"], ["xs"]),
            helper.make_node("Reshape", ["h", "xs"], ["hx"]),
            helper.make_node("LayerNormalization", ["hx", "ln_g", "ln_b"],
                             ["y"], axis=-1, epsilon=1e-5)]
        inputs = [info("x", F, ["batch", 5, 8]), info("bias", F, [5, 8])]
        outputs = [info("y", F, ["batch", 5, 8]), info("h", F, ["rows", 8])]
        inits = init("mm_w", "ln_g", "ln_b") + [i64("rows", [-1, 8])]
    elif name == "embedding":
        nodes = [helper.make_node("Gather", ["table", "ids"], ["e"], axis=0),
                 helper.make_node("ReduceSum", ["e", "axes1"], ["y"],
                                  keepdims=0)]
        inputs = [info("ids", I, ["batch", 6])]
        outputs = [info("y", F, ["batch", 8])]
        inits = init("table") + [i64("axes1", [1])]
    elif name == "attention":
        nodes = [
            helper.make_node("Transpose", ["x"], ["t"], perm=[1, 0, 2]),
            helper.make_node("Reshape", ["t", "heads"], ["h"]),
            helper.make_node("Transpose", ["h"], ["q"], perm=[1, 0, 2]),
            helper.make_node("Transpose", ["h"], ["k"], perm=[1, 2, 0]),
            helper.make_node("MatMul", ["q", "k"], ["s"]),
            helper.make_node("Softmax", ["s"], ["p"], axis=-1),
            helper.make_node("MatMul", ["p", "q"], ["o"]),
            helper.make_node("Transpose", ["o"], ["ot"], perm=[1, 0, 2]),
            helper.make_node("Reshape", ["ot", "rows"], ["r"]),
            helper.make_node("MatMul", ["r", "att_w"], ["m"]),
            helper.make_node("Reshape", ["m", "back"], ["mb"]),
            helper.make_node("Transpose", ["mb"], ["y"], perm=[1, 0, 2]),
            helper.make_node("Reshape", ["t", "rows"], ["flat"])]
        inputs = [info("x", F, ["batch", 5, 8])]
        outputs = [info("y", F, ["batch", 5, 8]), info("flat", F, [None, 8])]
        inits = init("att_w") + [i64("heads", [5, -1, 4]),
                                 i64("rows", [-1, 8]),
                                 i64("back", [5, -1, 8])]
    elif name == "gru":
        nodes = [
            helper.make_node("Transpose", ["x"], ["t"], perm=[1, 0, 2]),
            helper.make_node("GRU", ["t", "gru_w", "gru_r", "gru_b"],
                             ["Y"], hidden_size=4),
            helper.make_node("Squeeze", ["Y", "axes1"], ["s"]),
            helper.make_node("Transpose", ["s"], ["y"], perm=[1, 0, 2])]
        inputs = [info("x", F, ["batch", 6, 3])]
        outputs = [info("y", F, ["batch", 6, 4])]
        inits = init("gru_w", "gru_r", "gru_b") + [i64("axes1", [1])]
    elif name == "mixes":
        nodes = [helper.make_node("ReduceMean", ["x"], ["m"], axes=[0],
                                  keepdims=1),
                 helper.make_node("Sub", ["x", "m"], ["y"])]
        inputs = [info("x", F, ["batch", 4])]
        outputs = [info("y", F, ["batch", 4])]
        inits = []
    elif name == "softmax0":
        nodes = [helper.make_node("Softmax", ["x"], ["y"], axis=0)]
        inputs = [info("x", F, ["batch", 4])]
        outputs = [info("y", F, ["batch", 4])]
        inits = []
    elif name == "inner":
        nodes = [helper.make_node("Relu", ["x"], ["y"])]
        inputs = [info("x", F, [4, "batch"])]
        outputs = [info("y", F, [4, "batch"])]
        inits = []
    else:
        raise SystemExit("unknown model %r" % name)
    graph = helper.make_graph(nodes, name, inputs, outputs,
                              initializer=inits)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


if __name__ == "__main__":
    onnx.save(build(sys.argv[1]), sys.argv[2])
