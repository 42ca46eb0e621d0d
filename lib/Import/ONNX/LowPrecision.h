//===- LowPrecision.h - ONNX's 8-, 4- and 2-bit element types -----*- C++ -*-===//
//
// ONNX defines float8 (e4m3fn, e4m3fnuz, e5m2, e5m2fnuz, e8m0), float4e2m1,
// int4/uint4 and int2/uint2 tensors. tg has no such element types; inside a
// graph the importer holds them as i8 tensors of *codes*, one element per
// byte:
//
//   - float8 and float4: the element's bit pattern (a float4 code is 0..15);
//   - int4, int2: the value, sign-extended; uint4, uint2: the value.
//
// So an integer code is already its numeric value, and the float formats
// decode through a table. The importer tracks which i8 values hold codes of
// which type (GraphImporter::getLowPrecisionType), as it tracks unsigned
// integers, and lets only the ops that handle them read them: data movement,
// Cast, CastLike, QuantizeLinear and DequantizeLinear.
//
// At the graph's boundary and in initializers the elements are packed as
// ONNX packs them: 4-bit elements two to a byte and 2-bit elements four to a
// byte, the first element in the least significant bits; 8-bit ones one to
// a byte. A graph input or output of such a type is an i8 tensor of those
// bytes in the compiled function, with the attribute `tg.logical_type`
// giving the tensor the caller sees (`tensor<3x5xf8E4M3FN>`,
// `tensor<7xui4>`): the header states that type and its packed byte size.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_IMPORT_ONNX_LOWPRECISION_H
#define AOTC_LIB_IMPORT_ONNX_LOWPRECISION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace aotc::onnximport {

class NodeContext;

/// The argument and result attribute naming the tensor type a packed i8
/// graph input or output holds (see the file comment).
inline constexpr llvm::StringLiteral kLogicalTypeAttr = "tg.logical_type";

/// ONNX's numbers for these types (TensorProto::DataType; newer than the
/// onnx headers aotc builds against).
enum LowPrecisionDataType : int {
  kFloat8E4M3FN = 17,
  kFloat8E4M3FNUZ = 18,
  kFloat8E5M2 = 19,
  kFloat8E5M2FNUZ = 20,
  kUInt4 = 21,
  kInt4 = 22,
  kFloat4E2M1 = 23,
  kFloat8E8M0 = 24,
  kUInt2 = 25,
  kInt2 = 26,
};

/// One of ONNX's low-precision element types.
struct LowPrecisionType {
  enum class Kind {
    Integer,  // int4, uint4, int2, uint2
    Float,    // float8 e4m3fn/e4m3fnuz/e5m2/e5m2fnuz, float4e2m1
    Exponent, // float8e8m0: a power of two, no sign, no zero
  };
  int dataType;
  Kind kind;
  unsigned bits;
  bool isSigned;
  // Floats: exponent and mantissa bits, exponent bias.
  unsigned exponentBits = 0, mantissaBits = 0;
  int bias = 0;
  /// The "fnuz" formats: no negative zero, one NaN (0x80), no infinity.
  bool fnuz = false;
  /// e5m2: IEEE-style infinities.
  bool hasInfinity = false;

  /// Elements per byte when packed.
  unsigned perByte() const { return 8 / bits; }
  /// Bytes `count` (>= 0) elements take when packed; without wrapping for
  /// any count.
  int64_t packedBytes(int64_t count) const {
    return count / perByte() + (count % perByte() != 0);
  }
  /// The number of codes (2^bits).
  unsigned numCodes() const { return 1u << bits; }
};

/// The low-precision type of ONNX data type `dataType`, or null for any
/// other type.
const LowPrecisionType *lookupLowPrecisionType(int dataType);

/// The MLIR element type the header names for `type` (f8E4M3FN, i4, ui4,
/// f4E2M1FN, f8E8M0FNU, i2, ui2).
mlir::Type getLogicalElementType(mlir::MLIRContext *context,
                                 const LowPrecisionType &type);

/// The value of each code of a float or exponent type, as doubles (NaN and
/// infinities included).
llvm::SmallVector<double> getCodeValues(const LowPrecisionType &type);

/// Unpacks `count` elements of `type` from ONNX's packed bytes into one code
/// per byte (integers sign-extended).
llvm::SmallVector<int8_t> unpackCodes(llvm::ArrayRef<char> bytes,
                                      int64_t count,
                                      const LowPrecisionType &type);

/// Codes (i8, any shape) decoded to `element`: integers convert as values,
/// floats through their code table.
mlir::Value decodeCodes(NodeContext &ctx, mlir::Value codes,
                        const LowPrecisionType &type, mlir::Type element);

/// How a float converts to float8e8m0 (Cast's `round_mode`).
enum class ExponentRounding { Up, Down, Nearest };

/// `x` (any float or integer tensor) converted to codes of `type`, as ONNX
/// Cast does (float64 and integer inputs through float32 first): floats
/// round to nearest even, out-of-range values saturate
/// to the largest finite value when `saturate` is set (else become infinity
/// or NaN where the format has them); integers wrap to the low bits.
mlir::Value encodeCodes(NodeContext &ctx, mlir::Value x,
                        const LowPrecisionType &type, bool saturate,
                        ExponentRounding rounding = ExponentRounding::Up);

/// Codes of `type` with logical shape `shape` from their packed i8 bytes
/// (a 1-D tensor of type.packedBytes(elements) bytes).
mlir::Value unpackValue(NodeContext &ctx, mlir::Value bytes,
                        const LowPrecisionType &type,
                        llvm::ArrayRef<int64_t> shape);
mlir::Value unpackValue(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value bytes, const LowPrecisionType &type,
                        llvm::ArrayRef<int64_t> shape);

/// Codes packed into ONNX's bytes: a 1-D i8 tensor.
mlir::Value packValue(mlir::OpBuilder &builder, mlir::Location loc,
                      mlir::Value codes, const LowPrecisionType &type);

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_LOWPRECISION_H
