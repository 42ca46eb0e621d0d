//===- Passes.h - aotc's target-independent transforms ------------*- C++ -*-===//
//
// Declares the passes generated from Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TRANSFORMS_PASSES_H
#define AOTC_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace aotc {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "aotc/Transforms/Passes.h.inc"

} // namespace aotc

#endif // AOTC_TRANSFORMS_PASSES_H
