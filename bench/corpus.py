#!/usr/bin/python3
"""Every model of the corpus: compiles, matches its reference, and is timed
against onnxruntime, on the same number of threads, in one run.

    /usr/bin/python3 bench/corpus.py [--aotc build/bin/aotc] [--cpu native]
        [--repeat 10] [--rounds 2] [--threads 1] [--batch 1] [--check-only]
        [--family F] [MODEL...]

The models are utils/aotc_testing/corpus_models.py's (built from code with
random weights, exported to ONNX at opset 14 here) plus the ``quantized``
family below. For each model the script

1. exports it (``torch.onnx.export``) and computes PyTorch's outputs,
2. compiles it with ``aotc -O3 --cpu CPU`` (the wall time is the table's
   "compile s"), links bench/model_bench.c, runs it and compares every
   output with PyTorch's (rtol 1e-3, atol 1e-4 x the largest reference
   magnitude, as onnx_models.py),
3. times aotc (``NAME_run``) and onnxruntime (CPU execution provider, every
   graph optimization, one intra-op thread; bench/ort_time.py under
   ``--ort-python``), ROUNDS times over, every model in turn, the best call
   of all rounds counting. With ``--threads N`` (N > 1), aotc runs
   ``NAME_run_parallel`` on a libaotc_pool of N workers, whose outputs must
   be bitwise those of ``NAME_run``, and onnxruntime N intra-op threads.
   With ``--batch B``, every model is exported with a symbolic first
   dimension ``batch`` and run at B (``aotc --dim batch=B``); a model whose
   first dimension is not a batch (the LSTM language model's sequence, the
   decoding step's fixed batch) is a row with its reason.

A model that does not compile or does not match is a row with its reason,
and the exit status is 1; the table still prints. ``--check-only`` skips
the timing (and the quantized family, which needs onnxruntime to be made):
test/Models/corpus.test runs it.

Quantized family: onnxruntime's own quantizer (bench/ort_quantize.py, under
``--ort-python``) writes ``resnet18_qdq`` and ``mobilenet_v2_qdq``
(``quantize_static``, QDQ, per-channel int8 weights, uint8 activations,
calibrated on four random images and the test image), ``bert_mini_int8``
(``quantize_dynamic``), and ``gpt_block_q4`` and ``gpt_decode_step_q4``
(``MatMulNBitsQuantizer``: 4-bit weights in blocks of 32, MatMulNBits). Their reference is onnxruntime's output on the same
file with every graph optimization off (``ort_time.py ... asis``), which runs
the nodes as written: a QDQ model's DequantizeLinear, float op and
QuantizeLinear. (Its fused u8s8 integer kernels are no reference on AVX2
machines without VNNI: their 16-bit pair sums saturate, which onnxruntime's
quantization docs warn of; on this machine they move ResNet-18's logits by 7%
of their range and bert_mini_int8's by 30%.) A value near a rounding boundary
may round the other way and carry that through the later layers, so a
quantized model matches when it is within QUANTIZED_TOLERANCE of the largest
output magnitude of that reference, or when its distance from the float
model's output is at most SPREAD times the reference's (as accurate as
onnxruntime's own run); a wrong scale, zero point or axis is off by far
more.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "utils", "aotc_testing"))
import corpus_models  # noqa: E402
import harness_link  # noqa: E402
import onnx_models  # noqa: E402

QUANTIZED_TOLERANCE = 0.05
SPREAD = 2.0
# name -> (the float corpus model it quantizes, onnxruntime quantizer mode)
QUANTIZED = collections.OrderedDict([
    ("resnet18_qdq", ("resnet18", "static")),
    ("mobilenet_v2_qdq", ("mobilenet_v2", "static")),
    ("bert_mini_int8", ("bert_mini", "dynamic")),
    ("gpt_block_q4", ("gpt_block", "nbits")),
    ("gpt_decode_step_q4", ("gpt_decode_step", "nbits")),
])


def family(name):
    return "quantized" if name in QUANTIZED else corpus_models.CORPUS[name][0]


class Failed(Exception):
    pass


def run(command, what, **kwargs):
    """Runs `command`; raises Failed with its first error line (the model's
    path left out) when it fails."""
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        lines = [line for line in (done.stderr + done.stdout).splitlines()
                 if line.strip()]
        errors = [line for line in lines if "error" in line]
        first = (errors or lines or ["exit %d" % done.returncode])[0]
        first = re.sub(r"\S+\.onnx: ", "", first.strip())
        raise Failed("%s: %s" % (what, first[:240]))
    return done.stdout


def agree(got, want, quantized, want64=None):
    """None when every output matches, else why not. `want64`: the float64
    outputs, or for a quantized model the float model's."""
    for i, (g, w) in enumerate(zip(got, want)):
        scale = max(float(np.abs(w).max()), 1e-6)
        if quantized:
            err = float(np.abs(g - w).max()) / scale
            ours = float(np.abs(g - want64[i]).max())
            theirs = float(np.abs(w - want64[i]).max())
            if err > QUANTIZED_TOLERANCE and ours > SPREAD * theirs:
                return ("output %d: off by %.3g of its largest magnitude; "
                        "%.3g from the float model, onnxruntime %.3g" % (
                            i, err, ours, theirs))
            continue
        if np.allclose(g, w, rtol=onnx_models.RTOL,
                       atol=onnx_models.ATOL_SCALE * scale):
            continue
        why = "output %d: max abs error %.3g (largest |value| %.3g)" % (
            i, float(np.abs(g - w).max()), scale)
        if want64 is None:
            return why
        truth = want64[i].astype(np.float64)
        ours = float(np.abs(g - truth).max())
        theirs = float(np.abs(w - truth).max())
        if ours > SPREAD * theirs:
            return "%s; %.3g from the float64 result, PyTorch's float32 " \
                "%.3g" % (why, ours, theirs)
    return None


class Model:
    def __init__(self, name, args):
        self.name = name
        self.work = os.path.join(args.work_dir, name)
        os.makedirs(self.work, exist_ok=True)
        self.path = os.path.join(self.work, "model.onnx")
        self.error = None
        self.compile_s = None
        self.times = {}
        self.ops = 0

    def prepare(self, args):
        """Exports (and quantizes), compiles and checks; returns False with
        self.error set when any step fails."""
        try:
            self._prepare(args)
        except Failed as e:
            self.error = str(e)
        except Exception as e:  # an exporter's failure is a row too
            self.error = "%s: %s" % (type(e).__name__, str(e).splitlines()[0]
                                     if str(e) else "")
        return self.error is None

    def _prepare(self, args):
        work = self.work
        quantized = self.name in QUANTIZED
        base = QUANTIZED[self.name][0] if quantized else self.name
        float_path = os.path.join(work, "float.onnx") if quantized \
            else self.path
        batch = args.batch if args.batch > 1 else None
        self.inputs, want, want64 = corpus_models.export(
            base, float_path, float64=True, batch=batch)
        self.feed = os.path.join(work, "inputs.npz")
        np.savez(self.feed, *self.inputs)
        if quantized:
            calib = [self.feed]
            rng = np.random.default_rng(1)
            for i in range(4):
                path = os.path.join(work, "calib%d.npz" % i)
                np.savez(path, *[rng.standard_normal(x.shape).astype(x.dtype)
                                 if x.dtype == np.float32 else x
                                 for x in self.inputs])
                calib.append(path)
            run([args.ort_python, os.path.join(HERE, "ort_quantize.py"),
                 QUANTIZED[self.name][1], float_path, self.path] + calib,
                "onnxruntime's quantizer")
            out = os.path.join(work, "ort_reference.npz")
            run([args.ort_python, os.path.join(HERE, "ort_time.py"),
                 self.path, self.feed, out, "1", "1", "asis"], "onnxruntime")
            ref = np.load(out)
            want64 = want  # the float model's outputs
            want = [ref["arr_%d" % i] for i in range(len(ref.files))]
        self.want = want
        self.ops = sum(onnx_models.op_types(self.path).values())

        obj = os.path.join(work, "m.o")
        start = time.monotonic()
        dims = ["--dim", "batch=%d" % args.batch] if args.batch > 1 else []
        run([args.aotc, self.path, "-O3", "--cpu", args.cpu, "--name", "m",
             "-o", obj, "--header", os.path.join(work, "m.h")] + dims, "aotc")
        self.compile_s = time.monotonic() - start
        self.exe = os.path.join(work, "m_bench")
        includes, libraries = harness_link.harness_link_args(args.aotc)
        run(["cc", "-std=c11", "-O2", "-I", work] + includes +
            [os.path.join(HERE, "model_bench.c"), obj] + libraries +
            ["-lm", "-o", self.exe], "linking model_bench")
        self.raw_inputs = os.path.join(work, "inputs.bin")
        with open(self.raw_inputs, "wb") as f:
            for x in self.inputs:
                f.write(np.ascontiguousarray(x).tobytes())
        got = self.run_aotc(1)[1]
        why = agree(got, want, quantized, want64)
        if why:
            raise Failed("differs from %s: %s" % (
                "onnxruntime" if quantized else "PyTorch", why))
        if args.threads > 1:
            parallel = self.run_aotc(1, args.threads)[1]
            if any(a.tobytes() != b.tobytes() for a, b in zip(got, parallel)):
                raise Failed("NAME_run_parallel on %d workers differs from "
                             "NAME_run" % args.threads)

    def run_aotc(self, repeat, workers=1):
        out = os.path.join(self.work, "outputs.bin")
        pool = [str(workers)] if workers > 1 else []
        text = run([self.exe, self.raw_inputs, str(repeat), out] + pool,
                   "model_bench")
        raw = np.fromfile(out, dtype=np.uint8)
        got, offset = [], 0
        for w in self.want:
            size = w.size * w.dtype.itemsize
            got.append(raw[offset:offset + size].view(w.dtype)
                       .reshape(w.shape))
            offset += size
        return float(text.split()[0]), got

    def time_round(self, args):
        best = self.run_aotc(args.repeat, args.threads)[0]
        self.times.setdefault("aotc", []).append(best)
        try:
            text = run([args.ort_python, os.path.join(HERE, "ort_time.py"),
                        self.path, self.feed,
                        os.path.join(self.work, "ort.npz"), str(args.repeat),
                        str(args.threads)], "onnxruntime")
            self.times.setdefault("ort", []).append(float(text.split()[0]))
        except Failed as e:
            self.ort_error = str(e)


def main():
    names = list(corpus_models.CORPUS) + list(QUANTIZED)
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="models: " + ", ".join(names))
    parser.add_argument("models", nargs="*", metavar="MODEL")
    parser.add_argument("--aotc", default=os.path.join(ROOT, "build", "bin",
                                                       "aotc"))
    parser.add_argument("--cpu", default="native")
    parser.add_argument("--repeat", type=int, default=10,
                        help="calls timed per engine and round (default 10)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="rounds of timing every model (default 2)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads of both engines (default 1): aotc's "
                             "NAME_run_parallel on a pool of that many")
    parser.add_argument("--batch", type=int, default=1,
                        help="batch size, a symbolic first dimension bound "
                             "with --dim (default 1: the models as built)")
    parser.add_argument("--family", action="append", default=[],
                        help="only the models of this family (repeatable)")
    parser.add_argument("--check-only", action="store_true",
                        help="compile and compare only; no timing, no "
                             "quantized family")
    parser.add_argument("--ort-python", default="python3",
                        help="the Python with onnxruntime and onnx "
                             "(default: the first python3 on PATH)")
    parser.add_argument("--work-dir",
                        default=os.path.join(ROOT, "build", "bench", "corpus"))
    args = parser.parse_args()
    if args.threads < 1 or args.batch < 1:
        parser.error("--threads and --batch must be at least 1")
    if args.batch > 1:
        args.work_dir = os.path.join(args.work_dir, "batch%d" % args.batch)
    for name in args.models:
        if name not in names:
            parser.error("unknown model '%s'" % name)
    chosen = args.models or names
    if args.family:
        chosen = [n for n in chosen if family(n) in args.family]
    if args.check_only:
        chosen = [n for n in chosen if n not in QUANTIZED]
    models = []
    for name in chosen:
        print("corpus: %s" % name, file=sys.stderr, flush=True)
        model = Model(name, args)
        model.prepare(args)
        if model.error:
            print("corpus: %s: %s" % (name, model.error), file=sys.stderr,
                  flush=True)
        models.append(model)
    ok = [m for m in models if not m.error]
    if not args.check_only:
        for r in range(args.rounds):
            for model in ok:
                print("corpus: round %d of %d: %s" % (r + 1, args.rounds,
                                                      model.name),
                      file=sys.stderr, flush=True)
                model.time_round(args)

    print("%-20s %-14s %5s %9s %10s %10s %8s" % (
        "model", "family", "nodes", "compile s", "aotc ms", "ORT ms",
        "aotc/ORT"))
    ratios = []
    for m in models:
        if m.error:
            print("%-20s %-14s %5s  FAILED: %s" % (m.name, family(m.name),
                                                   m.ops or "", m.error))
            continue
        aotc = min(m.times["aotc"]) if m.times.get("aotc") else None
        ort = min(m.times["ort"]) if m.times.get("ort") else None
        cells = ["%10.2f" % aotc if aotc else "%10s" % "-",
                 "%10.2f" % ort if ort else "%10s" % "-"]
        ratio = ""
        if aotc and ort:
            ratios.append(aotc / ort)
            ratio = "%8.2f" % (aotc / ort)
        print("%-20s %-14s %5d %9.1f %s %s %s" % (
            m.name, family(m.name), m.ops, m.compile_s, cells[0], cells[1],
            ratio))
    print("%d of %d models compile and match" % (len(ok), len(models)))
    if ratios:
        print("aotc/onnxruntime, %s, batch %d: geometric mean %.2f, "
              "worst %.2f" % ("one thread" if args.threads == 1
                              else "%d threads" % args.threads, args.batch,
                              float(np.exp(np.mean(np.log(ratios)))),
                              max(ratios)))
    return 0 if len(ok) == len(models) else 1


if __name__ == "__main__":
    sys.exit(main())
