//===- CompileOptions.h - what one aotc invocation asks for -------*- C++ -*-===//
//
// The options of one compilation, filled by the `aotc` tool from its command
// line (or by any other client of the driver library) and read by
// aotc::compile. No global state: everything a compilation needs is here.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DRIVER_COMPILEOPTIONS_H
#define AOTC_DRIVER_COMPILEOPTIONS_H

#include "aotc/Target/CPU/ObjectEmitter.h"

#include <string>
#include <vector>

namespace aotc {

/// What the driver writes to the output path.
enum class EmitKind {
  Object,   ///< an ELF object (plus the C header)
  Assembly, ///< target assembly (plus the C header)
  LLVMIR,   ///< optimized LLVM IR
  MLIR,     ///< the graph as read/imported, in the tg dialect
  PTX,      ///< with --target cuda: the PTX of the graph's kernels
};

/// One compilation of one graph file.
struct CompileOptions {
  /// The graph file: an ONNX model (`.onnx`) or a `.mlir` module with a
  /// func.func in tg ops.
  std::string inputPath;
  /// `NAME=1x3x224x224` bindings for ONNX inputs with dynamic dimensions.
  std::vector<std::string> inputShapes;
  /// `NAME=VALUE` bindings of ONNX symbolic dimensions (`dim_param`s).
  std::vector<std::string> dims;
  /// `NAME=FILE` bindings freezing ONNX inputs to a TensorProto's value.
  std::vector<std::string> inputValues;
  /// `NAME=N` bounds for bounded ONNX graph outputs (--max-output).
  std::vector<std::string> maxOutputs;
  /// Output file; empty means NAME.o (or .s, .ll, .mlir per `emit`).
  std::string outputPath;
  /// C header path; empty means NAME.h. Written for objects and assembly.
  std::string headerPath;
  /// C identifier prefixing every symbol and macro; empty means derived
  /// from the input file's name.
  std::string name;
  /// The function to compile; empty means the module's only public one.
  std::string entry;
  /// Target: `x86_64` (or `x86-64`), or `cuda` (NVIDIA GPUs through
  /// libaotc_cuda_runtime, docs/cuda.md).
  std::string target = "x86_64";
  /// With `cuda`: the GPU architecture of the embedded cubin and PTX,
  /// `sm_70` or newer.
  std::string gpuArch = "sm_80";
  /// With `cuda`: f32 contractions on tensor cores with tf32 operands
  /// (about 1e-3 relative error; sm_80 and newer).
  bool gpuTf32 = false;
  /// CPU and optimization level of the code generator.
  cpu::CodegenOptions codegen;
  EmitKind emit = EmitKind::Object;
  /// When set, the IR after every stage, the LLVM IR and the assembly are
  /// written there, numbered in pipeline order.
  std::string dumpDir;
  /// Print large constants (the weights) in full in the dump files; by
  /// default they are elided (DumpPrinting.h).
  bool dumpConstants = false;
  /// Verify the IR after every pass, not only after every pipeline stage:
  /// slower, and names the pass that produced invalid IR.
  bool verifyEachPass = false;
  /// Print each step's wall time (each stage's passes nested) and the peak
  /// memory after it, to the diagnostic stream.
  bool timings = false;
  /// Where the JSON description of the compiled graph goes (--metadata);
  /// empty: beside the header, with the header's name and `.json`.
  std::string metadataPath;
  /// aotc's command line, recorded in the metadata file.
  std::vector<std::string> commandLine;
  /// Print each step of the compile to the diagnostic stream as it starts
  /// (`aotc: [  1.2 s] code generation`).
  bool progress = false;
  /// Fuse elementwise linalg ops (on by default; off to measure fusion).
  bool fusion = true;
  /// CPU: 3x3 convolutions by Winograd's F(4x4, 3x3): "auto" (the cost
  /// model chooses per convolution), "always" or "never".
  std::string winograd = "auto";
  /// CPU: compile each kernel as a non-inlined function NAME_kernel_N so a
  /// profiler attributes time to kernels (aotc-cpu-outline-kernels).
  bool outlineKernels = false;
  /// CPU: kernels with less work than this (vector lanes, summed over
  /// iterations) run serially in NAME_run_parallel
  /// (aotc-cpu-parallelize-kernels).
  int64_t parallelMinWork = 1 << 18;
  /// Print the kernel report (docs/report.md) after a successful
  /// compilation: to standard output, or to the diagnostic stream when an
  /// output goes to standard output. With `dumpDir`, it is also written to
  /// DIR/report.txt whether or not this is set.
  bool report = false;
  /// With `report`: print only the kernels left to scalar loops, with
  /// their share of the work (`--report=slow`). The kernels are numbered
  /// for it, as with `outlineKernels`.
  bool reportSlow = false;
};

} // namespace aotc

#endif // AOTC_DRIVER_COMPILEOPTIONS_H
