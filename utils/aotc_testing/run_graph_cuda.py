#!/usr/bin/env python3
"""Compile a tg graph with aotc --target cuda, run it on the GPU from C and
compare it with numpy.

Used by lit as ``%cuda-run-graph`` (tests under test/Integration/CUDA, which
run only where a GPU is usable)::

    // RUN: %cuda-run-graph %s --work-dir %t

It is run_graph.py for the CUDA target: the same directives (REF, INPUT,
TOL, AOTC-FLAGS), the same random inputs and the same comparison, but the
graph is compiled with ``--target cuda`` and driven by ``harness_cuda.c``,
which copies the inputs to device memory and runs the graph through
``NAME_run`` (temp NULL) and ``NAME_run_on_stream`` (a temp of its own, on
a stream), linked with libaotc_cuda_runtime and the CUDA driver. Exit codes
as run_graph.py: 0 match, 1 failure, 2 malformed test.

``--emulate`` runs the same harness without a GPU (lit's
``%cuda-emulate-graph``): the graph's object and header are aotc's as
always, but the driver is ``fake_libcuda.c``, a CPU stand-in, and the
kernels are the CUDA pipeline's own, taken after its ``kernels`` stage
(``aotc-opt``) and compiled for the CPU (``mlir-translate``, ``llc``) with
each ``gpu.block_id x`` / ``gpu.thread_id x`` made a parameter. This checks
everything but the PTX: the grid mapping, the host code and its launches,
the weights and the arena, the runtime library. The emulated driver must
have loaded the module exactly once for the two calls.
"""

import argparse
import os
import re
import shutil
import sys
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_graph as rg  # noqa: E402

HARNESS_C = os.path.join(HERE, "harness_cuda.c")
FAKE_LIBCUDA_C = os.path.join(HERE, "fake_libcuda.c")

# The C type of a kernel parameter: a buffer is its pointer (the kernels'
# bare-pointer convention), a scalar its value.
PARAM_C_TYPES = {"index": "int64_t", "i64": "int64_t", "i32": "int32_t",
                 "i16": "int16_t", "i8": "int8_t", "i1": "bool",
                 "f32": "float", "f64": "double"}


def split_top_level(text):
    """Splits `text` at the commas outside <...>, (...) and [...]."""
    parts, depth, current = [], 0, ""
    for c in text:
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
    if current.strip():
        parts.append(current.strip())
    return parts


def matching_paren(text, start):
    """The index of the parenthesis closing the one at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    raise rg.Failure("unbalanced parentheses in: " + text.strip())


GPU_FUNC = re.compile(r"^(\s*)gpu\.func @(\w+)\(")
WORKGROUP = ", #gpu.address_space<workgroup>"
ELEMENT_BYTES = {"i1": 1, "i8": 1, "i16": 2, "f16": 2, "bf16": 2, "i32": 4,
                 "f32": 4, "i64": 8, "f64": 8, "index": 8}
SHARED_ALIGNMENT = 16


def memref_bytes(memref_type):
    """The size of a static memref type such as memref<8x32xf32, ...>."""
    m = re.match(r"memref<((?:\d+x)*)(\w+)[,>]", memref_type)
    if not m or m.group(2) not in ELEMENT_BYTES:
        raise rg.Failure("the emulation cannot place %s in shared memory"
                         % memref_type)
    count = 1
    for dim in m.group(1).split("x")[:-1]:
        count *= int(dim)
    return count * ELEMENT_BYTES[m.group(2)]


def parse_gpu_func(line):
    """(indent, name, parameters, workgroup attributions) of a gpu.func
    kernel's first line, or None when it is not one."""
    m = GPU_FUNC.match(line)
    if not m:
        return None
    close = matching_paren(line, m.end() - 1)
    params = split_top_level(line[m.end():close])
    rest = line[close + 1:].lstrip()
    workgroup = []
    if rest.startswith("workgroup("):
        open_ = line.index("(", close + 1)
        end = matching_paren(line, open_)
        workgroup = split_top_level(line[open_ + 1:end])
        rest = line[end + 1:].lstrip()
    if not rest.startswith("kernel") or not rest.endswith("{"):
        raise rg.Failure("the emulation cannot run this kernel: "
                         + line.strip())
    return m.group(1), m.group(2), params, workgroup


# The gpu ops the emulation replaces by calls of fake_libcuda.c's aotc_emu_*
# functions: (pattern, rewrite). A rewrite takes the match and returns the
# replacement lines and the callees it declares as {name: signature}; it
# marks the kernel as synchronizing when a callee is a collective.
GPU_ID = re.compile(r"^(\s*)(%[\w.]+) = gpu\.(block_id|thread_id|block_dim|"
                    r"grid_dim)\s+([xyz])\b.*$")
GPU_LANE_ID = re.compile(r"^(\s*)(%[\w.]+) = gpu\.lane_id\b.*$")
GPU_BARRIER = re.compile(r"^(\s*)gpu\.barrier\b.*$")
GPU_SHUFFLE = re.compile(r"^(\s*)(%[\w.]+), (%[\w.]+) = gpu\.shuffle\s+"
                         r"(xor|down|up|idx) (%[\w.]+), (%[\w.]+), "
                         r"(%[\w.]+) : (\w+)$")
NVGPU_MMA = re.compile(r"^(\s*)(%[\w.]+) = nvgpu\.mma\.sync\("
                       r"(%[\w.#]+), (%[\w.#]+), (%[\w.#]+)\) "
                       r"\{mmaShape = \[16, 8, "
                       r"(16|8)\](?:, tf32Enabled)?\} : \((vector<[^)]*)\) "
                       r"-> (vector<\w+>)$")
SHUFFLE_MODES = {"xor": 0, "down": 1, "up": 2, "idx": 3}
COLLECTIVES = {"aotc_emu_barrier", "aotc_emu_shuffle_i32",
               "aotc_emu_shuffle_i64", "aotc_emu_shuffle_f32",
               "aotc_emu_shuffle_f64", "aotc_emu_mma_sync"}


def rewrite_id(m):
    callee = "aotc_emu_%s_%s" % (m.group(3), m.group(4))
    return (["%s%s = func.call @%s() : () -> index"
             % (m.group(1), m.group(2), callee)], {callee: "() -> index"})


def rewrite_lane_id(m):
    return (["%s%s = func.call @aotc_emu_lane_id() : () -> index"
             % (m.group(1), m.group(2))], {"aotc_emu_lane_id": "() -> index"})


def rewrite_barrier(m):
    return (["%sfunc.call @aotc_emu_barrier() : () -> ()" % m.group(1)],
            {"aotc_emu_barrier": "() -> ()"})


def rewrite_shuffle(m):
    indent, result, valid, mode, value, offset, width, type_ = m.groups()
    if type_ not in ("i32", "i64", "f32", "f64"):
        raise rg.Failure("the emulation cannot shuffle a " + type_)
    mode_value = "%s_mode" % result
    callee = "aotc_emu_shuffle_" + type_
    signature = "(%s, i32, i32, i32) -> %s" % (type_, type_)
    return (["%s%s = arith.constant %d : i32"
             % (indent, mode_value, SHUFFLE_MODES[mode]),
             "%s%s = func.call @%s(%s, %s, %s, %s) : %s"
             % (indent, result, callee, value, offset, width, mode_value,
                signature),
             "%s%s = func.call @aotc_emu_shuffle_valid(%s, %s, %s) : "
             "(i32, i32, i32) -> i1"
             % (indent, valid, offset, width, mode_value)],
            {callee: signature,
             "aotc_emu_shuffle_valid": "(i32, i32, i32) -> i1"})


def rewrite_mma(m):
    """nvgpu.mma.sync: this lane's A, B and C elements (as f32, exact for
    f16, bf16 and tf32) go into a 16-float buffer in that order, row-major
    per fragment; aotc_emu_mma_sync(buffer, k) replaces C by D."""
    indent, result, a, b, c, k, types, result_type = m.groups()
    fragments = []
    for value, type_ in zip((a, b, c), split_top_level(types)):
        shape = re.match(r"vector<(\d+)x(\d+)x(\w+)>", type_)
        fragments.append((value, type_, int(shape.group(1)),
                          int(shape.group(2)), shape.group(3)))
    # Names of the values made here: numbered SSA names take no suffix.
    base = "%__mma_" + result[1:]
    buf = base + "_fragment"
    # The scope frees the buffer at its end (the mma may sit in a loop); it
    # returns D's four scalars.
    c_element = fragments[2][4]
    lines = ["%s%s_d:4 = memref.alloca_scope -> (%s) {"
             % (indent, base, ", ".join([c_element] * 4)),
             "%s  %s = memref.alloca() : memref<16xf32>" % (indent, buf)]
    position = 0
    for value, type_, rows, cols, element in fragments:
        for r in range(rows):
            for e in range(cols):
                name = "%s_%d" % (base, position)
                lines.append("%s  %s = vector.extract %s[%d, %d] : %s from %s"
                             % (indent, name, value, r, e, element, type_))
                if element != "f32":
                    lines.append("%s  %s_f = arith.extf %s : %s to f32"
                                 % (indent, name, name, element))
                    name += "_f"
                lines.append("%s  %s_i = arith.constant %d : index"
                             % (indent, name, position))
                lines.append("%s  memref.store %s, %s[%s_i] : memref<16xf32>"
                             % (indent, name, buf, name))
                position += 1
    lines.append("%s  %s_k = arith.constant %s : i32" % (indent, base, k))
    lines.append("%s  func.call @aotc_emu_mma_sync(%s, %s_k) : "
                 "(memref<16xf32>, i32) -> ()" % (indent, buf, base))
    c_first = position - 4
    element = fragments[2][4]
    elements = []
    for i in range(4):
        name = "%s_d%d" % (base, i)
        lines.append("%s  %s_i = arith.constant %d : index"
                     % (indent, name, c_first + i))
        lines.append("%s  %s = memref.load %s[%s_i] : memref<16xf32>"
                     % (indent, name, buf, name))
        if element != "f32":
            lines.append("%s  %s_t = arith.truncf %s : f32 to %s"
                         % (indent, name, name, element))
            name += "_t"
        elements.append(name)
    lines.append("%s  memref.alloca_scope.return %s : %s"
                 % (indent, ", ".join(elements), ", ".join([element] * 4)))
    lines.append("%s}" % indent)
    lines.append("%s%s = vector.from_elements %s : %s"
                 % (indent, result, ", ".join("%s_d#%d" % (base, i)
                                             for i in range(4)), result_type))
    return lines, {"aotc_emu_mma_sync": "(memref<16xf32>, i32) -> ()"}


GPU_REWRITES = [(GPU_ID, rewrite_id), (GPU_LANE_ID, rewrite_lane_id),
                (GPU_BARRIER, rewrite_barrier),
                (GPU_SHUFFLE, rewrite_shuffle), (NVGPU_MMA, rewrite_mma)]


class Kernel:
    """A kernel of the gpu.module: its name, parameter types, the byte
    offsets of its workgroup attributions in shared memory and whether it
    synchronizes."""

    def __init__(self, name, types, shared_offsets, shared_bytes):
        self.name = name
        self.types = types
        self.shared_offsets = shared_offsets
        self.shared_bytes = shared_bytes
        self.collectives = False


def kernels_for_cpu(text):
    """The gpu.module of the `kernels` stage's output as a module of CPU
    functions, and its kernels (Kernel)."""
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines)
                  if l.lstrip().startswith("gpu.module @")), None)
    if start is None:
        return "module {\n}\n", []
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = next(i for i in range(start + 1, len(lines))
               if lines[i] == " " * indent + "}")
    # Attribute aliases (#map = ...) are printed at the top of the module.
    out = [l for l in lines[:start] if re.match(r"^#[\w.$-]+ = ", l)]
    out.append("module {")
    kernels = []
    declarations = {}
    for line in lines[start + 1:end]:
        # Shared memory is the block's buffer, in the default address space.
        line = line.replace(WORKGROUP, "")
        func = parse_gpu_func(line)
        if func:
            func_indent, name, params, workgroup = func
            types = [p.split(":", 1)[1].strip() for p in params]
            offsets, size = [], 0
            for attribution in workgroup:
                size = -(-size // SHARED_ALIGNMENT) * SHARED_ALIGNMENT
                offsets.append(size)
                size += memref_bytes(attribution.split(":", 1)[1].strip())
            kernels.append(Kernel(name, types, offsets, size))
            out.append("%sfunc.func @%s(%s) {" % (func_indent, name,
                                                  ", ".join(params +
                                                            workgroup)))
            continue
        for pattern, rewrite in GPU_REWRITES:
            m = pattern.match(line)
            if m:
                replacement, callees = rewrite(m)
                out += replacement
                declarations.update(callees)
                if COLLECTIVES & set(callees):
                    kernels[-1].collectives = True
                break
        else:
            if "gpu." in line.replace("gpu.return", ""):
                raise rg.Failure("the emulation cannot run this kernel "
                                 "line: " + line.strip())
            out.append(line.replace("gpu.return", "return"))
    for callee, signature in sorted(declarations.items()):
        arguments, result = signature.split(" -> ")
        out.append("  func.func private @%s%s%s" % (
            callee, arguments, "" if result == "()" else " -> " + result))
    out.append("}")
    return "\n".join(out) + "\n", kernels


def kernel_glue(kernels):
    """C: each kernel's launcher from kernelParams and the block's shared
    memory, and the table fake_libcuda.c looks kernels up in."""
    out = ["#include <stdbool.h>", "#include <stdint.h>",
           "typedef void (*aotc_emu_kernel)(void **, char *);",
           "struct aotc_emu_entry { const char *name; aotc_emu_kernel "
           "kernel; unsigned long shared_bytes; int collectives; };"]
    for k in kernels:
        ctypes = []
        for t in k.types:
            if t.startswith("memref<"):
                ctypes.append("void *")
            elif t in PARAM_C_TYPES:
                ctypes.append(PARAM_C_TYPES[t])
            else:
                raise rg.Failure("the emulation cannot pass a %s to %s"
                                 % (t, k.name))
        shared = ["void *"] * len(k.shared_offsets)
        out.append("extern void %s(%s);"
                   % (k.name, ", ".join(ctypes + shared) or "void"))
        args = ["*(%s *)p[%d]" % (c.strip(), i)
                for i, c in enumerate(ctypes)]
        args += ["shared + %d" % offset for offset in k.shared_offsets]
        out.append("static void %s_emu(void **p, char *shared) {\n"
                   "  (void)p;\n  (void)shared;\n  %s(%s);\n}"
                   % (k.name, k.name, ", ".join(args)))
    out.append("const struct aotc_emu_entry aotc_emu_kernels[] = {")
    out += ['  {"%s", %s_emu, %d, %d},' % (k.name, k.name, k.shared_bytes,
                                            k.collectives) for k in kernels]
    out.append("  {0, 0, 0, 0}};")
    return "\n".join(out) + "\n"


def build_emulated_driver(args, work, kernels_text):
    """The objects that stand in for the driver: the gpu.module in
    `kernels_text` compiled for the CPU, its launch glue and
    fake_libcuda.c."""
    cpu_text, kernels = kernels_for_cpu(kernels_text)
    cpu_mlir = os.path.join(work, "kernels-cpu.mlir")
    with open(cpu_mlir, "w", encoding="utf-8") as f:
        f.write(cpu_text)
    llvm_mlir = os.path.join(work, "kernels-cpu-llvm.mlir")
    # As the CPU target's llvm stage: bf16 is computed in f32 and converted
    # with integer ops, math goes to LLVM intrinsics and libm.
    # (A view at a graph loop's time step, taken inside a kernel, becomes
    # pointer arithmetic as in the device stage.)
    rg.run([args.aotc_opt, cpu_mlir, "--expand-strided-metadata",
            "--lower-affine", "--convert-scf-to-cf",
            "--math-extend-to-supported-types",
            "--arith-emulate-unsupported-floats=source-types=bf16 "
            "target-type=f32", "--aotc-cpu-expand-bf16-conversions",
            "--convert-math-to-llvm", "--convert-math-to-libm",
            "--convert-vector-to-llvm", "--convert-ub-to-llvm",
            "--finalize-memref-to-llvm", "--convert-arith-to-llvm",
            "--convert-index-to-llvm",
            "--convert-func-to-llvm=use-bare-ptr-memref-call-conv=1",
            "--convert-cf-to-llvm", "--reconcile-unrealized-casts", "-o",
            llvm_mlir], "aotc-opt (the kernels for the CPU)")
    llvm_ir = os.path.join(work, "kernels-cpu.ll")
    # mlir-translate knows only the LLVM dialect: attributes of other
    # dialects left on LLVM ops (arith's fastmath) are opaque to it.
    rg.run([args.mlir_translate, "--allow-unregistered-dialect",
            "--mlir-to-llvmir", llvm_mlir, "-o", llvm_ir], "mlir-translate")
    kernels_obj = os.path.join(work, "kernels-cpu.o")
    rg.run([args.llc, "-O2", "-filetype=obj", "-relocation-model=pic",
            llvm_ir, "-o", kernels_obj], "llc")
    glue = os.path.join(work, "kernels-glue.c")
    with open(glue, "w", encoding="utf-8") as f:
        f.write(kernel_glue(kernels))
    # The stand-ins are test code, not the C contract: GNU C, not pedantic.
    objects = [kernels_obj]
    for source in (glue, FAKE_LIBCUDA_C):
        o = os.path.join(work, os.path.basename(source) + ".o")
        rg.run([args.cc, "-std=gnu11", "-Wall", "-Werror", "-isystem",
                args.cuda_include, "-c", source, "-o", o],
               "building " + os.path.basename(source))
        objects.append(o)
    return objects


def kernels_stage_of_graph(args, directives, work):
    """The .mlir graph's IR after the CUDA pipeline's `kernels` stage,
    written by aotc-opt to W/kernels.mlir; returns its path."""
    if directives.flags or args.aotc_arg:
        raise rg.TestError("--emulate compiles the kernels with the default "
                           "options; it takes no AOTC-FLAGS")
    with open(args.test, encoding="utf-8") as f:
        m = re.search(r"^\s*func\.func @(\w+)", f.read(), re.M)
    if not m:
        raise rg.TestError("%s has no func.func" % args.test)
    kernels_mlir = os.path.join(work, "kernels.mlir")
    rg.run([args.aotc_opt, args.test, "--aotc-cuda-tg-to-linalg",
            "--aotc-cuda-fusion",
            "--aotc-cuda-bufferize=entry=%s name=%s" % (m.group(1), rg.NAME),
            "--aotc-cuda-kernels=name=%s" % rg.NAME, "-o", kernels_mlir],
           "aotc-opt (the kernels stage)")
    return kernels_mlir


KERNELS_STAGE_DUMP = re.compile(r"^\d+-kernels\.mlir$")


def kernels_stage_in_dump_dir(dump_dir):
    """The file `aotc --target cuda --dump-dir DIR` wrote after the
    `kernels` stage (NN-kernels.mlir; NN-kernels.ptx is the device stage's
    PTX)."""
    names = sorted(n for n in os.listdir(dump_dir)
                   if KERNELS_STAGE_DUMP.match(n))
    if len(names) != 1:
        raise rg.Failure("%s holds %s, expected one NN-kernels.mlir"
                         % (dump_dir, names or "no kernels stage"))
    return os.path.join(dump_dir, names[0])


def build_emulated_harness(tools, work, kernels_mlir, obj, header, harness,
                           name=rg.NAME):
    """Links harness_cuda.c, the graph's object `obj` (compiled with
    `--target cuda --name NAME`, header `header`) and the runtime library
    over fake_libcuda.c and the kernels of `kernels_mlir`, the IR after the
    CUDA pipeline's `kernels` stage of that same graph (from aotc-opt, or
    `aotc --target cuda --dump-dir`: kernels_stage_in_dump_dir), compiled
    for the CPU. `tools` has the attributes aotc_opt, mlir_translate, llc,
    cc, cuda_include, aotc_include and runtime_lib (this script's options).
    Raises rg.Failure when a step fails."""
    with open(kernels_mlir, encoding="utf-8") as f:
        support = build_emulated_driver(tools, work, f.read())
    rg.run([tools.cc] + rg.CFLAGS +
           ["-isystem", tools.cuda_include, "-I" + tools.aotc_include,
            "-DAOTC_NAME=" + name, "-include", header, HARNESS_C, obj] +
           support +
           runtime_link_args(tools, work) + ["-lpthread", "-lm", "-o",
                                             harness],
           "building the emulated harness")


EMULATOR_STATS = re.compile(r"fake_libcuda: (\d+) module loads, (\d+) "
                            r"launches, (-?\d+) allocations live")


def check_emulator_stats(log):
    """Checks the statistics the harness printed on the stand-in (run with
    $AOTC_EMU_STATS=1): its two calls loaded the module at most once, and
    only the weights stay allocated. Raises rg.Failure otherwise; returns
    the number of launches."""
    m = EMULATOR_STATS.search(log)
    if not m or int(m.group(1)) > 1 or int(m.group(3)) not in (0, 1):
        raise rg.Failure("the emulated driver saw %s; expected at most "
                         "one module load and at most one allocation "
                         "(the weights) live at exit"
                         % (m.group(0) if m else "no statistics"))
    return int(m.group(2))


def run_kernels(args):
    """--kernels DRIVER.c: the test file holds hand-written gpu.module
    kernels; runs DRIVER.c (which launches them through the driver API) on
    the stand-in and prints its output. Returns its exit code."""
    work = os.path.abspath(args.work_dir)
    rg.prepare_work_dir(work)
    # Printed by aotc-opt, as the kernels stage's output is.
    kernels_mlir = os.path.join(work, "kernels.mlir")
    rg.run([args.aotc_opt, args.test, "-o", kernels_mlir],
           "aotc-opt (parsing the kernels)")
    with open(kernels_mlir, encoding="utf-8") as f:
        objects = build_emulated_driver(args, work, f.read())
    driver = os.path.join(work, "driver")
    rg.run([args.cc, "-std=gnu11", "-Wall", "-Werror", "-isystem",
            args.cuda_include, args.kernels] + objects + ["-lm", "-o", driver],
           "building " + os.path.basename(args.kernels))
    rg.run([driver], os.path.basename(args.kernels))
    return 0


def runtime_link_args(tools, work):
    """The arguments that link the CUDA runtime library: `tools.runtime_source`
    compiled into W/ when given, else libaotc_cuda_runtime from
    `tools.runtime_lib`."""
    if not getattr(tools, "runtime_source", None):
        return ["-L" + tools.runtime_lib, "-laotc_cuda_runtime"]
    runtime_obj = os.path.join(work, "aotc_cuda_runtime.o")
    # As its CMakeLists.txt: C99 with GNU extensions (__thread, __atomic).
    rg.run([tools.cc, "-std=gnu99", "-O2", "-fPIC", "-isystem",
            tools.cuda_include, "-I" + tools.aotc_include, "-c",
            tools.runtime_source, "-o", runtime_obj],
           "building the CUDA runtime")
    return [runtime_obj]


def build_gpu_harness(tools, work, obj, header, harness, name=rg.NAME):
    """Links harness_cuda.c, the graph's object and header, the runtime and
    the CUDA driver (`tools.cuda_lib`'s libcuda) into `harness`."""
    rg.run([tools.cc] + rg.CFLAGS +
           ["-isystem", tools.cuda_include, "-I" + tools.aotc_include,
            "-DAOTC_NAME=" + name, "-include", header, HARNESS_C, obj] +
           runtime_link_args(tools, work) +
           ["-L" + tools.cuda_lib, "-lcuda", "-lpthread", "-lm", "-o",
            harness], "building the harness")


def main(argv):
    parser = argparse.ArgumentParser(
        description="Compile a tg graph with aotc --target cuda, run it on "
                    "the GPU from C and compare its outputs with the numpy "
                    "reference in the file.",
        epilog="Directives: see run_graph.py's docstring.")
    parser.add_argument("test", help="the .mlir graph with REF directives")
    parser.add_argument("--aotc", help="the aotc binary")
    parser.add_argument("--prebuilt", metavar="DIR",
                        help="take g.o and g.h from DIR (compiled elsewhere "
                             "with aotc --target cuda --name %s and the "
                             "test's AOTC-FLAGS; gpu_check.py prepare) "
                             "instead of running aotc" % rg.NAME)
    parser.add_argument("--cc", required=True, help="the C compiler")
    parser.add_argument("--work-dir", required=True,
                        help="where the object, header, harness and data go")
    parser.add_argument("--aotc-include", required=True,
                        help="aotc's include directory (the runtime header)")
    parser.add_argument("--runtime-lib",
                        help="the directory of libaotc_cuda_runtime.a")
    parser.add_argument("--runtime-source", metavar="FILE",
                        help="instead of --runtime-lib: the runtime's "
                             "source, lib/Runtime/CUDA/CUDARuntime.c, "
                             "compiled into the harness (it takes "
                             "precedence)")
    parser.add_argument("--cuda-include", required=True,
                        help="the directory of cuda.h")
    parser.add_argument("--cuda-lib", required=True,
                        help="a directory with libcuda.so to link against "
                             "(the toolkit's stubs do; the driver's "
                             "libcuda.so.1 is loaded at run time)")
    parser.add_argument("--aotc-arg", action="append", default=[],
                        metavar="FLAG", help="an extra aotc flag (repeatable)")
    parser.add_argument("--seed", type=int,
                        help="RNG seed (default: CRC-32 of the file name)")
    parser.add_argument("--emulate", action="store_true",
                        help="run on the CPU stand-in for the driver "
                             "(fake_libcuda.c): no GPU needed")
    parser.add_argument("--aotc-opt", help="aotc-opt, for --emulate")
    parser.add_argument("--mlir-translate", help="mlir-translate, for "
                        "--emulate")
    parser.add_argument("--llc", help="llc, for --emulate")
    parser.add_argument("--kernels", metavar="DRIVER.c",
                        help="with --emulate: the test file is a gpu.module "
                             "of hand-written kernels, which DRIVER.c "
                             "launches; run it and print its output")
    args = parser.parse_args(argv)
    if not args.aotc and not args.prebuilt:
        parser.error("give --aotc or --prebuilt")
    if not args.runtime_lib and not args.runtime_source:
        parser.error("give --runtime-lib or --runtime-source")
    if args.emulate and not (args.aotc_opt and args.mlir_translate and
                             args.llc):
        parser.error("--emulate needs --aotc-opt, --mlir-translate and --llc")
    if args.kernels:
        if not args.emulate:
            parser.error("--kernels needs --emulate")
        return run_kernels(args)

    directives = rg.parse_directives(args.test)
    work = os.path.abspath(args.work_dir)
    rg.prepare_work_dir(work)
    obj, header = os.path.join(work, "g.o"), os.path.join(work, "g.h")
    harness = os.path.join(work, "harness")

    if args.prebuilt:
        for name in ("g.o", "g.h"):
            shutil.copyfile(os.path.join(args.prebuilt, name),
                            os.path.join(work, name))
    else:
        rg.run([args.aotc, args.test, "--target", "cuda", "-o", obj,
                "--header", header, "--name", rg.NAME] + directives.flags +
               args.aotc_arg, "aotc")
    if args.emulate:
        build_emulated_harness(args, work,
                               kernels_stage_of_graph(args, directives, work),
                               obj, header, harness)
    else:
        build_gpu_harness(args, work, obj, header, harness)
    with open(header, encoding="utf-8") as f:
        header_text = f.read()
    inputs, outputs = rg.read_signature(
        header_text, rg.run([harness, "--meta"], "harness --meta"))

    seed = args.seed if args.seed is not None else \
        zlib.crc32(os.path.basename(args.test).encode())
    rng = np.random.default_rng(seed)
    dists = [rg.default_distribution(t.dtype) for t in inputs]
    for selector, text, lineno in directives.inputs:
        dist = rg.parse_distribution(text, lineno)
        for i in selector if selector is not None else range(len(inputs)):
            if i < 0 or i >= len(inputs):
                raise rg.TestError("line %d: the graph has no input %d"
                                   % (lineno, i))
            dists[i] = dist
    values = []
    for t, dist in zip(inputs, dists):
        try:
            value = dist.sample(rng, t.shape, t.dtype)
        except rg.TestError as e:
            raise rg.TestError("%s: %s" % (t.describe(), e))
        if t.dtype == "bf16":
            bits = rg.f32_to_bf16(value)
            value = rg.bf16_to_f32(bits)
        else:
            bits = value
        values.append(value)
        bits.tofile(os.path.join(work, "in", "input%d.bin" % t.index))

    expected = rg.run_reference(directives, values, outputs)
    tol = rg.tolerances(directives, outputs)
    if args.emulate:
        os.environ["AOTC_EMU_STATS"] = "1"
    log = rg.run([harness, os.path.join(work, "in"),
                  os.path.join(work, "out")], "the harness")
    if args.emulate:
        check_emulator_stats(log)

    report = []
    for t, want in zip(outputs, expected):
        path = os.path.join(work, "out", "output%d.bin" % t.index)
        raw = np.fromfile(path, dtype=np.uint8)
        if raw.size != t.nbytes:
            raise rg.Failure("%s: the harness wrote %d bytes, expected %d"
                             % (t.describe(), raw.size, t.nbytes))
        if t.dtype == "i1" and np.any(raw > 1):
            raise rg.Failure("%s holds bytes other than 0 and 1: %s"
                             % (t.describe(), np.unique(raw).tolist()))
        got = raw.view(rg.STORAGE[t.dtype]).reshape(t.shape)
        report += rg.compare(t, got, want, tol[t.index])
    if report:
        raise rg.Failure("\n".join(report))
    print("run_graph_cuda: %d output(s) match the reference (seed %d)"
          % (len(outputs), seed))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except rg.TestError as e:
        print("run_graph_cuda: error in the test: %s" % e, file=sys.stderr)
        sys.exit(2)
    except rg.Failure as e:
        print("run_graph_cuda: FAIL: %s" % e, file=sys.stderr)
        sys.exit(1)
