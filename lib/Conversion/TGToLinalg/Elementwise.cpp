//===- Elementwise.cpp - tg elementwise ops to linalg ---------------------===//
//
// Lowers the elementwise tg ops (unary, binary, logical and bitwise, compare,
// classify, select, cast) to an all-parallel `linalg.generic` on tensors in
// destination-passing style. NumPy broadcasting is expressed only by the
// operands' indexing maps (see getBroadcastIndexingMap); no broadcast tensor
// is ever materialized. The scalar body is chosen from the element type:
// floats use `arith.*f` and `math`, signless integers are treated as signed
// (shifts as unsigned). Bodies use only math ops that the CPU pipeline turns
// into LLVM intrinsics or C99 libm calls (`math.roundeven` is expanded where
// LLVM would call `roundeven`, which C99 lacks).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

//===----------------------------------------------------------------------===//
// Scalar bodies
//===----------------------------------------------------------------------===//
//
// One `buildScalar` overload per tg op computes a single result element from
// the block arguments of the generic (one per operand, already broadcast).

Value buildScalar(tg::NegOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  if (isa<FloatType>(x.getType()))
    return arith::NegFOp::create(b, loc, x);
  return arith::SubIOp::create(b, loc,
                               createScalarConstant(b, loc, x.getType(), 0), x);
}

Value buildScalar(tg::AbsOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isa<FloatType>(args[0].getType()))
    return math::AbsFOp::create(b, loc, args[0]);
  return math::AbsIOp::create(b, loc, args[0]);
}

Value buildScalar(tg::ExpOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::ExpOp::create(b, loc, args[0]);
}

Value buildScalar(tg::LogOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::LogOp::create(b, loc, args[0]);
}

Value buildScalar(tg::SqrtOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::SqrtOp::create(b, loc, args[0]);
}

Value buildScalar(tg::RsqrtOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::RsqrtOp::create(b, loc, args[0]);
}

Value buildScalar(tg::TanhOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::TanhOp::create(b, loc, args[0]);
}

Value buildScalar(tg::ErfOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::ErfOp::create(b, loc, args[0]);
}

/// sigmoid(x) = 1 / (1 + exp(-x)).
Value buildScalar(tg::SigmoidOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Value one = createScalarConstant(b, loc, x.getType(), 1);
  Value negated = arith::NegFOp::create(b, loc, x);
  Value exp = math::ExpOp::create(b, loc, negated);
  Value denominator = arith::AddFOp::create(b, loc, one, exp);
  return arith::DivFOp::create(b, loc, one, denominator);
}

/// relu(x) = max(x, 0); NaN stays NaN for floats.
Value buildScalar(tg::ReluOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  return createMax(b, loc, x, createScalarConstant(b, loc, x.getType(), 0));
}

Value buildScalar(tg::FloorOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::FloorOp::create(b, loc, args[0]);
}

Value buildScalar(tg::CeilOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::CeilOp::create(b, loc, args[0]);
}

/// Round half to even. Targets without a rounding instruction (x86-64
/// before SSE4.1) expand it later (aotc-expand-round-even).
Value buildScalar(tg::RoundOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::RoundEvenOp::create(b, loc, args[0]);
}

/// sign(x): 1 above zero, -1 below, and x itself for zeros and NaN.
Value buildScalar(tg::SignOp, OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Type type = x.getType();
  Value zero = createScalarConstant(b, loc, type, 0);
  Value one = createScalarConstant(b, loc, type, 1);
  Value minusOne = createScalarConstant(b, loc, type, -1);
  Value positive, negative;
  if (isa<FloatType>(type)) {
    positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
    negative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
  } else {
    positive =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, x, zero);
    negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero);
  }
  Value otherwise = arith::SelectOp::create(b, loc, negative, minusOne, x);
  return arith::SelectOp::create(b, loc, positive, one, otherwise);
}

Value buildScalar(tg::SinOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::SinOp::create(b, loc, args[0]);
}

Value buildScalar(tg::CosOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::CosOp::create(b, loc, args[0]);
}

Value buildScalar(tg::TanOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::TanOp::create(b, loc, args[0]);
}

Value buildScalar(tg::AsinOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::AsinOp::create(b, loc, args[0]);
}

Value buildScalar(tg::AcosOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::AcosOp::create(b, loc, args[0]);
}

Value buildScalar(tg::AtanOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::AtanOp::create(b, loc, args[0]);
}

Value buildScalar(tg::SinhOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::SinhOp::create(b, loc, args[0]);
}

Value buildScalar(tg::CoshOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::CoshOp::create(b, loc, args[0]);
}

Value buildScalar(tg::AsinhOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::AsinhOp::create(b, loc, args[0]);
}

Value buildScalar(tg::AcoshOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::AcoshOp::create(b, loc, args[0]);
}

Value buildScalar(tg::AtanhOp, OpBuilder &b, Location loc, ValueRange args) {
  return math::AtanhOp::create(b, loc, args[0]);
}

/// Returns the all-ones integer of `type` (-1; true for i1).
Value createAllOnes(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(
      b, loc,
      b.getIntegerAttr(type, APInt::getAllOnes(type.getIntOrFloatBitWidth())));
}

/// not(x) = x ^ all-ones: logical not on i1, bitwise not on wider integers.
Value buildScalar(tg::NotOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::XOrIOp::create(b, loc, args[0],
                               createAllOnes(b, loc, args[0].getType()));
}

Value buildScalar(tg::IsNanOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, args[0],
                               args[0]);
}

/// Compares with +inf and/or -inf as the op's flags ask; |x| == inf when
/// both are set.
Value buildScalar(tg::IsInfOp op, OpBuilder &b, Location loc,
                  ValueRange args) {
  Value x = args[0];
  auto type = cast<FloatType>(x.getType());
  bool positive = op.getDetectPositive(), negative = op.getDetectNegative();
  if (!positive && !negative)
    return arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  if (positive && negative)
    x = math::AbsFOp::create(b, loc, x);
  APFloat inf = APFloat::getInf(type.getFloatSemantics(), !positive);
  Value infinity =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(type, inf));
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x,
                               infinity);
}

Value buildScalar(tg::AddOp, OpBuilder &b, Location loc, ValueRange args) {
  return createAdd(b, loc, args[0], args[1]);
}

Value buildScalar(tg::SubOp, OpBuilder &b, Location loc, ValueRange args) {
  return createSub(b, loc, args[0], args[1]);
}

Value buildScalar(tg::MulOp, OpBuilder &b, Location loc, ValueRange args) {
  return createMul(b, loc, args[0], args[1]);
}

Value buildScalar(tg::DivOp op, OpBuilder &b, Location loc, ValueRange args) {
  if (op.getUnsignedOperands())
    return arith::DivUIOp::create(b, loc, args[0], args[1]);
  return createDiv(b, loc, args[0], args[1]);
}

Value buildScalar(tg::MaxOp, OpBuilder &b, Location loc, ValueRange args) {
  return createMax(b, loc, args[0], args[1]);
}

Value buildScalar(tg::MinOp, OpBuilder &b, Location loc, ValueRange args) {
  return createMin(b, loc, args[0], args[1]);
}

Value buildScalar(tg::PowOp, OpBuilder &b, Location loc, ValueRange args) {
  if (isa<FloatType>(args[0].getType()))
    return math::PowFOp::create(b, loc, args[0], args[1]);
  // math.ipowi leaves 0 ** negative undefined (poison); tg defines it as 0.
  Value power = math::IPowIOp::create(b, loc, args[0], args[1]);
  Type type = args[0].getType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  Value baseIsZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           args[0], zero);
  Value negativeExponent = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::slt, args[1], zero);
  Value undefined =
      arith::AndIOp::create(b, loc, baseIsZero, negativeExponent);
  return arith::SelectOp::create(b, loc, undefined, zero, power);
}

/// The integer remainder with a divisor that cannot trap: a divisor of 0 or
/// -1 (whose remainder is 0, but INT_MIN % -1 faults on x86) becomes 1.
Value createSafeRemainder(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type type = rhs.getType();
  Value zero = createScalarConstant(b, loc, type, 0);
  Value isZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  Value isMinusOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           rhs, createAllOnes(b, loc, type));
  Value trivial = arith::OrIOp::create(b, loc, isZero, isMinusOne);
  Value divisor = arith::SelectOp::create(
      b, loc, trivial, createScalarConstant(b, loc, type, 1), rhs);
  return arith::RemSIOp::create(b, loc, lhs, divisor);
}

/// fmod keeps the dividend's sign (`arith.remf` is C's fmod, `arith.remsi`
/// truncates); otherwise a nonzero remainder whose sign differs from the
/// divisor's moves into the divisor's range by adding the divisor.
Value buildScalar(tg::ModOp op, OpBuilder &b, Location loc, ValueRange args) {
  Value lhs = args[0], rhs = args[1];
  if (isa<FloatType>(lhs.getType()))
    return arith::RemFOp::create(b, loc, lhs, rhs);
  if (op.getUnsignedOperands()) {
    // Unsigned: both signs agree, so fmod or not is the same; x mod 0 is 0.
    Type type = rhs.getType();
    Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs,
                                         createScalarConstant(b, loc, type, 0));
    Value divisor = arith::SelectOp::create(
        b, loc, isZero, createScalarConstant(b, loc, type, 1), rhs);
    return arith::RemUIOp::create(b, loc, lhs, divisor);
  }
  Value remainder = createSafeRemainder(b, loc, lhs, rhs);
  if (op.getFmod())
    return remainder;
  Value zero = createScalarConstant(b, loc, lhs.getType(), 0);
  Value nonzero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, remainder, zero);
  Value signs = arith::XOrIOp::create(b, loc, remainder, rhs);
  Value signsDiffer =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, signs, zero);
  Value adjust = arith::AndIOp::create(b, loc, nonzero, signsDiffer);
  Value adjusted = arith::AddIOp::create(b, loc, remainder, rhs);
  return arith::SelectOp::create(b, loc, adjust, adjusted, remainder);
}

Value buildScalar(tg::AndOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::AndIOp::create(b, loc, args[0], args[1]);
}

Value buildScalar(tg::OrOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::OrIOp::create(b, loc, args[0], args[1]);
}

Value buildScalar(tg::XorOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::XOrIOp::create(b, loc, args[0], args[1]);
}

/// A logical shift by an unsigned amount; `arith.shli`/`shrui` are poison for
/// amounts of at least the bit width, which tg defines as 0.
template <typename ShiftOpTy>
Value createLogicalShift(OpBuilder &b, Location loc, Value value,
                         Value amount) {
  Type type = value.getType();
  Value width =
      createScalarConstant(b, loc, type, type.getIntOrFloatBitWidth());
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, amount, width);
  Value shifted = ShiftOpTy::create(b, loc, value, amount);
  return arith::SelectOp::create(b, loc, inRange, shifted,
                                 createScalarConstant(b, loc, type, 0));
}

Value buildScalar(tg::ShiftLeftOp, OpBuilder &b, Location loc,
                  ValueRange args) {
  return createLogicalShift<arith::ShLIOp>(b, loc, args[0], args[1]);
}

Value buildScalar(tg::ShiftRightOp, OpBuilder &b, Location loc,
                  ValueRange args) {
  return createLogicalShift<arith::ShRUIOp>(b, loc, args[0], args[1]);
}

/// Maps a tg predicate to the float predicate: ordered (false when either
/// side is NaN) except `ne`, which is unordered (true on NaN).
arith::CmpFPredicate getCmpFPredicate(tg::ComparePredicate predicate) {
  switch (predicate) {
  case tg::ComparePredicate::eq:
    return arith::CmpFPredicate::OEQ;
  case tg::ComparePredicate::ne:
    return arith::CmpFPredicate::UNE;
  case tg::ComparePredicate::lt:
    return arith::CmpFPredicate::OLT;
  case tg::ComparePredicate::le:
    return arith::CmpFPredicate::OLE;
  case tg::ComparePredicate::gt:
    return arith::CmpFPredicate::OGT;
  case tg::ComparePredicate::ge:
    return arith::CmpFPredicate::OGE;
  }
  llvm_unreachable("unknown compare predicate");
}

/// Maps a tg predicate to the integer predicate: signed, except `isUnsigned`
/// (i1, so that true (1) > false (0) instead of reading true as -1, and
/// `unsigned_operands`), which compares unsigned.
arith::CmpIPredicate getCmpIPredicate(tg::ComparePredicate predicate,
                                      bool isUnsigned) {
  switch (predicate) {
  case tg::ComparePredicate::eq:
    return arith::CmpIPredicate::eq;
  case tg::ComparePredicate::ne:
    return arith::CmpIPredicate::ne;
  case tg::ComparePredicate::lt:
    return isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
  case tg::ComparePredicate::le:
    return isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
  case tg::ComparePredicate::gt:
    return isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
  case tg::ComparePredicate::ge:
    return isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
  }
  llvm_unreachable("unknown compare predicate");
}

Value buildScalar(tg::CompareOp op, OpBuilder &b, Location loc,
                  ValueRange args) {
  Value lhs = args[0], rhs = args[1];
  if (isa<FloatType>(lhs.getType()))
    return arith::CmpFOp::create(b, loc, getCmpFPredicate(op.getPredicate()),
                                 lhs, rhs);
  return arith::CmpIOp::create(
      b, loc,
      getCmpIPredicate(op.getPredicate(), lhs.getType().isInteger(1) ||
                                              op.getUnsignedOperands()),
      lhs, rhs);
}

Value buildScalar(tg::SelectOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
}

/// Converts scalar `x` to `to` with tg.cast semantics: floats round to
/// nearest, float to integer truncates toward zero, integers sign-extend (or
/// zero-extend when `unsignedInput`) or truncate, i1 reads as 0/1 and any
/// nonzero value becomes true; `unsignedResult` converts floats to unsigned
/// integers.
Value convertScalar(OpBuilder &b, Location loc, Value x, Type to,
                    bool unsignedInput, bool unsignedResult) {
  Type from = x.getType();
  if (from == to)
    return x;

  if (to.isInteger(1)) {
    Value zero = createScalarConstant(b, loc, from, 0);
    if (isa<FloatType>(from))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero);
  }

  if (from.isInteger(1)) {
    if (isa<FloatType>(to))
      return arith::UIToFPOp::create(b, loc, to, x);
    return arith::ExtUIOp::create(b, loc, to, x);
  }

  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  if (fromFloat && toFloat) {
    unsigned fromWidth = fromFloat.getWidth(), toWidth = toFloat.getWidth();
    if (fromWidth < toWidth)
      return arith::ExtFOp::create(b, loc, to, x);
    if (fromWidth > toWidth)
      return arith::TruncFOp::create(b, loc, to, x);
    // Same width, different format (f16 <-> bf16): go through f32, which
    // holds both exactly.
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
    return arith::TruncFOp::create(b, loc, to, wide);
  }
  if (fromFloat)
    return unsignedResult ? arith::FPToUIOp::create(b, loc, to, x).getResult()
                          : arith::FPToSIOp::create(b, loc, to, x).getResult();
  if (toFloat)
    return unsignedInput ? arith::UIToFPOp::create(b, loc, to, x).getResult()
                         : arith::SIToFPOp::create(b, loc, to, x).getResult();

  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return unsignedInput ? arith::ExtUIOp::create(b, loc, to, x).getResult()
                         : arith::ExtSIOp::create(b, loc, to, x).getResult();
  return arith::TruncIOp::create(b, loc, to, x);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Lowers an elementwise tg op (unary, binary, compare, select) to a
/// broadcasting `linalg.generic` whose body is the op's `buildScalar`.
template <typename OpTy>
struct ElementwiseOpLowering final : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    Value result = buildElementwiseGeneric(
        rewriter, op.getLoc(), adaptor.getOperands(), resultType,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          return buildScalar(op, b, loc, args);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Lowers tg.cast to a `linalg.generic` converting each element; a cast to
/// the operand's own type is the operand itself.
struct CastOpLowering final : OpConversionPattern<tg::CastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    if (adaptor.getInput().getType() == resultType) {
      rewriter.replaceOp(op, adaptor.getInput());
      return success();
    }
    Type elementType = resultType.getElementType();
    Value result = buildElementwiseGeneric(
        rewriter, op.getLoc(), adaptor.getInput(), resultType,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          return convertScalar(b, loc, args[0], elementType,
                               op.getUnsignedInput(), op.getUnsignedResult());
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Lowers tg.bitcast to a `linalg.generic` of arith.bitcast (an i1 widens
/// to i8 as 0 or 1, an i8 narrows to its lowest bit).
struct BitcastOpLowering final : OpConversionPattern<tg::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    if (adaptor.getInput().getType() == resultType) {
      rewriter.replaceOp(op, adaptor.getInput());
      return success();
    }
    Type to = resultType.getElementType();
    Value result = buildElementwiseGeneric(
        rewriter, op.getLoc(), adaptor.getInput(), resultType,
        [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
          Type from = args[0].getType();
          if (from.isInteger(1))
            return arith::ExtUIOp::create(b, loc, to, args[0]);
          if (to.isInteger(1))
            return arith::TruncIOp::create(b, loc, to, args[0]);
          return arith::BitcastOp::create(b, loc, to, args[0]);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void aotc::populateTGElementwiseToLinalgPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      // Unary.
      ElementwiseOpLowering<tg::NegOp>, ElementwiseOpLowering<tg::AbsOp>,
      ElementwiseOpLowering<tg::ExpOp>, ElementwiseOpLowering<tg::LogOp>,
      ElementwiseOpLowering<tg::SqrtOp>, ElementwiseOpLowering<tg::RsqrtOp>,
      ElementwiseOpLowering<tg::TanhOp>, ElementwiseOpLowering<tg::SigmoidOp>,
      ElementwiseOpLowering<tg::ReluOp>, ElementwiseOpLowering<tg::ErfOp>,
      ElementwiseOpLowering<tg::FloorOp>, ElementwiseOpLowering<tg::CeilOp>,
      ElementwiseOpLowering<tg::RoundOp>, ElementwiseOpLowering<tg::SignOp>,
      ElementwiseOpLowering<tg::SinOp>, ElementwiseOpLowering<tg::CosOp>,
      ElementwiseOpLowering<tg::TanOp>, ElementwiseOpLowering<tg::AsinOp>,
      ElementwiseOpLowering<tg::AcosOp>, ElementwiseOpLowering<tg::AtanOp>,
      ElementwiseOpLowering<tg::SinhOp>, ElementwiseOpLowering<tg::CoshOp>,
      ElementwiseOpLowering<tg::AsinhOp>, ElementwiseOpLowering<tg::AcoshOp>,
      ElementwiseOpLowering<tg::AtanhOp>, ElementwiseOpLowering<tg::NotOp>,
      // Binary.
      ElementwiseOpLowering<tg::AddOp>, ElementwiseOpLowering<tg::SubOp>,
      ElementwiseOpLowering<tg::MulOp>, ElementwiseOpLowering<tg::DivOp>,
      ElementwiseOpLowering<tg::MaxOp>, ElementwiseOpLowering<tg::MinOp>,
      ElementwiseOpLowering<tg::PowOp>, ElementwiseOpLowering<tg::ModOp>,
      ElementwiseOpLowering<tg::AndOp>, ElementwiseOpLowering<tg::OrOp>,
      ElementwiseOpLowering<tg::XorOp>, ElementwiseOpLowering<tg::ShiftLeftOp>,
      ElementwiseOpLowering<tg::ShiftRightOp>,
      // Float classification.
      ElementwiseOpLowering<tg::IsNanOp>, ElementwiseOpLowering<tg::IsInfOp>,
      // Compare and select.
      ElementwiseOpLowering<tg::CompareOp>, ElementwiseOpLowering<tg::SelectOp>,
      CastOpLowering, BitcastOpLowering>(context);
}
