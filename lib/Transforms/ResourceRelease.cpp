//===- ResourceRelease.cpp - free weights nothing refers to ---------------===//
//
// Implements ResourceRelease.h and `aotc-release-unreferenced-weights`
// (Passes.td has the contract).
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/ResourceRelease.h"

#include "aotc/Transforms/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseSet.h"

namespace aotc {
#define GEN_PASS_DEF_RELEASEUNREFERENCEDWEIGHTSPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace aotc {

uint64_t releaseUnreferencedResources(ModuleOp module) {
  llvm::DenseSet<const DialectResourceBlobManager::BlobEntry *> referenced;
  module->walk([&](Operation *op) {
    op->getAttrDictionary().walk([&](DenseResourceElementsAttr attr) {
      referenced.insert(attr.getRawHandle().getResource());
    });
  });
  auto &manager =
      DenseResourceElementsHandle::getManagerInterface(module.getContext())
          .getBlobManager();
  SmallVector<std::string> unused;
  manager.getBlobMap([&](const llvm::StringMap<
                         DialectResourceBlobManager::BlobEntry> &blobs) {
    for (const auto &entry : blobs) {
      const AsmResourceBlob *blob = entry.second.getBlob();
      if (blob && !blob->getData().empty() && !referenced.contains(&entry.second))
        unused.push_back(entry.first().str());
    }
  });
  uint64_t bytes = 0;
  for (const std::string &name : unused) {
    DialectResourceBlobManager::BlobEntry *entry = manager.lookup(name);
    bytes += entry->getBlob()->getData().size();
    entry->setBlob(AsmResourceBlob());
  }
  return bytes;
}

} // namespace aotc

namespace {

struct ReleaseUnreferencedWeightsPass final
    : aotc::impl::ReleaseUnreferencedWeightsPassBase<
          ReleaseUnreferencedWeightsPass> {
  using Base::Base;

  void runOnOperation() override {
    bytesReleased += aotc::releaseUnreferencedResources(getOperation());
    markAllAnalysesPreserved();
  }
};

} // namespace
