//===- ObjectEmitter.cpp - LLVM dialect to x86-64 object code -------------===//
//
// Implements ObjectEmitter.h with LLVM's new pass manager and the legacy
// code generation pass manager (which is still how LLVM emits objects).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/ObjectEmitter.h"

#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

extern "C" {
void LLVMInitializeX86TargetInfo();
void LLVMInitializeX86Target();
void LLVMInitializeX86TargetMC();
void LLVMInitializeX86AsmPrinter();
}

using namespace llvm;

namespace aotc::cpu {

static void initializeX86() {
  static bool done = [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
    return true;
  }();
  (void)done;
}

static CodeGenOptLevel codeGenLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return CodeGenOptLevel::None;
  case 1:
    return CodeGenOptLevel::Less;
  case 2:
    return CodeGenOptLevel::Default;
  default:
    return CodeGenOptLevel::Aggressive;
  }
}

Expected<std::unique_ptr<TargetMachine>>
createTargetMachine(const CodegenOptions &options) {
  initializeX86();
  Triple triple(kTargetTriple);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError(inconvertibleErrorCode(), error);

  std::string cpu = options.cpu;
  std::string features;
  if (cpu == "native") {
    cpu = sys::getHostCPUName().str();
    SmallVector<std::string> list;
    for (const auto &feature : sys::getHostCPUFeatures())
      list.push_back((feature.second ? "+" : "-") + feature.first().str());
    features = join(list, ",");
  }
  // Ask a baseline subtarget whether the name is valid: creating one for an
  // unknown CPU makes LLVM print its own warning.
  std::unique_ptr<MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, "x86-64", ""));
  if (!subtarget || !subtarget->isCPUStringValid(cpu))
    return createStringError(
        inconvertibleErrorCode(),
        "unknown --cpu '" + cpu +
            "'; expected an LLVM x86 CPU name such as x86-64, x86-64-v2, "
            "x86-64-v3, x86-64-v4, skylake-avx512, znver4, or native");

  llvm::TargetOptions targetOptions;
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, targetOptions, Reloc::PIC_, options.codeModel,
      codeGenLevel(options.optLevel)));
  if (!machine)
    return createStringError(inconvertibleErrorCode(),
                             "could not create a target machine for " +
                                 std::string(kTargetTriple));
  machine->setLargeDataThreshold(options.largeDataThreshold);
  return machine;
}

VectorRegisters getVectorRegisters(const TargetMachine &machine) {
  const MCSubtargetInfo *info = machine.getMCSubtargetInfo();
  if (info->checkFeatures("+avx512f"))
    return {512, 32};
  if (info->checkFeatures("+avx"))
    return {256, 16};
  return {128, 16};
}

bool hasRoundInstructions(const TargetMachine &machine) {
  return machine.getMCSubtargetInfo()->checkFeatures("+sse4.1");
}

bool hasVNNI(const TargetMachine &machine) {
  return machine.getMCSubtargetInfo()->checkFeatures("+avx512vnni");
}

void optimizeLLVMModule(Module &module, TargetMachine &machine,
                        unsigned optLevel) {
  if (optLevel == 0)
    return;
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PipelineTuningOptions tuning;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  OptimizationLevel level = optLevel == 1   ? OptimizationLevel::O1
                            : optLevel == 2 ? OptimizationLevel::O2
                                            : OptimizationLevel::O3;
  builder.buildPerModuleDefaultPipeline(level).run(module, mam);
}

Expected<std::unique_ptr<Module>>
translateToLLVMIR(mlir::ModuleOp module, LLVMContext &context,
                  TargetMachine &machine,
                  ArrayRef<std::string> exportedSymbols) {
  mlir::DialectRegistry registry;
  mlir::registerAllToLLVMIRTranslations(registry);
  module->getContext()->appendDialectRegistry(registry);
  std::unique_ptr<Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, context, "aotc");
  if (!llvmModule)
    return createStringError(inconvertibleErrorCode(),
                             "translation to LLVM IR failed");
  llvmModule->setTargetTriple(machine.getTargetTriple());
  llvmModule->setDataLayout(machine.createDataLayout());

  // Only the entry points are part of the ABI; everything else is private
  // to the object, so two compiled graphs never clash at link time.
  for (GlobalValue &value : llvmModule->global_values())
    if (!value.isDeclaration() &&
        !llvm::is_contained(exportedSymbols, value.getName()))
      value.setLinkage(GlobalValue::InternalLinkage);
  for (Function &function : *llvmModule)
    if (!function.isDeclaration())
      function.addFnAttr(Attribute::NoUnwind);
  return llvmModule;
}

Error emitMachineCode(Module &module, TargetMachine &machine, bool assembly,
                      raw_pwrite_stream &os) {
  legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, os, nullptr,
                                  assembly ? CodeGenFileType::AssemblyFile
                                           : CodeGenFileType::ObjectFile))
    return createStringError(inconvertibleErrorCode(),
                             "the x86-64 back end cannot emit this file type");
  passes.run(module);
  return Error::success();
}

} // namespace aotc::cpu
