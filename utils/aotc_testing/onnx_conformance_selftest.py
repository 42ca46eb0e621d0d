#!/usr/bin/python3
"""Self-test of the ONNX conformance driver (onnx_conformance.py, onnx_run.py).

Builds a small fake test tree with onnx.helper, one test per status the
driver can give, runs the driver on it with the real aotc (wrapped by a
script that crashes, hangs or fails on request) and checks every status,
the report, --expect and --write-expect. Then checks TensorProto decoding and
the comparison directly. Exits 0 when everything holds, 1 otherwise.

    onnx_conformance_selftest.py --aotc build/bin/aotc --work-dir /tmp/w

Used by test/Models/conformance-driver.test. The models use only ops the
importer handles without the elementwise families (Identity, Transpose,
Reshape), so the test does not depend on which ops aotc supports beyond
those.
"""

import math
import os
import stat
import subprocess
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import onnx_conformance  # noqa: E402
import onnx_run  # noqa: E402

FAILURES = []


def check(condition, what):
    print("%s: %s" % ("ok" if condition else "FAIL", what))
    if not condition:
        FAILURES.append(what)


# ---------------------------------------------------------------------------
# The fake test tree
# ---------------------------------------------------------------------------


def model(node, inputs, outputs, opset=13, initializers=()):
    graph = helper.make_graph([node], "g", inputs, outputs,
                              initializer=list(initializers))
    return helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", opset)])


def tensor_info(name, elem_type, shape):
    return helper.make_tensor_value_info(name, elem_type, shape)


def write_test(root, test_id, m, inputs, outputs, fake=None):
    """Writes SUITE/TEST with model `m` and the numpy arrays as data."""
    folder = os.path.join(root, test_id)
    data = os.path.join(folder, "test_data_set_0")
    os.makedirs(data)
    onnx.save(m, os.path.join(folder, "model.onnx"))
    for kind, arrays in (("input", inputs), ("output", outputs)):
        for i, a in enumerate(arrays):
            proto = a if isinstance(a, TensorProto) else \
                numpy_helper.from_array(np.asarray(a))
            with open(os.path.join(data, "%s_%d.pb" % (kind, i)), "wb") as f:
                f.write(proto.SerializeToString())
    if fake:
        with open(os.path.join(folder, "FAKE"), "w") as f:
            f.write(fake)


def build_tests(root):
    """Returns {test id: (expected status, text the detail must contain)}."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 3)).astype(np.float32)
    f32 = TensorProto.FLOAT
    transpose = helper.make_node("Transpose", ["x"], ["y"], perm=[1, 0])
    identity = helper.make_node("Identity", ["x"], ["y"])
    t_model = model(transpose, [tensor_info("x", f32, [2, 3])],
                    [tensor_info("y", f32, [3, 2])])
    i_model = model(identity, [tensor_info("x", f32, [2, 3])],
                    [tensor_info("y", f32, [2, 3])])
    want = {}

    write_test(root, "node/test_pass", t_model, [x], [x.T])
    want["node/test_pass"] = ("pass", "")
    xi = rng.integers(-5, 5, (2, 3)).astype(np.int64)
    write_test(root, "node/test_pass_int64", model(
        transpose, [tensor_info("x", TensorProto.INT64, [2, 3])],
        [tensor_info("y", TensorProto.INT64, [3, 2])]), [xi], [xi.T])
    want["node/test_pass_int64"] = ("pass", "")
    # Within ONNX's rtol of 1e-3; NaN equals NaN, inf equals inf.
    xs = x.copy()
    xs[0, 0], xs[0, 1] = np.nan, -np.inf
    write_test(root, "node/test_pass_tolerance", i_model, [xs],
               [xs * np.float32(1 + 5e-4)])
    want["node/test_pass_tolerance"] = ("pass", "")
    # The input's first dimension is symbolic: the driver binds it.
    write_test(root, "node/test_pass_symbolic", model(
        transpose, [tensor_info("x", f32, ["N", 3])],
        [tensor_info("y", f32, [3, "N"])]), [x], [x.T])
    want["node/test_pass_symbolic"] = ("pass", "")
    # Reshape's shape is a graph input: aotc asks to freeze it.
    shape = np.array([3, 2], dtype=np.int64)
    write_test(root, "node/test_pass_frozen", model(
        helper.make_node("Reshape", ["x", "shape"], ["y"]),
        [tensor_info("x", f32, [2, 3]),
         tensor_info("shape", TensorProto.INT64, [2])],
        [tensor_info("y", f32, [3, 2])]), [x, shape], [x.reshape(3, 2)])
    want["node/test_pass_frozen"] = ("pass", "--input-value: shape")

    wrong = x.T.copy()
    wrong[1, 0] += 1
    write_test(root, "node/test_wrong", t_model, [x], [wrong])
    want["node/test_wrong"] = ("wrong", "output 0: 1 of 6 elements differ, "
                               "max abs error 1")
    write_test(root, "node/test_wrong_rtol", i_model, [x],
               [x * np.float32(1 + 2e-3)])
    want["node/test_wrong_rtol"] = ("wrong", "6 of 6 elements differ")
    write_test(root, "node/test_wrong_nan", i_model, [x],
               [np.where(x > 0, np.nan, x).astype(np.float32)])
    want["node/test_wrong_nan"] = ("wrong", "max abs error inf")
    write_test(root, "node/test_wrong_dtype", i_model, [x],
               [x.astype(np.float64)])
    want["node/test_wrong_dtype"] = ("wrong", "aotc compiled f32[2x3], "
                                     "expected f64[2x3]")

    write_test(root, "node/test_unsupported_op", model(
        helper.make_node("NoSuchOp", ["x"], ["y"]),
        [tensor_info("x", f32, [2, 3])], [tensor_info("y", f32, [2, 3])]),
        [x], [x])
    want["node/test_unsupported_op"] = ("unsupported", "NoSuchOp")
    # Element types 17 (FLOAT8E4M3FN) and 22 (INT4, packed: 3 elements in
    # 2 bytes) are newer than onnx 1.12; the header passes them as bytes.
    f8 = TensorProto(dims=[2], data_type=17, raw_data=b"\x01\x02")
    write_test(root, "node/test_float8", model(
        identity, [tensor_info("x", 17, [2])], [tensor_info("y", 17, [2])]),
        [f8], [f8])
    want["node/test_float8"] = ("pass", "")
    i4 = TensorProto(dims=[3], data_type=22, raw_data=b"\x9f\x07")
    write_test(root, "node/test_int4", model(
        identity, [tensor_info("x", 22, [3])], [tensor_info("y", 22, [3])]),
        [i4], [i4])
    want["node/test_int4"] = ("pass", "")
    c64 = TensorProto(dims=[1], data_type=14, raw_data=b"\0" * 8)
    write_test(root, "node/test_unsupported_complex", model(
        identity, [tensor_info("x", 14, [1])], [tensor_info("y", 14, [1])]),
        [c64], [c64])
    want["node/test_unsupported_complex"] = ("unsupported",
                                             "unsupported dtype COMPLEX64")

    write_test(root, "node/test_compile_error", i_model, [x], [x], "fail")
    want["node/test_compile_error"] = ("compile-error",
                                       "aotc: error: something went wrong")
    write_test(root, "node/test_crash", i_model, [x], [x], "crash")
    want["node/test_crash"] = ("crash", "aotc died of SIGSEGV")
    write_test(root, "node/test_hang", i_model, [x], [x], "hang")
    want["node/test_hang"] = ("crash", "aotc timed out")

    seq = helper.make_tensor_sequence_value_info("s", f32, [2])
    write_test(root, "simple/test_skipped_sequence", model(
        helper.make_node("SequenceLength", ["s"], ["y"]), [seq],
        [tensor_info("y", TensorProto.INT64, [])], opset=13), [x], [x])
    want["simple/test_skipped_sequence"] = ("skipped", "'s' is a sequence")
    write_test(root, "simple/test_skipped_string", model(
        identity, [tensor_info("x", TensorProto.STRING, [1])],
        [tensor_info("y", TensorProto.STRING, [1])]), [x], [x])
    want["simple/test_skipped_string"] = ("skipped", "string tensor")
    write_test(root, "simple/test_skipped_no_output", i_model, [x], [])
    want["simple/test_skipped_no_output"] = ("skipped", "0 output files")
    return want


FAKE_AOTC = """#!/bin/bash
# aotc, unless the test folder's FAKE file asks for a failure.
case "$(cat "$(dirname "$1")/FAKE" 2>/dev/null)" in
  crash) kill -SEGV $$ ;;
  hang) exec sleep 300 ;;
  fail) echo "aotc: error: something went wrong"; exit 1 ;;
esac
exec %s "$@"
"""


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------


def check_driver(work, aotc, cc):
    tests = os.path.join(work, "tests")
    want = build_tests(tests)
    fake = os.path.join(work, "aotc")
    with open(fake, "w") as f:
        f.write(FAKE_AOTC % aotc)
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)
    expect = os.path.join(work, "expected.txt")
    with open(expect, "w") as f:
        f.write("# a comment\nnode/test_pass\n\nnode/test_wrong  # listed\n")
    report = os.path.join(work, "report.txt")
    written = os.path.join(work, "written.txt")
    cmd = [sys.executable, os.path.join(HERE, "onnx_conformance.py"),
           "node", "simple", "--tests-dir", tests, "--aotc", fake,
           "--cc", cc, "--timeout", "10", "-j", "4", "--report", report,
           "--expect", expect, "--write-expect", written]
    print("$ " + " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True)
    print(proc.stdout)
    lines = proc.stdout.splitlines()
    check(proc.returncode == 1, "the driver exits 1 when a listed test fails")
    check(lines and lines[-1] == "expected to pass: 1 passed, 1 failed",
          "the last line counts the listed tests")
    check(any(line.startswith("FAIL: node/test_wrong is expected to pass: "
                              "wrong: ") for line in lines),
          "the failing listed test is named with its status")
    check(any(line.startswith("6 tests pass that") for line in lines),
          "tests passing but not listed are counted")

    got = {}
    with open(report) as f:
        for line in f:
            if not line.startswith("#"):
                fields = line.split(None, 3)
                got[fields[0]] = (fields[1], fields[3].strip()
                                  if len(fields) > 3 else "")
    for test_id, (status, detail) in sorted(want.items()):
        status_got, detail_got = got.get(test_id, ("missing", ""))
        check(status_got == status and detail in detail_got,
              "%s: %s containing '%s' (got %s: %s)"
              % (test_id, status, detail, status_got, detail_got))
    check(len(got) == len(want), "the report has one line per test")

    with open(written) as f:
        text = f.read()
    passing = sorted(t for t, (s, _) in want.items() if s == "pass")
    check(text == onnx_conformance.EXPECT_HEADER +
          "".join(t + "\n" for t in passing),
          "--write-expect writes the header and the passing tests, sorted")
    leftovers = [p for p in os.listdir(work) if p.startswith("aotc-onnx")]
    check(not leftovers, "no work folder is left behind")


def check_decoding():
    for dtype in (np.float32, np.float64, np.float16, np.int8, np.uint8,
                  np.int16, np.uint16, np.int32, np.int64, np.uint32,
                  np.uint64, np.bool_):
        a = (np.arange(6) % 3 - 1).reshape(2, 3)
        a = (a > 0) if dtype == np.bool_ else a.astype(dtype)
        if dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
            a = np.abs(a.astype(np.int64)).astype(dtype)
        raw = numpy_helper.from_array(a)
        typed = helper.make_tensor("t", raw.data_type, a.shape,
                                   a.flatten().tolist())
        for name, proto in (("raw_data", raw), ("typed fields", typed)):
            t = onnx_run.tensor_from_proto(proto)
            check(t.array.dtype == np.dtype(dtype) and
                  t.array.tobytes() == a.tobytes() and t.shape == (2, 3),
                  "%s from %s" % (np.dtype(dtype).name, name))
    scalar = onnx_run.tensor_from_proto(numpy_helper.from_array(
        np.array(2.5, dtype=np.float32)))
    check(scalar.shape == () and float(scalar.array) == 2.5, "rank 0")
    bf16 = onnx_run.tensor_from_proto(TensorProto(
        dims=[2], data_type=16, raw_data=b"\x80\x3f\x00\xc0"))
    check(bf16.values().tolist() == [1.0, -2.0], "bfloat16 bit patterns")
    # Low-precision types: packed bytes (raw or one per int32_data entry)
    # unpacked to codes, decoded by their tables.
    for proto in (TensorProto(dims=[3], data_type=22, raw_data=b"\x9f\x07"),
                  TensorProto(dims=[3], data_type=22,
                              int32_data=[0x9f, 0x07])):
        i4 = onnx_run.tensor_from_proto(proto)
        check(i4.values().tolist() == [-1, -7, 7] and i4.nbytes == 2 and
              i4.tobytes() == b"\x9f\x07", "int4, packed")
    f8 = onnx_run.tensor_from_proto(TensorProto(
        dims=[3], data_type=17, int32_data=[0x38, 0xC0, 0x7F]))
    v = f8.values()
    check(v[0] == 1.0 and v[1] == -2.0 and np.isnan(v[2]),
          "float8e4m3fn codes")
    for proto, error, what in (
            (TensorProto(dims=[1], data_type=14, raw_data=b"\0" * 8),
             onnx_run.UnsupportedDtype, "COMPLEX64 is unsupported"),
            (TensorProto(dims=[3], data_type=22, raw_data=b"\0"),
             onnx_run.BadData, "int4 of the wrong packed size is bad data"),
            (TensorProto(dims=[3], data_type=1, raw_data=b"\0" * 8),
             onnx_run.BadData, "raw_data of the wrong size is bad data"),
            (TensorProto(dims=[3], data_type=1, float_data=[1.0]),
             onnx_run.BadData, "too few typed values are bad data")):
        try:
            onnx_run.tensor_from_proto(proto)
            check(False, what)
        except error:
            check(True, what)


def check_compare():
    def cmp(got, want, **kw):
        g = np.asarray(got, dtype=np.float32)
        return onnx_run.compare(0, g.tobytes(), onnx_run.Tensor.from_numpy(
            np.asarray(want, dtype=np.float32)), **kw)
    check(cmp([1.0009], [1.0]) is None, "within rtol 1e-3")
    check(cmp([1.0011], [1.0]) is not None, "beyond rtol 1e-3")
    check(cmp([0.9e-7], [0.0]) is None and cmp([3e-7], [0.0]) is not None,
          "atol 1e-7")
    check(cmp([math.nan, math.inf], [math.nan, math.inf]) is None,
          "NaN equals NaN, inf equals inf")
    check(cmp([math.inf], [-math.inf]) is not None, "inf differs from -inf")
    ints = onnx_run.Tensor.from_numpy(np.array([3, 4], dtype=np.int32))
    check(onnx_run.compare(0, np.array([3, 5], np.int32).tobytes(), ints)
          == "output 0: 1 of 2 elements differ, max abs error 1, max rel "
             "error 0.25", "integers compare exactly")
    check("bytes" in onnx_run.compare(0, b"\0" * 4, ints),
          "a size mismatch is reported")


def main(argv):
    args, work = onnx_run.parse_check_args(__doc__, argv)
    os.environ["TMPDIR"] = work  # where the driver makes its work folders
    check_decoding()
    check_compare()
    check_driver(work, os.path.abspath(args.aotc), args.cc)
    if FAILURES:
        print("onnx_conformance_selftest: %d check(s) failed"
              % len(FAILURES), file=sys.stderr)
        return 1
    print("onnx_conformance_selftest: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
