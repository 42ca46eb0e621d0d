//===- TGConstants.cpp - reading and building constant tensors ------------===//
//
// Implements TGConstants.h. Element bytes are read and written in the
// host's layout, which is the target's (little-endian x86-64) and the one
// the ONNX importer gives its blobs. Floats widen exactly to double and
// round once, to nearest even, back to their type.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace mlir;
using namespace aotc::tg;

/// The statically shaped tensor type of a constant, or null.
static RankedTensorType getTensorType(Attribute attr) {
  auto elements = dyn_cast_if_present<ElementsAttr>(attr);
  if (!elements)
    return {};
  auto type = dyn_cast<RankedTensorType>(elements.getShapedType());
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

/// The bytes of a loaded `dense_resource` blob, when they hold exactly the
/// elements of its type (i1 excluded).
static std::optional<ArrayRef<char>>
getResourceBytes(DenseResourceElementsAttr attr) {
  RankedTensorType type = getTensorType(attr);
  if (!type || type.getElementType().isInteger(1) ||
      !type.getElementType().isIntOrFloat())
    return std::nullopt;
  ArrayRef<char> data = attr.getData();
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  if (static_cast<int64_t>(data.size()) != type.getNumElements() * elementBytes)
    return std::nullopt;
  return data;
}

DenseElementsAttr aotc::tg::getFoldableDense(Attribute attr) {
  if (auto dense = dyn_cast_if_present<DenseElementsAttr>(attr)) {
    if (dense.isSplat() || dense.getNumElements() <= kMaxFoldElements)
      return dense;
    return {};
  }
  auto resource = dyn_cast_if_present<DenseResourceElementsAttr>(attr);
  if (!resource || getTensorType(resource).getNumElements() > kMaxFoldElements)
    return {};
  std::optional<ArrayRef<char>> bytes = getResourceBytes(resource);
  if (!bytes)
    return {};
  bool splat;
  if (!DenseElementsAttr::isValidRawBuffer(resource.getType(), *bytes, splat))
    return {};
  return DenseElementsAttr::getFromRawBuffer(resource.getType(), *bytes);
}

std::optional<ArrayRef<char>> aotc::tg::getRawElementBytes(Attribute attr) {
  if (auto resource = dyn_cast_if_present<DenseResourceElementsAttr>(attr))
    return getResourceBytes(resource);
  auto dense = dyn_cast_if_present<DenseIntOrFPElementsAttr>(attr);
  if (!dense || dense.isSplat() || dense.getElementType().isInteger(1))
    return std::nullopt;
  return dense.getRawData();
}

bool aotc::tg::isFoldableWeight(Attribute attr, Value value) {
  RankedTensorType type = getTensorType(attr);
  if (!type || type.getNumElements() <= kMaxFoldElements ||
      type.getNumElements() > kMaxWeightFoldElements || !value.hasOneUse())
    return false;
  return getRawElementBytes(attr).has_value();
}

/// A resource key made from `hint`: a bare identifier, as the blob manager
/// and the printer need.
static std::string getResourceKey(StringRef hint) {
  std::string key = hint.empty() ? "tg_constant" : hint.str();
  for (char &c : key)
    if (!llvm::isAlnum(c) && c != '_' && c != '.')
      c = '_';
  if (!llvm::isAlpha(key.front()) && key.front() != '_')
    key.insert(0, "t_");
  return key;
}

ElementsAttr aotc::tg::buildConstant(RankedTensorType type,
                                     ArrayRef<char> bytes, StringRef nameHint) {
  if (type.getNumElements() <= kMaxFoldElements)
    return DenseElementsAttr::getFromRawBuffer(type, bytes);
  return DenseResourceElementsAttr::get(
      type, getResourceKey(nameHint),
      HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignof(uint64_t)));
}

/// The float semantics of a 16-bit element type.
static const llvm::fltSemantics &getHalfSemantics(Type type) {
  return type.isBF16() ? APFloat::BFloat() : APFloat::IEEEhalf();
}

/// True for the float element types the double paths handle.
static bool isSupportedFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

bool aotc::tg::canReadFloatElements(Attribute attr, int64_t maxElements) {
  RankedTensorType type = getTensorType(attr);
  if (!type || !isSupportedFloat(type.getElementType()) ||
      type.getNumElements() > maxElements)
    return false;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr); dense && dense.isSplat())
    return true;
  return getRawElementBytes(attr).has_value();
}

std::optional<SmallVector<double>>
aotc::tg::readFloatElements(Attribute attr, int64_t maxElements) {
  if (!canReadFloatElements(attr, maxElements))
    return std::nullopt;
  RankedTensorType type = getTensorType(attr);
  Type elementType = type.getElementType();
  int64_t count = type.getNumElements();
  if (auto dense = dyn_cast<DenseElementsAttr>(attr);
      dense && dense.isSplat()) {
    APFloat value = dense.getSplatValue<APFloat>();
    bool lost;
    value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
    return SmallVector<double>(count, value.convertToDouble());
  }
  std::optional<ArrayRef<char>> bytes = getRawElementBytes(attr);
  if (!bytes)
    return std::nullopt;
  SmallVector<double> values(count);
  const char *data = bytes->data();
  if (elementType.isF32()) {
    for (int64_t i = 0; i < count; ++i) {
      float x;
      std::memcpy(&x, data + 4 * i, 4);
      values[i] = x;
    }
  } else if (elementType.isF64()) {
    std::memcpy(values.data(), data, 8 * count);
  } else {
    const llvm::fltSemantics &semantics = getHalfSemantics(elementType);
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, data + 2 * i, 2);
      APFloat x(semantics, APInt(16, bits));
      bool lost;
      x.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
      values[i] = x.convertToDouble();
    }
  }
  return values;
}

std::optional<SmallVector<double>>
aotc::tg::readIntegerElements(Attribute attr, int64_t maxElements,
                              bool isUnsigned) {
  RankedTensorType type = getTensorType(attr);
  if (!type || type.getNumElements() > maxElements)
    return std::nullopt;
  auto integer = dyn_cast<IntegerType>(type.getElementType());
  unsigned width = integer ? integer.getWidth() : 0;
  if (width != 8 && width != 16 && width != 32)
    return std::nullopt;
  int64_t count = type.getNumElements();
  auto toDouble = [&](const APInt &value) {
    return isUnsigned ? double(value.getZExtValue())
                      : double(value.getSExtValue());
  };
  if (auto dense = dyn_cast<DenseElementsAttr>(attr);
      dense && dense.isSplat())
    return SmallVector<double>(count, toDouble(dense.getSplatValue<APInt>()));
  std::optional<ArrayRef<char>> bytes = getRawElementBytes(attr);
  if (!bytes)
    return std::nullopt;
  SmallVector<double> values(count);
  const char *data = bytes->data();
  int64_t elementBytes = width / 8;
  for (int64_t i = 0; i < count; ++i) {
    uint64_t bits = 0;
    std::memcpy(&bits, data + elementBytes * i, elementBytes);
    values[i] = toDouble(APInt(width, bits));
  }
  return values;
}

ElementsAttr aotc::tg::buildFloatConstant(RankedTensorType type,
                                          ArrayRef<double> values,
                                          StringRef nameHint) {
  Type elementType = type.getElementType();
  assert(isSupportedFloat(elementType) && "expected f16, bf16, f32 or f64");
  assert(static_cast<int64_t>(values.size()) == type.getNumElements() &&
         "expected one value per element");
  SmallVector<char> bytes;
  if (elementType.isF32()) {
    bytes.resize(4 * values.size());
    for (auto [i, value] : llvm::enumerate(values)) {
      float x = static_cast<float>(value);
      std::memcpy(bytes.data() + 4 * i, &x, 4);
    }
  } else if (elementType.isF64()) {
    bytes.resize(8 * values.size());
    std::memcpy(bytes.data(), values.data(), bytes.size());
  } else {
    const llvm::fltSemantics &semantics = getHalfSemantics(elementType);
    bytes.resize(2 * values.size());
    for (auto [i, value] : llvm::enumerate(values)) {
      APFloat x(value);
      bool lost;
      x.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
      uint16_t bits = x.bitcastToAPInt().getZExtValue();
      std::memcpy(bytes.data() + 2 * i, &bits, 2);
    }
  }
  return buildConstant(type, bytes, nameHint);
}

StringRef aotc::tg::getConstantNameHint(Attribute attr, StringRef fallback) {
  if (auto resource = dyn_cast_if_present<DenseResourceElementsAttr>(attr))
    return resource.getRawHandle().getKey();
  return fallback;
}

SmallVector<char> aotc::tg::gatherElementBytes(
    ArrayRef<char> source, int64_t elementBytes, RankedTensorType resultType,
    llvm::function_ref<int64_t(ArrayRef<int64_t>)> index) {
  int64_t count = resultType.getNumElements();
  SmallVector<char> bytes(count * elementBytes);
  SmallVector<int64_t> coords(resultType.getRank(), 0);
  for (int64_t n = 0; n < count; ++n) {
    std::memcpy(bytes.data() + n * elementBytes,
                source.data() + index(coords) * elementBytes, elementBytes);
    for (int64_t d = resultType.getRank() - 1; d >= 0; --d) {
      if (++coords[d] < resultType.getDimSize(d))
        break;
      coords[d] = 0;
    }
  }
  return bytes;
}
