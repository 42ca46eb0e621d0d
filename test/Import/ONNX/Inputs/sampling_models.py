"""Small ONNX models for sampling-import.test: GridSample and AffineGrid.

Usage: sampling_models.py NAME OUT.onnx
"""
from onnx import TensorProto, helper

from onnx_builders import const, main, model, tensor


def gridsample_opset16():
    node = helper.make_node("GridSample", ["x", "g"], ["y"], mode="bicubic",
                            padding_mode="border", align_corners=1)
    return model([node], [tensor("x", [1, 2, 4, 5]), tensor("g", [1, 3, 6, 2])],
                 [tensor("y", [1, 2, 3, 6])], opset=16)


def gridsample_opset20_3d():
    node = helper.make_node("GridSample", ["x", "g"], ["y"], mode="nearest",
                            padding_mode="reflection")
    return model([node], [tensor("x", [1, 2, 3, 4, 5]),
                          tensor("g", [1, 2, 2, 2, 3])],
                 [tensor("y", [1, 2, 2, 2, 2])], opset=20)


def gridsample_bad_mode():
    node = helper.make_node("GridSample", ["x", "g"], ["y"], mode="area")
    return model([node], [tensor("x", [1, 2, 4, 5]), tensor("g", [1, 3, 6, 2])],
                 [tensor("y", [1, 2, 3, 6])], opset=20)


def affine_grid_2d():
    node = helper.make_node("AffineGrid", ["theta", "size"], ["grid"],
                            align_corners=0)
    return model([node], [tensor("theta", [2, 2, 3])],
                 [tensor("grid", [2, 3, 4, 2])],
                 [const("size", [2, 1, 3, 4])], opset=20)


def affine_grid_runtime_size():
    node = helper.make_node("AffineGrid", ["theta", "size"], ["grid"])
    return model([node], [tensor("theta", [2, 2, 3]),
                          tensor("size", [4], TensorProto.INT64)],
                 [tensor("grid", [2, 3, 4, 2])], opset=20)


if __name__ == "__main__":
    main({"gridsample-opset16": gridsample_opset16,
          "gridsample-opset20-3d": gridsample_opset20_3d,
          "gridsample-bad-mode": gridsample_bad_mode,
          "affine-grid-2d": affine_grid_2d,
          "affine-grid-runtime-size": affine_grid_runtime_size})
