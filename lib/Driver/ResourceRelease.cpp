//===- ResourceRelease.cpp - free weights nothing refers to ---------------===//
//
// Implements ResourceRelease.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Driver/ResourceRelease.h"

using namespace mlir;

namespace aotc {

void ResourceReleaseInstrumentation::runAfterPass(Pass *, Operation *op) {
  if (auto module = dyn_cast<ModuleOp>(op))
    releaseUnreferencedResources(module);
}

} // namespace aotc
