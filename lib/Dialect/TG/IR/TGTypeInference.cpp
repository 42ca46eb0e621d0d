//===- TGTypeInference.cpp - shape rules of the tg ops --------------------===//
//
// Implements the shape rules declared in TGTypeInference.h. Messages follow
// MLIR style: lowercase, what was expected first, then what was found, with
// shapes printed as `[2, 3]`. Every message is pinned by a case in
// test/Dialect/TG/invalid.mlir.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGTypeInference.h"

#include "mlir/IR/Matchers.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace aotc::tg {

namespace {
/// Formats a shape (or any list of integers) as `[2, 3]` for diagnostics.
std::string listStr(ArrayRef<int64_t> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return s;
}

/// Reports `msg` at `loc` when a location is given; always fails.
LogicalResult fail(std::optional<Location> loc, const llvm::Twine &msg) {
  if (loc)
    emitError(*loc) << msg;
  return failure();
}
} // namespace

FailureOr<RankedTensorType> getStaticTensorType(std::optional<Location> loc,
                                                Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape()) {
    if (loc)
      emitError(*loc) << "expected a statically shaped tensor, got " << type;
    return failure();
  }
  return tensor;
}

std::optional<int64_t> getTensorByteSize(ShapedType type) {
  Type element = type.getElementType();
  int64_t bits =
      element.isIntOrIndexOrFloat()
          ? (element.isIndex() ? 64 : element.getIntOrFloatBitWidth())
          : 64;
  int64_t size = std::max<int64_t>(bits / 8, 1);
  for (int64_t dim : type.getShape()) {
    if (ShapedType::isDynamic(dim) || dim < 0)
      return std::nullopt;
    if (llvm::MulOverflow(size, dim, size))
      return std::nullopt;
  }
  return size;
}

LogicalResult checkTensorByteSize(std::optional<Location> loc, ShapedType type,
                                  int64_t limit, StringRef what) {
  std::optional<int64_t> size = getTensorByteSize(type);
  if (size && *size <= limit)
    return success();
  if (!loc)
    return failure();
  InFlightDiagnostic diag = emitError(*loc);
  diag << "expected " << what << " of at most " << limit << " bytes, got "
       << type;
  if (size)
    diag << " (" << *size << " bytes)";
  else
    diag << " (more bytes than int64 counts)";
  return diag;
}

LogicalResult checkTensorSizes(Operation *root) {
  auto check = [](Location loc, Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasStaticShape())
      return success();
    return checkTensorByteSize(loc, shaped, kMaxTensorBytes, "tensors");
  };
  WalkResult walk = root->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          if (failed(check(op->getLoc(), argument.getType())))
            return WalkResult::interrupt();
    for (Type type : op->getResultTypes())
      if (failed(check(op->getLoc(), type)))
        return WalkResult::interrupt();
    // A constant holding its data is no larger than the input it came from;
    // a splat is what a tiny file can blow up.
    Attribute value;
    if (op->hasTrait<OpTrait::ConstantLike>() && op->getNumResults() == 1 &&
        matchPattern(op->getResult(0), m_Constant(&value)))
      if (auto elements = dyn_cast<ElementsAttr>(value);
          elements && !elements.isSplat())
        return WalkResult::advance();
    if (op->hasTrait<OpTrait::ConstantLike>())
      for (Type type : op->getResultTypes())
        if (auto shaped = dyn_cast<ShapedType>(type);
            shaped && shaped.hasStaticShape() &&
            failed(checkTensorByteSize(op->getLoc(), shaped, kMaxConstantBytes,
                                       "constants")))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

std::optional<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> lhs,
                                                    ArrayRef<int64_t> rhs) {
  size_t rank = std::max(lhs.size(), rhs.size());
  SmallVector<int64_t> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t l = i < lhs.size() ? lhs[lhs.size() - 1 - i] : 1;
    int64_t r = i < rhs.size() ? rhs[rhs.size() - 1 - i] : 1;
    if (l != r && l != 1 && r != 1)
      return std::nullopt;
    result[rank - 1 - i] = l == 1 ? r : l;
  }
  return result;
}

LogicalResult inferBroadcastResultType(std::optional<Location> loc,
                                       TypeRange operands, Type elementType,
                                       SmallVectorImpl<Type> &inferred) {
  assert(!operands.empty() && "expected at least one operand");
  SmallVector<int64_t> shape;
  for (auto [i, type] : llvm::enumerate(operands)) {
    FailureOr<RankedTensorType> tensor = getStaticTensorType(loc, type);
    if (failed(tensor))
      return failure();
    if (i == 0) {
      llvm::append_range(shape, tensor->getShape());
      continue;
    }
    std::optional<SmallVector<int64_t>> next =
        broadcastShapes(shape, tensor->getShape());
    if (!next)
      return fail(loc, "expected broadcast-compatible shapes, got " +
                           listStr(shape) + " and " +
                           listStr(tensor->getShape()));
    shape = std::move(*next);
  }
  if (!elementType)
    elementType = cast<RankedTensorType>(operands.front()).getElementType();
  inferred.push_back(RankedTensorType::get(shape, elementType));
  return success();
}

LogicalResult inferMatmulShape(std::optional<Location> loc,
                               RankedTensorType lhs, RankedTensorType rhs,
                               SmallVectorImpl<int64_t> &shape) {
  if (lhs.getRank() < 2 || rhs.getRank() < 2)
    return fail(loc, "expected operands of rank 2 or more, got ranks " +
                         llvm::Twine(lhs.getRank()) + " and " +
                         llvm::Twine(rhs.getRank()));
  ArrayRef<int64_t> l = lhs.getShape(), r = rhs.getShape();
  int64_t lhsK = l.back(), rhsK = r[r.size() - 2];
  if (lhsK != rhsK)
    return fail(loc, "expected the lhs columns to match the rhs rows, got " +
                         listStr(l) + " (K = " + llvm::Twine(lhsK) + ") and " +
                         listStr(r) + " (K = " + llvm::Twine(rhsK) + ")");
  std::optional<SmallVector<int64_t>> batch =
      broadcastShapes(l.drop_back(2), r.drop_back(2));
  if (!batch)
    return fail(loc, "expected broadcast-compatible batch dimensions, got " +
                         listStr(l.drop_back(2)) + " and " +
                         listStr(r.drop_back(2)));
  shape.assign(batch->begin(), batch->end());
  shape.push_back(l[l.size() - 2]);
  shape.push_back(r.back());
  return success();
}

LogicalResult verifyAxes(std::optional<Location> loc, ArrayRef<int64_t> axes,
                         int64_t rank) {
  llvm::SmallBitVector seen(rank);
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= rank)
      return fail(loc, "expected axes in [0, " + llvm::Twine(rank) + "), got " +
                           llvm::Twine(axis));
    if (seen.test(axis))
      return fail(loc, "expected distinct axes, got " + llvm::Twine(axis) +
                           " twice");
    seen.set(axis);
  }
  return success();
}

LogicalResult inferReduceShape(std::optional<Location> loc,
                               ArrayRef<int64_t> shape, ArrayRef<int64_t> axes,
                               bool keepDims,
                               SmallVectorImpl<int64_t> &result) {
  if (failed(verifyAxes(loc, axes, shape.size())))
    return failure();
  for (auto [i, dim] : llvm::enumerate(shape)) {
    if (!llvm::is_contained(axes, static_cast<int64_t>(i)))
      result.push_back(dim);
    else if (keepDims)
      result.push_back(1);
  }
  return success();
}

LogicalResult inferTransposeShape(std::optional<Location> loc,
                                  ArrayRef<int64_t> shape,
                                  ArrayRef<int64_t> permutation,
                                  SmallVectorImpl<int64_t> &result) {
  if (permutation.size() != shape.size())
    return fail(loc,
                "expected a permutation with " + llvm::Twine(shape.size()) +
                    " entries (the input rank), got " + listStr(permutation));
  if (failed(verifyAxes(std::nullopt, permutation, shape.size())))
    return fail(loc, "expected a permutation of [0, " +
                         llvm::Twine(shape.size()) + "), got " +
                         listStr(permutation));
  for (int64_t p : permutation)
    result.push_back(shape[p]);
  return success();
}

LogicalResult inferConcatShape(std::optional<Location> loc, TypeRange inputs,
                               int64_t axis, SmallVectorImpl<int64_t> &result) {
  // Only C++ callers can get here without inputs: in IR, the op's
  // operand-count check ("expected 1 or more operands") comes first.
  if (inputs.empty())
    return fail(loc, "expected at least one input");
  SmallVector<RankedTensorType> types;
  for (Type type : inputs) {
    FailureOr<RankedTensorType> tensor = getStaticTensorType(loc, type);
    if (failed(tensor))
      return failure();
    types.push_back(*tensor);
  }
  RankedTensorType first = types.front();
  int64_t rank = first.getRank();
  for (RankedTensorType type : ArrayRef(types).drop_front())
    if (type.getRank() != rank)
      return fail(loc, "expected inputs of one rank, got " +
                           listStr(first.getShape()) + " and " +
                           listStr(type.getShape()));
  if (axis < 0 || axis >= rank)
    return fail(loc, "expected axis in [0, " + llvm::Twine(rank) + "), got " +
                         llvm::Twine(axis));
  result.assign(first.getShape().begin(), first.getShape().end());
  for (RankedTensorType type : ArrayRef(types).drop_front()) {
    for (int64_t d = 0; d < rank; ++d) {
      if (d != axis && type.getDimSize(d) != result[d])
        return fail(loc, "expected inputs to match in every dimension but "
                         "axis " +
                             llvm::Twine(axis) + ", got " +
                             listStr(first.getShape()) + " and " +
                             listStr(type.getShape()));
    }
    result[axis] += type.getDimSize(axis);
  }
  return success();
}

LogicalResult inferSliceShape(std::optional<Location> loc,
                              ArrayRef<int64_t> shape, ArrayRef<int64_t> start,
                              ArrayRef<int64_t> limit, ArrayRef<int64_t> stride,
                              SmallVectorImpl<int64_t> &result) {
  size_t rank = shape.size();
  if (start.size() != rank || limit.size() != rank || stride.size() != rank)
    return fail(loc,
                "expected start, limit and stride with " + llvm::Twine(rank) +
                    " entries each (the input rank), got " + listStr(start) +
                    ", " + listStr(limit) + " and " + listStr(stride));
  for (size_t d = 0; d < rank; ++d) {
    if (stride[d] <= 0)
      return fail(loc, "expected positive strides, got " +
                           llvm::Twine(stride[d]) + " in dimension " +
                           llvm::Twine(d));
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > shape[d])
      return fail(loc,
                  "expected 0 <= start <= limit <= " + llvm::Twine(shape[d]) +
                      " in dimension " + llvm::Twine(d) + ", got start " +
                      llvm::Twine(start[d]) + " and limit " +
                      llvm::Twine(limit[d]));
    result.push_back(llvm::divideCeil(limit[d] - start[d], stride[d]));
  }
  return success();
}

} // namespace aotc::tg
