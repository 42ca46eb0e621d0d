#!/usr/bin/env python3
"""The CUDA end-to-end tests on a real GPU, in two steps for a GPU machine
that has no LLVM/MLIR (and so no aotc):

    gpu_check.py prepare DIR [--models resnet18,...]   (here, with aotc)
    gpu_check.py run DIR                                (there, with a GPU)

``prepare`` compiles, with ``aotc --target cuda``:

* every graph test under test/Integration/CUDA that runs on a GPU
  (``%cuda-run-graph`` in a RUN line) with the test's AOTC-FLAGS, into
  DIR/graphs/<test>/{g.o,g.h}; a RUN line's ``env AOTC_HARNESS_MISALIGN=N``
  becomes a second case of the same object;
* the models given (onnx_models.py's; default resnet18 and
  transformer_encoder), exported here with PyTorch's reference output, into
  DIR/models/<model>/{g.o,g.h,input.npy,want.npy}.

``run`` needs only a C compiler, the CUDA toolkit's cuda.h and libcuda,
numpy and this checkout: each graph goes through run_graph_cuda.py
``--prebuilt`` (harness_cuda.c, the runtime's source, the numpy reference
from the test's REF lines); each model's harness runs its input and the
output is compared with PyTorch's at onnx_models.py's tolerance. It prints
one line per case and a summary, and exits 1 when any case failed.
"""

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import run_graph as rg  # noqa: E402
import run_graph_cuda as rgc  # noqa: E402

GRAPH_TESTS = os.path.join(ROOT, "test", "Integration", "CUDA")
RUNTIME_SOURCE = os.path.join(ROOT, "lib", "Runtime", "CUDA", "CUDARuntime.c")
RUN_LINE = re.compile(r"RUN:.*%cuda-run-graph")
MISALIGN = re.compile(r"AOTC_HARNESS_MISALIGN=(\d+)")
DEFAULT_MODELS = "resnet18,transformer_encoder"


def gpu_graph_cases(path):
    """The GPU cases of the graph test at `path`: one environment dict per
    RUN line that calls %cuda-run-graph."""
    cases = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if RUN_LINE.search(line):
                m = MISALIGN.search(line)
                cases.append({"AOTC_HARNESS_MISALIGN": m.group(1)} if m
                             else {})
    return cases


def prepare(args):
    out = os.path.abspath(args.dir)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    manifest = {"graphs": [], "models": []}
    for name in sorted(os.listdir(GRAPH_TESTS)):
        path = os.path.join(GRAPH_TESTS, name)
        if not name.endswith(".mlir"):
            continue
        cases = gpu_graph_cases(path)
        if not cases:
            continue
        stem = name[:-len(".mlir")]
        work = os.path.join(out, "graphs", stem)
        os.makedirs(work)
        directives = rg.parse_directives(path)
        rg.run([args.aotc, path, "--target", "cuda", "--gpu-arch",
                args.gpu_arch, "-o", os.path.join(work, "g.o"), "--header",
                os.path.join(work, "g.h"), "--name", rg.NAME] +
               directives.flags, "aotc " + name)
        for env in cases:
            manifest["graphs"].append({"test": os.path.relpath(path, ROOT),
                                       "dir": os.path.relpath(work, out),
                                       "env": env})
        print("gpu_check: compiled %s (%d case%s)"
              % (name, len(cases), "" if len(cases) == 1 else "s"),
              flush=True)
    import onnx_models
    for model in filter(None, args.models.split(",")):
        work = os.path.join(out, "models", model)
        os.makedirs(work)
        onnx_path = os.path.join(work, "model.onnx")
        x, want = onnx_models.export(model, onnx_path)
        rg.run([args.aotc, onnx_path, "--target", "cuda", "--gpu-arch",
                args.gpu_arch, "-o", os.path.join(work, "g.o"), "--header",
                os.path.join(work, "g.h"), "--name", rg.NAME],
               "aotc " + model)
        os.remove(onnx_path)
        np.save(os.path.join(work, "input.npy"), x.astype(np.float32))
        np.save(os.path.join(work, "want.npy"), want.astype(np.float32))
        manifest["models"].append({"model": model,
                                   "dir": os.path.relpath(work, out),
                                   "rtol": onnx_models.RTOL,
                                   "atol_scale": onnx_models.ATOL_SCALE})
        print("gpu_check: compiled %s (%.1f MB)" % (
            model, os.path.getsize(os.path.join(work, "g.o")) / 1e6),
            flush=True)
    with open(os.path.join(out, "manifest.json"), "w",
              encoding="utf-8") as f:
        json.dump(manifest, f, indent=1)
    print("gpu_check: prepared %d graph cases and %d models in %s; carry it "
          "to the GPU machine and run `gpu_check.py run %s` there"
          % (len(manifest["graphs"]), len(manifest["models"]), out,
             os.path.relpath(out, ROOT)))
    return 0


def tool_args(args, work):
    """The options run_graph_cuda.py's helpers read (a namespace)."""
    return argparse.Namespace(
        cc=args.cc, cuda_include=os.path.join(args.cuda, "include"),
        cuda_lib=os.path.join(args.cuda, "lib64", "stubs"),
        aotc_include=os.path.join(ROOT, "include"), runtime_lib=None,
        runtime_source=RUNTIME_SOURCE, work=work)


def run_graph_case(args, prepared, case, work):
    argv = [os.path.join(ROOT, case["test"]), "--prebuilt",
            os.path.join(prepared, case["dir"]), "--cc", args.cc,
            "--work-dir", work, "--aotc-include",
            os.path.join(ROOT, "include"), "--runtime-source",
            RUNTIME_SOURCE, "--cuda-include",
            os.path.join(args.cuda, "include"), "--cuda-lib",
            os.path.join(args.cuda, "lib64", "stubs")]
    command = [sys.executable, os.path.join(HERE, "run_graph_cuda.py")] + argv
    env = dict(os.environ, **case["env"])
    try:
        done = subprocess.run(command, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True,
                              timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return False, ["timed out after %d s" % args.timeout]
    lines = [l for l in done.stdout.strip().splitlines()
             if not l.startswith("$ ")]
    return done.returncode == 0, lines[-1:] if done.returncode == 0 else \
        lines[-8:]


def run_model_case(args, prepared, case, work):
    src = os.path.join(prepared, case["dir"])
    rg.prepare_work_dir(work)
    obj, header = os.path.join(work, "g.o"), os.path.join(work, "g.h")
    for name in ("g.o", "g.h"):
        shutil.copyfile(os.path.join(src, name), os.path.join(work, name))
    harness = os.path.join(work, "harness")
    log = io.StringIO()
    try:
        with contextlib.redirect_stdout(log):
            rgc.build_gpu_harness(tool_args(args, work), work, obj, header,
                                  harness)
        x = np.load(os.path.join(src, "input.npy"))
        want = np.load(os.path.join(src, "want.npy"))
        x.tofile(os.path.join(work, "in", "input0.bin"))
        start = time.monotonic()
        with contextlib.redirect_stdout(log):
            rg.run(["timeout", str(args.timeout), harness,
                    os.path.join(work, "in"),
                    os.path.join(work, "out")], "the harness")
        seconds = time.monotonic() - start
    except rg.Failure as e:
        lines = [l for l in log.getvalue().splitlines()
                 if not l.startswith("$ ")]
        return False, lines[-8:] + [str(e)]
    got = np.fromfile(os.path.join(work, "out", "output0.bin"),
                      dtype=np.float32)
    if got.size != want.size:
        return False, ["%d floats written, expected %d" % (got.size,
                                                          want.size)]
    want = want.reshape(-1)
    atol = case["atol_scale"] * float(np.abs(want).max())
    ok = np.isclose(got, want, rtol=case["rtol"], atol=atol)
    err = float(np.abs(got.astype(np.float64) - want).max())
    line = ("%d of %d outputs differ; " % (ok.size - ok.sum(), ok.size)
            if not ok.all() else "matches PyTorch; ")
    line += ("max abs error %.3g, largest output %.3g (rtol %g, atol %g); "
             "harness %.2f s" % (err, np.abs(want).max(), case["rtol"], atol,
                                 seconds))
    return bool(ok.all()), [line]


def run(args):
    prepared = os.path.abspath(args.dir)
    with open(os.path.join(prepared, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    work_root = os.path.abspath(args.work_dir)
    failed = passed = 0
    cases = [("graph", c) for c in manifest["graphs"]] + \
            [("model", c) for c in manifest["models"]]
    for index, (kind, case) in enumerate(cases):
        work = os.path.join(work_root, "%02d" % index)
        if kind == "graph":
            ok, lines = run_graph_case(args, prepared, case, work)
            label = os.path.basename(case["test"]) + "".join(
                " %s=%s" % kv for kv in sorted(case["env"].items()))
        else:
            ok, lines = run_model_case(args, prepared, case, work)
            label = "model " + case["model"]
        passed += ok
        failed += not ok
        print("gpu_check: %s: %s: %s" % ("PASS" if ok else "FAIL", label,
                                          "\n    ".join(lines)), flush=True)
    print("gpu_check: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def main(argv):
    parser = argparse.ArgumentParser(
        description="Run the CUDA end-to-end tests on a GPU machine without "
                    "aotc: `prepare` compiles them here, `run` links and "
                    "runs them there.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare", help="compile the GPU cases into DIR")
    p.add_argument("dir", help="where the objects go")
    p.add_argument("--aotc", default=os.path.join(ROOT, "build", "bin",
                                                  "aotc"),
                   help="the aotc binary (default: %(default)s)")
    p.add_argument("--gpu-arch", default="sm_90",
                   help="aotc's --gpu-arch (default: %(default)s)")
    p.add_argument("--models", default=DEFAULT_MODELS,
                   help="comma-separated onnx_models.py models, or '' "
                        "(default: %(default)s)")
    r = sub.add_parser("run", help="link and run the cases in DIR on the GPU")
    r.add_argument("dir", help="what `prepare` wrote")
    r.add_argument("--cc", default="cc", help="the C compiler")
    r.add_argument("--cuda", default=os.environ.get("CUDA_HOME",
                                                     "/usr/local/cuda"),
                   help="the CUDA toolkit (default: %(default)s)")
    r.add_argument("--timeout", type=int, default=120, metavar="SEC",
                   help="limit for each case (default: %(default)s)")
    r.add_argument("--work-dir", default="/tmp/aotc-gpu-check",
                   help="where harnesses and data go (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        return prepare(args) if args.command == "prepare" else run(args)
    except rg.Failure as e:
        print("gpu_check: error: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
