//===- Signal.cpp - ONNX signal-processing op converters ------------------===//
//
// Converters from ONNX nodes to tg ops; see NodeImporter.h for the interface.
//
//===----------------------------------------------------------------------===//

#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

void aotc::onnximport::registerSignalConverters(ConverterRegistry &registry) {
  (void)registry;
}
