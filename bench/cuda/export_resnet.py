#!/usr/bin/python3
"""Exports torchvision's ResNet-18 (random weights, seed 0, eval mode) at a
given batch size to ONNX, like utils/aotc_testing/onnx_models.py does for
the model tests. Usage: export_resnet.py BATCH OUT.onnx"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, "utils", "aotc_testing"))
import onnx_models  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    batch, path = int(sys.argv[1]), sys.argv[2]
    import torch
    torch.manual_seed(0)
    model, shape = onnx_models.MODELS["resnet18"](torch)
    onnx_models.calibrate_batch_norm(torch, model, shape)
    model.eval()
    x = torch.randn(batch, *shape[1:])
    torch.onnx.export(model, (x,), path, opset_version=onnx_models.OPSET,
                      input_names=["input"], output_names=["output"])


if __name__ == "__main__":
    main()
