//===- ResourceRelease.h - free weights nothing refers to ---------*- C++ -*-===//
//
// A model's weights live in builtin dialect resource blobs, owned by the
// MLIRContext. Compile-time weight transforms (folded transposes, packed
// and blocked layouts) make new blobs; the old ones would stay allocated
// until the context dies, so a pipeline that relayouts every weight once
// held every weight twice or three times. The driver frees them as soon
// as no attribute of the module refers to them.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DRIVER_RESOURCERELEASE_H
#define AOTC_DRIVER_RESOURCERELEASE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassInstrumentation.h"

namespace aotc {

/// Frees the bytes of every builtin dialect resource blob that no attribute
/// of `module` (of any op, at any depth) refers to; returns how many bytes.
/// The blobs stay registered, empty.
uint64_t releaseUnreferencedResources(mlir::ModuleOp module);

/// Calls releaseUnreferencedResources after each pass that ran on a module
/// (including the adaptors that run nested passes), where no other thread
/// is working on the IR.
class ResourceReleaseInstrumentation : public mlir::PassInstrumentation {
public:
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override;
};

} // namespace aotc

#endif // AOTC_DRIVER_RESOURCERELEASE_H
