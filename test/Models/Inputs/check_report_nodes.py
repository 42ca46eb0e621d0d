"""Checks that `aotc --report` credits each kernel with the graph nodes it
computes: check_report_nodes.py MODEL.onnx REPORT.txt

For every kernel row:
  - each node it lists is of an op its `ops` column names (a Conv in a
    'conv' kernel, an Add in an 'add' one, ...);
  - a kernel that computes a convolution (FLOPs > 0, 'conv' in its ops)
    lists exactly one Conv node, and its FLOPs are that Conv's (2 per
    multiply-add) plus at most a few per output element for what it fused.
Every Conv of the graph is the convolution of exactly one such kernel.
Prints one line per convolution kernel and 'attribution ok'.
"""

import re
import sys

import onnx
from onnx import numpy_helper, shape_inference

# The words of the report's `ops` column the ONNX ops become.
WORDS = {"Conv": {"conv"}, "Relu": {"relu"}, "Add": {"add"},
         "MaxPool": {"pool"}, "AveragePool": {"pool"},
         "GlobalAveragePool": {"reduce", "pool"}, "Gemm": {"matmul"},
         "MatMul": {"matmul"}, "Flatten": {"reshape", "copy"}}
ROW = re.compile(r"^\s*(\d+)\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+"
                 r"(.*?)\s{2,}(\S.*?)\s+\[nodes: (.*)\]$")


def main(model_path, report_path):
    model = shape_inference.infer_shapes(onnx.load(model_path))
    graph = model.graph
    shapes = {v.name: [d.dim_value for d in v.type.tensor_type.shape.dim]
              for v in list(graph.value_info) + list(graph.output)
              + list(graph.input)}
    weights = {t.name: numpy_helper.to_array(t).shape
               for t in graph.initializer}
    op_of = {n.name: n.op_type for n in graph.node}
    conv_flops = {}
    for n in graph.node:
        if n.op_type != "Conv":
            continue
        out = shapes[n.output[0]]
        w = weights[n.input[1]]
        elements = 1
        for d in out:
            elements *= d
        per_output = 1
        for d in w[1:]:
            per_output *= d
        conv_flops[n.name] = (2 * elements * per_output, elements)

    errors = []
    credited = {name: [] for name in conv_flops}
    rows = 0
    with open(report_path) as f:
        for line in f:
            m = ROW.match(line.rstrip("\n"))
            if not m:
                continue
            rows += 1
            kernel, flops = int(m.group(1)), int(m.group(3))
            words = set(m.group(8).split(" + "))
            nodes = m.group(9).split(", ")
            for node in nodes:
                op = op_of.get(node)
                if op is None:
                    errors.append("kernel %d lists %r, not a node of the "
                                  "graph" % (kernel, node))
                elif not WORDS.get(op, {op.lower()}) & words:
                    errors.append("kernel %d (%s) lists %s node %r"
                                  % (kernel, m.group(8), op, node))
            if flops == 0 or "conv" not in words:
                continue
            convs = [n for n in nodes if op_of.get(n) == "Conv"]
            if len(convs) != 1:
                errors.append("kernel %d computes a convolution and lists "
                              "%d Conv nodes: %s" % (kernel, len(convs),
                                                     ", ".join(convs)))
                continue
            want, elements = conv_flops[convs[0]]
            if not want <= flops <= want + 4 * elements:
                errors.append("kernel %d: %d FLOPs, but %r takes %d"
                              % (kernel, flops, convs[0], want))
            credited[convs[0]].append(kernel)
            print("kernel %d: %s" % (kernel, convs[0]))
    for name, kernels in credited.items():
        if len(kernels) != 1:
            errors.append("%r is the convolution of %d kernels (%s)"
                          % (name, len(kernels),
                             ", ".join(map(str, kernels)) or "none"))
    if not rows:
        errors.append("no kernel rows in %s" % report_path)
    for e in errors:
        print("error: " + e)
    if errors:
        sys.exit(1)
    print("attribution ok: %d kernels, %d convolutions"
          % (rows, len(conv_flops)))


if __name__ == "__main__":
    main(*sys.argv[1:3])
