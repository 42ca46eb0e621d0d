//===- BufferPlacement.h - live ranges and offsets of temporaries -*- C++ -*-===//
//
// The liveness and placement half of static memory planning, shared by the
// CPU target's `aotc-cpu-plan-memory` (host arena, 64-byte offsets) and the
// CUDA target's `aotc-cuda-lower-host` (device arena, 256-byte offsets).
//
// Both run on a function whose body is one block executed in order: a
// buffer is live from the first to the last top-level op of that block that
// uses it or a view of it (inclusive), and two buffers whose live ranges do
// not intersect may share bytes. docs/memory-planning.md states the rules.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TRANSFORMS_BUFFERPLACEMENT_H
#define AOTC_TRANSFORMS_BUFFERPLACEMENT_H

#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace aotc {

/// A buffer to place: its size and its inclusive live range, in indices of
/// the top-level ops of the block it lives in.
struct BufferLifetime {
  uint64_t bytes = 0;
  unsigned start = 0, end = 0;

  bool overlapsInTime(const BufferLifetime &other) const {
    return start <= other.end && other.start <= end;
  }
};

/// Whether `user` makes a view of `value` (same memory, another shape or
/// offset): a ViewLikeOpInterface op whose source is `value` and whose
/// results are all memrefs (subview, expand_shape, collapse_shape, cast,
/// reinterpret_cast, view, ...).
bool isBufferView(mlir::Operation *user, mlir::Value value);

/// Whether `user` reads or writes `value` and lets nothing of it escape: it
/// declares its memory effects, none of them allocates or frees `value`,
/// and it returns only scalars or vectors. Terminators, calls, LLVM dialect
/// ops, unrealized casts and ops taking the buffer's address apart are not.
bool isPlainBufferAccess(mlir::Operation *user, mlir::Value value);

/// The top-level ops of one block, numbered in order: the time axis of the
/// live ranges.
class BlockLiveness {
public:
  explicit BlockLiveness(mlir::Block &body);

  /// The number of the top-level op of the block that is or contains `op`.
  unsigned getIndex(mlir::Operation *op) const;

  /// The number of top-level ops.
  unsigned size() const { return numOps; }

  /// Counts the accesses of top-level op `later` from top-level op
  /// `earlier` on: a later pass may run it there (or where it is).
  void accessFrom(mlir::Operation *later, mlir::Operation *earlier) {
    earliest[later] = index.lookup(earlier);
  }

  /// Follows `buffer` (the result of an op inside the block) through its
  /// views and sets `lifetime`'s range to the first and last top-level op
  /// that uses it or a view of it; with no use, the op that defines it.
  /// `memref.dealloc`s of the buffer itself do not count as uses and are
  /// appended to `deallocs`; every other use must be a view or satisfy
  /// `isAccess(user, value)`. Returns why the buffer cannot be followed
  /// ("escapes through 'func.call'", "a view of it is deallocated"), or ""
  /// on success.
  std::string
  computeLiveRange(mlir::Value buffer,
                   llvm::function_ref<bool(mlir::Operation *, mlir::Value)>
                       isAccess,
                   BufferLifetime &lifetime,
                   llvm::SmallVectorImpl<mlir::Operation *> &deallocs) const;

private:
  mlir::Block &body;
  llvm::DenseMap<mlir::Operation *, unsigned> index;
  /// Where accessFrom moved the first access of a top-level op.
  llvm::DenseMap<mlir::Operation *, unsigned> earliest;
  unsigned numOps = 0;
};

/// Offsets for buffers and the arena that holds them.
struct BufferPlacement {
  /// One per buffer, in the order given; each a multiple of the alignment.
  llvm::SmallVector<uint64_t> offsets;
  /// The arena's size: a multiple of the alignment.
  uint64_t size = 0;
};

/// Places `buffers` at `alignment`-aligned offsets so that buffers live at
/// the same time get disjoint bytes: greedy placement in three orders
/// (largest first with first fit and with best fit, earliest start first
/// with first fit), the smallest arena wins. Buffers of 0 bytes get offset
/// 0 and take no space.
BufferPlacement placeBuffers(llvm::ArrayRef<BufferLifetime> buffers,
                             uint64_t alignment);

/// The most bytes (each buffer rounded up to `alignment`) live at any one
/// top-level op: no placement of these live ranges can use a smaller arena.
uint64_t computePeakLiveBytes(llvm::ArrayRef<BufferLifetime> buffers,
                              uint64_t alignment);

} // namespace aotc

#endif // AOTC_TRANSFORMS_BUFFERPLACEMENT_H
