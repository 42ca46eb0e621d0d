//===- aotc-mlir-fuzzer.cpp - fuzz aotc on .mlir input ----------*- C++ -*-===//
//
// A libFuzzer target: text -> aotc::compile, the library behind the aotc
// tool, with `--emit llvm -O0`: the module is parsed, verified, its entry
// and signature checked, run through every stage of the CPU pipeline down
// to the LLVM dialect and translated to LLVM IR (at -O0, so LLVM's own
// optimizer is not what gets fuzzed). Going through compile() rather than
// the pipeline builders means the fuzzer sees exactly the checks the tool
// makes before any pass runs.
//
// compile() reads a path and writes its output next to the -o path, so
// each input is written to a scratch file and the LLVM IR goes to the same
// scratch folder. A compile that fails with an error is the expected
// answer to a bad module; a crash, a sanitizer report, or an LLVM fatal
// error is a finding. compile() catches fatal errors itself (the aotc tool
// prints "aotc: error: cannot continue: ..." and exits with status 1); the
// diagnostic stream given here notices that line and aborts instead, so
// libFuzzer keeps the input.
//
//===----------------------------------------------------------------------===//

#include "../FuzzerSupport.h"

#include "aotc/Driver/Driver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace {

/// The diagnostic stream compile() writes to: discards (or, with
/// AOTC_FUZZ_VERBOSE, echoes) everything, and reports a finding when the
/// driver's fatal-error handler writes its line, before it exits. That
/// handler writes the prefix, the reason and "\n" as three writes; a source
/// line echoed in a diagnostic that merely reads like the prefix (libFuzzer
/// learns the string from the comparison) is one write and then "\n".
class FatalErrorTrap final : public llvm::raw_ostream {
public:
  FatalErrorTrap() { SetUnbuffered(); }

private:
  static constexpr llvm::StringLiteral kPrefix =
      "aotc: error: cannot continue: ";

  void write_impl(const char *ptr, size_t size) override {
    llvm::StringRef text(ptr, size);
    if (aotc::fuzz::isVerbose())
      llvm::errs() << text;
    position += size;
    if (text == kPrefix) {
      inFatalError = true;
      reason.clear();
    } else if (inFatalError && text == "\n") {
      inFatalError = false;
      if (!reason.empty())
        aotc::fuzz::reportFinding((kPrefix + reason).str());
    } else if (inFatalError) {
      reason += text;
    }
  }
  uint64_t current_pos() const override { return position; }

  bool inFatalError = false;
  std::string reason;
  uint64_t position = 0;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The file is named .mlir so that compile() reads it as MLIR (a binary
  // input gets its "not a text file" error, like the tool).
  aotc::CompileOptions options;
  options.inputPath = aotc::fuzz::writeScratchFile("input.mlir", data, size);
  options.outputPath = aotc::fuzz::getScratchDir() + "/output.ll";
  options.name = "fuzz";
  options.emit = aotc::EmitKind::LLVMIR;
  options.codegen.optLevel = 0;
  // A pass that breaks the IR is found at that pass.
  options.verifyEachPass = true;
  FatalErrorTrap diag;
  aotc::compile(options, diag);
  return 0;
}
