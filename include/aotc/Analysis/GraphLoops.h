//===- GraphLoops.h - the loops of the graph itself ---------------*- C++ -*-===//
//
// A graph may loop: a recurrence is an scf.for over time whose body is graph
// ops (docs/architecture.md, "Loops in the graph"). Such a loop is marked
// `aotc.graph_loop` when the graph is lowered to linalg, so that later passes
// tell it from the loops they build inside kernels: a graph loop runs on the
// host (on CUDA it launches its body's kernels each step), and its body is
// host code as the function body is.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_GRAPHLOOPS_H
#define AOTC_ANALYSIS_GRAPHLOOPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"

namespace aotc {

/// The unit attribute that marks a loop of the graph.
inline constexpr llvm::StringLiteral kGraphLoopAttr = "aotc.graph_loop";

/// Whether `op` is a loop of the graph.
bool isGraphLoop(mlir::Operation *op);

/// Marks every scf.for under `root` as a loop of the graph (run while the
/// graph is still tg, where every loop is one).
void markGraphLoops(mlir::Operation *root);

/// The blocks of host code of `func`: its body (when it has one block) and
/// the bodies of the graph loops nested in host code, outer blocks first.
llvm::SmallVector<mlir::Block *> getHostBlocks(mlir::func::FuncOp func);

} // namespace aotc

#endif // AOTC_ANALYSIS_GRAPHLOOPS_H
