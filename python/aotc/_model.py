"""A compiled graph loaded through ctypes: its signature and `run`."""

import ctypes
import os
import threading

import numpy as np

from ._metadata import HeaderError, metadata_path, read_metadata
from ._pool import Pool

# The header's dtype names and the numpy dtypes their bytes are. bf16 has no
# numpy dtype: its elements are passed as their 16-bit patterns (uint16).
HEADER_DTYPES = {
    "f32": np.dtype(np.float32), "f64": np.dtype(np.float64),
    "f16": np.dtype(np.float16), "bf16": np.dtype(np.uint16),
    "i1": np.dtype(np.bool_), "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16), "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "ui8": np.dtype(np.uint8), "ui16": np.dtype(np.uint16),
    "ui32": np.dtype(np.uint32), "ui64": np.dtype(np.uint64),
    # ONNX's float8 types as their bit patterns, one byte per element.
    "f8E4M3FN": np.dtype(np.uint8), "f8E4M3FNUZ": np.dtype(np.uint8),
    "f8E5M2": np.dtype(np.uint8), "f8E5M2FNUZ": np.dtype(np.uint8),
    "f8E8M0FNU": np.dtype(np.uint8),
}
# 4- and 2-bit types (int4, uint4, float4e2m1, int2, uint2) travel packed as
# ONNX packs them, the first element in the low bits of a byte: such a
# tensor is a 1-D uint8 array of its bytes.
_PACKED = {"i4", "ui4", "f4E2M1FN", "i2", "ui2"}
HEADER_DTYPES.update({name: np.dtype(np.uint8) for name in _PACKED})
_UNSIGNED = {"i8": np.dtype(np.uint8), "i16": np.dtype(np.uint16),
             "i32": np.dtype(np.uint32), "i64": np.dtype(np.uint64)}

_TEMP_ALIGN = 64


class TensorSpec:
    """One input or output of a compiled graph.

    name     the graph's name for it (ONNX input/output name, or tg.name)
    index    its position in the call
    shape    a tuple of ints (() for a scalar)
    dtype    the numpy dtype of its elements (bf16: uint16 bit patterns)
    header_dtype  the dtype as the header writes it: 'f32', 'i1', 'bf16', ...
    nbytes   its size in bytes
    kind     'input' or 'output'
    shape_output  for a bounded output (NonZero, NonMaxSuppression, ...:
             its extent is known only at run time, `shape` is the largest),
             the index of the output that receives its actual shape; None
             for every other tensor

    Integer types are signless in the header; an ONNX model's own types say
    which are unsigned (uint8 and so on). Where nothing says (a .mlir graph)
    the dtype is the signed one and `run` accepts either signedness.
    """

    def __init__(self, kind, index, name, shape, dtype, header_dtype, nbytes,
                 signless=False, shape_output=None, shape_dims=None,
                 dim_names=()):
        self.shape_output = shape_output
        # A graph with dimensions chosen at run time: `shape` names them
        # ('batch', or '4*batch' where the dimension was merged with others)
        # and `at(dims)` gives the tensor at given sizes.
        self.shape_dims = shape_dims
        self._unit_shape = tuple(shape)
        if shape_dims:
            shape = tuple(
                d if k < 0 else (dim_names[k] if d == 1 else
                                 "%d*%s" % (d, dim_names[k]))
                for d, k in zip(shape, shape_dims))
            nbytes = None
        self.kind = kind
        self.index = index
        self.name = name
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.header_dtype = header_dtype
        self.nbytes = nbytes
        self.signless = signless

    @property
    def dynamic(self):
        """Whether the shape depends on dimensions chosen at run time."""
        return bool(self.shape_dims) and any(k >= 0 for k in self.shape_dims)

    def at(self, dims):
        """This tensor at the dimensions' sizes `dims` (in the model's
        order): a TensorSpec of a fixed shape (itself when it has one)."""
        if not self.dynamic:
            return self
        shape = tuple(d if k < 0 else d * dims[k]
                      for d, k in zip(self._unit_shape, self.shape_dims))
        size = int(np.prod(shape, dtype=np.int64))
        return TensorSpec(self.kind, self.index, self.name, shape,
                          self.dtype, self.header_dtype,
                          size * self.dtype.itemsize, self.signless)

    @property
    def size(self):
        """The number of elements."""
        return int(np.prod(self.shape, dtype=np.int64))

    def accepts(self, dtype):
        if dtype == self.dtype:
            return True
        return self.signless and dtype == _UNSIGNED.get(self.header_dtype)

    def describe(self):
        return "%s%s" % (self.dtype.name, list(self.shape))

    def __repr__(self):
        return "TensorSpec(%r, shape=%r, dtype=%s)" % (
            self.name, self.shape, self.dtype.name)

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and \
            (self.kind, self.index, self.name, self.shape, self.dtype) == \
            (other.kind, other.index, other.name, other.shape, other.dtype)

    def __hash__(self):
        return hash((self.kind, self.index, self.name, self.shape))


def _specs(raw_tensors, element_types, dim_names=()):
    """TensorSpecs of the header's tensors; `element_types` maps names to
    numpy dtype names the model file gives (may be empty)."""
    specs = []
    for t in raw_tensors:
        if t.dtype in _PACKED and t.shape_dims:
            raise HeaderError("%s %r: packed %s tensors with a size chosen "
                              "at run time are not supported by the Python "
                              "package" % (t.kind, t.name, t.dtype))
        if t.dtype not in HEADER_DTYPES:
            raise HeaderError("%s %r has dtype %r, which the Python package "
                              "does not know" % (t.kind, t.name, t.dtype))
        dtype = HEADER_DTYPES[t.dtype]
        signless = t.dtype in _UNSIGNED
        known = element_types.get(t.name)
        if known is not None and signless:
            want = np.dtype(known)
            if want.kind in "iu" and want.itemsize == dtype.itemsize:
                dtype = want
                signless = False
        shape = (t.nbytes,) if t.dtype in _PACKED else t.shape
        specs.append(TensorSpec(t.kind, t.index, t.name, shape, dtype,
                                t.dtype, t.nbytes, signless,
                                t.shape_output, t.shape_dims, dim_names))
    return tuple(specs)


def _label(spec):
    return "%s %r (#%d)" % (spec.kind, spec.name, spec.index)


def _check(spec, value):
    """`value` as the array passed for `spec`; raises TypeError (not an
    array, wrong dtype) or ValueError (shape, layout)."""
    if isinstance(value, np.ndarray):
        array = value
    elif isinstance(value, np.generic):
        array = np.asarray(value)
    elif spec.kind == "input" and isinstance(value, (bool, int, float, list,
                                                      tuple)):
        # Python numbers and nested lists have no dtype of their own: they
        # are converted to the input's.
        try:
            array = np.asarray(value, dtype=spec.dtype)
        except (TypeError, ValueError, OverflowError) as e:
            raise TypeError("%s: cannot convert %s to %s: %s"
                            % (_label(spec), type(value).__name__,
                               spec.dtype.name, e)) from None
    else:
        raise TypeError("%s: expected a numpy array of %s, got %s"
                        % (_label(spec), spec.describe(),
                           type(value).__name__))
    if not spec.accepts(array.dtype):
        hint = " (convert it with .astype(np.%s))" % (
            "bool_" if spec.dtype == np.bool_ else spec.dtype.name) \
            if spec.kind == "input" else ""
        raise TypeError("%s: expected dtype %s, got %s%s"
                        % (_label(spec), spec.dtype.name, array.dtype.str
                           if array.dtype.byteorder == ">" else
                           array.dtype.name, hint))
    if array.shape != spec.shape:
        raise ValueError("%s: expected shape %s, got %s"
                         % (_label(spec), spec.shape, array.shape))
    if not array.flags.c_contiguous:
        raise ValueError("%s: the array is not C-contiguous (a transposed or "
                         "strided view); pass np.ascontiguousarray(...)"
                         % _label(spec))
    if not array.flags.aligned:
        raise ValueError("%s: the array is not aligned to its element size; "
                         "pass a copy" % _label(spec))
    if spec.kind == "output" and not array.flags.writeable:
        raise ValueError("%s: the output array is read-only" % _label(spec))
    return array


def _arena(nbytes):
    """A scratch arena of `nbytes`, 64-byte aligned: (its array, its
    address), or (None, None) when nothing is needed."""
    if not nbytes:
        return None, None
    arena = np.empty(nbytes + _TEMP_ALIGN, np.uint8)
    base = arena.ctypes.data
    return arena, base + (-base) % _TEMP_ALIGN


class CompiledModel:
    """A graph aotc compiled, linked into a shared library and loaded.

    `inputs` and `outputs` are tuples of TensorSpec; `run` calls the graph.
    Made by `aotc.compile`; `CompiledModel(library, header, name)` loads a
    shared library linked from an aotc object, given the header of that
    object: the description aotc wrote beside it (NAME.json) says the
    tensors (`element_types` optionally maps tensor names to numpy dtype
    names, to give integer tensors their signedness).
    """

    def __init__(self, library, header, name, element_types=None,
                 work_dir=None, model=None):
        self.name = name
        self.library_path = os.path.abspath(library)
        self.header_path = os.path.abspath(header)
        self.work_dir = work_dir
        self.model_path = model
        # Whether aotc.compile(cache=True) found this build in the cache.
        self.cached = False
        raw = read_metadata(metadata_path(header), name)
        element_types = element_types or {}
        # Dimensions chosen at run time: {name: (min, max)}, in the order
        # NAME_run_dims takes them; empty for a graph of fixed shapes.
        self.dims = {name: (lo, hi) for name, lo, hi in raw.dims}
        names = [d[0] for d in raw.dims]
        self.inputs = _specs(raw.inputs, element_types.get("input", {}),
                             names)
        self.outputs = _specs(raw.outputs, element_types.get("output", {}),
                              names)
        self.temp_bytes = raw.temp_bytes
        self.worker_temp_bytes = raw.worker_temp_bytes
        self._by_name = {s.name: s for s in self.inputs}

        self._lib = ctypes.CDLL(self.library_path, mode=ctypes.RTLD_LOCAL)
        # A graph with dimensions chosen at run time exports NAME_run_dims:
        # NAME_run's arguments after the sizes.
        run = name + ("_run_dims" if self.dims else "_run")
        try:
            self._run = getattr(self._lib, run)
        except AttributeError:
            raise HeaderError("%s does not define %s"
                              % (library, run)) from None
        ptrs = ctypes.POINTER(ctypes.c_void_p)
        lead = [ctypes.POINTER(ctypes.c_int64)] if self.dims else []
        self._run.argtypes = lead + [ptrs, ptrs, ctypes.c_void_p]
        self._run.restype = ctypes.c_int
        self._run_parallel = getattr(self._lib, run + "_parallel", None)
        if self._run_parallel is not None:
            self._run_parallel.argtypes = lead + [ptrs, ptrs, ctypes.c_void_p,
                                                  ctypes.c_void_p]
            self._run_parallel.restype = ctypes.c_int
        self._dims_type = ctypes.c_int64 * max(1, len(self.dims))
        self._in_type = ctypes.c_void_p * max(1, len(self.inputs))
        self._out_type = ctypes.c_void_p * max(1, len(self.outputs))

        # One scratch arena per model, 64-byte aligned. A call that finds it
        # in use by another thread passes NULL and the graph mallocs its own.
        self._temp, self._temp_ptr = _arena(self.temp_bytes)
        self._temp_lock = threading.Lock()
        # Per thread count: (pool, its arena, the arena's pointer, a lock).
        self._workers = {}
        self._workers_lock = threading.Lock()

    def __repr__(self):
        return "<aotc.CompiledModel %s: (%s) -> (%s)>" % (
            self.name,
            ", ".join("%s: %s" % (s.name, s.describe()) for s in self.inputs),
            ", ".join("%s: %s" % (s.name, s.describe())
                      for s in self.outputs))

    def _bind_inputs(self, args, kwargs):
        if len(args) > len(self.inputs):
            raise TypeError("%s takes %d input(s), got %d"
                            % (self.name, len(self.inputs), len(args)))
        values = list(args) + [None] * (len(self.inputs) - len(args))
        given = [True] * len(args) + [False] * (len(self.inputs) - len(args))
        for key, value in kwargs.items():
            spec = self._by_name.get(key)
            if spec is None:
                raise TypeError("%s has no input named %r (inputs: %s)"
                                % (self.name, key, ", ".join(
                                    repr(s.name) for s in self.inputs)))
            if given[spec.index]:
                raise TypeError("input %r given twice (by position and by "
                                "name)" % key)
            values[spec.index] = value
            given[spec.index] = True
        missing = [s.name for s in self.inputs if not given[s.index]]
        if missing:
            raise TypeError("%s: missing input(s) %s" % (
                self.name, ", ".join(repr(n) for n in missing)))
        dims = self._dims_of(values)
        return dims, [_check(s.at(dims), v)
                      for s, v in zip(self.inputs, values)]

    def _dims_of(self, values):
        """The sizes of the dimensions chosen at run time, read from the
        input arrays' shapes (a list in the model's order; empty for a graph
        of fixed shapes). Raises ValueError for sizes that disagree or lie
        outside their range."""
        if not self.dims:
            return []
        names = list(self.dims)
        found = [None] * len(names)
        for spec, value in zip(self.inputs, values):
            if not spec.dynamic:
                continue
            shape = np.shape(value)
            if len(shape) != len(spec.shape):
                continue  # _check reports the rank
            for extent, unit, k in zip(shape, spec._unit_shape,
                                       spec.shape_dims):
                if k < 0:
                    continue
                size = extent // unit if unit and extent % unit == 0 else -1
                if found[k] is None:
                    found[k] = (size, spec)
                elif found[k][0] != size:
                    raise ValueError(
                        "%s and %s disagree on dimension %r (%s against %s)"
                        % (_label(found[k][1]), _label(spec), names[k],
                           found[k][0], size))
        dims = []
        for k, name in enumerate(names):
            lo, hi = self.dims[name]
            if found[k] is None:
                raise ValueError("no input gives dimension %r" % name)
            size, spec = found[k]
            if not lo <= size <= hi:
                raise ValueError(
                    "%s: dimension %r is %s, outside the compiled range "
                    "%d..%d" % (_label(spec), name, size, lo, hi))
            dims.append(size)
        return dims

    def prepare(self, *args, **kwargs):
        """Checks the inputs once and returns a call with no arguments that
        runs the graph on them into fixed output arrays and returns those
        (the same arrays every call): `run` without the per-call checks and
        allocations, for timing loops. Keywords `out` and `threads` as in
        `run`."""
        out = kwargs.pop("out", None)
        threads = kwargs.pop("threads", None)
        workers = self._workers_for(threads)
        dims, inputs = self._bind_inputs(args, kwargs)
        outputs = self._outputs(out, dims)
        in_ptrs = self._in_type(*[a.ctypes.data for a in inputs])
        out_ptrs = self._out_type(*[a.ctypes.data for a in outputs])
        sizes = self._dims_type(*dims)

        def call():
            self._call(sizes, in_ptrs, out_ptrs, workers)
            return outputs
        return call

    def _workers_for(self, threads):
        """None to run on the calling thread, else the pool of `threads`
        workers and its scratch arena (made on first use, kept)."""
        if threads is None or threads == 1:
            return None
        if not isinstance(threads, int) or isinstance(threads, bool) \
                or threads < 1:
            raise ValueError("threads must be a positive integer, got %r"
                             % (threads,))
        if self._run_parallel is None:
            raise HeaderError("%s does not define %s_run_parallel"
                              % (self.library_path, self.name))
        with self._workers_lock:
            workers = self._workers.get(threads)
            if workers is None:
                nbytes = self.temp_bytes + \
                    (threads - 1) * self.worker_temp_bytes
                if self.dims:
                    # NAME_run_dims_parallel may also run whole indices on
                    # every worker, each with an arena.
                    nbytes = max(nbytes, threads * self.temp_bytes)
                arena, pointer = _arena(nbytes)
                workers = (Pool(threads), arena, pointer, threading.Lock())
                self._workers[threads] = workers
            return workers

    def _outputs(self, out, dims):
        specs = [s.at(dims) for s in self.outputs]
        if out is None:
            return [np.empty(s.shape, s.dtype) for s in specs]
        out = list(out)
        if len(out) != len(self.outputs):
            raise TypeError("out: %s has %d output(s), got %d arrays"
                            % (self.name, len(self.outputs), len(out)))
        return [_check(s, a) for s, a in zip(specs, out)]

    def _call(self, sizes, in_ptrs, out_ptrs, workers):
        lead = (sizes,) if self.dims else ()
        if workers is None:
            lock, temp = self._temp_lock, self._temp_ptr
            run = lambda t: self._run(*lead, in_ptrs, out_ptrs, t)  # noqa
        else:
            pool, _, temp, lock = workers
            run = lambda t: self._run_parallel(  # noqa: E731
                *lead, in_ptrs, out_ptrs, t, pool.parallel)
        # A call that finds the arena in use passes NULL: the graph mallocs
        # its own.
        if lock.acquire(blocking=False):
            try:
                rc = run(temp)
            finally:
                lock.release()
        else:
            rc = run(None)
        if rc != 0:
            raise RuntimeError("%s returned %d%s" % (
                self._run.__name__, rc,
                " (the scratch arena could not be allocated)" if rc == 1 else
                " (a dimension outside its range)" if rc == 2 and self.dims
                else ""))

    def run(self, *args, out=None, threads=None, **kwargs):
        """Runs the graph and returns a list of its outputs, one numpy array
        per output in the header's order, even when there is one.

        Inputs are given in order, or by name as keywords, as numpy arrays
        of exactly the input's dtype and shape, C-contiguous (Python numbers
        and lists are converted to the input's dtype). A wrong dtype raises
        TypeError, a wrong shape or a non-contiguous array ValueError, each
        naming the input. `out`: arrays to write the outputs into (checked
        the same way), returned in the list. `threads`: run
        NAME_run_parallel on a pool of that many workers, the calling thread
        included (made on first use and kept with the model; it needs
        libaotc_pool_shared.so, see aotc._pool); None or 1 runs NAME_run on
        the calling thread.

        A graph compiled with a range for a dimension (`--dim batch=1..64`;
        `dims`) takes inputs of any size in it: the sizes come from the
        input arrays' shapes, which must agree, and the outputs have the
        shapes of those sizes.

        A bounded output (NonZero, NonMaxSuppression, TopK with a run-time
        k, ...; TensorSpec.shape_output) comes back as a view of its
        buffer cut to the actual shape, which its shape output (also in the
        list) holds."""
        workers = self._workers_for(threads)
        dims, inputs = self._bind_inputs(args, kwargs)
        outputs = self._outputs(out, dims)
        in_ptrs = self._in_type(*[a.ctypes.data for a in inputs])
        out_ptrs = self._out_type(*[a.ctypes.data for a in outputs])
        self._call(self._dims_type(*dims), in_ptrs, out_ptrs, workers)
        return self._cut_bounded(outputs)

    def _cut_bounded(self, outputs):
        """The outputs with each bounded one cut to the actual shape its
        shape output holds: a view of its buffer."""
        result = list(outputs)
        for spec in self.outputs:
            if spec.shape_output is None:
                continue
            actual = [int(d) for d in outputs[spec.shape_output]]
            result[spec.index] = outputs[spec.index][
                tuple(slice(0, d) for d in actual)]
        return result

    def run_dict(self, *args, **kwargs):
        """`run`, with the outputs in a dict keyed by output name."""
        return {s.name: a for s, a in zip(self.outputs,
                                          self.run(*args, **kwargs))}
