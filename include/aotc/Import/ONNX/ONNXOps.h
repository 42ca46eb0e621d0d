//===- ONNXOps.h - The ONNX ops aotc imports ----------------------*- C++ -*-===//
//
// What the importer supports, for users (`aotc --list-onnx-ops`) and for the
// generated table in docs/generated/onnx-ops.md: every op in the converter
// registry with the opsets aotc accepts it in, its input counts, and what aotc
// requires beyond the ONNX schema.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_IMPORT_ONNX_ONNXOPS_H
#define AOTC_IMPORT_ONNX_ONNXOPS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace aotc {

/// One ONNX op (default domain) the importer converts.
struct ONNXOpSupport {
  std::string opType;
  /// The opsets aotc imports the op in: from ONNX's introduction of it (or
  /// kMinONNXOpset) to kMaxONNXOpset (or the last one before ONNX
  /// deprecated it). Both 0 when the importer lacks the op's history.
  int64_t firstOpset = 0;
  int64_t lastOpset = 0;
  /// The opsets within that range in which ONNX redefined the op.
  std::vector<int64_t> versions;
  /// The inputs, as the registry checks them: "2", "1-3", "any number",
  /// with changes by opset ("1; 2-3 from opset 11").
  std::string inputs;
  /// What aotc requires beyond the schema (inputs it needs at compile time,
  /// modes it lacks); empty if nothing.
  std::string notes;
};

/// Every op the importer converts, sorted by name.
std::vector<ONNXOpSupport> getSupportedONNXOps();

/// The opset, after `opset` and up to `upTo`, in which ONNX redefined the
/// default-domain op `opType` (the first one), or 0 when it did not; -1
/// when the importer has no history of the op.
int64_t getONNXOpRedefinition(llvm::StringRef opType, int64_t opset,
                              int64_t upTo);

/// Prints getSupportedONNXOps() as a Markdown table.
void printSupportedONNXOps(llvm::raw_ostream &os);

} // namespace aotc

#endif // AOTC_IMPORT_ONNX_ONNXOPS_H
