#!/usr/bin/python3
"""Compile ONNX Casts to and from the low-precision types (float8 e4m3fn,
e4m3fnuz, e5m2, e5m2fnuz, e8m0, float4e2m1, int4, uint4, int2, uint2),
run them from C and compare every element with a numpy reference written
from the formats' definitions.

Used by test/Integration/CPU/low-precision-casts.test::

    low_precision_casts.py --aotc AOTC --work-dir DIR

The ONNX backend tests hold a dozen values per cast; this checks thousands:
every code of every format decoded, and float32 values spread over each
format's whole range encoded: exact midpoints between neighbours (ties go
to the even code), values just past them, subnormals, the largest finite
value and beyond (saturated, or infinity/NaN without `saturate`), signed
zeros, infinities and NaN. Packed types use odd element counts, so the last
byte is half used. The reference rounds by searching the nearest
representable value, not by the compiler's arithmetic. Prints one line per
format and exits 1 on the first mismatch.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_run  # noqa: E402

# ONNX data type -> (exponent bits, mantissa bits, bias, fnuz, infinity).
FLOATS = {
    17: (4, 3, 7, False, False),
    18: (4, 3, 8, True, False),
    19: (5, 2, 15, False, True),
    20: (5, 2, 16, True, False),
    23: (2, 1, 1, False, False),
}
INTEGERS = {21: (4, False), 22: (4, True), 25: (2, False), 26: (2, True)}
E8M0 = 24


def code_values(data_type):
    """The value of every code, as float64, from the format's definition."""
    if data_type == E8M0:
        return np.array([2.0 ** (c - 127) for c in range(255)] + [np.nan])
    if data_type in INTEGERS:
        bits, signed = INTEGERS[data_type]
        v = np.arange(1 << bits, dtype=np.float64)
        if signed:
            v[v >= 1 << (bits - 1)] -= 1 << bits
        return v
    e_bits, m_bits, bias, fnuz, inf = FLOATS[data_type]
    n = 1 + e_bits + m_bits
    out = []
    for code in range(1 << n):
        m = code & ((1 << m_bits) - 1)
        e = (code >> m_bits) & ((1 << e_bits) - 1)
        v = (m / 2 ** m_bits) * 2.0 ** (1 - bias) if e == 0 else \
            (1 + m / 2 ** m_bits) * 2.0 ** (e - bias)
        top = e == (1 << e_bits) - 1
        if fnuz and code == 1 << (n - 1):
            v = np.nan
        elif inf and top:
            v = np.nan if m else np.inf
        elif n == 8 and not fnuz and not inf and top and m == (1 << m_bits) - 1:
            v = np.nan
        out.append(-v if code >> (n - 1) else v)
    return np.array(out)


def encode_reference(x, data_type, saturate):
    """Codes of float32 `x` as ONNX Cast defines them, by nearest search."""
    values = code_values(data_type)
    e_bits, m_bits, bias, fnuz, has_inf = FLOATS[data_type]
    sign_bit = 1 << (e_bits + m_bits)
    finite = [(v, c) for c, v in enumerate(values)
              if np.isfinite(v) and v >= 0 and not (c & sign_bit)]
    largest, largest_code = max(finite)
    # One step past the largest finite value (the spacing at its exponent):
    # a value rounding there overflows. Its mantissa would be 0, so even.
    step = 2.0 ** (np.floor(np.log2(largest)) - m_bits)
    candidates = sorted(finite) + [(largest + step, None)]
    nan_code = 0x80 if fnuz else 0x8 if data_type == 23 else \
        0x7E if has_inf else 0x7F
    if saturate or data_type == 23:
        overflow = largest_code
    elif has_inf:
        overflow = 0x7C
    elif fnuz:
        overflow = 0x80
    else:
        overflow = 0x7F
    out = []
    for xi in x.astype(np.float64):
        negative = np.signbit(xi)
        if np.isnan(xi):
            code = nan_code | (sign_bit if negative and not fnuz and
                               data_type != 23 else 0)
            out.append(code)
            continue
        a = abs(xi)
        best = None
        if a >= largest + step:
            candidates_here = [(largest + step, None)]
        else:
            candidates_here = candidates
        for v, c in candidates_here:
            d = abs(a - v)
            parity = 0 if c is None else c & 1
            key = (d, parity)
            if best is None or key < best[0]:
                best = (key, c)
        code = best[1]
        if code is None:
            code = overflow
            if code == 0x80 and fnuz:
                out.append(code)
                continue
        if negative and not (fnuz and code == 0):
            code |= sign_bit
        out.append(code)
    return np.array(out, np.uint8)


def encode_e8m0_reference(x, saturate):
    """float8e8m0 codes, rounding up (Cast's default round_mode)."""
    out = []
    for xi in x.astype(np.float64):
        if np.isnan(xi):
            out.append(0xFF)
            continue
        a = abs(xi)
        if a == 0:
            out.append(0)
            continue
        code = int(np.ceil(np.log2(a))) + 127 if np.isfinite(a) else 0xFF
        # log2 of a float32 rounds: settle the power of two exactly.
        if np.isfinite(a) and 2.0 ** (code - 127) < a:
            code += 1
        if np.isfinite(a) and code > 127 and 2.0 ** (code - 128) >= a:
            code -= 1
        code = max(code, 0)
        out.append(min(code, 0xFE if saturate else 0xFF))
    return np.array(out, np.uint8)


def float_inputs(data_type, rng):
    """float32 values over the format's range, with its ties and edges."""
    values = code_values(data_type)
    finite = np.unique(np.abs(values[np.isfinite(values)]))
    mids = (finite[:-1] + finite[1:]) / 2
    largest = finite[-1]
    x = np.concatenate([
        finite, mids, np.nextafter(mids.astype(np.float32), np.float32(0)),
        np.nextafter(mids.astype(np.float32), np.float32(np.inf)),
        finite[1:2] / 3, [largest * 1.03, largest * 1.2, largest * 4, 1e30],
        rng.uniform(0, largest * 1.1, 200)])
    x = np.concatenate([x, -x]).astype(np.float32)
    return np.concatenate(
        [x, np.array([0.0, -0.0, np.inf, -np.inf, np.nan], np.float32)])


def cast_model(path, in_type, out_type, count, saturate=None):
    """A model y = Cast(x, to=out_type) of `count` elements (opset 23)."""
    from onnx import helper
    attrs = {"to": out_type}
    if saturate is not None:
        attrs["saturate"] = saturate
    graph = helper.make_graph(
        [helper.make_node("Cast", ["x"], ["y"], **attrs)], "cast",
        [helper.make_tensor_value_info("x", in_type, [count])],
        [helper.make_tensor_value_info("y", out_type, [count])])
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 23)])
    model.ir_version = 8
    with open(path, "wb") as f:
        f.write(model.SerializeToString())


def run(args, work, in_type, out_type, x, want, saturate=None):
    """Compiles and runs the Cast; returns the mismatch line or None."""
    path = os.path.join(work, "model.onnx")
    cast_model(path, in_type, out_type, x.size, saturate)
    types = onnx_run.ELEMENT_TYPES
    inputs = [onnx_run.Tensor(types[in_type], x)]
    expected = [onnx_run.Tensor(types[out_type], want)]
    try:
        outputs = onnx_run.compile_and_run(
            path, inputs, expected, work, args.aotc, cc=args.cc,
            aotc_flags=["-O1"], name="c")
    except onnx_run.Outcome as e:
        return "%s: %s" % (e.status, e.detail)
    got = onnx_run.Tensor.from_bytes(types[out_type], outputs[0], want.shape)
    if types[out_type].codes is not None:
        bad = np.nonzero(got.array != expected[0].array)[0]
        if bad.size:
            i = bad[0]
            return "%d of %d codes differ; first: %r -> 0x%02x, want 0x%02x" % (
                bad.size, want.size, x[i], got.array[i], want[i])
        return None
    return onnx_run.compare(0, outputs[0], expected[0])


def main(argv):
    args, work = onnx_run.parse_check_args(__doc__, argv)
    rng = np.random.default_rng(0)
    f32 = 1
    failures = 0

    def report(what, detail, count):
        nonlocal failures
        if detail:
            failures += 1
            print("low_precision_casts: FAIL: %s: %s" % (what, detail))
        else:
            print("low_precision_casts: %s: %d elements match" % (what, count))

    names = {t: onnx_run.ELEMENT_TYPES[t].name for t in range(17, 27)}
    for data_type in sorted(FLOATS):
        # Every code decodes (an odd count for float4: 16 codes + 1).
        codes = np.arange(len(code_values(data_type)), dtype=np.uint8)
        if data_type == 23:
            codes = np.append(codes, np.uint8(5))
        want = code_values(data_type)[codes].astype(np.float32)
        report("%s -> float" % names[data_type],
               run(args, work, data_type, f32, codes, want), codes.size)
        x = float_inputs(data_type, rng)
        for saturate in (1, 0) if data_type != 23 else (1,):
            want = encode_reference(x, data_type, saturate)
            report("float -> %s (saturate %d)" % (names[data_type], saturate),
                   run(args, work, f32, data_type, x, want, saturate), x.size)
    codes = np.arange(256, dtype=np.uint8)
    report("float8e8m0 -> float",
           run(args, work, E8M0, f32, codes,
               code_values(E8M0)[codes].astype(np.float32)), codes.size)
    x = np.concatenate([2.0 ** np.arange(-127, 128, dtype=np.float64),
                        rng.uniform(0, 1e3, 300),
                        [0.0, 1.1, 3e38, np.inf, np.nan]]).astype(np.float32)
    for saturate in (1, 0):
        report("float -> float8e8m0 (saturate %d)" % saturate,
               run(args, work, f32, E8M0, x, encode_e8m0_reference(x, saturate),
                   saturate), x.size)
    for data_type, (bits, signed) in sorted(INTEGERS.items()):
        values = code_values(data_type)
        codes = np.concatenate([np.arange(1 << bits), [1, 2, 3]]).astype(
            np.uint8)  # an odd count: the last byte is partly padding
        report("%s -> float" % names[data_type],
               run(args, work, data_type, f32, codes,
                   values[codes].astype(np.float32)), codes.size)
        # Integral floats wrap to the low bits, as ONNX's reference does.
        x = np.arange(-20, 21, dtype=np.float32)
        wrapped = (x.astype(np.int64) & ((1 << bits) - 1)).astype(np.uint8)
        report("float -> %s" % names[data_type],
               run(args, work, f32, data_type, x, wrapped), x.size)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
