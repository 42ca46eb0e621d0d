//===- Composer.h - building blocks shared by the ONNX converters -*- C++ -*-===//
//
// Most ONNX ops without a tg counterpart are compositions of tg ops. The
// Composer gives those ops short names, built at the node's location through
// NodeContext::create (so operations on constants fold), and the free
// functions below answer the questions every converter asks of a value.
// Callers check shapes first: an op whose result type cannot be inferred
// stops the compilation.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_IMPORT_ONNX_COMPOSER_H
#define AOTC_LIB_IMPORT_ONNX_COMPOSER_H

#include "NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

namespace aotc::onnximport {

inline mlir::RankedTensorType tensorTypeOf(mlir::Value value) {
  return mlir::cast<mlir::RankedTensorType>(value.getType());
}
inline llvm::ArrayRef<int64_t> shapeOf(mlir::Value value) {
  return tensorTypeOf(value).getShape();
}
inline mlir::Type elementTypeOf(mlir::Value value) {
  return tensorTypeOf(value).getElementType();
}
inline int64_t rankOf(mlir::Value value) { return shapeOf(value).size(); }
inline bool isFloatValue(mlir::Value value) {
  return mlir::isa<mlir::FloatType>(elementTypeOf(value));
}

/// Normalizes a possibly negative `axis` into [0, rank); reports an error on
/// the node naming `what` otherwise.
inline mlir::FailureOr<int64_t> normalizeAxis(NodeContext &ctx, int64_t axis,
                                              int64_t rank,
                                              llvm::StringRef what = "axis") {
  if (axis < -rank || axis >= rank)
    return ctx.emitError() << what << " " << axis
                           << " is out of range for rank " << rank;
  return axis < 0 ? axis + rank : axis;
}

/// `x` reshaped to `shape` (itself when the shape is unchanged).
inline mlir::Value reshapeTo(NodeContext &ctx, mlir::Value x,
                             llvm::ArrayRef<int64_t> shape) {
  auto type = mlir::RankedTensorType::get(shape, elementTypeOf(x));
  if (type == x.getType())
    return x;
  return ctx.create<tg::ReshapeOp>(type, x);
}

/// Short names for the tg ops compositions are made of.
struct Composer {
  NodeContext &ctx;

  /// A rank-0 constant of `like`'s element type.
  mlir::Value scalar(mlir::Value like, double value) {
    return ctx.createSplat(elementTypeOf(like), value);
  }
  /// A constant i64 tensor of `shape` holding `values`.
  mlir::Value i64Constant(llvm::ArrayRef<int64_t> values,
                          llvm::ArrayRef<int64_t> shape) {
    auto type = mlir::RankedTensorType::get(
        shape, mlir::IntegerType::get(ctx.getContext(), 64));
    return ctx.createConstant(mlir::DenseElementsAttr::get(type, values));
  }
  /// A constant i64 tensor of `shape` holding 0, 1, ..., n - 1.
  mlir::Value iota(llvm::ArrayRef<int64_t> shape) {
    int64_t count = 1;
    for (int64_t dim : shape)
      count *= dim;
    llvm::SmallVector<int64_t> values(count);
    for (int64_t i = 0; i < count; ++i)
      values[i] = i;
    return i64Constant(values, shape);
  }

  mlir::Value add(mlir::Value a, mlir::Value b) {
    return ctx.create<tg::AddOp>(a, b);
  }
  mlir::Value sub(mlir::Value a, mlir::Value b) {
    return ctx.create<tg::SubOp>(a, b);
  }
  mlir::Value mul(mlir::Value a, mlir::Value b) {
    return ctx.create<tg::MulOp>(a, b);
  }
  mlir::Value div(mlir::Value a, mlir::Value b) {
    return ctx.create<tg::DivOp>(a, b);
  }
  mlir::Value max(mlir::Value a, mlir::Value b) {
    return ctx.create<tg::MaxOp>(a, b);
  }
  mlir::Value min(mlir::Value a, mlir::Value b) {
    return ctx.create<tg::MinOp>(a, b);
  }
  mlir::Value exp(mlir::Value x) { return ctx.create<tg::ExpOp>(x); }
  mlir::Value log(mlir::Value x) { return ctx.create<tg::LogOp>(x); }
  mlir::Value abs(mlir::Value x) { return ctx.create<tg::AbsOp>(x); }
  mlir::Value neg(mlir::Value x) { return ctx.create<tg::NegOp>(x); }
  mlir::Value sqrt(mlir::Value x) { return ctx.create<tg::SqrtOp>(x); }
  mlir::Value matmul(mlir::Value a, mlir::Value b) {
    return ctx.create<tg::MatmulOp>(a, b);
  }
  mlir::Value compare(tg::ComparePredicate predicate, mlir::Value a,
                      mlir::Value b) {
    return ctx.create<tg::CompareOp>(predicate, a, b);
  }
  mlir::Value select(mlir::Value condition, mlir::Value onTrue,
                     mlir::Value onFalse) {
    return ctx.create<tg::SelectOp>(condition, onTrue, onFalse);
  }
  mlir::Value cast(mlir::Value x, mlir::Type element) {
    if (elementTypeOf(x) == element)
      return x;
    return ctx.create<tg::CastOp>(
        mlir::RankedTensorType::get(shapeOf(x), element), x);
  }
  mlir::Value reshape(mlir::Value x, llvm::ArrayRef<int64_t> shape) {
    return reshapeTo(ctx, x, shape);
  }
  mlir::Value transpose(mlir::Value x, llvm::ArrayRef<int64_t> permutation) {
    return ctx.create<tg::TransposeOp>(x, permutation);
  }
  mlir::Value broadcastTo(mlir::Value x, llvm::ArrayRef<int64_t> shape) {
    auto type = mlir::RankedTensorType::get(shape, elementTypeOf(x));
    if (type == x.getType())
      return x;
    return ctx.create<tg::BroadcastToOp>(type, x);
  }
  mlir::Value concat(mlir::ValueRange inputs, int64_t axis) {
    return ctx.create<tg::ConcatOp>(inputs, axis);
  }
  /// Reduces over `axes`, keeping them as size 1.
  mlir::Value reduce(tg::ReduceKind kind, mlir::Value x,
                     llvm::ArrayRef<int64_t> axes) {
    return ctx.create<tg::ReduceOp>(kind, x, axes, /*keepdims=*/true);
  }
  /// Elements [start, start + size) of `axis`.
  mlir::Value sliceAxis(mlir::Value x, int64_t axis, int64_t start,
                        int64_t size, int64_t stride = 1) {
    llvm::SmallVector<int64_t> starts(rankOf(x), 0), limits(shapeOf(x)),
        strides(rankOf(x), 1);
    starts[axis] = start;
    limits[axis] = start + (size - 1) * stride + 1;
    strides[axis] = stride;
    if (size == 0)
      limits[axis] = start;
    return ctx.create<tg::SliceOp>(x, starts, limits, strides);
  }
  /// The actual shape of a bounded result (NodeContext::setBoundedOutput)
  /// of `leading` dimensions, then `count` (a rank-0 i64 tensor), then
  /// `trailing`: a 1-D i64 tensor.
  mlir::Value boundedShape(llvm::ArrayRef<int64_t> leading, mlir::Value count,
                           llvm::ArrayRef<int64_t> trailing) {
    llvm::SmallVector<mlir::Value> parts;
    if (!leading.empty())
      parts.push_back(
          i64Constant(leading, {static_cast<int64_t>(leading.size())}));
    parts.push_back(reshape(count, {1}));
    if (!trailing.empty())
      parts.push_back(
          i64Constant(trailing, {static_cast<int64_t>(trailing.size())}));
    return parts.size() == 1 ? parts.front() : concat(parts, 0);
  }
  /// `x` with the entries at position `count` (a rank-0 i64 tensor) and
  /// past along `axis` replaced by zeros: a bounded result's padding.
  mlir::Value zeroPast(mlir::Value x, int64_t axis, mlir::Value count) {
    llvm::SmallVector<int64_t> shape(rankOf(x), 1);
    shape[axis] = shapeOf(x)[axis];
    mlir::Value keep = compare(tg::ComparePredicate::lt, iota(shape), count);
    return select(keep, x, scalar(x, 0));
  }
  /// log(1 + exp(x)) without overflow: max(x, 0) + log(1 + exp(-|x|)).
  mlir::Value softplus(mlir::Value x) {
    mlir::Value tail = log(add(scalar(x, 1), exp(neg(abs(x)))));
    return add(max(x, scalar(x, 0)), tail);
  }
};

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_COMPOSER_H
