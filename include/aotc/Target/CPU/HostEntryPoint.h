//===- HostEntryPoint.h - pieces of a generated C entry point -----*- C++ -*-===//
//
// What the CPU and CUDA entry-point passes share: both build a host function
// taking `const void *const *inputs, void *const *outputs, ...` and view
// each caller pointer as a memref of its tensor's static shape.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_HOSTENTRYPOINT_H
#define AOTC_TARGET_CPU_HOSTENTRYPOINT_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace aotc {

/// Checks that `graph` exists, has a body, and takes and returns only
/// statically shaped tensors; emits the error on `module` or `graph`.
mlir::LogicalResult verifyEntryGraph(mlir::ModuleOp module,
                                     mlir::func::FuncOp graph,
                                     llvm::StringRef entry);

/// Loads `array[index]`, a pointer, from an array of pointers.
mlir::Value loadPointer(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value array, int64_t index);

/// Views the buffer at `ptr` as an identity-layout memref of `type`'s
/// static shape.
mlir::Value viewAsMemRef(mlir::OpBuilder &b, mlir::Location loc,
                         const mlir::LLVMTypeConverter &converter,
                         mlir::Value ptr, mlir::RankedTensorType type);

/// Calls `graph` from the entry point being built at `b`: each input is the
/// caller's buffer `inputs[i]` (as a read-only, `restrict` tensor), and each
/// result is materialized in the caller's buffer `outputs[i]`. The output
/// views come before the call so that they dominate the graph: empty-tensor
/// elimination can then make them the destinations of the ops computing the
/// results, and nothing is copied at the end.
void callGraphOnCallerBuffers(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::func::FuncOp graph, mlir::Value inputs,
                              mlir::Value outputs);

/// Creates `int32_t name(void *, ...)` with `numPointers` pointer arguments
/// at the end of `module`, whose body calls `graph` on the caller's buffers
/// (arguments 0 and 1, the input and output pointer arrays; see
/// callGraphOnCallerBuffers) and returns 0. Every other function of the
/// module becomes private: the pipeline's inliner folds the graph into the
/// entry point and symbol-dce drops what is left, so only the entry point is
/// compiled, whatever else the file holds.
mlir::func::FuncOp buildEntryPoint(mlir::ModuleOp module,
                                   mlir::func::FuncOp graph,
                                   llvm::StringRef name, unsigned numPointers);

} // namespace aotc

#endif // AOTC_TARGET_CPU_HOSTENTRYPOINT_H
