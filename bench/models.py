#!/usr/bin/python3
"""Time real models compiled by aotc against PyTorch, in one run.

Run by ``bench/run`` (or directly: ``/usr/bin/python3 bench/models.py
[--aotc build/bin/aotc] [--work-dir build/bench/models] [MODEL...]``).
For each model (ResNet-18 and MobileNetV2 at batch 1 by default) it

1. builds the model with random weights and exports it to ONNX exactly as
   the model tests do (python/aotc_testing/onnx_models.py),
2. compiles it with ``aotc -O3 --cpu native`` and links bench/model_bench.c,
3. times the compiled model (one call to warm up, then the best and median
   of REPEAT calls, with a caller-provided temp arena),
4. times PyTorch's eager model on the same input in this process, with one
   thread (aotc's code is single-threaded) and with every core,
5. checks that both outputs agree, and prints the times and ratios.

A benchmark, not a test: the machine is shared, so only the ratios measured
in one run mean anything.
"""

import argparse
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python", "aotc_testing"))
import onnx_models  # noqa: E402

DEFAULT_MODELS = ["resnet18", "mobilenet_v2"]
REPEAT = 10


def time_torch(torch, model, x, threads, repeat):
    torch.set_num_threads(threads)
    with torch.no_grad():
        model(x)
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            model(x)
            times.append(time.perf_counter() - t0)
    times.sort()
    return times[0] * 1e3, times[len(times) // 2] * 1e3


def bench(name, aotc, work, repeat):
    import torch
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, "model.onnx")
    x, want = onnx_models.export(name, path)
    subprocess.run([aotc, path, "-O3", "--cpu", "native", "--name", "m",
                    "-o", os.path.join(work, "m.o"),
                    "--header", os.path.join(work, "m.h")], check=True)
    exe = os.path.join(work, "model_bench")
    subprocess.run(["cc", "-std=c11", "-O2", "-I", work,
                    os.path.join(HERE, "model_bench.c"),
                    os.path.join(work, "m.o"), "-lm", "-o", exe], check=True)
    x.astype(np.float32).tofile(os.path.join(work, "input.bin"))
    out = subprocess.run([exe, os.path.join(work, "input.bin"), str(repeat)],
                         check=True, capture_output=True, text=True).stdout
    best, median, first = (float(v) for v in out.split())
    if not np.isclose(first, want.flat[0], rtol=1e-3,
                      atol=1e-4 * np.abs(want).max()):
        sys.exit(f"models: {name}: aotc's output {first} != PyTorch's "
                 f"{want.flat[0]}")

    torch.manual_seed(0)
    model, shape = onnx_models.MODELS[name](torch)
    onnx_models.calibrate_batch_norm(torch, model, shape)
    model.eval()
    tx = torch.from_numpy(x)
    one = time_torch(torch, model, tx, 1, repeat)
    cores = os.cpu_count() or 1
    every = time_torch(torch, model, tx, cores, repeat)
    print(f"{name} (batch {x.shape[0]}), best / median of {repeat}:")
    print(f"  aotc (1 thread)         {best:9.2f} ms  {median:9.2f} ms")
    print(f"  PyTorch, 1 thread       {one[0]:9.2f} ms  {one[1]:9.2f} ms")
    print(f"  PyTorch, {cores} threads      {every[0]:9.2f} ms  "
          f"{every[1]:9.2f} ms")
    print(f"  aotc / PyTorch 1 thread  = {best / one[0]:.2f}x")
    print(f"  aotc / PyTorch {cores} threads = {best / every[0]:.2f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", nargs="*", default=DEFAULT_MODELS,
                        choices=sorted(onnx_models.MODELS))
    parser.add_argument("--aotc", default=os.path.join(ROOT, "build", "bin",
                                                       "aotc"))
    parser.add_argument("--work-dir",
                        default=os.path.join(ROOT, "build", "bench", "models"))
    parser.add_argument("--repeat", type=int, default=REPEAT)
    args = parser.parse_args()
    for name in args.models:
        bench(name, args.aotc, os.path.join(args.work_dir, name), args.repeat)


if __name__ == "__main__":
    main()
