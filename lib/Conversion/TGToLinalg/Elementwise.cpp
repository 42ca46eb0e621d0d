//===- Elementwise.cpp - tg elementwise ops to linalg ---------------------===//
//
// Lowers the elementwise tg ops (unary, binary, compare, select, cast) to an
// all-parallel `linalg.generic` on tensors in destination-passing style.
// NumPy broadcasting is expressed only by the operands' indexing maps (see
// getBroadcastIndexingMap); no broadcast tensor is ever materialized. The
// scalar body is chosen from the element type: floats use `arith.*f` and
// `math`, signless integers are treated as signed.
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

Value buildScalar(tg::AddOp, OpBuilder &b, Location loc, ValueRange args) {
  return createAdd(b, loc, args[0], args[1]);
}

Value buildScalar(tg::SubOp, OpBuilder &b, Location loc, ValueRange args) {
  return createSub(b, loc, args[0], args[1]);
}

Value buildScalar(tg::MulOp, OpBuilder &b, Location loc, ValueRange args) {
  return createMul(b, loc, args[0], args[1]);
}

Value buildScalar(tg::DivOp, OpBuilder &b, Location loc, ValueRange args) {
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

/// Maps a tg predicate to the integer predicate: signed, except for i1
/// (`isBool`), which compares unsigned so that true (1) > false (0) instead
/// of reading true as -1.
arith::CmpIPredicate getCmpIPredicate(tg::ComparePredicate predicate,
                                      bool isBool) {
  switch (predicate) {
  case tg::ComparePredicate::eq:
    return arith::CmpIPredicate::eq;
  case tg::ComparePredicate::ne:
    return arith::CmpIPredicate::ne;
  case tg::ComparePredicate::lt:
    return isBool ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
  case tg::ComparePredicate::le:
    return isBool ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
  case tg::ComparePredicate::gt:
    return isBool ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
  case tg::ComparePredicate::ge:
    return isBool ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
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
      b, loc, getCmpIPredicate(op.getPredicate(), lhs.getType().isInteger(1)),
      lhs, rhs);
}

Value buildScalar(tg::SelectOp, OpBuilder &b, Location loc, ValueRange args) {
  return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
}

/// Converts scalar `x` to `to` with tg.cast semantics: floats round to
/// nearest, float to integer truncates toward zero, integers sign-extend or
/// truncate, i1 reads as 0/1 and any nonzero value becomes true.
Value convertScalar(OpBuilder &b, Location loc, Value x, Type to) {
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
    return arith::FPToSIOp::create(b, loc, to, x);
  if (toFloat)
    return arith::SIToFPOp::create(b, loc, to, x);

  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return arith::ExtSIOp::create(b, loc, to, x);
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
          return convertScalar(b, loc, args[0], elementType);
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
      // Binary.
      ElementwiseOpLowering<tg::AddOp>, ElementwiseOpLowering<tg::SubOp>,
      ElementwiseOpLowering<tg::MulOp>, ElementwiseOpLowering<tg::DivOp>,
      ElementwiseOpLowering<tg::MaxOp>, ElementwiseOpLowering<tg::MinOp>,
      ElementwiseOpLowering<tg::PowOp>,
      // Compare and select.
      ElementwiseOpLowering<tg::CompareOp>, ElementwiseOpLowering<tg::SelectOp>,
      CastOpLowering>(context);
}
