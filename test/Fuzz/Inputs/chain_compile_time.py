#!/usr/bin/python3
"""Compiles chains of N nodes for each N given and checks that compile
time grows about linearly: the longest chain may take at most BOUND times
the shortest's time scaled by their length ratio over 10 (a 10x longer
chain within BOUND times the time). Both are timed in this run, in three
interleaved rounds (short, long, short, long, ...), each its best, so that
a slow machine or a burst of load from another test moves both.

    chain_compile_time.py --aotc AOTC --work-dir DIR [--bound 15]
                          [--kind relu|residual] 1000 10000

`relu` chains Relu nodes; `residual` chains N/2 blocks x = x + MatMul(x, W)
with a weight of its own per block, the shape of a deep residual network.
"""
import argparse
import os
import subprocess
import sys
import time

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

WIDTH = 16


def chain(n, kind, path):
    nodes, weights, prev = [], [], "x"
    if kind == "relu":
        for i in range(n):
            nodes.append(helper.make_node("Relu", [prev], ["r%d" % i]))
            prev = "r%d" % i
    else:
        rng = np.random.default_rng(0)
        for i in range(n // 2):
            w = rng.uniform(-0.1, 0.1, (WIDTH, WIDTH)).astype(np.float32)
            weights.append(numpy_helper.from_array(w, "w%d" % i))
            nodes.append(helper.make_node("MatMul", [prev, "w%d" % i],
                                          ["m%d" % i]))
            nodes.append(helper.make_node("Add", [prev, "m%d" % i],
                                          ["a%d" % i]))
            prev = "a%d" % i
    graph = helper.make_graph(
        nodes, "chain",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, WIDTH])],
        [helper.make_tensor_value_info(prev, TensorProto.FLOAT, [1, WIDTH])],
        initializer=weights)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, path)


ROUNDS = 3


def compile_time(aotc, path, out):
    start = time.monotonic()
    subprocess.run([aotc, path, "-o", out], check=True)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--aotc", required=True)
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--bound", type=float, default=15.0)
    parser.add_argument("--kind", choices=("relu", "residual"),
                        default="relu")
    parser.add_argument("lengths", nargs=2, type=int)
    args = parser.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    paths = []
    for n in args.lengths:
        paths.append(os.path.join(args.work_dir, "%s%d.onnx" % (args.kind, n)))
        chain(n, args.kind, paths[-1])
    times = [None] * len(paths)
    for _ in range(ROUNDS):
        for i, path in enumerate(paths):
            took = compile_time(args.aotc, path,
                                os.path.join(args.work_dir, "c.o"))
            times[i] = took if times[i] is None else min(times[i], took)
    short, long = args.lengths
    ratio = times[1] / times[0]
    allowed = args.bound * (long / short) / 10
    print("chain_compile_time: %s: %d nodes %.2f s, %d nodes %.2f s: "
          "%.1fx (allowed %.1fx)" % (args.kind, short, times[0], long,
                                     times[1], ratio, allowed))
    if ratio > allowed:
        print("chain_compile_time: FAIL: compile time grows faster than "
              "linearly")
        return 1
    print("chain_compile_time: linear")
    return 0


if __name__ == "__main__":
    sys.exit(main())
