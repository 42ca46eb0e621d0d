#!/usr/bin/env python3
"""Time an ONNX model under onnxruntime (CPU execution provider, every graph
optimization, the given number of intra-op threads).

Run by bench/peers.py with the Python that has onnxruntime (a benchmark-only
dependency, `python3 -m pip install onnxruntime`):

    python3 bench/ort_time.py MODEL.onnx INPUT.npy OUTPUT.npy REPEAT THREADS [asis]

Prints the best and median times in milliseconds; writes the first output.
An INPUT.npz holds every input, in the graph's order (bench/corpus.py);
an OUTPUT.npz then receives every output. With `asis`, every graph
optimization is off: onnxruntime runs the nodes as written (a QDQ model's
DequantizeLinear, float op and QuantizeLinear rather than its fused integer
kernels), the reference for a quantized model's semantics.
"""
import sys
import time

import numpy as np
import onnxruntime as ort


def main():
    model, inp, out, repeat, threads = sys.argv[1:6]
    options = ort.SessionOptions()
    options.intra_op_num_threads = int(threads)
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = \
        ort.GraphOptimizationLevel.ORT_DISABLE_ALL if sys.argv[6:] == ["asis"] \
        else ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = ort.InferenceSession(model, options,
                                   providers=["CPUExecutionProvider"])
    names = [i.name for i in session.get_inputs()]
    if inp.endswith(".npz"):
        arrays = np.load(inp)
        feed = {n: arrays["arr_%d" % i] for i, n in enumerate(names)}
    else:
        feed = {names[0]: np.load(inp)}
    results = session.run(None, feed)
    times = []
    for _ in range(int(repeat)):
        t0 = time.perf_counter()
        session.run(None, feed)
        times.append(time.perf_counter() - t0)
    times.sort()
    if out.endswith(".npz"):
        np.savez(out, *results)
    else:
        np.save(out, results[0])
    print("%.3f %.3f" % (times[0] * 1e3, times[len(times) // 2] * 1e3))


if __name__ == "__main__":
    main()
