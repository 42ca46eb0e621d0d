//===- Passes.h - aotc conversion passes --------------------------*- C++ -*-===//
//
// Declares the conversion passes generated from Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_CONVERSION_PASSES_H
#define AOTC_CONVERSION_PASSES_H

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"

#include "mlir/Pass/Pass.h"

namespace aotc {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "aotc/Conversion/Passes.h.inc"

} // namespace aotc

#endif // AOTC_CONVERSION_PASSES_H
