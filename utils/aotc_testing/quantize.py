#!/usr/bin/python3
"""A small post-training quantizer and the reference that runs its output.

``quantize_qdq`` turns a float ONNX model (BatchNorm folded, as
``onnx_models.export`` writes it) into the QDQ form quantization tools
write: each Conv and Gemm reads its input through QuantizeLinear ->
DequantizeLinear (uint8, per tensor, asymmetric; the scale from the range
calibration saw) and its weight through DequantizeLinear of an int8
initializer (symmetric, one scale per output channel); biases stay float.
The graph's output goes through a QuantizeLinear -> DequantizeLinear pair
too, so results can be compared in quanta.

``Reference`` runs a graph node by node in numpy (convolutions and pooling
through PyTorch in float64): the float model to calibrate, and the QDQ
model as the independent reference the compiled one is compared with. It
knows the ops the exported ResNet and MobileNet graphs use.

``quantize_qdq_matmuls`` writes the QDQ form static quantization gives a
transformer's MatMuls by constant weights (uint8 activations per tensor,
int8 weights per column); the caller calibrates the MatMuls' inputs.

``quantize_dynamic`` writes the form onnxruntime's ``quantize_dynamic``
does for transformers: each MatMul (and Gemm) by a constant weight becomes
DynamicQuantizeLinear of its input (uint8, the range of each call's
values), MatMulInteger by the int8 weight (symmetric, one scale), Cast to
float and Mul by the two scales (plus Gemm's bias).

Used by ``quantized_models.py`` (test/Models/quantized-*.test) and
``bench/quantized.py``.
"""

import numpy as np
from onnx import TensorProto, helper, numpy_helper

UINT8_MAX = 255


def _attrs(node):
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


class Reference:
    """Runs an ONNX graph of Conv, Gemm, pooling, Relu/Clip, Add, Flatten,
    Reshape, Constant and the quantization ops in float64 (quantized values
    as their integers), keeping every value by name. With `dtype` float32
    the convolutions, matmuls and dequantized values are float32 instead:
    how far that lands from the float64 run is the spread any float32
    implementation may show."""

    def __init__(self, model, dtype=np.float64):
        import torch
        self.torch = torch
        self.dtype = dtype
        self.model = model
        self.inits = {t.name: numpy_helper.to_array(t)
                      for t in model.graph.initializer}

    def run(self, feeds):
        values = dict(self.inits)
        values.update(feeds)
        for node in self.model.graph.node:
            args = [values[name] if name else None for name in node.input]
            outs = getattr(self, "op_" + node.op_type)(node, _attrs(node),
                                                       *args)
            for name, value in zip(node.output, outs):
                values[name] = value
        return values

    def _t(self, a):
        return self.torch.from_numpy(np.array(a, self.dtype))

    def op_Constant(self, node, attrs):
        return [numpy_helper.to_array(attrs["value"])]

    def op_Conv(self, node, attrs, x, w, b=None):
        F = self.torch.nn.functional
        pads = attrs.get("pads", [0, 0, 0, 0])
        assert pads[0] == pads[2] and pads[1] == pads[3], pads
        y = F.conv2d(self._t(x), self._t(w),
                     None if b is None else self._t(b),
                     stride=attrs.get("strides", [1, 1]),
                     padding=pads[:2], dilation=attrs.get("dilations", [1, 1]),
                     groups=attrs.get("group", 1))
        return [y.numpy()]

    def op_Gemm(self, node, attrs, a, b, c=None):
        a = a.T if attrs.get("transA", 0) else a
        b = b.T if attrs.get("transB", 0) else b
        y = np.asarray(a, self.dtype) @ np.asarray(b, self.dtype)
        y = self.dtype(attrs.get("alpha", 1.0)) * y
        if c is not None:
            y = y + self.dtype(attrs.get("beta", 1.0)) * np.asarray(
                c, self.dtype)
        return [y]

    def op_MaxPool(self, node, attrs, x):
        F = self.torch.nn.functional
        pads = attrs.get("pads", [0, 0, 0, 0])
        assert pads[0] == pads[2] and pads[1] == pads[3], pads
        y = F.max_pool2d(self._t(x), attrs["kernel_shape"],
                         stride=attrs.get("strides", [1, 1]), padding=pads[:2],
                         ceil_mode=bool(attrs.get("ceil_mode", 0)))
        return [y.numpy()]

    def op_GlobalAveragePool(self, node, attrs, x):
        return [x.mean(axis=(2, 3), keepdims=True)]

    def op_Relu(self, node, attrs, x):
        return [np.maximum(x, 0)]

    def op_Clip(self, node, attrs, x, lo=None, hi=None):
        lo = attrs.get("min", -np.inf) if lo is None else lo
        hi = attrs.get("max", np.inf) if hi is None else hi
        return [np.minimum(np.maximum(x, lo), hi)]

    def op_Add(self, node, attrs, a, b):
        return [a + b]

    def op_Flatten(self, node, attrs, x):
        axis = attrs.get("axis", 1)
        return [x.reshape(int(np.prod(x.shape[:axis])), -1)]

    def op_Reshape(self, node, attrs, x, shape):
        return [x.reshape([d if d != 0 else x.shape[i]
                           for i, d in enumerate(shape)])]

    def op_QuantizeLinear(self, node, attrs, x, scale, zero_point):
        info = np.iinfo(zero_point.dtype)
        # float32 division and round half to even, as ONNX defines it.
        q = np.rint(np.float32(x) / np.float32(scale)) + np.float64(zero_point)
        return [np.clip(q, info.min, info.max)]

    def op_DequantizeLinear(self, node, attrs, x, scale, zero_point=None):
        axis = attrs.get("axis", 1)
        scale = np.asarray(scale, np.float64)
        zp = np.zeros(1) if zero_point is None else np.asarray(
            zero_point, np.float64)
        if scale.ndim == 1 and scale.size > 1:
            shape = [1] * np.ndim(x)
            shape[axis] = scale.size
            scale = scale.reshape(shape)
            if zp.size > 1:
                zp = zp.reshape(shape)
        return [((np.asarray(x, np.float64) - zp) * scale).astype(self.dtype)]


def activation_params(low, high):
    """uint8 asymmetric scale and zero point for a calibrated [low, high]
    (widened to hold 0)."""
    low, high = min(float(low), 0.0), max(float(high), 0.0)
    scale = np.float32((high - low) / UINT8_MAX or 1.0)
    zero_point = np.uint8(np.clip(np.rint(-low / scale), 0, UINT8_MAX))
    return scale, zero_point


def weight_params(w, axis):
    """int8 symmetric per-channel quantization of `w` along `axis`."""
    moved = np.moveaxis(w, axis, 0).reshape(w.shape[axis], -1)
    scale = (np.abs(moved).max(axis=1) / 127).astype(np.float32)
    scale[scale == 0] = 1
    shape = [1] * w.ndim
    shape[axis] = -1
    q = np.clip(np.rint(w / scale.reshape(shape)), -127, 127).astype(np.int8)
    return q, scale


def calibrate(model, inputs):
    """[min, max] of every value of the float `model` over `inputs` (a list
    of feed dicts)."""
    ranges = {}
    reference = Reference(model)
    for feeds in inputs:
        for name, value in reference.run(feeds).items():
            if name in reference.inits:
                continue
            low, high = float(np.min(value)), float(np.max(value))
            old = ranges.get(name, (low, high))
            ranges[name] = (min(old[0], low), max(old[1], high))
    return ranges


def quantize_qdq(model, ranges):
    """The QDQ form of float `model` (see the module docstring), given the
    calibrated `ranges` of its values."""
    graph = model.graph
    inits = {t.name: t for t in graph.initializer}
    new_inits, nodes, quantized = [], [], {}

    def qdq(name):
        """`name` read through QuantizeLinear -> DequantizeLinear (made once
        per value)."""
        if name not in quantized:
            scale, zero_point = activation_params(*ranges[name])
            s, z = name + "_qscale", name + "_qzero"
            new_inits.extend([numpy_helper.from_array(np.array(scale), s),
                              numpy_helper.from_array(np.array(zero_point),
                                                      z)])
            nodes.append(helper.make_node("QuantizeLinear", [name, s, z],
                                          [name + "_q"]))
            nodes.append(helper.make_node("DequantizeLinear",
                                          [name + "_q", s, z],
                                          [name + "_dq"]))
            quantized[name] = name + "_dq"
        return quantized[name]

    def weight(name, axis):
        w = numpy_helper.to_array(inits[name])
        q, scale = weight_params(w, axis)
        new_inits.extend([numpy_helper.from_array(q, name + "_int8"),
                          numpy_helper.from_array(scale, name + "_wscale")])
        nodes.append(helper.make_node("DequantizeLinear",
                                      [name + "_int8", name + "_wscale"],
                                      [name + "_wdq"], axis=axis))
        return name + "_wdq"

    for node in graph.node:
        if node.op_type in ("Conv", "Gemm") and node.input[1] in inits:
            inputs = list(node.input)
            inputs[0] = qdq(inputs[0])
            axis = 0
            if node.op_type == "Gemm" and not _attrs(node).get("transB", 0):
                axis = 1
            inputs[1] = weight(inputs[1], axis)
            node = helper.make_node(node.op_type, inputs, node.output,
                                    name=node.name, **_attrs(node))
        nodes.append(node)
    outputs = []
    for output in graph.output:
        scale, zero_point = activation_params(*ranges[output.name])
        s, z = output.name + "_oscale", output.name + "_ozero"
        new_inits.extend([numpy_helper.from_array(np.array(scale), s),
                          numpy_helper.from_array(np.array(zero_point), z)])
        nodes.append(helper.make_node("QuantizeLinear", [output.name, s, z],
                                      [output.name + "_oq"]))
        nodes.append(helper.make_node("DequantizeLinear",
                                      [output.name + "_oq", s, z],
                                      [output.name + "_quantized"]))
        outputs.append(helper.make_tensor_value_info(
            output.name + "_quantized", TensorProto.FLOAT,
            [d.dim_value for d in output.type.tensor_type.shape.dim]))
    keep = [t for t in graph.initializer
            if not any(t.name + suffix in {i.name for i in new_inits}
                       for suffix in ("_int8",))]
    new_graph = helper.make_graph(nodes, graph.name + "_qdq",
                                  list(graph.input), outputs,
                                  keep + new_inits)
    opsets = [helper.make_opsetid("", max(13, o.version))
              for o in model.opset_import if o.domain in ("", "ai.onnx")]
    return helper.make_model(new_graph, opset_imports=opsets,
                             producer_name="aotc_testing.quantize")


def matmul_inputs(model):
    """The left operands of `model`'s MatMuls by a 2-D constant weight:
    what ``quantize_qdq_matmuls`` needs calibrated."""
    inits = {t.name: t for t in model.graph.initializer}
    return [node.input[0] for node in model.graph.node
            if node.op_type == "MatMul" and node.input[1] in inits and
            len(inits[node.input[1]].dims) == 2]


def quantize_qdq_matmuls(model, ranges):
    """The QDQ form of float `model`'s MatMuls by a 2-D constant weight, as
    static quantization of a transformer writes it: the left operand
    through QuantizeLinear -> DequantizeLinear (uint8, per tensor, from its
    calibrated range in `ranges`), the weight through DequantizeLinear of
    an int8 initializer (symmetric, one scale per column). Other ops stay
    float."""
    graph = model.graph
    inits = {t.name: t for t in graph.initializer}
    new_inits, nodes, quantized = [], [], {}
    weights = set(matmul_inputs(model))
    for node in graph.node:
        if node.op_type == "MatMul" and node.input[0] in weights and \
                node.input[1] in inits and len(inits[node.input[1]].dims) == 2:
            a, b = node.input[0], node.input[1]
            if a not in quantized:
                scale, zero_point = activation_params(*ranges[a])
                s, z = a + "_qscale", a + "_qzero"
                new_inits += [numpy_helper.from_array(np.array(scale), s),
                              numpy_helper.from_array(np.array(zero_point), z)]
                nodes += [helper.make_node("QuantizeLinear", [a, s, z],
                                           [a + "_q"]),
                          helper.make_node("DequantizeLinear", [a + "_q", s, z],
                                           [a + "_dq"])]
                quantized[a] = a + "_dq"
            q, scale = weight_params(numpy_helper.to_array(inits[b]), 1)
            new_inits += [numpy_helper.from_array(q, b + "_int8"),
                          numpy_helper.from_array(scale, b + "_wscale")]
            nodes.append(helper.make_node(
                "DequantizeLinear", [b + "_int8", b + "_wscale"], [b + "_wdq"],
                axis=1))
            node = helper.make_node("MatMul", [quantized[a], b + "_wdq"],
                                    list(node.output), name=node.name)
        nodes.append(node)
    dropped = {n[:-len("_int8")] for n in (t.name for t in new_inits)
               if n.endswith("_int8")}
    keep = [t for t in graph.initializer if t.name not in dropped]
    new_graph = helper.make_graph(nodes, graph.name + "_qdq",
                                  list(graph.input), list(graph.output),
                                  keep + new_inits)
    opsets = [helper.make_opsetid("", max(13, o.version))
              for o in model.opset_import if o.domain in ("", "ai.onnx")]
    return helper.make_model(new_graph, opset_imports=opsets,
                             producer_name="aotc_testing.quantize")


def quantize_dynamic(model):
    """The dynamically quantized form of float `model` (module docstring):
    no calibration; the activations' scales are computed at run time."""
    graph = model.graph
    inits = {t.name: t for t in graph.initializer}
    new_inits, nodes, replaced = [], [], set()
    for node in graph.node:
        attrs = _attrs(node)
        gemm = node.op_type == "Gemm"
        if (node.op_type not in ("MatMul", "Gemm") or node.input[1] not in inits
                or (gemm and (attrs.get("transA", 0) or
                              attrs.get("alpha", 1.0) != 1.0 or
                              attrs.get("beta", 1.0) != 1.0))):
            nodes.append(node)
            continue
        w = numpy_helper.to_array(inits[node.input[1]]).astype(np.float64)
        if w.ndim != 2:
            nodes.append(node)
            continue
        if gemm and attrs.get("transB", 0):
            w = w.T
        scale = np.float32(max(np.abs(w).max(), 1e-12) / 127)
        q = np.clip(np.rint(w / scale), -127, 127).astype(np.int8)
        base = node.output[0]
        new_inits += [numpy_helper.from_array(q, base + "_wint8"),
                      numpy_helper.from_array(np.array(scale), base + "_wscale")]
        replaced.add(node.input[1])
        nodes += [
            helper.make_node("DynamicQuantizeLinear", [node.input[0]],
                             [base + "_xq", base + "_xs", base + "_xz"]),
            helper.make_node("MatMulInteger",
                             [base + "_xq", base + "_wint8", base + "_xz"],
                             [base + "_int32"]),
            helper.make_node("Cast", [base + "_int32"], [base + "_float"],
                             to=TensorProto.FLOAT),
            helper.make_node("Mul", [base + "_xs", base + "_wscale"],
                             [base + "_scale"])]
        product = base if not gemm or len(node.input) < 3 else base + "_mm"
        nodes.append(helper.make_node("Mul", [base + "_float", base + "_scale"],
                                      [product]))
        if product != base:
            nodes.append(helper.make_node("Add", [product, node.input[2]],
                                          [base]))
    used = {i for n in nodes for i in n.input}
    keep = [t for t in graph.initializer
            if t.name not in replaced or t.name in used]
    new_graph = helper.make_graph(nodes, graph.name + "_dynamic",
                                  list(graph.input), list(graph.output),
                                  keep + new_inits)
    opsets = [helper.make_opsetid("", max(13, o.version))
              for o in model.opset_import if o.domain in ("", "ai.onnx")]
    return helper.make_model(new_graph, opset_imports=opsets,
                             producer_name="aotc_testing.quantize")
