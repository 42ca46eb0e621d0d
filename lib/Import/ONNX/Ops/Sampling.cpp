//===- Sampling.cpp - ONNX sampling op converters -------------------------===//
//
// Converters from ONNX nodes to tg ops; see NodeImporter.h for the interface.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

void aotc::onnximport::registerSamplingConverters(ConverterRegistry &registry) {
  (void)registry;
}
