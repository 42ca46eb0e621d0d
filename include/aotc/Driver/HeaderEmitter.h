//===- HeaderEmitter.h - the C header of a compiled graph ---------*- C++ -*-===//
//
// Writes the C99 header that is the contract between a compiled graph and the
// apps that call it:
//
//   #define NAME_NUM_INPUTS  n
//   #define NAME_NUM_OUTPUTS m
//   #define NAME_TEMP_BYTES  t
//   static const size_t NAME_INPUT_BYTES[]  = { ... };
//   static const size_t NAME_OUTPUT_BYTES[] = { ... };
//   int NAME_run(const void *const *inputs, void *const *outputs, void *temp);
//   int NAME_run_parallel(..., void *temp, const aotc_parallel *parallel);
//
// plus per-tensor names, dtypes and shapes, and a typed wrapper.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DRIVER_HEADEREMITTER_H
#define AOTC_DRIVER_HEADEREMITTER_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace aotc {

/// One input or output of the compiled function.
struct TensorSignature {
  std::string name;
  mlir::RankedTensorType type;
  /// A bounded output (its extent is known only at run time; `type` is its
  /// largest shape): the index of the output that receives its actual
  /// shape. -1 for every other tensor.
  int64_t shapeOutput = -1;
  /// With dimensions chosen at run time: per axis, the index of the
  /// dimension whose size scales it (its extent is `type`'s times that
  /// size), or -1. Empty for a tensor whose shape is fixed.
  std::vector<int64_t> dimAxes;
  /// With a dimension run one index at a time: how many runs of elements
  /// one index has in this tensor (1 when the dimension leads).
  int64_t sampleRuns = 1;
};

/// A symbolic dimension given a range (`--dim batch=1..64`).
struct DynamicDim {
  std::string name;
  int64_t min = 1;
  int64_t max = 1;
};

/// Everything the header states about a compiled graph.
struct GraphSignature {
  /// The C prefix (--name).
  std::string name;
  /// Where it came from, for the banner.
  std::string source;
  std::vector<TensorSignature> inputs;
  std::vector<TensorSignature> outputs;
  /// Scratch bytes the call may be given (NAME_TEMP_BYTES).
  uint64_t tempBytes = 0;
  /// Scratch bytes NAME_run_parallel needs per worker past the first
  /// (NAME_TEMP_BYTES_PER_EXTRA_WORKER).
  uint64_t workerTempBytes = 0;
  /// Compiled with --target cuda: every pointer is device memory and the
  /// header also declares NAME_run_on_stream (docs/cuda.md).
  bool cuda = false;
  /// Dimensions chosen at run time, in the order of NAME_run_dims's `dims`.
  /// With any, `type` of every tensor is its shape at size 1 of each, and
  /// the object exports NAME_run_dims instead of NAME_run.
  std::vector<DynamicDim> dims;
};

/// The C type that holds one element of `type` in memory (`float`, `int8_t`,
/// `bool`, `uint16_t` for f16/bf16), or "" when the header cannot express it.
llvm::StringRef getCElementType(mlir::Type type);

/// The short dtype name used in comments and metadata (`f32`, `i64`, ...).
std::string getDTypeName(mlir::Type type);

/// The bytes one tensor of `type` occupies (i1 takes a byte per element).
uint64_t getTensorBytes(mlir::RankedTensorType type);

/// The longest tensor name the header can carry: C99 guarantees string
/// literals of 4095 characters, and -pedantic warns beyond that. The driver
/// refuses longer names before compiling.
constexpr size_t kMaxHeaderTensorName = 4095;

/// True when `name` is a valid C identifier.
bool isCIdentifier(llvm::StringRef name);

/// Writes the header for `signature`.
void emitCHeader(const GraphSignature &signature, llvm::raw_ostream &os);

} // namespace aotc

#endif // AOTC_DRIVER_HEADEREMITTER_H
