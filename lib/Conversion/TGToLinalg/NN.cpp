//===- NN.cpp - tg NN ops to linalg ---------------------------------------===//
//
// Lowers the ops of TGNNOps.td to linalg on tensors:
//
// - tg.conv pads its input with `tensor.pad` and becomes
//   `linalg.conv_{1d_ncw_fcw,2d_nchw_fchw,3d_ncdhw_fcdhw}` when group is 1,
//   else a `linalg.generic` whose input map picks the group's channels with
//   a `floordiv`. The accumulator starts as the broadcast bias (or zero).
// - tg.conv_transpose is a gather: a `linalg.generic` over (batch, output
//   channel, output position, input channel of the group, kernel position)
//   that reads the input with `tensor.extract` wherever the output position
//   is reached by a whole stride, and adds nothing elsewhere.
// - tg.pool pads with the combiner's identity (-inf / the smallest integer
//   for max, zero for avg), reduces windows with `linalg.pooling_{ncw,nchw}_
//   {max,sum}` or a `linalg.generic` (3-d and up), and for avg divides by
//   per-axis window counts computed here, at compile time.
// - tg.pool_indices is a `linalg.generic` over (batch, channel, output
//   position, window position) with two outputs, the running maximum and
//   its flat index, that reads the input with `tensor.extract`.
// - tg.resize computes, at compile time and in double precision, each
//   changed axis' source indices (and linear weights) as constant tables;
//   a `linalg.generic` reads them per output position and fetches the input
//   with `tensor.extract`. Cubic, antialiased and cropping resizes have
//   more taps per axis (index and weight tables of `out x taps`), which the
//   generic sums over with one reduction loop per resized axis.
// - f16 and bf16 convolutions, average pools and linear resizes are
//   rewritten to run in f32 between two tg.casts, so that sums round once.
//
// Shapes are static and the ops verified, so the patterns never fail.
//
//===----------------------------------------------------------------------===//

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <cmath>

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Pads the spatial dimensions (2 and up) of a channels-first `input` with
/// `low[i]` and `high[i]` copies of `value`; returns `input` when nothing is
/// padded.
Value padSpatial(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> low,
                 ArrayRef<int64_t> high, Value value) {
  if (llvm::all_of(low, [](int64_t p) { return p == 0; }) &&
      llvm::all_of(high, [](int64_t p) { return p == 0; }))
    return input;
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> lows = {0, 0}, highs = {0, 0};
  llvm::append_range(lows, low);
  llvm::append_range(highs, high);
  SmallVector<int64_t> shape(type.getShape());
  for (size_t i = 0; i < shape.size(); ++i)
    shape[i] += lows[i] + highs[i];
  auto paddedType = RankedTensorType::get(shape, type.getElementType());
  auto toFolds = [&](ArrayRef<int64_t> values) {
    return llvm::map_to_vector(
        values, [&](int64_t v) -> OpFoldResult { return b.getIndexAttr(v); });
  };
  return tensor::PadOp::create(b, loc, paddedType, input, toFolds(lows),
                               toFolds(highs), value)
      .getResult();
}

/// Returns `i` consecutive affine dims starting at `first`.
SmallVector<AffineExpr> getDims(OpBuilder &b, int64_t first, int64_t count) {
  SmallVector<AffineExpr> dims;
  for (int64_t i = 0; i < count; ++i)
    dims.push_back(b.getAffineDimExpr(first + i));
  return dims;
}

/// Returns the accumulator a convolution starts from: `bias` (of the
/// result's channels) broadcast over every other dimension, or `zero`.
Value createConvInit(OpBuilder &b, Location loc, Value bias, Value zero,
                     RankedTensorType resultType) {
  if (!bias)
    return createFilledTensor(b, loc, resultType, zero);
  SmallVector<int64_t> dims = {0};
  for (int64_t i = 2; i < resultType.getRank(); ++i)
    dims.push_back(i);
  Value empty = createEmptyTensor(b, loc, resultType);
  return linalg::BroadcastOp::create(b, loc, bias, empty, dims).getResult()[0];
}

/// Returns the all-parallel then all-reduction iterator list of a window op.
SmallVector<utils::IteratorType> getWindowIterators(int64_t parallel,
                                                    int64_t reduction) {
  SmallVector<utils::IteratorType> iterators(parallel,
                                             utils::IteratorType::parallel);
  iterators.append(reduction, utils::IteratorType::reduction);
  return iterators;
}

/// Creates a constant tensor of `type` elements from `values`, 1-d or of
/// `shape` when given.
Value createTable(OpBuilder &b, Location loc, Type type,
                  ArrayRef<double> values, ArrayRef<int64_t> shape = {}) {
  SmallVector<int64_t> dims(shape);
  if (dims.empty())
    dims.push_back(values.size());
  auto tableType = RankedTensorType::get(dims, type);
  SmallVector<Attribute> attrs;
  for (double v : values) {
    if (isa<FloatType>(type))
      attrs.push_back(b.getFloatAttr(type, v));
    else
      attrs.push_back(b.getIntegerAttr(type, static_cast<int64_t>(v)));
  }
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(tableType, attrs));
}

//===----------------------------------------------------------------------===//
// Conv
//===----------------------------------------------------------------------===//

/// Builds a grouped convolution as a `linalg.generic` with loops
/// (n, m, o..., c, k...): c runs over the group's input channels and the
/// input map reads channel `(m floordiv (M / group)) * (C / group) + c`.
Value buildGroupedConv(OpBuilder &b, Location loc, Value padded, Value weight,
                       Value init, ArrayRef<int64_t> strides,
                       ArrayRef<int64_t> dilations, int64_t group) {
  auto weightType = cast<RankedTensorType>(weight.getType());
  auto resultType = cast<RankedTensorType>(init.getType());
  int64_t n = resultType.getRank() - 2;
  int64_t outPerGroup = weightType.getDimSize(0) / group;
  int64_t inPerGroup = weightType.getDimSize(1);
  int64_t numLoops = 2 * n + 3;
  AffineExpr batch = b.getAffineDimExpr(0), m = b.getAffineDimExpr(1),
             c = b.getAffineDimExpr(n + 2);
  SmallVector<AffineExpr> out = getDims(b, 2, n), k = getDims(b, n + 3, n);

  SmallVector<AffineExpr> inputExprs = {
      batch, m.floorDiv(outPerGroup) * inPerGroup + c};
  for (int64_t i = 0; i < n; ++i)
    inputExprs.push_back(out[i] * strides[i] + k[i] * dilations[i]);
  SmallVector<AffineExpr> weightExprs = {m, c};
  llvm::append_range(weightExprs, k);
  SmallVector<AffineExpr> resultExprs = {batch, m};
  llvm::append_range(resultExprs, out);
  MLIRContext *context = b.getContext();
  SmallVector<AffineMap> maps = {
      AffineMap::get(numLoops, 0, inputExprs, context),
      AffineMap::get(numLoops, 0, weightExprs, context),
      AffineMap::get(numLoops, 0, resultExprs, context)};

  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{padded, weight},
      ValueRange{init}, maps, getWindowIterators(n + 2, n + 1),
      [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value product = createMul(nested, nestedLoc, args[0], args[1]);
        Value sum = createAdd(nested, nestedLoc, args[2], product);
        linalg::YieldOp::create(nested, nestedLoc, sum);
      });
  return generic.getResult(0);
}

/// Lowers tg.conv: zero padding with `tensor.pad`, then the named linalg
/// convolution for group 1 and 1 to 3 spatial dimensions, otherwise
/// buildGroupedConv, accumulating into the broadcast bias.
struct ConvOpLowering final : OpConversionPattern<tg::ConvOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ConvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t n = resultType.getRank() - 2;
    ArrayRef<int64_t> pads = op.getPads();
    Value zero =
        createScalarConstant(rewriter, loc, resultType.getElementType(), 0);
    Value padded = padSpatial(rewriter, loc, adaptor.getInput(),
                              pads.take_front(n), pads.drop_front(n), zero);
    Value init =
        createConvInit(rewriter, loc, adaptor.getBias(), zero, resultType);
    Value weight = adaptor.getWeight();

    Value result;
    if (op.getGroup() == 1 && n <= 3) {
      Attribute strides = rewriter.getI64TensorAttr(op.getStrides());
      Attribute dilations = rewriter.getI64TensorAttr(op.getDilations());
      TypeRange types = resultType;
      ValueRange inputs = {padded, weight}, outputs = init;
      if (n == 1)
        result = linalg::Conv1DNcwFcwOp::create(rewriter, loc, types, inputs,
                                                outputs, strides, dilations)
                     .getResult(0);
      else if (n == 2)
        result = linalg::Conv2DNchwFchwOp::create(rewriter, loc, types, inputs,
                                                  outputs, strides, dilations)
                     .getResult(0);
      else
        result = linalg::Conv3DNcdhwFcdhwOp::create(
                     rewriter, loc, types, inputs, outputs, strides, dilations)
                     .getResult(0);
    } else {
      result =
          buildGroupedConv(rewriter, loc, padded, weight, init, op.getStrides(),
                           op.getDilations(), op.getGroup());
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// ConvTranspose
//===----------------------------------------------------------------------===//

/// Lowers tg.conv_transpose to a gather-form `linalg.generic` with loops
/// (n, m, o..., c, k...), c running over the group's input channels. The
/// weight is read at `((m floordiv M/group) * C/group + c, m mod M/group,
/// k...)`; a `tensor.empty` of C/group elements gives loop c its range. The
/// body computes, per spatial dimension, `t = o + pad - k * dilation` and
/// reads `input[n, channel, t / stride...]` when every `t` is a multiple of
/// its stride within the input, contributing zero otherwise.
struct ConvTransposeOpLowering final
    : OpConversionPattern<tg::ConvTransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ConvTransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), weight = adaptor.getWeight();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto weightType = cast<RankedTensorType>(weight.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = resultType.getElementType();
    int64_t n = resultType.getRank() - 2;
    int64_t group = op.getGroup();
    int64_t inPerGroup = inputType.getDimSize(1) / group;
    int64_t outPerGroup = weightType.getDimSize(1);
    SmallVector<int64_t> strides(op.getStrides()), dilations(op.getDilations()),
        pads(op.getPads());

    int64_t numLoops = 2 * n + 3;
    AffineExpr batch = rewriter.getAffineDimExpr(0),
               m = rewriter.getAffineDimExpr(1),
               c = rewriter.getAffineDimExpr(n + 2);
    SmallVector<AffineExpr> out = getDims(rewriter, 2, n),
                            k = getDims(rewriter, n + 3, n);
    SmallVector<AffineExpr> weightExprs = {
        m.floorDiv(outPerGroup) * inPerGroup + c, m % outPerGroup};
    llvm::append_range(weightExprs, k);
    SmallVector<AffineExpr> resultExprs = {batch, m};
    llvm::append_range(resultExprs, out);
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineMap> maps = {
        AffineMap::get(numLoops, 0, weightExprs, context),
        AffineMap::get(numLoops, 0, {c}, context),
        AffineMap::get(numLoops, 0, resultExprs, context)};
    Value channels = tensor::EmptyOp::create(rewriter, loc, {inPerGroup},
                                             rewriter.getI1Type());
    Value zero = createScalarConstant(rewriter, loc, elementType, 0);
    Value init =
        createConvInit(rewriter, loc, adaptor.getBias(), zero, resultType);

    auto body = [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
      auto index = [&](int64_t dim) {
        return linalg::IndexOp::create(b, bodyLoc, dim).getResult();
      };
      auto constant = [&](int64_t v) {
        return arith::ConstantIndexOp::create(b, bodyLoc, v).getResult();
      };
      Value mIndex = index(1), cIndex = index(n + 2);
      Value groupIndex =
          arith::DivUIOp::create(b, bodyLoc, mIndex, constant(outPerGroup));
      Value channel = arith::AddIOp::create(
          b, bodyLoc,
          arith::MulIOp::create(b, bodyLoc, groupIndex, constant(inPerGroup)),
          cIndex);
      SmallVector<Value> indices = {index(0), channel};
      Value valid = arith::ConstantIntOp::create(b, bodyLoc, 1, 1);
      for (int64_t i = 0; i < n; ++i) {
        // t = o + pad - k * dilation must be stride * j with 0 <= j < D.
        Value t = arith::SubIOp::create(
            b, bodyLoc,
            arith::AddIOp::create(b, bodyLoc, index(2 + i), constant(pads[i])),
            arith::MulIOp::create(b, bodyLoc, index(n + 3 + i),
                                  constant(dilations[i])));
        Value nonNegative = arith::CmpIOp::create(
            b, bodyLoc, arith::CmpIPredicate::sge, t, constant(0));
        Value clamped = arith::MaxSIOp::create(b, bodyLoc, t, constant(0));
        Value j =
            arith::DivUIOp::create(b, bodyLoc, clamped, constant(strides[i]));
        Value exact = arith::CmpIOp::create(
            b, bodyLoc, arith::CmpIPredicate::eq,
            arith::RemUIOp::create(b, bodyLoc, clamped, constant(strides[i])),
            constant(0));
        Value inside =
            arith::CmpIOp::create(b, bodyLoc, arith::CmpIPredicate::ult, j,
                                  constant(inputType.getDimSize(2 + i)));
        valid = arith::AndIOp::create(b, bodyLoc, valid, nonNegative);
        valid = arith::AndIOp::create(b, bodyLoc, valid, exact);
        valid = arith::AndIOp::create(b, bodyLoc, valid, inside);
        indices.push_back(j);
      }
      // Out-of-range indices are clamped to 0 so the read stays in bounds;
      // the select then discards it.
      for (int64_t i = 0; i < n; ++i)
        indices[2 + i] = arith::SelectOp::create(b, bodyLoc, valid,
                                                 indices[2 + i], constant(0));
      Value x = tensor::ExtractOp::create(b, bodyLoc, input, indices);
      Value term = arith::SelectOp::create(
          b, bodyLoc, valid, createMul(b, bodyLoc, x, args[0]), zero);
      linalg::YieldOp::create(b, bodyLoc, createAdd(b, bodyLoc, args[2], term));
    };
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{weight, channels},
        ValueRange{init}, maps, getWindowIterators(n + 2, n + 1), body);
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pool
//===----------------------------------------------------------------------===//

/// Returns the value padding reads as for a pool of `kind`: the max
/// combiner's identity (-inf, the smallest signed integer) or zero.
Value createPoolPadValue(OpBuilder &b, Location loc, tg::PoolKind kind,
                         Type elementType) {
  if (kind == tg::PoolKind::avg)
    return createScalarConstant(b, loc, elementType, 0);
  TypedAttr attr;
  if (auto floatType = dyn_cast<FloatType>(elementType))
    attr =
        b.getFloatAttr(floatType, APFloat::getInf(floatType.getFloatSemantics(),
                                                  /*Negative=*/true));
  else
    attr = b.getIntegerAttr(
        elementType,
        APInt::getSignedMinValue(elementType.getIntOrFloatBitWidth()));
  return arith::ConstantOp::create(b, loc, attr);
}

/// Builds an n-d pooling window reduction as a `linalg.generic` with loops
/// (n, c, o..., k...); `window` (a `tensor.empty` of the kernel's shape)
/// gives the k loops their ranges.
Value buildGenericPool(OpBuilder &b, Location loc, tg::PoolKind kind,
                       Value padded, Value window, Value init,
                       ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations) {
  auto resultType = cast<RankedTensorType>(init.getType());
  int64_t n = resultType.getRank() - 2;
  int64_t numLoops = 2 * n + 2;
  SmallVector<AffineExpr> out = getDims(b, 2, n), k = getDims(b, n + 2, n);
  SmallVector<AffineExpr> inputExprs = getDims(b, 0, 2);
  for (int64_t i = 0; i < n; ++i)
    inputExprs.push_back(out[i] * strides[i] + k[i] * dilations[i]);
  MLIRContext *context = b.getContext();
  SmallVector<AffineMap> maps = {
      AffineMap::get(numLoops, 0, inputExprs, context),
      AffineMap::get(numLoops, 0, k, context),
      AffineMap::get(numLoops, 0, getDims(b, 0, n + 2), context)};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{padded, window},
      ValueRange{init}, maps, getWindowIterators(n + 2, n),
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value combined;
        if (kind != tg::PoolKind::max)
          combined = createAdd(nested, nestedLoc, args[2], args[0]);
        else if (isa<FloatType>(args[0].getType()))
          // A window's maximum propagates NaN but need not order -0 below
          // +0: without that ordering x86 computes it in three instructions
          // instead of six.
          combined = arith::MaximumFOp::create(nested, nestedLoc, args[2],
                                               args[0],
                                               arith::FastMathFlags::nsz);
        else
          combined = createMax(nested, nestedLoc, args[2], args[0]);
        linalg::YieldOp::create(nested, nestedLoc, combined);
      });
  return generic.getResult(0);
}

/// Returns, for every output position along one spatial dimension, how many
/// window elements an average divides by: those inside `[lo, hi)`, where the
/// window of output `o` covers `o * stride - padLow + j * dilation`.
SmallVector<double> getWindowCounts(int64_t outSize, int64_t kernel,
                                    int64_t stride, int64_t dilation,
                                    int64_t padLow, int64_t lo, int64_t hi) {
  SmallVector<double> counts;
  // Window element j sits at `start + j * dilation`; count the j in
  // [0, kernel) that land in [lo, hi), without visiting each (a kernel may be
  // far larger than the input).
  auto ceilDiv = [](int64_t a, int64_t b) {
    return a >= 0 ? (a + b - 1) / b : -((-a) / b);
  };
  for (int64_t o = 0; o < outSize; ++o) {
    int64_t start = o * stride - padLow;
    int64_t first = std::max<int64_t>(ceilDiv(lo - start, dilation), 0);
    int64_t last = std::min<int64_t>(ceilDiv(hi - start, dilation), kernel);
    counts.push_back(static_cast<double>(std::max<int64_t>(last - first, 0)));
  }
  return counts;
}

/// Divides the window sums of an avg pool by the window counts: one scalar
/// when every window counts the same, otherwise the product of per-axis
/// count tables read through the spatial loops.
Value divideByWindowCounts(OpBuilder &b, Location loc, Value sums,
                           ArrayRef<SmallVector<double>> counts) {
  auto type = cast<RankedTensorType>(sums.getType());
  Type elementType = type.getElementType();
  int64_t rank = type.getRank();
  bool uniform = llvm::all_of(
      counts, [](ArrayRef<double> axis) { return llvm::all_equal(axis); });
  if (uniform) {
    double total = 1;
    for (ArrayRef<double> axis : counts)
      total *= axis.front();
    return buildElementwiseGeneric(
        b, loc, sums, type,
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value divisor = arith::ConstantOp::create(
              nested, nestedLoc, nested.getFloatAttr(elementType, total));
          return createDiv(nested, nestedLoc, args[0], divisor);
        });
  }
  SmallVector<Value> inputs = {sums};
  MLIRContext *context = b.getContext();
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank)};
  for (auto [i, axis] : llvm::enumerate(counts)) {
    inputs.push_back(createTable(b, loc, elementType, axis));
    maps.push_back(AffineMap::get(rank, 0, b.getAffineDimExpr(2 + i), context));
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, inputs,
      ValueRange{createEmptyTensor(b, loc, type)}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value divisor = args[1];
        for (Value count : args.slice(2, counts.size() - 1))
          divisor = createMul(nested, nestedLoc, divisor, count);
        linalg::YieldOp::create(nested, nestedLoc,
                                createDiv(nested, nestedLoc, args[0], divisor));
      });
  return generic.getResult(0);
}

/// Lowers tg.pool: pads with createPoolPadValue far enough for every
/// window (ceil_mode windows may reach past the given padding), reduces with
/// `linalg.pooling_ncw_*` / `linalg.pooling_nchw_*` or buildGenericPool,
/// and for avg divides by the window counts.
struct PoolOpLowering final : OpConversionPattern<tg::PoolOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::PoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = resultType.getElementType();
    tg::PoolKind kind = op.getKind();
    int64_t n = resultType.getRank() - 2;
    ArrayRef<int64_t> kernel = op.getKernel(), strides = op.getStrides(),
                      dilations = op.getDilations(), pads = op.getPads();

    // Pad exactly as far as the last window reaches: less than the given
    // trailing padding when the windows stop short of it, more in ceil mode.
    SmallVector<int64_t> low(pads.take_front(n)), high;
    for (int64_t i = 0; i < n; ++i) {
      int64_t reach = (resultType.getDimSize(2 + i) - 1) * strides[i] +
                      dilations[i] * (kernel[i] - 1) + 1;
      high.push_back(
          std::max<int64_t>(reach - inputType.getDimSize(2 + i) - low[i], 0));
    }
    Value padValue = createPoolPadValue(rewriter, loc, kind, elementType);
    Value padded = padSpatial(rewriter, loc, input, low, high, padValue);
    Value init = createFilledTensor(rewriter, loc, resultType, padValue);
    Value window = tensor::EmptyOp::create(rewriter, loc, kernel, elementType);

    Value result;
    bool isMax = kind == tg::PoolKind::max;
    // Float max pools are generics for their combiner's flags (above).
    if (n <= 2 && !(isMax && isa<FloatType>(elementType))) {
      Attribute stridesAttr = rewriter.getI64TensorAttr(strides);
      Attribute dilationsAttr = rewriter.getI64TensorAttr(dilations);
      TypeRange types = resultType;
      ValueRange inputs = {padded, window}, outputs = init;
      auto create = [&](auto opTag) {
        using NamedOp = decltype(opTag);
        return NamedOp::create(rewriter, loc, types, inputs, outputs,
                               stridesAttr, dilationsAttr)
            .getResult(0);
      };
      if (n == 1)
        result = isMax ? create(linalg::PoolingNcwMaxOp())
                       : create(linalg::PoolingNcwSumOp());
      else
        result = isMax ? create(linalg::PoolingNchwMaxOp())
                       : create(linalg::PoolingNchwSumOp());
    } else {
      result = buildGenericPool(rewriter, loc, kind, padded, window, init,
                                strides, dilations);
    }

    if (!isMax) {
      // Windows count the input's elements, or with count_include_pad the
      // padded input's; never the extra ceil_mode padding.
      SmallVector<SmallVector<double>> counts;
      for (int64_t i = 0; i < n; ++i) {
        int64_t size = inputType.getDimSize(2 + i);
        int64_t lo = op.getCountIncludePad() ? -pads[i] : 0;
        int64_t hi = op.getCountIncludePad() ? size + pads[n + i] : size;
        counts.push_back(getWindowCounts(resultType.getDimSize(2 + i),
                                         kernel[i], strides[i], dilations[i],
                                         pads[i], lo, hi));
      }
      result = divideByWindowCounts(rewriter, loc, result, counts);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Lowers tg.pool_indices to a `linalg.generic` with loops (n, c, o...,
/// k...) and two outputs, the running maximum and its flat index (-1 until
/// a first element is seen). The body computes each window element's
/// position in the input, skips it when outside, reads it with
/// `tensor.extract` and takes it when it is the first or strictly greater,
/// so ties keep the first element in row-major window order.
struct PoolIndicesOpLowering final : OpConversionPattern<tg::PoolIndicesOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::PoolIndicesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = inputType.getElementType();
    int64_t n = resultType.getRank() - 2;
    ArrayRef<int64_t> kernel = op.getKernel(), strides = op.getStrides(),
                      dilations = op.getDilations(), pads = op.getPads();
    ArrayRef<int64_t> spatial = inputType.getShape().drop_front(2);

    // Index strides of the spatial axes, row- or column-major, and of a
    // (batch, channel) pair.
    SmallVector<int64_t> spatialStrides(n, 1);
    int64_t plane = 1;
    for (int64_t i = 0; i < n; ++i) {
      int64_t axis = op.getColumnMajor() ? i : n - 1 - i;
      spatialStrides[axis] = plane;
      plane *= spatial[axis];
    }

    auto valuesType = RankedTensorType::get(resultType.getShape(), elementType);
    Value bestInit = createFilledTensor(
        rewriter, loc, valuesType,
        createPoolPadValue(rewriter, loc, tg::PoolKind::max, elementType));
    Value indexInit =
        createFilledTensor(rewriter, loc, resultType,
                           arith::ConstantIntOp::create(rewriter, loc, -1, 64));
    Value window =
        tensor::EmptyOp::create(rewriter, loc, kernel, rewriter.getI1Type());
    int64_t numLoops = 2 * n + 2;
    MLIRContext *context = rewriter.getContext();
    AffineMap outMap =
        AffineMap::get(numLoops, 0, getDims(rewriter, 0, n + 2), context);
    SmallVector<AffineMap> maps = {
        AffineMap::get(numLoops, 0, getDims(rewriter, n + 2, n), context),
        outMap, outMap};

    auto body = [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
      auto index = [&](int64_t dim) {
        return linalg::IndexOp::create(b, bodyLoc, dim).getResult();
      };
      auto constant = [&](int64_t v) {
        return arith::ConstantIndexOp::create(b, bodyLoc, v).getResult();
      };
      Value channel = arith::AddIOp::create(
          b, bodyLoc,
          arith::MulIOp::create(b, bodyLoc, index(0),
                                constant(inputType.getDimSize(1))),
          index(1));
      Value flat = arith::MulIOp::create(b, bodyLoc, channel, constant(plane));
      SmallVector<Value> indices = {index(0), index(1)};
      Value valid = arith::ConstantIntOp::create(b, bodyLoc, 1, 1);
      for (int64_t i = 0; i < n; ++i) {
        // at = o * stride + k * dilation - pad, inside [0, D).
        Value at = arith::SubIOp::create(
            b, bodyLoc,
            arith::AddIOp::create(
                b, bodyLoc,
                arith::MulIOp::create(b, bodyLoc, index(2 + i),
                                      constant(strides[i])),
                arith::MulIOp::create(b, bodyLoc, index(n + 2 + i),
                                      constant(dilations[i]))),
            constant(pads[i]));
        Value inside = arith::AndIOp::create(
            b, bodyLoc,
            arith::CmpIOp::create(b, bodyLoc, arith::CmpIPredicate::sge, at,
                                  constant(0)),
            arith::CmpIOp::create(b, bodyLoc, arith::CmpIPredicate::slt, at,
                                  constant(spatial[i])));
        valid = arith::AndIOp::create(b, bodyLoc, valid, inside);
        // Clamped so that the read stays in bounds; `valid` discards it.
        Value clamped = arith::MinSIOp::create(
            b, bodyLoc, arith::MaxSIOp::create(b, bodyLoc, at, constant(0)),
            constant(spatial[i] - 1));
        indices.push_back(clamped);
        flat = arith::AddIOp::create(
            b, bodyLoc, flat,
            arith::MulIOp::create(b, bodyLoc, clamped,
                                  constant(spatialStrides[i])));
      }
      Value x = tensor::ExtractOp::create(b, bodyLoc, input, indices);
      Value best = args[1], bestIndex = args[2];
      Value greater = isa<FloatType>(elementType)
                          ? arith::CmpFOp::create(
                                b, bodyLoc, arith::CmpFPredicate::OGT, x, best)
                                .getResult()
                          : arith::CmpIOp::create(
                                b, bodyLoc, arith::CmpIPredicate::sgt, x, best)
                                .getResult();
      Value first = arith::CmpIOp::create(
          b, bodyLoc, arith::CmpIPredicate::eq, bestIndex,
          arith::ConstantIntOp::create(b, bodyLoc, -1, 64));
      Value take = arith::AndIOp::create(
          b, bodyLoc, valid, arith::OrIOp::create(b, bodyLoc, first, greater));
      Value flatIndex =
          arith::IndexCastOp::create(b, bodyLoc, b.getI64Type(), flat);
      linalg::YieldOp::create(
          b, bodyLoc,
          ValueRange{
              arith::SelectOp::create(b, bodyLoc, take, x, best),
              arith::SelectOp::create(b, bodyLoc, take, flatIndex, bestIndex)});
    };
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valuesType, resultType}, ValueRange{window},
        ValueRange{bestInit, indexInit}, maps, getWindowIterators(n + 2, n),
        body);
    rewriter.replaceOp(op, generic.getResult(1));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

/// Maps output coordinate `x` of an axis to an input coordinate, per ONNX's
/// coordinate_transformation_mode. Like ONNX's reference, align_corners and
/// pytorch_half_pixel take the resized length as `inSize * scale`, unrounded.
double transformCoordinate(tg::CoordinateTransform mode, int64_t x,
                           int64_t inSize, int64_t outSize, double scale) {
  double halfPixel = (x + 0.5) / scale - 0.5;
  double length = inSize * scale;
  switch (mode) {
  case tg::CoordinateTransform::half_pixel:
    return halfPixel;
  case tg::CoordinateTransform::half_pixel_symmetric: {
    double adjustment = outSize / length;
    double center = inSize / 2.0;
    return center * (1 - adjustment) + halfPixel;
  }
  case tg::CoordinateTransform::pytorch_half_pixel:
    return length > 1 ? halfPixel : 0.0;
  case tg::CoordinateTransform::align_corners:
    return length == 1 ? 0.0 : x * (inSize - 1) / (length - 1);
  case tg::CoordinateTransform::asymmetric:
    return x / scale;
  case tg::CoordinateTransform::tf_half_pixel_for_nn:
    return (x + 0.5) / scale;
  case tg::CoordinateTransform::tf_crop_and_resize:
    break; // Needs the roi: see computeResizeTaps.
  }
  llvm_unreachable("tf_crop_and_resize is mapped by computeResizeTaps");
}

/// Rounds an input coordinate to an index per ONNX's nearest_mode.
int64_t roundNearest(tg::NearestMode mode, double x) {
  double down = std::floor(x);
  switch (mode) {
  case tg::NearestMode::round_prefer_floor:
    return x - down <= 0.5 ? down : down + 1;
  case tg::NearestMode::round_prefer_ceil:
    return x - down < 0.5 ? down : down + 1;
  case tg::NearestMode::floor:
    return down;
  case tg::NearestMode::ceil:
    return std::ceil(x);
  }
  llvm_unreachable("unknown nearest mode");
}

/// How one axis of a resize reads the input, computed at compile time: for
/// each output position, the input index `low` (nearest, or the lower
/// neighbour) and for linear the upper neighbour `high` and its weight.
/// Indices are clamped to the axis. An axis whose every output position
/// reads its own index with weight 0 is the identity.
struct ResizeAxis {
  SmallVector<double> low, high, weight;
  bool isIdentity = true;
};

ResizeAxis computeResizeAxis(tg::ResizeOp op, int64_t axis, int64_t inSize,
                             int64_t outSize) {
  ResizeAxis result;
  bool linear = op.getMode() == tg::ResizeMode::linear;
  auto clamp = [&](int64_t i) {
    return static_cast<double>(std::clamp<int64_t>(i, 0, inSize - 1));
  };
  for (int64_t x = 0; x < outSize; ++x) {
    double at = transformCoordinate(op.getCoordinateTransform(), x, inSize,
                                    outSize, op.getScales()[axis]);
    if (!linear) {
      result.low.push_back(clamp(roundNearest(op.getNearestMode(), at)));
      result.isIdentity &= result.low.back() == x;
      continue;
    }
    double down = std::floor(at);
    result.low.push_back(clamp(down));
    result.high.push_back(clamp(down + 1));
    result.weight.push_back(at - down);
    result.isIdentity &= result.low.back() == x && result.weight.back() == 0;
  }
  result.isIdentity &= inSize == outSize;
  return result;
}

/// The weights of the taps of a linear resize at fraction `ratio` (in
/// (0, 1]) past the lower neighbour; with `antialias` and `scale < 1` the
/// triangle kernel is stretched by `1 / scale`. As ONNX's reference's
/// `_linear_coeffs` and `_linear_coeffs_antialias`.
SmallVector<double> getLinearCoeffs(double ratio, double scale,
                                    bool antialias) {
  if (!antialias)
    return {1 - ratio, ratio};
  scale = std::min(scale, 1.0);
  int64_t start = static_cast<int64_t>(std::floor(-1 / scale) + 1);
  int64_t footprint = 2 - 2 * start;
  SmallVector<double> coeffs;
  double sum = 0;
  for (int64_t i = start; i < start + footprint; ++i) {
    double c = std::clamp(1 - std::abs((i - ratio) * scale), 0.0, 1.0);
    coeffs.push_back(c);
    sum += c;
  }
  for (double &c : coeffs)
    c /= sum;
  return coeffs;
}

/// The weights of the taps of a cubic resize with Keys' parameter `a`, as
/// ONNX's reference's `_cubic_coeffs` and `_cubic_coeffs_antialias`.
SmallVector<double> getCubicCoeffs(double ratio, double scale, double a,
                                   bool antialias) {
  if (!antialias) {
    double r1 = ratio + 1, s = 1 - ratio, s1 = s + 1;
    return {((a * r1 - 5 * a) * r1 + 8 * a) * r1 - 4 * a,
            ((a + 2) * ratio - (a + 3)) * ratio * ratio + 1,
            ((a + 2) * s - (a + 3)) * s * s + 1,
            ((a * s1 - 5 * a) * s1 + 8 * a) * s1 - 4 * a};
  }
  scale = std::min(scale, 1.0);
  auto kernel = [&](double x) {
    x = std::abs(x);
    if (x <= 1)
      return (a + 2) * x * x * x - (a + 3) * x * x + 1;
    if (x < 2)
      return a * x * x * x - 5 * a * x * x + 8 * a * x - 4 * a;
    return 0.0;
  };
  int64_t start = static_cast<int64_t>(std::floor(-2 / scale) + 1);
  int64_t end = 2 - start;
  SmallVector<double> coeffs;
  double sum = 0;
  for (int64_t i = start; i < end; ++i) {
    coeffs.push_back(kernel(scale * (i - ratio)));
    sum += coeffs.back();
  }
  for (double &c : coeffs)
    c /= sum;
  return coeffs;
}

/// How one axis of a linear or cubic resize reads the input, computed at
/// compile time as ONNX's reference `_interpolate_1d_with_x` does: for each
/// output position, `numTaps` input indices (clamped to the axis) and their
/// weights, and whether the position lies outside the input
/// (tf_crop_and_resize; its weights are then zero).
struct ResizeTaps {
  int64_t numTaps = 0;
  SmallVector<double> index, weight; // [out][numTaps], row-major
  SmallVector<double> outside;       // [out], 1 or 0
  bool anyOutside = false;
  bool isIdentity = true;
};

ResizeTaps computeResizeTaps(tg::ResizeOp op, int64_t axis, int64_t inSize,
                             int64_t outSize) {
  ResizeTaps result;
  double scale = op.getScales()[axis];
  bool cubic = op.getMode() == tg::ResizeMode::cubic;
  bool antialias = op.getAntialias();
  int64_t rank = op.getScales().size();
  for (int64_t x = 0; x < outSize; ++x) {
    double at;
    bool outside = false;
    if (op.getCoordinateTransform() ==
        tg::CoordinateTransform::tf_crop_and_resize) {
      double start = (*op.getRoi())[axis], end = (*op.getRoi())[rank + axis];
      double length = inSize * scale;
      at = length == 1 ? (end - start) * (inSize - 1) / 2
                       : x * (end - start) * (inSize - 1) / (length - 1);
      at += start * (inSize - 1);
      outside = at < 0 || at > inSize - 1;
    } else {
      at = transformCoordinate(op.getCoordinateTransform(), x, inSize, outSize,
                               scale);
    }
    // The fraction past the lower neighbour is in (0, 1]: an integer
    // coordinate has itself as its upper neighbour.
    double down = std::floor(at);
    double ratio = at == down ? 1.0 : at - down;
    SmallVector<double> coeffs =
        cubic ? getCubicCoeffs(ratio, scale,
                               op.getCubicCoeffA().convertToDouble(), antialias)
              : getLinearCoeffs(ratio, scale, antialias);
    int64_t n = coeffs.size();
    result.numTaps = n;
    // The n nearest indices of the input padded by ceil(n / 2) edge
    // copies, preferring lower ones: a window from the lower neighbour's
    // n/2 - 1 predecessors, kept inside the padded input.
    int64_t pad = (n + 1) / 2;
    int64_t lower = static_cast<int64_t>(at == down ? down - 1 : down);
    int64_t first = std::clamp<int64_t>(lower + pad - (n / 2 - 1), 0,
                                        inSize + 2 * pad - n) -
                    pad;
    if (op.getExcludeOutside()) {
      double sum = 0;
      for (int64_t j = 0; j < n; ++j) {
        if (first + j < 0 || first + j >= inSize)
          coeffs[j] = 0;
        sum += coeffs[j];
      }
      for (double &c : coeffs)
        c /= sum;
    }
    double own = 0;
    for (int64_t j = 0; j < n; ++j) {
      int64_t index = std::clamp<int64_t>(first + j, 0, inSize - 1);
      double weight = outside ? 0.0 : coeffs[j];
      result.index.push_back(index);
      result.weight.push_back(weight);
      if (index == x)
        own += weight;
      else
        result.isIdentity &= weight == 0;
    }
    result.isIdentity &= own == 1 && !outside;
    result.outside.push_back(outside ? 1 : 0);
    result.anyOutside |= outside;
  }
  result.isIdentity &= inSize == outSize;
  return result;
}

/// Whether a resize needs the taps of computeResizeTaps rather than the
/// two neighbours of a plain linear resize.
bool needsTaps(tg::ResizeOp op) {
  if (op.getMode() == tg::ResizeMode::nearest)
    return false;
  return op.getMode() == tg::ResizeMode::cubic || op.getExcludeOutside() ||
         op.getRoi() ||
         (op.getAntialias() &&
          llvm::any_of(op.getScales(), [](double s) { return s < 1; }));
}

/// Lowers a linear or cubic tg.resize with taps: a `linalg.generic` whose
/// loops are the output's, then one reduction loop per resized axis over
/// its taps. Each resized axis reads its tap's input index and weight from
/// constant `out x taps` tables; the body adds the product of the weights
/// times the input element at those indices. The accumulator starts at
/// zero, or, with tf_crop_and_resize, at `extrapolation_value` where some
/// axis' coordinate is outside the input (whose weights are all zero).
Value lowerResizeWithTaps(OpBuilder &b, Location loc, tg::ResizeOp op,
                          Value input) {
  auto inputType = cast<RankedTensorType>(input.getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  Type elementType = resultType.getElementType();
  int64_t rank = resultType.getRank();
  MLIRContext *context = b.getContext();

  SmallVector<int64_t> axes;
  SmallVector<ResizeTaps> infos;
  for (int64_t axis = 0; axis < rank; ++axis) {
    ResizeTaps info = computeResizeTaps(op, axis, inputType.getDimSize(axis),
                                        resultType.getDimSize(axis));
    if (info.isIdentity)
      continue;
    axes.push_back(axis);
    infos.push_back(std::move(info));
  }
  if (axes.empty() && inputType == resultType)
    return input;

  // The accumulator: zero, or the extrapolation value where any axis is
  // outside, from per-axis i8 masks.
  Value init;
  double extrapolation = op.getExtrapolationValue().convertToDouble();
  SmallVector<Value> masks;
  SmallVector<AffineMap> maskMaps;
  for (auto [axis, info] : llvm::zip_equal(axes, infos)) {
    if (!info.anyOutside || extrapolation == 0)
      continue;
    masks.push_back(createTable(b, loc, b.getI8Type(), info.outside));
    maskMaps.push_back(
        AffineMap::get(rank, 0, b.getAffineDimExpr(axis), context));
  }
  if (!masks.empty()) {
    maskMaps.push_back(b.getMultiDimIdentityMap(rank));
    init = linalg::GenericOp::create(
               b, loc, TypeRange{resultType}, masks,
               ValueRange{createEmptyTensor(b, loc, resultType)}, maskMaps,
               SmallVector<utils::IteratorType>(rank,
                                                utils::IteratorType::parallel),
               [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
                 Value any = args[0];
                 for (Value mask : args.slice(1, masks.size() - 1))
                   any = arith::OrIOp::create(nested, nestedLoc, any, mask);
                 Value isOutside = arith::CmpIOp::create(
                     nested, nestedLoc, arith::CmpIPredicate::ne, any,
                     arith::ConstantIntOp::create(nested, nestedLoc, 0, 8));
                 Value value = createScalarConstant(nested, nestedLoc,
                                                    elementType, extrapolation);
                 Value zeroValue =
                     createScalarConstant(nested, nestedLoc, elementType, 0);
                 linalg::YieldOp::create(
                     nested, nestedLoc,
                     arith::SelectOp::create(nested, nestedLoc, isOutside,
                                             value, zeroValue)
                         .getResult());
               })
               .getResult(0);
  } else {
    init = createFilledTensor(b, loc, resultType,
                              createScalarConstant(b, loc, elementType, 0));
  }

  // Per resized axis i: index and weight tables of shape out x taps,
  // indexed by (output loop of the axis, reduction loop rank + i).
  int64_t numLoops = rank + axes.size();
  SmallVector<Value> tables;
  SmallVector<AffineMap> maps;
  for (auto [i, axis, info] : llvm::enumerate(axes, infos)) {
    auto shaped = [&](Type type, ArrayRef<double> values) -> Value {
      return createTable(b, loc, type, values,
                         {resultType.getDimSize(axis), info.numTaps});
    };
    tables.push_back(shaped(b.getI64Type(), info.index));
    tables.push_back(shaped(elementType, info.weight));
    AffineMap map = AffineMap::get(
        numLoops, 0, {b.getAffineDimExpr(axis), b.getAffineDimExpr(rank + i)},
        context);
    maps.append({map, map});
  }
  maps.push_back(AffineMap::get(numLoops, 0, getDims(b, 0, rank), context));
  auto body = [&](OpBuilder &nested, Location bodyLoc, ValueRange args) {
    SmallVector<Value> indices;
    for (int64_t axis = 0; axis < rank; ++axis)
      indices.push_back(linalg::IndexOp::create(nested, bodyLoc, axis));
    Value weight;
    for (auto [i, axis] : llvm::enumerate(axes)) {
      indices[axis] = arith::IndexCastOp::create(
          nested, bodyLoc, nested.getIndexType(), args[2 * i]);
      Value w = args[2 * i + 1];
      weight = weight ? createMul(nested, bodyLoc, weight, w) : w;
    }
    Value element = tensor::ExtractOp::create(nested, bodyLoc, input, indices);
    Value term = createMul(nested, bodyLoc, weight, element);
    linalg::YieldOp::create(nested, bodyLoc,
                            createAdd(nested, bodyLoc, args.back(), term));
  };
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, tables, ValueRange{init}, maps,
      getWindowIterators(rank, axes.size()), body);
  return generic.getResult(0);
}

/// Lowers tg.resize to a `linalg.generic` over the output (cubic resizes,
/// antialiasing, exclude_outside and tf_crop_and_resize go to
/// lowerResizeWithTaps). Identity axes read the input at the loop index; every
/// other axis reads its index (and for linear its upper neighbour and weight)
/// from constant tables indexed by that axis' loop. Linear interpolation sums
/// the 2^k corners of the k interpolated axes, each weighted by the product of
/// its axis weights.
struct ResizeOpLowering final : OpConversionPattern<tg::ResizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::ResizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    if (needsTaps(op)) {
      rewriter.replaceOp(op, lowerResizeWithTaps(rewriter, loc, op, input));
      return success();
    }
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = resultType.getElementType();
    int64_t rank = resultType.getRank();
    bool linear = op.getMode() == tg::ResizeMode::linear;
    MLIRContext *context = rewriter.getContext();

    // Tables of the non-identity axes, in axis order: low (and high, weight
    // for linear) per axis.
    SmallVector<int64_t> axes;
    SmallVector<Value> tables;
    SmallVector<AffineMap> maps;
    for (int64_t axis = 0; axis < rank; ++axis) {
      ResizeAxis info = computeResizeAxis(op, axis, inputType.getDimSize(axis),
                                          resultType.getDimSize(axis));
      if (info.isIdentity)
        continue;
      axes.push_back(axis);
      AffineMap map =
          AffineMap::get(rank, 0, rewriter.getAffineDimExpr(axis), context);
      tables.push_back(
          createTable(rewriter, loc, rewriter.getI64Type(), info.low));
      maps.push_back(map);
      if (!linear)
        continue;
      tables.push_back(
          createTable(rewriter, loc, rewriter.getI64Type(), info.high));
      tables.push_back(createTable(rewriter, loc, elementType, info.weight));
      maps.append({map, map});
    }
    if (axes.empty() && inputType == resultType) {
      rewriter.replaceOp(op, input);
      return success();
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    int64_t perAxis = linear ? 3 : 1;

    auto body = [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
      SmallVector<Value> indices;
      for (int64_t axis = 0; axis < rank; ++axis)
        indices.push_back(linalg::IndexOp::create(b, bodyLoc, axis));
      auto toIndex = [&](Value v) -> Value {
        return arith::IndexCastOp::create(b, bodyLoc, b.getIndexType(), v);
      };
      if (!linear) {
        for (auto [i, axis] : llvm::enumerate(axes))
          indices[axis] = toIndex(args[i]);
        Value element = tensor::ExtractOp::create(b, bodyLoc, input, indices);
        linalg::YieldOp::create(b, bodyLoc, element);
        return;
      }
      Value one = createScalarConstant(b, bodyLoc, elementType, 1);
      Value sum;
      for (int64_t corner = 0; corner < (int64_t{1} << axes.size()); ++corner) {
        Value weight;
        for (auto [i, axis] : llvm::enumerate(axes)) {
          bool upper = (corner >> i) & 1;
          Value w = args[perAxis * i + 2];
          indices[axis] = toIndex(args[perAxis * i + (upper ? 1 : 0)]);
          if (!upper)
            w = arith::SubFOp::create(b, bodyLoc, one, w);
          weight = weight ? createMul(b, bodyLoc, weight, w) : w;
        }
        Value term =
            createMul(b, bodyLoc, weight,
                      tensor::ExtractOp::create(b, bodyLoc, input, indices));
        sum = sum ? createAdd(b, bodyLoc, sum, term) : term;
      }
      linalg::YieldOp::create(b, bodyLoc, sum);
    };
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, tables,
        ValueRange{createEmptyTensor(rewriter, loc, resultType)}, maps,
        iterators, body);
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// f16 and bf16
//===----------------------------------------------------------------------===//

/// Whether `op` sums or interpolates many values, so that f16 and bf16 should
/// accumulate in f32: convolutions, average pooling and linear and cubic
/// resizing.
bool accumulates(Operation *op) {
  if (auto pool = dyn_cast<tg::PoolOp>(op))
    return pool.getKind() == tg::PoolKind::avg;
  if (auto resize = dyn_cast<tg::ResizeOp>(op))
    return resize.getMode() != tg::ResizeMode::nearest;
  return isa<tg::ConvOp, tg::ConvTransposeOp>(op);
}

/// Computes an accumulating NN op on f16 or bf16 in f32: casts its operands
/// to f32, clones it on them (the clone is lowered by the patterns above)
/// and casts the result back, so that sums round once instead of once per
/// term.
template <typename OpTy>
struct WidenHalfPrecision final : OpConversionPattern<OpTy> {
  WidenHalfPrecision(MLIRContext *context)
      : OpConversionPattern<OpTy>(context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    if (!resultType.getElementType().isF16() &&
        !resultType.getElementType().isBF16())
      return rewriter.notifyMatchFailure(op, "not f16 or bf16");
    if (!accumulates(op))
      return rewriter.notifyMatchFailure(op, "does not accumulate");
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    SmallVector<Value> operands;
    for (Value operand : adaptor.getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      operands.push_back(tg::CastOp::create(
          rewriter, loc, RankedTensorType::get(type.getShape(), f32), operand));
    }
    Operation *wide = rewriter.clone(*op.getOperation());
    rewriter.modifyOpInPlace(wide, [&] {
      wide->setOperands(operands);
      wide->getResult(0).setType(
          RankedTensorType::get(resultType.getShape(), f32));
    });
    rewriter.replaceOpWithNewOp<tg::CastOp>(op, resultType, wide->getResult(0));
    return success();
  }
};

} // namespace

void aotc::populateTGNNToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<
      ConvOpLowering, ConvTransposeOpLowering, PoolOpLowering,
      PoolIndicesOpLowering, ResizeOpLowering, WidenHalfPrecision<tg::ConvOp>,
      WidenHalfPrecision<tg::ConvTransposeOp>, WidenHalfPrecision<tg::PoolOp>,
      WidenHalfPrecision<tg::ResizeOp>>(patterns.getContext());
}
