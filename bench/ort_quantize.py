#!/usr/bin/env python3
"""Quantize an ONNX model with onnxruntime's own quantizer, as a user would.

Run by bench/corpus.py with the Python that has onnxruntime (a
benchmark-only dependency, with onnx: `python3 -m pip install onnxruntime
onnx`):

    python3 bench/ort_quantize.py static|dynamic|nbits FLOAT.onnx OUT.onnx CALIB.npz...

``static``: ``quantize_static`` in the QDQ format, per-channel int8 weights,
uint8 activations, calibrated (MinMax) on the inputs of the CALIB files,
each an .npz of every graph input in order (bench/ort_time.py's format).
``dynamic``: ``quantize_dynamic``, int8 weights of MatMul and Gemm (and
their activations quantized at run time: DynamicQuantizeLinear and
MatMulInteger). ``nbits``: ``MatMulNBitsQuantizer``, the weight-only 4-bit
quantization onnxruntime's LLM tooling applies, every MatMul with a constant
weight as a com.microsoft MatMulNBits (blocks of 32, asymmetric: packed zero
points; it needs ``onnx_ir`` from PyPI too). All run onnxruntime's
pre-processing (shape inference, graph optimization) first, as its
documentation asks.
"""
import sys

import numpy as np
import onnxruntime.quantization as q
from onnxruntime.quantization.shape_inference import quant_pre_process


class Reader(q.CalibrationDataReader):
    def __init__(self, names, files):
        self.feeds = []
        for path in files:
            arrays = np.load(path)
            self.feeds.append({n: arrays["arr_%d" % i]
                               for i, n in enumerate(names)})
        self.feeds.reverse()

    def get_next(self):
        return self.feeds.pop() if self.feeds else None


def main():
    mode, model, out = sys.argv[1:4]
    calib = sys.argv[4:]
    pre = out + ".pre.onnx"
    quant_pre_process(model, pre)
    if mode == "static":
        import onnx
        names = [i.name for i in onnx.load(pre).graph.input]
        q.quantize_static(pre, out, Reader(names, calib),
                          quant_format=q.QuantFormat.QDQ, per_channel=True,
                          activation_type=q.QuantType.QUInt8,
                          weight_type=q.QuantType.QInt8)
    elif mode == "dynamic":
        q.quantize_dynamic(pre, out, weight_type=q.QuantType.QInt8)
    elif mode == "nbits":
        import onnx
        from onnxruntime.quantization.matmul_nbits_quantizer import \
            MatMulNBitsQuantizer
        quantizer = MatMulNBitsQuantizer(onnx.load(pre), block_size=32,
                                         is_symmetric=False)
        quantizer.process()
        quantizer.model.save_model_to_file(out, False)
    else:
        sys.exit("ort_quantize: unknown mode '%s'" % mode)


if __name__ == "__main__":
    main()
