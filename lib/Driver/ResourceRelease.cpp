//===- ResourceRelease.cpp - free weights nothing refers to ---------------===//
//
// Implements ResourceRelease.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Driver/ResourceRelease.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseSet.h"

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

void ResourceReleaseInstrumentation::runAfterPass(Pass *, Operation *op) {
  if (auto module = dyn_cast<ModuleOp>(op))
    releaseUnreferencedResources(module);
}

} // namespace aotc
