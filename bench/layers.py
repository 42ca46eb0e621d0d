#!/usr/bin/python3
"""Where a model's time goes: each of its convolutions and matmuls, alone,
aotc against onnxruntime, single thread, one run.

    /usr/bin/python3 bench/layers.py MODEL [--aotc build/bin/aotc]
        [--cpu native] [--repeat 20] [--top N]

MODEL is one of bench/peers.py's models, or the path of an ONNX file (a
corpus model from bench/corpus.py's work directory, a user's model) whose
inputs have static shapes. Each Conv, MatMul or Gemm node
whose other inputs are constant weights is cut out of the exported model
with the activation that follows it (Relu, Clip), as a model of its own
(onnx.utils.extract_model); layers of the same shapes and attributes are
timed once and counted. Both compilers see the layer without its
neighbours, so the totals differ from the whole model's time; what the
table shows is which layers lose the most time against the peer (count x
(aotc - onnxruntime)), largest first, with each layer's GFLOP/s.

A benchmark, not a test: only ratios measured in one run mean anything.
"""

import argparse
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import peers  # noqa: E402

CONTRACTIONS = ("Conv", "MatMul", "Gemm", "MaxPool", "AveragePool")
ACTIVATIONS = ("Relu", "Clip")


def layer_key(node, shapes, initializers):
    attrs = tuple(sorted((a.name, str(a)) for a in node.attribute))
    weights = tuple(tuple(initializers[name].dims) for name in node.input[1:]
                    if name)
    return (node.op_type, tuple(shapes[node.input[0]]), weights, attrs)


def gflops(flops, ms):
    """GFLOP/s of `flops` in `ms` (timers print whole microseconds: a
    layer under one counts as one)."""
    return flops / max(ms, 1e-3) / 1e6


def find_layers(model):
    """(key, first input, last output, ops) for each contraction with
    constant weights, and how many times each key occurs."""
    import onnx
    inferred = onnx.shape_inference.infer_shapes(model)
    shapes = {}
    for value in list(inferred.graph.value_info) + list(
            inferred.graph.input) + list(inferred.graph.output):
        dims = [d.dim_value for d in value.type.tensor_type.shape.dim]
        if dims and all(dims):
            shapes[value.name] = dims
    initializers = {t.name: t for t in model.graph.initializer}
    # The exporter shares equal weights through Identity nodes.
    for node in model.graph.node:
        if node.op_type == "Identity" and node.input[0] in initializers:
            initializers[node.output[0]] = initializers[node.input[0]]
    consumers = {}
    for node in model.graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    layers, counts = {}, {}
    for node in model.graph.node:
        if node.op_type not in CONTRACTIONS or node.input[0] not in shapes:
            continue
        if not all(name in initializers for name in node.input[1:] if name):
            continue
        output, ops = node.output[0], [node.op_type]
        users = consumers.get(output, [])
        if len(users) == 1 and users[0].op_type in ACTIVATIONS:
            output, ops = users[0].output[0], ops + [users[0].op_type]
        key = layer_key(node, shapes, initializers) + (tuple(ops),)
        counts[key] = counts.get(key, 0) + 1
        if key not in layers:
            layers[key] = (node.name, node.input[0], output, ops,
                           shapes[node.input[0]])
    return layers, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("model", metavar="MODEL")
    parser.add_argument("--aotc", default=os.path.join(peers.ROOT, "build",
                                                       "bin", "aotc"))
    parser.add_argument("--cpu", default="native")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--top", type=int, default=0,
                        help="print only the N layers that lose the most")
    parser.add_argument("--ort-python", default="python3")
    parser.add_argument("--work-dir", default=os.path.join(
        peers.ROOT, "build", "bench", "layers"))
    args = parser.parse_args()
    given = args.model.endswith(".onnx")
    if given and not os.path.isfile(args.model):
        parser.error("no such file '%s'" % args.model)
    if not given and args.model not in peers.MODELS:
        parser.error("unknown model '%s'" % args.model)
    import onnx
    import onnx.utils

    model_name = (os.path.basename(os.path.dirname(
        os.path.abspath(args.model))) if given else args.model)
    work = os.path.join(args.work_dir, model_name)
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, "model.onnx")
    if given:
        import shutil
        shutil.copyfile(args.model, path)
    else:
        peers.export(args.model, path)
    layers, counts = find_layers(onnx.load(path))
    rng = np.random.default_rng(0)
    rows = []
    for i, (key, (name, first, last, ops, shape)) in enumerate(
            layers.items()):
        layer_dir = os.path.join(work, "layer%03d" % i)
        os.makedirs(layer_dir, exist_ok=True)
        layer_path = os.path.join(layer_dir, "layer.onnx")
        onnx.utils.extract_model(path, layer_path, [first], [last])
        x = rng.standard_normal(shape).astype(np.float32)
        exe, flops = peers.compile_aotc(args.aotc, args.cpu, layer_path,
                                        layer_dir, "aotc")
        best, _, out = peers.run_aotc(exe, layer_dir, "aotc", x, args.repeat,
                                      1)
        np.save(os.path.join(layer_dir, "input.npy"), x)
        ort_out = os.path.join(layer_dir, "ort_output.npy")
        result = subprocess.run(
            [args.ort_python, os.path.join(HERE, "ort_time.py"), layer_path,
             os.path.join(layer_dir, "input.npy"), ort_out,
             str(args.repeat), "1"], capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit("layers: onnxruntime failed on %s: %s" %
                     (name, result.stderr.strip().splitlines()[-1:]))
        ort_best = float(result.stdout.split()[0])
        if not peers.agree(out, np.load(ort_out)):
            sys.exit("layers: %s: aotc's output differs from onnxruntime's"
                     % name)
        weights = "w" + "x".join(map(str, key[2][0])) if key[2] else ""
        rows.append((counts[key], "+".join(ops), "x".join(map(str, shape)),
                     weights, best, ort_best, flops))
    rows.sort(key=lambda r: -r[0] * (r[4] - r[5]))
    total = sum(r[0] * r[4] for r in rows)
    ort_total = sum(r[0] * r[5] for r in rows)
    print("%s: %d distinct layers, %d in all; aotc %.2f ms, onnxruntime "
          "%.2f ms summed over the layers alone" %
          (model_name, len(rows), sum(counts.values()), total, ort_total))
    print("%3s %-10s %-16s %-16s %9s %9s %8s %8s %6s %8s" %
          ("n", "ops", "input", "weights", "aotc ms", "ort ms", "aotc GF",
           "ort GF", "ratio", "lost ms"))
    for count, ops, shape, weights, best, ort_best, flops in \
            rows[:args.top or len(rows)]:
        print("%3d %-10s %-16s %-16s %9.3f %9.3f %8.1f %8.1f %6.2f %8.2f" %
              (count, ops, shape, weights, best, ort_best,
               gflops(flops, best), gflops(flops, ort_best),
               best / max(ort_best, 1e-3),
               count * (best - ort_best)))


if __name__ == "__main__":
    main()
