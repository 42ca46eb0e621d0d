//===- FuzzerSupport.h - shared pieces of aotc's fuzz targets -----*- C++ -*-===//
//
// What the libFuzzer targets under tools/fuzzers/ share: a private scratch
// folder for the files the driver and the importer read and write (both
// take paths, not buffers), and a fatal-error handler that turns
// `llvm::report_fatal_error` into an abort, so libFuzzer keeps the input
// that reached it. aotc's promise is one clear error line for every bad
// input; a fatal error means an op builder saw a type it should never have
// been given (issue 14), so it is a finding like a crash.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TOOLS_FUZZERS_FUZZERSUPPORT_H
#define AOTC_TOOLS_FUZZERS_FUZZERSUPPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace aotc::fuzz {

/// True when AOTC_FUZZ_VERBOSE is set: the targets then print the
/// diagnostics they otherwise discard (useful when replaying one input).
inline bool isVerbose() { return std::getenv("AOTC_FUZZ_VERBOSE") != nullptr; }

/// A folder of this process's own, made on first use under $TMPDIR (or
/// /tmp) and removed at exit, for the files one input needs.
inline const std::string &getScratchDir() {
  static const std::string dir = [] {
    llvm::SmallString<128> path;
    if (llvm::sys::fs::createUniqueDirectory("aotc-fuzz", path)) {
      std::fprintf(stderr, "aotc fuzzer: cannot create a scratch folder\n");
      std::abort();
    }
    std::string result = path.str().str();
    static std::string toRemove = result;
    std::atexit([] { llvm::sys::fs::remove_directories(toRemove); });
    return result;
  }();
  return dir;
}

/// Writes `data` to `name` in the scratch folder and returns its path.
inline std::string writeScratchFile(llvm::StringRef name, const uint8_t *data,
                                    size_t size) {
  std::string path = getScratchDir() + "/" + name.str();
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error) {
    std::fprintf(stderr, "aotc fuzzer: cannot write %s: %s\n", path.c_str(),
                 error.message().c_str());
    std::abort();
  }
  os.write(reinterpret_cast<const char *>(data), size);
  return path;
}

/// Prints the reason and aborts: libFuzzer saves the input as a crash.
[[noreturn]] inline void reportFinding(llvm::StringRef what) {
  std::fprintf(stderr, "==aotc-fuzz== FINDING: %.*s\n",
               static_cast<int>(what.size()), what.data());
  std::fflush(stderr);
  std::abort();
}

/// Installs a fatal-error handler that reports a finding.
inline void installFatalErrorFinding() {
  llvm::install_fatal_error_handler(
      [](void *, const char *reason, bool) {
        reportFinding(std::string("LLVM fatal error: ") + reason);
      },
      nullptr);
}

} // namespace aotc::fuzz

#endif // AOTC_TOOLS_FUZZERS_FUZZERSUPPORT_H
