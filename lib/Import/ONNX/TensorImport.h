//===- TensorImport.h - ONNX TensorProto to MLIR attributes -------*- C++ -*-===//
//
// Element types and tensor data of ONNX protos in MLIR terms.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_IMPORT_ONNX_TENSORIMPORT_H
#define AOTC_LIB_IMPORT_ONNX_TENSORIMPORT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace onnx {
class TensorProto;
} // namespace onnx

namespace aotc::onnximport {

/// Tensors with more elements than this are stored as dense resource blobs
/// (weights); smaller ones as DenseElementsAttr, which folds.
inline constexpr int64_t kMaxInlineElements = 1024;

/// The MLIR element type of ONNX data type `dataType` (TensorProto::DataType)
/// or a null type when tg has none (unsigned integers, strings, complex,
/// 8-bit and 4-bit floats).
mlir::Type getElementType(mlir::MLIRContext *context, int dataType);

/// The signless integer type that holds ONNX unsigned integer type
/// `dataType` (uint8 -> i8, ...), or a null type for any other type. tg is
/// signless: the importer tracks which values are unsigned (see
/// GraphImporter::isUnsigned).
mlir::Type getUnsignedStorageType(mlir::MLIRContext *context, int dataType);

/// The ONNX name of data type `dataType` ("float", "uint8", ...).
llvm::StringRef getDataTypeName(int dataType);

/// Reads a TensorProto (raw_data, typed fields or external data, the latter
/// relative to `modelDir`) into an ElementsAttr named `name`; unsigned
/// integers get their signless storage type (the caller marks the value
/// unsigned), and the 8-, 4- and 2-bit types become one i8 code per element
/// (LowPrecision.h; the caller marks the value with its type). On failure returns null and sets `error` to a message.
///
/// `movableRawData`, when set, is `tensor`'s `raw_data` itself, which the
/// caller gives up: a resource blob then takes the bytes over instead of
/// copying them (a model's weights are not held twice while it imports).
mlir::ElementsAttr importTensor(mlir::MLIRContext *context,
                                const onnx::TensorProto &tensor,
                                llvm::StringRef modelDir, std::string &error,
                                std::string *movableRawData = nullptr);

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_TENSORIMPORT_H
