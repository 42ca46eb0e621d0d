//===- TGConstants.h - reading and building constant tensors ----*- C++ -*-===//
//
// Helpers shared by the tg folds and the weight-preparation passes to read
// the elements of a constant, whether it is a `dense` literal or a
// `dense_resource` blob, and to build a new one. Large results become
// resource blobs, as the ONNX importer makes them, so a folded weight is one
// copy of its bytes rather than a uniqued attribute of megabytes.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGCONSTANTS_H
#define AOTC_DIALECT_TG_IR_TGCONSTANTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace aotc::tg {

/// Constants with at most this many elements fold by evaluating every
/// element as an attribute (any op, any element type), and are built as
/// `dense` literals; larger ones are built as `dense_resource` blobs (the
/// ONNX importer's threshold too).
inline constexpr int64_t kMaxFoldElements = 1024;

/// Constants with more than kMaxFoldElements elements (weights) fold only
/// through the byte-level and double-precision paths below, only when the
/// fold replaces its operand (the large operand has no other user, so the
/// object never holds two copies of a weight) and does not grow it (no
/// broadcast to a larger result), and only up to this many elements:
/// 16M elements, 64 MiB of f32.
inline constexpr int64_t kMaxWeightFoldElements = int64_t(1) << 24;

/// `attr` as a DenseElementsAttr to evaluate element by element: a `dense`
/// splat of any size, a `dense` literal or a `dense_resource` blob of at
/// most kMaxFoldElements elements. Null otherwise (absent, too large, or a
/// blob whose bytes are not loaded).
mlir::DenseElementsAttr getFoldableDense(mlir::Attribute attr);

/// The bytes of a non-splat constant, one element after another in
/// row-major order at its natural width (f16 and bf16 in 2 bytes, f32 in 4,
/// ...), or nullopt for a splat, an i1 tensor (packed in bits when `dense`)
/// or a blob that is not loaded.
std::optional<llvm::ArrayRef<char>> getRawElementBytes(mlir::Attribute attr);

/// True when `value`, an operand of a fold whose constant value is `attr`,
/// may take the large-weight path: `attr` is a non-splat constant of more
/// than kMaxFoldElements and at most kMaxWeightFoldElements elements, and
/// `value` has a single use.
bool isFoldableWeight(mlir::Attribute attr, mlir::Value value);

/// A constant of `type` from `bytes` laid out as getRawElementBytes returns
/// them: `dense` with at most kMaxFoldElements elements, otherwise a
/// `dense_resource` blob whose key is derived from `nameHint` (made unique
/// by the blob manager). The bytes are copied.
mlir::ElementsAttr buildConstant(mlir::RankedTensorType type,
                                 llvm::ArrayRef<char> bytes,
                                 llvm::StringRef nameHint);

/// The elements of a float constant (f16, bf16, f32 or f64; `dense` or
/// `dense_resource`) widened exactly to double, one per element of its
/// type (a splat is repeated). Nullopt for other element types, for
/// constants of more than `maxElements` elements and for blobs that are not
/// loaded.
std::optional<llvm::SmallVector<double>> readFloatElements(mlir::Attribute attr,
                                                           int64_t maxElements);

/// Whether readFloatElements(attr, maxElements) reads the elements, without
/// reading them.
bool canReadFloatElements(mlir::Attribute attr, int64_t maxElements);

/// The elements of an 8-, 16- or 32-bit integer constant, read as
/// unsigned or signed, exactly as double (a splat is repeated). Nullopt for
/// other element types, for constants of more than `maxElements` elements
/// and for blobs that are not loaded.
std::optional<llvm::SmallVector<double>>
readIntegerElements(mlir::Attribute attr, int64_t maxElements,
                    bool isUnsigned);

/// A float constant of `type` (f16, bf16, f32 or f64) whose elements are
/// `values` rounded once, to nearest even, to the element type; built as
/// buildConstant does.
mlir::ElementsAttr buildFloatConstant(mlir::RankedTensorType type,
                                      llvm::ArrayRef<double> values,
                                      llvm::StringRef nameHint);

/// A name hint for a constant computed from `attr`: the key of its blob
/// when it is a `dense_resource`, else `fallback`.
llvm::StringRef getConstantNameHint(mlir::Attribute attr,
                                    llvm::StringRef fallback);

/// Copies `source`, elements of `elementBytes` bytes each, into a buffer for
/// a tensor of `resultType` whose element at each coordinate is
/// `source[index(coordinates)]` (a row-major linear index).
llvm::SmallVector<char>
gatherElementBytes(llvm::ArrayRef<char> source, int64_t elementBytes,
                   mlir::RankedTensorType resultType,
                   llvm::function_ref<int64_t(llvm::ArrayRef<int64_t>)> index);

} // namespace aotc::tg

#endif // AOTC_DIALECT_TG_IR_TGCONSTANTS_H
