//===- PrintKernelReport.cpp - the aotc-print-kernel-report pass ----------===//
//
// Prints analyzeKernels() of every function of the module, so lit tests can
// check the kernel report on hand-written IR; `aotc --report` prints the
// same table from the driver.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/KernelReport.h"
#include "aotc/Analysis/Passes.h"

namespace aotc {
#define GEN_PASS_DEF_PRINTKERNELREPORTPASS
#include "aotc/Analysis/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

struct PrintKernelReportPass final
    : aotc::impl::PrintKernelReportPassBase<PrintKernelReportPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    aotc::ReportContext context;
    context.tempBytes = aotc::getPlannedTempBytes(module);
    for (auto func : module.getOps<func::FuncOp>())
      if (failed(aotc::verifyKernelReportInput(func)))
        return signalPassFailure();
    bool first = true;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      if (!first)
        llvm::outs() << "\n";
      first = false;
      aotc::printKernelReport(aotc::analyzeKernels(func), context,
                              llvm::outs());
    }
    llvm::outs().flush();
    markAllAnalysesPreserved();
  }
};

} // namespace
