#!/usr/bin/env python3
"""Compile a tg graph with aotc, run it from C and compare it with numpy.

Used by lit as ``%run-graph``::

    // RUN: %run-graph %s --work-dir %t

The script compiles the test file with ``aotc FILE -o W/g.o --header W/g.h
--name g --parallel-min-work 1`` (every kernel that can be split runs as
tasks in g_run_parallel), builds the fixed C driver ``harness.c`` against that
header, the object and libaotc_pool (``cc -std=c99 -Wall -Wextra -pedantic
-Werror ... -laotc_pool -lpthread -lm``; harness.c checks g_run_parallel's
outputs bitwise against g_run's at 1, 2, 3 and 8 workers), feeds it
random inputs, and compares every output with a numpy reference written in
the test file itself. It exits 0 when everything matches, 1 when aotc, the C
compiler or the harness fails or an output differs, and 2 when the test file
or the command line is malformed. Every step is printed, so a failing lit
test shows the commands to rerun by hand.

Directives
==========

Directives are ``//`` comments of the test file whose first word is one of
the keywords below, followed by an optional selector and a colon. A comment
that starts with a keyword but is malformed is an error, not ignored.

``// REF: <python>``
    One line of the Python reference program; the REF lines of a file, in
    order, form that program, so loops and ``if`` blocks work (the one space
    after the colon is dropped, the rest of the indentation kept). It reads
    ``inp``, the list of input arrays, and assigns ``out[i]`` for every output
    ``i`` (``out`` starts as a list of ``None``). Names in scope: ``np``,
    ``math``, ``inp``, ``out`` and ``erf`` (``math.erf`` elementwise, keeping
    the float dtype; numpy has no erf). Floating-point warnings are silenced.
    Each ``out[i]`` must have exactly the output's shape and numpy dtype
    (``np.float32`` for f32, ``np.bool_`` for i1, ``np.int64`` for i64, ...):
    write ``.astype(np.int32)`` where numpy would promote. bf16, which numpy
    lacks, is float32 on the Python side: bf16 inputs arrive as float32 arrays
    holding bf16 values, and a bf16 output's float32 reference is rounded to
    bf16 (to nearest even) before the comparison. ::

        // REF: out[0] = np.maximum(inp[0] @ inp[1] + inp[2], 0)

``// INPUT <which>: <distribution>``
    How to draw the inputs selected by ``<which>``: an index, a comma
    separated list of indices (``0, 2``) or ``*`` for every input; a later
    directive overrides an earlier one for the inputs it names. Distributions:

    ``uniform(lo, hi)``
        floats in [lo, hi) (float inputs only).
    ``normal(mean, std)``
        normally distributed floats (float inputs only).
    ``int(lo, hi)``
        integers in [lo, hi], *both ends included*; for a float input, floats
        with integral values (e.g. exponents for ``pow`` of negative bases).
    ``bool(p)``
        true with probability p (0 and 1 for non-i1 inputs).
    ``choice(a, b, ...)``
        every element drawn from the listed values, so that ties and equal
        operands actually occur (``compare eq``, ``max`` of equal values).
    ``data(values)``
        exactly these values (a nested list, reshaped row-major to the input's
        shape); ``nan`` and ``inf`` may be used.

    A ``# comment`` may follow the distribution. Defaults: ``uniform(-1, 1)``
    for floats, ``int(-10, 10)`` for integers, ``bool(0.5)`` for i1. Values
    are cast to the input's dtype (floats round to nearest); an integer out
    of the dtype's range is an error. ::

        // INPUT 1: uniform(0.1, 2)      positive, for log/sqrt/rsqrt/pow
        // INPUT *: int(-100, 100)

``// TOL [<which>]: rtol=<r> atol=<a>  # <reason>``
    Overrides the tolerance of the float outputs selected by ``<which>`` (same
    syntax as for INPUT, naming outputs; none means every float output). The
    ``# reason`` is required: a loosened tolerance must say why. Defaults,
    about a few units in the last place of each format at the values tests
    use: f32 rtol=1e-5 atol=1e-6; f64 rtol=1e-10 atol=1e-12; f16 rtol=2e-3
    atol=2e-3 (f16's ulp at 1 is 9.8e-4); bf16 rtol=1.6e-2 atol=1.6e-2 (an ulp
    at 1 is 7.8e-3). Integer and i1 outputs are always compared exactly. ::

        // TOL: rtol=1e-4 atol=1e-5  # libm's erff vs math.erf in double

``// AOTC-FLAGS: <flags>``
    Extra aotc arguments, split like a shell would (``-O3 --cpu x86-64``).
    ``--aotc-arg=FLAG`` on the command line adds more.

Comparison
==========

Every output must have the reference's shape and dtype; float outputs must
then satisfy ``np.allclose(got, want, rtol, atol, equal_nan=True)`` and the
others be equal. On a mismatch the report names the output, counts the bad
elements, gives the maximum absolute and relative errors and lists the first
mismatching indices with both values. Inputs come from a
``numpy.random.default_rng`` seeded with the CRC-32 of the test file's name,
so every run of a test sees the same data (``--seed`` overrides it).

``--valgrind`` runs the harness under ``valgrind --leak-check=full
--error-exitcode=1``: the compiled graph must not leak or touch memory it
does not own.
"""

import argparse
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import zlib

import numpy as np

from harness_link import harness_link_args

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS_C = os.path.join(HERE, "harness.c")
NAME = "g"
CFLAGS = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror"]

# dtype string in the header -> numpy dtype of the bytes in memory.
STORAGE = {
    "f16": np.float16, "bf16": np.uint16, "f32": np.float32,
    "f64": np.float64, "i1": np.bool_, "i8": np.int8, "i16": np.int16,
    "i32": np.int32, "i64": np.int64,
}
# dtype string -> numpy dtype the reference works in and must produce.
REFERENCE = dict(STORAGE, bf16=np.float32)
FLOATS = ("f16", "bf16", "f32", "f64")
DEFAULT_TOL = {
    "f16": (2e-3, 2e-3),
    "bf16": (1.6e-2, 1.6e-2),
    "f32": (1e-5, 1e-6),
    "f64": (1e-10, 1e-12),
}


class TestError(Exception):
    """The test file or the command line is malformed (exit 2)."""


class Failure(Exception):
    """The compiler, the harness or a result is wrong (exit 1)."""


# ---------------------------------------------------------------------------
# bf16, which numpy lacks
# ---------------------------------------------------------------------------


def bf16_to_f32(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(values):
    """Rounds float32 values to bf16 bit patterns, to nearest even."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return np.where(np.isnan(values), 0x7FC0, rounded).astype(np.uint16)


# ---------------------------------------------------------------------------
# Directives
# ---------------------------------------------------------------------------

DIRECTIVE = re.compile(r"^\s*//\s*(REF|INPUT|TOL|AOTC-FLAGS)(?![\w-])(.*)$")


class Directives:
    def __init__(self):
        self.ref_lines = []
        self.inputs = []  # (selector, spec text, line number)
        self.tols = []  # (selector, rtol, atol, line number)
        self.flags = []


def parse_selector(text, lineno):
    """`*` -> None (all); `0, 2` -> [0, 2]."""
    text = text.strip()
    if text in ("", "*"):
        return None
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise TestError("line %d: expected an index, a list of indices or "
                        "'*' before ':', got '%s'" % (lineno, text))


def parse_directives(path):
    d = Directives()
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for lineno, line in enumerate(lines, 1):
        m = DIRECTIVE.match(line)
        if not m:
            continue
        keyword, rest = m.groups()
        head, colon, body = rest.partition(":")
        if not colon:
            raise TestError("line %d: expected '%s ...: ...', got: %s"
                            % (lineno, keyword, line.strip()))
        if keyword == "REF":
            if head.strip():
                raise TestError("line %d: REF takes no selector" % lineno)
            d.ref_lines.append(body[1:] if body.startswith(" ") else body)
        elif keyword == "INPUT":
            if not head.strip():
                raise TestError("line %d: INPUT needs an index or '*': "
                                "'// INPUT 0: uniform(0, 1)'" % lineno)
            d.inputs.append((parse_selector(head, lineno), body.strip(),
                             lineno))
        elif keyword == "TOL":
            settings, hash_, reason = body.partition("#")
            if not hash_ or not reason.strip():
                raise TestError("line %d: a TOL needs a reason after '#': "
                                "'// TOL: rtol=1e-4 atol=1e-5  # why'"
                                % lineno)
            values = {}
            for item in settings.split():
                key, eq, value = item.partition("=")
                if key not in ("rtol", "atol") or not eq:
                    raise TestError("line %d: expected rtol=<r> atol=<a>, got "
                                    "'%s'" % (lineno, item))
                try:
                    values[key] = float(value)
                except ValueError:
                    raise TestError("line %d: '%s' is not a number"
                                    % (lineno, value))
            if set(values) != {"rtol", "atol"}:
                raise TestError("line %d: a TOL sets both rtol and atol"
                                % lineno)
            d.tols.append((parse_selector(head, lineno), values["rtol"],
                           values["atol"], lineno))
        else:  # AOTC-FLAGS
            if head.strip():
                raise TestError("line %d: AOTC-FLAGS takes no selector"
                                % lineno)
            d.flags += shlex.split(body)
    if not d.ref_lines:
        raise TestError("%s has no '// REF:' lines; every graph test needs a "
                        "numpy reference" % path)
    return d


# ---------------------------------------------------------------------------
# Input distributions
# ---------------------------------------------------------------------------


class Distribution:
    """Draws `shape` values of header dtype `dtype` (a string)."""

    def __init__(self, text, draw, floats_only=False):
        self.text, self.draw, self.floats_only = text, draw, floats_only

    def sample(self, rng, shape, dtype):
        if self.floats_only and dtype not in FLOATS:
            raise TestError("%s draws floats, but the input is %s"
                            % (self.text, dtype))
        values = np.asarray(self.draw(rng, shape))
        if values.shape != tuple(shape):
            raise TestError("%s gives shape %s, the input has %s"
                            % (self.text, values.shape, tuple(shape)))
        if dtype in FLOATS:
            return values.astype(REFERENCE[dtype])
        if dtype == "i1":
            return values != 0
        info = np.iinfo(STORAGE[dtype])
        if values.dtype.kind == "f" and not np.all(np.trunc(values) ==
                                                   values):
            raise TestError("%s gives non-integers for a %s input"
                            % (self.text, dtype))
        if values.size and (values.min() < info.min or
                            values.max() > info.max):
            raise TestError("%s exceeds the range of %s" % (self.text, dtype))
        return values.astype(STORAGE[dtype])


def _uniform(lo, hi):
    return Distribution("uniform(%r, %r)" % (lo, hi),
                        lambda rng, s: rng.uniform(lo, hi, s), True)


def _normal(mean=0.0, std=1.0):
    return Distribution("normal(%r, %r)" % (mean, std),
                        lambda rng, s: rng.normal(mean, std, s), True)


def _int(lo, hi):
    return Distribution("int(%r, %r)" % (lo, hi),
                        lambda rng, s: rng.integers(lo, hi, s,
                                                    endpoint=True))


def _bool(p=0.5):
    return Distribution("bool(%r)" % p, lambda rng, s: rng.random(s) < p)


def _choice(*values):
    return Distribution("choice%r" % (values,),
                        lambda rng, s: rng.choice(np.array(values), s))


def _data(values):
    def draw(rng, shape):
        flat = np.asarray(values, dtype=np.float64).ravel()
        if flat.size != int(np.prod(shape)):
            raise TestError("data(...) has %d values, the input %d"
                            % (flat.size, int(np.prod(shape))))
        return flat.reshape(shape)
    return Distribution("data(...)", draw)


DISTRIBUTIONS = {
    "uniform": _uniform, "normal": _normal, "int": _int, "bool": _bool,
    "choice": _choice, "data": _data, "nan": math.nan, "inf": math.inf,
}


def default_distribution(dtype):
    if dtype in FLOATS:
        return _uniform(-1.0, 1.0)
    if dtype == "i1":
        return _bool(0.5)
    return _int(-10, 10)


def parse_distribution(text, lineno):
    try:
        dist = eval(text, {"__builtins__": {}}, dict(DISTRIBUTIONS))
    except Exception as e:  # the user's expression: report any error
        raise TestError("line %d: bad distribution '%s': %s"
                        % (lineno, text, e))
    if not isinstance(dist, Distribution):
        raise TestError("line %d: '%s' is not a distribution (uniform, "
                        "normal, int, bool, choice, data)" % (lineno, text))
    return dist


# ---------------------------------------------------------------------------
# The signature, from the header and the harness
# ---------------------------------------------------------------------------


class Tensor:
    def __init__(self, kind, index, nbytes, dtype, name, shape):
        self.kind, self.index, self.nbytes = kind, index, nbytes
        self.dtype, self.name, self.shape = dtype, name, tuple(shape)

    def describe(self):
        dims = "x".join(str(d) for d in self.shape) or "scalar"
        return '%s %d ("%s", %s[%s])' % (self.kind, self.index, self.name,
                                         self.dtype, dims)


def read_signature(header_text, meta_text):
    """Tensors from the harness's --meta output (bytes, dtypes and names, as
    compiled) and the header's text (ranks and shapes), cross-checked."""
    meta = [line.split() for line in meta_text.splitlines()]
    tensors = {"input": [], "output": []}
    counts = {}
    for fields in meta:
        if fields[0] in ("inputs", "outputs"):
            counts[fields[0][:-1]] = int(fields[1])
        elif fields[0] in ("input", "output"):
            kind, index = fields[0], int(fields[1])
            nbytes, dtype = int(fields[2]), fields[3]
            name = " ".join(fields[4:])
            if dtype not in STORAGE:
                raise Failure("the header gives %s %d the unknown dtype '%s'"
                              % (kind, index, dtype))
            upper = "%s_%s_%d" % (NAME, kind.upper(), index)
            rank = re.search(r"#define %s_RANK (\d+)\n" % upper, header_text)
            elements = re.search(r"#define %s_ELEMENTS (\d+)\n" % upper,
                                 header_text)
            if not rank or not elements:
                raise Failure("the header lacks %s_RANK or %s_ELEMENTS"
                              % (upper, upper))
            shape = []
            if int(rank.group(1)) > 0:
                m = re.search(r"static const int64_t %s_SHAPE\[\] = "
                              r"\{([^}]*)\};" % upper, header_text)
                if not m:
                    raise Failure("the header lacks %s_SHAPE" % upper)
                shape = [int(d) for d in m.group(1).split(",")]
            t = Tensor(kind, index, nbytes, dtype, name, shape)
            n = int(np.prod(t.shape))
            itemsize = np.dtype(STORAGE[dtype]).itemsize
            if len(shape) != int(rank.group(1)) or \
                    n != int(elements.group(1)) or nbytes != n * itemsize:
                raise Failure("the header is inconsistent for %s: rank %s, "
                              "shape %s, %s elements, %d bytes"
                              % (t.describe(), rank.group(1), shape,
                                 elements.group(1), nbytes))
            tensors[kind].append(t)
    for kind in ("input", "output"):
        if counts.get(kind) != len(tensors[kind]):
            raise Failure("harness --meta printed a malformed signature:\n"
                          + meta_text)
    return tensors["input"], tensors["output"]


# ---------------------------------------------------------------------------
# Reference and comparison
# ---------------------------------------------------------------------------


def erf(x):
    """math.erf elementwise, keeping x's float dtype."""
    x = np.asarray(x)
    return np.vectorize(math.erf, otypes=[np.float64])(x).astype(x.dtype)


def run_reference(directives, values, outputs):
    program = "\n".join(directives.ref_lines)
    scope = {"np": np, "math": math, "erf": erf,
             "inp": [v.copy() for v in values], "out": [None] * len(outputs)}
    try:
        code = compile(program, "<REF>", "exec")
        with np.errstate(all="ignore"):
            exec(code, scope)
    except Exception as e:  # the user's program: report any error
        raise TestError("the REF program failed: %s: %s\n%s"
                        % (type(e).__name__, e, program))
    if not isinstance(scope["out"], list) or \
            len(scope["out"]) != len(outputs):
        raise TestError("the REF program must assign out[0] to out[%d], not "
                        "replace or resize the list" % (len(outputs) - 1))
    results = []
    for t, want in zip(outputs, scope["out"]):
        if want is None:
            raise TestError("the REF program does not set out[%d]" % t.index)
        want = np.asarray(want)
        if want.shape != t.shape:
            raise Failure("%s has shape %s, the reference %s"
                          % (t.describe(), t.shape, want.shape))
        if want.dtype != REFERENCE[t.dtype]:
            raise TestError("the reference for %s has dtype %s; expected %s "
                            "(cast it in REF)" % (t.describe(), want.dtype,
                                                  np.dtype(REFERENCE[t.dtype])))
        results.append(want)
    return results


def tolerances(directives, outputs):
    tol = {t.index: DEFAULT_TOL.get(t.dtype) for t in outputs}
    for selector, rtol, atol, lineno in directives.tols:
        indices = selector if selector is not None else \
            [t.index for t in outputs if t.dtype in FLOATS]
        for i in indices:
            if i < 0 or i >= len(outputs):
                raise TestError("line %d: the graph has no output %d"
                                % (lineno, i))
            if outputs[i].dtype not in FLOATS:
                raise TestError("line %d: output %d is %s, compared exactly"
                                % (lineno, i, outputs[i].dtype))
            tol[i] = (rtol, atol)
    return tol


def compare(t, got, want, tol):
    """Returns a list of report lines, empty when `got` matches `want`."""
    if t.dtype == "bf16":
        got = bf16_to_f32(got)
        want = bf16_to_f32(f32_to_bf16(want))
    if t.dtype in FLOATS:
        rtol, atol = tol
        ok = np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
        header = "(rtol=%g, atol=%g)" % (rtol, atol)
    else:
        ok = got == want
        header = "(exactly)"
    ok = np.asarray(ok)
    if ok.all():
        return []
    bad = np.argwhere(~ok) if ok.ndim else np.zeros((1, 0), dtype=int)
    lines = ["%s does not match the reference %s:" % (t.describe(), header),
             "  %d of %d elements differ" % (bad.shape[0], ok.size)]
    if t.dtype != "i1":
        g64 = got.astype(np.float64)
        w64 = want.astype(np.float64)
        with np.errstate(all="ignore"):
            abs_err = np.where(ok, 0.0, np.abs(g64 - w64))
            rel_err = np.where(ok, 0.0, abs_err / np.abs(w64))
        abs_err = np.nan_to_num(abs_err, nan=np.inf)
        rel_err = np.nan_to_num(rel_err, nan=np.inf)
        for label, err in (("abs", abs_err), ("rel", rel_err)):
            at = np.unravel_index(np.argmax(err), err.shape)
            lines.append("  max %s error %.6g at %s" % (label, err[at],
                                                        list(at)))
    for index in bad[:8]:
        at = tuple(index)
        lines.append("  at %s: got %s, expected %s"
                     % (list(at), got[at], want[at]))
    if bad.shape[0] > 8:
        lines.append("  ...")
    return lines


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------


def run(cmd, what, **kwargs):
    print("$ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT,
                              universal_newlines=True, **kwargs)
    except OSError as e:
        raise Failure("cannot run %s: %s" % (cmd[0], e))
    if proc.stdout:
        print(proc.stdout, end="" if proc.stdout.endswith("\n") else "\n")
    if proc.returncode != 0:
        raise Failure("%s failed with exit code %d" % (what, proc.returncode))
    return proc.stdout


def prepare_work_dir(work):
    os.makedirs(work, exist_ok=True)
    for name in ("g.o", "g.h", "harness"):
        path = os.path.join(work, name)
        if os.path.exists(path):
            os.remove(path)
    for name in ("in", "out"):
        shutil.rmtree(os.path.join(work, name), ignore_errors=True)
        os.makedirs(os.path.join(work, name))


def main(argv):
    parser = argparse.ArgumentParser(
        description="Compile a tg graph with aotc, run it from C and compare "
                    "its outputs with the numpy reference in the file.",
        epilog="Directives: see this script's docstring.")
    parser.add_argument("test", help="the .mlir graph with REF directives")
    parser.add_argument("--aotc", required=True, help="the aotc binary")
    parser.add_argument("--cc", required=True, help="the C compiler")
    parser.add_argument("--work-dir", required=True,
                        help="where the object, header, harness and data go")
    parser.add_argument("--aotc-arg", action="append", default=[],
                        metavar="FLAG", help="an extra aotc flag (repeatable;"
                        " write --aotc-arg=-O3)")
    parser.add_argument("--valgrind", action="store_true",
                        help="run the harness under valgrind --leak-check=full")
    parser.add_argument("--seed", type=int,
                        help="RNG seed (default: CRC-32 of the file name)")
    args = parser.parse_args(argv)

    directives = parse_directives(args.test)
    work = os.path.abspath(args.work_dir)
    prepare_work_dir(work)
    obj, header = os.path.join(work, "g.o"), os.path.join(work, "g.h")
    harness = os.path.join(work, "harness")

    # Every kernel that can run as tasks does, however small, so that
    # harness.c's parallel calls exercise them.
    run([args.aotc, args.test, "-o", obj, "--header", header, "--name", NAME,
         "--parallel-min-work", "1"] + directives.flags + args.aotc_arg,
        "aotc")
    includes, libraries = harness_link_args(args.aotc)
    run([args.cc] + CFLAGS + includes + ["-DAOTC_NAME=" + NAME, "-include",
                                         header, HARNESS_C, obj] + libraries +
        ["-lm", "-o", harness], "building the harness")
    with open(header, encoding="utf-8") as f:
        header_text = f.read()
    inputs, outputs = read_signature(header_text, run([harness, "--meta"],
                                                      "harness --meta"))

    seed = args.seed if args.seed is not None else \
        zlib.crc32(os.path.basename(args.test).encode())
    rng = np.random.default_rng(seed)
    dists = [default_distribution(t.dtype) for t in inputs]
    for selector, text, lineno in directives.inputs:
        dist = parse_distribution(text, lineno)
        for i in selector if selector is not None else range(len(inputs)):
            if i < 0 or i >= len(inputs):
                raise TestError("line %d: the graph has no input %d"
                                % (lineno, i))
            dists[i] = dist
    values = []
    for t, dist in zip(inputs, dists):
        try:
            value = dist.sample(rng, t.shape, t.dtype)
        except TestError as e:
            raise TestError("%s: %s" % (t.describe(), e))
        if t.dtype == "bf16":
            bits = f32_to_bf16(value)
            value = bf16_to_f32(bits)
        else:
            bits = value
        values.append(value)
        bits.tofile(os.path.join(work, "in", "input%d.bin" % t.index))

    expected = run_reference(directives, values, outputs)
    tol = tolerances(directives, outputs)

    cmd = [harness, os.path.join(work, "in"), os.path.join(work, "out")]
    if args.valgrind:
        cmd = ["valgrind", "-q", "--leak-check=full", "--error-exitcode=1"] \
            + cmd
    run(cmd, "the harness" + (" under valgrind" if args.valgrind else ""))

    report = []
    for t, want in zip(outputs, expected):
        path = os.path.join(work, "out", "output%d.bin" % t.index)
        raw = np.fromfile(path, dtype=np.uint8)
        if raw.size != t.nbytes:
            raise Failure("%s: the harness wrote %d bytes, expected %d"
                          % (t.describe(), raw.size, t.nbytes))
        if t.dtype == "i1" and np.any(raw > 1):
            raise Failure("%s holds bytes other than 0 and 1: %s"
                          % (t.describe(), np.unique(raw).tolist()))
        got = raw.view(STORAGE[t.dtype]).reshape(t.shape)
        report += compare(t, got, want, tol[t.index])
    if report:
        raise Failure("\n".join(report))
    print("run_graph: %d output(s) match the reference (seed %d)"
          % (len(outputs), seed))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except TestError as e:
        print("run_graph: error in the test: %s" % e, file=sys.stderr)
        sys.exit(2)
    except Failure as e:
        print("run_graph: FAIL: %s" % e, file=sys.stderr)
        sys.exit(1)
