//===- SampleLoop.h - entry points that run a graph once per index -*- C++ -*-//
//
// A dimension given a range whose indices the graph computes apart
// (aotc/Analysis/SampleSplit.h) is compiled as the graph at size 1 plus a
// loop: NAME_run_dims checks the size the caller passes, then calls the
// one-sample graph once per index with each tensor's pointer advanced by one
// sample's bytes. The graph's own entry points (NAME_run, NAME_run_parallel)
// stay internal to the object.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_SAMPLELOOP_H
#define AOTC_TARGET_CPU_SAMPLELOOP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace aotc::cpu {

/// Where one index's elements are in a tensor of the call: `runs` runs of
/// `runBytes` each, run `a` of index `i` at byte (a * N + i) * runBytes for
/// the dimension's size N. Contiguous (one run) when the dimension leads;
/// others are copied through a staging buffer at `stagingOffset` of each
/// worker's arena. `runs` is 0 for a tensor that does not hold the
/// dimension, read or written whole by every index.
struct SampleTensor {
  uint64_t runs = 0;
  uint64_t runBytes = 0;
  uint64_t stagingOffset = 0;
};

struct SampleLoop {
  /// The range of the dimension: a size outside it returns 2.
  int64_t min = 1;
  int64_t max = 1;
  std::vector<SampleTensor> inputs;
  std::vector<SampleTensor> outputs;
  /// One worker's arena (NAME_TEMP_BYTES, a multiple of 64): the staging
  /// buffers, then the one-sample graph's arena from `graphTempOffset`.
  uint64_t tempBytes = 0;
  uint64_t graphTempOffset = 0;
  /// The one-sample graph's growth per extra worker.
  uint64_t workerTempBytes = 0;
};

/// Adds `NAME_run_dims(dims, inputs, outputs, temp)` and
/// `NAME_run_dims_parallel(..., parallel)` to `module`, which defines
/// `NAME_run` and `NAME_run_parallel` (the one-sample graph). The arena is
/// allocated once for all indices when `temp` is NULL.
llvm::Error addSampleLoopEntryPoints(llvm::Module &module, llvm::StringRef name,
                                     const SampleLoop &loop);

} // namespace aotc::cpu

#endif // AOTC_TARGET_CPU_SAMPLELOOP_H
