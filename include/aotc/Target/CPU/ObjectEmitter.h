//===- ObjectEmitter.h - LLVM dialect to x86-64 object code -------*- C++ -*-===//
//
// The back end of the CPU target: translates a module in the LLVM dialect to
// LLVM IR, optimizes it, and emits an ELF object or assembly for
// x86_64-unknown-linux-gnu through LLVM's TargetMachine, in process.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_OBJECTEMITTER_H
#define AOTC_TARGET_CPU_OBJECTEMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <string>

namespace aotc::cpu {

/// The triple every CPU object is built for.
inline constexpr llvm::StringLiteral kTargetTriple = "x86_64-unknown-linux-gnu";

/// How the CPU back end generates code.
struct CodegenOptions {
  /// An LLVM x86 CPU name (`x86-64`, `x86-64-v3`, `skylake-avx512`, ...), or
  /// `native` for the CPU of the compiling machine.
  std::string cpu = "x86-64-v3";
  /// 0..3, as -O0..-O3: LLVM's IR pipeline and the code generator level.
  unsigned optLevel = 2;
  /// The x86-64 code model. Medium (the default) keeps code and small data
  /// within 2 GB of each other but places every constant larger than
  /// `largeDataThreshold` bytes (the weights) in .lrodata, addressed with
  /// 64-bit offsets, so graphs with more than 2 GB of weights link, next to
  /// objects of the small model. Small is what C compilers default to; large
  /// addresses everything with 64-bit offsets.
  llvm::CodeModel::Model codeModel = llvm::CodeModel::Medium;
  /// With the medium model: constants above this many bytes go to .lrodata
  /// (clang's -mlarge-data-threshold default).
  uint64_t largeDataThreshold = 65536;
  /// Object files only: how many parts the functions' code is generated in
  /// (ParallelCodegen.h); 0 picks from the module's size.
  unsigned parts = 0;
  /// Threads that generate the parts; 0 is one per hardware thread.
  unsigned threads = 0;
};

/// Creates the x86-64 TargetMachine for `options`; fails with a message that
/// names the CPU if LLVM does not know it.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const CodegenOptions &options);

/// The vector registers of `machine`'s CPU: 512 bits and 32 registers with
/// AVX-512, 256 and 16 with AVX, 128 and 16 otherwise.
struct VectorRegisters {
  unsigned bits;
  unsigned count;
};
VectorRegisters getVectorRegisters(const llvm::TargetMachine &machine);

/// Whether `machine`'s CPU rounds floats to integers in one instruction
/// (SSE4.1's roundps and later); LLVM calls libm's floor, ceil and
/// roundeven without it.
bool hasRoundInstructions(const llvm::TargetMachine &machine);

/// Whether `machine`'s CPU has AVX-512 VNNI (vpdpbusd on 512-bit vectors).
bool hasVNNI(const llvm::TargetMachine &machine);

/// Translates `module` (LLVM dialect only) to LLVM IR for `machine` and
/// gives every symbol except `exportedSymbols` internal linkage, so several
/// compiled graphs link into one app.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                  llvm::TargetMachine &machine,
                  llvm::ArrayRef<std::string> exportedSymbols);

/// Runs LLVM's default optimization pipeline at `optLevel` (0 does nothing),
/// tuned for `machine` (vectorizers on).
void optimizeLLVMModule(llvm::Module &module, llvm::TargetMachine &machine,
                        unsigned optLevel);

/// Emits `module` as an object file (or assembly when `assembly` is set).
llvm::Error emitMachineCode(llvm::Module &module, llvm::TargetMachine &machine,
                            bool assembly, llvm::raw_pwrite_stream &os);

} // namespace aotc::cpu

#endif // AOTC_TARGET_CPU_OBJECTEMITTER_H
