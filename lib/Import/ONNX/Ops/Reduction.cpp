//===- Reduction.cpp - ONNX reduction and matrix product converters -------===//
//
// ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceProd, ReduceL1,
// ReduceL2, ReduceLogSum, ReduceLogSumExp and ReduceSumSquare become
// tg.reduce, with the elementwise parts of the composite reductions around
// it; MatMul and Gemm become tg.matmul.
//
// The reduced axes are an attribute before opset 13 for ReduceSum and before
// opset 18 for the others, and an optional (compile-time constant) input
// from then on. No axes means every axis, unless `noop_with_empty_axes` is
// set: then nothing is reduced, and a composite reduction is only its
// elementwise part (ReduceSumSquare gives x * x), since tg.reduce over no
// axes is the identity.
//
//===----------------------------------------------------------------------===//

#include "Contractions.h"

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Dialect/TG/IR/TGTypeInference.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

/// A rank-0 constant of `like`'s element type.
static Value scalarLike(NodeContext &ctx, Value like, double value) {
  return ctx.createSplat(elementTypeOf(like), value);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The axes a ReduceX node reduces, normalized to [0, rank) and sorted: the
/// given ones, every axis when none are given, or none at all with
/// `noop_with_empty_axes`.
static FailureOr<SmallVector<int64_t>> getReduceAxes(NodeContext &ctx,
                                                     int64_t rank) {
  int64_t inputSinceOpset = ctx.getOpType() == "ReduceSum" ? 13 : 18;
  SmallVector<int64_t> axes;
  if (ctx.getOpset() < inputSinceOpset) {
    if (std::optional<SmallVector<int64_t>> attr = ctx.getInts("axes"))
      axes = *attr;
  } else if (ctx.hasInput(1)) {
    FailureOr<SmallVector<int64_t>> input = ctx.getConstantInts(1);
    if (failed(input))
      return failure();
    axes = *input;
  }
  if (axes.empty()) {
    if (ctx.getOpset() >= inputSinceOpset &&
        ctx.getInt("noop_with_empty_axes", 0) != 0)
      return axes;
    for (int64_t d = 0; d < rank; ++d)
      axes.push_back(d);
    return axes;
  }
  for (int64_t &axis : axes) {
    if (axis < -rank || axis >= rank)
      return ctx.emitError() << "axis " << axis
                             << " is out of range for rank " << rank;
    if (axis < 0)
      axis += rank;
  }
  llvm::sort(axes);
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
    return ctx.emitError() << "axes repeat an axis";
  return axes;
}

enum class Reduction {
  sum,
  mean,
  max,
  min,
  prod,
  l1,
  l2,
  logSum,
  logSumExp,
  sumSquare
};

/// Whether `reduction` is defined only on floats (it takes a log or sqrt).
static bool needsFloat(Reduction reduction) {
  return reduction == Reduction::l2 || reduction == Reduction::logSum ||
         reduction == Reduction::logSumExp;
}

/// Builds `reduction` of `x` over `axes` (sorted, in range).
static Value buildReduction(NodeContext &ctx, Reduction reduction, Value x,
                            ArrayRef<int64_t> axes, bool keepDims) {
  auto reduce = [&](tg::ReduceKind kind, Value input, bool keep) -> Value {
    return ctx.create<tg::ReduceOp>(kind, input, axes, keep);
  };
  auto square = [&](Value v) -> Value { return ctx.create<tg::MulOp>(v, v); };
  switch (reduction) {
  case Reduction::sum:
    return reduce(tg::ReduceKind::sum, x, keepDims);
  case Reduction::mean:
    return reduce(tg::ReduceKind::mean, x, keepDims);
  case Reduction::max:
    return reduce(tg::ReduceKind::max, x, keepDims);
  case Reduction::min:
    return reduce(tg::ReduceKind::min, x, keepDims);
  case Reduction::prod:
    return reduce(tg::ReduceKind::prod, x, keepDims);
  case Reduction::l1:
    return reduce(tg::ReduceKind::sum, ctx.create<tg::AbsOp>(x), keepDims);
  case Reduction::l2:
    return ctx.create<tg::SqrtOp>(
        reduce(tg::ReduceKind::sum, square(x), keepDims));
  case Reduction::sumSquare:
    return reduce(tg::ReduceKind::sum, square(x), keepDims);
  case Reduction::logSum:
    return ctx.create<tg::LogOp>(reduce(tg::ReduceKind::sum, x, keepDims));
  case Reduction::logSumExp: {
    // log(sum(exp(x - m))) + m with m the maximum, so exp cannot overflow;
    // an infinite m (all -inf, or some +inf) is replaced by 0, where the
    // plain formula already gives the right -inf or +inf.
    Value max = reduce(tg::ReduceKind::max, x, /*keep=*/true);
    Value zero = scalarLike(ctx, x, 0);
    Value shift = ctx.create<tg::SelectOp>(ctx.create<tg::IsInfOp>(max), zero,
                                           max);
    Value exp = ctx.create<tg::ExpOp>(ctx.create<tg::SubOp>(x, shift));
    Value sum = reduce(tg::ReduceKind::sum, exp, /*keep=*/true);
    Value result = ctx.create<tg::AddOp>(ctx.create<tg::LogOp>(sum), shift);
    if (keepDims)
      return result;
    SmallVector<int64_t> shape;
    for (auto [d, size] : llvm::enumerate(tensorTypeOf(result).getShape()))
      if (!llvm::is_contained(axes, static_cast<int64_t>(d)))
        shape.push_back(size);
    return reshapeTo(ctx, result, shape);
  }
  }
  llvm_unreachable("unknown reduction");
}

/// ReduceMax and ReduceMin of bools (opset 20): any / all, computed on i8.
static Value buildBoolReduction(NodeContext &ctx, Reduction reduction,
                                Value x, ArrayRef<int64_t> axes,
                                bool keepDims) {
  Builder &b = ctx.getBuilder();
  ArrayRef<int64_t> shape = tensorTypeOf(x).getShape();
  Value wide = ctx.create<tg::CastOp>(
      RankedTensorType::get(shape, b.getI8Type()), x);
  Value reduced = buildReduction(ctx, reduction, wide, axes, keepDims);
  return ctx.create<tg::CastOp>(
      RankedTensorType::get(tensorTypeOf(reduced).getShape(), b.getI1Type()),
      reduced);
}

template <Reduction reduction>
static LogicalResult convertReduce(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  int64_t rank = tensorTypeOf(x).getRank();
  FailureOr<SmallVector<int64_t>> axes = getReduceAxes(ctx, rank);
  if (failed(axes))
    return failure();
  bool keepDims = ctx.getInt("keepdims", 1) != 0;
  Type element = elementTypeOf(x);
  if (element.isInteger(1)) {
    if (reduction != Reduction::max && reduction != Reduction::min)
      return ctx.unsupported("bool input");
    ctx.setOutput(0, buildBoolReduction(ctx, reduction, x, *axes, keepDims));
    return success();
  }
  if (needsFloat(reduction) && !isa<FloatType>(element))
    return ctx.unsupported("integer input");
  ctx.setOutput(0, buildReduction(ctx, reduction, x, *axes, keepDims));
  return success();
}

//===----------------------------------------------------------------------===//
// MatMul, Gemm
//===----------------------------------------------------------------------===//

/// numpy.matmul: a 1-D lhs is a row vector and a 1-D rhs a column vector,
/// and the dimension each adds is dropped from the result.
FailureOr<Value> aotc::onnximport::buildMatMul(NodeContext &ctx, Value lhs,
                                               Value rhs) {
  RankedTensorType lhsType = tensorTypeOf(lhs), rhsType = tensorTypeOf(rhs);
  if (lhsType.getElementType() != rhsType.getElementType())
    return ctx.emitError() << "expected inputs of one element type, got "
                           << lhsType << " and " << rhsType;
  if (lhsType.getRank() == 0 || rhsType.getRank() == 0)
    return ctx.emitError() << "expected inputs of rank 1 or more, got "
                           << lhsType << " and " << rhsType;
  bool lhsVector = lhsType.getRank() == 1, rhsVector = rhsType.getRank() == 1;
  if (lhsVector)
    lhs = reshapeTo(ctx, lhs, {1, lhsType.getDimSize(0)});
  if (rhsVector)
    rhs = reshapeTo(ctx, rhs, {rhsType.getDimSize(0), 1});
  SmallVector<int64_t> shape;
  if (failed(tg::inferMatmulShape(ctx.getLoc(), tensorTypeOf(lhs),
                                  tensorTypeOf(rhs), shape)))
    return failure();
  Value product = ctx.create<tg::MatmulOp>(lhs, rhs);
  if (rhsVector)
    shape.erase(shape.end() - 1);
  if (lhsVector)
    shape.erase(shape.end() - (rhsVector ? 1 : 2));
  return reshapeTo(ctx, product, shape);
}

static LogicalResult convertMatMul(NodeContext &ctx) {
  FailureOr<Value> product =
      buildMatMul(ctx, ctx.getInput(0), ctx.getInput(1));
  if (failed(product))
    return failure();
  ctx.setOutput(0, *product);
  return success();
}

/// Gemm: alpha * A' B' + beta * C, with A' and B' optionally transposed and
/// C broadcasting to the [M, N] product.
static LogicalResult convertGemm(NodeContext &ctx) {
  Value a = ctx.getInput(0), b = ctx.getInput(1);
  if (tensorTypeOf(a).getRank() != 2 || tensorTypeOf(b).getRank() != 2)
    return ctx.emitError() << "expected 2-D A and B, got " << a.getType()
                           << " and " << b.getType();
  if (elementTypeOf(a) != elementTypeOf(b))
    return ctx.emitError() << "expected A and B of one element type, got "
                           << a.getType() << " and " << b.getType();
  if (ctx.getInt("transA", 0))
    a = ctx.create<tg::TransposeOp>(a, ArrayRef<int64_t>{1, 0});
  if (ctx.getInt("transB", 0))
    b = ctx.create<tg::TransposeOp>(b, ArrayRef<int64_t>{1, 0});
  SmallVector<int64_t> shape;
  if (failed(tg::inferMatmulShape(ctx.getLoc(), tensorTypeOf(a),
                                  tensorTypeOf(b), shape)))
    return failure();
  Value result = ctx.create<tg::MatmulOp>(a, b);
  double alpha = ctx.getFloat("alpha", 1.0), beta = ctx.getFloat("beta", 1.0);
  if (alpha != 1.0)
    result = ctx.create<tg::MulOp>(result, scalarLike(ctx, result, alpha));
  if (ctx.hasInput(2)) {
    Value c = ctx.getInput(2);
    std::optional<SmallVector<int64_t>> broadcast =
        tg::broadcastShapes(tensorTypeOf(c).getShape(), shape);
    if (elementTypeOf(c) != elementTypeOf(result) || !broadcast ||
        ArrayRef<int64_t>(*broadcast) != ArrayRef<int64_t>(shape))
      return ctx.emitError() << "expected C to broadcast to the product "
                             << result.getType() << ", got " << c.getType();
    if (beta != 1.0)
      c = ctx.create<tg::MulOp>(c, scalarLike(ctx, c, beta));
    result = ctx.create<tg::AddOp>(result, c);
  }
  ctx.setOutput(0, result);
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void aotc::onnximport::registerReductionConverters(
    ConverterRegistry &registry) {
  registry.add("ReduceSum", {{1, {1, 1}}, {13, {1, 2}}},
               convertReduce<Reduction::sum>);
  registry.add("ReduceMean", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::mean>);
  registry.add("ReduceMax", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::max>);
  registry.add("ReduceMin", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::min>);
  registry.add("ReduceProd", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::prod>);
  registry.add("ReduceL1", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::l1>);
  registry.add("ReduceL2", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::l2>);
  registry.add("ReduceLogSum", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::logSum>);
  registry.add("ReduceLogSumExp", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::logSumExp>);
  registry.add("ReduceSumSquare", {{1, {1, 1}}, {18, {1, 2}}},
               convertReduce<Reduction::sumSquare>);
  registry.add("MatMul", {2, 2}, convertMatMul);
  registry.add("Gemm", {{1, {3, 3}}, {11, {2, 3}}}, convertGemm);
}
