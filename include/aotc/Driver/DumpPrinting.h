//===- DumpPrinting.h - How --dump-dir prints IR ----------------*- C++ -*-===//
//
// The files --dump-dir writes are for reading: large constants (the
// weights) are elided unless asked for, so a model's dump stays about the
// size of its code rather than many times the size of its weights.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DRIVER_DUMPPRINTING_H
#define AOTC_DRIVER_DUMPPRINTING_H

#include "mlir/IR/BuiltinOps.h"

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace aotc {

/// Constants of more elements than this (MLIR) or more bytes than this
/// times 4 (LLVM) are elided from dumps.
constexpr int64_t kDumpConstantElements = 1024;

/// Prints `module` for a dump: elements attributes and resource blobs of
/// more than kDumpConstantElements elements print as
/// `dense_resource<__elided__>` and `"0x..."` placeholders, unless
/// `fullConstants`.
void printModuleForDump(mlir::ModuleOp module, llvm::raw_ostream &os,
                        bool fullConstants);

/// Gives every global of `module` whose initializer is larger than
/// kDumpConstantElements * 4 bytes a zero initializer of the same type,
/// and returns how many it changed and their bytes. For a copy of the
/// module that is only printed or assembled for a dump.
std::pair<unsigned, uint64_t> elideLargeConstants(llvm::Module &module);

/// Prints `module` for a dump, with its large constants' initializers
/// printed as `zeroinitializer` (and a first comment line saying so)
/// unless `fullConstants`. The module is left as it was.
void printLLVMModuleForDump(llvm::Module &module, llvm::raw_ostream &os,
                            bool fullConstants);

} // namespace aotc

#endif // AOTC_DRIVER_DUMPPRINTING_H
