#!/usr/bin/python3
"""Quantize a real model, compile it with aotc, run it from C and compare
with the reference doing the same quantized arithmetic.

Used by test/Models/quantized-*.test as ``%quantized-model``::

    # RUN: %quantized-model resnet18 --work-dir %t

The float model comes from onnx_models.py (torchvision, random weights,
seed 0, BatchNorm folded). quantize.py calibrates its activation ranges on
four random images plus the test image, writes the QDQ model (uint8
activations per tensor, int8 weights per output channel, the logits
quantized too) to ``W/qdq.onnx`` and runs it in its numpy reference; aotc
compiles ``W/qdq.onnx`` and the harness runs it on the test image.

The logits are compared in quanta of their output scale. aotc sums each
convolution in float32 in its own order, the reference in float64, so a
value that lands within about 1e-6 of a rounding boundary may round to the
other quantum, and the next layers carry that difference on: over
ResNet-18's 19 requantizations a float32 run of the reference itself moves
a fifth of the logits by one quantum (and inner activations by up to 8).
MobileNetV2's 35 requantizations spread it to 8 quanta. So the test
runs the reference twice, in float64 and in float32, and requires every
logit of aotc to be within ``--spread`` (default 2) times the float32
run's largest distance from the float64 one (and never less than one
quantum), with the differences not leaning one way (their mean within
``--max-bias``, default 0.1 quanta): a wrong zero point, scale or axis
moves logits by hundreds of quanta, a biased rounding all of them the same
way. The exact arithmetic of each quantized op is tested on small graphs
(test/Python/quantized.test) and by ONNX's node tests. It exits 0 when they match, 1 otherwise.
"""

import argparse
import os
import shutil
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_models  # noqa: E402
import onnx_run  # noqa: E402
import quantize  # noqa: E402

MODELS = ("resnet18", "mobilenet_v2")


def main(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", choices=MODELS)
    parser.add_argument("--aotc", required=True)
    parser.add_argument("--cc", default="cc")
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--aotc-arg", action="append", default=[])
    parser.add_argument("--spread", type=float, default=2)
    parser.add_argument("--max-bias", type=float, default=0.1)
    args = parser.parse_args(argv)

    import onnx
    work = os.path.abspath(args.work_dir)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    start = time.monotonic()
    float_path = os.path.join(work, "model.onnx")
    x, _ = onnx_models.export(args.model, float_path)
    model = onnx.load(float_path)
    input_name = model.graph.input[0].name
    rng = np.random.default_rng(1)
    images = [x] + [rng.standard_normal(x.shape).astype(np.float32)
                    for _ in range(4)]
    ranges = quantize.calibrate(model, [{input_name: i} for i in images])
    qdq = quantize.quantize_qdq(model, ranges)
    qdq_path = os.path.join(work, "qdq.onnx")
    onnx.save(qdq, qdq_path)
    counts = {}
    for node in qdq.graph.node:
        counts[node.op_type] = counts.get(node.op_type, 0) + 1
    print("quantized_models: %s quantized in %.1f s; op types: %s" % (
        args.model, time.monotonic() - start,
        ", ".join("%s x%d" % kv for kv in sorted(counts.items()))))

    output = qdq.graph.output[0].name
    want = quantize.Reference(qdq).run({input_name: x})[output]
    single = quantize.Reference(qdq, np.float32).run({input_name: x})[output]
    scale = float(onnx.numpy_helper.to_array(next(
        t for t in qdq.graph.initializer
        if t.name == model.graph.output[0].name + "_oscale")))
    spread = float(np.abs(single - want).max()) / scale
    allowed = max(1.0, args.spread * spread)
    want = want.astype(np.float32)
    log = []
    try:
        outputs = onnx_run.compile_and_run(
            qdq_path, [onnx_run.Tensor.from_numpy(x)],
            [onnx_run.Tensor.from_numpy(want)], work, args.aotc, cc=args.cc,
            aotc_flags=args.aotc_arg, name="m", log=log)
    except onnx_run.Outcome as e:
        print("\n".join(log))
        print("quantized_models: FAIL: %s: %s" % (e.status, e.detail),
              file=sys.stderr)
        return 1
    got = np.frombuffer(outputs[0], dtype=np.float32).reshape(want.shape)
    signed = (got.astype(np.float64) - want) / scale
    quanta = np.abs(signed)
    off = float(np.mean(quanta > 0.5))
    print("quantized_models: %s: %d logits, %.1f%% off the reference, at "
          "most %.0f quanta (allowed %.0f: the float32 reference is %.0f "
          "off), mean %+.3f quanta (output scale %.4g) in %.1f s"
          % (args.model, want.size, 100 * off, quanta.max(), allowed,
             spread, signed.mean(), scale, time.monotonic() - start))
    if quanta.max() > allowed + 0.01 or abs(signed.mean()) > args.max_bias:
        print("quantized_models: FAIL: a logit more than %g quanta off, or a "
              "mean difference over %g quanta" % (allowed, args.max_bias),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
