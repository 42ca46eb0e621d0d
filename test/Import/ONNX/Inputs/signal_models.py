"""Writes small ONNX models for the signal converters' lit tests.

    signal_models.py NAME OUT.onnx

Models are built with onnx.helper at test time, so no binary is checked in.
"""
import functools

import numpy as np
from onnx import TensorProto, helper, numpy_helper

from onnx_builders import main, tensor
from onnx_builders import model as _model

model = functools.partial(_model, opset=20)


def scalar(name, value, dtype=np.int64):
    """An initializer holding `value` as `dtype`."""
    return numpy_helper.from_array(np.array(value, dtype), name)


def hann_symmetric_f64():
    """A symmetric Hann window of 5 points in double."""
    node = helper.make_node("HannWindow", ["n"], ["y"], name="hann",
                            periodic=0, output_datatype=TensorProto.DOUBLE)
    return model([node], [], [tensor("y", [5], TensorProto.DOUBLE)],
                 [scalar("n", 5)], opset=17)


def blackman_int():
    """A periodic Blackman window cast to int32 (all zeros but the middle)."""
    node = helper.make_node("BlackmanWindow", ["n"], ["y"], name="blackman",
                            output_datatype=TensorProto.INT32)
    return model([node], [], [tensor("y", [4], TensorProto.INT32)],
                 [scalar("n", 4, np.int32)], opset=17)


def mel():
    """4 mel bins over an 8-point DFT at 8 kHz, 0 to 4 kHz."""
    node = helper.make_node(
        "MelWeightMatrix", ["bins", "len", "rate", "lo", "hi"], ["y"],
        name="mel")
    inits = [scalar("bins", 4), scalar("len", 8), scalar("rate", 8000),
             scalar("lo", 0.0, np.float32), scalar("hi", 4000.0, np.float32)]
    return model([node], [], [tensor("y", [5, 4])], inits, opset=17)


def rfft_axis0():
    """Opset 20 one-sided DFT of a real signal along axis 0 (negative axis
    -3), dft_length 4 truncating the 5 samples."""
    node = helper.make_node("DFT", ["x", "len", "axis"], ["y"], name="dft",
                            onesided=1)
    return model([node], [tensor("x", [5, 2, 1])], [tensor("y", [3, 2, 2])],
                 [scalar("len", 4), scalar("axis", -3)])


def idft_complex():
    """Opset 17 inverse DFT of a complex signal along the attribute axis."""
    node = helper.make_node("DFT", ["x"], ["y"], name="idft", inverse=1,
                            axis=1)
    return model([node], [tensor("x", [2, 4, 2])], [tensor("y", [2, 4, 2])],
                 opset=17)


def irfft():
    """Inverse one-sided DFT: 3 bins to 4 real samples."""
    node = helper.make_node("DFT", ["x"], ["y"], name="irfft", inverse=1,
                            onesided=1, axis=0)
    return model([node], [tensor("x", [3, 2])], [tensor("y", [4, 1])],
                 opset=17)


def dft_bad_axis():
    """Axis -1 names the real/imaginary dimension."""
    node = helper.make_node("DFT", ["x", "", "axis"], ["y"], name="dft")
    return model([node], [tensor("x", [4, 1])], [tensor("y", [4, 2])],
                 [scalar("axis", -1)])


def stft_window():
    """STFT of 10 samples in frames of 4 every 3 with a run-time window."""
    node = helper.make_node("STFT", ["x", "step", "w"], ["y"], name="stft")
    return model([node], [tensor("x", [1, 10, 1]), tensor("w", [4])],
                 [tensor("y", [1, 3, 3, 2])], [scalar("step", 3)], opset=17)


def stft_const_window():
    """STFT with a constant window, folded into the DFT matrix, and both
    sides of the spectrum."""
    node = helper.make_node("STFT", ["x", "step", "w", "len"], ["y"],
                            name="stft", onesided=0)
    w = numpy_helper.from_array(np.array([0.5, 1.0], np.float32), "w")
    return model([node], [tensor("x", [2, 4, 1])], [tensor("y", [2, 2, 2, 2])],
                 [scalar("step", 2), w, scalar("len", 2)], opset=17)


def center_crop_pad():
    """Crops axis 0 (7 -> 4: one off the left, two off the right) and pads
    axis 2 (3 -> 6: one on the left, two on the right)."""
    node = helper.make_node("CenterCropPad", ["x", "shape"], ["y"],
                            name="ccp", axes=[0, -1])
    return model([node], [tensor("x", [7, 2, 3])], [tensor("y", [4, 2, 6])],
                 [scalar("shape", [4, 6])], opset=18)


def col2im():
    """1-D blocks of 2 with stride 2 and a pad of 1 on the left: 3 blocks
    cover 5 image elements, every one once."""
    node = helper.make_node("Col2Im", ["x", "image", "block"], ["y"],
                            name="col2im", strides=[1, 2], pads=[0, 1, 0, 0])
    return model([node], [tensor("x", [1, 2, 3])],
                 [tensor("y", [1, 1, 1, 5])],
                 [scalar("image", [1, 5]), scalar("block", [1, 2])], opset=18)


MODELS = {
    "hann-symmetric-f64": hann_symmetric_f64,
    "blackman-int": blackman_int,
    "mel": mel,
    "rfft-axis0": rfft_axis0,
    "idft-complex": idft_complex,
    "irfft": irfft,
    "dft-bad-axis": dft_bad_axis,
    "stft-window": stft_window,
    "stft-const-window": stft_const_window,
    "center-crop-pad": center_crop_pad,
    "col2im": col2im,
}


if __name__ == "__main__":
    main(MODELS)
