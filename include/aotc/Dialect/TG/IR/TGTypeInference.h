//===- TGTypeInference.h - shape rules of the tg ops ------------*- C++ -*-===//
//
// The shape and type rules of the tg ops as free functions. Op verifiers,
// `inferReturnTypes`, builders and the importers all call these, so a rule is
// written once. Each function reports a user-facing error at `loc` when one is
// given and the rule is violated, and returns failure.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGTYPEINFERENCE_H
#define AOTC_DIALECT_TG_IR_TGTYPEINFERENCE_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace aotc::tg {

/// Returns `type` as a statically shaped ranked tensor type, or reports
/// "expected a statically shaped tensor, got ..." and fails. The
/// `inferReturnTypes` of the ops call it first: at parse time they see the
/// operand types before any verifier has checked them.
llvm::FailureOr<mlir::RankedTensorType>
getStaticTensorType(std::optional<mlir::Location> loc, mlir::Type type);

//===----------------------------------------------------------------------===//
// Size limits
//===----------------------------------------------------------------------===//

/// The largest tensor aotc compiles (an input, an output, a temporary):
/// 2^34 bytes, 16 GiB. Larger shapes are refused before anything is
/// allocated for them.
inline constexpr int64_t kMaxTensorBytes = int64_t(1) << 34;
/// The largest constant aotc creates from less data than its size: a splat,
/// or a value the importer computes (EyeLike and Trilu masks): 2^31 bytes,
/// 2 GiB. Constants that hold their data (weights) are bounded by the input
/// file instead, and may be larger (the medium code model links them).
inline constexpr int64_t kMaxConstantBytes = int64_t(1) << 31;

/// The byte size of a statically shaped `type` (one byte per element below
/// 8 bits), or std::nullopt when it does not fit in int64.
std::optional<int64_t> getTensorByteSize(mlir::ShapedType type);

/// Checks that `type` is at most `limit` bytes, else reports "expected
/// `what` of at most LIMIT bytes, got TYPE (SIZE bytes)" and fails.
llvm::LogicalResult checkTensorByteSize(std::optional<mlir::Location> loc,
                                        mlir::ShapedType type, int64_t limit,
                                        llvm::StringRef what);

/// Checks every statically shaped value under `root` (arguments, results)
/// against kMaxTensorBytes and every splat constant against
/// kMaxConstantBytes;
/// reports the first one over at its op and fails. Run before any pass, so
/// no pass materializes or allocates such a tensor.
llvm::LogicalResult checkTensorSizes(mlir::Operation *root);

/// Broadcasts `lhs` against `rhs` NumPy-style (align trailing dimensions; a
/// size-1 dimension stretches). Returns std::nullopt when incompatible.
std::optional<llvm::SmallVector<int64_t>>
broadcastShapes(llvm::ArrayRef<int64_t> lhs, llvm::ArrayRef<int64_t> rhs);

/// Infers the broadcast result type of an elementwise op over `operands`
/// (statically shaped tensors, broadcast left to right). The element type is
/// `elementType` when given, else the first operand's.
llvm::LogicalResult
inferBroadcastResultType(std::optional<mlir::Location> loc,
                         mlir::TypeRange operands, mlir::Type elementType,
                         llvm::SmallVectorImpl<mlir::Type> &inferred);

/// Infers `[..., M, N]` from `[..., M, K] x [..., K, N]` with broadcast batch
/// dimensions; both operands have rank at least 2.
llvm::LogicalResult inferMatmulShape(std::optional<mlir::Location> loc,
                                     mlir::RankedTensorType lhs,
                                     mlir::RankedTensorType rhs,
                                     llvm::SmallVectorImpl<int64_t> &shape);

/// Checks that `axes` are distinct and within `[0, rank)`.
llvm::LogicalResult verifyAxes(std::optional<mlir::Location> loc,
                               llvm::ArrayRef<int64_t> axes, int64_t rank);

/// Infers the shape that reducing `shape` over `axes` leaves: reduced
/// dimensions become 1 with `keepDims`, else they are dropped.
llvm::LogicalResult inferReduceShape(std::optional<mlir::Location> loc,
                                     llvm::ArrayRef<int64_t> shape,
                                     llvm::ArrayRef<int64_t> axes,
                                     bool keepDims,
                                     llvm::SmallVectorImpl<int64_t> &result);

/// Infers the transposed shape; `permutation` must permute `[0, rank)`.
llvm::LogicalResult inferTransposeShape(std::optional<mlir::Location> loc,
                                        llvm::ArrayRef<int64_t> shape,
                                        llvm::ArrayRef<int64_t> permutation,
                                        llvm::SmallVectorImpl<int64_t> &result);

/// Infers the concatenation of `inputs` (one or more statically shaped
/// tensors of one rank) along `axis`.
llvm::LogicalResult inferConcatShape(std::optional<mlir::Location> loc,
                                     mlir::TypeRange inputs, int64_t axis,
                                     llvm::SmallVectorImpl<int64_t> &result);

/// Infers the shape of a static strided slice: one `start`, `limit` and
/// positive `stride` per dimension with `0 <= start <= limit <= dim`.
llvm::LogicalResult inferSliceShape(std::optional<mlir::Location> loc,
                                    llvm::ArrayRef<int64_t> shape,
                                    llvm::ArrayRef<int64_t> start,
                                    llvm::ArrayRef<int64_t> limit,
                                    llvm::ArrayRef<int64_t> stride,
                                    llvm::SmallVectorImpl<int64_t> &result);

} // namespace aotc::tg

#endif // AOTC_DIALECT_TG_IR_TGTYPEINFERENCE_H
