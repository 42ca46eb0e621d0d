//===- aotc-onnx-import-fuzzer.cpp - fuzz the ONNX importer -----*- C++ -*-===//
//
// A libFuzzer target: bytes -> onnx::ModelProto -> tg (importONNXModel) ->
// verify. Inputs that are not a ModelProto are rejected (returning -1 keeps
// them out of the corpus); the mutator in ONNXMutator.cpp keeps most
// mutants parseable. A crash, a sanitizer report, an LLVM fatal error, or a
// module that imported but does not verify is a finding; an import error is
// the expected answer to a bad model.
//
// The importer reads a path (external tensor data is found next to it), so
// each input is written to a scratch file first. The context is a bare one,
// as importONNXModel's contract allows: it loads the dialects it needs.
//
//===----------------------------------------------------------------------===//

#include "../FuzzerSupport.h"
#include "ONNXMutator.h"

#include "aotc/Import/ONNX/ONNXImporter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include "onnx/onnx_pb.h"

#include <climits>

using namespace mlir;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  aotc::fuzz::installFatalErrorFinding();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0 || size > static_cast<size_t>(INT_MAX))
    return -1;
  {
    onnx::ModelProto model;
    if (!model.ParseFromArray(data, static_cast<int>(size)))
      return -1;
  }
  std::string path =
      aotc::fuzz::writeScratchFile("model.onnx", data, size);

  // A bare context: importONNXModel loads the dialects it builds ops of.
  // (The driver loads every dialect up front for the pipeline; under ASan
  // that costs 30 times the import of a small model.)
  MLIRContext context(MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  bool verbose = aotc::fuzz::isVerbose();
  ScopedDiagnosticHandler quiet(&context, [&](Diagnostic &diagnostic) {
    if (verbose)
      llvm::errs() << diagnostic.getLocation() << ": " << diagnostic << "\n";
    return success();
  });

  aotc::ONNXImportOptions options;
  OwningOpRef<ModuleOp> module =
      aotc::importONNXModel(path, context, options);
  if (!module)
    return 0;
  if (failed(verify(*module)))
    aotc::fuzz::reportFinding(
        "the importer returned a module that does not verify");
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  return aotc::fuzz::mutateONNXModel(data, size, maxSize, seed);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1,
                                            size_t size1,
                                            const uint8_t *data2,
                                            size_t size2, uint8_t *out,
                                            size_t maxOutSize, unsigned seed) {
  return aotc::fuzz::crossOverONNXModels(data1, size1, data2, size2, out,
                                         maxOutSize, seed);
}
