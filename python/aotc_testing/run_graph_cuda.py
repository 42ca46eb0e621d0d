#!/usr/bin/env python3
"""Compile a tg graph with aotc --target cuda, run it on the GPU from C and
compare it with numpy.

Used by lit as ``%cuda-run-graph`` (tests under test/Integration/CUDA, which
run only where a GPU is usable)::

    // RUN: %cuda-run-graph %s --work-dir %t

It is run_graph.py for the CUDA target: the same directives (REF, INPUT,
TOL, AOTC-FLAGS), the same random inputs and the same comparison, but the
graph is compiled with ``--target cuda`` and driven by ``harness_cuda.c``,
which copies the inputs to device memory and runs the graph through
``NAME_run`` (temp NULL) and ``NAME_run_on_stream`` (a temp of its own, on
a stream), linked with libaotc_cuda_runtime and the CUDA driver. Exit codes
as run_graph.py: 0 match, 1 failure, 2 malformed test.
"""

import argparse
import os
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_graph as rg  # noqa: E402

HARNESS_C = os.path.join(HERE, "harness_cuda.c")


def main(argv):
    parser = argparse.ArgumentParser(
        description="Compile a tg graph with aotc --target cuda, run it on "
                    "the GPU from C and compare its outputs with the numpy "
                    "reference in the file.",
        epilog="Directives: see run_graph.py's docstring.")
    parser.add_argument("test", help="the .mlir graph with REF directives")
    parser.add_argument("--aotc", required=True, help="the aotc binary")
    parser.add_argument("--cc", required=True, help="the C compiler")
    parser.add_argument("--work-dir", required=True,
                        help="where the object, header, harness and data go")
    parser.add_argument("--aotc-include", required=True,
                        help="aotc's include directory (the runtime header)")
    parser.add_argument("--runtime-lib", required=True,
                        help="the directory of libaotc_cuda_runtime.a")
    parser.add_argument("--cuda-include", required=True,
                        help="the directory of cuda.h")
    parser.add_argument("--cuda-lib", required=True,
                        help="a directory with libcuda.so to link against "
                             "(the toolkit's stubs do; the driver's "
                             "libcuda.so.1 is loaded at run time)")
    parser.add_argument("--aotc-arg", action="append", default=[],
                        metavar="FLAG", help="an extra aotc flag (repeatable)")
    parser.add_argument("--seed", type=int,
                        help="RNG seed (default: CRC-32 of the file name)")
    args = parser.parse_args(argv)

    directives = rg.parse_directives(args.test)
    work = os.path.abspath(args.work_dir)
    rg.prepare_work_dir(work)
    obj, header = os.path.join(work, "g.o"), os.path.join(work, "g.h")
    harness = os.path.join(work, "harness")

    rg.run([args.aotc, args.test, "--target", "cuda", "-o", obj, "--header",
            header, "--name", rg.NAME] + directives.flags + args.aotc_arg,
           "aotc")
    rg.run([args.cc] + rg.CFLAGS +
           ["-isystem", args.cuda_include, "-I" + args.aotc_include,
            "-DAOTC_NAME=" + rg.NAME, "-include", header, HARNESS_C, obj,
            "-L" + args.runtime_lib, "-laotc_cuda_runtime",
            "-L" + args.cuda_lib, "-lcuda", "-lpthread", "-lm", "-o",
            harness], "building the harness")
    with open(header, encoding="utf-8") as f:
        header_text = f.read()
    inputs, outputs = rg.read_signature(
        header_text, rg.run([harness, "--meta"], "harness --meta"))

    seed = args.seed if args.seed is not None else \
        zlib.crc32(os.path.basename(args.test).encode())
    rng = np.random.default_rng(seed)
    dists = [rg.default_distribution(t.dtype) for t in inputs]
    for selector, text, lineno in directives.inputs:
        dist = rg.parse_distribution(text, lineno)
        for i in selector if selector is not None else range(len(inputs)):
            if i < 0 or i >= len(inputs):
                raise rg.TestError("line %d: the graph has no input %d"
                                   % (lineno, i))
            dists[i] = dist
    values = []
    for t, dist in zip(inputs, dists):
        try:
            value = dist.sample(rng, t.shape, t.dtype)
        except rg.TestError as e:
            raise rg.TestError("%s: %s" % (t.describe(), e))
        if t.dtype == "bf16":
            bits = rg.f32_to_bf16(value)
            value = rg.bf16_to_f32(bits)
        else:
            bits = value
        values.append(value)
        bits.tofile(os.path.join(work, "in", "input%d.bin" % t.index))

    expected = rg.run_reference(directives, values, outputs)
    tol = rg.tolerances(directives, outputs)
    rg.run([harness, os.path.join(work, "in"), os.path.join(work, "out")],
           "the harness")

    report = []
    for t, want in zip(outputs, expected):
        path = os.path.join(work, "out", "output%d.bin" % t.index)
        raw = np.fromfile(path, dtype=np.uint8)
        if raw.size != t.nbytes:
            raise rg.Failure("%s: the harness wrote %d bytes, expected %d"
                             % (t.describe(), raw.size, t.nbytes))
        if t.dtype == "i1" and np.any(raw > 1):
            raise rg.Failure("%s holds bytes other than 0 and 1: %s"
                             % (t.describe(), np.unique(raw).tolist()))
        got = raw.view(rg.STORAGE[t.dtype]).reshape(t.shape)
        report += rg.compare(t, got, want, tol[t.index])
    if report:
        raise rg.Failure("\n".join(report))
    print("run_graph_cuda: %d output(s) match the reference (seed %d)"
          % (len(outputs), seed))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except rg.TestError as e:
        print("run_graph_cuda: error in the test: %s" % e, file=sys.stderr)
        sys.exit(2)
    except rg.Failure as e:
        print("run_graph_cuda: FAIL: %s" % e, file=sys.stderr)
        sys.exit(1)
