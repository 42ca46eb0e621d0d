#!/usr/bin/python3
"""The live-tensor lower bound of an ONNX graph's intermediate memory.

    live_tensor_bound.py MODEL.onnx [--input-shape NAME=DIMS ...]
                         [--header NAME.h] [--top N] [--max-ratio R]

An executor that computes the graph's nodes one at a time, in the graph's
order, and keeps every intermediate tensor in a buffer of its own from the
node that produces it to the last node that reads it, needs at least the
bound printed here for its intermediates. aotc's scratch arena
(``NAME_TEMP_BYTES``) is compared with it: see docs/memory-planning.md.

How the bound is computed:

* Shapes come from ``onnx.shape_inference`` after the graph inputs named by
  ``--input-shape`` (``NAME=1x3x224x224``, like aotc's option) are bound.
  Shape arithmetic that inference cannot see through (Shape -> Gather ->
  Div -> Concat -> Reshape, as exported attention layers have) is folded
  with numpy and inference runs again. Every intermediate must get a static
  shape; the script fails otherwise.
* A tensor is an *intermediate* when it is produced by a node of the main
  graph, is not a graph output, is read by at least one later node and is
  not a constant. Graph inputs, initializers and graph outputs are not
  counted: the caller owns the inputs and outputs, and the weights are
  compiled into the object. *Constants* are the initializers, the outputs of
  ``Constant`` nodes, of ``Shape``/``Size`` (shapes are static), and of any
  node all of whose inputs are constants: aotc folds all of those at
  compile time.
* Nodes are numbered in the graph's order (ONNX requires a topological
  order). An intermediate produced by node p and last read by node l is
  live at nodes p..l inclusive: while node l runs, both its inputs and its
  outputs exist.
* The bound is the largest, over the nodes, of the sum of the bytes of the
  intermediates live at that node. A tensor's bytes are its element count
  times its element size (bool: 1 byte). Subgraphs of If/Loop/Scan nodes
  are not looked into.

It is a lower bound for that execution model only: it assumes no node
writes its output over its input. An in-place ReLU, or a compiler that fuses
a chain of nodes so that their intermediates never exist, can go below it;
an executor that materializes more (padded copies of convolution inputs,
say) needs more.

Output: the bound, the node where it is reached and the tensors live there,
largest first (``--top``, default 10). With ``--header``, also the header's
``NAME_TEMP_BYTES`` and its ratio to the bound; ``--max-ratio R`` then makes
the script exit 1 unless TEMP_BYTES <= R x bound (for lit). Exit 2: usage
error or a graph the script cannot measure.
"""

import argparse
import re
import sys

# Bytes per element, by TensorProto data type.
ELEMENT_BYTES = {
    1: 4,    # FLOAT
    2: 1,    # UINT8
    3: 1,    # INT8
    4: 2,    # UINT16
    5: 2,    # INT16
    6: 4,    # INT32
    7: 8,    # INT64
    9: 1,    # BOOL
    10: 2,   # FLOAT16
    11: 8,   # DOUBLE
    12: 4,   # UINT32
    13: 8,   # UINT64
    14: 8,   # COMPLEX64
    15: 16,  # COMPLEX128
    16: 2,   # BFLOAT16
    17: 1,   # FLOAT8E4M3FN
    18: 1,   # FLOAT8E4M3FNUZ
    19: 1,   # FLOAT8E5M2
    20: 1,   # FLOAT8E5M2FNUZ
}

# Ops whose outputs are known at compile time once shapes are static.
SHAPE_OPS = {"Shape", "Size"}


class Usage(Exception):
    """A bad command line or a graph the script cannot measure."""


def parse_binding(text):
    match = re.fullmatch(r"(.+)=(\d+(?:x\d+)*)", text)
    if not match:
        raise Usage("--input-shape expects NAME=DIMS (e.g. input=1x3x224x224),"
                    " got '%s'" % text)
    return match.group(1), [int(d) for d in match.group(2).split("x")]


def bind_input_shapes(model, bindings):
    """Sets the dims of the graph inputs named in `bindings`."""
    inputs = {i.name: i for i in model.graph.input}
    for name, dims in bindings.items():
        if name not in inputs:
            raise Usage("the model has no input named '%s'" % name)
        shape = inputs[name].type.tensor_type.shape
        if len(shape.dim) != len(dims):
            raise Usage("input '%s' has rank %d; --input-shape gives %d dims"
                        % (name, len(shape.dim), len(dims)))
        for dim, value in zip(shape.dim, dims):
            dim.Clear()
            dim.dim_value = value


def tensor_bytes(value_info):
    """Bytes of a tensor described by a ValueInfoProto, or None when its
    shape or type is not fully known."""
    tensor_type = value_info.type.tensor_type
    size = ELEMENT_BYTES.get(tensor_type.elem_type)
    if size is None or not tensor_type.HasField("shape"):
        return None
    for dim in tensor_type.shape.dim:
        if not dim.HasField("dim_value"):
            return None
        size *= dim.dim_value
    return size


def shape_text(value_info):
    dims = value_info.type.tensor_type.shape.dim
    return "x".join(str(d.dim_value) for d in dims) or "scalar"


def attribute(node, name, default=None):
    from onnx import helper
    for attr in node.attribute:
        if attr.name == name:
            return helper.get_attribute_value(attr)
    return default


def fold_node(node, values, infos, opset):
    """The numpy values of `node`'s outputs when its inputs are known
    constants and its op is simple shape arithmetic, else None. Covers what
    exporters emit to compute shapes (Shape -> Gather -> Add -> Div ->
    Unsqueeze -> Concat -> Reshape / Slice)."""
    import numpy as np
    from onnx import mapping, numpy_helper

    op = node.op_type
    if op == "Shape":
        vi = infos.get(node.input[0])
        dims = vi.type.tensor_type.shape.dim if vi is not None else None
        if dims is None or not vi.type.tensor_type.HasField("shape") or \
                not all(d.HasField("dim_value") for d in dims):
            return None
        shape = [d.dim_value for d in dims]
        start, end = attribute(node, "start", 0), attribute(node, "end")
        return [np.array(shape[start:end], np.int64)]
    if op == "Constant":
        tensor = attribute(node, "value")
        if tensor is not None:
            return [numpy_helper.to_array(tensor)]
        for name, dtype in (("value_int", np.int64), ("value_ints", np.int64),
                            ("value_float", np.float32),
                            ("value_floats", np.float32)):
            value = attribute(node, name)
            if value is not None:
                return [np.array(value, dtype)]
        return None
    args = [values.get(name) if name else None for name in node.input]
    if any(name and values.get(name) is None for name in node.input):
        return None

    def axes_input(index, attr):
        if opset >= 13 and len(args) > index and args[index] is not None:
            return [int(a) for a in args[index]]
        return list(attribute(node, attr, []))

    binary = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply,
              "Equal": np.equal, "Less": np.less, "Greater": np.greater}
    unary = {"Neg": np.negative, "Abs": np.abs, "Floor": np.floor,
             "Ceil": np.ceil, "Sqrt": np.sqrt, "Not": np.logical_not,
             "Identity": lambda x: x}
    if op in binary:
        result = binary[op](args[0], args[1])
    elif op == "Div":
        a, b = args
        result = (np.trunc(a / b).astype(a.dtype)
                  if np.issubdtype(a.dtype, np.integer) else a / b)
    elif op in unary:
        result = unary[op](args[0])
    elif op in ("Min", "Max"):
        result = (np.minimum if op == "Min" else np.maximum).reduce(args)
    elif op == "Size":
        return None  # needs the input's shape, not its value
    elif op == "Gather":
        result = np.take(args[0], args[1], axis=attribute(node, "axis", 0))
    elif op == "Unsqueeze":
        result = args[0]
        for axis in sorted(a % (result.ndim + len(axes_input(1, "axes")))
                           for a in axes_input(1, "axes")):
            result = np.expand_dims(result, axis)
    elif op == "Squeeze":
        axes = axes_input(1, "axes")
        result = np.squeeze(args[0], axis=tuple(axes) if axes else None)
    elif op == "Concat":
        result = np.concatenate(args, axis=attribute(node, "axis"))
    elif op == "Cast":
        result = args[0].astype(
            mapping.TENSOR_TYPE_TO_NP_TYPE[attribute(node, "to")])
    elif op == "Reshape":
        shape = [d if d != 0 else args[0].shape[i]
                 for i, d in enumerate(args[1])]
        result = args[0].reshape(shape)
    elif op == "Slice" and opset >= 10:
        data, starts, ends = args[0], args[1], args[2]
        axes = args[3] if len(args) > 3 and args[3] is not None \
            else range(len(starts))
        steps = args[4] if len(args) > 4 and args[4] is not None \
            else [1] * len(starts)
        index = [slice(None)] * data.ndim
        for start, end, axis, step in zip(starts, ends, axes, steps):
            index[int(axis)] = slice(int(start), int(end), int(step))
        result = data[tuple(index)]
    elif op == "ConstantOfShape":
        fill = attribute(node, "value")
        fill = numpy_helper.to_array(fill) if fill is not None \
            else np.zeros(1, np.float32)
        result = np.full([int(d) for d in args[0]], fill.reshape(-1)[0],
                         fill.dtype)
    elif op == "Range":
        result = np.arange(args[0], args[1], args[2]).astype(args[0].dtype)
    elif op == "Where":
        result = np.where(args[0], args[1], args[2])
    elif op == "Expand":
        result = args[0] * np.ones([int(d) for d in args[1]], args[0].dtype)
    elif op == "Transpose":
        result = np.transpose(args[0], attribute(node, "perm"))
    else:
        return None
    return [np.asarray(result)]


def infer_shapes(model):
    """Value infos by tensor name. onnx.shape_inference alone leaves the
    shapes behind computed Slice bounds or Reshape targets unknown (an
    exported attention layer computes its head size from Shape): shape
    arithmetic on constants is folded with numpy, the folded tensors become
    initializers of a scratch copy of the model, and inference runs again,
    until nothing more folds."""
    import copy

    import numpy as np
    from onnx import numpy_helper, shape_inference

    opset = max([o.version for o in model.opset_import
                 if o.domain in ("", "ai.onnx")] or [1])
    work = copy.deepcopy(model)
    values = {}
    for init in model.graph.initializer:
        # Shape arithmetic reads small integer tensors; leave the weights.
        if np.prod(init.dims) <= 1024:
            values[init.name] = numpy_helper.to_array(init)
    while True:
        inferred = shape_inference.infer_shapes(work, data_prop=True)
        infos = {}
        for vi in list(inferred.graph.value_info) + \
                list(inferred.graph.output) + list(inferred.graph.input):
            infos[vi.name] = vi
        folded = []
        for node in work.graph.node:
            try:
                results = fold_node(node, values, infos, opset)
            except (ValueError, TypeError, IndexError, KeyError):
                results = None
            if results is None or len(results) != len(node.output):
                continue
            for name, value in zip(node.output, results):
                values[name] = value
            folded.append(node)
        if not folded:
            return infos
        keep = [n for n in work.graph.node if n not in folded]
        del work.graph.node[:]
        work.graph.node.extend(keep)
        for node in folded:
            for name in node.output:
                work.graph.initializer.append(
                    numpy_helper.from_array(values[name], name))


def compute_bound(model):
    """Returns (bound, peak node index, live tensors at the peak as
    (bytes, name, shape) sorted largest first, node list)."""
    infos = infer_shapes(model)
    graph = model.graph
    outputs = {o.name for o in graph.output}
    constants = {i.name for i in graph.initializer}
    constants.add("")  # an omitted optional input

    nodes = list(graph.node)
    producer = {}
    last_use = {}
    for index, node in enumerate(nodes):
        if node.op_type == "Constant" or node.op_type in SHAPE_OPS or \
                all(name in constants for name in node.input):
            constants.update(node.output)
            continue
        for name in node.input:
            if name:
                last_use[name] = index
        for name in node.output:
            if name:
                producer[name] = index

    intervals = []
    for name, start in producer.items():
        end = last_use.get(name)
        if name in outputs or end is None or end <= start:
            continue
        vi = infos.get(name)
        size = tensor_bytes(vi) if vi is not None else None
        if size is None:
            raise Usage("no static shape for intermediate '%s'; bind the "
                        "inputs with --input-shape" % name)
        intervals.append((start, end, size, name, shape_text(vi)))

    best, peak = 0, None
    for index in range(len(nodes)):
        live = sum(size for start, end, size, _, _ in intervals
                   if start <= index <= end)
        if live > best:
            best, peak = live, index
    at_peak = sorted(((size, name, shape)
                      for start, end, size, name, shape in intervals
                      if peak is not None and start <= peak <= end),
                     reverse=True)
    return best, peak, at_peak, nodes


def read_temp_bytes(header):
    with open(header) as f:
        match = re.search(r"#define\s+\w+_TEMP_BYTES\s+(\d+)", f.read())
    if not match:
        raise Usage("no NAME_TEMP_BYTES in '%s'" % header)
    return int(match.group(1))


def main(argv):
    parser = argparse.ArgumentParser(
        description="Print the live-tensor lower bound of an ONNX graph's "
                    "intermediate memory (see the module docstring).")
    parser.add_argument("model", help="the .onnx model")
    parser.add_argument("--input-shape", action="append", default=[],
                        metavar="NAME=DIMS",
                        help="bind a graph input's dims (repeatable)")
    parser.add_argument("--header", help="an aotc header: compare its "
                        "NAME_TEMP_BYTES with the bound")
    parser.add_argument("--top", type=int, default=10, metavar="N",
                        help="list the N largest tensors live at the peak")
    parser.add_argument("--max-ratio", type=float, metavar="R",
                        help="with --header: exit 1 unless TEMP_BYTES <= R x "
                             "bound")
    args = parser.parse_args(argv)
    try:
        import onnx
        model = onnx.load(args.model)
        bind_input_shapes(model, dict(parse_binding(b)
                                      for b in args.input_shape))
        bound, peak, at_peak, nodes = compute_bound(model)
        temp = read_temp_bytes(args.header) if args.header else None
        if args.max_ratio is not None and temp is None:
            raise Usage("--max-ratio needs --header")
    except Usage as e:
        print("live_tensor_bound: error: %s" % e, file=sys.stderr)
        return 2

    print("live-tensor bound: %d bytes (%.2f MiB)" % (bound, bound / 2**20))
    if peak is not None:
        node = nodes[peak]
        print("peak at node %d of %d: %s (%s)"
              % (peak, len(nodes), node.name or "<unnamed>", node.op_type))
        for size, name, shape in at_peak[:args.top]:
            print("  %10d  %s  [%s]" % (size, name, shape))
    if temp is None:
        return 0
    ratio = temp / bound if bound else float("inf") if temp else 1.0
    print("TEMP_BYTES: %d bytes (%.2f MiB), %.3fx the bound"
          % (temp, temp / 2**20, ratio))
    if args.max_ratio is not None:
        if ratio > args.max_ratio:
            print("live_tensor_bound: FAIL: TEMP_BYTES is %.3fx the bound, "
                  "more than %g" % (ratio, args.max_ratio), file=sys.stderr)
            return 1
        print("within %gx of the bound" % args.max_ratio)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
