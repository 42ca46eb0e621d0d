#!/usr/bin/python3
"""Quantized models: aotc's int8 build against its own float32 build and
against onnxruntime's int8, one thread, one run.

    /usr/bin/python3 bench/quantized.py [--aotc build/bin/aotc] [--cpu native]
        [--repeat 20] [MODEL...]        (resnet18, resnet50, mobilenet_v2,
                                         transformer_layer,
                                         transformer_layer_static)

Each model is exported as the model tests do (torchvision, random weights),
quantized by utils/aotc_testing/quantize.py (QDQ: per-channel int8
weights, uint8 activations calibrated on five images), and the same QDQ
file is timed in aotc and in onnxruntime (CPU execution provider, every
graph optimization: it fuses the QDQ pairs into its int8 kernels), next to
aotc's and onnxruntime's float32 runs of the float model. aotc's quantized
output must be within the reference's float32 spread of quantize.py's
reference (as test/Models/quantized-*.test checks); onnxruntime's int8
output is printed as its distance from the reference in output quanta.

transformer_layer_static is the same layer quantized statically
(quantize.quantize_qdq_matmuls: QDQ MatMuls, uint8 activations per tensor
calibrated by aotc's float build with the MatMuls' inputs as extra outputs,
int8 weights per column); aotc's and onnxruntime's int8 outputs on the
same file are compared with each other and with the float model.

transformer_layer (bench/peers.py's, d=256, seq 128) is quantized the way
onnxruntime's quantize_dynamic does it (quantize.quantize_dynamic:
DynamicQuantizeLinear + MatMulInteger by int8 weights); aotc's int8 output
must agree with onnxruntime's on the same file (both compute the integer
matmuls exactly), and its distance from the float model is printed.

A benchmark, not a test: only ratios measured in one run mean anything.
"""

import argparse
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "utils", "aotc_testing"))
sys.path.insert(0, os.path.join(ROOT, "python"))
import onnx_models  # noqa: E402
import peers  # noqa: E402
import quantize  # noqa: E402

MODELS = ("resnet18", "resnet50", "mobilenet_v2", "transformer_layer",
          "transformer_layer_static")
# Quantized dynamically (no calibration), as transformers usually are.
DYNAMIC = {"transformer_layer": "transformer_layer_256"}
# Quantized statically: QDQ MatMuls, their inputs calibrated by aotc's own
# float build on five inputs.
STATIC = {"transformer_layer_static": "transformer_layer_256"}


def ort_time(args, path, work, tag, x):
    """onnxruntime's (best, median) ms and output on `path`, or None."""
    inp = os.path.join(work, "input.npy")
    np.save(inp, x)
    out = os.path.join(work, tag + "_ort_output.npy")
    result = subprocess.run(
        [args.ort_python, os.path.join(HERE, "ort_time.py"), path, inp, out,
         str(args.repeat), "1"], capture_output=True, text=True)
    if result.returncode != 0:
        print("  (onnxruntime unavailable: %s)"
              % result.stderr.strip().splitlines()[-1:])
        return None
    best, median = (float(v) for v in result.stdout.split())
    return best, median, np.load(out).reshape(-1)


def print_rows(rows, int8_best):
    for label, best, median, note in rows:
        ratio = "" if label == "aotc int8" else "   aotc int8 is %.2fx %s" % (
            best / int8_best if best >= int8_best else int8_best / best,
            "faster" if best >= int8_best else "slower")
        print("  %-17s %9.2f ms (median %9.2f)%s%s" % (
            label, best, median, ratio, ("   (%s)" % note) if note else ""))
    sys.stdout.flush()


def bench_against_ort(name, kind, args, work, x, want, float_path,
                      int8_path, max_apart):
    """Times aotc's int8 build of `int8_path` against its float32 build of
    `float_path` and onnxruntime's runs of both; aotc's and onnxruntime's
    int8 outputs must agree within `max_apart` of the float output's range
    `want` (they compute the same integer products; the float steps may
    round apart)."""
    int8_exe, _ = peers.compile_aotc(args.aotc, args.cpu, int8_path, work,
                                     "int8")
    f32_exe, flops = peers.compile_aotc(args.aotc, args.cpu, float_path,
                                        work, "f32")
    print("%s (%s): %s, %.2f GFLOP" % (
        name, kind, "x".join(map(str, x.shape)), flops / 1e9))
    int8 = peers.run_aotc(int8_exe, work, "int8", x, args.repeat, 1)
    f32 = peers.run_aotc(f32_exe, work, "f32", x, args.repeat, 1)
    scale = float(np.abs(want).max())
    rows = [("aotc int8", int8[0], int8[1], "max error %.2g of the float "
             "output's range" % (np.abs(int8[2] - want).max() / scale)),
            ("aotc f32", f32[0], f32[1], "")]
    ort_int8 = ort_time(args, int8_path, work, "int8", x)
    if ort_int8:
        apart = np.abs(int8[2] - ort_int8[2]).max() / scale
        if apart > max_apart:
            sys.exit("quantized: %s: aotc's and onnxruntime's int8 outputs "
                     "differ by %.3g of the output's range" % (name, apart))
        rows.append(("onnxruntime int8", ort_int8[0], ort_int8[1],
                     "%.2g from aotc's int8, %.2g from the float output" % (
                         apart, np.abs(ort_int8[2] - want).max() / scale)))
    ort_f32 = ort_time(args, float_path, work, "f32", x)
    if ort_f32:
        rows.append(("onnxruntime f32", ort_f32[0], ort_f32[1], ""))
    print_rows(rows, int8[0])


def bench_dynamic(name, args):
    """A dynamically quantized model against onnxruntime on the same file."""
    import onnx
    work = os.path.join(args.work_dir, name)
    os.makedirs(work, exist_ok=True)
    float_path = os.path.join(work, "model.onnx")
    x, want = onnx_models.export(DYNAMIC[name], float_path)
    int8_path = os.path.join(work, "dynamic.onnx")
    onnx.save(quantize.quantize_dynamic(onnx.load(float_path)), int8_path)
    bench_against_ort(name, "dynamically quantized", args, work,
                      np.asarray(x, np.float32),
                      np.asarray(want, np.float32).reshape(-1), float_path,
                      int8_path, 1e-2)


def calibrate_with_aotc(args, model, names, inputs):
    """[min, max] of the values `names` of float `model` over `inputs`,
    computed by aotc: the values become extra outputs of the graph."""
    import aotc
    import onnx
    extra = onnx.ModelProto()
    extra.CopyFrom(model)
    for name in names:
        extra.graph.output.append(onnx.helper.make_tensor_value_info(
            name, onnx.TensorProto.FLOAT, None))
    compiled = aotc.compile(extra, cpu=args.cpu, aotc=args.aotc)
    ranges = {}
    for x in inputs:
        values = compiled.run(x)[len(model.graph.output):]
        for name, value in zip(names, values):
            low, high = float(value.min()), float(value.max())
            old = ranges.get(name, (low, high))
            ranges[name] = (min(old[0], low), max(old[1], high))
    return ranges


def bench_static(name, args):
    """A statically quantized transformer (QDQ MatMuls) against
    onnxruntime's int8 on the same file."""
    import onnx
    work = os.path.join(args.work_dir, name)
    os.makedirs(work, exist_ok=True)
    float_path = os.path.join(work, "model.onnx")
    x, want = onnx_models.export(STATIC[name], float_path)
    x = np.asarray(x, np.float32)
    model = onnx.load(float_path)
    rng = np.random.default_rng(1)
    inputs = [x] + [rng.standard_normal(x.shape).astype(np.float32)
                    for _ in range(4)]
    ranges = calibrate_with_aotc(args, model, quantize.matmul_inputs(model),
                                 inputs)
    int8_path = os.path.join(work, "qdq.onnx")
    onnx.save(quantize.quantize_qdq_matmuls(model, ranges), int8_path)
    bench_against_ort(name, "QDQ matmuls", args, work, x,
                      np.asarray(want, np.float32).reshape(-1), float_path,
                      int8_path, 1e-2)


def bench(name, args):
    import onnx
    if name in DYNAMIC:
        return bench_dynamic(name, args)
    if name in STATIC:
        return bench_static(name, args)
    work = os.path.join(args.work_dir, name)
    os.makedirs(work, exist_ok=True)
    float_path = os.path.join(work, "model.onnx")
    x, _ = onnx_models.export(name, float_path)
    model = onnx.load(float_path)
    input_name = model.graph.input[0].name
    rng = np.random.default_rng(1)
    images = [x] + [rng.standard_normal(x.shape).astype(np.float32)
                    for _ in range(4)]
    qdq = quantize.quantize_qdq(
        model, quantize.calibrate(model, [{input_name: i} for i in images]))
    qdq_path = os.path.join(work, "qdq.onnx")
    onnx.save(qdq, qdq_path)
    output = qdq.graph.output[0].name
    want = quantize.Reference(qdq).run({input_name: x})[output].reshape(-1)
    single = quantize.Reference(qdq, np.float32).run(
        {input_name: x})[output].reshape(-1)
    scale = float(onnx.numpy_helper.to_array(next(
        t for t in qdq.graph.initializer
        if t.name == model.graph.output[0].name + "_oscale")))
    allowed = max(1.0, 2 * float(np.abs(single - want).max()) / scale)

    int8_exe, _ = peers.compile_aotc(args.aotc, args.cpu, qdq_path, work,
                                     "int8")
    f32_exe, flops = peers.compile_aotc(args.aotc, args.cpu, float_path,
                                        work, "f32")
    print("%s: %s, %.2f GFLOP" % (name, "x".join(map(str, x.shape)),
                                   flops / 1e9))
    int8 = peers.run_aotc(int8_exe, work, "int8", x, args.repeat, 1)
    quanta = np.abs(int8[2] - want) / scale
    if quanta.max() > allowed + 0.01:
        sys.exit("quantized: %s: aotc's int8 output is %.0f quanta off the "
                 "reference (allowed %.0f)" % (name, quanta.max(), allowed))
    f32 = peers.run_aotc(f32_exe, work, "f32", x, args.repeat, 1)
    rows = [("aotc int8", int8[0], int8[1], "%.0f quanta off the reference"
             % quanta.max()),
            ("aotc f32", f32[0], f32[1], "")]
    ort_int8 = ort_time(args, qdq_path, work, "int8", x)
    if ort_int8:
        rows.append(("onnxruntime int8", ort_int8[0], ort_int8[1],
                     "%.0f quanta off the reference"
                     % (np.abs(ort_int8[2] - want).max() / scale)))
    ort_f32 = ort_time(args, float_path, work, "f32", x)
    if ort_f32:
        rows.append(("onnxruntime f32", ort_f32[0], ort_f32[1], ""))
    print_rows(rows, int8[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", nargs="*", metavar="MODEL",
                        help="default: %s" % ", ".join(MODELS))
    parser.add_argument("--aotc", default=os.path.join(ROOT, "build", "bin",
                                                       "aotc"))
    parser.add_argument("--cpu", default="native")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--ort-python", default="python3")
    parser.add_argument("--work-dir", default=os.path.join(
        ROOT, "build", "bench", "quantized"))
    args = parser.parse_args()
    for name in args.models:
        if name not in MODELS:
            parser.error("unknown model '%s'" % name)
    for name in args.models or MODELS:
        bench(name, args)


if __name__ == "__main__":
    main()
