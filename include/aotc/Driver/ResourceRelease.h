//===- ResourceRelease.h - free weights nothing refers to ---------*- C++ -*-===//
//
// A model's weights live in builtin dialect resource blobs, owned by the
// MLIRContext. Compile-time weight transforms (folded transposes, packed
// and blocked layouts) make new blobs; the old ones would stay allocated
// until the context dies, so a pipeline that relayouts every weight once
// held every weight twice or three times. The driver frees them as soon
// as no attribute of the module refers to them (Transforms/ResourceRelease.h),
// after every module-level pass.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DRIVER_RESOURCERELEASE_H
#define AOTC_DRIVER_RESOURCERELEASE_H

#include "aotc/Transforms/ResourceRelease.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassInstrumentation.h"

namespace aotc {

/// Calls releaseUnreferencedResources after each pass that ran on a module
/// (including the adaptors that run nested passes), where no other thread
/// is working on the IR.
class ResourceReleaseInstrumentation : public mlir::PassInstrumentation {
public:
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override;
};

} // namespace aotc

#endif // AOTC_DRIVER_RESOURCERELEASE_H
