# -*- Python -*-
# lit configuration of aotc's test suite.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "aotc"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".c"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.aotc_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tools = ["aotc-opt", "aotc"]
llvm_config.add_tool_substitutions(tools, [config.aotc_tools_dir])

config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%cc", config.c_compiler))
config.substitutions.append(("%cxx", config.cxx_compiler))
config.substitutions.append(("%aotc_src", config.aotc_src_root))
config.substitutions.append(
    ("%aotc_bin", os.path.join(config.aotc_tools_dir, "aotc")))
# Compiles a graph with aotc, links it into a C harness through the header,
# runs it on random inputs and compares every output with numpy.
config.substitutions.append(
    ("%run-graph",
     "%s %s/utils/aotc_testing/run_graph.py --aotc %s/aotc --cc %s"
     % (config.python_executable, config.aotc_src_root,
        config.aotc_tools_dir, config.c_compiler)))

# Tests that run AVX-512 code (--cpu x86-64-v4) need a CPU that has it.
# Tests that run int8 VNNI kernels (--cpu native) need AVX-512 VNNI.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = cpuinfo.read()
        if " avx512f" in flags:
            config.available_features.add("avx512")
        if " avx512_vnni" in flags:
            config.available_features.add("avx512_vnni")
except OSError:
    pass

if shutil.which("valgrind"):
    config.available_features.add("valgrind")

# An AOTC_USE_SANITIZER build (scripts/test --sanitize, docs/fuzzing.md):
# `asan` and `ubsan` say aotc and aotc-opt are instrumented. Under ASan a
# tool reserves terabytes of address space for its shadow memory, so an
# address-space limit (ulimit -v, RLIMIT_AS) stops it before it starts; cap
# memory with ASAN_OPTIONS=hard_rss_limit_mb=N there instead.
for sanitizer, feature in (("Address", "asan"), ("Undefined", "ubsan")):
    if sanitizer in config.aotc_use_sanitizer.split(";"):
        config.available_features.add(feature)

# The fuzz findings handed to the project (read in place, not copied).
if all(os.path.isdir(os.path.join(config.aotc_src_root, "..", "shared", d))
       for d in ("fuzz-findings", "fuzz-findings-2")):
    config.available_features.add("shared-fuzz-findings")

# Tests that take minutes or many GB (REQUIRES: slow) run only when asked:
# AOTC_SLOW_TESTS=1 scripts/test (or lit with that variable set).
if os.environ.get("AOTC_SLOW_TESTS", "0") not in ("", "0"):
    config.available_features.add("slow")

# test/Install/ installs this build (cmake --install) into a temp prefix and
# builds a separate CMake project against it.
config.substitutions.append(("%aotc_obj_root", config.aotc_obj_root))
if shutil.which("cmake") and shutil.which("ctest"):
    config.available_features.add("cmake")
if shutil.which("pkg-config"):
    config.available_features.add("pkg-config")

# The real-model tests (test/Models/) export PyTorch models to ONNX at test
# time: they need torch and torchvision under the test Python; the ONNX
# tooling's own tests need onnx.
import subprocess
for feature, modules in (("onnx", "onnx"),
                         ("torch", "onnx, torch, torchvision")):
    if subprocess.call([config.python_executable, "-c", "import " + modules],
                       stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL) == 0:
        config.available_features.add(feature)
# Exports one model to ONNX, compiles it with aotc, runs it from C and
# compares with PyTorch (utils/aotc_testing/onnx_models.py).
config.substitutions.append(
    ("%onnx-model",
     "%s %s/utils/aotc_testing/onnx_models.py --aotc %s/aotc --cc %s"
     % (config.python_executable, config.aotc_src_root,
        config.aotc_tools_dir, config.c_compiler)))
# Quantizes a real model (QDQ, int8 weights per channel, uint8 activations),
# compiles and runs it, and compares with a numpy reference of the same
# quantized arithmetic (utils/aotc_testing/quantized_models.py).
config.substitutions.append(
    ("%quantized-model",
     "%s %s/utils/aotc_testing/quantized_models.py --aotc %s/aotc --cc %s"
     % (config.python_executable, config.aotc_src_root,
        config.aotc_tools_dir, config.c_compiler)))
# Checks the ONNX conformance driver on a fake test tree
# (utils/aotc_testing/onnx_conformance_selftest.py).
config.substitutions.append(
    ("%onnx-conformance-selftest",
     "%s %s/utils/aotc_testing/onnx_conformance_selftest.py --aotc %s/aotc "
     "--cc %s" % (config.python_executable, config.aotc_src_root,
                  config.aotc_tools_dir, config.c_compiler)))

# The CUDA target (docs/cuda.md). libaotc_cuda_runtime is built where cuda.h
# was found; its tests link against the CUDA toolkit's stub libcuda, which
# needs no GPU. Compiled-and-run CUDA tests need a GPU that nvidia-smi lists.
config.substitutions.append(
    ("%aotc_lib", os.path.join(config.aotc_obj_root, "lib")))
if os.path.exists(os.path.join(config.aotc_obj_root, "lib",
                               "libaotc_cuda_runtime.a")):
    config.available_features.add("cuda-runtime")
cuda_roots = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"),
              "/usr/local/cuda"]
cuda_root = next((r for r in cuda_roots if r and os.path.isdir(r)), None)
if cuda_root:
    stubs = os.path.join(cuda_root, "lib64", "stubs")
    include = os.path.join(cuda_root, "include")
    if os.path.exists(os.path.join(stubs, "libcuda.so")) and \
            os.path.exists(os.path.join(include, "cuda.h")):
        config.available_features.add("cuda-stub")
        config.substitutions.append(("%cuda_stubs", stubs))
        config.substitutions.append(("%cuda_include", include))
        # run_graph.py for --target cuda: compiles a graph for the GPU, runs
        # it from C through the CUDA driver and compares with numpy.
        config.substitutions.append(
            ("%cuda-run-graph",
             "%s %s/utils/aotc_testing/run_graph_cuda.py --aotc %s/aotc "
             "--cc %s --aotc-include %s/include --runtime-lib %s "
             "--cuda-include %s --cuda-lib %s"
             % (config.python_executable, config.aotc_src_root,
                config.aotc_tools_dir, config.c_compiler,
                config.aotc_src_root,
                os.path.join(config.aotc_obj_root, "lib"), include, stubs)))
        # The same on the CPU stand-in for the driver (fake_libcuda.c) with
        # the kernels compiled for the CPU: no GPU needed.
        config.substitutions.append(
            ("%cuda-emulate-graph",
             "%s %s/utils/aotc_testing/run_graph_cuda.py --emulate "
             "--aotc %s/aotc --aotc-opt %s/aotc-opt --mlir-translate "
             "%s/mlir-translate --llc %s/llc --cc %s --aotc-include "
             "%s/include --runtime-lib %s --cuda-include %s --cuda-lib %s"
             % (config.python_executable, config.aotc_src_root,
                config.aotc_tools_dir, config.aotc_tools_dir,
                config.llvm_tools_dir, config.llvm_tools_dir,
                config.c_compiler, config.aotc_src_root,
                os.path.join(config.aotc_obj_root, "lib"), include, stubs)))
        # A real model (utils/aotc_testing/onnx_models.py) compiled with
        # --target cuda and run on that stand-in, compared with PyTorch.
        config.substitutions.append(
            ("%cuda-emulate-onnx-model",
             "%s %s/utils/aotc_testing/onnx_models.py --target cuda "
             "--aotc %s/aotc --aotc-opt %s/aotc-opt --mlir-translate "
             "%s/mlir-translate --llc %s/llc --cc %s --aotc-include "
             "%s/include --runtime-lib %s --cuda-include %s"
             % (config.python_executable, config.aotc_src_root,
                config.aotc_tools_dir, config.aotc_tools_dir,
                config.llvm_tools_dir, config.llvm_tools_dir,
                config.c_compiler, config.aotc_src_root,
                os.path.join(config.aotc_obj_root, "lib"), include)))
    if os.access(os.path.join(cuda_root, "bin", "ptxas"), os.X_OK):
        config.available_features.add("ptxas")
if shutil.which("nvidia-smi") and subprocess.call(
        ["nvidia-smi", "-L"], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("cuda-gpu")
