//===- MetadataEmitter.h - NAME.json beside the header -------------*- C++ -*-===//
//
// Writes the machine-readable description of a compiled graph that aotc
// puts beside the C header (docs/architecture.md, "The metadata file"): the
// same facts as the header (inputs, outputs, dtypes, shapes, byte sizes,
// scratch bytes, entry points) and how it was compiled (target, CPU or GPU
// architecture, aotc version, command line), as JSON, so that tools read it
// instead of parsing C.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DRIVER_METADATAEMITTER_H
#define AOTC_DRIVER_METADATAEMITTER_H

#include "aotc/Driver/HeaderEmitter.h"

#include <string>
#include <vector>

namespace aotc {

/// How a graph was compiled, for the metadata file.
struct CompileDescription {
  std::string aotcVersion;
  /// "x86_64" or "cuda".
  std::string target;
  /// The LLVM CPU (x86_64) or the GPU architecture (cuda).
  std::string arch;
  /// aotc's command line, one argument per entry (empty when aotc was not
  /// run from the command line).
  std::vector<std::string> commandLine;
};

/// The version of the metadata format: a reader refuses a larger one.
constexpr int kMetadataFormatVersion = 1;

/// Writes the metadata of `signature` compiled as `description`.
void emitMetadata(const GraphSignature &signature,
                  const CompileDescription &description,
                  llvm::raw_ostream &os);

} // namespace aotc

#endif // AOTC_DRIVER_METADATAEMITTER_H
