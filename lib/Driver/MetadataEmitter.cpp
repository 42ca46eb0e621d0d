//===- MetadataEmitter.cpp - NAME.json beside the header ------------------===//

#include "aotc/Driver/MetadataEmitter.h"

#include "llvm/Support/JSON.h"

using namespace aotc;

/// `text` as JSON can hold it: a name that is not UTF-8 (a byte string in a
/// .mlir file) gets U+FFFD for each invalid sequence, as the header's octal
/// escapes spell it exactly.
static std::string utf8(llvm::StringRef text) {
  return llvm::json::isUTF8(text) ? text.str() : llvm::json::fixUTF8(text);
}

static void emitTensors(llvm::json::OStream &json,
                        const std::vector<TensorSignature> &tensors) {
  json.array([&] {
    for (const TensorSignature &tensor : tensors)
      json.object([&] {
        json.attribute("name", utf8(tensor.name));
        json.attribute("dtype", getDTypeName(tensor.type.getElementType()));
        json.attributeArray("shape", [&] {
          for (int64_t dim : tensor.type.getShape())
            json.value(dim);
        });
        json.attribute("bytes", static_cast<int64_t>(
                                    getTensorBytes(tensor.type)));
        if (!tensor.dimAxes.empty())
          json.attributeArray("shape_dims", [&] {
            for (int64_t dim : tensor.dimAxes)
              json.value(dim);
          });
        if (tensor.shapeOutput >= 0)
          json.attribute("shape_output", tensor.shapeOutput);
      });
  });
}

void aotc::emitMetadata(const GraphSignature &signature,
                        const CompileDescription &description,
                        llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    json.attribute("format", "aotc-metadata");
    json.attribute("format_version", kMetadataFormatVersion);
    json.attribute("aotc_version", description.aotcVersion);
    json.attribute("name", signature.name);
    json.attribute("source", utf8(signature.source));
    json.attribute("target", description.target);
    json.attribute(signature.cuda ? "gpu_arch" : "cpu", description.arch);
    json.attributeArray("functions", [&] {
      if (!signature.dims.empty()) {
        json.value(signature.name + "_run_dims");
        json.value(signature.name + "_run_dims_parallel");
        return;
      }
      json.value(signature.name + "_run");
      if (signature.cuda)
        json.value(signature.name + "_run_on_stream");
      else
        json.value(signature.name + "_run_parallel");
    });
    json.attribute("temp_bytes", static_cast<int64_t>(signature.tempBytes));
    if (!signature.cuda)
      json.attribute("temp_bytes_per_extra_worker",
                     static_cast<int64_t>(signature.workerTempBytes));
    if (!signature.dims.empty())
      json.attributeArray("dims", [&] {
        for (const DynamicDim &dim : signature.dims)
          json.object([&] {
            json.attribute("name", utf8(dim.name));
            json.attribute("min", dim.min);
            json.attribute("max", dim.max);
          });
      });
    json.attributeBegin("inputs");
    emitTensors(json, signature.inputs);
    json.attributeEnd();
    json.attributeBegin("outputs");
    emitTensors(json, signature.outputs);
    json.attributeEnd();
    json.attributeArray("command_line", [&] {
      for (const std::string &arg : description.commandLine)
        json.value(utf8(arg));
    });
  });
  os << "\n";
}
