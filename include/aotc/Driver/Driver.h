//===- Driver.h - the library behind the aotc tool ----------------*- C++ -*-===//
//
// Compiles one graph file to an object file plus a C header. Every error is
// reported as one line on `diag` (`aotc: error: ...`, or an MLIR diagnostic
// with a file location), and no output file is left behind on failure:
// outputs are written to temporary files and renamed into place only when
// everything succeeded.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DRIVER_DRIVER_H
#define AOTC_DRIVER_DRIVER_H

#include "aotc/Driver/CompileOptions.h"

#include "llvm/Support/raw_ostream.h"

namespace aotc {

/// aotc's version string, e.g. "aotc 0.1.0 (LLVM 22.1.8)".
std::string getVersionString();

/// Runs the compilation `options` describes. Returns the process exit code:
/// 0 on success, 1 on any error (already reported on `diag`).
int compile(const CompileOptions &options, llvm::raw_ostream &diag);

} // namespace aotc

#endif // AOTC_DRIVER_DRIVER_H
