//===- KernelOutlining.h - moving kernels into functions of their own -----===//
//
// What aotc-cpu-outline-kernels and aotc-cpu-split-entry-point share: which
// ops of an entry point on buffers are kernels, and moving a run of ops
// into a private, non-inlined function called in its place.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_KERNELOUTLINING_H
#define AOTC_LIB_TARGET_CPU_KERNELOUTLINING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace aotc {

/// A result-less `scf.if` holds kernels (the body that runs when the arena
/// could be allocated); it is not one.
bool isKernelContainer(mlir::Operation *op);

/// Loop nests, linalg ops and copies: the ops that touch tensor data.
bool isKernel(mlir::Operation *op);

/// The public functions with a body: the entry points.
llvm::SmallVector<mlir::func::FuncOp> getEntryPoints(mlir::ModuleOp module);

/// The kernels of `func`'s body in program order (collectKernels below).
llvm::SmallVector<mlir::Operation *> getKernels(mlir::func::FuncOp func);

/// Appends the kernels of `block` to `kernels` in program order, looking
/// into kernel containers.
void collectKernels(mlir::Block &block,
                    llvm::SmallVectorImpl<mlir::Operation *> &kernels);

/// Moves `ops`, consecutive ops of one block in order, into a new private
/// function `name` (renamed if taken) placed before `parent`, marked
/// noinline, and calls it in their place. Values the ops use from outside
/// become arguments, except constants and globals, which are recreated
/// inside so LLVM still folds them (and stay outside too where later ops
/// use them); values used after the ops become results. Returns the call.
mlir::func::CallOp outlineOps(llvm::ArrayRef<mlir::Operation *> ops,
                              llvm::StringRef name, mlir::func::FuncOp parent,
                              mlir::SymbolTable &symbols);

} // namespace aotc

#endif // AOTC_LIB_TARGET_CPU_KERNELOUTLINING_H
