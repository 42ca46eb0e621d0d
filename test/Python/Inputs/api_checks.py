"""Checks the aotc Python package's API on small tg graphs (no ONNX needed):
every dtype round-trips, the signature matches the header, and bad inputs
raise TypeError/ValueError naming the input. Prints one line per error
message for FileCheck (test/Python/api.test); asserts the values itself.

Usage: api_checks.py DTYPES_MLIR MLP_MLIR WORK_DIR
"""

import ast
import os
import re
import sys
import threading

import numpy as np

import aotc

dtypes_mlir, mlp_mlir, work = sys.argv[1:4]
work = os.path.abspath(work)
os.makedirs(work, exist_ok=True)


def expect(exc_type, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        print("%s: %s" % (exc_type.__name__, e))
        return e
    raise AssertionError("expected %s from %s" % (exc_type.__name__, fn))


# --- every dtype, names with escapes ---------------------------------------
m = aotc.compile(dtypes_mlir, name="dt", work_dir=os.path.join(work, "dt"))
print(m)
print([s.name for s in m.inputs])
assert [s.header_dtype for s in m.inputs] == \
    ["f32", "f64", "f16", "bf16", "i1", "i8", "i16", "i32", "i64"]
assert [s.dtype for s in m.outputs] == [np.dtype(t) for t in (
    np.float32, np.float64, np.float16, np.uint16, np.bool_, np.int8,
    np.int16, np.int32, np.int64)]
assert m.outputs[6].shape == (8,) and m.outputs[3].shape == (5, 1)
assert m.outputs[0].nbytes == 24 and m.outputs[0].size == 6
# The artifacts are kept in work_dir.
for f in ("dt.o", "dt.h", "libdt.so"):
    assert os.path.exists(os.path.join(work, "dt", f)), f
assert m.library_path == os.path.join(work, "dt", "libdt.so")

rng = np.random.default_rng(0)
inputs = [
    rng.standard_normal((2, 3)).astype(np.float32),
    rng.standard_normal((3, 2)),
    rng.standard_normal((2, 2)).astype(np.float16),
    np.array([[0x3F80, 0xC000, 0x0000, 0x7F80, 0x4049]], np.uint16),
    rng.random((2, 4)) < 0.5,
    rng.integers(-128, 128, (3, 3), dtype=np.int8),
    rng.integers(-32768, 32768, (2, 2, 2), dtype=np.int16),
    rng.integers(-2**31, 2**31, (2, 5), dtype=np.int32),
    rng.integers(-2**62, 2**62, (2, 3), dtype=np.int64),
]
outs = m.run(*inputs)
assert isinstance(outs, list) and len(outs) == 9
for spec, x, y in zip(m.outputs, inputs, outs):
    want = x.reshape(-1) if x.ndim == 3 else x.T
    assert y.dtype == spec.dtype and y.shape == spec.shape, spec
    assert np.array_equal(y, want), spec.name
print("dtypes round-trip: ok")

# The same by name (keywords may mix with positions), and into `out`.
by_name = dict(zip([s.name for s in m.inputs], inputs))
outs2 = m.run(inputs[0], **{k: v for k, v in list(by_name.items())[1:]})
assert all(np.array_equal(a, b) for a, b in zip(outs, outs2))
buffers = [np.zeros(s.shape, s.dtype) for s in m.outputs]
outs3 = m.run(*inputs, out=buffers)
assert all(a is b for a, b in zip(outs3, buffers))
assert all(np.array_equal(a, b) for a, b in zip(outs, buffers))
d = m.run_dict(*inputs)
assert list(d) == [s.name for s in m.outputs]
assert np.array_equal(d["i64_out"], inputs[8].T)

# Integers are signless in the header: a .mlir graph takes either sign.
u8 = inputs[5].view(np.uint8)
outs4 = m.run(*inputs[:5], u8, *inputs[6:])
assert np.array_equal(outs4[5].view(np.uint8), u8.T)
print("signless i8 takes uint8: ok")

# --- input checking --------------------------------------------------------
bad = list(inputs)
bad[0] = inputs[0].astype(np.float64)
expect(TypeError, m.run, *bad)
bad[0] = inputs[0].reshape(3, 2)
expect(ValueError, m.run, *bad)
bad[0] = np.zeros((3, 2), np.float32).T            # Fortran order
expect(ValueError, m.run, *bad)
bad[0] = np.zeros((2, 6), np.float32)[:, ::2]      # strided
expect(ValueError, m.run, *bad)
bad[0] = inputs[0].astype(">f4")                   # big-endian
expect(TypeError, m.run, *bad)
bad[0] = "text"
expect(TypeError, m.run, *bad)
bad = list(inputs)
bad[4] = inputs[4].astype(np.int8)                 # bool input
expect(TypeError, m.run, *bad)
expect(TypeError, m.run, *inputs[:8])              # one missing
expect(TypeError, m.run, *inputs, inputs[0])       # one too many
expect(TypeError, m.run, *inputs, nope=inputs[0])
expect(TypeError, m.run, *inputs, bf16=inputs[3])  # twice
buffers[2] = np.zeros((2, 2), np.float32)
expect(TypeError, m.run, *inputs, out=buffers)
buffers[2] = np.zeros((2, 2), np.float16)
buffers[1] = np.zeros((2, 3))
buffers[1].flags.writeable = False
expect(ValueError, m.run, *inputs, out=buffers)
expect(TypeError, m.run, *inputs, out=buffers[:3])

# --- a graph with a scratch arena; lists convert; threads ----------------
mlp = aotc.compile(mlp_mlir)
assert mlp.name == "mlp" and mlp.temp_bytes > 0
assert mlp.library_path is None    # no work_dir: the files are gone
x = [[0.5, -1.0, 0.25, 2.0, -0.75, 1.5, 0.0, -0.5]]
(p,) = mlp.run(x)


def mlp_reference(path, x):
    """The MLP of examples/mlp.mlir in float64 numpy, from its constants."""
    with open(path) as f:
        text = f.read()
    consts = {}
    for name, body in re.findall(r"%(\w+) = tg.constant dense<(.*?)> :",
                                 text, re.S):
        consts[name] = np.array(ast.literal_eval(body), np.float64)
    h = np.maximum(np.array(x, np.float64) @ consts["w1"] + consts["b1"], 0)
    logits = h @ consts["w2"] + consts["b2"]
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


# Within ONNX's backend-test tolerance (onnx_run.ONNX_RTOL/ATOL) of float64
# numpy: float32 sums in another order differ in the last bits.
want = mlp_reference(mlp_mlir, x)
assert np.allclose(p, want, rtol=1e-3, atol=1e-7), (p, want)
print("mlp: %d probabilities match numpy" % p.size)
assert abs(p.sum() - 1) < 1e-6
(p2,) = mlp.run(x=np.array(x, np.float32))
assert np.array_equal(p, p2)
call = mlp.prepare(np.array(x, np.float32))
assert np.array_equal(call()[0], p) and call()[0] is call()[0]

batch = np.random.default_rng(1).standard_normal((64, 1, 8)).astype(
    np.float32)
want = np.stack([mlp.run(b)[0] for b in batch])
got = np.zeros_like(want)


def worker(start):
    for i in range(start, 64, 4):
        got[i] = mlp.run(batch[i])[0]


threads = [threading.Thread(target=worker, args=(s,)) for s in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
assert np.array_equal(got, want)
print("4 threads: ok")

# --- run(threads=N): NAME_run_parallel on aotc's pool ----------------------
# Every kernel split into tasks (--parallel-min-work 1): the matmul's rows
# and the softmax's.
wide_mlir = os.path.join(work, "wide.mlir")
with open(wide_mlir, "w") as f:
    f.write("func.func @main(%x: tensor<48x64xf32>, %w: tensor<64x40xf32>)"
            " -> tensor<48x40xf32> {\n"
            "  %m = tg.matmul %x, %w : tensor<48x64xf32>, tensor<64x40xf32>"
            "\n"
            "  %r = tg.relu %m : tensor<48x40xf32>\n"
            "  return %r : tensor<48x40xf32>\n}\n")
wide = aotc.compile(wide_mlir, flags=["--parallel-min-work", "1"],
                    name="wide")
rng = np.random.default_rng(2)
wx = rng.standard_normal((48, 64)).astype(np.float32)
ww = rng.standard_normal((64, 40)).astype(np.float32)
want = np.maximum(wx.astype(np.float64) @ ww.astype(np.float64), 0)
(one,) = wide.run(wx, ww)
assert np.allclose(one, want, rtol=1e-4, atol=1e-4)
# Without the pool library (looked for before the first threaded call): an
# error that says where it looked and how to point at it.
os.environ["AOTC_POOL_LIBRARY"] = os.path.join(work, "no-pool.so")
expect(aotc.PoolError, wide.run, wx, ww, threads=2)
del os.environ["AOTC_POOL_LIBRARY"]
for n in (2, 3, 8):
    (many,) = wide.run(wx, ww, threads=n)
    assert np.array_equal(many, one), n
    assert np.array_equal(wide.prepare(wx, ww, threads=n)()[0], one), n
print("run(threads=2, 3, 8) equals run(): ok")
expect(ValueError, wide.run, wx, ww, threads=0)

# --- compile errors --------------------------------------------------------
broken = os.path.join(work, "broken.mlir")
with open(broken, "w") as f:
    f.write("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
            "  %y = tg.bogus %x : tensor<2xf32>\n"
            "  return %y : tensor<2xf32>\n}\n")
e = expect(aotc.CompileError, aotc.compile, broken)
assert e.returncode == 1 and "tg.bogus" in e.stderr and e.command
expect(aotc.CompileError, aotc.compile, mlp_mlir,
       input_shapes={"x": (1, 8)})
expect(ValueError, aotc.compile, mlp_mlir, flags=["--name", "other"])
expect(ValueError, aotc.compile, mlp_mlir, flags="--target cuda")
expect(ValueError, aotc.compile, mlp_mlir, name="not-a-c-name")
expect(FileNotFoundError, aotc.compile, os.path.join(work, "none.onnx"))
expect(aotc.AotcNotFoundError, aotc.compile, mlp_mlir,
       aotc=os.path.join(work, "no-aotc"))
# flags pass through: -O0 and --cpu compile the same graph.
slow = aotc.compile(mlp_mlir, cpu="x86-64", flags=["-O0"], name="mlp0")
assert np.allclose(slow.run(x)[0], p, rtol=1e-6, atol=1e-7)
# Where aotc comes from: $AOTC first (here unset and aotc not on PATH: the
# source tree's build/bin/aotc).
print("found:", aotc.find_aotc())
os.environ["AOTC"] = os.path.join(work, "nothing")
expect(aotc.AotcNotFoundError, aotc.find_aotc)
del os.environ["AOTC"]
print("all checks passed")
