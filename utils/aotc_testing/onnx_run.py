"""Compile an ONNX model with aotc, run it through harness.c, compare outputs.

Shared by the ONNX conformance driver (onnx_conformance.py) and the real-model
tests (onnx_models.py). Everything here works on plain numpy arrays and on
serialized ``TensorProto`` bytes, so it runs with Debian's onnx 1.12 even on
test data written by newer ONNX versions:

* ``tensor_from_proto`` decodes a ``TensorProto`` (``raw_data`` or the typed
  fields) into a ``Tensor``; element types this module cannot represent raise
  ``UnsupportedDtype``, malformed data ``BadData``.
* ``compile_and_run`` runs ``aotc MODEL -o W/NAME.o --header W/NAME.h --name
  NAME``, checks the header's signature against the inputs, links harness.c
  against the object (at -O0: only the graph's code matters), runs it and
  returns the raw bytes of every output. Each failure raises ``Outcome`` with
  one of the statuses below, and every command honours one deadline; a
  command that overruns it is killed with its whole process group.
* ``compare`` checks one output against its expected tensor: same shape and
  dtype, floats within ``rtol``/``atol`` (NaN equals NaN), the rest exact.

Statuses, from best to worst: pass, wrong (ran but an output or the
signature differs), unsupported (aotc said an op or dtype is unsupported, or
the data uses an element type the C contract lacks), compile-error (any
other aotc failure, or the harness did not link), crash (aotc or the harness
died by a signal or ran out of time), skipped (the test cannot be run here).
"""

import os
import re
import signal
import subprocess
import time

import numpy as np

from harness_link import harness_link_args

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS_C = os.path.join(HERE, "harness.c")
# The flags run_graph.py builds the harness with, at -O0: the harness is
# compiled once per model and its speed does not matter.
HARNESS_CFLAGS = ["-std=c99", "-O0", "-Wall", "-Wextra", "-pedantic",
                  "-Werror"]

STATUSES = ("pass", "wrong", "unsupported", "compile-error", "crash",
            "skipped")

# ---------------------------------------------------------------------------
# Element types
# ---------------------------------------------------------------------------


class ElementType:
    """One ONNX element type: its name, a short name in the header's style
    (u8 for uint8), the numpy dtype holding its bytes (bf16 as uint16 bit
    patterns) and the header dtypes aotc may give it (integers are signless
    there: an unsigned tensor is i8..i64 in the header)."""

    def __init__(self, code, name, short, storage, header, bits=None,
                 codes=None):
        self.code = code
        self.name = name
        self.short = short
        self.storage = np.dtype(storage).newbyteorder("<")
        self.header = header
        # Low-precision types (float8, float4, int4, int2): the bits of one
        # element, packed 8 // bits to a byte (first element in the low
        # bits), and the value of each code; `storage` holds one code per
        # element.
        self.bits = bits
        self.codes = codes

    @property
    def is_float(self):
        return self.name in ("float16", "bfloat16", "float", "double") or (
            self.codes is not None and self.codes.dtype == np.float64)

    def packed_bytes(self, count):
        """Bytes `count` elements take in the C contract."""
        if self.bits is None:
            return count * self.storage.itemsize
        per_byte = 8 // self.bits
        return (count + per_byte - 1) // per_byte

    def pack(self, codes):
        """The bytes of an array of codes."""
        codes = np.asarray(codes, np.uint8).reshape(-1)
        if self.bits in (None, 8):
            return codes.tobytes()
        per_byte = 8 // self.bits
        padded = np.zeros(self.packed_bytes(codes.size) * per_byte, np.uint8)
        padded[:codes.size] = codes & ((1 << self.bits) - 1)
        grouped = padded.reshape(-1, per_byte).astype(np.uint32)
        shifts = np.arange(per_byte, dtype=np.uint32) * self.bits
        return (grouped << shifts).sum(axis=1).astype(np.uint8).tobytes()

    def unpack(self, raw, count):
        """`count` codes from their bytes."""
        data = np.frombuffer(raw, np.uint8)
        if self.bits == 8:
            return data[:count].copy()
        per_byte = 8 // self.bits
        shifts = np.arange(per_byte, dtype=np.uint8) * self.bits
        codes = (data[:, None] >> shifts) & ((1 << self.bits) - 1)
        return codes.reshape(-1)[:count].astype(np.uint8)


def _float_codes(exponent_bits, mantissa_bits, bias, fnuz=False,
                 infinity=False):
    """The value of each code of a sign-magnitude float format."""
    values = []
    bits = 1 + exponent_bits + mantissa_bits
    all_ones = (1 << exponent_bits) - 1
    for code in range(1 << bits):
        m = code & ((1 << mantissa_bits) - 1)
        e = (code >> mantissa_bits) & all_ones
        if e == 0:
            v = m * 2.0 ** (1 - bias - mantissa_bits)
        else:
            v = (1 + m / 2.0 ** mantissa_bits) * 2.0 ** (e - bias)
        if fnuz and code == 1 << (bits - 1):
            v = float("nan")
        elif infinity and e == all_ones:
            v = float("nan") if m else float("inf")
        elif (bits == 8 and not fnuz and not infinity and e == all_ones and
              m == (1 << mantissa_bits) - 1):
            v = float("nan")
        values.append(-v if code >> (bits - 1) else v)
    return np.array(values, np.float64)


def _int_codes(bits, signed):
    codes = np.arange(1 << bits, dtype=np.float64)
    if signed:
        codes[codes >= 1 << (bits - 1)] -= 1 << bits
    return codes.astype(np.int64)


def _low_precision(code, name, short, header, bits, codes):
    return ElementType(code, name, short, np.uint8, (header,), bits, codes)


ELEMENT_TYPES = {t.code: t for t in (
    ElementType(1, "float", "f32", np.float32, ("f32",)),
    ElementType(2, "uint8", "u8", np.uint8, ("ui8", "i8")),
    ElementType(3, "int8", "i8", np.int8, ("i8",)),
    ElementType(4, "uint16", "u16", np.uint16, ("ui16", "i16")),
    ElementType(5, "int16", "i16", np.int16, ("i16",)),
    ElementType(6, "int32", "i32", np.int32, ("i32",)),
    ElementType(7, "int64", "i64", np.int64, ("i64",)),
    ElementType(9, "bool", "i1", np.bool_, ("i1",)),
    ElementType(10, "float16", "f16", np.float16, ("f16",)),
    ElementType(11, "double", "f64", np.float64, ("f64",)),
    ElementType(12, "uint32", "u32", np.uint32, ("ui32", "i32")),
    ElementType(13, "uint64", "u64", np.uint64, ("ui64", "i64")),
    ElementType(16, "bfloat16", "bf16", np.uint16, ("bf16",)),
    _low_precision(17, "float8e4m3fn", "f8e4m3fn", "f8E4M3FN", 8,
                   _float_codes(4, 3, 7)),
    _low_precision(18, "float8e4m3fnuz", "f8e4m3fnuz", "f8E4M3FNUZ", 8,
                   _float_codes(4, 3, 8, fnuz=True)),
    _low_precision(19, "float8e5m2", "f8e5m2", "f8E5M2", 8,
                   _float_codes(5, 2, 15, infinity=True)),
    _low_precision(20, "float8e5m2fnuz", "f8e5m2fnuz", "f8E5M2FNUZ", 8,
                   _float_codes(5, 2, 16, fnuz=True)),
    _low_precision(21, "uint4", "u4", "ui4", 4, _int_codes(4, False)),
    _low_precision(22, "int4", "i4", "i4", 4, _int_codes(4, True)),
    _low_precision(23, "float4e2m1", "f4e2m1", "f4E2M1FN", 4,
                   _float_codes(2, 1, 1)),
    _low_precision(24, "float8e8m0", "f8e8m0", "f8E8M0FNU", 8,
                   np.array([2.0 ** (c - 127) for c in range(255)] +
                            [float("nan")])),
    _low_precision(25, "uint2", "u2", "ui2", 2, _int_codes(2, False)),
    _low_precision(26, "int2", "i2", "i2", 2, _int_codes(2, True)),
)}
ELEMENT_TYPES_BY_NAME = {t.name: t for t in ELEMENT_TYPES.values()}

STRING = 8
# Types the C contract has no dtype for.
OTHER_TYPE_NAMES = {
    0: "UNDEFINED", 8: "STRING", 14: "COMPLEX64", 15: "COMPLEX128",
}


def type_name(code):
    if code in ELEMENT_TYPES:
        return ELEMENT_TYPES[code].name
    return OTHER_TYPE_NAMES.get(code, "element type %d" % code)


class UnsupportedDtype(Exception):
    """An element type with no dtype in aotc's C contract."""


class BadData(Exception):
    """A TensorProto this module cannot decode."""


class Tensor:
    """A dense tensor: its ONNX element type and a numpy array of its bytes
    (shape included; bf16 as uint16 bit patterns)."""

    def __init__(self, etype, array):
        self.etype = etype
        self.array = np.asarray(array, dtype=etype.storage, order="C")

    @classmethod
    def from_numpy(cls, array):
        array = np.asarray(array)
        for t in ELEMENT_TYPES.values():
            if t.name != "bfloat16" and t.storage == array.dtype:
                return cls(t, array)
        raise UnsupportedDtype("numpy dtype %s" % array.dtype)

    @property
    def shape(self):
        return tuple(self.array.shape)

    def describe(self):
        return "%s[%s]" % (self.etype.short, "x".join(map(str, self.shape)))

    @classmethod
    def from_bytes(cls, etype, raw, shape):
        """The tensor whose C-contract bytes are `raw`."""
        if etype.bits is not None:
            count = int(np.prod(shape, dtype=np.int64))
            return cls(etype, etype.unpack(raw, count).reshape(shape))
        return cls(etype, np.frombuffer(raw, dtype=etype.storage)
                   .reshape(shape))

    @property
    def nbytes(self):
        """Its size in the C contract (low-precision types packed)."""
        return self.etype.packed_bytes(self.array.size)

    def values(self):
        """The values as numpy computes with them (bf16 widened to f32,
        low-precision codes decoded)."""
        if self.etype.name == "bfloat16":
            return (self.array.astype(np.uint32) << 16).view(np.float32)
        if self.etype.codes is not None:
            return self.etype.codes[self.array]
        return self.array

    def tobytes(self):
        if self.etype.bits is not None:
            return self.etype.pack(self.array)
        return self.array.tobytes()


# TensorProto fields that hold the elements when raw_data is absent.
_TYPED_FIELD = {
    "float": "float_data", "double": "double_data", "int64": "int64_data",
    "uint32": "uint64_data", "uint64": "uint64_data",
}


def tensor_from_proto(proto):
    """Decodes an onnx.TensorProto; raises UnsupportedDtype or BadData."""
    if proto.data_type not in ELEMENT_TYPES:
        raise UnsupportedDtype(type_name(proto.data_type))
    etype = ELEMENT_TYPES[proto.data_type]
    if proto.data_location == 1:  # EXTERNAL
        raise BadData("tensor data stored in an external file")
    dims = tuple(int(d) for d in proto.dims)
    if any(d < 0 for d in dims):
        raise BadData("negative dimension in %s" % (dims,))
    count = int(np.prod(dims, dtype=np.int64))
    if etype.bits is not None:
        # Packed bytes, in raw_data or one per int32_data entry.
        raw = proto.raw_data if proto.raw_data else bytes(
            np.array(proto.int32_data, np.int64).astype(np.uint8))
        if len(raw) != etype.packed_bytes(count):
            raise BadData("%d bytes for %s[%s]" % (len(raw), etype.name,
                                                   "x".join(map(str, dims))))
        return Tensor.from_bytes(etype, raw, dims)
    if proto.raw_data:
        raw = proto.raw_data
        if len(raw) != count * etype.storage.itemsize:
            raise BadData("raw_data holds %d bytes; %s[%s] needs %d"
                          % (len(raw), etype.name,
                             "x".join(map(str, dims)),
                             count * etype.storage.itemsize))
        array = np.frombuffer(raw, dtype=etype.storage)
    else:
        # Types of 32 bits or less (float16 and bfloat16 as bit patterns)
        # live in int32_data.
        values = getattr(proto, _TYPED_FIELD.get(etype.name, "int32_data"))
        if len(values) != count:
            raise BadData("%d values for %s[%s]" % (len(values), etype.name,
                                                    "x".join(map(str, dims))))
        if etype.name in ("float16", "bfloat16"):
            array = np.array(values, dtype=np.int64).astype(np.uint16)
            if etype.name == "float16":
                array = array.view(np.float16)
        else:
            array = np.array(values).astype(etype.storage)
    return Tensor(etype, array.reshape(dims))


def read_tensor_file(path):
    """Reads a serialized TensorProto file (raises BadData/UnsupportedDtype)."""
    from onnx import TensorProto  # imported late: onnx_models needs no onnx
    proto = TensorProto()
    try:
        with open(path, "rb") as f:
            proto.ParseFromString(f.read())
    except Exception as e:  # OSError or protobuf's DecodeError
        raise BadData("%s: %s" % (os.path.basename(path), e))
    return tensor_from_proto(proto)


# ---------------------------------------------------------------------------
# Running commands
# ---------------------------------------------------------------------------


class Outcome(Exception):
    """Why a model did not run to the comparison: a status and one line."""

    def __init__(self, status, detail, freeze=()):
        super().__init__("%s: %s" % (status, detail))
        self.status = status
        self.detail = detail
        # Graph inputs aotc asked to freeze with --input-value NAME=FILE
        # because it needs their values at compile time (a Reshape's shape).
        self.freeze = list(freeze)


def first_line(text, prefer=r"\berror\b"):
    """The first line of `text` matching `prefer`, else its first non-empty
    line (shortened to 300 characters)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    pick = next((line for line in lines if re.search(prefer, line, re.I)),
                lines[0] if lines else "(no output)")
    return pick if len(pick) <= 300 else pick[:297] + "..."


def run_command(cmd, what, deadline, log=None):
    """Runs `cmd` (stdin closed, stdout and stderr captured together) until
    `deadline` (a time.monotonic() value). Returns (exit status, output).
    Raises Outcome('crash') when it is killed by a signal or runs out of
    time; the whole process group is killed then, so a compiler driver does
    not leave its children behind."""
    timeout = deadline - time.monotonic()
    if timeout <= 0:
        raise Outcome("crash", "%s: out of time before it started" % what)
    if log is not None:
        log.append("$ " + " ".join(cmd))
    try:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT,
                                start_new_session=True)
    except OSError as e:
        raise Outcome("crash", "cannot run %s: %s" % (cmd[0], e))
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise Outcome("crash", "%s timed out" % what)
    except BaseException:  # KeyboardInterrupt: leave nothing running
        _kill_group(proc)
        raise
    _kill_group(proc)  # whatever the command left running in its group
    text = out.decode("utf-8", "replace")
    if log is not None and text:
        log.append(text.rstrip("\n"))
    if proc.returncode < 0:
        try:
            name = signal.Signals(-proc.returncode).name
        except ValueError:
            name = "signal %d" % -proc.returncode
        raise Outcome("crash", "%s died of %s: %s"
                      % (what, name, first_line(text)))
    return proc.returncode, text


def _kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


# ---------------------------------------------------------------------------
# The header
# ---------------------------------------------------------------------------


class Signature:
    """One tensor of the compiled signature, from the header."""

    def __init__(self, kind, index, dtype, shape, nbytes, shape_output=None):
        self.kind = kind
        self.index = index
        self.dtype = dtype
        self.shape = tuple(shape)
        self.nbytes = nbytes
        # A bounded output: `shape` is its largest shape and output
        # `shape_output` receives the actual one.
        self.shape_output = shape_output

    def describe(self):
        return "%s[%s]" % (self.dtype, "x".join(map(str, self.shape)))


def read_header(path, name):
    """The inputs and outputs of graph NAME whose header is at `path`, from
    the description aotc wrote beside it (NAME.json, docs/architecture.md
    "The metadata file")."""
    import json
    meta_path = os.path.splitext(path)[0] + ".json"
    try:
        with open(meta_path, encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        raise Outcome("wrong", "cannot read %s: %s" % (meta_path, e))
    if meta.get("name") != name:
        raise Outcome("wrong", "%s describes %r, not %r"
                      % (meta_path, meta.get("name"), name))
    result = {}
    for kind in ("input", "output"):
        result[kind] = [
            Signature(kind, i, t["dtype"], t["shape"], t["bytes"],
                      t.get("shape_output"))
            for i, t in enumerate(meta[kind + "s"])]
    return result["input"], result["output"]


def graph_outputs(compiled_out):
    """The compiled outputs less the ones that hold a bounded output's
    actual shape (the header lists those after the graph's own)."""
    shapes = {c.shape_output for c in compiled_out
              if c.shape_output is not None}
    return [c for c in compiled_out if c.index not in shapes]


def check_signature(compiled, expected, kind):
    """Raises Outcome('wrong') unless the compiled tensors have exactly the
    expected Tensors' shapes and dtypes (unknown expected: None). A bounded
    output needs only the rank, and room for the expected shape."""
    if len(compiled) != len(expected):
        raise Outcome("wrong", "aotc compiled %d %ss, the model has %d"
                      % (len(compiled), kind, len(expected)))
    for c, want in zip(compiled, expected):
        if want is None:
            continue
        if c.shape_output is not None:
            fits = len(c.shape) == len(want.shape) and all(
                w <= d for w, d in zip(want.shape, c.shape))
        else:
            fits = c.shape == want.shape
        if c.dtype not in want.etype.header or not fits:
            raise Outcome("wrong", "%s %d: aotc compiled %s, expected %s"
                          % (kind, c.index, c.describe(), want.describe()))


def bounded_box(c, raw, shape_raw):
    """The bytes of bounded output `c` (its largest shape, as the harness
    wrote it) in its actual shape, read from `shape_raw` (int64s): the box
    of the largest shape, made dense. Raises Outcome('wrong') for an actual
    shape outside the largest one or bytes outside the box that are not
    zero."""
    actual = tuple(int(d) for d in np.frombuffer(shape_raw, dtype="<i8"))
    if len(actual) != len(c.shape) or any(
            d < 0 or d > m for d, m in zip(actual, c.shape)):
        raise Outcome("wrong", "output %d: actual shape %s outside its "
                      "largest shape %s" % (c.index, list(actual),
                                            list(c.shape)))
    count = int(np.prod(c.shape))
    if count == 0:
        return b""
    data = np.frombuffer(raw, dtype="V%d" % (len(raw) // count))
    data = data.reshape(c.shape)
    box = tuple(slice(0, d) for d in actual)
    outside = np.ones(c.shape, dtype=bool)
    outside[box] = False
    if any(bytes(v).strip(b"\0") for v in data[outside]):
        raise Outcome("wrong", "output %d: elements outside its actual shape "
                      "%s are not zero" % (c.index, list(actual)))
    return data[box].tobytes()


# ---------------------------------------------------------------------------
# Check scripts
# ---------------------------------------------------------------------------


def parse_check_args(doc, argv):
    """The command line of a check script (`--aotc AOTC [--cc CC]
    --work-dir DIR`, its description the first paragraph of `doc`): the
    arguments and the work folder, emptied."""
    import argparse
    import shutil
    parser = argparse.ArgumentParser(
        description=doc.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--aotc", required=True)
    parser.add_argument("--cc", default="cc")
    parser.add_argument("--work-dir", required=True)
    args = parser.parse_args(argv)
    work = os.path.abspath(args.work_dir)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    return args, work


# ---------------------------------------------------------------------------
# Compiling and running
# ---------------------------------------------------------------------------


def shape_binding(name, shape):
    """The aotc flag binding input `name` to `shape` ('scalar' for rank 0)."""
    dims = "x".join(str(d) for d in shape) if shape else "scalar"
    return "--input-shape=%s=%s" % (name, dims)


def compile_and_run(model, inputs, expected, work, aotc, cc="cc",
                    aotc_flags=(), name="t", deadline=None, log=None,
                    compile_only=False, runner=()):
    """Compiles `model` into W/NAME.o + W/NAME.h, links harness.c against it,
    runs it on `inputs` (Tensors) and returns the bytes of each output.
    With `compile_only`, stops after checking the header's signature and
    returns None. `runner` prefixes the harness's command line (valgrind,
    say: its first call gets buffers malloc'd at exactly the header's
    sizes, so memcheck flags any access outside them).

    `expected` lists the Tensors the outputs should match (or None each):
    the header's signature is checked against them before running. Raises
    Outcome for every failure; see the module docstring for the statuses."""
    if deadline is None:
        deadline = time.monotonic() + 600
    obj = os.path.join(work, name + ".o")
    header = os.path.join(work, name + ".h")
    harness = os.path.join(work, "harness")
    in_dir = os.path.join(work, "in")
    out_dir = os.path.join(work, "out")
    os.makedirs(in_dir, exist_ok=True)
    os.makedirs(out_dir, exist_ok=True)

    rc, text = run_command([aotc, model, "-o", obj, "--header", header,
                            "--name", name] + list(aotc_flags), "aotc",
                           deadline, log)
    if rc != 0:
        # An input to freeze comes first: aotc goes on past such a node and
        # may name unsupported ops of other branches in the same run.
        freeze = re.findall(r"freeze it with --input-value (.+?)=FILE", text)
        m = re.search(r"^.*(unsupported|not supported|does not support).*$",
                      text, re.I | re.M)
        if m and not freeze:
            raise Outcome("unsupported", first_line(m.group(0), r"."))
        raise Outcome("compile-error", first_line(text), freeze=freeze)

    compiled_in, compiled_out = read_header(header, name)
    check_signature(compiled_in, inputs, "input")
    check_signature(graph_outputs(compiled_out), expected, "output")
    if compile_only:
        return None

    for i, t in enumerate(inputs):
        with open(os.path.join(in_dir, "input%d.bin" % i), "wb") as f:
            f.write(t.tobytes())

    includes, libraries = harness_link_args(aotc)
    rc, text = run_command([cc] + HARNESS_CFLAGS + includes + [
        "-DAOTC_NAME=" + name, "-include", header, HARNESS_C, obj] +
        libraries + ["-lm", "-o", harness], "linking the harness", deadline,
        log)
    if rc != 0:
        raise Outcome("compile-error", "harness: " + first_line(text))

    rc, text = run_command(list(runner) + [harness, in_dir, out_dir],
                           "the harness" + (" under " + runner[0]
                                            if runner else ""),
                           deadline, log)
    if rc != 0:
        raise Outcome("wrong", first_line(text))

    def read(index):
        with open(os.path.join(out_dir, "output%d.bin" % index), "rb") as f:
            return f.read()

    outputs = []
    for c in graph_outputs(compiled_out):
        raw = read(c.index)
        if c.shape_output is not None:
            raw = bounded_box(c, raw, read(c.shape_output))
        outputs.append(raw)
    return outputs


# ---------------------------------------------------------------------------
# Comparing
# ---------------------------------------------------------------------------

# ONNX's backend tests compare with numpy's assert_allclose at these.
ONNX_RTOL = 1e-3
ONNX_ATOL = 1e-7


def compare(index, raw, want, rtol=ONNX_RTOL, atol=ONNX_ATOL):
    """Checks output `index`, given as the bytes the harness wrote, against
    the Tensor `want`. Returns None when it matches, else one line: the
    number of differing elements and the maximum absolute and relative
    errors among them."""
    if len(raw) != want.nbytes:
        return "output %d: %d bytes, expected %s (%d bytes)" % (
            index, len(raw), want.describe(), want.nbytes)
    if want.etype.name == "bool" and any(b > 1 for b in raw):
        return "output %d: bool bytes other than 0 and 1" % index
    got = Tensor.from_bytes(want.etype, raw, want.shape)
    g, w = got.values(), want.values()
    if want.etype.is_float:
        g64, w64 = g.astype(np.float64), w.astype(np.float64)
        ok = np.isclose(g64, w64, rtol=rtol, atol=atol, equal_nan=True)
    else:
        ok = g == w
        g64 = g.astype(np.float64)
        w64 = w.astype(np.float64)
    ok = np.asarray(ok)
    if ok.all():
        return None
    bad = int(ok.size - np.count_nonzero(ok))
    line = "output %d: %d of %d elements differ" % (index, bad, ok.size)
    if want.etype.name == "bool":
        return line
    with np.errstate(all="ignore"):
        abs_err = np.abs(g64 - w64)[~ok]
        rel_err = abs_err / np.abs(w64[~ok])
    abs_err = np.nan_to_num(abs_err, nan=np.inf)
    rel_err = np.nan_to_num(rel_err, nan=np.inf)
    return "%s, max abs error %.3g, max rel error %.3g" % (
        line, abs_err.max(), rel_err.max())
