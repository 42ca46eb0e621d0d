"""Reads the description aotc writes beside a compiled graph's header.

`aotc` writes NAME.json next to NAME.h (lib/Driver/MetadataEmitter.cpp;
docs/architecture.md, "The metadata file"): the graph's inputs and outputs
(name, dtype as the header writes it, shape, bytes, and for a bounded output
the index of the output receiving its actual shape), its scratch bytes, its
entry points, and how it was compiled. The package reads that, never the C
header.
"""

import json
import os

FORMAT = "aotc-metadata"
FORMAT_VERSION = 1


class HeaderError(Exception):
    """The compiled graph's description is missing or does not have the
    form this module reads."""


class RawTensor:
    """One tensor of the description: kind ('input'/'output'), index, name,
    dtype name as the header writes it ('f32', 'i1', 'bf16', ...), shape,
    bytes."""

    def __init__(self, kind, index, name, dtype, shape, nbytes,
                 shape_output=None, shape_dims=None):
        self.kind = kind
        self.index = index
        self.name = name
        self.dtype = dtype
        self.shape = tuple(shape)
        self.nbytes = nbytes
        # A bounded output: the index of the output holding its actual shape.
        self.shape_output = shape_output
        # With dimensions chosen at run time: per axis, the index of the
        # dimension that scales it (extent = shape[a] * dims[k]), or -1.
        self.shape_dims = tuple(shape_dims) if shape_dims else None


class RawSignature:
    def __init__(self, name, inputs, outputs, temp_bytes, has_parallel,
                 worker_temp_bytes=0, dims=()):
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.temp_bytes = temp_bytes
        self.has_parallel = has_parallel
        # NAME_run_parallel's scratch per worker past the first.
        self.worker_temp_bytes = worker_temp_bytes
        # Dimensions chosen at run time: (name, min, max) in the order of
        # NAME_run_dims's `dims`; empty for a graph of fixed shapes.
        self.dims = tuple(dims)


def metadata_path(header):
    """Where aotc wrote the description of the graph whose header is
    `header`: beside it, with `.json` for its extension."""
    return os.path.splitext(header)[0] + ".json"


def _tensor(kind, index, entry, where):
    try:
        return RawTensor(kind, index, str(entry["name"]), str(entry["dtype"]),
                         [int(d) for d in entry["shape"]],
                         int(entry["bytes"]),
                         int(entry["shape_output"])
                         if "shape_output" in entry else None,
                         [int(d) for d in entry["shape_dims"]]
                         if "shape_dims" in entry else None)
    except (KeyError, TypeError, ValueError) as e:
        raise HeaderError("%s: %s %d is malformed (%s)"
                          % (where, kind, index, e)) from None


def read_metadata(path, name):
    """The RawSignature of graph NAME described in the JSON file `path`."""
    try:
        with open(path, encoding="utf-8") as f:
            meta = json.load(f)
    except FileNotFoundError:
        raise HeaderError("%s is missing: aotc writes it beside the header "
                          "(a header from an aotc older than the metadata "
                          "file? compile again)" % path) from None
    except (OSError, ValueError) as e:
        raise HeaderError("cannot read %s: %s" % (path, e)) from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise HeaderError("%s is not aotc metadata" % path)
    if meta.get("format_version", 0) > FORMAT_VERSION:
        raise HeaderError("%s has format version %s; this package reads "
                          "version %d and older" % (
                              path, meta.get("format_version"),
                              FORMAT_VERSION))
    if meta.get("name") != name:
        raise HeaderError("%s describes graph %r, not %r"
                          % (path, meta.get("name"), name))
    if meta.get("target") == "cuda":
        raise HeaderError("the graph was compiled for CUDA (--target cuda); "
                          "the Python package runs CPU graphs only")
    tensors = {}
    for kind, key in (("input", "inputs"), ("output", "outputs")):
        entries = meta.get(key)
        if not isinstance(entries, list):
            raise HeaderError("%s lacks its %s" % (path, key))
        tensors[kind] = [_tensor(kind, i, e, path)
                         for i, e in enumerate(entries)]
    functions = meta.get("functions", [])
    try:
        dims = [(str(d["name"]), int(d["min"]), int(d["max"]))
                for d in meta.get("dims", [])]
    except (KeyError, TypeError, ValueError) as e:
        raise HeaderError("%s: dims are malformed (%s)" % (path, e)) from None
    return RawSignature(name, tensors["input"], tensors["output"],
                        int(meta.get("temp_bytes", 0)),
                        name + "_run_parallel" in functions or
                        name + "_run_dims_parallel" in functions,
                        int(meta.get("temp_bytes_per_extra_worker", 0)),
                        dims)
