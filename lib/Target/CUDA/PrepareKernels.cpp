//===- PrepareKernels.cpp - buffer ops in the form the grid mapping wants -===//
//
// Implements `aotc-cuda-prepare-kernels`: copies between device buffers
// become linalg.copy (so they are kernels like the rest), and linalg.generic
// ops list their parallel loops first, so that
// convert-linalg-to-parallel-loops makes one scf.parallel of all of them,
// which aotc-cuda-map-to-grid maps to threads. Assumes buffers (runs after
// bufferization).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAPREPAREKERNELSPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The loop order that puts `generic`'s parallel loops first, keeping the
/// relative order within each kind; nullopt when it already does.
std::optional<SmallVector<unsigned>> parallelFirst(linalg::GenericOp generic) {
  SmallVector<unsigned> parallel, other;
  for (auto [i, type] : llvm::enumerate(generic.getIteratorTypesArray()))
    (type == utils::IteratorType::parallel ? parallel : other).push_back(i);
  SmallVector<unsigned> order = parallel;
  order.append(other);
  if (llvm::equal(order, llvm::seq<unsigned>(0, order.size())))
    return std::nullopt;
  return order;
}

struct CUDAPrepareKernelsPass final
    : aotc::impl::CUDAPrepareKernelsPassBase<CUDAPrepareKernelsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<memref::CopyOp> copies;
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](Operation *op) {
      if (auto copy = dyn_cast<memref::CopyOp>(op))
        copies.push_back(copy);
      else if (auto generic = dyn_cast<linalg::GenericOp>(op))
        generics.push_back(generic);
    });
    for (memref::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                  copy.getTarget());
      ++numCopies;
    }
    for (linalg::GenericOp generic : generics) {
      std::optional<SmallVector<unsigned>> order = parallelFirst(generic);
      if (!order)
        continue;
      rewriter.setInsertionPoint(generic);
      if (failed(linalg::interchangeGenericOp(rewriter, generic, *order))) {
        generic.emitError("cannot put the parallel loops first");
        return signalPassFailure();
      }
      ++numInterchanged;
    }
  }
};

} // namespace
