"""The command-line tools `aotc-run` and `aotc-benchmark`.

    aotc-run MODEL [--input [NAME=]FILE ...] [--input-dir D] [--random-inputs]
                   [--output-dir D] [--compare-to D] [--rtol R] [--atol A]
                   [--input-shape NAME=DIMS ...] [--dim NAME=SIZE|MIN..MAX ...] [--size NAME=N ...]
                   [--cpu CPU] [--aotc PATH]
                   [--work-dir W] [--threads N] [-- AOTC FLAGS...]

compiles MODEL with aotc, runs it once on the given inputs, prints each
output's dtype, shape and range, writes it to D/<output name>.npy with
--output-dir and compares it with the reference in the --compare-to folder
(D/<output name>.npy, else ONNX test data's D/output_<i>.pb), printing the
largest absolute and relative error of each output. Inputs are .npy files
or ONNX TensorProto .pb files (these need the `onnx` package), by name
(NAME=FILE) or in order (FILE); --input-dir reads D/<input name>.npy or
D/input_<i>.pb. A missing input is an error unless --random-inputs is given
(floats from a normal distribution, seeded by --seed; integers zero,
booleans false: safe as indices). The shapes of ONNX inputs given as files
are bound with --input-shape unless given explicitly, or unless a --dim
gives a range: that dimension's size is then chosen per run, by --size
NAME=N, the input files, or else the range's minimum. Exit status: 0 when
every output matches (or nothing was compared), 1 on a mismatch, 2 on any
other error (usage, inputs, compilation).

    aotc-benchmark MODEL [--repetitions N] [--warmup N] [--threads N] [--json FILE]
                   [--input [NAME=]FILE ...]
                   [--input-shape NAME=DIMS ...] [--dim NAME=SIZE|MIN..MAX ...] [--size NAME=N ...]
                   [--cpu CPU] [--aotc PATH]
                   [--work-dir W] [-- AOTC FLAGS...]

compiles MODEL, runs it --warmup times (default 5), then times
--repetitions calls (default 50) of NAME_run (on the calling thread; with
--threads N, NAME_run_parallel on aotc's pool of N workers; fixed input and
output buffers) and prints
the median, 10th and 90th percentiles, minimum, maximum, mean and standard
deviation in milliseconds (--json FILE writes them and every time as JSON
too; '-' prints only the JSON), with a warning on stderr when the times
spread by more than 10% or the load average says other work competes.
Inputs not given are random as with aotc-run --random-inputs.

Everything after `--` goes to aotc as it is (e.g. `-- -O3 --no-fusion`).
MODEL may also be a model built already: libNAME.so with NAME.h and
NAME.json beside it (what --work-dir and the build cache hold), which runs
without aotc.

Both tools keep each build in a cache and reuse it when the same model file
(and the files beside it), aotc executable and options come again, so the
second run of a command starts at once. The cache is $AOTC_CACHE_DIR, else
$XDG_CACHE_HOME/aotc, else ~/.cache/aotc; deleting it clears it.
--no-cache (or AOTC_NO_CACHE=1) compiles anyway; --work-dir builds there
instead.
"""

import argparse
import os
import re
import statistics
import sys
import time

import numpy as np

from . import _compile, _model
from ._metadata import HeaderError
from ._pool import PoolError
from ._onnx_types import ELEMENT_TYPES, graph_element_types

EXIT_MISMATCH = 1
EXIT_ERROR = 2


class ToolError(Exception):
    """An error the tool reports in one line and exits 2 for."""


def _split_passthrough(argv):
    if "--" in argv:
        i = argv.index("--")
        return argv[:i], argv[i + 1:]
    return argv, []


def _common_arguments(parser):
    parser.add_argument("model", help="the graph: an ONNX model (.onnx) or a "
                        "tg .mlir module; or a model built already: "
                        "libNAME.so with NAME.h and NAME.json beside it "
                        "(aotc.compile's work_dir, the build cache)")
    parser.add_argument("--input", "-i", action="append", default=[],
                        metavar="[NAME=]FILE",
                        help="an input as .npy or ONNX TensorProto .pb; "
                        "without NAME= the inputs are taken in order "
                        "(repeatable)")
    parser.add_argument("--input-shape", action="append", default=[],
                        metavar="NAME=DIMS",
                        help="bind an ONNX input's dynamic dimensions, e.g. "
                        "input=1x3x224x224 (aotc --input-shape; repeatable)")
    parser.add_argument("--dim", action="append", default=[],
                        metavar="NAME=SIZE",
                        help="bind a symbolic ONNX dimension in every input "
                        "that uses it, e.g. batch=1, or give it a range, "
                        "batch=1..64, and choose the size per run with "
                        "--size (aotc --dim; repeatable)")
    parser.add_argument("--size", action="append", default=[],
                        metavar="NAME=N",
                        help="the size of a dimension compiled with a range "
                        "(--dim NAME=MIN..MAX) for this run; default: what "
                        "the input files show, else its minimum (repeatable)")
    parser.add_argument("--cpu", help="aotc --cpu (default: aotc's, "
                        "x86-64-v3); 'native' for this machine")
    parser.add_argument("--aotc", help="the aotc executable (default: $AOTC, "
                        "then PATH, then next to this package)")
    parser.add_argument("--work-dir", help="keep the object, header and "
                        "shared library here (the build cache is not used)")
    parser.add_argument("--no-cache", action="store_true",
                        help="compile even when the build cache holds this "
                        "build (the cache: $AOTC_CACHE_DIR, else "
                        "$XDG_CACHE_HOME/aotc, else ~/.cache/aotc; delete "
                        "that folder to clear it)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of random inputs (default 0)")
    parser.add_argument("--threads", "-t", type=int, default=1,
                        metavar="N",
                        help="run NAME_run_parallel on N workers, this "
                        "thread included (aotc's pool, "
                        "libaotc_pool_shared.so); 1 (default) runs NAME_run "
                        "on this thread")


def _safe_file_name(name):
    """`name` usable as a file name: characters other than letters, digits,
    '.', '-' and '_' become '_'."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", name)
    return safe if safe.strip(".") else "_" + safe


def load_tensor(path):
    """A numpy array from a .npy file or a serialized ONNX TensorProto."""
    if not os.path.exists(path):
        raise ToolError("%s: no such file" % path)
    if path.endswith(".npy"):
        try:
            return np.load(path, allow_pickle=False)
        except (OSError, ValueError) as e:
            raise ToolError("%s: %s" % (path, e)) from None
    try:
        import onnx
        from onnx import numpy_helper
    except ImportError:
        raise ToolError("%s: reading a TensorProto (.pb) file needs the "
                        "`onnx` Python package; give .npy files instead"
                        % path) from None
    proto = onnx.TensorProto()
    try:
        with open(path, "rb") as f:
            proto.ParseFromString(f.read())
        return numpy_helper.to_array(proto)
    except Exception as e:  # OSError, DecodeError, unsupported types
        raise ToolError("%s: not a readable TensorProto: %s" % (path, e)) \
            from None


def _parse_input_args(values):
    """[(name or None, path)] of --input values."""
    result = []
    for value in values:
        name, sep, path = value.partition("=")
        if sep and name and os.sep not in name and not os.path.exists(value):
            result.append((name, path))
        else:
            result.append((None, value))
    return result


def _given_inputs(args):
    """({name: array}, [array]) of the --input files (and of --input-dir):
    by name, and in order. For an ONNX model the names of its inputs are
    read from the file first, so files given in order or in --input-dir
    are matched to names before compiling (and bind dynamic shapes)."""
    named = {}
    ordered = []
    for name, path in _parse_input_args(args.input):
        array = load_tensor(path)
        if name is None:
            ordered.append(array)
        elif name in named:
            raise ToolError("--input %s given twice" % name)
        else:
            named[name] = array
    if not args.model.endswith(".onnx"):
        return named, ordered  # .mlir, or a built library: checked later
    types = graph_element_types(args.model)
    order = types["input_order"]
    _check_before_compiling(args.model, types, named, ordered)
    free = [n for n in order if n not in named]
    for name, array in zip(free, ordered):
        named[name] = array
    ordered = ordered[len(free):]
    input_dir = getattr(args, "input_dir", None)
    if input_dir:
        for index, name in enumerate(order):
            if name not in named:
                array = _read_input_dir(input_dir, name, index)
                if array is not None:
                    named[name] = array
    return named, ordered


def _check_before_compiling(model, types, named, ordered):
    """Refuses, before the compile, input files the ONNX model cannot take:
    a name it has no input of, a dtype other than its input's, more files
    than inputs. (The compiled graph checks the rest: shapes, and inputs that
    --input-value removes.)"""
    order = types["input_order"]
    if not order:
        return  # not readable here: the compiled graph checks everything
    listed = ", ".join(repr(n) for n in order)
    for name in named:
        if name not in order:
            raise ToolError("--input %s: %s has no input %r; its inputs are "
                            "%s" % (name, model, name, listed))
    free = [n for n in order if n not in named]
    if len(ordered) > len(free):
        raise ToolError("%d input files given in order, but %s has %d "
                        "inputs left to fill (%s)" % (
                            len(ordered), model, len(free),
                            ", ".join(repr(n) for n in free) or "none"))
    given = dict(named)
    given.update(zip(free, ordered))
    for name, array in given.items():
        want = ELEMENT_TYPES.get(types["input"].get(name))
        if want is not None and array.dtype != np.dtype(want):
            raise ToolError("input %r: the file holds %s, the model takes %s"
                            % (name, array.dtype, want))


def _shape_flags(args, named, passthrough):
    """aotc flags binding input shapes: --input-shape options, then the
    shapes of named input files of ONNX models (not those bound already)."""
    flags = []
    bound = set()
    for value in args.input_shape:
        flags += ["--input-shape", value]
        bound.add(value.split("=", 1)[0])
    for value in args.dim:
        flags += ["--dim", value]
    for i, f in enumerate(passthrough):
        if f == "--input-shape" and i + 1 < len(passthrough):
            bound.add(passthrough[i + 1].split("=", 1)[0])
        elif f.startswith("--input-shape="):
            bound.add(f[len("--input-shape="):].split("=", 1)[0])
    # A range for a dimension (--dim batch=1..64) leaves the inputs' sizes
    # to run time.
    ranged = any(".." in value for value in args.dim)
    if not args.model.endswith(".mlir") and not ranged:
        for name, array in named.items():
            if name not in bound:
                dims = "x".join(str(d) for d in array.shape) or "scalar"
                flags += ["--input-shape", "%s=%s" % (name, dims)]
    return flags


def _load_built(args, passthrough, tool):
    """The model already built into the shared library `args.model`
    (libNAME.so, with NAME.h and NAME.json beside it, as aotc.compile's
    work_dir and the build cache hold them)."""
    folder, base = os.path.split(os.path.abspath(args.model))
    name = base[3:-3] if base.startswith("lib") else base[:-3]
    if passthrough or args.input_shape or args.dim or args.cpu:
        raise ToolError("%s is built already: aotc flags, --input-shape, "
                        "--dim and --cpu apply only to a graph" % args.model)
    try:
        model = _model.CompiledModel(args.model, os.path.join(folder,
                                                              name + ".h"),
                                     name)
    except (HeaderError, OSError) as e:
        raise ToolError("cannot load %s: %s" % (args.model, e)) from None
    print("%s: loaded %s (built already)" % (tool, args.model))
    return model


def _compile_model(args, named, passthrough, tool):
    if args.model.endswith(".so"):
        return _load_built(args, passthrough, tool)
    flags = _shape_flags(args, named, passthrough) + passthrough
    start = time.perf_counter()
    try:
        model = _compile.compile(args.model, cpu=args.cpu, flags=flags,
                                 work_dir=args.work_dir, aotc=args.aotc,
                                 name=None, cache=not args.no_cache)
    except _compile.CompileError as e:
        sys.stderr.write("%s: compiling %s failed: %s\n"
                         % (tool, args.model, e))
        if e.stderr.strip() and e.stderr.strip() != str(e):
            sys.stderr.write(e.stderr.rstrip("\n") + "\n")
        if e.command:
            sys.stderr.write("%s: command: %s\n" % (tool, " ".join(e.command)))
        raise SystemExit(EXIT_ERROR)
    except (_compile.AotcNotFoundError, HeaderError, FileNotFoundError,
            ValueError) as e:
        raise ToolError(str(e)) from None
    if model.cached:
        print("%s: %s compiled earlier, from the build cache in %s "
              "(--no-cache compiles again)"
              % (tool, args.model, os.path.dirname(model.library_path)))
    else:
        print("%s: compiled %s in %.2f s" % (tool, args.model,
                                             time.perf_counter() - start))
    return model


def random_input(spec, rng):
    """Random data for `spec`: normal floats, zero integers, false booleans."""
    if spec.header_dtype in ("f16", "f32", "f64"):
        return rng.standard_normal(spec.shape).astype(spec.dtype)
    if spec.header_dtype == "bf16":
        values = rng.standard_normal(spec.shape).astype(np.float32)
        return (values.view(np.uint32) >> 16).astype(np.uint16)
    return np.zeros(spec.shape, spec.dtype)


def _read_input_dir(folder, name, index):
    for path in (os.path.join(folder, _safe_file_name(name) + ".npy"),
                 os.path.join(folder, "input_%d.pb" % index)):
        if os.path.exists(path):
            return load_tensor(path)
    return None


def _bind(model, named, ordered, args, random_ok, tool):
    """One array per input of `model`, in order."""
    unknown = [n for n in named if n not in {s.name for s in model.inputs}]
    if unknown:
        raise ToolError("the model has no input %s (inputs: %s)" % (
            ", ".join(repr(n) for n in unknown),
            ", ".join(repr(s.name) for s in model.inputs)))
    rng = np.random.default_rng(args.seed)
    free = [s for s in model.inputs if s.name not in named]
    if len(ordered) > len(free):
        raise ToolError("%d input files given in order, but only %d inputs "
                        "are left" % (len(ordered), len(free)))
    values = dict(named)
    for spec, array in zip(free, ordered):
        values[spec.name] = array
    sizes = _run_sizes(model, values, args, tool)
    arrays = []
    for spec in model.inputs:
        spec = spec.at(sizes)
        array = values.get(spec.name)
        source = "file"
        if array is None and getattr(args, "input_dir", None):
            array = _read_input_dir(args.input_dir, spec.name, spec.index)
        if array is None:
            if not random_ok:
                raise ToolError(
                    "no data for input %r (%s): give --input %s=FILE.npy, "
                    "--input-dir, or --random-inputs"
                    % (spec.name, spec.describe(), spec.name))
            array = random_input(spec, rng)
            source = "random"
        if array.dtype != spec.dtype and spec.accepts(array.dtype):
            pass
        elif array.dtype != spec.dtype:
            raise ToolError("input %r: the file holds %s, the model takes %s"
                            % (spec.name, array.dtype.name, spec.dtype.name))
        if array.shape != spec.shape:
            raise ToolError("input %r: the file holds shape %s, the model "
                            "takes %s" % (spec.name, array.shape, spec.shape))
        print("%s: input %r %s (%s)" % (tool, spec.name, spec.describe(),
                                        source))
        arrays.append(np.ascontiguousarray(array))
    return arrays


def _run_sizes(model, values, args, tool):
    """The sizes of a model's dimensions chosen at run time (--size NAME=N,
    else what input files show, else the dimension's minimum), in the
    model's order; [] for a model of fixed shapes."""
    if not model.dims:
        if getattr(args, "size", None):
            raise ToolError("--size: the model has no dimension chosen at run "
                            "time (compile with --dim NAME=MIN..MAX)")
        return []
    given = {}
    for value in getattr(args, "size", None) or []:
        name, _, size = value.partition("=")
        if name not in model.dims or not size.isdigit():
            raise ToolError("--size %r: expected NAME=N with NAME one of %s"
                            % (value, ", ".join(map(repr, model.dims))))
        given[name] = int(size)
    names = list(model.dims)
    for spec in model.inputs:
        array = values.get(spec.name)
        if array is None or not spec.dynamic or \
                array.ndim != len(spec.shape):
            continue
        for extent, unit, k in zip(array.shape, spec._unit_shape,
                                   spec.shape_dims):
            if k >= 0 and unit and names[k] not in given:
                given[names[k]] = extent // unit
    sizes = []
    for name, (lo, hi) in model.dims.items():
        size = given.get(name, lo)
        if not lo <= size <= hi:
            raise ToolError("dimension %r is %d, outside the compiled range "
                            "%d..%d" % (name, size, lo, hi))
        sizes.append(size)
    print("%s: sizes %s" % (tool, ", ".join("%s=%d" % (n, v)
                                            for n, v in zip(names, sizes))))
    return sizes


def _summary(array):
    if array.size == 0:
        return "empty"
    if array.dtype == np.bool_:
        return "%d of %d true" % (np.count_nonzero(array), array.size)
    if array.dtype.kind == "f":
        values = array.astype(np.float64)
        finite = np.isfinite(values)
        text = "min %.6g, max %.6g, mean %.6g" % (
            values[finite].min() if finite.any() else float("nan"),
            values[finite].max() if finite.any() else float("nan"),
            values[finite].mean() if finite.any() else float("nan"))
        if not finite.all():
            text += ", %d not finite" % (array.size - np.count_nonzero(finite))
        return text
    return "min %d, max %d" % (array.min(), array.max())


def compare(got, want, rtol, atol):
    """(ok, line) comparing an output with its reference: shapes must be
    equal, floats within rtol/atol (NaN equals NaN), the rest exact."""
    want = np.asarray(want)
    if got.shape != want.shape:
        return False, "shape %s, reference %s" % (got.shape, want.shape)
    if got.size == 0:
        return True, "empty"
    floats = got.dtype.kind == "f" or want.dtype.kind == "f"
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    if floats:
        ok = np.isclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
    else:
        ok = got == want
    with np.errstate(all="ignore"):
        diff = np.abs(g - w)
        diff = np.where(np.isnan(g) & np.isnan(w), 0.0, diff)
        diff = np.nan_to_num(diff, nan=np.inf)
        rel = np.where(diff == 0, 0.0, diff / np.abs(w))
        rel = np.nan_to_num(rel, nan=np.inf)
    bad = int(ok.size - np.count_nonzero(ok))
    line = "max abs error %.3g, max rel error %.3g" % (diff.max(), rel.max())
    if bad:
        line += " (%d of %d elements differ)" % (bad, ok.size)
    return bad == 0, line


def _find_reference(folder, spec):
    for path in (os.path.join(folder, _safe_file_name(spec.name) + ".npy"),
                 os.path.join(folder, "output_%d.pb" % spec.index)):
        if os.path.exists(path):
            return path
    return None


def run_main(argv=None):
    """aotc-run: see the module docstring."""
    argv = list(sys.argv[1:] if argv is None else argv)
    argv, passthrough = _split_passthrough(argv)
    parser = argparse.ArgumentParser(
        prog="aotc-run",
        usage="aotc-run MODEL [options] [-- AOTC FLAGS...]",
        description="Compile a model with aotc, run it once on the given "
        "inputs, write its outputs as .npy and compare them with references.",
        epilog="Arguments after -- are passed to aotc. Exit status: 0 all "
        "outputs match (or nothing compared), 1 an output differs from its "
        "reference, 2 any other error.")
    _common_arguments(parser)
    parser.add_argument("--input-dir", metavar="D",
                        help="read inputs not given by --input from "
                        "D/<input name>.npy or D/input_<i>.pb")
    parser.add_argument("--random-inputs", action="store_true",
                        help="random data for inputs not given (floats "
                        "normal, integers 0, booleans false)")
    parser.add_argument("--output-dir", "-o", metavar="D",
                        help="write each output to D/<output name>.npy")
    parser.add_argument("--compare-to", metavar="D",
                        help="compare with D/<output name>.npy, else "
                        "D/output_<i>.pb (ONNX test data)")
    parser.add_argument("--rtol", type=float, default=1e-3,
                        help="relative tolerance for float outputs "
                        "(default 1e-3)")
    parser.add_argument("--atol", type=float, default=1e-5,
                        help="absolute tolerance for float outputs "
                        "(default 1e-5)")
    args = parser.parse_args(argv)
    if args.threads < 1:
        parser.error("--threads must be >= 1")
    tool = "aotc-run"
    try:
        named, ordered = _given_inputs(args)
        model = _compile_model(args, named, passthrough, tool)
        inputs = _bind(model, named, ordered, args, args.random_inputs, tool)
        outputs = _threaded(model.run, args.threads)(*inputs)
        if args.output_dir:
            os.makedirs(args.output_dir, exist_ok=True)
        failed = 0
        compared = 0
        for spec, array in zip(model.outputs, outputs):
            shown = spec.describe() if not spec.dynamic else "%s%s" % (
                spec.dtype.name, list(array.shape))
            line = "%s: output %r %s: %s" % (tool, spec.name, shown,
                                             _summary(array))
            if args.output_dir:
                path = os.path.join(args.output_dir,
                                    _safe_file_name(spec.name) + ".npy")
                np.save(path, array)
                line += " -> %s" % path
            print(line)
        if args.compare_to:
            for spec, array in zip(model.outputs, outputs):
                path = _find_reference(args.compare_to, spec)
                compared += 1
                if path is None:
                    failed += 1
                    print("%s: output %r: MISSING reference (looked for "
                          "%s.npy and output_%d.pb in %s)"
                          % (tool, spec.name, _safe_file_name(spec.name),
                             spec.index, args.compare_to))
                    continue
                ok, line = compare(array, load_tensor(path), args.rtol,
                                   args.atol)
                failed += not ok
                print("%s: output %r: %s: %s" % (tool, spec.name, line,
                                                 "ok" if ok else "MISMATCH"))
            print("%s: %d of %d outputs match (rtol %g, atol %g)"
                  % (tool, compared - failed, compared, args.rtol, args.atol))
        return EXIT_MISMATCH if failed else 0
    except ToolError as e:
        sys.stderr.write("%s: error: %s\n" % (tool, e))
        return EXIT_ERROR


def _percentile(sorted_times, fraction):
    """The `fraction` quantile of `sorted_times`, linearly interpolated."""
    position = fraction * (len(sorted_times) - 1)
    low = int(position)
    high = min(low + 1, len(sorted_times) - 1)
    return sorted_times[low] + (sorted_times[high] - sorted_times[low]) * (
        position - low)


def _statistics(times):
    ordered = sorted(times)
    mean = statistics.fmean(times)
    stdev = statistics.stdev(times) if len(times) > 1 else 0.0
    return {"median_ms": statistics.median(times),
            "p10_ms": _percentile(ordered, 0.1),
            "p90_ms": _percentile(ordered, 0.9),
            "min_ms": ordered[0], "max_ms": ordered[-1], "mean_ms": mean,
            "stddev_ms": stdev,
            "stddev_percent": 100 * stdev / mean if mean else 0.0}


# The defaults of aotc_add_library's <target>_benchmark too
# (cmake/drivers/aotc_benchmark_main.c): one benchmark, one behaviour.
DEFAULT_WARMUP = 5
DEFAULT_REPETITIONS = 50

# Past these the numbers say more about the machine than about the model.
SPREAD_WARNING_PERCENT = 10.0
LOAD_WARNING_PER_CPU = 0.5


def _reliability_warnings(stats):
    """Why the times may be unreliable: a large spread, a loaded machine."""
    warnings = []
    if stats["stddev_percent"] > SPREAD_WARNING_PERCENT:
        warnings.append("the times spread by %.0f%% (stddev over mean; more "
                        "than %.0f%%): the machine is busy or the model too "
                        "short to time; --repetitions more, or rerun"
                        % (stats["stddev_percent"], SPREAD_WARNING_PERCENT))
    try:
        load = os.getloadavg()[0]
    except OSError:
        return warnings
    cpus = os.cpu_count() or 1
    # This benchmark itself counts for one.
    if load - 1 > LOAD_WARNING_PER_CPU * cpus:
        warnings.append("the load average is %.1f on %d CPUs: other work "
                        "competes for the machine" % (load, cpus))
    return warnings


def _write_json(path, data):
    import json
    text = json.dumps(data, indent=2) + "\n"
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w") as f:
            f.write(text)
    except OSError as e:
        raise ToolError("cannot write %s: %s" % (path, e)) from None


def _threaded(function, threads):
    """`function` (CompiledModel.run or .prepare) with its `threads`
    bound, its pool errors in the tool's words."""
    def call(*inputs):
        try:
            return function(*inputs, threads=threads)
        except (PoolError, HeaderError) as e:
            raise ToolError("--threads %d: %s" % (threads, e)) from None
    return call


def benchmark_main(argv=None):
    """aotc-benchmark: see the module docstring."""
    argv = list(sys.argv[1:] if argv is None else argv)
    argv, passthrough = _split_passthrough(argv)
    parser = argparse.ArgumentParser(
        prog="aotc-benchmark",
        usage="aotc-benchmark MODEL [options] [-- AOTC FLAGS...]",
        description="Compile a model with aotc and time NAME_run: warm-up "
        "calls, then repetitions; prints median, min, max, mean and "
        "standard deviation in ms.",
        epilog="Arguments after -- are passed to aotc. Inputs not given are "
        "random (floats normal, integers 0, booleans false).")
    _common_arguments(parser)
    parser.add_argument("--repetitions", "-n", type=int,
                        default=DEFAULT_REPETITIONS,
                        help="timed calls (default %d)" % DEFAULT_REPETITIONS)
    parser.add_argument("--warmup", "-w", type=int, default=DEFAULT_WARMUP,
                        help="untimed calls first (default %d)"
                        % DEFAULT_WARMUP)
    parser.add_argument("--json", metavar="FILE",
                        help="also write the times and statistics as JSON "
                        "to FILE ('-': standard output, instead of the "
                        "text)")
    args = parser.parse_args(argv)
    tool = "aotc-benchmark"
    if args.repetitions < 1 or args.warmup < 0 or args.threads < 1:
        parser.error("--repetitions and --threads must be >= 1 and --warmup "
                     ">= 0")
    # With --json -, standard output holds the JSON alone: the progress
    # lines go to stderr.
    stdout = sys.stdout
    try:
        if args.json == "-":
            sys.stdout = sys.stderr
        named, ordered = _given_inputs(args)
        model = _compile_model(args, named, passthrough, tool)
        inputs = _bind(model, named, ordered, args, True, tool)
        sys.stdout = stdout
        call = _threaded(model.prepare, args.threads)(*inputs)
        for _ in range(args.warmup):
            call()
        times = []
        for _ in range(args.repetitions):
            start = time.perf_counter_ns()
            call()
            times.append((time.perf_counter_ns() - start) / 1e6)
        stats = _statistics(times)
        warnings = _reliability_warnings(stats)
        if args.json:
            _write_json(args.json, {
                "model": args.model, "name": model.name,
                "warmup": args.warmup, "repetitions": args.repetitions,
                "threads": args.threads, "times_ms": times, "warnings": warnings,
                **stats})
        if args.json != "-":
            print("%s: %s, %d warm-up, %d repetitions, %d thread%s"
                  % (tool, model.name, args.warmup, args.repetitions,
                     args.threads, "" if args.threads == 1 else "s"))
            print("median %.4g ms  p10 %.4g ms  p90 %.4g ms  min %.4g ms  "
                  "max %.4g ms  mean %.4g ms  stddev %.3g ms (%.1f%%)"
                  % (stats["median_ms"], stats["p10_ms"], stats["p90_ms"],
                     stats["min_ms"], stats["max_ms"], stats["mean_ms"],
                     stats["stddev_ms"], stats["stddev_percent"]))
        for warning in warnings:
            sys.stderr.write("%s: warning: %s\n" % (tool, warning))
        return 0
    except ToolError as e:
        sys.stdout = stdout
        sys.stderr.write("%s: error: %s\n" % (tool, e))
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(run_main())
