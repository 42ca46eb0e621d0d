//===- Passes.h - graph-level rewrites on tg ----------------------*- C++ -*-===//
//
// Declares the passes generated from Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_TRANSFORMS_PASSES_H
#define AOTC_DIALECT_TG_TRANSFORMS_PASSES_H

#include "aotc/Dialect/TG/IR/TGDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace aotc {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"

} // namespace aotc

#endif // AOTC_DIALECT_TG_TRANSFORMS_PASSES_H
