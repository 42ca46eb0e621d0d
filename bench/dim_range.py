#!/usr/bin/python3
"""One object for every batch size against one object per size: models with
a symbolic batch compiled once with ``--dim batch=1..MAX`` and once per
size, timed at each size in the same run, one thread.

    /usr/bin/python3 bench/dim_range.py [--aotc build/bin/aotc] [--max 8]
        [--sizes 1,5,8] [--rounds 3] [--repeat 5] [MODEL...]

    /usr/bin/python3 bench/dim_range.py --corpus [--batch 3] [MODEL...]

checks instead which models of the corpus (utils/aotc_testing/
corpus_models.py, exported with their first dimension symbolic) compile
with ``--dim batch=1..4`` and match PyTorch at batch BATCH (bench/corpus.py's
tolerance), printing one row per model: ``match``, or aotc's reason.

MODEL is a torchvision classifier (default: resnet18 mobilenet_v2
squeezenet1_1), exported here at opset 14 with random weights (seed 0) and
the batch symbolic (``dynamic_axes``). Both builds use ``-O3`` and the
Python package (``prepare``: fixed buffers); each size times the two
objects in turn, ROUNDS rounds of REPEAT calls, the best call counting. The
outputs of the two objects must agree (rtol 1e-3, atol 1e-4 of the largest
magnitude) at every size. The table's last column, dynamic/static, is
issue 38's bar (at most 1.15).
"""

import argparse
import os
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
import aotc  # noqa: E402


def export(name, path):
    import torch
    import torchvision
    torch.manual_seed(0)
    model = getattr(torchvision.models, name)(weights=None).eval()
    x = torch.randn(2, 3, 224, 224)
    torch.onnx.export(model, (x,), path, opset_version=14,
                      input_names=["x"], output_names=["y"],
                      dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}})


def best(call, rounds_left):
    t = float("inf")
    for _ in range(rounds_left):
        start = time.perf_counter()
        call()
        t = min(t, time.perf_counter() - start)
    return t


def check_corpus(args):
    sys.path.insert(0, os.path.join(ROOT, "utils", "aotc_testing"))
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import corpus  # noqa: E402  bench/corpus.py: its tolerance
    import corpus_models  # noqa: E402
    names = args.models or list(corpus_models.CORPUS)
    matched = 0
    with tempfile.TemporaryDirectory(prefix="dim-range-") as work:
        for name in names:
            path = os.path.join(work, name + ".onnx")
            try:
                inputs, want, want64 = corpus_models.export(
                    name, path, float64=True, batch=args.batch)
            except Exception as e:  # an exporter's failure is a row too
                print("%-20s export failed: %s" % (
                    name, str(e).splitlines()[0] if str(e) else
                    type(e).__name__), flush=True)
                continue
            start = time.perf_counter()
            try:
                model = aotc.compile(path, name="m", aotc=args.aotc,
                                     flags=["--dim", "batch=1..4"])
            except aotc.CompileError as e:
                print("%-20s refused: %s" % (name, str(e)[:300]), flush=True)
                continue
            compile_s = time.perf_counter() - start
            got = model.run(*inputs)
            why = corpus.agree(got, want, False, want64)
            matched += why is None
            print("%-20s %s (compile %.1f s)" % (
                name, "match" if why is None else "DIFFERS: " + why,
                compile_s), flush=True)
    print("%d of %d match at batch %d" % (matched, len(names), args.batch))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", nargs="*")
    parser.add_argument("--aotc", default=os.path.join(ROOT, "build", "bin",
                                                       "aotc"))
    parser.add_argument("--max", type=int, default=8)
    parser.add_argument("--sizes", default="1,5,8")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1,
                        help="time NAME_run_parallel / NAME_run_dims_parallel "
                        "on aotc's pool of this many workers")
    parser.add_argument("--corpus", action="store_true",
                        help="check the corpus models instead of timing")
    parser.add_argument("--batch", type=int, default=3)
    args = parser.parse_args()
    if args.corpus:
        return check_corpus(args)
    args.models = args.models or ["resnet18", "mobilenet_v2",
                                  "squeezenet1_1"]
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="dim-range-") as work:
        for name in args.models:
            path = os.path.join(work, name + ".onnx")
            export(name, path)
            start = time.perf_counter()
            dynamic = aotc.compile(path, name="dyn_" + name, aotc=args.aotc,
                                   flags=["-O3", "--dim",
                                          "batch=1..%d" % args.max])
            compile_s = time.perf_counter() - start
            rng = np.random.default_rng(0)
            for size in sizes:
                static = aotc.compile(path, name="s%d_%s" % (size, name),
                                      aotc=args.aotc,
                                      flags=["-O3", "--dim",
                                             "batch=%d" % size])
                x = rng.standard_normal((size, 3, 224, 224)).astype(
                    np.float32)
                threads = args.threads if args.threads > 1 else None
                runs = {"static": static.prepare(x, threads=threads),
                        "dynamic": dynamic.prepare(x, threads=threads)}
                want = runs["static"]()[0].copy()
                got = runs["dynamic"]()[0]
                np.testing.assert_allclose(
                    got, want, rtol=1e-3, atol=1e-4 * np.abs(want).max())
                times = {k: float("inf") for k in runs}
                for _ in range(args.rounds):
                    for key, call in runs.items():
                        times[key] = min(times[key], best(call, args.repeat))
                rows.append((name, size, compile_s, times["static"] * 1e3,
                             times["dynamic"] * 1e3))
                print("%-14s %d thread(s), batch %2d: static %8.2f ms, dynamic %8.2f ms, "
                      "dynamic/static %.3f" % (
                          name, args.threads, size, times["static"] * 1e3,
                          times["dynamic"] * 1e3,
                          times["dynamic"] / times["static"]), flush=True)
    print()
    print("%d thread(s)" % args.threads)
    print("| model | batch | static ms | dynamic ms | dynamic/static |")
    print("|---|---|---|---|---|")
    for name, size, _, s, d in rows:
        print("| %s | %d | %.2f | %.2f | %.3f |" % (name, size, s, d, d / s))
    worst = max(d / s for _, _, _, s, d in rows)
    print("worst dynamic/static: %.3f" % worst)


if __name__ == "__main__":
    main()
