//===- TGShapeFolds.cpp - folds of the tg shape and cast ops --------------===//
//
// Folds of reshape, transpose, broadcast_to, concat, slice and cast, and the
// canonicalizations composing reshapes and transposes. On constants with at
// most 1024 elements (or splats) the folds compute the result, which is
// what makes the shape subgraphs of ONNX models (Shape -> Gather -> Concat
// -> Reshape, Cast of shapes, ...) constant at import time.
//
// Larger weights (`dense` or `dense_resource`, up to kMaxWeightFoldElements
// elements, see TGConstants.h) fold too where the fold replaces the weight's
// only use: reshape (the blob is shared, not copied), transpose and slice
// (their bytes are gathered) and float-to-float cast (rounded once). That is
// what stores a Gemm's transB weight or a MatMul's transposed initializer
// transposed in the object instead of transposing it on every call.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APSInt.h"

using namespace mlir;
using namespace aotc::tg;

static constexpr int64_t kMaxShapeFoldElements = kMaxFoldElements;

/// A constant small enough to evaluate on (or any splat); null otherwise.
static DenseElementsAttr foldable(Attribute attr) {
  return getFoldableDense(attr);
}

/// The large-weight path of the data movement folds: when `input`, whose
/// constant value is `attr`, is a weight this fold may replace
/// (isFoldableWeight), a constant of `type` whose element at each
/// coordinate is the input's element `index(coordinates)`.
static Attribute
gatherWeight(Value input, Attribute attr, RankedTensorType type,
             llvm::function_ref<int64_t(ArrayRef<int64_t>)> index) {
  if (!isFoldableWeight(attr, input))
    return {};
  std::optional<ArrayRef<char>> bytes = getRawElementBytes(attr);
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  return buildConstant(type,
                       gatherElementBytes(*bytes, elementBytes, type, index),
                       getConstantNameHint(attr, "folded"));
}

static SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// Builds a constant of `type` whose element at each coordinate is the
/// element `source[index(coordinates)]` (row-major linear index).
static DenseElementsAttr
gatherElements(DenseElementsAttr source, RankedTensorType type,
               llvm::function_ref<int64_t(ArrayRef<int64_t>)> index) {
  auto elements = source.getValues<Attribute>();
  SmallVector<Attribute> values;
  values.reserve(type.getNumElements());
  SmallVector<int64_t> coords(type.getRank(), 0);
  for (int64_t n = 0; n < type.getNumElements(); ++n) {
    values.push_back(elements[index(coords)]);
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      if (++coords[d] < type.getDimSize(d))
        break;
      coords[d] = 0;
    }
  }
  return DenseElementsAttr::get(type, values);
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (DenseElementsAttr dense = foldable(adaptor.getInput()))
    return dense.reshape(getType());
  // A weight's blob is shared by the reshaped constant, not copied.
  if (isFoldableWeight(adaptor.getInput(), getInput())) {
    if (auto resource = dyn_cast<DenseResourceElementsAttr>(adaptor.getInput()))
      return DenseResourceElementsAttr::get(getType(), resource.getRawHandle());
    return buildConstant(getType(), *getRawElementBytes(adaptor.getInput()),
                         "folded");
  }
  return {};
}

namespace {
/// reshape(reshape(x)) -> reshape(x): only the final shape matters.
struct ComposeReshapes final : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getInput().getDefiningOp<ReshapeOp>();
    if (!producer)
      return rewriter.notifyMatchFailure(op, "input is not a reshape");
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(),
                                           producer.getInput());
    return success();
  }
};

/// transpose(transpose(x, p1), p2) -> transpose(x, p1 o p2).
struct ComposeTransposes final : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getInput().getDefiningOp<TransposeOp>();
    if (!producer)
      return rewriter.notifyMatchFailure(op, "input is not a transpose");
    ArrayRef<int64_t> inner = producer.getPermutation();
    SmallVector<int64_t> composed;
    for (int64_t p : op.getPermutation())
      composed.push_back(inner[p]);
    rewriter.replaceOpWithNewOp<TransposeOp>(op, producer.getInput(), composed);
    return success();
  }
};

/// A transpose that moves only unit dimensions keeps the row-major order of
/// the elements: it is a reshape. ONNX exporters write such transposes
/// between the (seq, batch, feature) and (batch, seq, feature) layouts of a
/// batch-1 model; as a reshape the matmul behind one sees its rows as one
/// matrix instead of a batch of single-row products.
struct TransposeOfUnitDimsAsReshape final : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType inType = op.getInput().getType();
    if (!inType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shape");
    int64_t last = -1;
    for (int64_t p : op.getPermutation()) {
      if (inType.getDimSize(p) == 1)
        continue;
      if (p < last)
        return rewriter.notifyMatchFailure(op, "moves a non-unit dimension");
      last = p;
    }
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), op.getInput());
    return success();
  }
};
} // namespace

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                            MLIRContext *context) {
  patterns.add<ComposeReshapes>(context);
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> perm = getPermutation();
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm))
    identity &= static_cast<int64_t>(i) == p;
  if (identity)
    return getInput();
  // Result element at coordinates c reads input coordinates c' with
  // c'[perm[d]] = c[d].
  SmallVector<int64_t> inStrides =
      getRowMajorStrides(getInput().getType().getShape());
  auto index = [&](ArrayRef<int64_t> coords) {
    int64_t index = 0;
    for (auto [d, p] : llvm::enumerate(perm))
      index += coords[d] * inStrides[p];
    return index;
  };
  DenseElementsAttr dense = foldable(adaptor.getInput());
  if (!dense)
    return gatherWeight(getInput(), adaptor.getInput(), getType(), index);
  if (dense.isSplat())
    return dense.resizeSplat(getType());
  return gatherElements(dense, getType(), index);
}

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  patterns.add<ComposeTransposes, TransposeOfUnitDimsAsReshape>(context);
}

OpFoldResult BroadcastToOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  DenseElementsAttr dense = foldable(adaptor.getInput());
  if (!dense)
    return {};
  if (dense.isSplat())
    return dense.resizeSplat(getType());
  if (getType().getNumElements() > kMaxShapeFoldElements)
    return {};
  ArrayRef<int64_t> inShape = dense.getType().getShape();
  SmallVector<int64_t> inStrides = getRowMajorStrides(inShape);
  int64_t offset = getType().getRank() - inShape.size();
  return gatherElements(dense, getType(), [&](ArrayRef<int64_t> coords) {
    int64_t index = 0;
    for (auto [d, size] : llvm::enumerate(inShape))
      index += (size == 1 ? 0 : coords[d + offset]) * inStrides[d];
    return index;
  });
}

OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1)
    return getInputs().front();
  if (getType().getNumElements() > kMaxShapeFoldElements)
    return {};
  SmallVector<DenseElementsAttr> inputs;
  for (Attribute attr : adaptor.getInputs()) {
    DenseElementsAttr dense = foldable(attr);
    if (!dense)
      return {};
    inputs.push_back(dense);
  }
  // Row-major: for each index before the axis, each input's block in turn.
  int64_t axis = getAxis();
  ArrayRef<int64_t> shape = getType().getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  for (int64_t d = axis + 1; d < static_cast<int64_t>(shape.size()); ++d)
    inner *= shape[d];
  SmallVector<Attribute> values;
  values.reserve(getType().getNumElements());
  for (int64_t o = 0; o < outer; ++o) {
    for (DenseElementsAttr input : inputs) {
      int64_t block = input.getType().getDimSize(axis) * inner;
      auto elements = input.getValues<Attribute>();
      for (int64_t i = 0; i < block; ++i)
        values.push_back(elements[input.isSplat() ? 0 : o * block + i]);
    }
  }
  return DenseElementsAttr::get(getType(), values);
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  SmallVector<int64_t> inStrides =
      getRowMajorStrides(getInput().getType().getShape());
  ArrayRef<int64_t> start = getStart(), stride = getStride();
  auto index = [&](ArrayRef<int64_t> coords) {
    int64_t index = 0;
    for (auto [d, c] : llvm::enumerate(coords))
      index += (start[d] + c * stride[d]) * inStrides[d];
    return index;
  };
  DenseElementsAttr dense = foldable(adaptor.getInput());
  if (!dense)
    return gatherWeight(getInput(), adaptor.getInput(), getType(), index);
  if (dense.isSplat())
    return dense.resizeSplat(getType());
  return gatherElements(dense, getType(), index);
}

/// Converts one element of a constant to `to`, as the lowering does. A float
/// converted to an integer saturates: NaN becomes 0 and a value past the
/// type's range its nearest bound (`unsignedResult`: the unsigned range).
/// ONNX leaves those conversions undefined; the lowering's conversion of
/// such a constant would be poison, which LLVM may drop with the store that
/// writes it, so the fold is what defines them.
static std::optional<Attribute> castElement(Attribute element, Type to,
                                            bool unsignedResult = false) {
  Type from = cast<TypedAttr>(element).getType();
  if (auto intAttr = dyn_cast<IntegerAttr>(element)) {
    const APInt &value = intAttr.getValue();
    bool isSigned = !from.isInteger(1);
    if (auto floatType = dyn_cast<FloatType>(to)) {
      APFloat result(floatType.getFloatSemantics());
      result.convertFromAPInt(value, isSigned, APFloat::rmNearestTiesToEven);
      return FloatAttr::get(to, result);
    }
    unsigned width = to.getIntOrFloatBitWidth();
    if (width == 1)
      return IntegerAttr::get(to, APInt(1, !value.isZero()));
    return IntegerAttr::get(to, isSigned ? value.sextOrTrunc(width)
                                         : value.zextOrTrunc(width));
  }
  APFloat value = cast<FloatAttr>(element).getValue();
  if (auto floatType = dyn_cast<FloatType>(to)) {
    bool lost;
    value.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &lost);
    return FloatAttr::get(to, value);
  }
  unsigned width = to.getIntOrFloatBitWidth();
  if (width == 1)
    return IntegerAttr::get(to, APInt(1, !value.isZero()));
  APSInt result(width, /*isUnsigned=*/unsignedResult);
  bool exact;
  // Saturates on opInvalidOp (NaN to 0, the rest to the nearest bound).
  (void)value.convertToInteger(result, APFloat::rmTowardZero, &exact);
  return IntegerAttr::get(to, result);
}

/// The bits an element of `type` takes, an i1 counting as the byte it is
/// stored in.
static unsigned storedBits(Type type) {
  return type.isInteger(1) ? 8 : type.getIntOrFloatBitWidth();
}

LogicalResult BitcastOp::verify() {
  Type from = getInput().getType().getElementType(),
       to = getType().getElementType();
  if (!from.isIntOrFloat() || !to.isIntOrFloat() ||
      storedBits(from) != storedBits(to))
    return emitOpError() << "reinterprets " << from << " as " << to
                         << ", which is not as wide";
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  Type to = getType().getElementType();
  // Integers to a float type (a quantized weight dequantized, a uint8
  // constant), signed or unsigned: exact in double, rounded once; weights
  // of any size up to kMaxWeightFoldElements.
  if (isa<IntegerType>(getInput().getType().getElementType()) &&
      (to.isF16() || to.isBF16() || to.isF32() || to.isF64()) &&
      !getUnsignedResult() &&
      (getFoldableDense(adaptor.getInput()) ||
       isFoldableWeight(adaptor.getInput(), getInput()))) {
    if (std::optional<SmallVector<double>> values = readIntegerElements(
            adaptor.getInput(), kMaxWeightFoldElements, getUnsignedInput()))
      return buildFloatConstant(
          getType(), *values,
          getConstantNameHint(adaptor.getInput(), "folded"));
  }
  // Other constants are folded with signed integers only, but for floats
  // converted to unsigned integers, which saturate as castElement says.
  if (getUnsignedResult() &&
      isa<FloatType>(getInput().getType().getElementType()) &&
      isa<IntegerType>(to) && !to.isInteger(1) && !getUnsignedInput()) {
    DenseElementsAttr dense = foldable(adaptor.getInput());
    if (!dense)
      return {};
    SmallVector<Attribute> values;
    for (Attribute element : dense.getValues<Attribute>())
      values.push_back(*castElement(element, to, /*unsignedResult=*/true));
    return DenseElementsAttr::get(getType(), values);
  }
  if (getUnsignedInput() || getUnsignedResult())
    return {};
  DenseElementsAttr dense = foldable(adaptor.getInput());
  if (!dense) {
    // A float weight converted to another float type rounds once.
    if (!(to.isF16() || to.isBF16() || to.isF32() || to.isF64()) ||
        !isFoldableWeight(adaptor.getInput(), getInput()))
      return {};
    std::optional<SmallVector<double>> values =
        readFloatElements(adaptor.getInput(), kMaxWeightFoldElements);
    if (!values)
      return {};
    return buildFloatConstant(
        getType(), *values, getConstantNameHint(adaptor.getInput(), "folded"));
  }
  if (dense.isSplat()) {
    std::optional<Attribute> value =
        castElement(dense.getSplatValue<Attribute>(), to);
    return value ? DenseElementsAttr::get(getType(), *value) : Attribute();
  }
  SmallVector<Attribute> values;
  for (Attribute element : dense.getValues<Attribute>()) {
    std::optional<Attribute> value = castElement(element, to);
    if (!value)
      return {};
    values.push_back(*value);
  }
  return DenseElementsAttr::get(getType(), values);
}
