//===- OutlineKernels.cpp - each kernel in a function of its own ----------===//
//
// Implements `aotc-cpu-outline-kernels`: the kernels of the entry point
// become non-inlined private functions NAME_kernel_N, so that a profiler
// attributes time to them. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "KernelOutlining.h"

#include "aotc/Analysis/KernelReport.h"

namespace aotc {
#define GEN_PASS_DEF_OUTLINEKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The kernels' numbers: their `aotc.kernel` rows, those after a row's
/// first kernel (untagged, or the same row again) suffixed _2, _3, ...;
/// without any row, their positions.
SmallVector<std::string> nameKernels(ArrayRef<Operation *> kernels) {
  SmallVector<std::string> names;
  bool tagged = llvm::any_of(kernels, [](Operation *kernel) {
    return kernel->hasAttr(aotc::kKernelNumberAttr);
  });
  int64_t row = 0;
  llvm::DenseMap<int64_t, int64_t> parts;
  for (auto [index, kernel] : llvm::enumerate(kernels)) {
    if (!tagged) {
      names.push_back(std::to_string(index + 1));
      continue;
    }
    if (auto number =
            kernel->getAttrOfType<IntegerAttr>(aotc::kKernelNumberAttr))
      row = number.getInt();
    int64_t part = ++parts[row];
    names.push_back(std::to_string(row) +
                    (part > 1 ? "_" + std::to_string(part) : ""));
  }
  return names;
}

struct OutlineKernelsPass final
    : aotc::impl::OutlineKernelsPassBase<OutlineKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (func::FuncOp entry : aotc::getEntryPoints(module)) {
      StringRef prefix = entry.getName();
      prefix.consume_back("_run");
      SmallVector<Operation *> kernels = aotc::getKernels(entry);
      for (auto [kernel, name] : llvm::zip(kernels, nameKernels(kernels)))
        aotc::outlineOps(kernel, (prefix + "_kernel_" + name).str(), entry,
                         symbols);
    }
  }
};

} // namespace
