"""aotc.compile: runs the aotc executable, links its object into a shared
library with the C compiler and loads it."""

import os
import re
import shlex
import shutil
import subprocess
import tempfile

from . import _cache
from ._model import CompiledModel
from ._onnx_types import ELEMENT_TYPES, graph_element_types

_HERE = os.path.dirname(os.path.abspath(__file__))


class Error(Exception):
    """Base class of the package's own errors."""


class CompileError(Error):
    """aotc (or the C compiler linking its object) failed.

    str(error) is the first error line of the tool's output; `stderr` holds
    all of it, `command` the command line and `returncode` its exit status."""

    def __init__(self, message, stderr="", command=(), returncode=None):
        super().__init__(message)
        self.message = message
        self.stderr = stderr
        self.command = list(command)
        self.returncode = returncode


class AotcNotFoundError(Error, FileNotFoundError):
    """No aotc executable was found."""


def _is_executable(path):
    return bool(path) and os.path.isfile(path) and os.access(path, os.X_OK)


def find_aotc(aotc=None):
    """The aotc executable: `aotc` if given (a path or a name on PATH), else
    $AOTC, else `aotc` on PATH, else the aotc of the prefix this package is
    installed in (bin/aotc in the 5 folders above the package: <prefix>/bin/aotc
    of <prefix>/lib/pythonX.Y/site-packages/aotc), else build/bin/aotc of the source tree
    the package sits in. Raises AotcNotFoundError."""
    if aotc:
        found = aotc if os.sep in str(aotc) else shutil.which(aotc)
        if _is_executable(found):
            return os.path.abspath(found)
        raise AotcNotFoundError("aotc executable %r not found or not "
                                "executable" % str(aotc))
    env = os.environ.get("AOTC")
    if env:
        found = env if os.sep in env else shutil.which(env)
        if _is_executable(found):
            return os.path.abspath(found)
        raise AotcNotFoundError("$AOTC is %r, which is not an executable"
                                % env)
    found = shutil.which("aotc")
    if found:
        return os.path.abspath(found)
    # <prefix>/lib/pythonX.Y/site-packages/aotc, <prefix>/lib/python3/
    # dist-packages/aotc, Debian's pip --prefix P: P/local/lib/python3.11/
    # dist-packages/aotc, or a --target folder next to bin/.
    candidates = []
    parent = _HERE
    for _ in range(5):
        parent = os.path.dirname(parent)
        candidates.append(os.path.join(parent, "bin", "aotc"))
    source_root = os.path.dirname(os.path.dirname(_HERE))
    candidates.append(os.path.join(source_root, "build", "bin", "aotc"))
    for path in candidates:
        if _is_executable(path):
            return path
    raise AotcNotFoundError(
        "cannot find the aotc executable: pass aotc='/path/to/aotc', set "
        "$AOTC, or put aotc on PATH")


def first_error_line(text):
    """The first line of `text` that says 'error', else its first line."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines:
        if re.search(r"\berror\b", line, re.I):
            return line
    return lines[0] if lines else "(no output)"


def _dims(value):
    if isinstance(value, str):
        return value
    dims = tuple(int(d) for d in value)
    return "x".join(str(d) for d in dims) if dims else "scalar"


def _default_name(model):
    stem = os.path.splitext(os.path.basename(str(model)))[0]
    name = re.sub(r"[^A-Za-z0-9_]", "_", stem) or "model"
    if name[0].isdigit():
        name = "m_" + name
    return name


_RESERVED = ("-o", "--output", "--header", "--name", "--emit", "--metadata")


def _check_flags(flags):
    if flags is None:
        return []
    if isinstance(flags, str):
        flags = shlex.split(flags)
    flags = [str(f) for f in flags]
    for f in flags:
        key = f.split("=", 1)[0]
        if key in _RESERVED or (f.startswith("-o") and not f.startswith("-O")
                                and f != "-o" and len(f) > 2):
            raise ValueError("flags: %s is set by aotc.compile itself" % f)
    for i, f in enumerate(flags):
        if f in ("--target=cuda",) or (f == "--target" and i + 1 < len(flags)
                                       and flags[i + 1] == "cuda"):
            raise ValueError("flags: --target cuda graphs cannot be run "
                             "from Python; the package runs CPU graphs")
    return flags


def _run(command, what):
    try:
        proc = subprocess.run(command, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise CompileError("cannot run %s: %s" % (command[0], e),
                           command=command) from None
    if proc.returncode != 0:
        text = proc.stderr.decode("utf-8", "replace")
        if not text.strip():
            text = proc.stdout.decode("utf-8", "replace")
        raise CompileError(("" if what == "aotc" else what + ": ")
                           + first_error_line(text), stderr=text,
                           command=command, returncode=proc.returncode)
    return proc


def compile(model, input_shapes=None, cpu=None, name=None, flags=None,
            work_dir=None, aotc=None, cc=None, dims=None, cache=False):
    """Compiles `model` with aotc and returns a loaded CompiledModel.

    model         an ONNX file (.onnx), a tg .mlir file, or an in-memory
                  ONNX model (bytes, or anything with SerializeToString,
                  such as onnx.ModelProto)
    input_shapes  {input name: shape} binding dynamic ONNX dimensions: a
                  tuple of ints, () for a scalar, or a string like "1x3x8x8"
                  (aotc --input-shape)
    dims          {symbolic dimension: size} binding an ONNX dim_param such
                  as "batch" in every input that uses it (aotc --dim), or
                  {dimension: (min, max)} to choose its size at each run
                  (aotc --dim batch=1..64; see CompiledModel.run)
    cpu           aotc --cpu: "native", "x86-64-v3" (aotc's default), ...
    name          C prefix of the graph's symbols (default from the file
                  name); artifacts are NAME.o, NAME.h and libNAME.so
    flags         more aotc options, a list (or one shell-quoted string),
                  e.g. ["-O3", "--input-value", "shape=shape.pb"]
    work_dir      keep the artifacts in this folder (created if missing);
                  by default they go to a temporary folder that is deleted
                  once the library is loaded
    aotc          the aotc executable (default: see find_aotc)
    cc            the C compiler that links the shared library (default
                  $CC, else cc)
    cache         reuse the build of an earlier call with the same model
                  file, aotc and options, and keep this one for later calls
                  (without work_dir; see aotc._cache for the folder and the
                  key; AOTC_NO_CACHE=1 turns it off). The model's `cached`
                  says whether it came from the cache

    Raises CompileError when aotc or the link fails (str(e) is the first
    error line, e.stderr all of aotc's messages), AotcNotFoundError when
    there is no aotc."""
    flags = _check_flags(flags)
    exe = find_aotc(aotc)
    if name is None:
        name = _default_name(model if isinstance(model, (str, os.PathLike))
                             else "model")
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise ValueError("name %r is not a C identifier" % name)
    cc = cc or os.environ.get("CC") or "cc"

    arguments = ["--name", name]
    if cpu:
        arguments += ["--cpu", str(cpu)]
    for key, value in (input_shapes or {}).items():
        arguments += ["--input-shape", "%s=%s" % (key, _dims(value))]
    for key, value in (dims or {}).items():
        if isinstance(value, range):
            value = (value.start, value.stop - 1)
        if isinstance(value, (tuple, list)):
            low, high = (int(v) for v in value)
            arguments += ["--dim", "%s=%d..%d" % (key, low, high)]
        else:
            arguments += ["--dim", "%s=%d" % (key, int(value))]
    arguments += flags
    use_cache = cache and work_dir is None and not _cache.disabled()

    temp = None
    if work_dir is None:
        temp = tempfile.TemporaryDirectory(prefix="aotc-")
        out_dir = temp.name
    else:
        out_dir = os.path.abspath(str(work_dir))
        os.makedirs(out_dir, exist_ok=True)
    try:
        if isinstance(model, (str, os.PathLike)):
            model_path = os.path.abspath(os.fspath(model))
            if not os.path.exists(model_path):
                raise FileNotFoundError("model file not found: %s"
                                        % model_path)
        else:
            data = model.SerializeToString() \
                if hasattr(model, "SerializeToString") else bytes(model)
            model_path = os.path.join(out_dir, name + ".onnx")
            with open(model_path, "wb") as f:
                f.write(data)

        # A cached build, or the folder a build for the cache goes to.
        cached = building = None
        if use_cache:
            key = _cache.build_key(model_path, exe, arguments, cc)
            cached = _cache.lookup(key, name)
            if cached is None:
                out_dir = building = _cache.new_entry()
        if cached is None:
            obj = os.path.join(out_dir, name + ".o")
            header = os.path.join(out_dir, name + ".h")
            library = os.path.join(out_dir, "lib%s.so" % name)
            try:
                _run([exe, model_path, "-o", obj, "--header", header]
                     + arguments, "aotc")
                # aotc's objects are position-independent (Reloc::PIC_), so
                # they link into a shared library as they are.
                _run([cc, "-shared", "-fPIC", "-Wl,-Bsymbolic", "-o", library,
                      obj, "-lm"], "linking the shared library with %s" % cc)
            except BaseException:
                if building:
                    shutil.rmtree(building, ignore_errors=True)
                raise
            if building:
                out_dir = _cache.store(building, key)
        else:
            out_dir = cached
        header = os.path.join(out_dir, name + ".h")
        library = os.path.join(out_dir, "lib%s.so" % name)

        element_types = {}
        if not model_path.endswith(".mlir"):
            codes = graph_element_types(model_path)
            element_types = {
                kind: {n: ELEMENT_TYPES[c] for n, c in codes[kind].items()
                       if c in ELEMENT_TYPES}
                for kind in ("input", "output")}
        compiled = CompiledModel(library, header, name, element_types,
                                 work_dir=None if temp else out_dir,
                                 model=model_path)
        compiled.cached = cached is not None
        if temp is not None:
            # The model file (in-memory models) is about to go, and so are
            # the artifacts unless they are in the cache; the library stays
            # loaded.
            if not use_cache:
                compiled.library_path = compiled.header_path = None
            if not isinstance(model, (str, os.PathLike)):
                compiled.model_path = None
        return compiled
    finally:
        # The loaded library stays mapped after its file is deleted.
        if temp is not None:
            temp.cleanup()
