//===- ParallelCodegen.h - code generation in parts, on threads -*- C++ -*-===//
//
// LLVM generates code one function at a time and one module per thread, so
// a graph's module is split the way XLA's CPU back end splits its own: the
// functions go into parts of similar size, each part is generated in an
// LLVMContext of its own on a thread pool, and the parts' objects become
// one (RelocatableLink.h). The global variables (the weights) stay in the
// original module and are written on the calling thread, never copied
// between contexts.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_PARALLELCODEGEN_H
#define AOTC_TARGET_CPU_PARALLELCODEGEN_H

#include "aotc/Target/CPU/ObjectConstants.h"
#include "aotc/Target/CPU/ObjectEmitter.h"

namespace aotc::cpu {

/// How many parts `emitObjectInParts` splits `module` into by default: one
/// per `kInstructionsPerCodegenPart` LLVM instructions of its functions, at
/// least one and at most `kMaxCodegenParts`. It depends on the module alone,
/// so a graph's object is the same on any machine and for any thread count.
inline constexpr uint64_t kInstructionsPerCodegenPart = 5000;
inline constexpr unsigned kMaxCodegenParts = 16;
unsigned getDefaultCodegenParts(const llvm::Module &module);

/// Emits `module` as one ELF object: its functions in `parts` parts of
/// similar instruction counts (a function with those it calls directly;
/// largest first, each to the lightest part), generated on up to `threads`
/// threads, each with a TargetMachine made from `options`; its global
/// variables with `machine` on the calling thread. With `optimizeParts`,
/// each part first runs LLVM's pipeline at `options.optLevel`
/// (optimizeLLVMModule), seeing the constants of up to 4 KiB as
/// `available_externally` copies; otherwise `module` is optimized already.
/// Symbols that are global in `module` stay global in the object; every
/// other symbol is local, as with `emitMachineCode`. `constants`
/// (ObjectConstants.h), which `module` declares, are written into the
/// object as they are. With one part (or one function) and no such
/// constants this is `emitMachineCode`, after optimizeLLVMModule if
/// `optimizeParts`. `module` is consumed: its functions lose their bodies.
llvm::Error emitObjectInParts(llvm::Module &module,
                              llvm::TargetMachine &machine,
                              const CodegenOptions &options, unsigned parts,
                              unsigned threads, bool optimizeParts,
                              llvm::ArrayRef<ObjectConstant> constants,
                              llvm::raw_pwrite_stream &os);

} // namespace aotc::cpu

#endif // AOTC_TARGET_CPU_PARALLELCODEGEN_H
