//===- HostEmitter.h - the host side of a CUDA object --------------*- C++
//-*-===//
//
// The CUDA target's object is x86-64 host code (the calls into
// libaotc_cuda_runtime, with the PTX, cubin and weights as constants), so it
// goes through the CPU target's back end (ObjectEmitter.h). This header adds
// what differs: the GPU architecture check, the PTX read from the pipeline's
// gpu.binary, and the two exported entry points.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CUDA_HOSTEMITTER_H
#define AOTC_TARGET_CUDA_HOSTEMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <string>

namespace aotc::cuda {

/// The oldest GPU architecture the CUDA target compiles for (Volta).
inline constexpr unsigned kMinimumSM = 70;

/// Succeeds for an architecture the target supports: `sm_NN` (optionally
/// with an `a` or `f` suffix, as `sm_90a`) with NN >= kMinimumSM that LLVM's
/// NVPTX back end knows; else fails with a message for the user.
llvm::Error checkGPUArch(llvm::StringRef arch);

/// The PTX of the module's one gpu.binary (after the CUDA pipeline's
/// `device` stage), or "" when the graph has no kernel.
std::string getKernelsPTX(mlir::ModuleOp module);

/// Translates the host module (LLVM dialect, after the `host` stage) to LLVM
/// IR for `machine`. Only `<name>_run` and `<name>_run_on_stream` stay
/// external, so several compiled graphs link into one app.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateHostToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                      llvm::TargetMachine &machine, llvm::StringRef name);

} // namespace aotc::cuda

#endif // AOTC_TARGET_CUDA_HOSTEMITTER_H
