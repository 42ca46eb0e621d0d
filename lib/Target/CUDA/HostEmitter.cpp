//===- HostEmitter.cpp - the host side of a CUDA object -------------------===//
//
// Implements HostEmitter.h over the CPU target's ObjectEmitter.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/HostEmitter.h"

#include "aotc/Target/CPU/ObjectEmitter.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTargetMC();
}

using namespace llvm;

namespace aotc::cuda {

Error checkGPUArch(StringRef arch) {
  auto fail = [&](const Twine &why) {
    return createStringError(inconvertibleErrorCode(),
                             "--gpu-arch '" + arch + "' " + why);
  };
  StringRef digits = arch;
  unsigned sm = 0;
  if (!digits.consume_front("sm_"))
    return fail("is not a GPU architecture; expected sm_NN, e.g. sm_80 or "
                "sm_90");
  if (digits.ends_with("a") || digits.ends_with("f"))
    digits = digits.drop_back();
  if (digits.getAsInteger(10, sm))
    return fail("is not a GPU architecture; expected sm_NN, e.g. sm_80 or "
                "sm_90");
  if (sm < kMinimumSM)
    return fail("is not supported; --target cuda needs sm_" +
                Twine(kMinimumSM) + " or newer");
  static bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    return true;
  }();
  (void)initialized;
  Triple triple("nvptx64-nvidia-cuda");
  std::string message;
  const Target *target = TargetRegistry::lookupTarget(triple, message);
  if (!target)
    return createStringError(inconvertibleErrorCode(),
                             "LLVM has no NVPTX back end: " + message);
  std::unique_ptr<MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, "sm_70", ""));
  if (!subtarget || !subtarget->isCPUStringValid(arch))
    return fail("is unknown to LLVM's NVPTX back end");
  return Error::success();
}

std::string getKernelsPTX(mlir::ModuleOp module) {
  for (auto binary : module.getOps<mlir::gpu::BinaryOp>())
    for (auto object : binary.getObjects().getAsRange<mlir::gpu::ObjectAttr>())
      if (object.getFormat() == mlir::gpu::CompilationTarget::Assembly)
        return object.getObject().getValue().str();
  return "";
}

Expected<std::unique_ptr<Module>> translateHostToLLVMIR(mlir::ModuleOp module,
                                                        LLVMContext &context,
                                                        TargetMachine &machine,
                                                        StringRef name) {
  std::string run = (name + "_run").str();
  std::string onStream = (name + "_run_on_stream").str();
  Expected<std::unique_ptr<Module>> llvmModule =
      cpu::translateToLLVMIR(module, context, machine, {run, onStream});
  if (!llvmModule)
    return llvmModule.takeError();
  if (!(*llvmModule)->getFunction(onStream))
    return createStringError(inconvertibleErrorCode(),
                             "internal compiler error: the host module has "
                             "no " +
                                 onStream);
  return llvmModule;
}

} // namespace aotc::cuda
