//===- Passes.h - aotc's analysis passes --------------------------*- C++
//-*-===//
//
// Declares the passes generated from Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_ANALYSIS_PASSES_H
#define AOTC_ANALYSIS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace aotc {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "aotc/Analysis/Passes.h.inc"

} // namespace aotc

#endif // AOTC_ANALYSIS_PASSES_H
