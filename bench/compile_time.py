#!/usr/bin/python3
"""How long aotc takes to compile the corpus's models, and how much memory.

    /usr/bin/python3 bench/compile_time.py [--aotc build/bin/aotc]
        [--jobs 1,2] [--cpu native] [MODEL_OR_FILE.onnx ...]

For each model (a corpus name, whose ONNX file bench/corpus.py exported to
build/bench/corpus/NAME/model.onnx, or any .onnx path; default: every corpus
model exported so far) and each thread count of --jobs, it compiles with
``aotc -O3 --timings -j N`` and reads from the timings report the wall time
of the whole compile and of its largest steps, and the peak resident memory.
It prints one row per model and thread count: seconds, the steps that took
most of them, the peak memory, and the bar the issue set for it: at most
twice the model's weights (the initializers' bytes) plus 300 MB.

Compile time is measured, not asserted: the machines are shared, so the
column to read is the ratio between thread counts of one run.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(ROOT, "build", "bench", "corpus")

# A top-level step of the --timings report (its nested passes are indented
# further and do not match).
# A step's wall time: the last of the columns (with several threads,
# MLIR's timer prints the user time, then the wall time).
STEP = re.compile(r"^(?:\s+[0-9.]+ \(\s*[0-9.]+%\))*\s+([0-9.]+) \(\s*[0-9.]+%\)  (\S.*)$")
PEAK = re.compile(r"^\s+([0-9.]+) MiB  after (.*)$")


def weight_bytes(path):
    """The bytes of the model's initializers (its weights)."""
    import onnx
    model = onnx.load(path, load_external_data=False)
    total = 0
    for tensor in model.graph.initializer:
        if tensor.raw_data:
            total += len(tensor.raw_data)
        else:
            count = 1
            for d in tensor.dims:
                count *= d
            total += count * 4
    return total


def compile_once(aotc, path, jobs, cpu, work):
    command = [aotc, path, "-O3", "--cpu", cpu, "--timings", "-j", str(jobs),
               "--name", "m", "-o", os.path.join(work, "m.o"),
               "--header", os.path.join(work, "m.h")]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [l for l in done.stderr.splitlines() if "error" in l]
        raise RuntimeError((lines or ["exit %d" % done.returncode])[0])
    steps, peak, total = {}, 0.0, None
    for line in done.stderr.splitlines():
        match = STEP.match(line)
        if match:
            seconds, name = float(match.group(1)), match.group(2).strip()
            if name == "Total":
                total = seconds
            elif name not in steps and name != "Rest":
                # "LLVM optimization and code generation, N parts on M
                # threads" -> "LLVM opt+codegen".
                steps[re.sub(r"LLVM optimization and code generation.*",
                             "LLVM opt+codegen", name)] = seconds
        match = PEAK.match(line)
        if match:
            peak = max(peak, float(match.group(1)))
    return total, steps, peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="*", metavar="MODEL")
    parser.add_argument("--aotc", default=os.path.join(ROOT, "build", "bin",
                                                       "aotc"))
    parser.add_argument("--jobs", default="1,2",
                        help="thread counts to compile with (default 1,2)")
    parser.add_argument("--cpu", default="native")
    args = parser.parse_args()
    jobs = [int(j) for j in args.jobs.split(",")]
    models = args.models or sorted(
        name for name in os.listdir(CORPUS)
        if os.path.exists(os.path.join(CORPUS, name, "model.onnx"))) \
        if os.path.isdir(CORPUS) else args.models
    if not models:
        parser.error("no models: name .onnx files, or export the corpus "
                     "first (bench/corpus.py --check-only)")

    print("%-22s %4s %8s %8s %9s %9s  %s" % (
        "model", "-j", "seconds", "speedup", "peak MiB", "bar MiB",
        "largest steps (s)"))
    worst = []
    with tempfile.TemporaryDirectory() as work:
        for model in models:
            path = model if model.endswith(".onnx") else os.path.join(
                CORPUS, model, "model.onnx")
            # A corpus model's file is NAME/model.onnx: name it NAME.
            name = os.path.basename(os.path.dirname(path)) \
                if os.path.basename(path) == "model.onnx" \
                else os.path.basename(model)
            if not os.path.exists(path):
                print("%-22s  no %s (bench/corpus.py --check-only %s "
                      "exports it)" % (name, path, model))
                continue
            bar = 2 * weight_bytes(path) / 2**20 + 300
            first = None
            for j in jobs:
                try:
                    total, steps, peak = compile_once(args.aotc, path, j,
                                                      args.cpu, work)
                except RuntimeError as error:
                    print("%-22s %4d  FAILED: %s" % (name, j, error))
                    continue
                first = first or total
                top = sorted(steps.items(), key=lambda s: -s[1])[:3]
                print("%-22s %4d %8.1f %7.2fx %9.0f %9.0f  %s%s" % (
                    name, j, total, first / total, peak, bar,
                    ", ".join("%s %.1f" % s for s in top),
                    "" if peak <= bar else "  (peak over the bar)"),
                    flush=True)
                if j == jobs[-1]:
                    worst.append((total, name))
    if worst:
        total, name = max(worst)
        print("slowest at -j %d: %s, %.1f s" % (jobs[-1], name, total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
