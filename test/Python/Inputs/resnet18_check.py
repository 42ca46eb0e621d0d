"""The README's five lines on a real model: torchvision's ResNet-18 (random
weights, seed 0, BatchNorm statistics from one random batch as in
utils/aotc_testing/onnx_models.py, eval mode) exported to ONNX at test time,
compiled with the pip-installed aotc package and compared with PyTorch's
logits (and with onnxruntime's when it is installed; it is optional).

Usage: resnet18_check.py WORK_DIR
"""

import os
import sys
import time

import numpy as np
import torch
import torchvision

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
path = os.path.join(work, "resnet18.onnx")

torch.manual_seed(0)
model = torchvision.models.resnet18(weights=None)
norms = [m for m in model.modules() if isinstance(m, torch.nn.BatchNorm2d)]
for m in norms:
    m.reset_running_stats()
    m.momentum = None
model.train()
with torch.no_grad():
    model(torch.randn(8, 3, 224, 224))
model.eval()
image = torch.randn(1, 3, 224, 224)
with torch.no_grad():
    want = model(image).numpy()
torch.onnx.export(model, (image,), path, opset_version=14,
                  input_names=["input"], output_names=["logits"])
x = image.numpy()

start = time.perf_counter()
# --- the README's example ---
import aotc  # noqa: E402
m = aotc.compile(path, input_shapes={"input": (1, 3, 224, 224)}, cpu="native")
(logits,) = m.run(x)
np.testing.assert_allclose(logits, want, rtol=1e-3,
                           atol=1e-4 * np.abs(want).max())
# ---
print("compiled and ran in %.1f s" % (time.perf_counter() - start),
      file=sys.stderr)
print("package:", os.path.dirname(aotc.__file__))
print("aotc:", aotc.find_aotc())
print(m)
print("logits match PyTorch: max abs error %.2g of max |logit| %.2g"
      % (np.abs(logits - want).max(), np.abs(want).max()))
assert logits.dtype == np.float32 and logits.shape == (1, 1000)
assert np.argmax(logits) == np.argmax(want)

try:
    import onnxruntime
except ImportError:
    print("onnxruntime: not installed, skipped")
else:
    session = onnxruntime.InferenceSession(
        path, providers=["CPUExecutionProvider"])
    (ort,) = session.run(None, {"input": x})
    np.testing.assert_allclose(logits, ort, rtol=1e-3,
                               atol=1e-4 * np.abs(ort).max())
    print("onnxruntime: match")
