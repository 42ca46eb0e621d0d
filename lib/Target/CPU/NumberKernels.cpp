//===- NumberKernels.cpp - tag each kernel with its report number ---------===//
//
// Implements `aotc-cpu-number-kernels`. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Analysis/KernelReport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace aotc {
#define GEN_PASS_DEF_NUMBERKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

struct NumberKernelsPass final
    : aotc::impl::NumberKernelsPassBase<NumberKernelsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    Builder b(&getContext());
    for (auto [index, kernel] :
         llvm::enumerate(aotc::analyzeKernels(func).kernels)) {
      // The copies into the caller's outputs are made by bufferization.
      if (kernel.op->hasTrait<OpTrait::IsTerminator>())
        continue;
      kernel.op->setAttr(aotc::kKernelNumberAttr,
                         b.getI64IntegerAttr(index + 1));
    }
  }
};

} // namespace
