//===- DumpPrinting.cpp - How --dump-dir prints IR ------------------------===//

#include "aotc/Driver/DumpPrinting.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace aotc {

void printModuleForDump(mlir::ModuleOp module, llvm::raw_ostream &os,
                        bool fullConstants) {
  mlir::OpPrintingFlags flags;
  if (!fullConstants)
    flags.elideLargeElementsAttrs(kDumpConstantElements)
        .elideLargeResourceString(kDumpConstantElements * 4);
  module->print(os, flags);
}

namespace {

/// The globals of `module` with initializers of more than the dump limit,
/// and the bytes of those.
llvm::SmallVector<llvm::GlobalVariable *> largeConstants(llvm::Module &module,
                                                         uint64_t &bytes) {
  const llvm::DataLayout &layout = module.getDataLayout();
  llvm::SmallVector<llvm::GlobalVariable *> globals;
  bytes = 0;
  for (llvm::GlobalVariable &global : module.globals()) {
    if (!global.hasInitializer() ||
        llvm::isa<llvm::ConstantAggregateZero>(global.getInitializer()))
      continue;
    uint64_t size = layout.getTypeAllocSize(global.getValueType());
    if (size <= static_cast<uint64_t>(kDumpConstantElements) * 4)
      continue;
    globals.push_back(&global);
    bytes += size;
  }
  return globals;
}

} // namespace

std::pair<unsigned, uint64_t> elideLargeConstants(llvm::Module &module) {
  uint64_t bytes;
  llvm::SmallVector<llvm::GlobalVariable *> globals =
      largeConstants(module, bytes);
  for (llvm::GlobalVariable *global : globals)
    global->setInitializer(
        llvm::ConstantAggregateZero::get(global->getValueType()));
  return {globals.size(), bytes};
}

void printLLVMModuleForDump(llvm::Module &module, llvm::raw_ostream &os,
                            bool fullConstants) {
  if (fullConstants) {
    module.print(os, nullptr);
    return;
  }
  uint64_t bytes;
  llvm::SmallVector<llvm::GlobalVariable *> globals =
      largeConstants(module, bytes);
  llvm::SmallVector<llvm::Constant *> initializers;
  for (llvm::GlobalVariable *global : globals) {
    initializers.push_back(global->getInitializer());
    global->setInitializer(
        llvm::ConstantAggregateZero::get(global->getValueType()));
  }
  if (!globals.empty())
    os << "; aotc --dump-dir: the " << globals.size()
       << " constants larger than " << kDumpConstantElements * 4
       << " bytes (" << bytes
       << " bytes in all) print as zeroinitializer; --dump-constants prints "
          "them\n";
  module.print(os, nullptr);
  for (auto [global, initializer] : llvm::zip(globals, initializers))
    global->setInitializer(initializer);
}

} // namespace aotc
