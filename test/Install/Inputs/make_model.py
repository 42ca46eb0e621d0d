#!/usr/bin/python3
"""Exports a small PyTorch net (Conv + ReLU + Linear) to ONNX with a dynamic
batch dimension and writes reference data computed by PyTorch, for the
consumer project of test/Install/consumer.test:

  OUT/net.onnx               the model; input "input" is Nx3x8x8
  OUT/pb/input_0.pb          batch 1: ONNX TensorProto files, the input with
  OUT/pb/output_0.pb         raw_data and the output with float_data
  OUT/bin/input_0.bin        batch 2: raw little-endian f32
  OUT/bin/output_0.bin
  OUT/wrong/                 OUT/pb with one output element changed by 1e-2
"""
import os
import sys

import numpy as np
import onnx
import onnx.numpy_helper
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.linear = torch.nn.Linear(8 * 8 * 8, 10)

    def forward(self, x):
        y = torch.relu(self.conv(x))
        return self.linear(torch.flatten(y, 1))


def write(folder, name, array, raw=True):
    os.makedirs(folder, exist_ok=True)
    if raw:
        tensor = onnx.numpy_helper.from_array(array, name)
    else:  # the typed field (float_data), as older exporters write
        tensor = onnx.helper.make_tensor(name, onnx.TensorProto.FLOAT,
                                         array.shape, array.flatten().tolist())
    with open(os.path.join(folder, name + ".pb"), "wb") as f:
        f.write(tensor.SerializeToString())


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    model = Net().eval()
    x1 = torch.randn(1, 3, 8, 8)
    torch.onnx.export(model, (x1,), os.path.join(out, "net.onnx"),
                      opset_version=14, input_names=["input"],
                      output_names=["output"],
                      dynamic_axes={"input": {0: "batch"},
                                    "output": {0: "batch"}})
    with torch.no_grad():
        y1 = model(x1).numpy()
        x2 = torch.randn(2, 3, 8, 8)
        y2 = model(x2).numpy()
    write(os.path.join(out, "pb"), "input_0", x1.numpy())
    write(os.path.join(out, "pb"), "output_0", y1, raw=False)
    os.makedirs(os.path.join(out, "bin"), exist_ok=True)
    x2.numpy().astype("<f4").tofile(os.path.join(out, "bin", "input_0.bin"))
    y2.astype("<f4").tofile(os.path.join(out, "bin", "output_0.bin"))
    wrong = y1.copy()
    wrong[0, 3] += 1e-2
    write(os.path.join(out, "wrong"), "input_0", x1.numpy())
    write(os.path.join(out, "wrong"), "output_0", wrong)
    print("make_model: net.onnx, output[0, :3] = %s" % np.array2string(
        y1[0, :3], precision=4))


if __name__ == "__main__":
    main()
