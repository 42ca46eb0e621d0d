"""Writes small ONNX models for the importer's lit tests.

    fixture.py NAME OUT.onnx

Models are built with onnx.helper at test time, so no binary is checked in.
"""

import numpy as np
from onnx import TensorProto, helper, numpy_helper

from onnx_builders import main, model, tensor


def reshape_chain():
    """Flatten written the way exporters do: Shape -> Gather -> Concat."""
    nodes = [
        helper.make_node("Shape", ["x"], ["s"], name="shape"),
        helper.make_node("Constant", [], ["zero"], name="zero",
                         value=numpy_helper.from_array(np.array(0, np.int64))),
        helper.make_node("Gather", ["s", "zero"], ["n"], axis=0,
                         name="batch"),
        helper.make_node("Unsqueeze", ["n", "axes"], ["n1"], name="unsq"),
        helper.make_node("Concat", ["n1", "minus_one"], ["target"], axis=0,
                         name="target"),
        helper.make_node("Reshape", ["x", "target"], ["y"], name="flatten"),
    ]
    inits = [numpy_helper.from_array(np.array([0], np.int64), "axes"),
             numpy_helper.from_array(np.array([-1], np.int64), "minus_one")]
    return model(nodes, [tensor("x", ["batch", 3, 4])],
                 [tensor("y", ["batch", 12])], inits)


def weights():
    """A 16 KiB initializer next to a 4-element one."""
    w = np.arange(4096, dtype=np.float32).reshape(1, 4096)
    nodes = [helper.make_node("Concat", ["x", "w"], ["y"], axis=0,
                              name="join")]
    return model(nodes, [tensor("x", [1, 4096])], [tensor("y", [2, 4096])],
                 [numpy_helper.from_array(w, "w")])


def unsupported():
    nodes = [
        helper.make_node("Hypot", ["x", "x"], ["a"], name="h1"),
        helper.make_node("Hypot", ["a", "x"], ["b"], name="h2"),
        helper.make_node("Transpose", ["b"], ["c"], name="t"),
        helper.make_node("FancyOp", ["c"], ["y"], name="f",
                         domain="com.example"),
    ]
    graph = helper.make_graph(nodes, "g", [tensor("x", [2, 3])],
                              [tensor("y", [3, 2])])
    return helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 17), helper.make_opsetid("com.example", 1)])


def dynamic():
    nodes = [helper.make_node("Transpose", ["x"], ["y"], name="t")]
    return model(nodes, [tensor("x", ["batch", 3])],
                 [tensor("y", [3, "batch"])])


def unknown_dims():
    """Dimensions declared as exporters write unknown ones (paddle2onnx):
    -1 and 0 in the input, the output and its value_info."""
    nodes = [helper.make_node("Transpose", ["x"], ["y"], name="t")]
    m = model(nodes, [tensor("x", [-1, 0, 3])], [tensor("y", [3, 0, -1])])
    m.graph.value_info.append(tensor("y", [0, -1, 0]))
    return m


def shared_dim():
    """Two inputs sharing the symbolic dimension 'batch'."""
    nodes = [helper.make_node("Add", ["a", "b"], ["y"], name="add")]
    return model(nodes, [tensor("a", ["batch", 3]), tensor("b", ["batch", 3])],
                 [tensor("y", ["batch", 3])])


def wrong_attribute_type(which):
    """A node whose attribute has the wrong ONNX type."""
    def build():
        if which == "axis":
            # Softmax's axis (an int) given as ints; its default (-1) would
            # otherwise apply silently.
            node = helper.make_node("Softmax", ["x"], ["y"], name="sm",
                                    axis=[0])
            return model([node], [tensor("x", [2, 3])],
                         [tensor("y", [2, 3])])
        # Transpose's perm (ints) given as one int: with it read as absent,
        # the converter would reverse the axes and report nothing.
        node = helper.make_node("Transpose", ["x"], ["y"], name="t", perm=1)
        return model([node], [tensor("x", [2, 3])], [tensor("y", [3, 2])])
    return build


def uint8_image():
    """A uint8 NHWC image made a float NCHW tensor in [0, 1], and a uint8
    copy converted back."""
    nodes = [
        helper.make_node("Transpose", ["img"], ["t"], perm=[0, 3, 1, 2],
                         name="nchw"),
        helper.make_node("Cast", ["t"], ["f"], to=TensorProto.FLOAT,
                         name="to_float"),
        helper.make_node("Div", ["f", "s"], ["y"], name="scale"),
        helper.make_node("Mul", ["y", "s"], ["y255"], name="unscale"),
        helper.make_node("Cast", ["y255"], ["q"], to=TensorProto.UINT8,
                         name="to_uint8"),
    ]
    return model(nodes, [tensor("img", [1, 4, 4, 3], TensorProto.UINT8)],
                 [tensor("y", [1, 3, 4, 4]),
                  tensor("q", [1, 3, 4, 4], TensorProto.UINT8)],
                 [numpy_helper.from_array(np.array(255, np.float32), "s")])


def uint8_offset():
    """A uint8 initializer (200) added to a uint8 input, wrapping modulo 256,
    then compared (as unsigned) with 150 and converted to float."""
    nodes = [
        helper.make_node("Add", ["x", "offset"], ["sum"], name="add"),
        helper.make_node("Greater", ["sum", "limit"], ["big"], name="gt"),
        helper.make_node("Cast", ["sum"], ["y"], to=TensorProto.FLOAT,
                         name="to_float"),
    ]
    return model(nodes, [tensor("x", [6], TensorProto.UINT8)],
                 [tensor("y", [6]), tensor("big", [6], TensorProto.BOOL)],
                 [numpy_helper.from_array(np.array([200], np.uint8),
                                          "offset"),
                  numpy_helper.from_array(np.array(150, np.uint8), "limit")])


def uint8_order():
    """Ops that read uint8 by order (ReduceMax, ArgMin, TopK) or wrap
    (ReduceSum), and Pow of a float base by a uint32 exponent."""
    axes = numpy_helper.from_array(np.array([1], np.int64), "axes")
    k = numpy_helper.from_array(np.array([2], np.int64), "k")
    nodes = [
        helper.make_node("ReduceMax", ["x", "axes"], ["max"], keepdims=0,
                         name="max"),
        helper.make_node("ArgMin", ["x"], ["argmin"], axis=1, keepdims=0,
                         name="argmin"),
        helper.make_node("TopK", ["x", "k"], ["top", "topi"], axis=1,
                         name="topk"),
        helper.make_node("ReduceSum", ["x", "axes"], ["sum"], keepdims=0,
                         name="sum"),
        helper.make_node("Pow", ["base", "e"], ["pow"], name="pow"),
    ]
    return model(nodes, [tensor("x", [2, 5], TensorProto.UINT8),
                         tensor("base", [3]),
                         tensor("e", [3], TensorProto.UINT32)],
                 [tensor("max", [2], TensorProto.UINT8),
                  tensor("argmin", [2], TensorProto.INT64),
                  tensor("top", [2, 2], TensorProto.UINT8),
                  tensor("topi", [2, 2], TensorProto.INT64),
                  tensor("sum", [2], TensorProto.UINT8),
                  tensor("pow", [3])], [axes, k], opset=18)


def uint8_pow():
    """Pow of uint8 operands reads them as numbers: not supported (yet)."""
    nodes = [helper.make_node("Pow", ["a", "b"], ["y"], name="p")]
    return model(nodes, [tensor("a", [4], TensorProto.UINT8),
                         tensor("b", [4], TensorProto.UINT8)],
                 [tensor("y", [4], TensorProto.UINT8)])


def quantize_to(output_dtype):
    """QuantizeLinear (opset 21) to `output_dtype`, without a zero point."""
    def build():
        nodes = [helper.make_node("QuantizeLinear", ["x", "s"], ["y"],
                                  output_dtype=output_dtype, name="q")]
        return model(nodes, [tensor("x", [2, 3])],
                     [tensor("y", [2, 3], output_dtype)],
                     [numpy_helper.from_array(np.array(0.5, np.float32), "s")],
                     opset=21)
    return build


def low_precision_io():
    """A float8e4m3fn input decoded to float, and an int4 output of 2x3
    elements (3 packed bytes) with an int4 initializer added in float."""
    # onnx 1.12 predates int4: the proto by hand. Elements 1, 2, -1, -8,
    # 7, 0, two to a byte, the first in the low bits.
    int4 = TensorProto(name="w", data_type=22, dims=[2, 3],
                       raw_data=bytes([0x21, 0x8F, 0x07]))
    nodes = [
        helper.make_node("Cast", ["x"], ["y"], to=TensorProto.FLOAT,
                         name="decode"),
        helper.make_node("Cast", ["w"], ["wf"], to=TensorProto.FLOAT,
                         name="weights"),
        helper.make_node("Add", ["y", "wf"], ["sum"], name="add"),
        helper.make_node("Cast", ["sum"], ["q"], to=22, name="encode"),
    ]
    return model(nodes, [tensor("x", [2, 3], 17)],
                 [tensor("y", [2, 3]), tensor("q", [2, 3], 22)], [int4],
                 opset=23)


def low_precision_add():
    """Add reading a float8 input, which only casts and moves may read."""
    nodes = [helper.make_node("Add", ["x", "x"], ["y"], name="a")]
    return model(nodes, [tensor("x", [4], 19)], [tensor("y", [4], 19)],
                 opset=23)


def if_graph(condition):
    """y = If(c, then: x + 1, else: x * 2); `condition` None makes c a
    graph input, else a constant."""
    then_branch = helper.make_graph(
        [helper.make_node("Add", ["x", "one"], ["t"], name="plus")], "then",
        [], [tensor("t", [2, 3])],
        [numpy_helper.from_array(np.array(1, np.float32), "one")])
    else_branch = helper.make_graph(
        [helper.make_node("Mul", ["x", "two"], ["t"], name="times")], "else",
        [], [tensor("t", [2, 3])],
        [numpy_helper.from_array(np.array(2, np.float32), "two")])
    nodes = [helper.make_node("If", ["c"], ["y"], name="if",
                              then_branch=then_branch,
                              else_branch=else_branch)]
    inputs = [tensor("x", [2, 3])]
    inits = []
    if condition is None:
        inputs.append(tensor("c", [], TensorProto.BOOL))
    else:
        inits.append(numpy_helper.from_array(np.array(condition), "c"))
    return model(nodes, inputs, [tensor("y", [2, 3])], inits)


def loop_graph(trips):
    """A `for` loop as PyTorch exports one: `trips` iterations of
    s = s + x * i, its condition a constant true passed through, and the
    running sums stacked as a scan output."""
    body = helper.make_graph(
        [helper.make_node("Cast", ["i"], ["fi"], to=TensorProto.FLOAT,
                          name="index"),
         helper.make_node("Mul", ["x", "fi"], ["xi"], name="scale"),
         helper.make_node("Add", ["s_in", "xi"], ["s_out"], name="sum"),
         helper.make_node("Identity", ["cond_in"], ["cond_out"], name="keep"),
         helper.make_node("Identity", ["s_out"], ["scan"], name="record")],
        "body",
        [tensor("i", [], TensorProto.INT64),
         tensor("cond_in", [], TensorProto.BOOL), tensor("s_in", [3])],
        [tensor("cond_out", [], TensorProto.BOOL), tensor("s_out", [3]),
         tensor("scan", [3])])
    nodes = [helper.make_node("Loop", ["n", "t", "s0"], ["s", "sums"],
                              name="loop", body=body)]
    inits = [numpy_helper.from_array(np.array(trips, np.int64), "n"),
             numpy_helper.from_array(np.array(True), "t"),
             numpy_helper.from_array(np.zeros(3, np.float32), "s0")]
    return model(nodes, [tensor("x", [3])],
                 [tensor("s", [3]), tensor("sums", [trips, 3])], inits)


def scan_graph(length=4):
    """Scan (opset 9): a running sum over axis 0 of x, backward."""
    body = helper.make_graph(
        [helper.make_node("Add", ["acc", "row"], ["next"], name="step"),
         helper.make_node("Identity", ["next"], ["out"], name="emit")],
        "body", [tensor("acc", [2]), tensor("row", [2])],
        [tensor("next", [2]), tensor("out", [2])])
    nodes = [helper.make_node("Scan", ["init", "x"], ["total", "partial"],
                              name="scan", body=body, num_scan_inputs=1,
                              scan_input_directions=[1])]
    return model(nodes, [tensor("init", [2]), tensor("x", [length, 2])],
                 [tensor("total", [2]), tensor("partial", [length, 2])])


def loop_growing_graph(trips):
    """A Loop whose carried value grows by one element per iteration (a
    concat): not a loop of static types, so it can only be unrolled."""
    body = helper.make_graph(
        [helper.make_node("Concat", ["s_in", "x"], ["s_out"], axis=0,
                          name="grow"),
         helper.make_node("Identity", ["cond_in"], ["cond_out"], name="keep")],
        "body",
        [tensor("i", [], TensorProto.INT64),
         tensor("cond_in", [], TensorProto.BOOL), tensor("s_in", None)],
        [tensor("cond_out", [], TensorProto.BOOL), tensor("s_out", None)])
    nodes = [helper.make_node("Loop", ["n", "t", "s0"], ["s"],
                              name="loop", body=body)]
    inits = [numpy_helper.from_array(np.array(trips, np.int64), "n"),
             numpy_helper.from_array(np.array(True), "t"),
             numpy_helper.from_array(np.zeros(1, np.float32), "s0")]
    return model(nodes, [tensor("x", [1])], [tensor("s", None)], inits)


def loop_while_graph():
    """A `while` loop: v = v * 2 while sum(v) < 100, its first condition a
    graph input, at most 50 iterations."""
    body = helper.make_graph(
        [helper.make_node("Add", ["v_in", "v_in"], ["v_out"], name="double"),
         helper.make_node("ReduceSum", ["v_out"], ["total"], keepdims=0,
                          name="total"),
         helper.make_node("Less", ["total", "limit"], ["cond_out"],
                          name="test")],
        "body",
        [tensor("i", [], TensorProto.INT64),
         tensor("cond_in", [], TensorProto.BOOL), tensor("v_in", [3])],
        [tensor("cond_out", [], TensorProto.BOOL), tensor("v_out", [3])])
    nodes = [helper.make_node("Loop", ["n", "go", "v0"], ["v"],
                              name="loop", body=body)]
    inits = [numpy_helper.from_array(np.array(50, np.int64), "n"),
             numpy_helper.from_array(np.array(100, np.float32), "limit")]
    return model(nodes, [tensor("go", [], TensorProto.BOOL),
                         tensor("v0", [3])], [tensor("v", [3])], inits)


def loop_float_condition_graph():
    """A while loop whose body gives a float condition (a sum), which ONNX
    does not allow: one error at the node."""
    body = helper.make_graph(
        [helper.make_node("Add", ["v_in", "v_in"], ["v_out"], name="double"),
         helper.make_node("ReduceSum", ["v_out"], ["cond_out"], keepdims=0,
                          name="total")],
        "body",
        [tensor("i", [], TensorProto.INT64),
         tensor("cond_in", [], TensorProto.BOOL), tensor("v_in", [3])],
        [tensor("cond_out", []), tensor("v_out", [3])])
    nodes = [helper.make_node("Loop", ["", "go", "v0"], ["v"],
                              name="loop", body=body)]
    return model(nodes, [tensor("go", [], TensorProto.BOOL),
                         tensor("v0", [3])], [tensor("v", [3])])


def lstm_layer():
    """A bidirectional LSTM (hidden 4) over 5 steps of a batch of 2 of
    3 features."""
    rng = np.random.default_rng(0)
    w = rng.standard_normal((2, 16, 3)).astype(np.float32)
    r = rng.standard_normal((2, 16, 4)).astype(np.float32)
    nodes = [helper.make_node("LSTM", ["x", "w", "r"], ["y", "h"],
                              hidden_size=4, direction="bidirectional",
                              name="lstm")]
    return model(nodes, [tensor("x", [5, 2, 3])],
                 [tensor("y", [5, 2, 2, 4]), tensor("h", [2, 2, 4])],
                 [numpy_helper.from_array(w, "w"),
                  numpy_helper.from_array(r, "r")])


def gru_long_layer():
    """A reverse GRU (hidden 4) over 600 steps of a batch of 2 of 3
    features, with sequence_lens: longer than the unrolling limit."""
    rng = np.random.default_rng(0)
    w = rng.standard_normal((1, 12, 3)).astype(np.float32)
    r = rng.standard_normal((1, 12, 4)).astype(np.float32)
    nodes = [helper.make_node("GRU", ["x", "w", "r", "", "lens"], ["y", "h"],
                              hidden_size=4, direction="reverse",
                              name="gru")]
    return model(nodes, [tensor("x", [600, 2, 3]),
                         tensor("lens", [2], TensorProto.INT32)],
                 [tensor("y", [600, 1, 2, 4]), tensor("h", [1, 2, 4])],
                 [numpy_helper.from_array(w, "w"),
                  numpy_helper.from_array(r, "r")])


def contrib_graph():
    """What onnxruntime's transformer optimizer writes: a default-domain
    SimplifiedLayerNormalization, com.microsoft FastGelu and Attention (a
    name the default domain uses too), and a contrib op aotc lacks."""
    rng = np.random.default_rng(0)
    nodes = [
        helper.make_node("SimplifiedLayerNormalization", ["x", "scale"],
                         ["n"], epsilon=1e-6, name="norm"),
        helper.make_node("FastGelu", ["n", "bias"], ["g"], name="gelu",
                         domain="com.microsoft"),
        helper.make_node("Attention", ["g", "w"], ["y"], num_heads=2,
                         name="attention", domain="com.microsoft"),
        helper.make_node("GridSample", ["x"], ["z"], name="missing",
                         domain="com.microsoft"),
    ]
    graph = helper.make_graph(
        nodes, "g", [tensor("x", [1, 4, 8])],
        [tensor("y", [1, 4, 8]), tensor("z", [1, 4, 8])],
        [numpy_helper.from_array(np.ones(8, np.float32), "scale"),
         numpy_helper.from_array(np.zeros(8, np.float32), "bias"),
         numpy_helper.from_array(
             rng.standard_normal((8, 24)).astype(np.float32), "w")])
    return helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)])


def pad_from_reduce():
    """Pad sizes computed the way torchvision's detectors compute theirs:
    ReduceMax, ReduceProd and Sqrt of constants, then Ceil and Cast."""
    nodes = [
        helper.make_node("ReduceMax", ["sizes"], ["largest"], keepdims=0,
                         name="max"),
        helper.make_node("ReduceProd", ["steps"], ["step"], keepdims=0,
                         name="prod"),
        helper.make_node("Div", ["largest", "step"], ["ratio"], name="div"),
        helper.make_node("Sqrt", ["ratio"], ["root"], name="sqrt"),
        helper.make_node("Ceil", ["root"], ["up"], name="ceil"),
        helper.make_node("Cast", ["up"], ["n"], to=TensorProto.INT64,
                         name="cast"),
        helper.make_node("Reshape", ["n", "one"], ["n1"], name="vector"),
        helper.make_node("Concat", ["zeros", "n1", "n1", "zeros", "n1",
                                    "n1"], ["pads"], axis=0, name="pads"),
        helper.make_node("Pad", ["x", "pads"], ["y"], name="pad"),
    ]
    inits = [
        numpy_helper.from_array(np.array([[30.0, 40.0], [90.0, 20.0]],
                                         np.float32), "sizes"),
        numpy_helper.from_array(np.array([2.0, 5.0], np.float32), "steps"),
        numpy_helper.from_array(np.array([1], np.int64), "one"),
        numpy_helper.from_array(np.zeros(2, np.int64), "zeros"),
    ]
    return model(nodes, [tensor("x", [1, 3, 4, 4])],
                 [tensor("y", [1, 3, 10, 10])], inits)


def sequence_graph(tail):
    """A sequence built from x: SequenceConstruct(x, 2x), SequenceInsert
    of 3x at position 1, then `tail`: "at" reads position -1 (2x) and
    concatenates the sequence on a new axis; "identity" passes the sequence
    to Identity; "output" makes it a graph output."""
    nodes = [
        helper.make_node("Add", ["x", "x"], ["x2"], name="double"),
        helper.make_node("Mul", ["x", "three"], ["x3"], name="triple"),
        helper.make_node("SequenceConstruct", ["x", "x2"], ["s"],
                         name="construct"),
        helper.make_node("SequenceInsert", ["s", "x3", "one"], ["t"],
                         name="insert"),
    ]
    outputs = [tensor("y", [2])]
    if tail == "at":
        nodes += [helper.make_node("SequenceAt", ["t", "minus_one"], ["y"],
                                   name="at"),
                  helper.make_node("ConcatFromSequence", ["t"], ["all"],
                                   axis=0, new_axis=1, name="stack")]
        outputs.append(tensor("all", [3, 2]))
    elif tail == "identity":
        nodes += [helper.make_node("Identity", ["t"], ["u"], name="copy"),
                  helper.make_node("SequenceAt", ["u", "one"], ["y"],
                                   name="at")]
    else:
        outputs = [helper.make_tensor_sequence_value_info(
            "t", TensorProto.FLOAT, [2])]
    inits = [numpy_helper.from_array(np.array(3, np.float32), "three"),
             numpy_helper.from_array(np.array(1, np.int64), "one"),
             numpy_helper.from_array(np.array(-1, np.int64), "minus_one")]
    return model(nodes, [tensor("x", [2])], outputs, inits, opset=13)


def dequantize_per_axis(scales, block_size=0):
    """DequantizeLinear of an int8 [2, 4] input with `scales` along axis 1
    (blocked when `block_size`)."""
    def build():
        nodes = [helper.make_node("DequantizeLinear", ["x", "s"], ["y"],
                                  axis=1, block_size=block_size, name="dq")]
        return model(nodes, [tensor("x", [2, 4], TensorProto.INT8)],
                     [tensor("y", [2, 4])],
                     [numpy_helper.from_array(
                         np.full(scales, 0.5, np.float32), "s")], opset=21)
    return build


def range_of(start, limit, delta, dtype):
    """Range of constant bounds (an output too large to compute at compile
    time, or whose length overflows int64)."""
    def build():
        inits = [numpy_helper.from_array(np.array(v, dtype), n)
                 for v, n in ((start, "start"), (limit, "limit"),
                              (delta, "delta"))]
        nodes = [helper.make_node("Range", ["start", "limit", "delta"], ["y"],
                                  name="range")]
        elem = TensorProto.INT64 if dtype == np.int64 else TensorProto.FLOAT
        return model(nodes, [], [tensor("y", [1], elem)], inits)
    return build


def old_opset():
    """Opset 5 Add: ONNX redefined Add in opset 6."""
    nodes = [helper.make_node("Add", ["x", "x"], ["y"])]
    return model(nodes, [tensor("x", [2])], [tensor("y", [2])], opset=5)


def old_unchanged():
    """Opset 1 Not: the same op in opset 6, so the model imports."""
    nodes = [helper.make_node("Not", ["x"], ["y"])]
    x = helper.make_tensor_value_info("x", TensorProto.BOOL, [2])
    y = helper.make_tensor_value_info("y", TensorProto.BOOL, [2])
    return model(nodes, [x], [y], opset=1)


def legacy_broadcast():
    """Opset 6 Add with broadcast=1: B's dimension aligns at axis 1 of A."""
    nodes = [helper.make_node("Add", ["a", "b"], ["y"], broadcast=1, axis=1,
                              name="add")]
    return model(nodes, [tensor("a", [2, 3, 4]), tensor("b", [3])],
                 [tensor("y", [2, 3, 4])], opset=6)


def external(location, offset=0, length=None):
    """A model whose weight lives in an external file at `location` (a
    `length` of -1: no length, the rest of the file)."""
    w = numpy_helper.from_array(np.ones((2, 2), np.float32), "w")
    w.data_location = TensorProto.EXTERNAL
    w.ClearField("raw_data")
    entries = {"location": location, "offset": str(offset),
               "length": str(16 if length is None else length)}
    if length == -1:
        del entries["length"]
    for key, value in entries.items():
        entry = w.external_data.add()
        entry.key, entry.value = key, value
    nodes = [helper.make_node("Concat", ["x", "w"], ["y"], axis=0)]
    return model(nodes, [tensor("x", [1, 2])], [tensor("y", [3, 2])], [w])


def raw_name():
    """An unsupported node whose name holds an escape sequence and bytes that
    are not UTF-8 (protobuf's Python API refuses them, so patch the bytes)."""
    nodes = [helper.make_node("Hypot", ["x", "x"], ["y"], name="NAME@@")]
    data = model(nodes, [tensor("x", [2])], [tensor("y", [2])])
    return data.SerializeToString().replace(b"NAME@@", b"\x1b[2J\xff\xfe")


MODELS = {
    "reshape-chain": reshape_chain,
    "weights": weights,
    "unsupported": unsupported,
    "dynamic": dynamic,
    "shared-dim": shared_dim,
    "uint8-image": uint8_image,
    "uint8-pow": uint8_pow,
    "uint8-order": uint8_order,
    "uint8-offset": uint8_offset,
    "wrong-axis-type": wrong_attribute_type("axis"),
    "wrong-perm-type": wrong_attribute_type("perm"),
    "quantize-int8": quantize_to(TensorProto.INT8),
    "quantize-float8": quantize_to(17),  # FLOAT8E4M3FN (onnx 1.14+)
    "low-precision-io": low_precision_io,
    "contrib": contrib_graph,
    "sequence-at": lambda: sequence_graph("at"),
    "sequence-identity": lambda: sequence_graph("identity"),
    "sequence-output": lambda: sequence_graph("output"),
    "pad-from-reduce": pad_from_reduce,
    "lstm": lstm_layer,
    "gru-long": gru_long_layer,
    "unknown-dims": unknown_dims,
    "if-constant": lambda: if_graph(False),
    "if-runtime": lambda: if_graph(None),
    "loop-for": lambda: loop_graph(3),
    "loop-long": lambda: loop_graph(2000),
    "loop-growing": lambda: loop_growing_graph(2000),
    "loop-while": loop_while_graph,
    "loop-float-condition": loop_float_condition_graph,
    "scan-backward": scan_graph,
    "scan-long": lambda: scan_graph(40),
    "low-precision-add": low_precision_add,
    "dequantize-axis-mismatch": dequantize_per_axis([3]),
    "dequantize-blocked": dequantize_per_axis([2, 2], block_size=3),
    "dequantize-blocked-mismatch": dequantize_per_axis([2, 3], block_size=3),
    "range-huge": range_of(0, 1 << 40, 1, np.int64),
    "range-overflow": range_of(-(1 << 63), (1 << 63) - 1, 1, np.int64),
    "range-float-inf": range_of(0, np.inf, 1, np.float32),
    "old-opset": old_opset,
    "old-unchanged": old_unchanged,
    "legacy-broadcast": legacy_broadcast,
    "raw-name": raw_name,
    "external-ok": lambda: external("w.bin"),
    "external-escape": lambda: external("../w.bin"),
    "external-absolute": lambda: external("/etc/passwd"),
    "external-past-end": lambda: external("w.bin", offset=8),
    "external-whole-file": lambda: external("b.bin", length=-1),
}

if __name__ == "__main__":
    main(MODELS)
