#!/usr/bin/env python3
"""PyTorch's latency for torchvision ResNet-18 on the GPU, the peer of the
aotc ResNet-18 numbers that bench/cuda/run prints. Usage: torch_resnet.py
BATCH..."""

import sys

import torch
import torchvision


def main():
    model = torchvision.models.resnet18(weights=None).eval().cuda()
    for batch in [int(b) for b in sys.argv[1:]] or [1]:
        x = torch.randn(batch, 3, 224, 224, device="cuda")
        with torch.no_grad():
            for _ in range(5):
                model(x)
            times = []
            for _ in range(20):
                start = torch.cuda.Event(enable_timing=True)
                stop = torch.cuda.Event(enable_timing=True)
                start.record()
                model(x)
                stop.record()
                torch.cuda.synchronize()
                times.append(start.elapsed_time(stop))
        times.sort()
        print(f"PyTorch ResNet-18 batch {batch} (fp32, eager): best "
              f"{times[0]:.3f} ms, median {times[len(times) // 2]:.3f} ms")


if __name__ == "__main__":
    main()
