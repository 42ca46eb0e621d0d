//===- Passes.h - CUDA target passes ------------------------------*- C++
//-*-===//
//
// Declares the CUDA target passes generated from Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CUDA_PASSES_H
#define AOTC_TARGET_CUDA_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace aotc {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "aotc/Target/CUDA/Passes.h.inc"

} // namespace aotc

#endif // AOTC_TARGET_CUDA_PASSES_H
