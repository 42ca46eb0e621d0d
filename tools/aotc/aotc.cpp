//===- aotc.cpp - the aotc command-line compiler --------------------------===//
//
// Turns command-line flags into a CompileOptions and calls the driver
// library; no compilation logic lives here.
//
//===----------------------------------------------------------------------===//

#include "aotc/Driver/Driver.h"
#include "aotc/Import/ONNX/ONNXOps.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>

static const char *const kDescription = R"(aotc: compile an ML graph ahead of time into an object file and a C header.

The graph is an ONNX model (opsets 6 to 28; every dimension static, bound
with --input-shape where the model leaves it open) or a .mlir file holding a
func.func in the tg dialect. The object needs only libc and libm; the header
declares

  int NAME_run(const void *const *inputs, void *const *outputs, void *temp);

with the byte size, name, dtype and shape of every tensor.

With --target cuda the object runs the graph on an NVIDIA GPU (sm_70 or
newer) through libaotc_cuda_runtime, and the header also declares
NAME_run_on_stream (docs/cuda.md).

Examples:
  aotc mlp.mlir -o mlp.o --header mlp.h --name mlp
  aotc resnet18.onnx --input-shape input=1x3x224x224 -o resnet.o --name resnet
  cc -I<aotc>/include app.c mlp.o -lm -o app
  aotc mlp.mlir --target cuda --gpu-arch sm_90 -o mlp.o --name mlp
  cc -I<aotc>/include app.c mlp.o -L<aotc>/lib -laotc_cuda_runtime -lcuda -lpthread -o app
)";

/// The option of `app` closest to the first long option of `argv` that
/// `app` does not know (`--input_shape`, `--reprot`), when it is at most two
/// edits away once '_' reads as '-'; or "".
static std::string suggestOption(const CLI::App &app, int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--" || !arg.consume_front("--"))
      continue;
    std::string name = arg.split('=').first.str();
    if (app.get_option_no_throw("--" + name))
      continue;
    std::replace(name.begin(), name.end(), '_', '-');
    std::string best;
    unsigned bestDistance = 3;
    for (const CLI::Option *option : app.get_options())
      for (const std::string &known : option->get_lnames()) {
        unsigned distance = llvm::StringRef(name).edit_distance(known);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = "--" + known;
        }
      }
    return best;
  }
  return "";
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  aotc::CompileOptions options;
  CLI::App app(kDescription, "aotc");
  app.get_formatter()->column_width(34);

  app.add_option("GRAPH", options.inputPath,
                 "The graph to compile: an ONNX model (.onnx) or a tg "
                 "module (.mlir)")
      ->required()
      ->type_name("FILE");
  app.add_option("-o,--output", options.outputPath,
                 "Output file; '-' is standard output (default: NAME.o, or "
                 ".s/.ll/.mlir per --emit)")
      ->type_name("FILE");
  app.add_option("--header", options.headerPath,
                 "C header to write (default: NAME.h next to the -o file)")
      ->type_name("FILE");
  app.add_option("--metadata", options.metadataPath,
                 "JSON description of the compiled graph: its inputs and "
                 "outputs (names, dtypes, shapes, bytes), scratch bytes, "
                 "entry points, target and command line (default: NAME.json "
                 "next to the header; none when the header goes to '-')")
      ->type_name("FILE");
  app.add_option("--name", options.name,
                 "C prefix of every symbol: NAME_run, NAME_NUM_INPUTS, ... "
                 "(default: from GRAPH's file name)");
  app.add_option("--entry", options.entry,
                 "Function to compile (default: the module's only public "
                 "function)")
      ->type_name("FUNC");
  app.add_option("--target", options.target,
                 "Target: x86_64 (the CPU), or cuda (NVIDIA GPUs)")
      ->default_val("x86_64")
      ->type_name("ARCH");
  app.add_option("--gpu-arch", options.gpuArch,
                 "With --target cuda: the GPU architecture of the embedded "
                 "cubin and PTX, sm_70 or newer; newer GPUs JIT the PTX")
      ->default_val("sm_80")
      ->type_name("SM");
  app.add_flag("--gpu-tf32", options.gpuTf32,
               "With --target cuda: run f32 matmuls and convolutions on "
               "tensor cores with tf32 operands (10-bit mantissa, about 1e-3 "
               "relative error; sm_80 and newer). Off by default");
  app.add_option("--cpu", options.codegen.cpu,
                 "LLVM CPU to generate code for, e.g. x86-64, x86-64-v4, "
                 "skylake-avx512; 'native' is this machine")
      ->default_val("x86-64-v3")
      ->type_name("CPU");
  app.add_option("-j,--jobs", options.codegen.threads,
                 "Threads that optimize and generate machine code, each for "
                 "its part of the graph's functions (default: one per "
                 "hardware thread); the object is the same for any number")
      ->type_name("N")
      ->check(CLI::PositiveNumber);
  app.add_option("--codegen-parts", options.codegen.parts,
                 "Optimize and generate the object's code in N parts, "
                 "combined into one object (default: one part per 5000 LLVM "
                 "instructions, at most 16; 1 takes the module whole)")
      ->type_name("N")
      ->check(CLI::PositiveNumber);
  const std::map<std::string, llvm::CodeModel::Model> codeModels{
      {"small", llvm::CodeModel::Small},
      {"medium", llvm::CodeModel::Medium},
      {"large", llvm::CodeModel::Large}};
  std::string codeModel = "medium";
  app.add_option("--code-model", codeModel,
                 "x86-64 code model of the object: medium (the default) puts "
                 "constants over 64 KiB (the weights) in .lrodata, reached "
                 "with 64-bit offsets, so more than 2 GB of weights link; "
                 "small limits code and all data to 2 GB; large addresses "
                 "everything with 64-bit offsets")
      ->transform(CLI::IsMember({"small", "medium", "large"},
                                CLI::ignore_case))
      ->default_val("medium")
      ->type_name("MODEL");
  const std::map<std::string, aotc::EmitKind> emitKinds{
      {"obj", aotc::EmitKind::Object},
      {"asm", aotc::EmitKind::Assembly},
      {"llvm", aotc::EmitKind::LLVMIR},
      {"mlir", aotc::EmitKind::MLIR},
      {"ptx", aotc::EmitKind::PTX}};
  std::string emit = "obj";
  app.add_option("--emit", emit,
                 "What to write: obj (object + header), asm (assembly + "
                 "header), llvm (optimized LLVM IR), mlir (the graph in tg), "
                 "ptx (the kernels' PTX, with --target cuda)")
      ->transform(CLI::IsMember({"obj", "asm", "llvm", "mlir", "ptx"},
                                CLI::ignore_case))
      ->default_val("obj")
      ->type_name("KIND");
  unsigned optLevel = 2;
  app.add_option("-O", optLevel, "Optimization level, -O0 to -O3")
      ->check(CLI::Range(0u, 3u))
      ->default_val(2)
      ->type_name("LEVEL");
  app.add_option("--dump-dir", options.dumpDir,
                 "Write the IR after every pipeline stage, the LLVM IR and "
                 "the assembly to DIR, numbered in order, and the kernel "
                 "report to DIR/report.txt. Constants of more than 1024 "
                 "elements (the weights) are elided: dense_resource<__elided__>"
                 " in MLIR, zeroinitializer in LLVM IR, zeros in assembly. "
                 "The module is then optimized and generated in one part, so "
                 "the dumped LLVM IR and assembly are the object's")
      ->type_name("DIR");
  bool verbose = false;
  app.add_flag("-v,--verbose", verbose,
               "Print each step of the compile as it starts (import, each "
               "pipeline stage, LLVM translation, optimization and code "
               "generation, with the number of kernels) with the seconds "
               "since the start, to stderr; on by default when stderr is a "
               "terminal");
  app.add_flag("--timings", options.timings,
               "Print to stderr the wall time of every step (import, each "
               "pipeline stage with its passes, LLVM translation, "
               "optimization and code generation) and the peak memory "
               "after each");
  app.add_flag("--verify-each", options.verifyEachPass,
               "Verify the IR after every pass of the pipeline, not only "
               "after every stage: slower, but an internal error then names "
               "the pass that broke the IR");
  app.add_flag("--dump-constants", options.dumpConstants,
               "With --dump-dir, print every constant in full (a model's "
               "dump then holds its weights several times over)");
  app.add_option("--input-shape", options.inputShapes,
                 "Bind the shape of an ONNX input whose dimensions are "
                 "dynamic, e.g. --input-shape input=1x3x224x224 "
                 "(repeatable; 'scalar' for rank 0)")
      ->type_name("NAME=DIMS")
      ->allow_extra_args(false);
  app.add_option("--dim", options.dims,
                 "Bind a symbolic ONNX dimension (a dim_param such as "
                 "'batch') to a size in every input that uses it, e.g. "
                 "--dim batch=1, or give it a range, --dim batch=1..64: "
                 "the object then exports NAME_run_dims, which takes the "
                 "size at run time (one dimension, whose indices the graph "
                 "computes apart; docs/architecture.md). Repeatable; an "
                 "input given --input-shape takes that shape instead")
      ->type_name("NAME=SIZE|MIN..MAX")
      ->allow_extra_args(false);
  app.add_option("--input-value", options.inputValues,
                 "Freeze an ONNX input to the tensor in FILE (a serialized "
                 "TensorProto): it becomes a constant, not an argument "
                 "(repeatable)")
      ->type_name("NAME=FILE")
      ->allow_extra_args(false);
  app.add_option("--max-output", options.maxOutputs,
                 "Bound a bounded ONNX graph output (one whose extent is "
                 "known only at run time: NonZero, NonMaxSuppression, ...) "
                 "to N entries along that extent instead of the model's "
                 "largest, so its buffer is smaller; entries past N are "
                 "dropped and its shape output states at most N "
                 "(repeatable)")
      ->type_name("NAME=N")
      ->allow_extra_args(false);
  app.add_flag("--report", options.report,
               "After compiling, print each kernel: the graph ops it fused, "
               "its FLOPs and the bytes it reads and writes; then the "
               "totals (kernels, constant and temporary bytes). "
               "--report=slow prints only the kernels left to scalar loops "
               "(a contraction or reduction no vector kernel took, or "
               "reads through computed indices) with their share of the "
               "work; it numbers the kernels as --outline-kernels does. "
               "Goes to stdout, or stderr when -o or --header is '-'; "
               "--dump-dir also writes the full report to DIR/report.txt");
  bool noFusion = false;
  app.add_flag("--no-fusion", noFusion,
               "Do not fuse elementwise ops (to measure what fusion gains)");
  app.add_option("--winograd", options.winograd,
                 "CPU: compute 3x3 stride-1 convolutions by Winograd's "
                 "F(4x4, 3x3) (36 matmuls over 4x4 output blocks; 4x the "
                 "weight bytes): 'auto' where the cost model estimates it "
                 "pays (--report lists each convolution's estimate and "
                 "choice), 'always', or 'never'")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->default_str("auto");
  app.add_flag("--outline-kernels", options.outlineKernels,
               "Compile each kernel as a function of its own, NAME_kernel_N "
               "(N as in --report), that is never inlined, so that a "
               "profiler such as 'perf report' shows the time of each "
               "kernel; costs a call per kernel. x86_64 only");
  app.add_option("--parallel-min-work", options.parallelMinWork,
                 "Kernels with fewer vector lanes of work than this (loads, "
                 "stores and arithmetic summed over iterations) run on the "
                 "calling thread in NAME_run_parallel; 1 splits every "
                 "kernel that can be split. x86_64 only")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{1}, std::numeric_limits<int64_t>::max()));
  app.set_version_flag("--version", aotc::getVersionString());
  app.add_flag_callback(
      "--list-onnx-ops",
      [] {
        aotc::printSupportedONNXOps(llvm::outs());
        llvm::outs().flush();
        throw CLI::Success();
      },
      "Print every ONNX op aotc imports, with the opsets it accepts, its "
      "inputs and what aotc requires of them (a Markdown table), and exit");

  // --report=VIEW: CLI11 would print a flag with a value as
  // `--report{all}`; the view is taken here and --report left to it.
  std::vector<std::string> args(argv, argv + argc);
  for (std::string &arg : args) {
    if (arg == "--")
      break;
    if (!llvm::StringRef(arg).starts_with("--report="))
      continue;
    std::string view = arg.substr(std::strlen("--report="));
    if (view != "all" && view != "slow") {
      llvm::errs() << "aotc: error: --report=" << view
                   << ": the view is 'all' (the default) or 'slow'\n";
      return 2;
    }
    options.reportSlow = view == "slow";
    arg = "--report";
  }
  std::vector<char *> parsedArgv;
  for (std::string &arg : args)
    parsedArgv.push_back(arg.data());

  try {
    app.parse(static_cast<int>(parsedArgv.size()), parsedArgv.data());
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion &e) {
    return app.exit(e);
  } catch (const CLI::Success &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    llvm::errs() << "aotc: error: " << e.what();
    if (std::string guess = suggestOption(app, argc, argv); !guess.empty())
      llvm::errs() << " (did you mean '" << guess << "'?)";
    llvm::errs() << "\n(run 'aotc --help' for usage)\n";
    return 2;
  }
  options.codegen.optLevel = optLevel;
  options.codegen.codeModel = codeModels.at(codeModel);
  options.emit = emitKinds.at(emit);
  options.fusion = !noFusion;
  options.commandLine.assign(argv, argv + argc);
  options.progress = verbose || llvm::sys::Process::StandardErrIsDisplayed();
  return aotc::compile(options, llvm::errs());
}
