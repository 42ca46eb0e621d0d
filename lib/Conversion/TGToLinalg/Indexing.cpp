//===- Indexing.cpp - tg indexing ops to linalg ---------------------------===//
//
// Lowers the ops of TGIndexingOps.td to `linalg.generic` on tensors.
//
// Gathers and pad are parallel generics over the result: the body computes
// the source coordinates from `linalg.index` (and the index operands) and
// reads the source with `tensor.extract`. Indices read at run time wrap once
// when negative and are then clamped into range, so no input can make the
// generated code read outside a buffer.
//
// Scatters are the exception to "everything is a generic": their updates
// apply one after another (several may land on one element), so they lower
// to a nest of `scf.for` loops over the updates that carries the result
// tensor and updates it with `tensor.extract` / `tensor.insert`; one-shot
// bufferization makes that a copy of the data and in-place stores.
//
// arg_reduce is one reduction generic carrying the best value and its index.
// cumulative and topk need a scan or a sort, which a single linalg op cannot
// express; they are lowered as reductions over the whole axis for every
// output element (O(n^2) along the axis), which stays within linalg and
// bufferizes like every other generic. einsum is one generic whose loops are
// the equation's labels.
//
//===----------------------------------------------------------------------===//

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Value indexConst(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// `linalg.index` of every loop `[0, count)`.
SmallVector<Value> loopIndices(OpBuilder &b, Location loc, int64_t count) {
  SmallVector<Value> indices;
  for (int64_t d = 0; d < count; ++d)
    indices.push_back(linalg::IndexOp::create(b, loc, d));
  return indices;
}

/// Converts an i32/i64 index read from a tensor into `index`, wraps it once
/// when negative (adding `size`) and clamps it to `[0, size)`.
Value normalizeIndex(OpBuilder &b, Location loc, Value value, int64_t size) {
  Value index =
      arith::IndexCastOp::create(b, loc, b.getIndexType(), value).getResult();
  Value zero = indexConst(b, loc, 0);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, zero);
  Value wrapped =
      arith::AddIOp::create(b, loc, index, indexConst(b, loc, size));
  index = arith::SelectOp::create(b, loc, negative, wrapped, index);
  index = arith::MaxSIOp::create(b, loc, index, zero);
  return arith::MinSIOp::create(
      b, loc, index, indexConst(b, loc, std::max<int64_t>(size - 1, 0)));
}

/// The map of an operand indexed by loops `dims` (one per operand dimension)
/// in a nest of `numLoops` loops.
AffineMap dimsMap(MLIRContext *context, int64_t numLoops,
                  ArrayRef<int64_t> dims) {
  SmallVector<AffineExpr> exprs = llvm::map_to_vector(
      dims, [&](int64_t d) { return getAffineDimExpr(d, context); });
  return AffineMap::get(numLoops, 0, exprs, context);
}

/// Loops `[0, rank)` with loop `replaced` swapped for loop `with`.
SmallVector<int64_t> replaceLoop(int64_t rank, int64_t replaced, int64_t with) {
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  dims[replaced] = with;
  return dims;
}

/// Iterators: `parallel` loops `[0, numLoops)` but `reduction` for the loops
/// in `reductions`.
SmallVector<utils::IteratorType> iterators(int64_t numLoops,
                                           ArrayRef<int64_t> reductions) {
  SmallVector<utils::IteratorType> types(numLoops,
                                         utils::IteratorType::parallel);
  for (int64_t d : reductions)
    types[d] = utils::IteratorType::reduction;
  return types;
}

/// Expands a tensor that lost dimension `axis` back to `type`, where that
/// dimension has size 1.
Value expandUnitDim(OpBuilder &b, Location loc, Value value,
                    RankedTensorType type, int64_t axis) {
  int64_t rank = type.getRank();
  SmallVector<ReassociationIndices> groups;
  if (rank > 1) {
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis)
        continue;
      groups.push_back({d});
    }
    // The unit dimension joins its neighbour's group.
    if (axis == 0)
      groups.front().insert(groups.front().begin(), 0);
    else
      groups[axis - 1].push_back(axis);
  }
  return tensor::ExpandShapeOp::create(b, loc, type, value, groups);
}

/// True (i1) if `x` is NaN; false for integers.
Value isNaN(OpBuilder &b, Location loc, Value x) {
  if (!isa<FloatType>(x.getType()))
    return arith::ConstantIntOp::create(b, loc, 0, 1);
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
}

/// Compares `lhs` and `rhs` with a signed integer or ordered float predicate.
Value compare(OpBuilder &b, Location loc, arith::CmpIPredicate intPred,
              arith::CmpFPredicate floatPred, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::CmpFOp::create(b, loc, floatPred, lhs, rhs);
  return arith::CmpIOp::create(b, loc, intPred, lhs, rhs);
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

/// Lowers tg.gather to a generic over the result that reads the index at the
/// result's `indices` coordinates and extracts the data element.
struct GatherOpLowering final : OpConversionPattern<tg::GatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    auto dataType = cast<RankedTensorType>(data.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t axis = op.getAxis();
    int64_t numIndexDims = cast<RankedTensorType>(indices.getType()).getRank();
    int64_t numLoops = resultType.getRank();
    MLIRContext *context = rewriter.getContext();

    SmallVector<AffineMap> maps = {
        dimsMap(context, numLoops,
                llvm::to_vector(llvm::seq<int64_t>(axis, axis + numIndexDims))),
        rewriter.getMultiDimIdentityMap(numLoops)};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{indices},
        ValueRange{createEmptyTensor(rewriter, loc, resultType)}, maps,
        iterators(numLoops, {}),
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> loops = loopIndices(b, l, numLoops);
          SmallVector<Value> coords(ArrayRef<Value>(loops).take_front(axis));
          coords.push_back(
              normalizeIndex(b, l, args[0], dataType.getDimSize(axis)));
          llvm::append_range(coords,
                             ArrayRef(loops).drop_front(axis + numIndexDims));
          Value element = tensor::ExtractOp::create(b, l, data, coords);
          linalg::YieldOp::create(b, l, element);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// Lowers tg.gather_elements to a generic over the indices' shape.
struct GatherElementsOpLowering final
    : OpConversionPattern<tg::GatherElementsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::GatherElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    auto dataType = cast<RankedTensorType>(data.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t axis = op.getAxis();
    int64_t rank = resultType.getRank();

    Value result = buildElementwiseGeneric(
        rewriter, loc, indices, resultType,
        [&](OpBuilder &b, Location l, ValueRange args) -> Value {
          SmallVector<Value> coords = loopIndices(b, l, rank);
          coords[axis] =
              normalizeIndex(b, l, args[0], dataType.getDimSize(axis));
          return tensor::ExtractOp::create(b, l, data, coords);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Lowers tg.gather_nd to a generic over the result that reads each index
/// tuple from `indices` with `tensor.extract`.
struct GatherNDOpLowering final : OpConversionPattern<tg::GatherNDOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::GatherNDOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    auto dataType = cast<RankedTensorType>(data.getType());
    auto indicesType = cast<RankedTensorType>(indices.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t batch = op.getBatchDims();
    int64_t tupleLoops = indicesType.getRank() - 1;
    int64_t tupleSize = indicesType.getShape().back();
    int64_t numLoops = resultType.getRank();

    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{},
        ValueRange{createEmptyTensor(rewriter, loc, resultType)},
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(numLoops)},
        iterators(numLoops, {}), [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> loops = loopIndices(b, l, numLoops);
          SmallVector<Value> coords(ArrayRef<Value>(loops).take_front(batch));
          SmallVector<Value> at(ArrayRef<Value>(loops).take_front(tupleLoops));
          at.push_back(Value());
          for (int64_t j = 0; j < tupleSize; ++j) {
            at.back() = indexConst(b, l, j);
            Value index = tensor::ExtractOp::create(b, l, indices, at);
            coords.push_back(
                normalizeIndex(b, l, index, dataType.getDimSize(batch + j)));
          }
          llvm::append_range(coords, ArrayRef(loops).drop_front(tupleLoops));
          Value element = tensor::ExtractOp::create(b, l, data, coords);
          linalg::YieldOp::create(b, l, element);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Scatters
//===----------------------------------------------------------------------===//

/// Combines the element `old` already in the result with an update.
Value combineScatter(OpBuilder &b, Location loc, tg::ScatterReduction reduction,
                     Value old, Value update) {
  switch (reduction) {
  case tg::ScatterReduction::none:
    return update;
  case tg::ScatterReduction::add:
    return createAdd(b, loc, old, update);
  case tg::ScatterReduction::mul:
    return createMul(b, loc, old, update);
  case tg::ScatterReduction::max:
    return createMax(b, loc, old, update);
  case tg::ScatterReduction::min:
    return createMin(b, loc, old, update);
  }
  llvm_unreachable("unknown scatter reduction");
}

/// Builds the sequential loop nest both scatters lower to: `scf.for` loops
/// over every position of `updates` in row-major order, carrying the result
/// (initially `data`) as a tensor. `coordsOf` maps the loops' induction
/// variables to the result coordinates the update at that position lands
/// on. One-shot bufferization turns the carried tensor into one buffer,
/// copied from `data` once, that the loop updates in place.
Value buildScatterLoops(
    OpBuilder &b, Location loc, tg::ScatterReduction reduction, Value data,
    Value updates,
    llvm::function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)>
        coordsOf) {
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(updates.getType()).getShape();
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t size : shape) {
    lbs.push_back(indexConst(b, loc, 0));
    ubs.push_back(indexConst(b, loc, size));
    steps.push_back(indexConst(b, loc, 1));
  }
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, ValueRange{data},
      [&](OpBuilder &nb, Location l, ValueRange ivs,
          ValueRange iterArgs) -> scf::ValueVector {
        Value acc = iterArgs[0];
        SmallVector<Value> coords = coordsOf(nb, l, ivs);
        Value update = tensor::ExtractOp::create(nb, l, updates, ivs);
        Value value = update;
        if (reduction != tg::ScatterReduction::none)
          value = combineScatter(nb, l, reduction,
                                 tensor::ExtractOp::create(nb, l, acc, coords),
                                 update);
        return {tensor::InsertOp::create(nb, l, value, acc, coords)};
      });
  return nest.results.front();
}

/// Lowers tg.scatter_elements to a loop nest over the updates; an update's
/// coordinates are its own with the axis replaced by its index.
struct ScatterElementsOpLowering final
    : OpConversionPattern<tg::ScatterElementsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ScatterElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value indices = adaptor.getIndices();
    int64_t axis = op.getAxis();
    int64_t axisSize =
        cast<RankedTensorType>(adaptor.getData().getType()).getDimSize(axis);
    Value result = buildScatterLoops(
        rewriter, op.getLoc(), op.getReduction(), adaptor.getData(),
        adaptor.getUpdates(), [&](OpBuilder &b, Location l, ValueRange ivs) {
          SmallVector<Value> coords(ivs);
          Value index = tensor::ExtractOp::create(b, l, indices, ivs);
          coords[axis] = normalizeIndex(b, l, index, axisSize);
          return coords;
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Lowers tg.scatter_nd to a loop nest over the updates; an update's
/// coordinates are the index tuple of its leading loops followed by its
/// trailing loops.
struct ScatterNDOpLowering final : OpConversionPattern<tg::ScatterNDOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ScatterNDOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value indices = adaptor.getIndices();
    auto dataType = cast<RankedTensorType>(adaptor.getData().getType());
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t tupleLoops = indicesType.getRank() - 1;
    int64_t tupleSize = indicesType.getShape().back();
    Value result = buildScatterLoops(
        rewriter, op.getLoc(), op.getReduction(), adaptor.getData(),
        adaptor.getUpdates(), [&](OpBuilder &b, Location l, ValueRange ivs) {
          SmallVector<Value> coords;
          SmallVector<Value> at(ivs.take_front(tupleLoops));
          at.push_back(Value());
          for (int64_t j = 0; j < tupleSize; ++j) {
            at.back() = indexConst(b, l, j);
            Value index = tensor::ExtractOp::create(b, l, indices, at);
            coords.push_back(
                normalizeIndex(b, l, index, dataType.getDimSize(j)));
          }
          llvm::append_range(coords, ivs.drop_front(tupleLoops));
          return coords;
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pad
//===----------------------------------------------------------------------===//

/// Maps result coordinate `out` of a padded dimension to the input
/// coordinate `mode` reads, for an input dimension of `size` elements.
Value padSourceIndex(OpBuilder &b, Location loc, tg::PadMode mode, Value out,
                     int64_t low, int64_t size) {
  Value c = arith::SubIOp::create(b, loc, out, indexConst(b, loc, low));
  Value zero = indexConst(b, loc, 0);
  auto positiveMod = [&](Value x, int64_t m) -> Value {
    Value mod = indexConst(b, loc, m);
    Value r = arith::RemSIOp::create(b, loc, x, mod);
    r = arith::AddIOp::create(b, loc, r, mod);
    return arith::RemSIOp::create(b, loc, r, mod);
  };
  switch (mode) {
  case tg::PadMode::constant:
  case tg::PadMode::edge: {
    Value clamped = arith::MaxSIOp::create(b, loc, c, zero);
    return arith::MinSIOp::create(b, loc, clamped,
                                  indexConst(b, loc, size - 1));
  }
  case tg::PadMode::wrap:
    return positiveMod(c, size);
  case tg::PadMode::reflect: {
    if (size == 1)
      return zero;
    // Reflection is periodic with period 2 * (size - 1).
    int64_t period = 2 * (size - 1);
    Value m = positiveMod(c, period);
    Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, m,
                                         indexConst(b, loc, size));
    Value mirrored =
        arith::SubIOp::create(b, loc, indexConst(b, loc, period), m);
    return arith::SelectOp::create(b, loc, inside, m, mirrored);
  }
  }
  llvm_unreachable("unknown pad mode");
}

/// Lowers tg.pad to a generic over the result. In constant mode the body
/// selects the value where any coordinate falls outside the input.
struct PadOpLowering final : OpConversionPattern<tg::PadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type element = resultType.getElementType();
    tg::PadMode mode = op.getMode();
    ArrayRef<int64_t> low = op.getLow(), high = op.getHigh();
    int64_t rank = resultType.getRank();

    // The pad value as a rank-0 tensor input (broadcast to every element).
    Value value = adaptor.getValue();
    if (!value && mode == tg::PadMode::constant)
      value = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(RankedTensorType::get({}, element),
                                 rewriter.getZeroAttr(element)));
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    if (value) {
      inputs.push_back(value);
      maps.push_back(AffineMap::get(rank, 0, rewriter.getContext()));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    bool emptyInput = inputType.getNumElements() == 0;

    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, inputs,
        ValueRange{createEmptyTensor(rewriter, loc, resultType)}, maps,
        iterators(rank, {}), [&](OpBuilder &b, Location l, ValueRange args) {
          // Nothing to read from an empty input: every element is the value.
          if (emptyInput) {
            linalg::YieldOp::create(b, l, args[0]);
            return;
          }
          SmallVector<Value> coords = loopIndices(b, l, rank);
          Value inBounds;
          for (int64_t d = 0; d < rank; ++d) {
            int64_t size = inputType.getDimSize(d);
            if (low[d] <= 0 && high[d] <= 0) {
              // Only cropped: every coordinate is inside.
              if (low[d] != 0)
                coords[d] = arith::AddIOp::create(b, l, coords[d],
                                                  indexConst(b, l, -low[d]));
              continue;
            }
            if (mode == tg::PadMode::constant) {
              Value c = arith::SubIOp::create(b, l, coords[d],
                                              indexConst(b, l, low[d]));
              Value lo = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge,
                                               c, indexConst(b, l, 0));
              Value hi = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                               c, indexConst(b, l, size));
              Value inside = arith::AndIOp::create(b, l, lo, hi);
              inBounds = inBounds
                             ? arith::AndIOp::create(b, l, inBounds, inside)
                             : inside;
            }
            coords[d] = padSourceIndex(b, l, mode, coords[d], low[d], size);
          }
          Value element = tensor::ExtractOp::create(b, l, input, coords);
          if (inBounds)
            element = arith::SelectOp::create(b, l, inBounds, element, args[0]);
          linalg::YieldOp::create(b, l, element);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// ArgReduce
//===----------------------------------------------------------------------===//

/// The starting value of an arg-reduction: the element nothing beats.
TypedAttr argReduceInit(Builder &b, tg::ArgReduceKind kind, Type type) {
  bool isMax = kind == tg::ArgReduceKind::max;
  if (auto floatType = dyn_cast<FloatType>(type))
    return b.getFloatAttr(floatType,
                          APFloat::getInf(floatType.getFloatSemantics(),
                                          /*Negative=*/isMax));
  unsigned width = type.getIntOrFloatBitWidth();
  return b.getIntegerAttr(type, isMax ? APInt::getSignedMinValue(width)
                                      : APInt::getSignedMaxValue(width));
}

/// Lowers tg.arg_reduce to a reduction generic with two outputs, the best
/// value so far and its index. A later element replaces the best when it is
/// strictly better (or as good, with select_last_index), or when it is the
/// first NaN (any NaN, with select_last_index).
struct ArgReduceOpLowering final : OpConversionPattern<tg::ArgReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ArgReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type element = inputType.getElementType();
    int64_t axis = op.getAxis(), rank = inputType.getRank();
    bool isMax = op.getKind() == tg::ArgReduceKind::max;
    bool last = op.getSelectLastIndex();

    SmallVector<int64_t> reducedShape(inputType.getShape());
    reducedShape.erase(reducedShape.begin() + axis);
    auto valueType = RankedTensorType::get(reducedShape, element);
    auto indexType = RankedTensorType::get(reducedShape, rewriter.getI64Type());
    Value initValue = createFilledTensor(
        rewriter, loc, valueType,
        arith::ConstantOp::create(
            rewriter, loc, argReduceInit(rewriter, op.getKind(), element)));
    Value initIndex = createFilledTensor(
        rewriter, loc, indexType,
        createScalarConstant(rewriter, loc, rewriter.getI64Type(), 0));

    SmallVector<int64_t> kept = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    kept.erase(kept.begin() + axis);
    MLIRContext *context = rewriter.getContext();
    AffineMap outMap = dimsMap(context, rank, kept);
    SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank),
                                   outMap, outMap};
    using IP = arith::CmpIPredicate;
    using FP = arith::CmpFPredicate;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valueType, indexType}, ValueRange{input},
        ValueRange{initValue, initIndex}, maps, iterators(rank, {axis}),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], best = args[1], bestIndex = args[2];
          Value better = isMax ? compare(b, l, last ? IP::sge : IP::sgt,
                                         last ? FP::OGE : FP::OGT, x, best)
                               : compare(b, l, last ? IP::sle : IP::slt,
                                         last ? FP::OLE : FP::OLT, x, best);
          if (isa<FloatType>(element)) {
            Value nanWins = isNaN(b, l, x);
            if (!last) {
              Value bestIsNumber = arith::XOrIOp::create(
                  b, l, isNaN(b, l, best),
                  arith::ConstantIntOp::create(b, l, 1, 1));
              nanWins = arith::AndIOp::create(b, l, nanWins, bestIsNumber);
            }
            better = arith::OrIOp::create(b, l, better, nanWins);
          }
          Value index = arith::IndexCastOp::create(
              b, l, b.getI64Type(), linalg::IndexOp::create(b, l, axis));
          linalg::YieldOp::create(
              b, l,
              ValueRange{
                  arith::SelectOp::create(b, l, better, x, best),
                  arith::SelectOp::create(b, l, better, index, bestIndex)});
        });
    Value result = generic.getResult(1);
    if (op.getKeepdims())
      result = expandUnitDim(rewriter, loc, result, resultType, axis);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Cumulative
//===----------------------------------------------------------------------===//

/// Lowers tg.cumulative to a generic with one extra reduction loop `k` over
/// the axis: output element `j` combines the input elements `k` that the
/// flags select (`k <= j`, `k < j`, `k >= j` or `k > j`).
struct CumulativeOpLowering final : OpConversionPattern<tg::CumulativeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::CumulativeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto type = cast<RankedTensorType>(input.getType());
    Type element = type.getElementType();
    int64_t axis = op.getAxis(), rank = type.getRank();
    bool isSum = op.getKind() == tg::ScanKind::sum;
    arith::CmpIPredicate select =
        op.getReverse() ? (op.getExclusive() ? arith::CmpIPredicate::sgt
                                             : arith::CmpIPredicate::sge)
                        : (op.getExclusive() ? arith::CmpIPredicate::slt
                                             : arith::CmpIPredicate::sle);

    Value init = createFilledTensor(
        rewriter, loc, type,
        createScalarConstant(rewriter, loc, element, isSum ? 0 : 1));
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineMap> maps = {
        dimsMap(context, rank + 1, replaceLoop(rank, axis, rank)),
        dimsMap(context, rank + 1,
                llvm::to_vector(llvm::seq<int64_t>(0, rank)))};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{input}, ValueRange{init},
        maps, iterators(rank + 1, {rank}),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value j = linalg::IndexOp::create(b, l, axis);
          Value k = linalg::IndexOp::create(b, l, rank);
          Value take = arith::CmpIOp::create(b, l, select, k, j);
          Value combined = isSum ? createAdd(b, l, args[1], args[0])
                                 : createMul(b, l, args[1], args[0]);
          linalg::YieldOp::create(b, l,
                                  ValueRange{arith::SelectOp::create(
                                      b, l, take, combined, args[1])});
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// TopK
//===----------------------------------------------------------------------===//

/// True (i1) if `a` comes strictly before `b` in the top-k order: larger
/// (smaller) first, a NaN larger than every number, ignoring positions.
Value topKBefore(OpBuilder &b, Location loc, bool largest, Value x, Value y) {
  using IP = arith::CmpIPredicate;
  using FP = arith::CmpFPredicate;
  Value strict = largest ? compare(b, loc, IP::sgt, FP::OGT, x, y)
                         : compare(b, loc, IP::slt, FP::OLT, x, y);
  if (!isa<FloatType>(x.getType()))
    return strict;
  Value one = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value nanX = isNaN(b, loc, x), nanY = isNaN(b, loc, y);
  // largest: NaN before numbers; smallest: numbers before NaN.
  Value nanOrder =
      largest ? arith::AndIOp::create(b, loc, nanX,
                                      arith::XOrIOp::create(b, loc, nanY, one))
              : arith::AndIOp::create(b, loc, nanY,
                                      arith::XOrIOp::create(b, loc, nanX, one));
  return arith::OrIOp::create(b, loc, strict, nanOrder);
}

/// True (i1) if `x` and `y` are equal in the top-k order (NaNs equal).
Value topKEqual(OpBuilder &b, Location loc, Value x, Value y) {
  if (!isa<FloatType>(x.getType()))
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  Value eq = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, y);
  Value bothNaN =
      arith::AndIOp::create(b, loc, isNaN(b, loc, x), isNaN(b, loc, y));
  return arith::OrIOp::create(b, loc, eq, bothNaN);
}

/// Lowers tg.topk in two generics. The first ranks every element `i` along
/// the axis by counting the elements `j` that come before it (better, or
/// equal at a lower position); the ranks are a permutation. The second
/// writes, for every output position `r < k`, the element whose rank is `r`.
struct TopKOpLowering final : OpConversionPattern<tg::TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto valuesType = cast<RankedTensorType>(op.getValues().getType());
    auto indicesType = cast<RankedTensorType>(op.getIndices().getType());
    Type i64 = rewriter.getI64Type();
    int64_t axis = op.getAxis(), rank = inputType.getRank();
    bool largest = op.getLargest();
    MLIRContext *context = rewriter.getContext();
    auto identity = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    AffineMap outerMap = dimsMap(context, rank + 1, identity);
    AffineMap alongMap =
        dimsMap(context, rank + 1, replaceLoop(rank, axis, rank));

    // rank[i] = #{j : x[j] before x[i], or x[j] == x[i] and j < i}.
    auto rankType = RankedTensorType::get(inputType.getShape(), i64);
    Value zero = createScalarConstant(rewriter, loc, i64, 0);
    auto ranking = linalg::GenericOp::create(
        rewriter, loc, TypeRange{rankType}, ValueRange{input, input},
        ValueRange{createFilledTensor(rewriter, loc, rankType, zero)},
        ArrayRef<AffineMap>{outerMap, alongMap, outerMap},
        iterators(rank + 1, {rank}),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value xi = args[0], xj = args[1];
          Value i = linalg::IndexOp::create(b, l, axis);
          Value j = linalg::IndexOp::create(b, l, rank);
          Value earlier =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, j, i);
          Value tie =
              arith::AndIOp::create(b, l, topKEqual(b, l, xj, xi), earlier);
          Value before = arith::OrIOp::create(
              b, l, topKBefore(b, l, largest, xj, xi), tie);
          Value count = arith::ExtUIOp::create(b, l, b.getI64Type(), before);
          linalg::YieldOp::create(
              b, l, ValueRange{arith::AddIOp::create(b, l, args[2], count)});
        });

    // values[r] = x[i], indices[r] = i for the i whose rank is r.
    Value zeroValue =
        createScalarConstant(rewriter, loc, valuesType.getElementType(), 0);
    auto select = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valuesType, indicesType},
        ValueRange{input, ranking.getResult(0)},
        ValueRange{createFilledTensor(rewriter, loc, valuesType, zeroValue),
                   createFilledTensor(rewriter, loc, indicesType, zero)},
        ArrayRef<AffineMap>{alongMap, alongMap, outerMap, outerMap},
        iterators(rank + 1, {rank}),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value r = arith::IndexCastOp::create(
              b, l, b.getI64Type(), linalg::IndexOp::create(b, l, axis));
          Value i = arith::IndexCastOp::create(
              b, l, b.getI64Type(), linalg::IndexOp::create(b, l, rank));
          Value match =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, args[1], r);
          linalg::YieldOp::create(
              b, l,
              ValueRange{arith::SelectOp::create(b, l, match, args[0], args[2]),
                         arith::SelectOp::create(b, l, match, i, args[3])});
        });
    rewriter.replaceOp(op, select.getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Einsum
//===----------------------------------------------------------------------===//

/// Lowers tg.einsum to one generic: a loop per label, the output labels
/// first (parallel), then the summed labels (reduction). An operand's
/// broadcast `...` dimension of size 1 reads index 0.
struct EinsumOpLowering final : OpConversionPattern<tg::EinsumOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::EinsumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    tg::EinsumOp::Spec spec = op.getSpec();
    MLIRContext *context = rewriter.getContext();

    // Loop of each label: output labels, then the others in label order.
    SmallVector<int64_t> loopOf(spec.sizes.size(), -1);
    int64_t numLoops = 0;
    for (int64_t label : spec.output)
      loopOf[label] = numLoops++;
    SmallVector<int64_t> reductions;
    for (auto [label, size] : llvm::enumerate(spec.sizes)) {
      if (size < 0 || loopOf[label] >= 0)
        continue;
      reductions.push_back(numLoops);
      loopOf[label] = numLoops++;
    }

    SmallVector<AffineMap> maps;
    for (auto [labels, operand] : llvm::zip(spec.inputs, adaptor.getInputs())) {
      auto shape = cast<RankedTensorType>(operand.getType()).getShape();
      SmallVector<AffineExpr> exprs;
      for (auto [label, size] : llvm::zip(labels, shape))
        exprs.push_back(size == 1 && spec.sizes[label] != 1
                            ? getAffineConstantExpr(0, context)
                            : getAffineDimExpr(loopOf[label], context));
      maps.push_back(AffineMap::get(numLoops, 0, exprs, context));
    }
    maps.push_back(
        dimsMap(context, numLoops,
                llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank()))));

    Value zero =
        createScalarConstant(rewriter, loc, resultType.getElementType(), 0);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, adaptor.getInputs(),
        ValueRange{createFilledTensor(rewriter, loc, resultType, zero)}, maps,
        iterators(numLoops, reductions),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value product = args[0];
          for (Value factor : args.drop_front().drop_back())
            product = createMul(b, l, product, factor);
          linalg::YieldOp::create(
              b, l, ValueRange{createAdd(b, l, args.back(), product)});
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void aotc::populateTGIndexingToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<GatherOpLowering, GatherElementsOpLowering, GatherNDOpLowering,
               ScatterElementsOpLowering, ScatterNDOpLowering, PadOpLowering,
               ArgReduceOpLowering, CumulativeOpLowering, TopKOpLowering,
               EinsumOpLowering>(patterns.getContext());
}
