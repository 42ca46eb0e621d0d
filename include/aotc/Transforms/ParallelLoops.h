//===- ParallelLoops.h - loops whose iterations are independent ----*- C++ -*-===//
//
// The passes that create a kernel's loops know which of them run over
// parallel dimensions only (tiles of an output, blocks of output channels,
// rows): they mark those scf.for ops, and aotc-cpu-parallelize-kernels turns
// the outermost marked loop of each large kernel into tasks. A marked loop's
// iterations write disjoint parts of its outputs and read nothing another
// iteration writes, except buffers allocated inside the loop body (scratch
// of one iteration).
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TRANSFORMS_PARALLELLOOPS_H
#define AOTC_TRANSFORMS_PARALLELLOOPS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace aotc {

/// The unit attribute that marks such a loop.
inline constexpr llvm::StringLiteral kParallelLoopAttr = "aotc.parallel";

/// The unit attribute aotc-cpu-plan-memory puts on the arena views of
/// buffers allocated inside a loop: they are one iteration's scratch, which
/// parallel iterations must not share. (It also keeps CSE from replacing
/// such a view with an equal one made before the loop.)
inline constexpr llvm::StringLiteral kLoopScratchAttr = "aotc.loop_scratch";

/// The unit attribute aotc-cpu-parallelize-kernels puts on the functions
/// it moves kernels into (`NAME_task_K`, `NAME_serial_K`), which
/// aotc-cpu-merge-identical-tasks compares.
inline constexpr llvm::StringLiteral kTaskFunctionAttr = "aotc.task";

inline void markParallelLoop(mlir::Operation *loop) {
  loop->setAttr(kParallelLoopAttr, mlir::UnitAttr::get(loop->getContext()));
}

inline bool isMarkedParallel(mlir::Operation *loop) {
  return loop->hasAttr(kParallelLoopAttr);
}

} // namespace aotc

#endif // AOTC_TRANSFORMS_PARALLELLOOPS_H
