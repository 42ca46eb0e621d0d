//===- Driver.cpp - the library behind the aotc tool ----------------------===//
//
// Reads a graph, runs the CPU pipeline stage by stage (dumping IR between
// stages on request), generates machine code through LLVM and writes the
// object and its C header atomically.
//
//===----------------------------------------------------------------------===//

#include "aotc/Driver/Driver.h"

#include "aotc/Analysis/KernelReport.h"
#include "aotc/Analysis/SampleSplit.h"
#include "aotc/Driver/DumpPrinting.h"
#include "aotc/Driver/HeaderEmitter.h"
#include "aotc/Driver/MetadataEmitter.h"
#include "aotc/Driver/ResourceRelease.h"
#include "aotc/Dialect/TG/IR/TGDialect.h"
#include "aotc/Dialect/TG/IR/TGTypeInference.h"
#include "aotc/Import/ONNX/ONNXImporter.h"
#include "aotc/InitAll.h"
#include "aotc/Pipelines/Pipelines.h"
#include "aotc/Target/CPU/ParallelCodegen.h"
#include "aotc/Target/CPU/SampleLoop.h"
#include "aotc/Target/CUDA/HostEmitter.h"
#include "aotc/Target/CUDA/Toolkit.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <chrono>
#include <sys/resource.h>

using namespace mlir;

namespace aotc {

/// Whether the compilation has printed an error (for the fatal-error
/// handler, which cannot reach the Compilation).
static bool errorReported = false;

std::string getVersionString() {
  return "aotc 0.1.0 (LLVM " LLVM_VERSION_STRING ")";
}

namespace {

/// Prints `aotc: error: <message>` and returns failure.
LogicalResult error(llvm::raw_ostream &diag, const llvm::Twine &message) {
  diag << "aotc: error: " << message << "\n";
  return failure();
}

/// Output files written to temporaries beside their destinations and renamed
/// into place together by commit(); discarded if the compilation fails, so a
/// failed run never leaves a partial or stale-looking output behind.
class PendingOutputs {
public:
  PendingOutputs(llvm::raw_ostream &diag) : diag(diag) {}
  ~PendingOutputs() {
    for (Pending &file : files)
      llvm::consumeError(file.temp.discard());
  }

  /// Creates a temporary beside `path` and lets `write` fill it.
  LogicalResult
  add(StringRef path,
      llvm::function_ref<LogicalResult(llvm::raw_pwrite_stream &)> write) {
    if (path == "-") {
      // Standard output, held back until everything succeeded.
      llvm::raw_svector_ostream os(stdoutBuffer);
      return write(os);
    }
    // A device or pipe (-o /dev/null) is written in place at commit: a
    // rename would replace it with a regular file.
    llvm::sys::fs::file_status status;
    if (!llvm::sys::fs::status(path, status) &&
        llvm::sys::fs::exists(status) &&
        !llvm::sys::fs::is_regular_file(status) &&
        !llvm::sys::fs::is_directory(status)) {
      special.push_back({path.str(), {}});
      llvm::raw_svector_ostream os(special.back().contents);
      return write(os);
    }
    llvm::Expected<llvm::sys::fs::TempFile> temp =
        llvm::sys::fs::TempFile::create(path + ".tmp-%%%%%%");
    if (!temp)
      return error(diag, "cannot write '" + path +
                             "': " + llvm::toString(temp.takeError()));
    files.push_back({std::move(*temp), path.str()});
    llvm::raw_fd_ostream os(files.back().temp.FD, /*shouldClose=*/false);
    if (failed(write(os)))
      return failure();
    os.flush();
    if (os.has_error())
      return error(diag, "cannot write '" + path +
                             "': " + os.error().message());
    return success();
  }

  /// Writes the special files, then renames every temporary to its
  /// destination. Special files are written in place and cannot be taken
  /// back, so they go first; a temporary that cannot be renamed takes the
  /// ones renamed before it back out. Either every output is there or none.
  LogicalResult commit() {
    for (Special &file : special) {
      std::error_code ec;
      llvm::raw_fd_ostream os(file.path, ec);
      if (!ec) {
        os << file.contents;
        os.close();
        if (os.has_error()) {
          ec = os.error();
          os.clear_error(); // reported here, not by the stream's destructor
        }
      }
      if (ec)
        return error(diag, "cannot write '" + file.path + "': " + ec.message());
    }
    special.clear();
    std::vector<std::string> placed;
    for (Pending &file : files) {
      if (llvm::Error err = file.temp.keep(file.path)) {
        for (const std::string &path : placed)
          (void)llvm::sys::fs::remove(path);
        return error(diag, "cannot write '" + file.path +
                               "': " + llvm::toString(std::move(err)));
      }
      placed.push_back(file.path);
    }
    files.clear();
    llvm::outs() << stdoutBuffer;
    llvm::outs().flush();
    return success();
  }

private:
  struct Pending {
    llvm::sys::fs::TempFile temp;
    std::string path;
  };
  struct Special {
    std::string path;
    SmallString<0> contents;
  };
  llvm::raw_ostream &diag;
  std::vector<Pending> files;
  std::vector<Special> special;
  SmallString<0> stdoutBuffer;
};

/// A C identifier derived from the input file's name: `my-model.mlir` ->
/// `my_model`.
std::string defaultName(StringRef inputPath) {
  std::string name;
  for (char c : llvm::sys::path::stem(inputPath))
    name += llvm::isAlnum(c) ? c : '_';
  if (name.empty() || llvm::isDigit(name.front()))
    name = "g" + name;
  return name;
}

StringRef extensionFor(EmitKind emit) {
  switch (emit) {
  case EmitKind::Object:
    return ".o";
  case EmitKind::Assembly:
    return ".s";
  case EmitKind::LLVMIR:
    return ".ll";
  case EmitKind::MLIR:
    return ".mlir";
  case EmitKind::PTX:
    return ".ptx";
  }
  llvm_unreachable("unknown emit kind");
}

/// The compilation of one graph; holds the state shared by the steps.
class Compilation {
public:
  Compilation(const CompileOptions &options, llvm::raw_ostream &diag)
      : options(options), diag(diag), outputs(diag) {
    llvm::ThreadPoolStrategy strategy =
        llvm::hardware_concurrency(options.codegen.threads);
    if (strategy.compute_thread_count() > 1) {
      threadPool = std::make_unique<llvm::DefaultThreadPool>(strategy);
      context.setThreadPool(*threadPool);
    }
  }

  LogicalResult run();

private:
  LogicalResult checkOptions();
  LogicalResult parseInput();
  bool isONNX() const;
  LogicalResult importONNX();
  /// Imports the graph for a dimension given a range: once at size 1, the
  /// graph the object runs once per index, after checking that the graph
  /// keeps the indices apart (SampleSplit.h).
  LogicalResult importWithSampleLoop(ONNXImportOptions importOptions,
                                     StringRef dimName, int64_t min,
                                     int64_t max);
  LogicalResult describeSampleLoop();
  void printONNXDiagnostic(Diagnostic &diagnostic);
  LogicalResult selectEntry();
  LogicalResult runPipeline();
  LogicalResult runGPUPipeline();
  bool isCUDA() const { return options.target == "cuda"; }
  /// With --target cuda, prints the first error of a GPU code generation
  /// stage: about an op, as the one line `aotc: error: --target cuda does
  /// not support 'OP' yet`; else as `aotc: error: --target cuda: MESSAGE`.
  void printCUDAError(Diagnostic &diagnostic);
  /// Fails with one line when the folder `path` goes to is missing or
  /// not writable.
  LogicalResult checkWritable(StringRef path);
  LogicalResult writeReport();
  void printReport();
  LogicalResult generateCode();
  /// Writes `text` to NN-<stem> in the dump directory, when dumping.
  LogicalResult dump(StringRef stem,
                     llvm::function_ref<void(llvm::raw_ostream &)> print);

  const CompileOptions &options;
  llvm::raw_ostream &diag;
  PendingOutputs outputs;
  std::string name, outputPath, headerPath, metadataPath;
  std::unique_ptr<llvm::TargetMachine> machine;
  /// The threads of -j: nested pass pipelines run on them (each function of
  /// the module on its own), as does code generation. Declared before the
  /// context, which uses it until it is destroyed.
  std::unique_ptr<llvm::DefaultThreadPool> threadPool;
  MLIRContext context{MLIRContext::Threading::DISABLED};
  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> module;
  func::FuncOp entry;
  GraphSignature signature;
  /// With a dimension given a range: where the graph's inputs and outputs
  /// hold it.
  std::optional<SampleSplit> sampleSplit;
  /// The kernel report's text, when asked for by --report or --dump-dir.
  std::optional<FunctionReport> report;
  /// How many kernels the object runs (the report's rows), for the progress
  /// line of code generation; 0 when not counted.
  size_t kernelCount = 0;
  /// The report's rows left to scalar loops, for --report=slow.
  SmallVector<int64_t> scalarKernels;
  std::string reportText;
  unsigned dumpIndex = 0;
  bool reportedError = false;
  /// Set while a CUDA stage after bufferization runs: its errors are about
  /// what the target cannot compile yet, not about the user's graph.
  bool inCUDACodegen = false;
  bool printedCUDAError = false;
  /// With --target cuda: the kernels' PTX, once the `device` stage ran.
  std::string ptx;
  /// --timings: MLIR's timing manager (each step a scope of the root, each
  /// pass of a stage nested in it) and the peak memory after each step.
  DefaultTimingManager timing;
  TimingScope timingRoot;
  SmallVector<std::pair<std::string, long>> peakMemory;
  /// Starts timing step `name` (a no-op scope without --timings), and says
  /// so with progress output.
  TimingScope time(StringRef name) {
    if (options.progress) {
      std::chrono::duration<double> elapsed =
          std::chrono::steady_clock::now() - started;
      diag << llvm::formatv("aotc: [{0,6:f1} s] {1}\n", elapsed.count(),
                            name);
      diag.flush();
    }
    return timingRoot.nest(name);
  }
  /// When the compile started, for progress output.
  std::chrono::steady_clock::time_point started =
      std::chrono::steady_clock::now();
  /// Notes the peak resident memory after step `name`.
  void notePeakMemory(StringRef name);
  /// Runs pipeline stage `name`, whose passes `build` adds, on the module,
  /// timed, and verifies the module after it (or, with --verify-each, after
  /// each of its passes). A failure has been reported when this returns.
  LogicalResult runStage(StringRef name,
                         llvm::function_ref<void(PassManager &)> build);
  /// Prints the --timings report to the diagnostic stream.
  void printTimings();
};

/// The peak resident memory of this process so far, in KiB: Linux's VmHWM,
/// which starts anew at exec. (getrusage's ru_maxrss keeps the peak of the
/// process that forked aotc: run from a Python that holds a model, aotc
/// would report that Python's memory.)
static long getPeakResidentKiB() {
  if (auto status = llvm::MemoryBuffer::getFileAsStream("/proc/self/status")) {
    StringRef text = (*status)->getBuffer();
    size_t at = text.find("VmHWM:");
    long kib;
    if (at != StringRef::npos &&
        !text.substr(at + 6).ltrim().take_while(llvm::isDigit).getAsInteger(
            10, kib))
      return kib;
  }
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) == 0)
    return usage.ru_maxrss; // KiB on Linux
  return 0;
}

void Compilation::notePeakMemory(StringRef name) {
  if (!options.timings)
    return;
  peakMemory.push_back({name.str(), getPeakResidentKiB()});
}

void Compilation::printTimings() {
  if (!options.timings)
    return;
  timingRoot.stop();
  diag.flush();
  // The timing manager prints to stderr, as diagnostics go; once only (it
  // prints again when destroyed while enabled).
  timing.print();
  timing.setEnabled(false);
  diag << "===" << std::string(73, '-') << "===\n"
       << "                      aotc peak memory (max resident set size)\n"
       << "===" << std::string(73, '-') << "===\n";
  for (auto &[step, kib] : peakMemory)
    diag << llvm::formatv("  {0,9:F1} MiB  after {1}\n", kib / 1024.0, step);
  diag.flush();
}

/// Whether `a` and `b` are one regular file (or would be: paths that do not
/// exist yet compare as absolute paths without dots). Standard output and
/// devices (both outputs on /dev/null) are not.
static bool sameFile(StringRef a, StringRef b) {
  if (a == "-" || b == "-")
    return false;
  llvm::sys::fs::file_status status;
  bool equal = false;
  if (!llvm::sys::fs::equivalent(a, b, equal))
    return equal && !llvm::sys::fs::status(a, status) &&
           llvm::sys::fs::is_regular_file(status);
  SmallString<256> x(a), y(b);
  if (llvm::sys::fs::make_absolute(x) || llvm::sys::fs::make_absolute(y))
    return false;
  llvm::sys::path::remove_dots(x, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(y, /*remove_dot_dot=*/true);
  return x == y;
}

LogicalResult Compilation::checkWritable(StringRef path) {
  if (path == "-")
    return success();
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      llvm::sys::fs::is_directory(status))
    return error(diag, "cannot write '" + path + "': it is a directory");
  // A device or other special file is written in place (PendingOutputs).
  if (!llvm::sys::fs::status(path, status) && llvm::sys::fs::exists(status) &&
      !llvm::sys::fs::is_regular_file(status))
    return success();
  StringRef parent = llvm::sys::path::parent_path(path);
  if (parent.empty())
    parent = ".";
  std::error_code ec;
  if (!llvm::sys::fs::is_directory(parent))
    ec = llvm::sys::fs::exists(parent)
             ? std::make_error_code(std::errc::not_a_directory)
             : std::make_error_code(std::errc::no_such_file_or_directory);
  else
    ec = llvm::sys::fs::access(parent, llvm::sys::fs::AccessMode::Write);
  if (ec)
    return error(diag, "cannot write '" + path + "': " + ec.message());
  return success();
}

LogicalResult Compilation::checkOptions() {
  if (options.target != "x86_64" && options.target != "x86-64" && !isCUDA())
    return error(diag, "unknown --target '" + options.target +
                           "'; expected x86_64 or cuda");
  if (isCUDA()) {
    if (llvm::Error err = cuda::checkGPUArch(options.gpuArch))
      return error(diag, llvm::toString(std::move(err)));
  } else if (options.emit == EmitKind::PTX) {
    return error(diag, "--emit ptx needs --target cuda");
  }
  name = options.name.empty() ? defaultName(options.inputPath) : options.name;
  if (!isCIdentifier(name))
    return error(diag, "--name '" + name +
                           "' is not a C identifier (letters, digits and '_', "
                           "not starting with a digit)");
  if (options.codegen.optLevel > 3)
    return error(diag, "unknown optimization level -O" +
                           llvm::Twine(options.codegen.optLevel) +
                           "; expected -O0 to -O3");
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> tm =
      cpu::createTargetMachine(options.codegen);
  if (!tm)
    return error(diag, llvm::toString(tm.takeError()));
  machine = std::move(*tm);
  outputPath = options.outputPath.empty()
                   ? name + extensionFor(options.emit).str()
                   : options.outputPath;
  // The header goes next to the object unless told otherwise.
  if (!options.headerPath.empty()) {
    headerPath = options.headerPath;
  } else {
    SmallString<128> path(outputPath == "-"
                              ? StringRef()
                              : llvm::sys::path::parent_path(outputPath));
    llvm::sys::path::append(path, name + ".h");
    headerPath = std::string(path);
  }
  // An output that cannot be written fails now, not after compiling.
  bool writesHeader = options.emit == EmitKind::Object ||
                      options.emit == EmitKind::Assembly;
  // The metadata goes beside the header, unless told otherwise; a header on
  // standard output has none.
  if (writesHeader && !options.metadataPath.empty()) {
    metadataPath = options.metadataPath;
  } else if (writesHeader && headerPath != "-") {
    SmallString<128> path(headerPath);
    llvm::sys::path::replace_extension(path, ".json");
    metadataPath = std::string(path);
  }
  if (failed(checkWritable(outputPath)) ||
      (writesHeader && failed(checkWritable(headerPath))) ||
      (!metadataPath.empty() && failed(checkWritable(metadataPath))))
    return failure();
  // Two outputs on one file would leave one of them; an output on the input
  // would overwrite the model. Refused before anything is written.
  if (sameFile(outputPath, options.inputPath))
    return error(diag, "-o '" + outputPath + "' is the input file");
  if (writesHeader && sameFile(headerPath, options.inputPath))
    return error(diag, "--header '" + headerPath + "' is the input file");
  if (writesHeader && sameFile(outputPath, headerPath))
    return error(diag, "-o and --header name the same file '" + outputPath +
                           "'");
  if (!metadataPath.empty() && (sameFile(metadataPath, options.inputPath) ||
                                sameFile(metadataPath, outputPath) ||
                                sameFile(metadataPath, headerPath)))
    return error(diag, "--metadata '" + metadataPath +
                           "' is the input file or another output");
  if (options.report && options.emit == EmitKind::MLIR)
    return error(diag, "--report describes the compiled kernels; --emit mlir "
                       "stops before compiling (use --emit obj, asm or llvm)");
  if (options.report && options.reportSlow && options.target == "cuda")
    return error(diag, "--report=slow lists the CPU's kernels left to scalar "
                       "loops; with --target cuda use --report");
  return success();
}

LogicalResult Compilation::parseInput() {
  const std::string &path = options.inputPath;
  if (llvm::sys::fs::is_directory(path))
    return error(diag, "cannot read '" + path + "': it is a directory");
  // A FIFO or a device would hang or never end.
  llvm::sys::fs::file_status status;
  if (path != "-" && !llvm::sys::fs::status(path, status) &&
      !llvm::sys::fs::is_regular_file(status))
    return error(diag, "cannot read '" + path + "': not a regular file");
  if (isONNX())
    return importONNX();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return error(diag,
                 "cannot read '" + path + "': " + buffer.getError().message());
  if (!options.inputShapes.empty() || !options.inputValues.empty() ||
      !options.dims.empty() || !options.maxOutputs.empty())
    return error(diag, "--input-shape, --input-value, --dim and --max-output "
                       "apply to ONNX "
                       "models; '" +
                           path + "' is an MLIR module");
  if ((*buffer)->getBufferSize() == 0)
    return error(diag, "'" + path + "' is empty; expected an MLIR module");
  // Binary input would make the parser echo raw bytes in its diagnostic.
  StringRef text = (*buffer)->getBuffer();
  const auto *begin = reinterpret_cast<const llvm::UTF8 *>(text.begin());
  if (text.contains('\0') ||
      !llvm::isLegalUTF8String(
          &begin, reinterpret_cast<const llvm::UTF8 *>(text.end())))
    return error(diag, "'" + path +
                           "' is not a text file; expected an MLIR module, "
                           "or an ONNX model named *.onnx");
  DialectRegistry registry;
  registerAllDialects(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
  // Errors speak of the user's graph; a dump of the op in generic form
  // after each one would only bury the message.
  context.printOpOnDiagnostic(false);
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  // The parser may go on after its first error and report what follows
  // from it; the first (with its notes) is the one that explains.
  bool sawError = false;
  ScopedDiagnosticHandler firstErrorOnly(&context, [&](Diagnostic &d) {
    if (d.getSeverity() != DiagnosticSeverity::Error)
      return failure();
    bool later = sawError;
    sawError = true;
    return success(later);
  });
  module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  return success(static_cast<bool>(module));
}

bool Compilation::isONNX() const {
  return llvm::sys::path::extension(options.inputPath).equals_insensitive(
      ".onnx");
}

LogicalResult Compilation::importONNX() {
  ONNXImportOptions importOptions;
  for (const std::string &binding : options.inputShapes) {
    std::string message = parseInputShapeBinding(binding, importOptions);
    if (!message.empty())
      return error(diag, message);
  }
  for (const std::string &binding : options.dims) {
    std::string message = parseDimBinding(binding, importOptions);
    if (!message.empty())
      return error(diag, message);
  }
  for (const std::string &binding : options.inputValues) {
    std::string message = parseInputValueBinding(binding, importOptions);
    if (!message.empty())
      return error(diag, message);
  }
  for (const std::string &binding : options.maxOutputs) {
    std::string message = parseMaxOutputBinding(binding, importOptions);
    if (!message.empty())
      return error(diag, message);
  }
  if (!options.entry.empty())
    importOptions.functionName = options.entry;
  DialectRegistry registry;
  registerAllDialects(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  if (importOptions.dimRanges.size() > 1)
    return error(diag, "--dim gives ranges to '" +
                           importOptions.dimRanges.begin()->first + "' and '" +
                           std::next(importOptions.dimRanges.begin())->first +
                           "'; one dimension may take a range yet");
  if (!importOptions.dimRanges.empty()) {
    auto [dimName, range] = *importOptions.dimRanges.begin();
    importOptions.dimRanges.clear();
    if (range.first == range.second) {
      importOptions.dimValues[dimName] = range.first;
    } else {
      if (isCUDA())
        return error(diag, "--dim " + dimName +
                               "=MIN..MAX: --target cuda takes one size per "
                               "dimension yet; give --dim " +
                               dimName + "=SIZE");
      return importWithSampleLoop(importOptions, dimName, range.first,
                                  range.second);
    }
  }
  module = importONNXModel(options.inputPath, context, importOptions);
  return success(static_cast<bool>(module));
}

LogicalResult Compilation::importWithSampleLoop(ONNXImportOptions importOptions,
                                                StringRef dimName, int64_t min,
                                                int64_t max) {
  // Two sizes above 1 show where each value holds the dimension and that
  // the graph does not depend on its size; the graph at size 1 (where the
  // importer folds broadcasts to the batch away) is what the object runs
  // once per index.
  constexpr int64_t kSmallProbe = 2, kLargeProbe = 3;
  auto importAt = [&](int64_t size) {
    importOptions.dimValues[dimName.str()] = size;
    return importONNXModel(options.inputPath, context, importOptions);
  };
  OwningOpRef<ModuleOp> small = importAt(kSmallProbe);
  if (!small)
    return failure();
  OwningOpRef<ModuleOp> large = importAt(kLargeProbe);
  if (!large)
    return failure();
  StringRef function = importOptions.functionName;
  FailureOr<SampleSplit> split = analyzeSampleSplit(
      small->lookupSymbol<func::FuncOp>(function),
      large->lookupSymbol<func::FuncOp>(function), kSmallProbe, kLargeProbe,
      dimName);
  if (failed(split))
    return failure();
  // The probes' weights are copies of the model's.
  auto smallFunc = small->lookupSymbol<func::FuncOp>(function);
  SmallVector<Type> smallInputs(smallFunc.getArgumentTypes());
  SmallVector<Type> smallOutputs(smallFunc.getResultTypes());
  large = nullptr;
  small = nullptr;
  module = importAt(1);
  if (!module)
    return failure();
  releaseUnreferencedResources(*module);
  // The graph at size 1 must take and return one index of the others.
  auto one = module->lookupSymbol<func::FuncOp>(function);
  auto check = [&](TypeRange ones, ArrayRef<Type> smalls,
                   ArrayRef<std::optional<SampleAxis>> axes,
                   StringRef kind) -> LogicalResult {
    for (auto [i, type] : llvm::enumerate(ones)) {
      Type expected = smalls[i];
      if (const std::optional<SampleAxis> &axis = axes[i]) {
        auto tensor = cast<RankedTensorType>(expected);
        SmallVector<int64_t> shape(tensor.getShape());
        shape[axis->axis] = axis->factor;
        expected = tensor.clone(shape);
      }
      if (type != expected) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << "--dim " << dimName << " with a range: " << kind << " " << i
           << " is " << type << " at size 1, not " << expected
           << " (one index of the graph at larger sizes)";
        return error(diag, text);
      }
    }
    return success();
  };
  if (failed(check(one.getArgumentTypes(), smallInputs, split->inputs,
                   "input")) ||
      failed(check(one.getResultTypes(), smallOutputs, split->outputs,
                   "output")))
    return failure();
  sampleSplit = *split;
  signature.dims.push_back({dimName.str(), min, max});
  return success();
}

/// Records where each input and output holds the dimension the object loops
/// over: one sample's elements must be contiguous (the dimension leading,
/// after dimensions of size 1).
LogicalResult Compilation::describeSampleLoop() {
  if (!sampleSplit)
    return success();
  const std::string &dimName = signature.dims.front().name;
  auto describe = [&](ArrayRef<std::optional<SampleAxis>> axes,
                      std::vector<TensorSignature> &tensors,
                      StringRef kind) -> LogicalResult {
    for (auto [axis, tensor] : llvm::zip(axes, tensors)) {
      if (!axis)
        continue;
      ArrayRef<int64_t> shape = tensor.type.getShape();
      // One index's elements: runs of elements (one when the dimension
      // leads), copied through staging buffers otherwise.
      tensor.sampleRuns = sampleFlatLayout(tensor.type, *axis).first;
      unsigned bits = tensor.type.getElementTypeBitWidth();
      if (tensor.sampleRuns > 1 && bits < 8 && bits > 1)
        return error(diag, "--dim " + dimName + " with a range: " + kind +
                               " '" + tensor.name + "' holds '" + dimName +
                               "' in dimension " + llvm::Twine(axis->axis) +
                               " of packed " + llvm::Twine(bits) +
                               "-bit elements; only a leading dimension can "
                               "take a range there yet");
      tensor.dimAxes.assign(shape.size(), -1);
      tensor.dimAxes[axis->axis] = 0;
    }
    return success();
  };
  return failure(
      failed(describe(sampleSplit->inputs, signature.inputs, "input")) ||
      failed(describe(sampleSplit->outputs, signature.outputs, "output")));
}

/// The most telling part of `loc` for a user: an ONNX node or initializer
/// name, or file:line:col; empty when there is none.
static std::string describeLocation(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return llvm::formatv("{0}:{1}:{2}", file.getFilename(), file.getLine(),
                         file.getColumn())
        .str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (std::string text = describeLocation(part); !text.empty())
        return text;
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return describeLocation(callSite.getCallee());
  return "";
}

/// `text` with control characters and bytes that are not valid UTF-8
/// written as \xNN: names read from a corrupt model must not reach the
/// terminal raw.
static std::string sanitize(StringRef text) {
  std::string result;
  const auto *begin = reinterpret_cast<const llvm::UTF8 *>(text.begin());
  const auto *end = reinterpret_cast<const llvm::UTF8 *>(text.end());
  while (begin != end) {
    unsigned length = llvm::getNumBytesForUTF8(*begin);
    bool printable = *begin >= 0x20 && *begin != 0x7f;
    if (printable && length <= static_cast<unsigned>(end - begin) &&
        llvm::isLegalUTF8Sequence(begin, begin + length)) {
      result.append(reinterpret_cast<const char *>(begin), length);
      begin += length;
      continue;
    }
    result += llvm::formatv("\\x{0:x-2}", static_cast<unsigned>(*begin));
    ++begin;
  }
  return result;
}

/// ONNX models have no source text to quote: diagnostics print as
/// `aotc: error: model.onnx: node 'conv1' (Conv): message`.
void Compilation::printONNXDiagnostic(Diagnostic &diagnostic) {
  auto print = [&](Diagnostic &d) {
    StringRef severity = "error";
    if (d.getSeverity() == DiagnosticSeverity::Warning)
      severity = "warning";
    else if (d.getSeverity() != DiagnosticSeverity::Error)
      severity = "note";
    diag << "aotc: " << severity << ": " << options.inputPath << ": ";
    if (std::string where = describeLocation(d.getLocation()); !where.empty())
      diag << sanitize(where) << ": ";
    diag << sanitize(d.str()) << "\n";
  };
  print(diagnostic);
  for (Diagnostic &note : diagnostic.getNotes())
    print(note);
}

/// An .mlir input is a graph of tg ops, with scf.for for recurrences (its
/// loop-carried tensors are what tg.dynamic_update_slice writes), scf.while
/// for loops whose condition is computed at run time and scf.if for
/// branches, their conditions read with tensor.extract. An op of
/// another dialect on tensors (linalg, tensor, arith on tensors, ...) would
/// reach passes that assume tg semantics, so it is refused at its location
/// before any pass runs.
static LogicalResult checkGraphOps(ModuleOp module) {
  auto isTensor = [](Type type) { return isa<TensorType>(type); };
  WalkResult walk = module.walk([&](Operation *op) {
    if (isa<func::FuncOp, func::ReturnOp, func::CallOp, scf::ForOp,
            scf::IfOp, scf::WhileOp, scf::ConditionOp, scf::YieldOp,
            tensor::ExtractOp>(op) ||
        isa_and_nonnull<tg::TGDialect>(op->getDialect()))
      return WalkResult::advance();
    if (llvm::any_of(op->getOperandTypes(), isTensor) ||
        llvm::any_of(op->getResultTypes(), isTensor)) {
      op->emitError() << "expected only tg ops on tensors, got '"
                      << op->getName()
                      << "' (aotc compiles graphs of tg ops; see "
                         "docs/generated/TGDialect.md)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult Compilation::selectEntry() {
  SmallVector<func::FuncOp> candidates;
  for (auto func : module->getOps<func::FuncOp>()) {
    if (!options.entry.empty() ? func.getSymName() == options.entry
                               : func.isPublic() && !func.isExternal())
      candidates.push_back(func);
  }
  if (candidates.empty())
    return error(diag, options.entry.empty()
                           ? "'" + options.inputPath +
                                 "' has no public func.func to compile"
                           : "'" + options.inputPath +
                                 "' has no func.func named '" + options.entry +
                                 "'");
  if (candidates.size() > 1)
    return error(diag, "'" + options.inputPath + "' has " +
                           llvm::Twine(candidates.size()) +
                           " public functions; choose one with --entry");
  entry = candidates.front();
  if (entry.isExternal())
    return entry.emitError("expected a function with a body to compile");

  signature.name = name;
  signature.source = llvm::sys::path::filename(options.inputPath).str();
  auto describe = [&](Type type, DictionaryAttr attrs, StringRef fallback,
                      std::vector<TensorSignature> &into) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return entry.emitError("expected statically shaped tensors in the "
                             "signature of the compiled function, got ")
             << type;
    // An i8 tensor of packed low-precision elements (float8, int4, ...; see
    // the ONNX importer's LowPrecision.h) shows the caller their type.
    if (auto logical = attrs ? attrs.getAs<TypeAttr>("tg.logical_type")
                             : TypeAttr()) {
      auto logicalTensor = dyn_cast<RankedTensorType>(logical.getValue());
      if (!logicalTensor || !logicalTensor.hasStaticShape() ||
          getCElementType(logicalTensor.getElementType()) != "uint8_t" ||
          !tensor.getElementType().isInteger(8) ||
          getTensorBytes(logicalTensor) != getTensorBytes(tensor))
        return entry.emitError("tg.logical_type ")
               << logical << " does not describe the bytes of " << type;
      tensor = logicalTensor;
    } else if (getCElementType(tensor.getElementType()).empty() ||
               (tensor.getElementType().isInteger() &&
                !tensor.getElementType().isSignlessInteger())) {
      // tg is signless: unsigned types reach the header only via
      // tg.unsigned.
      return entry.emitError("unsupported element type ")
             << tensor.getElementType()
             << " in the signature of the compiled function";
    }
    auto named = attrs ? attrs.getAs<StringAttr>("tg.name") : StringAttr();
    // tg is signless; `tg.unsigned` (the ONNX importer sets it for uint8
    // ... uint64 tensors) makes the header's type unsigned (uint8_t, "ui8").
    Type element = tensor.getElementType();
    if (attrs && attrs.get("tg.unsigned")) {
      if (!element.isSignlessInteger() || element.isInteger(1))
        return entry.emitError("expected tg.unsigned only on integer "
                               "tensors, got ")
               << type;
      tensor = tensor.clone(IntegerType::get(
          element.getContext(), element.getIntOrFloatBitWidth(),
          IntegerType::Unsigned));
    }
    if (named && named.size() > kMaxHeaderTensorName)
      return entry.emitError("tensor name of ")
             << named.size() << " bytes is longer than the "
             << kMaxHeaderTensorName
             << " characters a C string literal in the header may hold";
    into.push_back({named ? named.str() : fallback.str(), tensor});
    return success();
  };
  // A bounded output names the output holding its actual shape: another
  // output, 1-D i64 with one entry per dimension.
  auto describeBounded = [&](unsigned i) -> LogicalResult {
    DictionaryAttr attrs = entry.getResultAttrDict(i);
    Attribute attr = attrs ? attrs.get("tg.shape_output") : Attribute();
    if (!attr)
      return success();
    auto index = dyn_cast<IntegerAttr>(attr);
    TypeRange results = entry.getResultTypes();
    auto bounded = cast<RankedTensorType>(results[i]);
    auto shapeType =
        index && index.getInt() >= 0 &&
                index.getInt() < static_cast<int64_t>(results.size()) &&
                index.getInt() != i
            ? dyn_cast<RankedTensorType>(results[index.getInt()])
            : RankedTensorType();
    if (!shapeType || shapeType.getShape() != ArrayRef<int64_t>{
                                                  bounded.getRank()} ||
        !shapeType.getElementType().isSignlessInteger(64))
      return entry.emitError("tg.shape_output of result ")
             << i << " must name another result of type tensor<"
             << bounded.getRank() << "xi64>, got " << attr;
    signature.outputs[i].shapeOutput = index.getInt();
    return success();
  };
  for (auto [i, type] : llvm::enumerate(entry.getArgumentTypes()))
    if (failed(describe(type, entry.getArgAttrDict(i),
                        ("input" + llvm::Twine(i)).str(), signature.inputs)))
      return failure();
  for (auto [i, type] : llvm::enumerate(entry.getResultTypes()))
    if (failed(describe(type, entry.getResultAttrDict(i),
                        ("output" + llvm::Twine(i)).str(), signature.outputs)))
      return failure();
  for (unsigned i = 0; i < entry.getNumResults(); ++i)
    if (failed(describeBounded(i)))
      return failure();
  return success();
}

LogicalResult
Compilation::dump(StringRef stem,
                  llvm::function_ref<void(llvm::raw_ostream &)> print) {
  if (options.dumpDir.empty())
    return success();
  if (std::error_code ec =
          llvm::sys::fs::create_directories(options.dumpDir))
    return error(diag, "cannot create --dump-dir '" + options.dumpDir +
                           "': " + ec.message());
  SmallString<128> path(options.dumpDir);
  llvm::sys::path::append(path, llvm::formatv("{0:2}-{1}", dumpIndex++, stem)
                                    .str());
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return error(diag, "cannot write '" + path + "': " + ec.message());
  print(os);
  return success();
}

/// Whether pipeline stage `name` may replace weights with relaid-out copies
/// (folded transposes, packed panels): the stages before the lowering to
/// the LLVM dialect, which copies none and has the most ops to walk.
static bool mayReplaceWeights(StringRef name) {
  return name != "llvm" && name != "device" && name != "host";
}

LogicalResult Compilation::runPipeline() {
  if (isCUDA())
    return runGPUPipeline();
  CPUPipelineOptions pipelineOptions;
  pipelineOptions.entry = entry.getSymName().str();
  pipelineOptions.name = name;
  pipelineOptions.fusion = options.fusion;
  pipelineOptions.winograd = options.winograd;
  pipelineOptions.outlineKernels = options.outlineKernels;
  pipelineOptions.scalarKernels = options.report && options.reportSlow;
  pipelineOptions.parallelMinWork = options.parallelMinWork;
  cpu::VectorRegisters registers = cpu::getVectorRegisters(*machine);
  pipelineOptions.vectorBits = registers.bits;
  pipelineOptions.vectorRegisters = registers.count;
  pipelineOptions.roundInstructions = cpu::hasRoundInstructions(*machine);
  pipelineOptions.vnni = registers.bits == 512 && cpu::hasVNNI(*machine);
  if (failed(dump("input.mlir", [&](auto &os) { printModuleForDump(*module, os, options.dumpConstants); })))
    return failure();
  for (const PipelineStage &stage : getCPUPipelineStages()) {
    if (failed(runStage(stage.name, [&](PassManager &pm) {
          stage.build(pm, pipelineOptions);
        })))
      return failure();
    if (failed(dump((stage.name + ".mlir").str(),
                    [&](auto &os) { printModuleForDump(*module, os, options.dumpConstants); })))
      return failure();
    // Kernels are what the fusion stage leaves: linalg on tensors, one
    // top-level op (or loop nest) per kernel. docs/report.md.
    // The rows aotc-cpu-mark-scalar-kernels recorded (loops stage), in
    // every function the entry point became, while they are func.funcs.
    if (pipelineOptions.scalarKernels)
      for (auto func : (*module)->getRegion(0).getOps<func::FuncOp>())
        if (auto rows =
                func->getAttrOfType<DenseI64ArrayAttr>(kScalarKernelsAttr))
          for (int64_t row : rows.asArrayRef())
            if (!llvm::is_contained(scalarKernels, row))
              scalarKernels.push_back(row);
    if (stage.name == "fusion" &&
        (options.report || !options.dumpDir.empty() || options.progress))
      if (auto func = module->lookupSymbol<func::FuncOp>(pipelineOptions.entry)) {
        report = analyzeKernels(func);
        kernelCount = report->kernels.size();
      }
  }
  return writeReport();
}

LogicalResult
Compilation::runStage(StringRef name,
                      llvm::function_ref<void(PassManager &)> build) {
  PassManager pm(&context);
  // Verifying the module after every pass took a quarter of ResNet-50's
  // compile; after each stage it still never reaches the next stage, or
  // LLVM, invalid. --verify-each finds the pass that broke it.
  pm.enableVerifier(options.verifyEachPass);
  if (mayReplaceWeights(name))
    pm.addInstrumentation(std::make_unique<ResourceReleaseInstrumentation>());
  build(pm);
  TimingScope stageTime = time(name);
  pm.enableTiming(stageTime);
  LogicalResult result = pm.run(*module);
  if (succeeded(result) && !options.verifyEachPass) {
    TimingScope verifyTime = stageTime.nest("verify");
    if (failed(mlir::verify(*module)))
      return error(diag, "internal compiler error: the IR after pipeline "
                         "stage '" + name + "' does not verify; --verify-each "
                         "names the pass that broke it");
  }
  stageTime.stop();
  notePeakMemory(name);
  // Passes report their failures as diagnostics; should one fail silently,
  // the user still gets a line saying where.
  if (failed(result) && !reportedError)
    return error(diag, "internal compiler error: pipeline stage '" + name +
                           "' failed without a diagnostic");
  return result;
}

LogicalResult Compilation::runGPUPipeline() {
  GPUPipelineOptions pipelineOptions;
  pipelineOptions.entry = entry.getSymName().str();
  pipelineOptions.name = name;
  pipelineOptions.fusion = options.fusion;
  pipelineOptions.gpuArch = options.gpuArch;
  pipelineOptions.tf32 = options.gpuTf32;
  pipelineOptions.optLevel = options.codegen.optLevel;
  // Both parts of the CUDA toolkit are optional: libdevice for math on the
  // GPU, ptxas for a cubin next to the PTX (docs/cuda.md).
  pipelineOptions.toolkitPath = cuda::findToolkitWithLibdevice();
  if (options.emit == EmitKind::Object)
    pipelineOptions.ptxas = cuda::findPtxas();
  if (failed(dump("input.mlir", [&](auto &os) { printModuleForDump(*module, os, options.dumpConstants); })))
    return failure();
  for (const GPUPipelineStage &stage : getGPUPipelineStages()) {
    // --emit ptx stops at the PTX.
    if (options.emit == EmitKind::PTX && stage.name == "host")
      break;
    inCUDACodegen = stage.name == "kernels" || stage.name == "device" ||
                    stage.name == "host";
    LogicalResult result = runStage(stage.name, [&](PassManager &pm) {
      stage.build(pm, pipelineOptions);
    });
    inCUDACodegen = false;
    if (failed(result))
      return failure();
    if (failed(dump((stage.name + ".mlir").str(),
                    [&](auto &os) { printModuleForDump(*module, os, options.dumpConstants); })))
      return failure();
    // Kernels are the launches the kernels stage leaves, whichever pass
    // built each one: the report lists exactly what the object launches.
    if (stage.name == "kernels" &&
        (options.report || !options.dumpDir.empty() || options.progress))
      for (auto func : module->getOps<func::FuncOp>())
        if (func->hasAttr("aotc.cuda.entry")) {
          report = analyzeLaunches(func);
          report->function = pipelineOptions.entry;
          kernelCount = report->kernels.size();
        }
    if (stage.name == "device") {
      ptx = cuda::getKernelsPTX(*module);
      if (failed(dump("kernels.ptx", [&](auto &os) { os << ptx; })))
        return failure();
    }
  }
  return writeReport();
}

void Compilation::printCUDAError(Diagnostic &diagnostic) {
  if (printedCUDAError)
    return;
  printedCUDAError = true;
  std::string message = diagnostic.str();
  StringRef text = StringRef(message).split('\n').first.trim();
  diag << "aotc: error: ";
  if (text.starts_with("--target cuda")) {
    diag << text << "\n";
    return;
  }
  // Upstream conversions name the op they could not lower:
  // "failed to legalize operation 'math.erf' ...".
  size_t quote = text.find("operation '");
  if (quote != StringRef::npos) {
    StringRef op = text.drop_front(quote + strlen("operation '"));
    op = op.take_until([](char c) { return c == '\''; });
    diag << "--target cuda does not support '" << op << "' yet\n";
    return;
  }
  // Not about an op (ptxas failed, say): the whole message.
  diag << "--target cuda: " << StringRef(message).trim() << "\n";
}

LogicalResult Compilation::writeReport() {
  if (!report && options.report)
    return error(diag, llvm::formatv("internal compiler error: --report found "
                                     "no '{0}' stage to read the kernels after",
                                     isCUDA() ? "kernels" : "fusion")
                           .str());
  if (!report)
    return success();
  // The temporary arena is planned after bufferization: read its size from
  // the module at the end of the pipeline.
  ReportContext context;
  context.description =
      isCUDA() ? llvm::formatv("name {0}, target cuda, gpu-arch {1}", name,
                               options.gpuArch)
                     .str()
               : llvm::formatv("name {0}, target {1}, cpu {2}", name,
                               options.target, options.codegen.cpu)
                     .str();
  context.tempBytes = getPlannedTempBytes(*module);
  context.parallel = getParallelKernels(*module);
  if (auto bytes =
          (*module)->getAttrOfType<IntegerAttr>("aotc.worker_temp_bytes"))
    context.workerTempBytes = bytes.getValue().getZExtValue();
  std::string fullReport;
  llvm::raw_string_ostream full(fullReport);
  printKernelReport(*report, context, full);
  if (options.report && options.reportSlow) {
    llvm::raw_string_ostream os(reportText);
    printSlowKernelReport(*report, context, scalarKernels, os);
  } else {
    reportText = fullReport;
  }
  report.reset(); // its kernels point at ops the later stages replaced
  if (options.dumpDir.empty())
    return success();
  SmallString<128> path(options.dumpDir);
  llvm::sys::path::append(path, "report.txt");
  std::error_code ec;
  llvm::raw_fd_ostream file(path, ec);
  if (ec)
    return error(diag, "cannot write '" + path + "': " + ec.message());
  file << fullReport;
  return success();
}

void Compilation::printReport() {
  if (!options.report)
    return;
  // Standard output may carry the object or header (`-o -`); the report
  // then goes with the diagnostics, so it never corrupts them.
  bool stdoutTaken = outputPath == "-" ||
                     (options.emit != EmitKind::LLVMIR &&
                      options.emit != EmitKind::PTX && headerPath == "-");
  llvm::raw_ostream &os = stdoutTaken ? diag : llvm::outs();
  os << reportText;
  os.flush();
}

LogicalResult Compilation::generateCode() {
  // The size of the scratch arena aotc-cpu-plan-memory laid the temporaries
  // out in: the header's NAME_TEMP_BYTES.
  if (auto bytes = (*module)->getAttrOfType<IntegerAttr>("aotc.temp_bytes"))
    signature.tempBytes = bytes.getValue().getZExtValue();
  // What each worker past the first adds to it in NAME_run_parallel
  // (aotc-cpu-parallelize-kernels).
  if (auto bytes =
          (*module)->getAttrOfType<IntegerAttr>("aotc.worker_temp_bytes"))
    signature.workerTempBytes = bytes.getValue().getZExtValue();
  if (options.emit == EmitKind::PTX)
    return outputs.add(outputPath, [&](llvm::raw_pwrite_stream &os) {
      os << ptx;
      return success();
    });
  signature.cuda = isCUDA();
  TimingScope translateTime = time("translate to LLVM IR");
  // The weights go from their resource blobs to the object file, past
  // LLVM; a dump or LLVM IR output shows them in LLVM's module instead.
  std::vector<cpu::ObjectConstant> constants;
  if (options.emit == EmitKind::Object && options.dumpDir.empty())
    constants = cpu::takeResourceConstants(
        *module, options.codegen.codeModel != llvm::CodeModel::Small,
        options.codegen.largeDataThreshold);
  llvm::LLVMContext llvmContext;
  llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
      isCUDA() ? cuda::translateHostToLLVMIR(*module, llvmContext, *machine,
                                             name)
               : cpu::translateToLLVMIR(
                     *module, llvmContext, *machine,
                     signature.dims.empty()
                         ? std::vector<std::string>{name + "_run",
                                                    name + "_run_parallel"}
                         : std::vector<std::string>{});
  notePeakMemory("translate to LLVM IR");
  if (!llvmModule)
    return error(diag, llvm::toString(llvmModule.takeError()));
  if (!signature.dims.empty()) {
    // The one-sample graph, run once per index of the ranged dimension.
    // Each worker's arena: staging buffers for tensors whose indices are
    // not contiguous, then the one-sample graph's arena.
    cpu::SampleLoop loop;
    loop.min = signature.dims.front().min;
    loop.max = signature.dims.front().max;
    auto align64 = [](uint64_t n) { return (n + 63) / 64 * 64; };
    uint64_t staging = 0;
    auto describe = [&](const TensorSignature &t) {
      cpu::SampleTensor tensor;
      if (t.dimAxes.empty())
        return tensor;
      tensor.runs = t.sampleRuns;
      tensor.runBytes = getTensorBytes(t.type) / t.sampleRuns;
      if (tensor.runs > 1) {
        tensor.stagingOffset = staging;
        staging += align64(getTensorBytes(t.type));
      }
      return tensor;
    };
    for (const TensorSignature &t : signature.inputs)
      loop.inputs.push_back(describe(t));
    for (const TensorSignature &t : signature.outputs)
      loop.outputs.push_back(describe(t));
    loop.graphTempOffset = staging;
    loop.tempBytes = staging ? align64(staging + signature.tempBytes)
                             : signature.tempBytes;
    loop.workerTempBytes = signature.workerTempBytes;
    signature.tempBytes = loop.tempBytes;
    if (llvm::Error err =
            cpu::addSampleLoopEntryPoints(**llvmModule, name, loop))
      return error(diag, llvm::toString(std::move(err)));
  }
  if (failed(dump("llvm-ir.ll", [&](auto &os) {
        printLLVMModuleForDump(**llvmModule, os, options.dumpConstants);
      })))
    return failure();
  translateTime.stop();
  // An object is optimized and generated in parts, on threads
  // (ParallelCodegen.h); other outputs, and the module a dump shows, are
  // optimized whole and generated in one part.
  const cpu::CodegenOptions &codegen = options.codegen;
  bool inParts = options.emit == EmitKind::Object && options.dumpDir.empty();
  unsigned parts = !inParts       ? 1
                   : codegen.parts ? codegen.parts
                                   : cpu::getDefaultCodegenParts(**llvmModule);
  bool optimizeInParts = inParts && parts > 1;
  if (!optimizeInParts) {
    TimingScope optimizeTime = time("LLVM optimization");
    cpu::optimizeLLVMModule(**llvmModule, *machine, options.codegen.optLevel);
    notePeakMemory("LLVM optimization");
  }
  if (failed(dump("llvm-ir-optimized.ll", [&](auto &os) {
        printLLVMModuleForDump(**llvmModule, os, options.dumpConstants);
      })))
    return failure();

  if (!options.dumpDir.empty()) {
    // Assembly generation mutates nothing we need afterwards, but the code
    // generator consumes the module: emit it from a copy.
    SmallString<0> assembly;
    llvm::raw_svector_ostream os(assembly);
    std::unique_ptr<llvm::Module> copy = llvm::CloneModule(**llvmModule);
    // The weights as zeros: .zero directives instead of megabytes of .byte.
    if (!options.dumpConstants) {
      auto [count, bytes] = elideLargeConstants(*copy);
      if (count)
        os << "# aotc --dump-dir: the " << count << " constants larger than "
           << kDumpConstantElements * 4 << " bytes (" << bytes
           << " bytes in all) are zeros here; --dump-constants keeps them\n";
    }
    if (llvm::Error err =
            cpu::emitMachineCode(*copy, *machine, /*assembly=*/true, os))
      return error(diag, llvm::toString(std::move(err)));
    if (failed(dump("x86_64.s", [&](auto &out) { out << assembly; })))
      return failure();
  }

  if (options.emit == EmitKind::LLVMIR)
    return outputs.add(outputPath, [&](llvm::raw_pwrite_stream &os) {
      (*llvmModule)->print(os, nullptr);
      return success();
    });
  bool assembly = options.emit == EmitKind::Assembly;
  std::string ofKernels =
      kernelCount ? llvm::formatv(" of {0} kernel{1}", kernelCount,
                                  kernelCount == 1 ? "" : "s")
                        .str()
                  : "";
  std::string codegenStep =
      optimizeInParts ? llvm::formatv("LLVM optimization and code generation{2}, "
                                      "{0} parts on {1} threads",
                                      parts,
                                      codegen.threads
                                          ? codegen.threads
                                          : llvm::hardware_concurrency()
                                                .compute_thread_count(),
                                      ofKernels)
                            .str()
                      : "code generation" + ofKernels;
  TimingScope codegenTime = time(codegenStep);
  if (failed(outputs.add(outputPath, [&](llvm::raw_pwrite_stream &os) {
        if (llvm::Error err =
                assembly ? cpu::emitMachineCode(**llvmModule, *machine,
                                                /*assembly=*/true, os)
                         : cpu::emitObjectInParts(
                               **llvmModule, *machine, codegen, parts,
                               codegen.threads, optimizeInParts,
                               constants, os))
          return error(diag, llvm::toString(std::move(err)));
        return success();
      })))
    return failure();
  codegenTime.stop();
  notePeakMemory("code generation");
  if (!metadataPath.empty()) {
    CompileDescription description;
    description.aotcVersion = getVersionString();
    description.target = isCUDA() ? "cuda" : "x86_64";
    description.arch = isCUDA() ? options.gpuArch : options.codegen.cpu;
    description.commandLine = options.commandLine;
    if (failed(outputs.add(metadataPath, [&](llvm::raw_pwrite_stream &os) {
          emitMetadata(signature, description, os);
          return success();
        })))
      return failure();
  }
  return outputs.add(headerPath, [&](llvm::raw_pwrite_stream &os) {
    emitCHeader(signature, os);
    return success();
  });
}

LogicalResult Compilation::run() {
  if (failed(checkOptions()))
    return failure();
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diag);
  // Registered last, so it runs first: notes the error, then lets the
  // source manager handler print it.
  ScopedDiagnosticHandler errorTracker(&context, [&](Diagnostic &d) {
    // A builder whose result type cannot be inferred (the error saying why
    // is printed by then) remarks "location of op" before it stops the
    // process: handleFatalError exits quietly after an error, and the
    // remark would only repeat the location.
    if (reportedError && d.getSeverity() == DiagnosticSeverity::Remark &&
        d.str() == "location of op")
      return success();
    reportedError |= d.getSeverity() == DiagnosticSeverity::Error;
    errorReported = reportedError;
    if (inCUDACodegen) {
      if (d.getSeverity() == DiagnosticSeverity::Error)
        printCUDAError(d);
      else if (d.getSeverity() == DiagnosticSeverity::Warning)
        diag << "aotc: warning: " << d.str() << "\n";
      return success();
    }
    if (isONNX()) {
      printONNXDiagnostic(d);
      return success();
    }
    return failure();
  });
  if (options.timings) {
    timing.setEnabled(true);
    timing.setDisplayMode(DefaultTimingManager::DisplayMode::Tree);
    timingRoot = timing.getRootScope();
  }
  llvm::scope_exit reportTimings([&] { printTimings(); });
  {
    TimingScope importTime = time(isONNX() ? "import ONNX" : "parse");
    // Sizes before any pass: no pass may allocate or fold a tensor that
    // overflows or exceeds the limits (TGTypeInference.h).
    if (failed(parseInput()) || failed(tg::checkTensorSizes(*module)) ||
        (!isONNX() && failed(checkGraphOps(*module))) ||
        failed(selectEntry()) || failed(describeSampleLoop()))
      return failure();
  }
  notePeakMemory(isONNX() ? "import ONNX" : "parse");
  if (options.emit == EmitKind::MLIR) {
    if (failed(outputs.add(outputPath, [&](llvm::raw_pwrite_stream &os) {
          module->print(os);
          return success();
        })))
      return failure();
    return outputs.commit();
  }
  if (failed(runPipeline()) || failed(generateCode()) ||
      failed(outputs.commit()))
    return failure();
  printReport();
  return success();
}

} // namespace

/// The stream diagnostics go to, for the fatal-error handler.
static llvm::raw_ostream *fatalErrorStream = nullptr;

/// MLIR builders stop the process when an op's result type cannot be
/// inferred (an ONNX model with mismatched shapes, say); the diagnostic
/// saying why has been printed by then, and is the one line to show. Exit
/// with status 1 and remove the pending temporary outputs rather than abort
/// with a crash report.
static void handleFatalError(void *, const char *reason, bool) {
  bool explained = errorReported &&
                   StringRef(reason).starts_with("Failed to infer result type");
  if (fatalErrorStream && !explained)
    *fatalErrorStream << "aotc: error: cannot continue: " << reason << "\n";
  llvm::sys::RunInterruptHandlers();
  std::_Exit(1);
}

int compile(const CompileOptions &options, llvm::raw_ostream &diag) {
  fatalErrorStream = &diag;
  llvm::ScopedFatalErrorHandler fatalErrors(handleFatalError);
  Compilation compilation(options, diag);
  return succeeded(compilation.run()) ? 0 : 1;
}

} // namespace aotc
