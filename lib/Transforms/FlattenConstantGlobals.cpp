//===- FlattenConstantGlobals.cpp - one flat array per dense global -------===//
//
// Implements `aotc-flatten-constant-globals` (Passes.td has the contract):
// an `llvm.mlir.global` whose type nests arrays and whose initializer is a
// dense attribute becomes one flat array (of its bytes where it can), so
// LLVM sees one `ConstantDataArray` instead of a tree of uniqued rows, and
// the back end writes it as one block of bytes.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

namespace aotc {
#define GEN_PASS_DEF_FLATTENCONSTANTGLOBALSPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The element type of an LLVM array or nest of arrays, and how many
/// elements it holds; null when `type` is not an array.
std::pair<Type, int64_t> arrayNest(Type type) {
  if (!isa<LLVM::LLVMArrayType>(type))
    return {};
  int64_t count = 1;
  Type element = type;
  while (auto array = dyn_cast<LLVM::LLVMArrayType>(element)) {
    count *= array.getNumElements();
    element = array.getElementType();
  }
  return {element, count};
}

/// Whether `type` is an integer or float type whose values take whole bytes
/// (so a little-endian blob of them reads as bytes).
bool isByteSized(Type type) {
  if (!type.isIntOrFloat())
    return false;
  unsigned width = type.getIntOrFloatBitWidth();
  return width >= 8 && width % 8 == 0;
}

/// The flat form of `value`, a dense attribute of `count` elements: its
/// bytes as one `i8` array when it holds distinct values of a byte-sized
/// type (the back end then writes them with one copy), else the same
/// elements in one dimension. Null when `value` is neither kind of dense
/// attribute or holds another element count.
Attribute flatten(Attribute value, int64_t count) {
  auto typed = dyn_cast_or_null<TypedAttr>(value);
  auto shaped = typed ? dyn_cast<ShapedType>(typed.getType()) : ShapedType();
  if (!shaped || !shaped.hasStaticShape() ||
      shaped.getNumElements() != count)
    return {};
  Type element = shaped.getElementType();
  auto bytesType = [&](int64_t bytes) {
    return RankedTensorType::get({bytes},
                                 IntegerType::get(value.getContext(), 8));
  };
  int64_t bytes = isByteSized(element)
                      ? count * (element.getIntOrFloatBitWidth() / 8)
                      : 0;
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    ShapedType flatType = bytes ? bytesType(bytes)
                                : RankedTensorType::get({count}, element);
    return DenseResourceElementsAttr::get(flatType, resource.getRawHandle());
  }
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return {};
  if (bytes && !dense.isSplat() &&
      static_cast<int64_t>(dense.getRawData().size()) == bytes)
    return DenseElementsAttr::getFromRawBuffer(bytesType(bytes),
                                               dense.getRawData());
  return dense.reshape(RankedTensorType::get({count}, element));
}

struct FlattenConstantGlobalsPass
    : aotc::impl::FlattenConstantGlobalsPassBase<FlattenConstantGlobalsPass> {
  void runOnOperation() override {
    for (auto global : getOperation().getOps<LLVM::GlobalOp>()) {
      auto [element, count] = arrayNest(global.getGlobalType());
      if (!element)
        continue;
      Attribute flat = flatten(global.getValueOrNull(), count);
      if (!flat)
        continue;
      auto flatType = cast<ShapedType>(cast<TypedAttr>(flat).getType());
      Type arrayType = LLVM::LLVMArrayType::get(
          flatType.getElementType(),
          static_cast<unsigned>(flatType.getNumElements()));
      if (arrayType == global.getGlobalType())
        continue;
      global.setGlobalTypeAttr(TypeAttr::get(arrayType));
      global.setValueAttr(flat);
    }
  }
};

} // namespace
