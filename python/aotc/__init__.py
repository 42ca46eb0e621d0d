"""aotc from Python: compile an ONNX model (or a tg .mlir graph) ahead of
time with the aotc executable and call it on numpy arrays.

    import aotc, numpy as np
    m = aotc.compile("resnet18.onnx", input_shapes={"input": (1, 3, 224, 224)},
                     cpu="native")
    print(m.inputs, m.outputs)        # names, shapes, dtypes
    (logits,) = m.run(np.random.rand(1, 3, 224, 224).astype(np.float32))

`compile` runs aotc, links the object it writes into a shared library with
the system C compiler (cc) and loads that through ctypes: no compiled
extension, and numpy is the only dependency. `run` always returns a list,
one array per output; `run(..., threads=N)` runs the graph's kernels on
N workers (NAME_run_parallel on aotc's pool). The command-line tools `aotc-run` and
`aotc-benchmark` are in aotc.tools.
"""

from ._compile import (AotcNotFoundError, CompileError, Error, compile,
                       find_aotc)
from ._metadata import HeaderError
from ._model import CompiledModel, TensorSpec
from ._pool import PoolError

__version__ = "0.1.0"

__all__ = ["compile", "find_aotc", "CompiledModel", "TensorSpec", "Error",
           "CompileError", "AotcNotFoundError", "HeaderError", "PoolError",
           "__version__"]
