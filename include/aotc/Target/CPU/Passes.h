//===- Passes.h - x86-64 target passes ----------------------------*- C++ -*-===//
//
// Declares the CPU target passes generated from Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_PASSES_H
#define AOTC_TARGET_CPU_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace aotc {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "aotc/Target/CPU/Passes.h.inc"

} // namespace aotc

#endif // AOTC_TARGET_CPU_PASSES_H
