"""The element types of an ONNX model's graph inputs and outputs, read
straight from the protobuf wire format (no `onnx` package needed).

aotc's header writes integers signlessly (uint8 and int8 are both "i8"); the
model file says which were unsigned, so the Python package can hand back
uint8 arrays where the model produces uint8. Only these fields are read:

    ModelProto.graph = 7            GraphProto
    GraphProto.input = 11, .output = 12   ValueInfoProto
    ValueInfoProto.name = 1, .type = 2    TypeProto
    TypeProto.tensor_type = 1       TypeProto.Tensor
    TypeProto.Tensor.elem_type = 1  TensorProto.DataType (int32)

Everything else (nodes, initializers: nearly all of the file) is skipped by
its length. Any malformed input gives an empty answer: the types are a
refinement, never required.
"""

import mmap

# TensorProto.DataType codes of the types the header writes signlessly.
UNSIGNED = {2: "uint8", 4: "uint16", 12: "uint32", 13: "uint64"}
# All codes whose numpy dtype is known.
ELEMENT_TYPES = {1: "float32", 2: "uint8", 3: "int8", 4: "uint16",
                 5: "int16", 6: "int32", 7: "int64", 9: "bool",
                 10: "float16", 11: "float64", 12: "uint32", 13: "uint64"}


def _varint(buf, i):
    result = 0
    shift = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, i
        shift += 7
        if shift > 63:
            raise ValueError("varint too long")


def _fields(buf, start, end):
    """Yields (field number, wire type, value or (start, end)) of a message."""
    i = start
    while i < end:
        key, i = _varint(buf, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(buf, i)
            yield field, wire, value
        elif wire == 1:
            i += 8
        elif wire == 2:
            length, i = _varint(buf, i)
            if i + length > end:
                raise ValueError("truncated field")
            yield field, wire, (i, i + length)
            i += length
        elif wire == 5:
            i += 4
        else:
            raise ValueError("unsupported wire type %d" % wire)
    if i != end:
        raise ValueError("truncated message")


def _first(buf, span, number, wire):
    for field, w, value in _fields(buf, *span):
        if field == number and w == wire:
            return value
    return None


def _value_info(buf, span):
    name = None
    elem = None
    for field, wire, value in _fields(buf, *span):
        if field == 1 and wire == 2:
            name = bytes(buf[value[0]:value[1]]).decode("utf-8", "replace")
        elif field == 2 and wire == 2:
            tensor = _first(buf, value, 1, 2)
            if tensor is not None:
                elem = _first(buf, tensor, 1, 0)
    return name, elem


def _empty():
    return {"input": {}, "output": {}, "input_order": []}


def graph_element_types(path):
    """{'input': {name: code}, 'output': {name: code}, 'input_order':
    [name]} of the ONNX model at `path`: the element type codes of the graph
    inputs and outputs, and the names of the inputs that are not
    initializers, in order (the call order of the compiled graph, before
    --input-value removes any). Empty when the file cannot be read."""
    result = _empty()
    order = []
    initializers = set()
    try:
        with open(path, "rb") as f:
            with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
                buf = memoryview(m)
                try:
                    graph = None
                    for field, wire, value in _fields(buf, 0, len(buf)):
                        if field == 7 and wire == 2:
                            graph = value
                    if graph is None:
                        return result
                    for field, wire, value in _fields(buf, *graph):
                        if wire == 2 and field in (11, 12):
                            name, elem = _value_info(buf, value)
                            if field == 11 and name is not None:
                                order.append(name)
                            if name is not None and elem is not None:
                                kind = "input" if field == 11 else "output"
                                result[kind][name] = elem
                        elif wire == 2 and field == 5:
                            # TensorProto.name = 8
                            span = _first(buf, value, 8, 2)
                            if span is not None:
                                initializers.add(bytes(
                                    buf[span[0]:span[1]]).decode(
                                        "utf-8", "replace"))
                finally:
                    buf.release()
    except (OSError, ValueError, IndexError):
        return _empty()
    result["input_order"] = [n for n in order if n not in initializers]
    return result
