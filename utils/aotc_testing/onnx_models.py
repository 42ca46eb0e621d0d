#!/usr/bin/python3
"""Export a real PyTorch model to ONNX, compile it with aotc, run it from C
and compare with PyTorch.

Used by the lit tests in test/Models/ as ``%onnx-model``::

    # RUN: %onnx-model resnet18 --work-dir %t

The script builds the model with random weights (``torch.manual_seed(0)``,
eval mode, dropout off; BatchNorm statistics set from one random batch, see
``calibrate_batch_norm``), draws one input from the same seeded generator,
exports the model with ``torch.onnx.export`` to ``W/model.onnx`` (opset 14,
constants folded unless the model keeps its BatchNorms), prints the op
types the exported graph uses, computes PyTorch's output, compiles the
model with ``aotc W/model.onnx -o W/m.o --header W/m.h --name m``, links
utils/aotc_testing/harness.c against it, runs it and compares. It exits 0 when the outputs match, 1 when aotc, the C
compiler or the harness fails or an output differs, and 2 for a usage error.
Every command is printed, so a failing lit test shows how to rerun it.

``--target cuda`` compiles the model for CUDA instead (``aotc W/model.onnx
--target cuda -o W/m.o --header W/m.h --name m --dump-dir W/dump``) and runs
it on the CPU stand-in for the CUDA driver, the only way without a GPU
(run_graph_cuda.py's ``--emulate``, lit's ``%cuda-emulate-onnx-model``): the
object, header and runtime library are the real ones, harness_cuda.c drives
them, and the kernels are the CUDA pipeline's own, read from the dump of
its ``kernels`` stage (``W/dump/NN-kernels.mlir``) and compiled for the CPU
with fake_libcuda.c. The harness runs the graph twice (``m_run`` and
``m_run_on_stream``); the stand-in must have loaded the module once. The
other dumps are deleted (ResNet-18's are about 1 GB). It needs
``--aotc-opt``, ``--mlir-translate``, ``--llc``, ``--aotc-include``,
``--runtime-lib`` and ``--cuda-include``; the comparison is the same. Each
step's time is printed.

Models (``--list`` prints them):

``resnet18``
    torchvision's ResNet-18 on a 1x3x224x224 image, 1000 logits.
``resnet18_bn``
    The same network with random BatchNorm scales and shifts, exported
    with its 20 BatchNormalization nodes kept (``training=PRESERVE`` and no
    constant folding, so PyTorch does not fold them into the Convs): aotc
    folds them into the convolutions' weights itself.
``resnet50``
    torchvision's ResNet-50 on a 1x3x224x224 image, 1000 logits (for
    bench/quantized.py; no test runs it).
``conv_bn_wide``
    Conv(3 -> 1100, 3x3) + BatchNorm + ReLU + Conv(1100 -> 8, 1x1) +
    BatchNorm on a 1x3x8x8 image, BatchNorms kept as for ``resnet18_bn``:
    over 1024 channels every weight and BatchNorm vector is a
    ``dense_resource`` blob, which the folds read and write as blobs.
``mobilenet_v2``
    torchvision's MobileNetV2 on a 1x3x224x224 image, 1000 logits.
``transformer_encoder``
    ``torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dropout=0,
    batch_first=True)`` on a 1x16x64 sequence.
``transformer_layer_256``
    The same layer at d_model=256 with a 1024-wide feed-forward layer on a
    1x128x256 sequence (bench/peers.py's transformer_layer): its matmuls
    have remainder columns, which the parallel kernels must compute.
``crnn``
    An OCR recognizer in the CRNN style: three convolutions over a
    1x1x32x100 text strip, a 2-layer bidirectional LSTM over its 25
    columns, a linear layer to 37 classes (ONNX LSTM nodes).
``gru_encoder``
    A 2-layer bidirectional GRU, batch_first, on 2x20x32 (ONNX GRU nodes,
    PyTorch's linear_before_reset form).
``rnn_relu``
    A ReLU RNN over 12 steps of a batch of 3, its last hidden state.
``lstm_long``
    A 2-layer LSTM over 2000 steps of a batch of 2 (a real loop over time:
    longer than aotc ever unrolled), every output step and the last states.

Tolerance: rtol 1e-3, ONNX's own, and atol 1e-4 times the largest reference
magnitude. aotc and PyTorch sum a convolution's or matmul's
products in different orders; over ResNet-18's up to 4608-term f32 sums and
18 layers that moves results by about 1e-5 of the values being summed, so an
output that is almost zero (a logit near 0 among logits of magnitude M) can
be off by ~1e-5 M while being relatively far from its tiny reference; 1e-4 M
leaves a 10x margin and still catches any real error, which is of the order
of M.
"""

import argparse
import collections
import os
import shutil
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_run  # noqa: E402
import run_graph as rg  # noqa: E402
import run_graph_cuda as rgc  # noqa: E402

OPSET = 14
RTOL = 1e-3
ATOL_SCALE = 1e-4
NAME = "m"


def resnet18(torch):
    import torchvision
    return torchvision.models.resnet18(weights=None), (1, 3, 224, 224)


def resnet50(torch):
    import torchvision
    return torchvision.models.resnet50(weights=None), (1, 3, 224, 224)


def randomize_batch_norm_affine(torch, model):
    """Draws every BatchNorm's scale from [0.5, 1.5) and shift from
    [-0.5, 0.5): freshly initialized (1 and 0) they would fold to nothing."""
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, torch.nn.modules.batchnorm._BatchNorm):
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.5, 0.5)


def resnet18_bn(torch):
    model, shape = resnet18(torch)
    randomize_batch_norm_affine(torch, model)
    return model, shape


def conv_bn_wide(torch):
    nn = torch.nn
    model = nn.Sequential(nn.Conv2d(3, 1100, 3, padding=1),
                          nn.BatchNorm2d(1100), nn.ReLU(),
                          nn.Conv2d(1100, 8, 1), nn.BatchNorm2d(8))
    randomize_batch_norm_affine(torch, model)
    return model, (1, 3, 8, 8)


def mobilenet_v2(torch):
    import torchvision
    return torchvision.models.mobilenet_v2(weights=None), (1, 3, 224, 224)


def transformer_encoder(torch):
    layer = torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dropout=0.0,
                                             batch_first=True)
    return layer, (1, 16, 64)


def transformer_layer_256(torch):
    """bench/peers.py's transformer_layer: d=256, 4 heads, seq 128, a
    1024-wide feed-forward layer."""
    layer = torch.nn.TransformerEncoderLayer(
        d_model=256, nhead=4, dim_feedforward=1024, dropout=0.0,
        batch_first=True)
    return layer, (1, 128, 256)


def crnn(torch):
    """An OCR text-line recognizer in the CRNN style: a small CNN over a
    1x1x32x100 strip, its columns read by a 2-layer bidirectional LSTM
    (hidden 64), a linear layer to 37 classes per column."""
    nn = torch.nn

    class CRNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.cnn = nn.Sequential(
                nn.Conv2d(1, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64),
                nn.ReLU(), nn.MaxPool2d(2),
                nn.Conv2d(64, 96, 3, padding=1), nn.ReLU(),
                nn.MaxPool2d((8, 1)))
            self.rnn = nn.LSTM(96, 64, num_layers=2, bidirectional=True)
            self.fc = nn.Linear(128, 37)

        def forward(self, x):
            f = self.cnn(x).squeeze(2).permute(2, 0, 1)  # [W, N, C]
            y, _ = self.rnn(f)
            return self.fc(y)

    return CRNN(), (1, 1, 32, 100)


def gru_encoder(torch):
    """A 2-layer bidirectional GRU (batch_first, input 32, hidden 48) over
    two sequences of 20 steps: every output step."""
    class Encoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.gru = torch.nn.GRU(32, 48, num_layers=2, batch_first=True,
                                    bidirectional=True)

        def forward(self, x):
            return self.gru(x)[0]

    return Encoder(), (2, 20, 32)


def rnn_relu(torch):
    """A single-layer ReLU RNN (input 16, hidden 24) over 12 steps, its
    last hidden state."""
    class Last(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.rnn = torch.nn.RNN(16, 24, nonlinearity="relu")

        def forward(self, x):
            return self.rnn(x)[1]

    return Last(), (12, 3, 16)


def lstm_long(torch):
    """A 2-layer LSTM (input 8, hidden 32) over 2000 steps of a batch of 2:
    every output step, then the last hidden and cell states of both
    layers, in one tensor [2004, 2, 32]."""
    class Long(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = torch.nn.LSTM(8, 32, num_layers=2)

        def forward(self, x):
            y, (h, c) = self.lstm(x)
            return torch.cat([y, h, c], 0)

    return Long(), (2000, 2, 8)


# What --valgrind runs the harness under, as run_graph.py's --valgrind.
VALGRIND = ("valgrind", "-q", "--leak-check=full", "--error-exitcode=1")

MODELS = collections.OrderedDict([
    ("resnet18", resnet18),
    ("resnet18_bn", resnet18_bn),
    ("resnet50", resnet50),
    ("conv_bn_wide", conv_bn_wide),
    ("mobilenet_v2", mobilenet_v2),
    ("transformer_encoder", transformer_encoder),
    ("transformer_layer_256", transformer_layer_256),
    ("crnn", crnn),
    ("gru_encoder", gru_encoder),
    ("rnn_relu", rnn_relu),
    ("lstm_long", lstm_long),
])


# Models exported with their BatchNormalization nodes: PyTorch folds an
# eval-mode BatchNorm into the Conv before it unless the export preserves
# the training mode (the model is in eval mode, so the nodes compute the
# inference form) and skips constant folding.
KEEP_BATCH_NORM = {"resnet18_bn", "conv_bn_wide"}


def calibrate_batch_norm(torch, model, shape):
    """Sets every BatchNorm's running statistics to those of one random batch
    of 8 inputs. Freshly initialized statistics (mean 0, variance 1) leave
    the activations unnormalized: MobileNetV2's logits come out around 1e-9,
    too small for a comparison to mean anything. Calibrated, the logits are
    of order 1 and the exported Convs fold non-trivial BatchNorms."""
    norms = [m for m in model.modules()
             if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)]
    if not norms:
        return
    for m in norms:
        m.reset_running_stats()
        m.momentum = None  # a cumulative average: this batch's statistics
    model.train()
    with torch.no_grad():
        model(torch.randn(8, *shape[1:]))


def export(name, path):
    """Builds model `name`, exports it to `path` and returns (input, PyTorch's
    output) as numpy arrays."""
    import torch
    torch.manual_seed(0)
    model, shape = MODELS[name](torch)
    calibrate_batch_norm(torch, model, shape)
    model.eval()
    x = torch.randn(*shape)
    # With gradients enabled: under torch.no_grad() an eval-mode
    # TransformerEncoderLayer takes its fused "fast path", which has no ONNX
    # export. The reference is computed by the very path exported.
    want = model(x).detach()
    keep = name in KEEP_BATCH_NORM
    torch.onnx.export(model, (x,), path, opset_version=OPSET,
                      input_names=["input"], output_names=["output"],
                      do_constant_folding=not keep,
                      training=torch.onnx.TrainingMode.PRESERVE if keep
                      else torch.onnx.TrainingMode.EVAL)
    return x.numpy(), want.numpy()


def op_types(path):
    """Op types of the model's graph (and its subgraphs), with counts."""
    import onnx
    model = onnx.load(path)
    counts = collections.Counter()

    def visit(graph):
        for node in graph.node:
            domain = node.domain if node.domain not in ("", "ai.onnx") \
                else ""
            counts[(domain + "." if domain else "") + node.op_type] += 1
            for attr in node.attribute:
                for g in list(attr.graphs) + ([attr.g] if attr.HasField("g")
                                              else []):
                    visit(g)
    visit(model.graph)
    return counts


def step(what, start):
    print("onnx_models: %s: %.1f s" % (what, time.monotonic() - start),
          flush=True)


def compile_and_run_cuda_emulated(args, path, x, expected, work, deadline):
    """--target cuda: compiles the model at `path` for CUDA, runs it on the
    CPU stand-in for the driver on input `x` and returns the bytes of its
    output. Raises onnx_run.Outcome or rg.Failure."""
    obj = os.path.join(work, NAME + ".o")
    header = os.path.join(work, NAME + ".h")
    dump = os.path.join(work, "dump")
    harness = os.path.join(work, "harness")
    in_dir, out_dir = os.path.join(work, "in"), os.path.join(work, "out")
    os.makedirs(in_dir)
    os.makedirs(out_dir)

    start = time.monotonic()
    log = []
    rc, text = onnx_run.run_command(
        [args.aotc, path, "--target", "cuda", "-o", obj, "--header", header,
         "--name", NAME, "--dump-dir", dump] + args.aotc_arg, "aotc",
        deadline, log)
    print("\n".join(log), flush=True)
    if rc != 0:
        raise onnx_run.Outcome("compile-error", onnx_run.first_line(text))
    compiled_in, compiled_out = onnx_run.read_header(header, NAME)
    onnx_run.check_signature(compiled_in, [onnx_run.Tensor.from_numpy(x)],
                             "input")
    onnx_run.check_signature(compiled_out, [expected], "output")
    kernels_mlir = rgc.kernels_stage_in_dump_dir(dump)
    for name in os.listdir(dump):
        if name not in (os.path.basename(kernels_mlir), "report.txt"):
            os.remove(os.path.join(dump, name))
    step("aotc --target cuda", start)

    start = time.monotonic()
    rgc.build_emulated_harness(args, work, kernels_mlir, obj, header,
                               harness, name=NAME)
    step("the kernels for the CPU and the emulated harness", start)

    x.astype(np.float32).tofile(os.path.join(in_dir, "input0.bin"))
    start = time.monotonic()
    log = []
    os.environ["AOTC_EMU_STATS"] = "1"
    rc, text = onnx_run.run_command([harness, in_dir, out_dir],
                                    "the emulated harness", deadline, log)
    print("\n".join(log), flush=True)
    if rc != 0:
        raise onnx_run.Outcome("wrong", onnx_run.first_line(text))
    launches = rgc.check_emulator_stats(text)
    step("the harness on the stand-in (two calls, %d launches)" % launches,
         start)
    with open(os.path.join(out_dir, "output0.bin"), "rb") as f:
        return [f.read()]


def write_test_data(model_path, folder, x, want):
    """input_0.pb and output_0.pb in `folder`, named after the model's
    input and output."""
    import onnx
    from onnx import numpy_helper
    graph = onnx.load(model_path, load_external_data=False).graph
    os.makedirs(folder, exist_ok=True)
    for kind, value, name in (("input", x, graph.input[0].name),
                              ("output", want, graph.output[0].name)):
        tensor = numpy_helper.from_array(np.ascontiguousarray(value), name)
        with open(os.path.join(folder, "%s_0.pb" % kind), "wb") as f:
            f.write(tensor.SerializeToString())
    print("onnx_models: wrote %s/input_0.pb and output_0.pb" % folder)


def main(argv):
    parser = argparse.ArgumentParser(
        description="Export a PyTorch model to ONNX, compile it with aotc, "
                    "run it from C and compare with PyTorch.")
    parser.add_argument("model", nargs="?", choices=list(MODELS),
                        help="the model")
    parser.add_argument("--list", action="store_true",
                        help="print the models and exit")
    parser.add_argument("--aotc", help="the aotc binary")
    parser.add_argument("--cc", default="cc", help="the C compiler")
    parser.add_argument("--work-dir",
                        help="where the model, object, header and harness go")
    parser.add_argument("--aotc-arg", action="append", default=[],
                        metavar="FLAG", help="an extra aotc flag (repeatable;"
                        " write --aotc-arg=-O3)")
    parser.add_argument("--export-only", action="store_true",
                        help="export the model and print its op types only")
    parser.add_argument("--test-data", metavar="DIR",
                        help="also write the input and PyTorch's output as "
                        "ONNX test data: DIR/input_0.pb, DIR/output_0.pb "
                        "(as in ONNX's test_data_set_0)")
    parser.add_argument("--target", choices=("x86_64", "cuda"),
                        default="x86_64",
                        help="compile for the CPU, or for CUDA and run on "
                             "the CPU stand-in for the driver (default: "
                             "%(default)s)")
    parser.add_argument("--aotc-opt", help="aotc-opt, for --target cuda")
    parser.add_argument("--mlir-translate",
                        help="mlir-translate, for --target cuda")
    parser.add_argument("--llc", help="llc, for --target cuda")
    parser.add_argument("--aotc-include", help="aotc's include directory (the "
                        "CUDA runtime's header), for --target cuda")
    parser.add_argument("--runtime-lib", help="the directory of "
                        "libaotc_cuda_runtime.a, for --target cuda")
    parser.add_argument("--cuda-include", help="the directory of cuda.h, for "
                        "--target cuda")
    parser.add_argument("--valgrind", action="store_true",
                        help="run the harness under valgrind memcheck "
                             "(--leak-check=full): no access outside the "
                             "buffers of the header's sizes, no leak")
    parser.add_argument("--timeout", type=float, default=1200, metavar="SEC",
                        help="limit for compiling and running (default: "
                             "%(default)s)")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(MODELS))
        return 0
    if not args.model or not args.work_dir or \
            not (args.aotc or args.export_only):
        parser.error("give a model, --work-dir and --aotc")
    if args.target == "cuda" and not args.export_only and not (
            args.aotc_opt and args.mlir_translate and args.llc and
            args.aotc_include and args.runtime_lib and args.cuda_include):
        parser.error("--target cuda needs --aotc-opt, --mlir-translate, "
                     "--llc, --aotc-include, --runtime-lib and "
                     "--cuda-include")

    work = os.path.abspath(args.work_dir)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    path = os.path.join(work, "model.onnx")

    start = time.monotonic()
    x, want = export(args.model, path)
    counts = op_types(path)
    print("onnx_models: exported %s (opset %d) to %s in %.1f s"
          % (args.model, OPSET, path, time.monotonic() - start))
    print("onnx_models: input %s, output %s"
          % (list(x.shape), list(want.shape)))
    print("onnx_models: op types: %s" % ", ".join(
        "%s x%d" % (op, n) for op, n in sorted(counts.items())))
    if args.test_data:
        write_test_data(path, args.test_data, x, want)
    if args.export_only:
        return 0

    log = []
    start = time.monotonic()
    expected = onnx_run.Tensor.from_numpy(want)
    try:
        if args.target == "cuda":
            outputs = compile_and_run_cuda_emulated(
                args, path, x, expected, work, start + args.timeout)
        else:
            outputs = onnx_run.compile_and_run(
                path, [onnx_run.Tensor.from_numpy(x)], [expected], work,
                args.aotc, cc=args.cc, aotc_flags=args.aotc_arg, name=NAME,
                deadline=start + args.timeout, log=log,
                runner=VALGRIND if args.valgrind else ())
    except onnx_run.Outcome as e:
        print("\n".join(log))
        print("onnx_models: FAIL: %s: %s" % (e.status, e.detail),
              file=sys.stderr)
        return 1
    except rg.Failure as e:
        print("onnx_models: FAIL: %s" % e, file=sys.stderr)
        return 1
    if log:
        print("\n".join(log))
    atol = ATOL_SCALE * float(np.abs(want).max())
    problem = onnx_run.compare(0, outputs[0], expected, rtol=RTOL, atol=atol)
    if problem:
        print("onnx_models: FAIL: %s (rtol %g, atol %g)"
              % (problem, RTOL, atol), file=sys.stderr)
        return 1
    got = np.frombuffer(outputs[0], dtype=np.float32)
    err = np.abs(got - want.reshape(-1))
    print("onnx_models: %s%s matches PyTorch (rtol %g, atol %g; max abs error "
          "%.3g, largest output %.3g) in %.1f s"
          % (args.model, " (cuda, emulated)" if args.target == "cuda" else "",
             RTOL, atol, err.max(), np.abs(want).max(),
             time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
