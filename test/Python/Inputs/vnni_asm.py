"""Whether aotc chooses its AVX-512 VNNI kernels for a model, on any host:
the assembly for a Sapphire Rapids CPU has vpdpbusd. Shared by the integer
matmul and quantized convolution checks."""
import os
import subprocess


def uses_vnni(path, work):
    """Whether aotc's assembly of `path` for a VNNI CPU has vpdpbusd (the
    header goes to `work`)."""
    asm = subprocess.run([os.environ["AOTC"], path, "--cpu", "sapphirerapids",
                          "--emit", "asm", "-o", "-", "--header",
                          os.path.join(work, "unused.h")],
                         check=True, capture_output=True, text=True).stdout
    return "vpdpbusd" in asm
