//===- InitAll.h - register every aotc dialect and pass -----------*- C++ -*-===//
//
// Registration used by aotc-opt and the driver: aotc's dialects, passes and
// pipelines, plus the upstream dialects and extensions the pipelines use.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_INITALL_H
#define AOTC_INITALL_H

#include "mlir/IR/DialectRegistry.h"

namespace aotc {

/// Adds aotc's dialects, the upstream dialects its pipelines produce, and
/// their interface extensions (bufferization, LLVM translation) to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers aotc's passes and named pipelines with the global registry, for
/// aotc-opt's command line.
void registerAllPasses();

} // namespace aotc

#endif // AOTC_INITALL_H
