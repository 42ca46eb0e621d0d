//===- MarkScalarKernels.cpp - kernels left to scalar loops ---------------===//
//
// Implements `aotc-cpu-mark-scalar-kernels`. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Analysis/KernelReport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"

namespace aotc {
#define GEN_PASS_DEF_MARKSCALARKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Whether `op`, lowered to scalar loops, runs far below the vector
/// kernels: it reduces, or it reads through computed indices (an indexing
/// map that is not a projected permutation, or a load in its body: a
/// gather).
bool isSlowAsScalarLoops(linalg::LinalgOp op) {
  if (isa<linalg::FillOp, linalg::CopyOp>(op.getOperation()))
    return false;
  if (op.getNumReductionLoops() != 0)
    return true;
  if (!llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isProjectedPermutation(); }))
    return true;
  bool loads = false;
  op->walk([&](Operation *nested) {
    loads |= isa<memref::LoadOp, tensor::ExtractOp>(nested);
  });
  return loads;
}

/// The report row of the kernel `op` belongs to: its own `aotc.kernel` or
/// its nearest ancestor's.
std::optional<int64_t> kernelNumber(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto number = op->getAttrOfType<IntegerAttr>(aotc::kKernelNumberAttr))
      return number.getInt();
  return std::nullopt;
}

struct MarkScalarKernelsPass final
    : aotc::impl::MarkScalarKernelsPassBase<MarkScalarKernelsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<int64_t> numbers;
    func.walk([&](linalg::LinalgOp op) {
      if (!isSlowAsScalarLoops(op))
        return;
      if (std::optional<int64_t> number = kernelNumber(op))
        numbers.push_back(*number);
    });
    if (numbers.empty())
      return;
    llvm::sort(numbers);
    numbers.erase(llvm::unique(numbers), numbers.end());
    func->setAttr(aotc::kScalarKernelsAttr,
                  DenseI64ArrayAttr::get(&getContext(), numbers));
  }
};

} // namespace
