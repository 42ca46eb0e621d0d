//===- TGFolds.cpp - folds and canonicalizations of the tg ops ------------===//
//
// Folds evaluate ops on small constants (at most kMaxFoldElements elements,
// `dense` or `dense_resource`, or splats of any size) and drop identities
// (x + 0, x * 1, identity
// transpose/reshape/slice/broadcast/cast, single-input concat, empty
// reduce). An identity fold never changes a value's type: `x + 0` where the
// zero broadcasts `x` to a larger shape stays. Canonicalization patterns
// merge chains of reshapes and transposes. Each rule is pinned by a case in
// test/Dialect/TG/canonicalize.mlir.
//
// Float constants are evaluated in their own semantics with APFloat, except
// transcendental functions, which go through the host's libm in double and
// round once to the element type. Integer folds wrap like the generated
// code, and leave undefined behavior (division by zero, INT_MIN / -1) for
// run time.
//
// Float weights larger than that (up to kMaxWeightFoldElements, see
// TGConstants.h) fold through a second path in double when the fold
// replaces its only user and does not broadcast it to a larger result: the
// arithmetic ops (+ - * /, exact in double and rounded once, so the same
// result as in the element type) and the functions evaluated in double.
// That is what computes an inference BatchNorm's per-channel factors when
// they are resource blobs (more than 1024 channels).
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include <cmath>

using namespace mlir;
using namespace aotc::tg;

using FloatFn = llvm::function_ref<std::optional<APFloat>(const APFloat &,
                                                          const APFloat &)>;
using IntFn =
    llvm::function_ref<std::optional<APInt>(const APInt &, const APInt &)>;

/// Returns `attr` as dense elements if it is small enough to fold (a
/// `dense_resource` of at most kMaxFoldElements elements is read as one).
static DenseElementsAttr foldable(Attribute attr) {
  return getFoldableDense(attr);
}

/// Linear index into a tensor of `shape` broadcast to `resultShape`, for the
/// result element at `linear`.
static int64_t broadcastIndex(int64_t linear, ArrayRef<int64_t> resultShape,
                              ArrayRef<int64_t> shape) {
  int64_t index = 0, stride = 1;
  int64_t offset = resultShape.size() - shape.size();
  for (int64_t d = resultShape.size() - 1; d >= 0; --d) {
    int64_t coord = linear % resultShape[d];
    linear /= resultShape[d];
    if (d < offset)
      continue;
    int64_t size = shape[d - offset];
    index += (size == 1 ? 0 : coord) * stride;
    stride *= size;
  }
  return index;
}

/// Evaluates a broadcasting binary op on constant operands.
static Attribute foldBinary(ArrayRef<Attribute> operands, Type resultType,
                            FloatFn floatFn, IntFn intFn) {
  DenseElementsAttr lhs = foldable(operands[0]), rhs = foldable(operands[1]);
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!lhs || !rhs || !type)
    return {};
  bool splat = lhs.isSplat() && rhs.isSplat();
  if (!splat && type.getNumElements() > kMaxFoldElements)
    return {};
  int64_t count = splat ? 1 : type.getNumElements();
  ArrayRef<int64_t> lShape = lhs.getType().getShape();
  ArrayRef<int64_t> rShape = rhs.getType().getShape();
  auto index = [&](int64_t i, DenseElementsAttr attr, ArrayRef<int64_t> shape) {
    return attr.isSplat() ? 0 : broadcastIndex(i, type.getShape(), shape);
  };
  if (isa<FloatType>(type.getElementType())) {
    if (!floatFn)
      return {};
    auto l = lhs.getValues<APFloat>(), r = rhs.getValues<APFloat>();
    SmallVector<APFloat> values;
    for (int64_t i = 0; i < count; ++i) {
      std::optional<APFloat> v =
          floatFn(l[index(i, lhs, lShape)], r[index(i, rhs, rShape)]);
      if (!v)
        return {};
      values.push_back(*v);
    }
    return splat ? DenseElementsAttr::get(type, values.front())
                 : DenseElementsAttr::get(type, values);
  }
  if (!intFn)
    return {};
  auto l = lhs.getValues<APInt>(), r = rhs.getValues<APInt>();
  SmallVector<APInt> values;
  for (int64_t i = 0; i < count; ++i) {
    std::optional<APInt> v =
        intFn(l[index(i, lhs, lShape)], r[index(i, rhs, rShape)]);
    if (!v)
      return {};
    values.push_back(*v);
  }
  return splat ? DenseElementsAttr::get(type, values.front())
               : DenseElementsAttr::get(type, values);
}

/// Calls `fn` once per element of the broadcast result `type` (once in all
/// when every operand is a splat, which `splat` reports) with the linear
/// index of the element each operand supplies. Returns false, calling
/// nothing, when the result is too large to fold.
static bool
forEachBroadcastElement(ArrayRef<DenseElementsAttr> operands,
                        RankedTensorType type, bool &splat,
                        llvm::function_ref<void(ArrayRef<int64_t>)> fn) {
  splat = llvm::all_of(operands,
                       [](DenseElementsAttr attr) { return attr.isSplat(); });
  if (!splat && type.getNumElements() > kMaxFoldElements)
    return false;
  int64_t count = splat ? 1 : type.getNumElements();
  SmallVector<int64_t> indices(operands.size());
  for (int64_t i = 0; i < count; ++i) {
    for (auto [index, attr] : llvm::zip_equal(indices, operands))
      index = attr.isSplat() ? 0
                             : broadcastIndex(i, type.getShape(),
                                              attr.getType().getShape());
    fn(indices);
  }
  return true;
}

/// Evaluates a unary op on a constant operand, elementwise.
static Attribute
foldUnary(Attribute operand, Type resultType,
          llvm::function_ref<std::optional<APFloat>(const APFloat &)> floatFn,
          llvm::function_ref<std::optional<APInt>(const APInt &)> intFn) {
  DenseElementsAttr input = foldable(operand);
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!input || !type)
    return {};
  int64_t count = input.isSplat() ? 1 : input.getNumElements();
  if (isa<FloatType>(type.getElementType())) {
    if (!floatFn)
      return {};
    auto in = input.getValues<APFloat>();
    SmallVector<APFloat> values;
    for (int64_t i = 0; i < count; ++i) {
      std::optional<APFloat> v = floatFn(in[i]);
      if (!v)
        return {};
      values.push_back(*v);
    }
    return input.isSplat() ? DenseElementsAttr::get(type, values.front())
                           : DenseElementsAttr::get(type, values);
  }
  if (!intFn)
    return {};
  auto in = input.getValues<APInt>();
  SmallVector<APInt> values;
  for (int64_t i = 0; i < count; ++i) {
    std::optional<APInt> v = intFn(in[i]);
    if (!v)
      return {};
    values.push_back(*v);
  }
  return input.isSplat() ? DenseElementsAttr::get(type, values.front())
                         : DenseElementsAttr::get(type, values);
}

/// Evaluates a float classification (is_nan, is_inf) on a constant operand,
/// elementwise, into the i1 tensor `resultType`.
static Attribute
foldFloatPredicate(Attribute operand, Type resultType,
                   llvm::function_ref<bool(const APFloat &)> predicate) {
  DenseElementsAttr input = foldable(operand);
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!input || !type || !isa<FloatType>(input.getElementType()))
    return {};
  if (input.isSplat())
    return DenseElementsAttr::get(type,
                                  predicate(input.getSplatValue<APFloat>()));
  SmallVector<bool> values;
  for (const APFloat &x : input.getValues<APFloat>())
    values.push_back(predicate(x));
  return DenseElementsAttr::get(type, values);
}

/// Rounds a float to an integral value in its own semantics with `mode`
/// (exact, keeps the sign of zero, leaves NaN and infinities alone).
static std::optional<APFloat> roundToIntegral(const APFloat &x,
                                              llvm::RoundingMode mode) {
  APFloat result = x;
  result.roundToIntegral(mode);
  return result;
}

/// Converts `x` to double; exact for every tg float type.
static double toDouble(const APFloat &x) {
  bool lost;
  APFloat wide = x;
  wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
  return wide.convertToDouble();
}

/// Rounds `value` to the float semantics `semantics`, to nearest even.
static APFloat fromDouble(double value, const llvm::fltSemantics &semantics) {
  bool lost;
  APFloat result(value);
  result.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
  return result;
}

/// Evaluates a libm function `fn` of double for a fold in float semantics
/// `semantics`. A NaN made from non-NaN operands (sqrt(-1), pow(-2, 0.5)) is
/// not folded: its sign and payload depend on the host, so it is left for
/// the target to compute.
template <typename Fn, typename... Args>
static std::optional<APFloat> evalInDouble(const llvm::fltSemantics &semantics,
                                           Fn fn, const Args &...args) {
  double result = fn(toDouble(args)...);
  if (std::isnan(result) && !(args.isNaN() || ...))
    return std::nullopt;
  return fromDouble(result, semantics);
}

/// Wraps a function of double as a unary fold of any float semantics: the
/// operand widens exactly to double and the result rounds once to the
/// element type.
template <typename Fn> static auto mathFold(Fn fn) {
  return [fn](const APFloat &x) -> std::optional<APFloat> {
    return evalInDouble(x.getSemantics(), fn, x);
  };
}

//===----------------------------------------------------------------------===//
// Large float weights
//===----------------------------------------------------------------------===//

/// Evaluates `fn` in double on the float constants `operands` of `op`,
/// broadcasting, when at least one of them is a weight this fold may replace
/// (isFoldableWeight), the result is no larger than the largest such weight
/// and every other operand is a weight too or small. The result rounds once
/// to the element type, as the per-element path computes it. Nothing is
/// folded when a NaN is read or made: its sign and payload would be the
/// host's.
static Attribute foldWeights(Operation *op, ArrayRef<Attribute> operands,
                             llvm::function_ref<double(ArrayRef<double>)> fn) {
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !isa<FloatType>(type.getElementType()))
    return {};
  int64_t largest = 0;
  StringRef hint;
  for (auto [attr, value] : llvm::zip_equal(operands, op->getOperands())) {
    if (isFoldableWeight(attr, value)) {
      int64_t size = cast<ElementsAttr>(attr).getNumElements();
      if (size > largest)
        hint = getConstantNameHint(attr, "folded");
      largest = std::max(largest, size);
    } else if (!getFoldableDense(attr)) {
      return {};
    }
  }
  if (largest == 0 || type.getNumElements() > largest)
    return {};
  SmallVector<SmallVector<double>> inputs;
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Attribute attr : operands) {
    std::optional<SmallVector<double>> values =
        readFloatElements(attr, kMaxWeightFoldElements);
    if (!values ||
        llvm::any_of(*values, [](double x) { return std::isnan(x); }))
      return {};
    inputs.push_back(std::move(*values));
    shapes.push_back(cast<ElementsAttr>(attr).getShapedType().getShape());
  }
  SmallVector<double> results(type.getNumElements());
  SmallVector<double> args(inputs.size());
  for (int64_t i = 0, e = results.size(); i < e; ++i) {
    for (auto [arg, input, shape] : llvm::zip_equal(args, inputs, shapes))
      arg = input[broadcastIndex(i, type.getShape(), shape)];
    results[i] = fn(args);
    if (std::isnan(results[i]))
      return {};
  }
  return buildFloatConstant(type, results, hint);
}

/// foldWeights for a unary function of double.
static Attribute foldWeights(Operation *op, Attribute operand,
                             double (*fn)(double)) {
  return foldWeights(op, operand,
                     [fn](ArrayRef<double> x) { return fn(x[0]); });
}

/// foldWeights for a binary function of double.
static Attribute foldWeights(Operation *op, ArrayRef<Attribute> operands,
                             double (*fn)(double, double)) {
  return foldWeights(op, operands,
                     [fn](ArrayRef<double> x) { return fn(x[0], x[1]); });
}

/// Folds a function of double evaluated on a constant `operand` of `op`:
/// the weight path for large float weights, else every element of a small
/// constant widened to double and rounded once to the element type.
static Attribute foldMath(Operation *op, Attribute operand,
                          double (*fn)(double)) {
  if (Attribute weight = foldWeights(op, operand, fn))
    return weight;
  return foldUnary(operand, op->getResult(0).getType(), mathFold(fn), nullptr);
}

/// True if `attr` is a splat of zero (either sign for floats).
static bool isSplatZero(Attribute attr) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return false;
  if (isa<FloatType>(dense.getElementType()))
    return dense.getSplatValue<APFloat>().isZero();
  return dense.getSplatValue<APInt>().isZero();
}

/// True if `attr` is a splat of one.
static bool isSplatOne(Attribute attr) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return false;
  if (isa<FloatType>(dense.getElementType()))
    return dense.getSplatValue<APFloat>().isExactlyValue(1.0);
  return dense.getSplatValue<APInt>().isOne();
}

/// Returns `value` if its type is `type` (an identity fold must not change
/// the result type, e.g. by skipping a broadcast).
static OpFoldResult ifSameType(Value value, Type type) {
  return value.getType() == type ? OpFoldResult(value) : OpFoldResult();
}

//===----------------------------------------------------------------------===//
// Constant
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// Binary elementwise
//===----------------------------------------------------------------------===//

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    if (OpFoldResult r = ifSameType(getLhs(), getType()))
      return r;
  if (isSplatZero(adaptor.getLhs()))
    if (OpFoldResult r = ifSameType(getRhs(), getType()))
      return r;
  if (Attribute weight = foldWeights(getOperation(), adaptor.getOperands(),
                                     [](double a, double b) { return a + b; }))
    return weight;
  return foldBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a + b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a + b;
      });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isSplatZero(adaptor.getRhs()))
    if (OpFoldResult r = ifSameType(getLhs(), getType()))
      return r;
  if (Attribute weight = foldWeights(getOperation(), adaptor.getOperands(),
                                     [](double a, double b) { return a - b; }))
    return weight;
  return foldBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a - b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a - b;
      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isSplatOne(adaptor.getRhs()))
    if (OpFoldResult r = ifSameType(getLhs(), getType()))
      return r;
  if (isSplatOne(adaptor.getLhs()))
    if (OpFoldResult r = ifSameType(getRhs(), getType()))
      return r;
  if (Attribute weight = foldWeights(getOperation(), adaptor.getOperands(),
                                     [](double a, double b) { return a * b; }))
    return weight;
  return foldBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a * b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a * b;
      });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (isSplatOne(adaptor.getRhs()))
    if (OpFoldResult r = ifSameType(getLhs(), getType()))
      return r;
  // Constants fold with signed division only.
  if (getUnsignedOperands())
    return {};
  if (Attribute weight = foldWeights(getOperation(), adaptor.getOperands(),
                                     [](double a, double b) { return a / b; }))
    return weight;
  return foldBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a / b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        // Division by zero and INT_MIN / -1 are undefined at run time; leave
        // them there.
        if (b.isZero())
          return std::nullopt;
        bool overflow = false;
        APInt quotient = a.sdiv_ov(b, overflow);
        if (overflow)
          return std::nullopt;
        return quotient;
      });
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  return foldBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return llvm::maximum(a, b);
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a.sge(b) ? a : b;
      });
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  return foldBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return llvm::minimum(a, b);
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a.sle(b) ? a : b;
      });
}

OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  if (isSplatOne(adaptor.getRhs()))
    if (OpFoldResult r = ifSameType(getLhs(), getType()))
      return r;
  return foldBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return evalInDouble(
            a.getSemantics(), [](double x, double y) { return std::pow(x, y); },
            a, b);
      },
      /*intFn=*/nullptr);
}

OpFoldResult ModOp::fold(FoldAdaptor adaptor) {
  // Constants fold with signed remainders only.
  if (getUnsignedOperands())
    return {};
  bool fmod = getFmod();
  return foldBinary(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        // fmod is exact, so computing it in double loses nothing.
        return evalInDouble(
            a.getSemantics(),
            [](double x, double y) { return std::fmod(x, y); }, a, b);
      },
      [fmod](const APInt &a, const APInt &b) -> std::optional<APInt> {
        // x mod 0 and x mod -1 are 0, as the lowering defines them.
        if (b.isZero() || b.isAllOnes())
          return APInt::getZero(a.getBitWidth());
        APInt remainder = a.srem(b);
        if (!fmod && !remainder.isZero() &&
            remainder.isNegative() != b.isNegative())
          remainder += b;
        return remainder;
      });
}

/// Folds `op(x, x)` to `x` for the idempotent bitwise ops.
template <typename OpTy> static OpFoldResult foldIdempotent(OpTy op) {
  if (op.getLhs() == op.getRhs())
    return op.getLhs();
  return {};
}

OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult same = foldIdempotent(*this))
    return same;
  return foldBinary(adaptor.getOperands(), getType(), /*floatFn=*/nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      return a & b;
                    });
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult same = foldIdempotent(*this))
    return same;
  return foldBinary(adaptor.getOperands(), getType(), /*floatFn=*/nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      return a | b;
                    });
}

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getOperands(), getType(), /*floatFn=*/nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      return a ^ b;
                    });
}

OpFoldResult ShiftLeftOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getOperands(), getType(), /*floatFn=*/nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      // Amounts are unsigned; shifting out every bit gives 0.
                      if (b.uge(a.getBitWidth()))
                        return APInt::getZero(a.getBitWidth());
                      return a.shl(b);
                    });
}

OpFoldResult ShiftRightOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getOperands(), getType(), /*floatFn=*/nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      if (b.uge(a.getBitWidth()))
                        return APInt::getZero(a.getBitWidth());
                      return a.lshr(b);
                    });
}

//===----------------------------------------------------------------------===//
// Unary elementwise
//===----------------------------------------------------------------------===//

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  if (Attribute weight = foldWeights(getOperation(), adaptor.getInput(),
                                     [](double x) { return -x; }))
    return weight;
  return foldUnary(
      adaptor.getInput(), getType(),
      [](const APFloat &x) -> std::optional<APFloat> { return -x; },
      [](const APInt &x) -> std::optional<APInt> { return -x; });
}

OpFoldResult AbsOp::fold(FoldAdaptor adaptor) {
  if (Attribute weight = foldWeights(getOperation(), adaptor.getInput(),
                                     [](double x) { return std::fabs(x); }))
    return weight;
  return foldUnary(
      adaptor.getInput(), getType(),
      [](const APFloat &x) -> std::optional<APFloat> { return abs(x); },
      [](const APInt &x) -> std::optional<APInt> { return x.abs(); });
}

OpFoldResult ReluOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getInput(), getType(),
      [](const APFloat &x) -> std::optional<APFloat> {
        return llvm::maximum(x, APFloat::getZero(x.getSemantics()));
      },
      [](const APInt &x) -> std::optional<APInt> {
        return x.isNegative() ? APInt::getZero(x.getBitWidth()) : x;
      });
}

OpFoldResult ExpOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::exp(x); });
}

OpFoldResult LogOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::log(x); });
}

OpFoldResult SqrtOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::sqrt(x); });
}

OpFoldResult RsqrtOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return 1.0 / std::sqrt(x); });
}

OpFoldResult TanhOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::tanh(x); });
}

OpFoldResult SigmoidOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return 1.0 / (1.0 + std::exp(-x)); });
}

OpFoldResult ErfOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::erf(x); });
}

OpFoldResult FloorOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getInput(), getType(),
      [](const APFloat &x) {
        return roundToIntegral(x, llvm::RoundingMode::TowardNegative);
      },
      nullptr);
}

OpFoldResult CeilOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getInput(), getType(),
      [](const APFloat &x) {
        return roundToIntegral(x, llvm::RoundingMode::TowardPositive);
      },
      nullptr);
}

OpFoldResult RoundOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getInput(), getType(),
      [](const APFloat &x) {
        return roundToIntegral(x, llvm::RoundingMode::NearestTiesToEven);
      },
      nullptr);
}

OpFoldResult SignOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getInput(), getType(),
      [](const APFloat &x) -> std::optional<APFloat> {
        if (x.isNaN() || x.isZero())
          return x;
        return APFloat::getOne(x.getSemantics(), x.isNegative());
      },
      [](const APInt &x) -> std::optional<APInt> {
        if (x.isNegative())
          return APInt::getAllOnes(x.getBitWidth());
        return x.isZero() ? x : APInt(x.getBitWidth(), 1);
      });
}

OpFoldResult SinOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::sin(x); });
}

OpFoldResult CosOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::cos(x); });
}

OpFoldResult TanOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::tan(x); });
}

OpFoldResult AsinOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::asin(x); });
}

OpFoldResult AcosOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::acos(x); });
}

OpFoldResult AtanOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::atan(x); });
}

OpFoldResult SinhOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::sinh(x); });
}

OpFoldResult CoshOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::cosh(x); });
}

OpFoldResult AsinhOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::asinh(x); });
}

OpFoldResult AcoshOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::acosh(x); });
}

OpFoldResult AtanhOp::fold(FoldAdaptor adaptor) {
  return foldMath(getOperation(), adaptor.getInput(),
                  [](double x) { return std::atanh(x); });
}

OpFoldResult NotOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getInput().getDefiningOp<NotOp>())
    return inner.getInput();
  return foldUnary(adaptor.getInput(), getType(), nullptr,
                   [](const APInt &x) -> std::optional<APInt> { return ~x; });
}

//===----------------------------------------------------------------------===//
// Float classification
//===----------------------------------------------------------------------===//

OpFoldResult IsNanOp::fold(FoldAdaptor adaptor) {
  return foldFloatPredicate(adaptor.getInput(), getType(),
                            [](const APFloat &x) { return x.isNaN(); });
}

OpFoldResult IsInfOp::fold(FoldAdaptor adaptor) {
  bool positive = getDetectPositive(), negative = getDetectNegative();
  return foldFloatPredicate(
      adaptor.getInput(), getType(), [&](const APFloat &x) {
        return x.isInfinity() && (x.isNegative() ? negative : positive);
      });
}

//===----------------------------------------------------------------------===//
// Compare and select
//===----------------------------------------------------------------------===//

/// `predicate` on floats: ordered, except `ne`, which holds for NaN.
static bool evalCompare(ComparePredicate predicate, const APFloat &a,
                        const APFloat &b) {
  APFloat::cmpResult result = a.compare(b);
  bool eq = result == APFloat::cmpEqual;
  bool lt = result == APFloat::cmpLessThan;
  bool gt = result == APFloat::cmpGreaterThan;
  switch (predicate) {
  case ComparePredicate::eq:
    return eq;
  case ComparePredicate::ne:
    return !eq;
  case ComparePredicate::lt:
    return lt;
  case ComparePredicate::le:
    return lt || eq;
  case ComparePredicate::gt:
    return gt;
  case ComparePredicate::ge:
    return gt || eq;
  }
  llvm_unreachable("unknown compare predicate");
}

/// `predicate` on integers: signed, except i1 (`false < true`) and
/// `isUnsigned`.
static bool evalCompare(ComparePredicate predicate, const APInt &a,
                        const APInt &b, bool isUnsigned) {
  bool isBool = isUnsigned || a.getBitWidth() == 1;
  switch (predicate) {
  case ComparePredicate::eq:
    return a == b;
  case ComparePredicate::ne:
    return a != b;
  case ComparePredicate::lt:
    return isBool ? a.ult(b) : a.slt(b);
  case ComparePredicate::le:
    return isBool ? a.ule(b) : a.sle(b);
  case ComparePredicate::gt:
    return isBool ? a.ugt(b) : a.sgt(b);
  case ComparePredicate::ge:
    return isBool ? a.uge(b) : a.sge(b);
  }
  llvm_unreachable("unknown compare predicate");
}

OpFoldResult CompareOp::fold(FoldAdaptor adaptor) {
  DenseElementsAttr lhs = foldable(adaptor.getLhs());
  DenseElementsAttr rhs = foldable(adaptor.getRhs());
  auto type = dyn_cast<RankedTensorType>(getType());
  if (!lhs || !rhs || !type)
    return {};
  ComparePredicate predicate = getPredicate();
  SmallVector<bool> values;
  bool splat, folded;
  if (isa<FloatType>(lhs.getElementType())) {
    auto l = lhs.getValues<APFloat>(), r = rhs.getValues<APFloat>();
    folded = forEachBroadcastElement(
        {lhs, rhs}, type, splat, [&](ArrayRef<int64_t> at) {
          values.push_back(evalCompare(predicate, l[at[0]], r[at[1]]));
        });
  } else {
    auto l = lhs.getValues<APInt>(), r = rhs.getValues<APInt>();
    folded = forEachBroadcastElement(
        {lhs, rhs}, type, splat, [&](ArrayRef<int64_t> at) {
          values.push_back(evalCompare(predicate, l[at[0]], r[at[1]],
                                       getUnsignedOperands()));
        });
  }
  if (!folded)
    return {};
  return splat ? DenseElementsAttr::get(type, values.front())
               : DenseElementsAttr::get(type, values);
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getOnTrue() == getOnFalse())
    return ifSameType(getOnTrue(), getType());
  auto condition =
      dyn_cast_if_present<DenseElementsAttr>(adaptor.getCondition());
  if (condition && condition.isSplat())
    if (OpFoldResult chosen = ifSameType(
            condition.getSplatValue<bool>() ? getOnTrue() : getOnFalse(),
            getType()))
      return chosen;
  DenseElementsAttr onTrue = foldable(adaptor.getOnTrue());
  DenseElementsAttr onFalse = foldable(adaptor.getOnFalse());
  auto type = dyn_cast<RankedTensorType>(getType());
  if (!foldable(condition) || !onTrue || !onFalse || !type)
    return {};
  auto c = condition.getValues<bool>();
  auto t = onTrue.getValues<Attribute>(), f = onFalse.getValues<Attribute>();
  SmallVector<Attribute> values;
  bool splat;
  if (!forEachBroadcastElement(
          {condition, onTrue, onFalse}, type, splat, [&](ArrayRef<int64_t> at) {
            values.push_back(c[at[0]] ? t[at[1]] : f[at[2]]);
          }))
    return {};
  return splat ? DenseElementsAttr::get(type, values.front())
               : DenseElementsAttr::get(type, values);
}

//===----------------------------------------------------------------------===//
// Reduction
//===----------------------------------------------------------------------===//

/// Index of the result element each element of an input of `shape`
/// reduces into, for reductions over `axes`.
static SmallVector<int64_t> reducedIndices(ArrayRef<int64_t> shape,
                                           ArrayRef<int64_t> axes) {
  SmallVector<bool> reduced(shape.size(), false);
  for (int64_t axis : axes)
    reduced[axis] = true;
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  SmallVector<int64_t> indices(count);
  for (int64_t i = 0; i < count; ++i) {
    int64_t rest = i, index = 0, stride = 1;
    for (int64_t d = shape.size() - 1; d >= 0; --d) {
      int64_t coord = rest % shape[d];
      rest /= shape[d];
      if (reduced[d])
        continue;
      index += coord * stride;
      stride *= shape[d];
    }
    indices[i] = index;
  }
  return indices;
}

OpFoldResult ReduceOp::fold(FoldAdaptor adaptor) {
  // Reducing over no axes leaves every element alone, whatever the kind.
  if (getAxes().empty())
    return getInput();
  // Small constants (shape arithmetic: a detector's Pad sizes through
  // ReduceMax) evaluate: floats in double, rounded once to the element
  // type; integers wrapping, the mean truncated toward zero.
  DenseElementsAttr input = foldable(adaptor.getInput());
  auto inType = cast<RankedTensorType>(getInput().getType());
  auto outType = cast<RankedTensorType>(getType());
  int64_t inCount = inType.getNumElements(), outCount = outType.getNumElements();
  if (!input || inCount == 0 || inCount > kMaxFoldElements || outCount == 0)
    return {};
  SmallVector<int64_t> target = reducedIndices(inType.getShape(), getAxes());
  int64_t perResult = inCount / outCount;
  ReduceKind kind = getKind();
  Type element = outType.getElementType();
  if (auto floatType = dyn_cast<FloatType>(element)) {
    SmallVector<double> acc(outCount, kind == ReduceKind::prod ? 1.0 : 0.0);
    SmallVector<bool> seen(outCount, false);
    auto values = input.getValues<APFloat>();
    for (int64_t i = 0; i < inCount; ++i) {
      double v = values[input.isSplat() ? 0 : i].convertToDouble();
      double &a = acc[target[i]];
      bool first = !seen[target[i]];
      seen[target[i]] = true;
      switch (kind) {
      case ReduceKind::sum:
      case ReduceKind::mean:
        a += v;
        break;
      case ReduceKind::prod:
        a *= v;
        break;
      case ReduceKind::max:
      case ReduceKind::min:
        // NaN propagates: once the result is NaN it stays.
        if (first || std::isnan(v))
          a = v;
        else if (!std::isnan(a) &&
                 (kind == ReduceKind::max ? v > a : v < a))
          a = v;
        break;
      }
    }
    SmallVector<APFloat> results;
    for (double a : acc) {
      APFloat value(kind == ReduceKind::mean ? a / perResult : a);
      bool lost;
      value.convert(floatType.getFloatSemantics(),
                    APFloat::rmNearestTiesToEven, &lost);
      results.push_back(value);
    }
    return DenseElementsAttr::get(outType, results);
  }
  unsigned width = element.getIntOrFloatBitWidth();
  SmallVector<std::optional<APInt>> acc(outCount);
  auto values = input.getValues<APInt>();
  for (int64_t i = 0; i < inCount; ++i) {
    APInt v = values[input.isSplat() ? 0 : i];
    std::optional<APInt> &a = acc[target[i]];
    if (!a) {
      a = v;
      continue;
    }
    switch (kind) {
    case ReduceKind::sum:
    case ReduceKind::mean:
      *a += v;
      break;
    case ReduceKind::prod:
      *a *= v;
      break;
    case ReduceKind::max:
      *a = width == 1 ? (*a | v) : llvm::APIntOps::smax(*a, v);
      break;
    case ReduceKind::min:
      *a = width == 1 ? (*a & v) : llvm::APIntOps::smin(*a, v);
      break;
    }
  }
  SmallVector<APInt> results;
  for (std::optional<APInt> &a : acc) {
    if (kind == ReduceKind::mean)
      *a = a->sdiv(APInt(width, perResult, /*isSigned=*/true));
    results.push_back(*a);
  }
  return DenseElementsAttr::get(outType, results);
}
