//===- ONNXImporter.h - ONNX models to the tg dialect -------------*- C++ -*-===//
//
// Reads an ONNX ModelProto and builds a module with one func.func in tg ops:
// the graph's inputs that are not initializers become the arguments, its
// outputs the results, both in graph order and named with `tg.name`.
// Initializers and Constant nodes become tg.constant; large ones are stored
// as dense resource blobs so a model imports in time and memory proportional
// to its size. Every dimension must be static: symbolic or unknown input
// dimensions are bound with ONNXImportOptions::inputShapes.
//
// Errors are reported as diagnostics on the context (a location naming the
// model file and node), and the import returns failure. When nodes use ops
// the importer does not support, one error lists all of them.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_IMPORT_ONNX_ONNXIMPORTER_H
#define AOTC_IMPORT_ONNX_ONNXIMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace aotc {

struct ONNXImportOptions {
  /// Shapes for graph inputs whose declared shape is not fully static,
  /// keyed by input name (`--input-shape NAME=1x3x224x224`).
  std::map<std::string, std::vector<int64_t>> inputShapes;
  /// Values for symbolic dimensions (an input dimension's `dim_param`, such
  /// as "batch"), bound in every input that uses the name (`--dim batch=1`).
  /// An input named in inputShapes takes its shape from there instead.
  std::map<std::string, int64_t> dimValues;
  /// Symbolic dimensions given a range instead (`--dim batch=1..64`), as
  /// [min, max]. The importer itself binds only dimValues: the driver
  /// imports the graph at sizes it chooses in the range (see
  /// docs/architecture.md, "Dimensions chosen at run time").
  std::map<std::string, std::pair<int64_t, int64_t>> dimRanges;
  /// Graph inputs frozen to the tensor in a file (a serialized ONNX
  /// TensorProto), keyed by input name (`--input-value NAME=FILE`): they
  /// become constants, not arguments, so shape inputs (Reshape's `shape`,
  /// TopK's `k`, ...) given as graph inputs are known at compile time.
  std::map<std::string, std::string> inputValues;
  /// Bounds for bounded graph outputs (docs/architecture.md, "Bounded
  /// outputs"), keyed by output name (`--max-output NAME=N`): the output
  /// keeps at most N entries along its bounded dimension.
  std::map<std::string, int64_t> maxOutputs;
  /// The name of the function to build.
  std::string functionName = "main";
};

/// The ONNX opset versions (default domain) the importer implements, each op
/// by every definition ONNX gave it in that range (ONNXOpHistory.def), as
/// ONNX's own test models of those opsets confirm. A model importing a newer
/// opset (one that may have changed what an op means) is refused, as
/// onnxruntime does.
inline constexpr int64_t kMinONNXOpset = 6;
inline constexpr int64_t kMaxONNXOpset = 28;

/// Imports the ONNX model in the file at `path`; external tensor data is read
/// relative to that file's folder. Returns a null module after reporting
/// errors on `context`.
mlir::OwningOpRef<mlir::ModuleOp>
importONNXModel(llvm::StringRef path, mlir::MLIRContext &context,
                const ONNXImportOptions &options);

/// Parses `NAME=1x3x224x224` into `options`; returns an error message, or
/// the empty string on success.
std::string parseInputShapeBinding(llvm::StringRef binding,
                                   ONNXImportOptions &options);

/// Parses `NAME=VALUE` (a symbolic dimension and its size) or `NAME=MIN..MAX`
/// (its range) into `options`; returns an error message, or the empty
/// string on success.
std::string parseDimBinding(llvm::StringRef binding,
                            ONNXImportOptions &options);

/// Parses `NAME=FILE` into `options`; returns an error message, or the empty
/// string on success.
std::string parseInputValueBinding(llvm::StringRef binding,
                                   ONNXImportOptions &options);

/// Parses `NAME=N` (a bounded graph output and its bound) into `options`;
/// returns an error message, or the empty string on success.
std::string parseMaxOutputBinding(llvm::StringRef binding,
                                  ONNXImportOptions &options);

} // namespace aotc

#endif // AOTC_IMPORT_ONNX_ONNXIMPORTER_H
