//===- FlattenConstantGlobals.cpp - one flat array per dense global -------===//
//
// Implements `aotc-flatten-constant-globals` (Passes.td has the contract):
// an `llvm.mlir.global` whose type nests arrays and whose initializer is a
// dense attribute gets the flat array type of the same elements, so LLVM
// sees one `ConstantDataArray` instead of a tree of uniqued rows.
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

/// The element type of a nest of LLVM arrays, and how many elements the
/// nest holds; null when `type` is not an array of arrays.
std::pair<Type, int64_t> flattenArrayNest(Type type) {
  auto outer = dyn_cast<LLVM::LLVMArrayType>(type);
  if (!outer || !isa<LLVM::LLVMArrayType>(outer.getElementType()))
    return {};
  int64_t count = 1;
  Type element = type;
  while (auto array = dyn_cast<LLVM::LLVMArrayType>(element)) {
    count *= array.getNumElements();
    element = array.getElementType();
  }
  return {element, count};
}

/// `value` as a one-dimensional attribute of `count` elements, or null when
/// it is neither kind of dense attribute or holds another element count.
Attribute reshapeToFlat(Attribute value, int64_t count) {
  auto shaped = dyn_cast_or_null<ShapedType>(
      isa_and_nonnull<TypedAttr>(value) ? cast<TypedAttr>(value).getType()
                                        : Type());
  if (!shaped || !shaped.hasStaticShape() ||
      shaped.getNumElements() != count)
    return {};
  auto flatType = RankedTensorType::get({count}, shaped.getElementType());
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return dense.reshape(flatType);
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
    return DenseResourceElementsAttr::get(flatType,
                                          resource.getRawHandle());
  return {};
}

struct FlattenConstantGlobalsPass
    : aotc::impl::FlattenConstantGlobalsPassBase<FlattenConstantGlobalsPass> {
  void runOnOperation() override {
    for (auto global : getOperation().getOps<LLVM::GlobalOp>()) {
      auto [element, count] = flattenArrayNest(global.getGlobalType());
      if (!element)
        continue;
      Attribute flat = reshapeToFlat(global.getValueOrNull(), count);
      if (!flat)
        continue;
      global.setGlobalTypeAttr(TypeAttr::get(
          LLVM::LLVMArrayType::get(element, static_cast<unsigned>(count))));
      global.setValueAttr(flat);
    }
  }
};

} // namespace
