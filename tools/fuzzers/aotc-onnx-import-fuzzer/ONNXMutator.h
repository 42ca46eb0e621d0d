//===- ONNXMutator.h - structure-aware mutations of ONNX models -*- C++ -*-===//
//
// libFuzzer's custom mutator and cross-over for ONNX models: an input that
// parses as an onnx::ModelProto is changed as a model (shapes, dtypes,
// attributes, edges, op types, opsets) and serialized again, so nearly every
// mutant is a valid protobuf that reaches the importer's converters; other
// inputs get libFuzzer's byte mutations.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TOOLS_FUZZERS_ONNXMUTATOR_H
#define AOTC_TOOLS_FUZZERS_ONNXMUTATOR_H

#include <cstddef>
#include <cstdint>

namespace aotc::fuzz {

/// LLVMFuzzerCustomMutator: mutates the model in `data` (`size` bytes, at
/// most `maxSize` after mutation) in place; returns the new size.
size_t mutateONNXModel(uint8_t *data, size_t size, size_t maxSize,
                       unsigned seed);

/// LLVMFuzzerCustomCrossOver: a model made of the first model with nodes,
/// initializers and inputs of the second spliced in.
size_t crossOverONNXModels(const uint8_t *data1, size_t size1,
                           const uint8_t *data2, size_t size2, uint8_t *out,
                           size_t maxOutSize, unsigned seed);

} // namespace aotc::fuzz

#endif // AOTC_TOOLS_FUZZERS_ONNXMUTATOR_H
