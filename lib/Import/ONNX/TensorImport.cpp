//===- TensorImport.cpp - ONNX TensorProto to MLIR attributes -------------===//
//
// Tensor data reaches an ONNX file three ways: `raw_data` (little-endian
// bytes), the typed repeated fields (`float_data`, `int32_data`, ...), or an
// external file next to the model. All three end up as one contiguous
// little-endian buffer, which becomes a DenseElementsAttr when small and a
// dense resource blob (one copy of the bytes, no per-element attributes, no
// uniquing hash over megabytes) when large.
//
//===----------------------------------------------------------------------===//

#include "TensorImport.h"

#include "LowPrecision.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "onnx/onnx_pb.h"

#include <cstring>

using namespace mlir;
using namespace aotc::onnximport;
using onnx::TensorProto;

Type aotc::onnximport::getElementType(MLIRContext *context, int dataType) {
  Builder b(context);
  switch (dataType) {
  case TensorProto::FLOAT:
    return b.getF32Type();
  case TensorProto::DOUBLE:
    return b.getF64Type();
  case TensorProto::FLOAT16:
    return b.getF16Type();
  case TensorProto::BFLOAT16:
    return b.getBF16Type();
  case TensorProto::BOOL:
    return b.getI1Type();
  case TensorProto::INT8:
    return b.getI8Type();
  case TensorProto::INT16:
    return b.getI16Type();
  case TensorProto::INT32:
    return b.getI32Type();
  case TensorProto::INT64:
    return b.getI64Type();
  default:
    return {};
  }
}

Type aotc::onnximport::getUnsignedStorageType(MLIRContext *context,
                                              int dataType) {
  switch (dataType) {
  case TensorProto::UINT8:
    return IntegerType::get(context, 8);
  case TensorProto::UINT16:
    return IntegerType::get(context, 16);
  case TensorProto::UINT32:
    return IntegerType::get(context, 32);
  case TensorProto::UINT64:
    return IntegerType::get(context, 64);
  default:
    return {};
  }
}

StringRef aotc::onnximport::getDataTypeName(int dataType) {
  static const char *const names[] = {
      "undefined", "float",    "uint8",         "int8",        "uint16",
      "int16",     "int32",    "int64",         "string",      "bool",
      "float16",   "double",   "uint32",        "uint64",      "complex64",
      "complex128", "bfloat16", "float8e4m3fn", "float8e4m3fnuz",
      "float8e5m2", "float8e5m2fnuz", "uint4",   "int4",        "float4e2m1",
      "float8e8m0", "uint2",   "int2"};
  if (dataType >= 0 && dataType < static_cast<int>(std::size(names)))
    return names[dataType];
  return "unknown";
}

/// Bytes per element in ONNX's raw encoding (bool is one byte).
static int64_t getRawElementBytes(Type type) {
  if (type.isInteger(1))
    return 1;
  return type.getIntOrFloatBitWidth() / 8;
}

/// Reads `length` bytes at `offset` of the external file `location`, which
/// must stay inside `modelDir` and be a regular file (a FIFO or a device
/// would hang or never end). The sizes are checked against the file's and
/// against `expected`, the tensor's bytes, before anything is read, and only
/// those bytes are read.
static bool readExternalData(const TensorProto &tensor, StringRef modelDir,
                             int64_t expected, std::string &bytes,
                             std::string &error) {
  std::string location;
  int64_t offset = 0, length = -1;
  for (const auto &entry : tensor.external_data()) {
    const std::string &key = entry.key();
    const std::string &value = entry.value();
    auto parseNumber = [&](int64_t &into) {
      if (StringRef(value).getAsInteger(10, into) || into < 0) {
        error = "external data " + key + " '" + value +
                "' is not a non-negative integer";
        return false;
      }
      return true;
    };
    if (key == "location")
      location = value;
    else if (key == "offset" && !parseNumber(offset))
      return false;
    else if (key == "length" && !parseNumber(length))
      return false;
  }
  if (location.empty()) {
    error = "external data has no location";
    return false;
  }
  if (llvm::sys::path::is_absolute(location)) {
    error = "external data location '" + location +
            "' is an absolute path; it must name a file in the model's folder";
    return false;
  }
  SmallString<256> realDir, joined(modelDir), realFile;
  llvm::sys::path::append(joined, location);
  if (llvm::sys::fs::real_path(modelDir, realDir) ||
      llvm::sys::fs::real_path(joined, realFile)) {
    error = "cannot open external data file '" + std::string(joined) + "'";
    return false;
  }
  SmallString<256> prefix(realDir);
  llvm::sys::path::append(prefix, "");
  if (!StringRef(realFile).starts_with(prefix) ||
      llvm::sys::fs::is_directory(realFile)) {
    error = "external data location '" + location +
            "' escapes the model's folder";
    return false;
  }
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(realFile, status)) {
    error = "cannot read external data file '" + std::string(joined) +
            "': " + ec.message();
    return false;
  }
  if (!llvm::sys::fs::is_regular_file(status)) {
    error = "external data file '" + std::string(joined) +
            "' is not a regular file";
    return false;
  }
  int64_t size = static_cast<int64_t>(status.getSize());
  if (length < 0)
    length = offset <= size ? size - offset : 0;
  if (offset > size || length > size - offset) {
    error = "external data of '" + location + "' at offset " +
            std::to_string(offset) + ", length " + std::to_string(length) +
            " runs past the end of the file (" + std::to_string(size) +
            " bytes)";
    return false;
  }
  if (length != expected) {
    error = "external data of '" + location + "' holds " +
            std::to_string(length) + " bytes, but the tensor needs " +
            std::to_string(expected);
    return false;
  }
  auto buffer = llvm::MemoryBuffer::getFileSlice(realFile, length, offset,
                                                 /*IsVolatile=*/false);
  if (!buffer) {
    error = "cannot read external data file '" + std::string(joined) +
            "': " + buffer.getError().message();
    return false;
  }
  bytes.assign((*buffer)->getBufferStart(), length);
  return true;
}

/// Gathers the typed repeated fields of `tensor` into little-endian bytes.
static void readTypedFields(const TensorProto &tensor, Type type,
                            std::string &bytes) {
  auto append = [&](const void *data, size_t size) {
    bytes.append(static_cast<const char *>(data), size);
  };
  switch (tensor.data_type()) {
  case TensorProto::FLOAT:
    append(tensor.float_data().data(), tensor.float_data_size() * 4);
    return;
  case TensorProto::DOUBLE:
    append(tensor.double_data().data(), tensor.double_data_size() * 8);
    return;
  case TensorProto::INT64:
    append(tensor.int64_data().data(), tensor.int64_data_size() * 8);
    return;
  case TensorProto::UINT64:
    append(tensor.uint64_data().data(), tensor.uint64_data_size() * 8);
    return;
  case TensorProto::UINT32: {
    // One element per uint64_data entry.
    for (uint64_t value : tensor.uint64_data()) {
      uint32_t narrow = static_cast<uint32_t>(value);
      append(&narrow, 4);
    }
    return;
  }
  default:
    break;
  }
  // Everything narrower travels in int32_data, one element per entry (f16
  // and bf16 as their bit patterns).
  int64_t width = getRawElementBytes(type);
  for (int32_t value : tensor.int32_data())
    append(&value, width);
}

ElementsAttr aotc::onnximport::importTensor(MLIRContext *context,
                                            const TensorProto &tensor,
                                            StringRef modelDir,
                                            std::string &error,
                                            std::string *movableRawData) {
  Type elementType = getElementType(context, tensor.data_type());
  if (!elementType)
    elementType = getUnsignedStorageType(context, tensor.data_type());
  // Low-precision elements arrive packed and become one i8 code each.
  const LowPrecisionType *lowPrecision =
      lookupLowPrecisionType(tensor.data_type());
  if (lowPrecision)
    elementType = IntegerType::get(context, 8);
  if (!elementType) {
    error = "unsupported data type " +
            getDataTypeName(tensor.data_type()).str();
    return {};
  }
  SmallVector<int64_t> shape;
  int64_t numElements = 1;
  for (int64_t dim : tensor.dims()) {
    if (dim < 0) {
      error = "negative dimension " + std::to_string(dim);
      return {};
    }
    shape.push_back(dim);
    std::optional<int64_t> product = llvm::checkedMul(numElements, dim);
    if (!product) {
      error = "has more elements than int64 counts";
      return {};
    }
    numElements = *product;
  }
  auto type = RankedTensorType::get(shape, elementType);
  int64_t elementBytes = getRawElementBytes(elementType);
  std::optional<int64_t> byteSize =
      lowPrecision ? std::optional<int64_t>(
                         lowPrecision->packedBytes(numElements))
                   : llvm::checkedMul(numElements, elementBytes);
  if (!byteSize) {
    error = "has more bytes than int64 counts";
    return {};
  }

  std::string external;
  const std::string *bytes = &tensor.raw_data();
  std::string typed;
  if (tensor.data_location() == TensorProto::EXTERNAL) {
    if (!readExternalData(tensor, modelDir, *byteSize, external, error))
      return {};
    bytes = &external;
  } else if (!tensor.has_raw_data()) {
    readTypedFields(tensor, elementType, typed);
    bytes = &typed;
  }
  if (static_cast<int64_t>(bytes->size()) != *byteSize) {
    error = "holds " + std::to_string(bytes->size()) + " bytes of data, but " +
            std::to_string(numElements) + " elements of " +
            getDataTypeName(tensor.data_type()).str() + " need " +
            std::to_string(*byteSize);
    return {};
  }

  if (elementType.isInteger(1)) {
    SmallVector<bool> values;
    values.reserve(numElements);
    for (char byte : *bytes)
      values.push_back(byte != 0);
    return DenseElementsAttr::get(type, values);
  }
  ArrayRef<char> data(bytes->data(), bytes->size());
  SmallVector<int8_t> codes;
  if (lowPrecision) {
    codes = unpackCodes(data, numElements, *lowPrecision);
    data = ArrayRef<char>(reinterpret_cast<const char *>(codes.data()),
                          codes.size());
  }
  if (numElements <= kMaxInlineElements)
    return DenseElementsAttr::getFromRawBuffer(type, data);

  // A resource key must be a bare identifier; initializer names are not.
  std::string key = tensor.name().empty() ? "onnx_tensor" : tensor.name();
  for (char &c : key)
    if (!llvm::isAlnum(c) && c != '_' && c != '.')
      c = '_';
  if (!llvm::isAlpha(key.front()) && key.front() != '_')
    key.insert(0, "t_");
  constexpr size_t alignment = alignof(uint64_t);
  if (movableRawData && bytes == movableRawData && codes.empty() &&
      reinterpret_cast<uintptr_t>(bytes->data()) % alignment == 0) {
    // The blob owns the string from here on: no copy of the weights.
    auto owned = std::make_unique<std::string>(std::move(*movableRawData));
    ArrayRef<char> ownedData(owned->data(), owned->size());
    return DenseResourceElementsAttr::get(
        type, key,
        AsmResourceBlob(
            ownedData, alignment,
            [owned = std::move(owned)](void *, size_t, size_t) mutable {
              owned.reset();
            },
            /*dataIsMutable=*/false));
  }
  return DenseResourceElementsAttr::get(
      type, key, HeapAsmResourceBlob::allocateAndCopyWithAlign(data, alignment));
}
