//===- ConverterRegistry.cpp - The registry of every op family ---*- C++ -*-===//
//
// Gathers the converters each Ops/*.cpp file registers into one registry, for
// the graph importer and for the supported-op listing.
//
//===----------------------------------------------------------------------===//

#include "NodeImporter.h"

using namespace aotc::onnximport;

ConverterRegistry aotc::onnximport::buildConverterRegistry() {
  ConverterRegistry registry;
  registerElementwiseConverters(registry);
  registerTensorConverters(registry);
  registerReductionConverters(registry);
  registerNNConverters(registry);
  registerIndexingConverters(registry);
  registerTransformerConverters(registry);
  registerLossConverters(registry);
  registerSignalConverters(registry);
  registerSamplingConverters(registry);
  registerQuantizationConverters(registry);
  registerControlFlowConverters(registry);
  registerRecurrentConverters(registry);
  registerTrainingConverters(registry);
  registerSelectionConverters(registry);
  registerLinearAlgebraConverters(registry);
  registerContribConverters(registry);
  registerSequenceConverters(registry);
  return registry;
}
