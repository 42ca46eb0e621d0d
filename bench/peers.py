#!/usr/bin/python3
"""aotc against the peers a user would pick instead, same threads, one run.

    /usr/bin/python3 bench/peers.py [--aotc build/bin/aotc]
        [--baseline OTHER_AOTC] [--cpu native] [--repeat 20] [--rounds 3]
        [--threads 1,2] [MODEL...]

For each model (torchvision or a small PyTorch module, random weights,
exported to ONNX at bench time exactly as the model tests do):

1. compiles it with ``aotc -O3 --cpu CPU`` (and with ``--baseline``, a second
   aotc binary, for a before/after column) and links bench/model_bench.c,
2. times the compiled model, onnxruntime (CPU execution provider, every graph
   optimization; run under ``--ort-python``, the Python that has it:
   ``python3 -m pip install onnxruntime``) and PyTorch eager, each warmed up
   once, best and median of REPEAT calls, at each of ``--threads`` (default
   1): aotc's NAME_run_parallel on a libaotc_pool of that many workers
   (NAME_run for one), onnxruntime with that many intra-op threads, PyTorch
   with ``torch.set_num_threads``; aotc's outputs must be bitwise equal at
   every thread count. ROUNDS times over, every model and within it every
   engine at every thread count in turn, so that a disturbance of a shared
   machine falls on a round of each rather than on all of one engine's or
   one model's calls; the best call of all rounds counts, with the median
   of the rounds' medians,
3. checks that the three outputs agree, and prints milliseconds, GFLOP/s
   (from ``aotc --report``'s FLOP count) and the ratios.

A benchmark, not a test: only ratios measured in one run mean anything.
"""

import argparse
import os
import re
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "utils", "aotc_testing"))
import harness_link  # noqa: E402
import corpus_models  # noqa: E402
import onnx_models  # noqa: E402


def torchvision_model(name, shape=(1, 3, 224, 224)):
    def build(torch):
        import torchvision
        return getattr(torchvision.models, name)(weights=None), shape
    return build


def transformer_layer(torch):
    """A BERT-base-like encoder layer at d=256: seq 128, 4 heads."""
    layer = torch.nn.TransformerEncoderLayer(
        d_model=256, nhead=4, dim_feedforward=1024, dropout=0.0,
        batch_first=True)
    return layer, (1, 128, 256)


def conv_layer(cin, cout, size, kernel, stride=1, groups=1):
    """One convolution + bias + ReLU on a 1 x cin x size x size input."""
    def build(torch):
        nn = torch.nn
        return (nn.Sequential(nn.Conv2d(cin, cout, kernel, stride=stride,
                                        padding=kernel // 2, groups=groups),
                              nn.ReLU()),
                (1, cin, size, size))
    return build


MODELS = {
    "resnet18": torchvision_model("resnet18"),
    "resnet50": torchvision_model("resnet50"),
    "mobilenet_v2": torchvision_model("mobilenet_v2"),
    "efficientnet_b0": torchvision_model("efficientnet_b0"),
    "shufflenet_v2": torchvision_model("shufflenet_v2_x1_0"),
    "squeezenet1_1": torchvision_model("squeezenet1_1"),
    "transformer_layer": transformer_layer,
    "gpt_block": corpus_models.gpt_block,
    # Recurrent models (onnx_models.py's): an OCR recognizer's CNN + 2-layer
    # bidirectional LSTM, a 2-layer bidirectional GRU encoder.
    "crnn": onnx_models.crnn,
    "gru_encoder": onnx_models.gru_encoder,
    # Single layers (ResNet and MobileNet shapes).
    "conv3x3_56": conv_layer(64, 64, 56, 3),
    "conv3x3_28": conv_layer(128, 128, 28, 3),
    "conv3x3_14": conv_layer(256, 256, 14, 3),
    "conv3x3_7": conv_layer(512, 512, 7, 3),
    "conv3x3_s2": conv_layer(128, 256, 28, 3, stride=2),
    "conv1x1_28": conv_layer(128, 512, 28, 1),
    "depthwise3x3_56": conv_layer(144, 144, 56, 3, groups=144),
    "first_conv": conv_layer(3, 64, 224, 7, stride=2),
}
DEFAULT_MODELS = ["resnet18", "resnet50", "mobilenet_v2", "efficientnet_b0",
                  "shufflenet_v2", "squeezenet1_1", "transformer_layer",
                  "gpt_block"]


def export(name, path):
    import torch
    torch.manual_seed(0)
    model, shape = MODELS[name](torch)
    onnx_models.calibrate_batch_norm(torch, model, shape)
    model.eval()
    x = torch.randn(*shape)
    want = model(x).detach()
    torch.onnx.export(model, (x,), path, opset_version=onnx_models.OPSET,
                      input_names=["input"], output_names=["output"])
    return model, x, want.numpy()


def set_blas_threads(threads):
    """Debian's PyTorch multiplies matrices with OpenBLAS, whose own thread
    pool ignores torch.set_num_threads: a "1 thread" run of a GEMM-heavy
    model used every core. Sets that pool's size too, when OpenBLAS is
    loaded in this process."""
    import ctypes
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps
                 if "libopenblas" in line and "/" in line}
    for path in paths:
        ctypes.CDLL(path).openblas_set_num_threads(threads)


def time_torch(torch, model, x, repeat, threads):
    import time
    torch.set_num_threads(threads)
    set_blas_threads(threads)
    with torch.no_grad():
        model(x)
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            model(x)
            times.append(time.perf_counter() - t0)
    # OpenBLAS's workers spin for a while after the last call: let them
    # sleep before the next peer (aotc at the next thread count) is timed.
    time.sleep(1)
    times.sort()
    return times[0] * 1e3, times[len(times) // 2] * 1e3


def compile_aotc(aotc, cpu, model_path, work, tag):
    """Compiles with `aotc` and links model_bench; returns (the benchmark
    executable, FLOPs)."""
    obj = os.path.join(work, tag + ".o")
    header_dir = os.path.join(work, tag)
    os.makedirs(header_dir, exist_ok=True)
    report = subprocess.run(
        [aotc, model_path, "-O3", "--cpu", cpu, "--name", "m", "-o", obj,
         "--header", os.path.join(header_dir, "m.h"), "--report"],
        check=True, capture_output=True, text=True).stdout
    flops = 0
    match = re.search(r"^\s*FLOPs\s+([0-9]+)", report, re.MULTILINE)
    if match:
        flops = int(match.group(1).replace(",", ""))
    exe = os.path.join(work, tag + "_bench")
    includes, libraries = harness_link.harness_link_args(aotc)
    subprocess.run(["cc", "-std=c11", "-O2", "-I", header_dir] + includes +
                   [os.path.join(HERE, "model_bench.c"), obj] + libraries +
                   ["-lm", "-o", exe], check=True)
    return exe, flops


def run_aotc(exe, work, tag, x, repeat, threads):
    """Runs a model_bench executable (m_run for one thread, else
    m_run_parallel on a pool of `threads`); returns (best ms, median ms,
    output)."""
    inp = os.path.join(work, "input.bin")
    x.astype(np.float32).tofile(inp)
    out = os.path.join(work, "%s_output%d.bin" % (tag, threads))
    command = [exe, inp, str(repeat), out]
    if threads > 1:
        command.append(str(threads))
    text = subprocess.run(command, check=True, capture_output=True,
                          text=True).stdout
    best, median, _ = (float(v) for v in text.split())
    return best, median, np.fromfile(out, dtype=np.float32)


def agree(a, b):
    a = a.reshape(-1)
    b = b.reshape(-1)
    scale = max(np.abs(b).max(), 1e-6)
    return a.shape == b.shape and np.allclose(a, b, rtol=1e-3,
                                              atol=1e-4 * scale)


class Model:
    """One model under test: exported, compiled, and its timings so far,
    (threads, engine) -> [(best, median)], one entry per round."""

    def __init__(self, name, args):
        self.name = name
        self.work = os.path.join(args.work_dir, name)
        os.makedirs(self.work, exist_ok=True)
        self.path = os.path.join(self.work, "model.onnx")
        self.model, self.x, self.want = export(name, self.path)
        np.save(os.path.join(self.work, "input.npy"), self.x.numpy())
        self.exe, self.flops = compile_aotc(args.aotc, args.cpu, self.path,
                                            self.work, "aotc")
        self.base_exe = None
        if args.baseline:
            self.base_exe, _ = compile_aotc(args.baseline, args.cpu,
                                            self.path, self.work, "baseline")
        self.timings = {}
        self.first = None
        self.ort_error = None

    def time_round(self, args):
        """Times every engine at every thread count once."""
        import torch
        name, work, x, want = self.name, self.work, self.x, self.want
        for threads in args.threads:
            runs = [("aotc", self.exe, "aotc")]
            if self.base_exe:
                runs.append(("aotc (baseline)", self.base_exe, "baseline"))
            for label, binary, tag in runs:
                best, median, out = run_aotc(binary, work, tag, x.numpy(),
                                             args.repeat, threads)
                if label == "aotc":
                    if not agree(out, want):
                        sys.exit("peers: %s: aotc's output differs from "
                                 "PyTorch's (max abs error %.3g)" % (
                                     name, np.abs(out - want.reshape(-1))
                                     .max()))
                    if self.first is None:
                        self.first = out
                    elif not np.array_equal(out, self.first):
                        sys.exit("peers: %s: aotc's output at %d threads "
                                 "differs from its output at %d" % (
                                     name, threads, args.threads[0]))
                self.timings.setdefault((threads, label), []).append(
                    (best, median))
            ort_out = os.path.join(work, "ort_output.npy")
            text = subprocess.run(
                [args.ort_python, os.path.join(HERE, "ort_time.py"),
                 self.path, os.path.join(work, "input.npy"), ort_out,
                 str(args.repeat), str(threads)],
                capture_output=True, text=True)
            if text.returncode == 0:
                best, median = (float(v) for v in text.stdout.split())
                if not agree(np.load(ort_out), want):
                    sys.exit("peers: %s: onnxruntime's output differs from "
                             "PyTorch's" % name)
                self.timings.setdefault((threads, "onnxruntime"), []).append(
                    (best, median))
            else:
                self.ort_error = text.stderr.strip().splitlines()[-1:]
            self.timings.setdefault((threads, "PyTorch eager"), []).append(
                time_torch(torch, self.model, x, args.repeat, threads))

    def summary(self, threads, label):
        """The best call of all rounds, and the median of their medians."""
        rounds = self.timings[(threads, label)]
        medians = sorted(median for _, median in rounds)
        return min(best for best, _ in rounds), medians[len(medians) // 2]

    def report(self, args):
        flops = self.flops
        print("%s: %s, %.2f GFLOP" % (self.name,
                                       "x".join(map(str, self.x.shape)),
                                       flops / 1e9))
        if self.ort_error:
            print("  (onnxruntime unavailable: %s)" % self.ort_error)
        labels = ["aotc", "aotc (baseline)", "onnxruntime", "PyTorch eager"]
        one = self.summary(args.threads[0], "aotc")[0]
        for threads in args.threads:
            aotc = self.summary(threads, "aotc")[0]
            if len(args.threads) > 1:
                scaling = "" if threads == args.threads[0] else \
                    ", aotc %.2fx its %d-thread time" % (one / aotc,
                                                         args.threads[0])
                print("  %d thread%s%s:" % (threads,
                                            "s" if threads > 1 else "",
                                            scaling))
            for label in labels:
                if (threads, label) not in self.timings:
                    continue
                best, median = self.summary(threads, label)
                rate = " %7.1f GFLOP/s" % (flops / best / 1e6) if flops \
                    else ""
                ratio = "" if label == "aotc" else \
                    "   aotc is %.2fx %s" % (
                        best / aotc if best >= aotc else aotc / best,
                        "faster" if best >= aotc else "slower")
                print("  %-16s %9.2f ms (median %9.2f)%s%s" % (
                    label, best, median, rate, ratio))
        sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", nargs="*", metavar="MODEL",
                        help="models or layers to time (default: %s; also "
                             "%s)" % (", ".join(DEFAULT_MODELS), ", ".join(
                                 m for m in MODELS if m not in DEFAULT_MODELS)))
    parser.add_argument("--aotc", default=os.path.join(ROOT, "build", "bin",
                                                       "aotc"))
    parser.add_argument("--baseline", help="a second aotc to compare with")
    parser.add_argument("--cpu", default="native")
    parser.add_argument("--repeat", type=int, default=20,
                        help="calls timed per engine and round (default 20)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of timing every engine at every thread "
                             "count, one after another; the best call of "
                             "all rounds is reported (default 3)")
    parser.add_argument("--threads", default="1",
                        type=lambda text: [int(t) for t in text.split(",")],
                        help="comma-separated thread counts, e.g. 1,2: aotc "
                             "runs NAME_run_parallel on a libaotc_pool of "
                             "that many workers (NAME_run for 1), "
                             "onnxruntime with that many intra-op threads, "
                             "PyTorch with torch.set_num_threads (default 1)")
    parser.add_argument("--ort-python", default="python3",
                        help="the Python with onnxruntime (default: the "
                             "first python3 on PATH)")
    parser.add_argument("--work-dir",
                        default=os.path.join(ROOT, "build", "bench", "peers"))
    args = parser.parse_args()
    for name in args.models:
        if name not in MODELS:
            parser.error("unknown model '%s'" % name)
    # Every round times every model, each engine at each thread count in
    # turn, so that a disturbance of the machine (another process, a busy
    # hypervisor, often lasting tens of seconds) falls on one round of
    # each rather than on all the calls of one engine or one model.
    models = [Model(name, args) for name in args.models or DEFAULT_MODELS]
    for round in range(args.rounds):
        for model in models:
            print("peers: round %d of %d: %s" % (round + 1, args.rounds,
                                                 model.name),
                  file=sys.stderr, flush=True)
            model.time_round(args)
    for model in models:
        model.report(args)


if __name__ == "__main__":
    main()
