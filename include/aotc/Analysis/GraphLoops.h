//===- GraphLoops.h - the loops and branches of the graph itself --*- C++ -*-===//
//
// A graph may loop and branch: a recurrence is an scf.for over time whose
// body is graph ops, and an ONNX If on a condition known only at run time is
// an scf.if whose branches are graph ops (docs/architecture.md, "Loops and
// branches in the graph"). Such ops are marked when the graph is lowered to
// linalg (`aotc.graph_loop`, `aotc.graph_if`), so that later passes tell
// them from the loops and conditions they build inside kernels: they run on
// the host (on CUDA a graph loop launches its body's kernels each step), and
// their bodies are host code as the function body is. Bufferization keeps
// the mark of a loop but not that of a branch (upstream rebuilds an scf.if
// without its attributes); the CUDA pipeline has none left by then
// (aotc-speculate-graph-ifs).
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_GRAPHLOOPS_H
#define AOTC_ANALYSIS_GRAPHLOOPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"

namespace aotc {

/// The unit attribute that marks a loop of the graph.
inline constexpr llvm::StringLiteral kGraphLoopAttr = "aotc.graph_loop";
/// The unit attribute that marks a branch of the graph.
inline constexpr llvm::StringLiteral kGraphIfAttr = "aotc.graph_if";

/// Whether `op` is a loop of the graph (an scf.for, or an scf.while when
/// the loop's condition is computed at run time).
bool isGraphLoop(mlir::Operation *op);

/// Whether `op` is a branch of the graph (an scf.if).
bool isGraphIf(mlir::Operation *op);

/// Whether `op` is a loop or a branch of the graph: its regions hold host
/// code.
bool isGraphControlFlow(mlir::Operation *op);

/// Marks every scf.for, scf.while and scf.if under `root` as a loop or
/// branch of the graph (run while the graph is still tg, where every one is).
void markGraphControlFlow(mlir::Operation *root);

/// The blocks of host code of `func`: its body (when it has one block) and
/// the bodies of the graph loops and branches nested in host code, outer
/// blocks first.
llvm::SmallVector<mlir::Block *> getHostBlocks(mlir::func::FuncOp func);

} // namespace aotc

#endif // AOTC_ANALYSIS_GRAPHLOOPS_H
