"""torchvision's ResNet-18 (random weights, seed 0) exported with a symbolic
batch, compiled once with dims={"batch": (1, 4)} and run at batch 1, 3 and
4 (the range's ends and a size between) against PyTorch at each size, at
the model tests' tolerance (utils/aotc_testing/onnx_models.py).

Usage: resnet18_dims_check.py WORK_DIR
"""

import os
import sys

import numpy as np
import torch
import torchvision

import aotc
from aotc_testing.onnx_models import ATOL_SCALE, RTOL

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
path = os.path.join(work, "resnet18.onnx")
torch.manual_seed(0)
model = torchvision.models.resnet18(weights=None).eval()
torch.onnx.export(model, (torch.randn(2, 3, 224, 224),), path,
                  opset_version=14, input_names=["input"],
                  output_names=["logits"],
                  dynamic_axes={"input": {0: "batch"}, "logits": {0: "batch"}})
m = aotc.compile(path, name="resnet18", dims={"batch": (1, 4)})
print(m)
for batch in (1, 3, 4):
    x = torch.randn(batch, 3, 224, 224)
    with torch.no_grad():
        want = model(x).numpy()
    got = m.run(x.numpy())[0]
    np.testing.assert_allclose(got, want, rtol=RTOL,
                               atol=ATOL_SCALE * np.abs(want).max())
    print("batch %d: logits %s match PyTorch" % (batch, list(got.shape)))
