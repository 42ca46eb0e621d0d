#!/usr/bin/python3
"""Run ONNX's backend conformance tests through aotc and report per test.

Each test is a folder ``SUITE/TEST/`` holding ``model.onnx`` and
``test_data_set_0/{input_N.pb,output_N.pb}`` (ONNX's backend test data; the
suites are ``node``, ``pytorch-converted``, ``pytorch-operator`` and
``simple``). For every test the driver

1. maps the graph's inputs that are not initializers, in order, to
   ``input_N.pb``;
2. compiles the model: ``aotc model.onnx -o W/t.o --header W/t.h --name t
   -O1``, adding ``--input-shape NAME=AxB`` for every input whose declared
   shape is unknown or symbolic (the dims come from the test's data);
3. checks the header's signature, links harness.c against the object
   (``cc -std=c99 -O0 ... -DAOTC_NAME=t -include t.h harness.c t.o -lm``)
   and runs it on the inputs as raw little-endian bytes;
4. compares every output with ``output_N.pb`` at ONNX's tolerance (rtol
   1e-3, atol 1e-7, NaN equals NaN; integers and bools exactly; shapes and
   dtypes must match),

and gives the test one status: pass, wrong (with the maximum absolute and
relative errors), unsupported (aotc's error says "unsupported", or the test
uses an element type the C contract lacks), compile-error (any other aotc
failure, with its first error line), crash (aotc or the harness died by a
signal or ran out of time) or skipped (unreadable data, or sequence,
optional or string types). Tests run in parallel in temporary folders that
are removed afterwards.

The summary counts the statuses per suite; the full report, one line per
test, goes to ``--report``. ``--expect FILE`` names the tests that must pass
(one ``SUITE/TEST`` per line, ``#`` comments): the driver then exits 1 and
names every selected one that did not, and ends with the line ``expected to
pass: N passed, N failed``. ``--write-expect FILE`` writes the tests that
passed in this run, sorted.

Exit status: 0 when every expected test passed (or no --expect), 1 when one
did not, 2 for a usage error. See docs/onnx-conformance.md.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_run  # noqa: E402
from onnx_run import Outcome  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
DEFAULT_TESTS_DIR = os.environ.get("AOTC_ONNX_TESTS",
                                   "/work/shared/onnx-tests")
# What --write-expect puts above the list.
EXPECT_HEADER = """\
# ONNX conformance tests that must pass (SUITE/TEST, one per line, sorted).
# scripts/test and scripts/onnx-conformance fail when one of them does not.
# Regenerate after a change that makes more tests pass:
#   scripts/onnx-conformance --write-expect test/ONNX/conformance-expected.txt
# and review the diff. See docs/onnx-conformance.md.
"""
SUITES = ("node", "pytorch-converted", "pytorch-operator", "simple")


class Result:
    def __init__(self, test_id, status, detail="", seconds=0.0):
        self.test_id = test_id
        self.status = status
        self.detail = detail
        self.seconds = seconds

    @property
    def suite(self):
        return self.test_id.split("/", 1)[0]


# ---------------------------------------------------------------------------
# One test
# ---------------------------------------------------------------------------


def needs_shape(value_info):
    """True when a graph input's declared shape is absent or not static."""
    tensor_type = value_info.type.tensor_type
    if not tensor_type.HasField("shape"):
        return True
    return any(not d.HasField("dim_value") or d.dim_value < 0
               for d in tensor_type.shape.dim)


def check_value_type(value_info, kind):
    """Raises Outcome unless the graph input/output is a tensor of an element
    type the C contract has."""
    which = value_info.type.WhichOneof("value")
    if which != "tensor_type":
        kinds = {"sequence_type": "a sequence", "optional_type": "an optional",
                 "map_type": "a map", "sparse_tensor_type": "a sparse tensor"}
        raise Outcome("skipped", "%s '%s' is %s" % (
            kind, value_info.name, kinds.get(which, "not a tensor")))
    code = value_info.type.tensor_type.elem_type
    if code == onnx_run.STRING:
        raise Outcome("skipped", "%s '%s' is a string tensor"
                      % (kind, value_info.name))
    if code not in onnx_run.ELEMENT_TYPES:
        raise Outcome("unsupported", "unsupported dtype %s (%s '%s'); the C "
                      "contract has no such type" % (
                          onnx_run.type_name(code), kind, value_info.name))


def read_data(path, what):
    try:
        return onnx_run.read_tensor_file(path)
    except onnx_run.UnsupportedDtype as e:
        raise Outcome("unsupported", "unsupported dtype %s (%s); the C "
                      "contract has no such type" % (e, what))
    except onnx_run.BadData as e:
        raise Outcome("skipped", "unreadable test data: %s: %s" % (what, e))


def prepare(test_dir):
    """Reads the model's signature and the test data: returns (model path,
    input Tensors, expected output Tensors, aotc shape flags)."""
    import onnx
    model_path = os.path.join(test_dir, "model.onnx")
    try:
        model = onnx.load(model_path, load_external_data=False)
    except Exception as e:  # protobuf's DecodeError, OSError
        raise Outcome("skipped", "unreadable model.onnx: %s" % e)
    graph = model.graph
    initializers = {t.name for t in graph.initializer}
    inputs = [vi for vi in graph.input if vi.name not in initializers]
    for vi in inputs:
        check_value_type(vi, "input")
    for vi in graph.output:
        check_value_type(vi, "output")

    data_dir = os.path.join(test_dir, "test_data_set_0")
    files = {}
    for kind in ("input", "output"):
        files[kind] = sorted(
            glob.glob(os.path.join(data_dir, kind + "_*.pb")),
            key=lambda p: int(re.search(r"_(\d+)\.pb$", p).group(1))
            if re.search(r"_(\d+)\.pb$", p) else -1)
    if len(files["input"]) != len(inputs) or \
            len(files["output"]) != len(graph.output):
        raise Outcome("skipped", "unreadable test data: %d input and %d "
                      "output files for %d inputs and %d outputs"
                      % (len(files["input"]), len(files["output"]),
                         len(inputs), len(graph.output)))
    values = [read_data(p, os.path.basename(p)) for p in files["input"]]
    expected = [read_data(p, os.path.basename(p)) for p in files["output"]]

    for vi, value in zip(inputs, values):
        if vi.type.tensor_type.elem_type != value.etype.code:
            raise Outcome("skipped", "unreadable test data: input '%s' is %s "
                          "in the model, %s in the data" % (
                              vi.name, onnx_run.type_name(
                                  vi.type.tensor_type.elem_type),
                              value.etype.name))
    graph_inputs = [GraphInput(vi.name, path, value, needs_shape(vi))
                    for vi, path, value in zip(inputs, files["input"], values)]
    return model_path, graph_inputs, expected


class GraphInput:
    """A graph input: its name, test data file and value, and whether its
    declared shape needs binding."""

    def __init__(self, name, path, value, needs_shape):
        self.name = name
        self.path = path
        self.value = value
        self.needs_shape = needs_shape


def compile_and_run(model, inputs, expected, work, args, deadline):
    """onnx_run.compile_and_run, freezing the inputs aotc needs the values of
    (a Reshape's shape given as a graph input) to their test data with
    --input-value, as its error asks. Returns the outputs' bytes and the
    names of the inputs frozen."""
    frozen = []
    while True:
        flags = list(args.aotc_flags)
        for i in inputs:
            if i.name in frozen:
                flags.append("--input-value=%s=%s" % (i.name, i.path))
            elif i.needs_shape:
                flags.append(onnx_run.shape_binding(i.name, i.value.shape))
        try:
            outputs = onnx_run.compile_and_run(
                model, [i.value for i in inputs if i.name not in frozen],
                expected, work, args.aotc, cc=args.cc, aotc_flags=flags,
                deadline=deadline, compile_only=args.compile_only)
            return outputs, frozen
        except Outcome as e:
            more = [name for name in e.freeze if name not in frozen and
                    name in [i.name for i in inputs]]
            if not more:
                raise
            frozen += more


# Tests whose reference data needs another tolerance than ONNX's default,
# with the reason. Matched against the test's name (without the suite).
TOLERANCES = {
    # The expected inverse DFT holds numpy's float32 FFT rounding noise
    # (1.9e-7) where the exact imaginary part is 0, which aotc computes.
    "test_dft_inverse": dict(atol=1e-6),
    "test_dft_inverse_opset19": dict(atol=1e-6),
}


def run_test(test_id, test_dir, args, work_root):
    start = time.monotonic()
    deadline = start + args.timeout
    work = tempfile.mkdtemp(prefix=test_id.replace("/", "--") + ".",
                            dir=work_root)
    status = None
    try:
        model, inputs, expected = prepare(test_dir)
        outputs, frozen = compile_and_run(model, inputs, expected, work,
                                          args, deadline)
        tolerance = TOLERANCES.get(os.path.basename(test_dir), {})
        mismatches = [] if outputs is None else [  # None: --target cuda
            p for p in (onnx_run.compare(i, raw, want, **tolerance)
                        for i, (raw, want) in
                        enumerate(zip(outputs, expected))) if p]
        status = "wrong" if mismatches else "pass"
        notes = mismatches + (["frozen with --input-value: %s"
                               % ", ".join(frozen)] if frozen else [])
        result = Result(test_id, status, "; ".join(notes))
    except Outcome as e:
        status = e.status
        # aotc's messages name the model by its full path; the id says it.
        result = Result(test_id, e.status, e.detail.replace(
            os.path.join(test_dir, "model.onnx"), "model.onnx"))
    except Exception as e:  # a bug here must not stop the other tests
        status = "crash"
        result = Result(test_id, "crash", "driver error: %s: %s"
                        % (type(e).__name__, e))
    finally:
        if not (args.keep_work and status != "pass"):
            shutil.rmtree(work, ignore_errors=True)
    result.seconds = time.monotonic() - start
    return result


# ---------------------------------------------------------------------------
# Selection, expectations, reports
# ---------------------------------------------------------------------------


def find_tests(tests_dir, suites, name_filter):
    tests = []
    for suite in suites:
        suite_dir = os.path.join(tests_dir, suite)
        if not os.path.isdir(suite_dir):
            raise SystemExit("onnx-conformance: error: no suite '%s' in %s"
                             % (suite, tests_dir))
        for name in sorted(os.listdir(suite_dir)):
            test_id = suite + "/" + name
            if os.path.isfile(os.path.join(suite_dir, name, "model.onnx")) \
                    and (not name_filter or name_filter.search(test_id)):
                tests.append((test_id, os.path.join(suite_dir, name)))
    return tests


def read_list(path):
    """Test ids of a list file: one per line, '#' starts a comment."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise SystemExit("onnx-conformance: error: cannot read %s: %s"
                         % (path, e.strerror))
    ids = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            ids.append(line)
    return ids


def summary_table(results, suites):
    columns = ("total",) + onnx_run.STATUSES
    rows = []
    for suite in list(suites) + ["all"]:
        mine = [r for r in results if suite == "all" or r.suite == suite]
        if not mine and suite != "all":
            continue
        counts = [len(mine)] + [sum(r.status == s for r in mine)
                                for s in onnx_run.STATUSES]
        rows.append([suite] + [str(c) for c in counts])
    widths = [max(len(x) for x in col) for col in zip(
        ["suite"] + list(columns), *rows)]
    lines = []
    for row in [["suite"] + list(columns)] + rows:
        lines.append("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                               for i, (cell, w) in
                               enumerate(zip(row, widths))))
    return lines


def write_report(path, results, header_lines):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    width = max([len(r.test_id) for r in results] + [4])
    with open(path, "w", encoding="utf-8") as f:
        for line in header_lines:
            f.write("# %s\n" % line)
        for r in sorted(results, key=lambda r: r.test_id):
            f.write("%-*s  %-13s %6.2fs  %s\n" % (width, r.test_id, r.status,
                                                 r.seconds, r.detail))


def main(argv):
    parser = argparse.ArgumentParser(
        prog="onnx-conformance",
        description="Compile ONNX's backend tests with aotc, run them from C "
                    "and compare with the expected outputs.")
    parser.add_argument("suites", nargs="*", metavar="SUITE",
                        help="suites to run (default: %s)" % ", ".join(SUITES))
    parser.add_argument("-k", "--filter", metavar="REGEX",
                        help="run only tests whose SUITE/TEST id matches")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="tests run in parallel (default: the CPU count)")
    parser.add_argument("--timeout", type=float, default=120, metavar="SEC",
                        help="time limit of one test (default: %(default)s)")
    parser.add_argument("--aotc", default=os.path.join(
        os.environ.get("AOTC_BUILD_DIR", os.path.join(ROOT, "build")), "bin",
        "aotc"), help="the aotc binary (default: %(default)s)")
    parser.add_argument("--aotc-arg", dest="aotc_flags", action="append",
                        metavar="FLAG", help="aotc flag for every test "
                        "(repeatable; default: -O1; write --aotc-arg=-O2)")
    parser.add_argument("--target", choices=("x86_64", "cuda"),
                        default="x86_64",
                        help="aotc's --target. For cuda every test is only "
                             "compiled and its header checked against the "
                             "test data's signature: a test passes when it "
                             "compiles (running needs a GPU; default: "
                             "%(default)s)")
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"),
                        help="C compiler for the harness (default: "
                             "%(default)s)")
    parser.add_argument("--tests-dir", default=DEFAULT_TESTS_DIR,
                        help="the test data (default: $AOTC_ONNX_TESTS or "
                             "%(default)s)")
    parser.add_argument("--report", default=os.path.join(
        ROOT, "build", "onnx-conformance", "report.txt"),
        help="where the per-test report goes (default: %(default)s)")
    parser.add_argument("--expect", metavar="FILE",
                        help="tests that must pass; exit 1 naming those that "
                             "did not")
    parser.add_argument("--only-expected", action="store_true",
                        help="run only the tests --expect lists")
    parser.add_argument("--write-expect", metavar="FILE",
                        help="write the tests that passed, sorted")
    parser.add_argument("--keep-work", metavar="DIR",
                        help="run in DIR and keep the work folders of tests "
                             "that did not pass")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every test's result as it finishes")
    args = parser.parse_args(argv)
    if args.aotc_flags is None:
        args.aotc_flags = ["-O1"]
    args.compile_only = args.target == "cuda"
    if args.compile_only:
        args.aotc_flags = args.aotc_flags + ["--target", "cuda"]
    if args.jobs < 1:
        parser.error("-j must be at least 1")
    for suite in args.suites:
        if suite not in SUITES:
            parser.error("unknown suite '%s' (expected %s)"
                         % (suite, ", ".join(SUITES)))
    suites = args.suites or list(SUITES)
    try:
        name_filter = re.compile(args.filter) if args.filter else None
    except re.error as e:
        parser.error("bad --filter: %s" % e)
    if not os.path.isfile(args.aotc) or not os.access(args.aotc, os.X_OK):
        parser.error("no aotc at %s (build it, or pass --aotc)" % args.aotc)
    if not os.path.isdir(args.tests_dir):
        parser.error("no test data at %s (set AOTC_ONNX_TESTS or pass "
                     "--tests-dir)" % args.tests_dir)
    expected = None
    if args.expect:
        expected = read_list(args.expect)
    elif args.only_expected:
        parser.error("--only-expected needs --expect")

    tests = find_tests(args.tests_dir, suites, name_filter)
    if args.only_expected:
        tests = [t for t in tests if t[0] in set(expected)]
    known = {test_id for test_id, _ in find_tests(
        args.tests_dir, [s for s in SUITES if os.path.isdir(
            os.path.join(args.tests_dir, s))], None)}
    if expected is not None:
        stale = [t for t in expected if t not in known]
        if stale:
            print("onnx-conformance: error: %s names tests that do not exist:"
                  " %s" % (args.expect, ", ".join(stale)), file=sys.stderr)
            return 2

    print("onnx-conformance: %d test(s) from %s, %d jobs, %s"
          % (len(tests), ", ".join(suites), args.jobs,
             " ".join([args.aotc] + args.aotc_flags)),
          flush=True)
    start = time.monotonic()
    if args.keep_work:
        os.makedirs(args.keep_work, exist_ok=True)
        work_root = args.keep_work
    else:
        work_root = tempfile.mkdtemp(prefix="aotc-onnx-conformance.")
    results = []
    lock = threading.Lock()
    step = max(10, len(tests) // 10)
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_test, test_id, test_dir, args,
                                   work_root)
                       for test_id, test_dir in tests]
            for future in concurrent.futures.as_completed(futures):
                r = future.result()
                with lock:
                    results.append(r)
                    done = len(results)
                if args.verbose:
                    print("%-13s %s  %s" % (r.status, r.test_id, r.detail),
                          flush=True)
                elif done % step == 0 or done == len(tests):
                    print("  [%d/%d] %.0fs" % (done, len(tests),
                                               time.monotonic() - start),
                          flush=True)
    except KeyboardInterrupt:
        print("onnx-conformance: interrupted", file=sys.stderr)
        return 130
    finally:
        if not args.keep_work:
            shutil.rmtree(work_root, ignore_errors=True)
    elapsed = time.monotonic() - start

    table = summary_table(results, suites)
    header = ["aotc ONNX conformance: %d test(s) in %.0f s (-j%d, %s)"
              % (len(results), elapsed, args.jobs,
                 " ".join(["aotc"] + args.aotc_flags))] + table
    write_report(args.report, results, header)
    print(header[0])
    for line in table:
        print("  " + line)
    print("report: %s" % args.report)

    passing = sorted(r.test_id for r in results if r.status == "pass")
    if args.write_expect:
        with open(args.write_expect, "w", encoding="utf-8") as f:
            f.write(EXPECT_HEADER + "".join(t + "\n" for t in passing))
        print("wrote %d passing tests to %s" % (len(passing),
                                                args.write_expect))
    if expected is None:
        return 0
    by_id = {r.test_id: r for r in results}
    selected = [t for t in expected if t in by_id]
    failed = [by_id[t] for t in selected if by_id[t].status != "pass"]
    for r in failed:
        print("FAIL: %s is expected to pass: %s: %s"
              % (r.test_id, r.status, r.detail))
    expected_set = set(expected)
    new = [t for t in passing if t not in expected_set]
    if new:
        print("%d tests pass that %s does not list (--write-expect adds "
              "them)" % (len(new), args.expect))
    print("expected to pass: %d passed, %d failed"
          % (len(selected) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
