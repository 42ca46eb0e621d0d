//===- Origins.h - which graph ops an IR op came from -------------*- C++
//-*-===//
//
// Every op that aotc-convert-tg-to-linalg creates carries its tg op's
// location wrapped as `fused<"tg.NAME">[LOC]` (see stampOrigin), and LOC is
// the ONNX node's NameLoc when the graph was imported. Passes that merge ops
// (fusion, tiling) give the merged op fuseOrigins() of the parts, so the
// location of any op after lowering tells which tg ops, and which ONNX
// nodes, it computes. collectOrigins() reads that back for the kernel
// report (KernelReport.h).
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_ORIGINS_H
#define AOTC_ANALYSIS_ORIGINS_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace aotc {

/// One graph op an IR op computes: the tg op name without its dialect
/// prefix (`conv2d`, `add`) and the ONNX node it was imported from
/// (`/layer1/conv1/Conv`). Either may be empty: a hand-written .mlir graph
/// has no node names, and a NameLoc outside any stamped location has no op.
struct Origin {
  std::string op;
  std::string node;

  bool operator==(const Origin &other) const {
    return op == other.op && node == other.node;
  }
};

/// The location the tg->linalg conversion gives op `opName` (`tg.add`)
/// before lowering it: `fused<"tg.add">[loc]`. Every op created from it
/// inherits this location.
mlir::Location stampOrigin(mlir::Location loc, llvm::StringRef opName);

/// The location of an op that computes what the ops at `locs` computed
/// (a fused or tiled op): a FusedLoc without metadata holding them all,
/// nested fused locations flattened and duplicates dropped. Pass them in
/// data-flow order, producers before the consumer: the report lists the
/// origins in that order.
mlir::Location fuseOrigins(llvm::ArrayRef<mlir::Location> locs);

/// Appends the origins found in `loc` to `origins`, in order, skipping those
/// already present. Looks through FusedLoc, CallSiteLoc (the callee side),
/// NameLoc and OpaqueLoc. A NameLoc written by the ONNX importer,
/// `node 'NAME' (OpType)`, yields NAME; `node (OpType)` (an unnamed node)
/// yields no name; any other NameLoc yields its text.
void collectOrigins(mlir::Location loc, llvm::SmallVectorImpl<Origin> &origins);

} // namespace aotc

#endif // AOTC_ANALYSIS_ORIGINS_H
