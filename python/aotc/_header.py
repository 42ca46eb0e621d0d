"""Reads the signature out of a header aotc generated.

The header (lib/Driver/HeaderEmitter.cpp; docs/architecture.md, "The header
ABI") declares, for NAME:

    #define NAME_NUM_INPUTS  N
    #define NAME_NUM_OUTPUTS M
    #define NAME_TEMP_BYTES  T
    static const size_t NAME_INPUT_BYTES[] = { ... };
    static const char *const NAME_INPUT_NAMES[] = { "x", ... };
    static const char *const NAME_INPUT_DTYPES[] = { "f32", ... };
    #define NAME_INPUT_0_RANK 2
    static const int64_t NAME_INPUT_0_SHAPE[] = { 1, 8 };
    ... and the same for OUTPUT, and for a bounded output (its extent known
    only at run time) #define NAME_OUTPUT_0_SHAPE_OUTPUT k, the output that
    receives its actual shape.

Names are C string literals: `"` and `\\` are escaped with a backslash and
every other byte that is not printable ASCII is written as an octal escape.
"""

import re


class HeaderError(Exception):
    """The header does not have the form this module reads."""


class RawTensor:
    """One tensor of the header: kind ('input'/'output'), index, name, dtype
    name as the header writes it ('f32', 'i1', 'bf16', ...), shape, bytes."""

    def __init__(self, kind, index, name, dtype, shape, nbytes,
                 shape_output=None):
        self.kind = kind
        self.index = index
        self.name = name
        self.dtype = dtype
        self.shape = tuple(shape)
        self.nbytes = nbytes
        # A bounded output: the index of the output holding its actual shape.
        self.shape_output = shape_output


class RawSignature:
    def __init__(self, name, inputs, outputs, temp_bytes, has_parallel):
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.temp_bytes = temp_bytes
        self.has_parallel = has_parallel


_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"', re.S)


def _decode_c_string(body):
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in "01234567":
            j = i + 1
            while j < len(body) and j < i + 4 and body[j] in "01234567":
                j += 1
            out.append(int(body[i + 1:j], 8) & 0xFF)
            i = j
        elif nxt == "x":
            j = i + 2
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(body[i + 2:j], 16) & 0xFF)
            i = j
        else:
            out += {"n": b"\n", "t": b"\t", "r": b"\r", "0": b"\0"}.get(
                nxt, nxt.encode("utf-8"))
            i += 2
    return out.decode("utf-8", "replace")


def _initializer(text, array):
    """The text between the braces of `... array[] = { ... };`, reading
    string literals whole (a name may hold a brace)."""
    m = re.search(r"\b%s\[\]\s*=\s*\{" % re.escape(array), text)
    if not m:
        raise HeaderError("the header lacks %s" % array)
    i = m.end()
    start = i
    while i < len(text):
        c = text[i]
        if c == '"':
            s = _STRING.match(text, i)
            if not s:
                raise HeaderError("unterminated string in %s" % array)
            i = s.end()
        elif c == "}":
            return text[start:i]
        else:
            i += 1
    raise HeaderError("unterminated initializer of %s" % array)


def _define(text, macro):
    m = re.search(r"^#define\s+%s\s+(\d+)" % re.escape(macro), text, re.M)
    if not m:
        raise HeaderError("the header lacks %s" % macro)
    return int(m.group(1))


def _numbers(body):
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    return [int(v) for v in body.replace(",", " ").split()]


def parse_header(text, name):
    """The RawSignature of graph NAME in the header text."""
    tensors = {}
    for kind in ("INPUT", "OUTPUT"):
        count = _define(text, "%s_NUM_%sS" % (name, kind))
        items = []
        if count:
            sizes = _numbers(_initializer(text, "%s_%s_BYTES" % (name, kind)))
            names = [_decode_c_string(s) for s in _STRING.findall(
                _initializer(text, "%s_%s_NAMES" % (name, kind)))]
            dtypes = [_decode_c_string(s) for s in _STRING.findall(
                _initializer(text, "%s_%s_DTYPES" % (name, kind)))]
            if not (len(sizes) == len(names) == len(dtypes) == count):
                raise HeaderError("the header's %s arrays do not have %d "
                                  "entries" % (kind.lower(), count))
            for i in range(count):
                prefix = "%s_%s_%d" % (name, kind, i)
                rank = _define(text, prefix + "_RANK")
                shape = _numbers(_initializer(text, prefix + "_SHAPE")) \
                    if rank else []
                if len(shape) != rank:
                    raise HeaderError("%s_SHAPE does not have %d dimensions"
                                      % (prefix, rank))
                bounded = re.search(r"^#define\s+%s_SHAPE_OUTPUT\s+(\d+)"
                                    % re.escape(prefix), text, re.M)
                items.append(RawTensor(kind.lower(), i, names[i], dtypes[i],
                                       shape, sizes[i],
                                       int(bounded.group(1)) if bounded
                                       else None))
        tensors[kind] = items
    temp = _define(text, "%s_TEMP_BYTES" % name)
    has_parallel = re.search(r"\bint\s+%s_run_parallel\s*\(" % re.escape(name),
                             text) is not None
    if re.search(r"\b%s_run_on_stream\b" % re.escape(name), text):
        raise HeaderError("the graph was compiled for CUDA (--target cuda); "
                          "the Python package runs CPU graphs only")
    return RawSignature(name, tensors["INPUT"], tensors["OUTPUT"], temp,
                        has_parallel)
