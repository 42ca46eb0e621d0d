#!/usr/bin/python3
"""Compile single-node ONNX models whose ONNX backend tests are too small
to exercise them, run them from C and compare with numpy.

Used by test/Integration/CPU/onnx-node-checks.test::

    onnx_node_checks.py --aotc AOTC --work-dir DIR

Checks (one line each, exit 1 on the first mismatch):

- Det of 3x5 random 6x6 matrices, of one needing row swaps at every
  column (a permutation matrix) and of a singular one, against
  numpy.linalg.det (ONNX's tests hold two 2x2 cases);
- LSTM with sequence_lens, initial states and peepholes, bidirectional,
  against a numpy LSTM written from the ONNX spec, over 7 steps (unrolled)
  and 40 (a loop over time);
- a `for` Loop of 1500 iterations (an scf.for) with a scan output, and a
  Scan over 1200 positions read and stacked backwards;
- Loops whose condition is computed at run time (an scf.while), ending on
  their condition, on their trip count (known at compile time, or a graph
  input), at once, and with no trip count;
- ReverseSequence and TensorScatter (circular) on random data;
- Slice with steps of INT64_MIN, INT64_MAX and -3 (a step longer than the
  axis takes one element; -INT64_MIN cannot be taken), against Python's
  slicing, whose semantics ONNX's are;
- RoiAlign's max mode over two images with rois partly outside them, in
  both coordinate modes, against a numpy loop written from the spec;
- DeformConv with groups, offset groups, strides, dilations, pads and a
  mask, against a numpy loop written from the spec.

The tolerance is ONNX's backend-test one (onnx_run.ONNX_RTOL/ATOL) with an
absolute floor scaled to the values, as onnx_models.py does.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_run  # noqa: E402

ATOL_SCALE = 1e-5


def save(path, nodes, inputs, outputs, opset=22, inits=()):
    from onnx import helper
    graph = helper.make_graph(nodes, "g", inputs, outputs, list(inits))
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    with open(path, "wb") as f:
        f.write(model.SerializeToString())


def info(name, array):
    from onnx import helper, mapping
    return helper.make_tensor_value_info(
        name, mapping.NP_TYPE_TO_TENSOR_TYPE[array.dtype], array.shape)


def check(args, work, what, nodes, inputs, outputs, opset=22):
    """Compiles and runs the graph on `inputs` (name -> array) and compares
    with `outputs` (name -> array). Prints one line; returns success."""
    path = os.path.join(work, "model.onnx")
    save(path, nodes, [info(k, v) for k, v in inputs.items()],
         [info(k, v) for k, v in outputs.items()], opset)
    want = [onnx_run.Tensor.from_numpy(v) for v in outputs.values()]
    try:
        got = onnx_run.compile_and_run(
            path, [onnx_run.Tensor.from_numpy(v) for v in inputs.values()],
            want, work, args.aotc, cc=args.cc, aotc_flags=["-O1"], name="n")
    except onnx_run.Outcome as e:
        print("onnx_node_checks: FAIL: %s: %s: %s" % (what, e.status,
                                                       e.detail))
        return False
    for i, (raw, expected) in enumerate(zip(got, want)):
        atol = max(onnx_run.ONNX_ATOL,
                   ATOL_SCALE * float(np.abs(expected.array).max()))
        problem = onnx_run.compare(i, raw, expected, atol=atol)
        if problem:
            print("onnx_node_checks: FAIL: %s: %s" % (what, problem))
            return False
    print("onnx_node_checks: %s matches numpy" % what)
    return True


def det_checks(args, work, rng):
    from onnx import helper
    node = [helper.make_node("Det", ["x"], ["y"])]
    x = rng.standard_normal((3, 5, 6, 6)).astype(np.float32)
    ok = check(args, work, "Det of 3x5 6x6 matrices", node, {"x": x},
               {"y": np.linalg.det(x.astype(np.float64)).astype(np.float32)})
    perm = np.eye(7, dtype=np.float32)[[3, 0, 6, 1, 5, 2, 4]] * 2
    ok &= check(args, work, "Det of a scaled permutation matrix", node,
                {"x": perm}, {"y": np.array(np.linalg.det(perm), np.float32)})
    singular = rng.standard_normal((5, 5)).astype(np.float32)
    singular[3] = singular[1] * 2 - singular[0]
    singular[:, 2] = 0
    ok &= check(args, work, "Det of a singular matrix", node,
                {"x": singular}, {"y": np.array(0, np.float32)})
    return ok


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def lstm_reference(x, w, r, b, lens, h0, c0, p, reverse_dir):
    """ONNX LSTM (default activations) for one direction, float64."""
    seq, batch, _ = x.shape
    hidden = r.shape[-1]
    h, c = h0.copy(), c0.copy()
    y = np.zeros((seq, batch, hidden))
    wb, rb = b[:4 * hidden], b[4 * hidden:]
    steps = range(seq - 1, -1, -1) if reverse_dir else range(seq)
    for t in steps:
        gates = x[t] @ w.T + h @ r.T + wb + rb
        i, o, f, g = np.split(gates, 4, axis=1)
        i = sigmoid(i + p[:hidden] * c)
        f = sigmoid(f + p[2 * hidden:] * c)
        c_new = f * c + i * np.tanh(g)
        o = sigmoid(o + p[hidden:2 * hidden] * c_new)
        h_new = o * np.tanh(c_new)
        valid = (t < lens)[:, None]
        y[t] = np.where(valid, h_new, 0)
        h = np.where(valid, h_new, h)
        c = np.where(valid, c_new, c)
    return y, h, c


def lstm_check(args, work, rng, seq=7):
    from onnx import helper
    batch, size, hidden = 3, 5, 4
    f = np.float32
    x = rng.standard_normal((seq, batch, size)).astype(f)
    w = (rng.standard_normal((2, 4 * hidden, size)) * 0.5).astype(f)
    r = (rng.standard_normal((2, 4 * hidden, hidden)) * 0.5).astype(f)
    b = (rng.standard_normal((2, 8 * hidden)) * 0.1).astype(f)
    lens = np.array([seq, 4, 1], np.int32)
    h0 = rng.standard_normal((2, batch, hidden)).astype(f)
    c0 = rng.standard_normal((2, batch, hidden)).astype(f)
    p = (rng.standard_normal((2, 3 * hidden)) * 0.5).astype(f)
    ys, hs, cs = [], [], []
    for d in range(2):
        y, h, c = lstm_reference(*(a.astype(np.float64) for a in
                                   (x, w[d], r[d], b[d])), lens,
                                 h0[d].astype(np.float64),
                                 c0[d].astype(np.float64),
                                 p[d].astype(np.float64), d == 1)
        ys.append(y)
        hs.append(h)
        cs.append(c)
    node = [helper.make_node(
        "LSTM", ["x", "w", "r", "b", "lens", "h0", "c0", "p"],
        ["y", "y_h", "y_c"], hidden_size=hidden, direction="bidirectional")]
    inputs = dict(x=x, w=w, r=r, b=b, lens=lens, h0=h0, c0=c0, p=p)
    outputs = dict(y=np.stack(ys, 1).astype(f), y_h=np.stack(hs).astype(f),
                   y_c=np.stack(cs).astype(f))
    return check(args, work, "bidirectional LSTM over %d steps with "
                 "sequence_lens, initial states and peepholes" % seq, node,
                 inputs, outputs)


def for_loop_check(args, work, rng):
    """A `for` Loop of 1500 iterations (an scf.for: longer than aotc
    unrolls): a carried vector updated from the iteration number and an
    outer-scope value, and a scan output of each iteration's value."""
    from onnx import TensorProto, helper
    f = np.float32
    x = rng.standard_normal(4).astype(f)
    scale = rng.uniform(0.5, 1.0, 4).astype(f)
    trips = 1500
    body = helper.make_graph(
        [helper.make_node("Cast", ["i"], ["fi"], to=TensorProto.FLOAT),
         helper.make_node("Mul", ["v", "scale"], ["decayed"]),
         helper.make_node("Mul", ["fi", "step"], ["ramp"]),
         helper.make_node("Add", ["decayed", "ramp"], ["v_next"]),
         helper.make_node("Identity", ["cond"], ["cond_out"]),
         helper.make_node("Sin", ["v_next"], ["scan"])],
        "body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond", TensorProto.BOOL, []),
         helper.make_tensor_value_info("v", TensorProto.FLOAT, [4])],
        [helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
         helper.make_tensor_value_info("v_next", TensorProto.FLOAT, [4]),
         helper.make_tensor_value_info("scan", TensorProto.FLOAT, [4])])
    nodes = [
        helper.make_node("Constant", [], ["trips"],
                         value=helper.make_tensor("t", TensorProto.INT64,
                                                  [], [trips])),
        helper.make_node("Constant", [], ["step"],
                         value=helper.make_tensor("s", TensorProto.FLOAT,
                                                  [], [1e-3])),
        helper.make_node("Loop", ["trips", "", "x"], ["v_final", "scans"],
                         body=body)]
    v = x.copy()
    scans = []
    for i in range(trips):
        v = (v * scale + f(i) * f(1e-3)).astype(f)
        scans.append(np.sin(v))
    return check(args, work, "Loop of %d iterations with a scan output"
                 % trips, nodes, dict(x=x, scale=scale),
                 dict(v_final=v, scans=np.stack(scans).astype(f)))


def while_loop_check(args, work, rng, trips, go, limit, runtime_trips=False):
    """A Loop whose condition is computed at run time (an scf.while): a
    carried vector grows until its sum passes `limit` (a graph input), at
    most `trips` iterations when `trips` is given (a graph input too with
    `runtime_trips`), the first condition a graph input too; a carried
    counter gives the iterations run."""
    from onnx import TensorProto, helper
    f = np.float32
    x = rng.uniform(0.5, 1.0, 4).astype(f)
    grow = rng.uniform(1.01, 1.05, 4).astype(f)
    body = helper.make_graph(
        [helper.make_node("Mul", ["v", "grow"], ["grown"]),
         helper.make_node("Add", ["grown", "x"], ["v_next"]),
         helper.make_node("Add", ["n", "one"], ["n_next"]),
         helper.make_node("ReduceSum", ["v_next"], ["total"], keepdims=0),
         helper.make_node("Less", ["total", "limit"], ["cond_out"])],
        "body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond", TensorProto.BOOL, []),
         helper.make_tensor_value_info("v", TensorProto.FLOAT, [4]),
         helper.make_tensor_value_info("n", TensorProto.INT64, [])],
        [helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
         helper.make_tensor_value_info("v_next", TensorProto.FLOAT, [4]),
         helper.make_tensor_value_info("n_next", TensorProto.INT64, [])])
    nodes = [
        helper.make_node("Constant", [], ["one"],
                         value=helper.make_tensor("o", TensorProto.INT64,
                                                  [], [1])),
        helper.make_node("Constant", [], ["zero"],
                         value=helper.make_tensor("z", TensorProto.INT64,
                                                  [], [0]))]
    if trips is not None and not runtime_trips:
        nodes.append(helper.make_node(
            "Constant", [], ["trips"],
            value=helper.make_tensor("t", TensorProto.INT64, [], [trips])))
    nodes.append(helper.make_node(
        "Loop", ["trips" if trips is not None else "",
                 "go" if go is not None else "", "x", "zero"],
        ["v_final", "n_final"], body=body))
    v, n = x.copy(), 0
    running = go is None or go
    while running and (trips is None or n < trips):
        v = (v * grow + x).astype(f)
        n += 1
        running = v.sum(dtype=f) < limit
    what = "while Loop (%s trip count, limit %g) of %d iterations" % (
        "no" if trips is None else "a run-time" if runtime_trips else "a",
        limit, n)
    inputs = dict(x=x, grow=grow, limit=np.array(limit, f))
    if go is not None:
        inputs["go"] = np.array(go)
    if runtime_trips:
        inputs["trips"] = np.array(trips, np.int64)
    return check(args, work, what, nodes, inputs,
                 dict(v_final=v, n_final=np.array(n, np.int64)))


def long_scan_check(args, work, rng):
    """A Scan over 1200 positions (an scf.for): a state, a scan input read
    backwards and a scan output stacked backwards along axis 1."""
    from onnx import TensorProto, helper
    f = np.float32
    x = rng.standard_normal((1200, 4)).astype(f)
    s0 = rng.standard_normal(4).astype(f)
    body = helper.make_graph(
        [helper.make_node("Mul", ["s_in", "half"], ["decayed"]),
         helper.make_node("Add", ["decayed", "x_t"], ["s_out"]),
         helper.make_node("Tanh", ["s_out"], ["y_t"])],
        "body",
        [helper.make_tensor_value_info("s_in", TensorProto.FLOAT, [4]),
         helper.make_tensor_value_info("x_t", TensorProto.FLOAT, [4])],
        [helper.make_tensor_value_info("s_out", TensorProto.FLOAT, [4]),
         helper.make_tensor_value_info("y_t", TensorProto.FLOAT, [4])])
    nodes = [
        helper.make_node("Constant", [], ["half"],
                         value=helper.make_tensor("h", TensorProto.FLOAT,
                                                  [], [0.5])),
        helper.make_node("Scan", ["s0", "x"], ["s", "y"], body=body,
                         num_scan_inputs=1, scan_input_directions=[1],
                         scan_output_axes=[1], scan_output_directions=[1])]
    state = s0.copy()
    ys = []
    for t in range(1199, -1, -1):
        state = (state * f(0.5) + x[t]).astype(f)
        ys.append(np.tanh(state))
    y = np.stack(ys[::-1], 1).astype(f)
    return check(args, work, "Scan over 1200 positions, backwards in and out",
                 nodes, dict(s0=s0, x=x), dict(s=state, y=y))


def sequence_checks(args, work, rng):
    from onnx import helper
    x = rng.standard_normal((6, 4, 3)).astype(np.float32)
    lens = np.array([6, 1, 4, 0], np.int64)
    want = x.copy()
    for bi, n in enumerate(lens):
        want[:n, bi] = x[:n, bi][::-1]
    ok = check(args, work, "ReverseSequence", [helper.make_node(
        "ReverseSequence", ["x", "lens"], ["y"], batch_axis=1, time_axis=0)],
        {"x": x, "lens": lens}, {"y": want}, opset=10)
    cache = rng.standard_normal((2, 3, 8, 4)).astype(np.float32)
    update = rng.standard_normal((2, 3, 3, 4)).astype(np.float32)
    start = np.array([6, 1], np.int64)
    want = cache.copy()
    for bi in range(2):
        for j in range(3):
            want[bi, :, (start[bi] + j) % 8] = update[bi, :, j]
    ok &= check(args, work, "TensorScatter (circular)", [helper.make_node(
        "TensorScatter", ["cache", "update", "start"], ["y"],
        mode="circular")], {"cache": cache, "update": update, "start": start},
        {"y": want}, opset=24)
    return ok


def slice_checks(args, work, rng):
    from onnx import helper, numpy_helper
    x = rng.standard_normal((7, 5, 6)).astype(np.float32)
    big = np.iinfo(np.int64)
    starts = np.array([-1, 0, 5], np.int64)
    ends = np.array([big.min, big.max, -100], np.int64)
    steps = np.array([big.min, big.max, -3], np.int64)
    want = x[int(starts[0]):int(ends[0]):int(steps[0]),
             int(starts[1]):int(ends[1]):int(steps[1]),
             int(starts[2]):int(ends[2]):int(steps[2])]
    consts = [helper.make_node("Constant", [], [name],
                               value=numpy_helper.from_array(v, name))
              for name, v in (("starts", starts), ("ends", ends),
                              ("axes", np.array([0, 1, 2], np.int64)),
                              ("steps", steps))]
    return check(args, work, "Slice with steps INT64_MIN, INT64_MAX, -3",
                 consts + [helper.make_node(
                     "Slice", ["x", "starts", "ends", "axes", "steps"],
                     ["y"])], {"x": x}, {"y": np.ascontiguousarray(want)})


def roi_align_max_reference(x, rois, batch_indices, out_h, out_w, ratio,
                            half_pixel):
    """RoiAlign's max mode from ONNX's operator description and reference:
    at every sample the largest of the four bilinear corner terms w_k * v_k,
    then the largest over the cell's samples."""
    _, channels, height, width = x.shape
    y = np.zeros((len(rois), channels, out_h, out_w), np.float64)
    offset = 0.5 if half_pixel else 0.0

    def corners(c, size):
        if c < -1.0 or c > size:
            return None
        c = max(c, 0.0)
        low = int(c)
        if low >= size - 1:
            low = high = size - 1
            c = float(low)
        else:
            high = low + 1
        return low, high, 1.0 - (c - low), c - low

    for r, (x1, y1, x2, y2) in enumerate(rois.astype(np.float64)):
        x1, y1, x2, y2 = x1 - offset, y1 - offset, x2 - offset, y2 - offset
        w, h = x2 - x1, y2 - y1
        if not half_pixel:
            w, h = max(w, 1.0), max(h, 1.0)
        image = x[batch_indices[r]].astype(np.float64)
        for oh in range(out_h):
            for ow in range(out_w):
                best = None
                for iy in range(ratio):
                    for ix in range(ratio):
                        cy = y1 + oh * h / out_h + (iy + 0.5) * h / out_h / ratio
                        cx = x1 + ow * w / out_w + (ix + 0.5) * w / out_w / ratio
                        ky, kx = corners(cy, height), corners(cx, width)
                        if ky is None or kx is None:
                            val = np.zeros(channels)
                        else:
                            yl, yh, wyl, wyh = ky
                            xl, xh, wxl, wxh = kx
                            val = np.max([wyl * wxl * image[:, yl, xl],
                                          wyl * wxh * image[:, yl, xh],
                                          wyh * wxl * image[:, yh, xl],
                                          wyh * wxh * image[:, yh, xh]],
                                         axis=0)
                        best = val if best is None else np.maximum(best, val)
                y[r, :, oh, ow] = best
    return y.astype(np.float32)


def roi_align_checks(args, work, rng):
    """RoiAlign's max mode on random images (ONNX's backend test holds one
    roi per image of one batch): rois across two images, partly outside the
    image, both coordinate modes."""
    from onnx import helper
    x = rng.uniform(-1, 2, size=(2, 3, 9, 11)).astype(np.float32)
    rois = np.array([[0.5, 1.0, 6.0, 7.5], [-3.0, -2.0, 4.0, 5.0],
                     [7.0, 4.0, 13.0, 11.0], [2.0, 2.0, 2.2, 2.4]],
                    np.float32)
    batch_indices = np.array([1, 0, 1, 0], np.int64)
    ok = True
    for mode, ratio in (("half_pixel", 2), ("output_half_pixel", 3)):
        want = roi_align_max_reference(x, rois, batch_indices, 3, 4, ratio,
                                       mode == "half_pixel")
        ok &= check(args, work, "RoiAlign max mode, %s, sampling_ratio %d"
                    % (mode, ratio),
                    [helper.make_node("RoiAlign", ["x", "rois", "b"], ["y"],
                                      mode="max", output_height=3,
                                      output_width=4, sampling_ratio=ratio,
                                      coordinate_transformation_mode=mode)],
                    {"x": x, "rois": rois, "b": batch_indices}, {"y": want})
    return ok


def deform_conv_reference(x, w, offset, bias, mask, group, offset_group,
                          strides, dilations, pads):
    """DeformConv from ONNX's operator description: tap (a, b) of output
    (i, j) reads x bilinearly (corners outside the image are zero) at
    (top + i * stride + a * dilation + dy, left + j * stride + b * dilation
    + dx), times the mask, times the weight."""
    n, channels, height, width = x.shape
    m, per_group, kh, kw = w.shape
    oh, ow = offset.shape[2:]
    off = offset.reshape(n, offset_group, kh, kw, 2, oh, ow)
    msk = mask.reshape(n, offset_group, kh, kw, oh, ow)

    def read(img, yy, xx):
        y0, x0 = int(np.floor(yy)), int(np.floor(xx))
        total = 0.0
        for cy, wy in ((y0, 1 - (yy - y0)), (y0 + 1, yy - y0)):
            for cx, wx in ((x0, 1 - (xx - x0)), (x0 + 1, xx - x0)):
                if 0 <= cy < height and 0 <= cx < width:
                    total += wy * wx * img[cy, cx]
        return total

    y = np.zeros((n, m, oh, ow), np.float64)
    for b in range(n):
        for o in range(m):
            g = o // (m // group)
            for ci in range(per_group):
                c = g * per_group + ci
                og = c // (channels // offset_group)
                img = x[b, c].astype(np.float64)
                for i in range(oh):
                    for j in range(ow):
                        for a in range(kh):
                            for bb in range(kw):
                                yy = (-pads[0] + i * strides[0] +
                                      a * dilations[0] + off[b, og, a, bb, 0, i, j])
                                xx = (-pads[1] + j * strides[1] +
                                      bb * dilations[1] + off[b, og, a, bb, 1, i, j])
                                y[b, o, i, j] += (w[o, ci, a, bb] *
                                                  msk[b, og, a, bb, i, j] *
                                                  read(img, yy, xx))
            y[b, o] += bias[o]
    return y.astype(np.float32)


def deform_conv_checks(args, work, rng):
    """DeformConv with two groups, two offset groups, a stride, a dilation,
    asymmetric pads and a mask, on offsets that reach outside the image
    (ONNX's backend tests have one group)."""
    from onnx import helper
    x = rng.standard_normal((2, 4, 7, 8)).astype(np.float32)
    w = rng.standard_normal((6, 2, 3, 2)).astype(np.float32)
    strides, dilations, pads = [2, 1], [1, 2], [1, 0, 2, 1]
    oh = (7 + 1 + 2 - 3) // 2 + 1
    ow = (8 + 0 + 1 - 3) // 1 + 1
    offset = rng.uniform(-2.5, 2.5, size=(2, 2 * 2 * 6, oh, ow)).astype(
        np.float32)
    mask = rng.uniform(0, 1, size=(2, 2 * 6, oh, ow)).astype(np.float32)
    bias = rng.standard_normal(6).astype(np.float32)
    want = deform_conv_reference(x, w, offset, bias, mask, 2, 2, strides,
                                 dilations, pads)
    return check(args, work, "DeformConv with groups, offset groups, strides, "
                 "dilations, pads and a mask",
                 [helper.make_node("DeformConv", ["x", "w", "o", "b", "m"],
                                   ["y"], group=2, offset_group=2,
                                   strides=strides, dilations=dilations,
                                   pads=pads, kernel_shape=[3, 2])],
                 {"x": x, "w": w, "o": offset, "b": bias, "m": mask},
                 {"y": want})


def main(argv):
    args, work = onnx_run.parse_check_args(__doc__, argv)
    rng = np.random.default_rng(0)
    ok = det_checks(args, work, rng)
    ok &= lstm_check(args, work, rng)
    ok &= lstm_check(args, work, rng, seq=40)
    ok &= for_loop_check(args, work, rng)
    ok &= long_scan_check(args, work, rng)
    # Ends on its condition; on its trip count; at once; with no trip count.
    ok &= while_loop_check(args, work, rng, 100, True, 50.0)
    ok &= while_loop_check(args, work, rng, 7, True, 1e6)
    ok &= while_loop_check(args, work, rng, 100, False, 50.0)
    ok &= while_loop_check(args, work, rng, None, True, 300.0)
    ok &= while_loop_check(args, work, rng, 9, True, 1e6, runtime_trips=True)
    ok &= while_loop_check(args, work, rng, 100, True, 50.0,
                           runtime_trips=True)
    ok &= while_loop_check(args, work, rng, 6, None, 1e6, runtime_trips=True)
    ok &= sequence_checks(args, work, rng)
    ok &= slice_checks(args, work, rng)
    ok &= roi_align_checks(args, work, rng)
    ok &= deform_conv_checks(args, work, rng)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
