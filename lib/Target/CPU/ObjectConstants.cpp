//===- ObjectConstants.cpp - weights written straight to the object -------===//
//
// Implements ObjectConstants.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/ObjectConstants.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;

namespace aotc::cpu {

std::vector<ObjectConstant> takeResourceConstants(ModuleOp module,
                                                  bool largeData,
                                                  uint64_t largeDataThreshold) {
  std::vector<ObjectConstant> constants;
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    auto resource =
        dyn_cast_or_null<DenseResourceElementsAttr>(global.getValueOrNull());
    if (!global.getConstant() || !resource || global.getThreadLocal_() ||
        global.getSection())
      continue;
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      continue;
    ArrayRef<char> data = blob->getData();
    // aotc-flatten-constant-globals made it an array of its bytes.
    auto type = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
    if (!type || !type.getElementType().isInteger(8) ||
        type.getNumElements() != data.size())
      continue;
    ObjectConstant constant;
    constant.symbol = global.getSymName().str();
    constant.bytes = ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(data.data()), data.size());
    constant.alignment = std::max<uint64_t>(global.getAlignment().value_or(1),
                                            blob->getDataAlignment());
    constant.large = largeData && data.size() > largeDataThreshold;
    constants.push_back(std::move(constant));

    global.removeValueAttr();
    global.setLinkage(LLVM::Linkage::External);
    global.setVisibility_(LLVM::Visibility::Hidden);
    global.setDsoLocal(true);
  }
  return constants;
}

} // namespace aotc::cpu
