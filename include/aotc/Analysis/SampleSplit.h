//===- SampleSplit.h - graphs that compute each sample apart ------*- C++ -*-===//
//
// A symbolic dimension given a range (`--dim batch=1..64`) is compiled as a
// loop around the graph at size 1 when no op mixes two of its indices: the
// graph is then one sample's computation, run once per index. This file
// decides that, from two imports of the same model with the dimension bound
// to two sizes above 1 (at size 1 the importer folds away what is an
// identity there, such as a broadcast to the batch, so that graph is not
// compared).
//
// Where a value carries the dimension shows in the types: one dimension
// is the dimension's size times a factor in both (the sample axis; the
// factor is its extent per sample, 1 unless a reshape merged the dimension
// with inner ones). Every op is then checked to compute result sample i from operand
// sample i only: elementwise ops align their axes, a reduction or softmax
// does not run along it, a reshape keeps each sample's elements together, a
// convolution has it as its batch, and so on. An op the analysis does not
// know is refused when a sample axis reaches it. The two graphs must be the
// same but for the sample axes: the same ops, wired the same way, with the
// same attributes and small constants, so nothing in the graph computes
// with the dimension's size.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_SAMPLESPLIT_H
#define AOTC_ANALYSIS_SAMPLESPLIT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace aotc {

/// Where a tensor carries the split dimension: `axis`, whose extent is
/// `factor` times the dimension's size. Along it, an index's elements are
/// `outer` runs of factor / outer (1 unless a reshape merged outer
/// dimensions into it: a [seq, batch, d] tensor reshaped to
/// [seq * batch, d] has outer = seq).
struct SampleAxis {
  int64_t axis = 0;
  int64_t factor = 1;
  int64_t outer = 1;
};

/// The sample axes of a graph's arguments and results (none: the tensor
/// does not depend on the dimension).
struct SampleSplit {
  std::vector<std::optional<SampleAxis>> inputs;
  std::vector<std::optional<SampleAxis>> outputs;
};

/// A tensor's elements in row-major order as (A, the dimension, B): A
/// blocks, each holding one run of B elements per index of the dimension,
/// for a tensor of `type` at size 1 of it.
std::pair<int64_t, int64_t> sampleFlatLayout(mlir::RankedTensorType type,
                                             const SampleAxis &axis);

/// Checks that `probe` (the graph with the dimension `dimName` at
/// `probeSize`) computes every index of the dimension apart from the others,
/// and that `small` (the same model at `smallSize`, between 2 and
/// probeSize) is the same graph. On failure, emits one error on the op that
/// mixes indices (or differs between the two) and returns failure.
mlir::FailureOr<SampleSplit> analyzeSampleSplit(mlir::func::FuncOp small,
                                                mlir::func::FuncOp probe,
                                                int64_t smallSize,
                                                int64_t probeSize,
                                                llvm::StringRef dimName);

} // namespace aotc

#endif // AOTC_ANALYSIS_SAMPLESPLIT_H
