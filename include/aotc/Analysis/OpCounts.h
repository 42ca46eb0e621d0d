//===- OpCounts.h - FLOPs and integer ops of a piece of code ------*- C++ -*-===//
//
// Static operation counts, shared by the kernel report's two readings of a
// graph: linalg ops on tensors (the CPU pipeline, KernelReport.cpp) and GPU
// kernels (the CUDA pipeline, LaunchReport.cpp). docs/report.md states the
// rules: one FLOP per float arith or math op (two for math.fma), one int op
// per op on a non-index integer, nothing for index arithmetic, constants,
// casts, selects and memory ops.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_OPCOUNTS_H
#define AOTC_ANALYSIS_OPCOUNTS_H

#include "mlir/IR/Block.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace aotc {

/// Operation counts of a piece of code, executed once.
struct OpCounts {
  uint64_t flops = 0;
  uint64_t intOps = 0;
  /// Set when a count is a bound, not exact (unknown trip counts,
  /// data-dependent branches).
  bool approximate = false;

  OpCounts &operator+=(const OpCounts &other) {
    flops += other.flops;
    intOps += other.intOps;
    approximate |= other.approximate;
    return *this;
  }
  OpCounts times(uint64_t n) const {
    return {flops * n, intOps * n, approximate};
  }
};

/// The counts of one op without regions: an arith or math op is one
/// operation per element of its operands' type (two for math.fma), floating
/// point or integer by that type. Constants, casts, selects and anything on
/// `index` (address arithmetic) count nothing, nor do other dialects' ops.
OpCounts countScalarOp(mlir::Operation *op);

/// The static trip counts of `loop`'s dimensions, or nullopt (one entry per
/// induction variable).
llvm::SmallVector<std::optional<uint64_t>>
getTripCounts(mlir::LoopLikeOpInterface loop);

/// The product of `loop`'s trip counts; unknown ones count once and set
/// `approximate`.
uint64_t getTotalTrips(mlir::LoopLikeOpInterface loop, bool &approximate);

/// The counts of one execution of `op`: loops with static trip counts
/// multiply their bodies, scf.if counts its costlier branch (approximate
/// unless both cost the same), other regions count once (approximate).
OpCounts countOp(mlir::Operation &op);

/// The sum of countOp over the ops of `block`.
OpCounts countBlock(mlir::Block &block);

} // namespace aotc

#endif // AOTC_ANALYSIS_OPCOUNTS_H
