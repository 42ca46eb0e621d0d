//===- Elementwise.cpp - ONNX elementwise op converters -------------------===//
//
// Converters of the ONNX elementwise ops: arithmetic (also variadic Sum,
// Mean, Max, Min), unary math, activations, comparisons and logic, Where,
// Cast/CastLike, Clip, Dropout (inference), and the softmax family. Ops with
// a tg counterpart map to it one to one; activations are compositions of tg
// ops on the input and rank-0 constants of its element type, which broadcast.
// Operands are checked to broadcast before any op is built, so a malformed
// model is an error on its node rather than a failed type inference.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../LowPrecision.h"
#include "../NodeImporter.h"
#include "../TensorImport.h"

#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Dialect/TG/IR/TGTypeInference.h"

#include "onnx/onnx_pb.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

/// Checks that the shapes of `operands` broadcast together; reports an
/// error on the node otherwise.
static LogicalResult checkShapesBroadcast(NodeContext &ctx,
                                          ArrayRef<Value> operands) {
  SmallVector<int64_t> shape(tensorTypeOf(operands.front()).getShape());
  for (Value operand : operands.drop_front()) {
    std::optional<SmallVector<int64_t>> broadcast =
        tg::broadcastShapes(shape, tensorTypeOf(operand).getShape());
    if (!broadcast)
      return ctx.emitError() << "input shapes do not broadcast: "
                             << operands.front().getType() << " and "
                             << operand.getType();
    shape = std::move(*broadcast);
  }
  return success();
}

/// Checks that `operands` share an element type and broadcast together.
static LogicalResult checkBroadcastable(NodeContext &ctx,
                                        ArrayRef<Value> operands) {
  Type element = elementTypeOf(operands.front());
  for (Value operand : operands.drop_front())
    if (elementTypeOf(operand) != element)
      return ctx.emitError() << "expected inputs of one element type, got "
                             << element << " and " << elementTypeOf(operand);
  return checkShapesBroadcast(ctx, operands);
}

/// The node's inputs, checked with checkBroadcastable.
static FailureOr<SmallVector<Value>> getBroadcastInputs(NodeContext &ctx) {
  SmallVector<Value> inputs;
  for (unsigned i = 0, e = ctx.getNumInputs(); i < e; ++i) {
    if (!ctx.hasInput(i))
      return ctx.emitError() << "input " << i << " is missing";
    inputs.push_back(ctx.getInput(i));
  }
  if (inputs.empty())
    return ctx.emitError() << "expected at least one input";
  if (failed(checkBroadcastable(ctx, inputs)))
    return failure();
  return inputs;
}

static bool isFloat(Value value) { return isFloatValue(value); }

/// Records the node as unsupported for the element type of `input`, for ops
/// that tg defines on floats only.
static LogicalResult unsupportedElementType(NodeContext &ctx, Value input) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << "element type " << elementTypeOf(input);
  return ctx.unsupported(name);
}


//===----------------------------------------------------------------------===//
// Ops with a tg counterpart
//===----------------------------------------------------------------------===//

/// A binary ONNX op that is a broadcasting tg op.
template <typename OpTy> static LogicalResult convertBinary(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> inputs = getBroadcastInputs(ctx);
  if (failed(inputs))
    return failure();
  if (inputs->size() != 2)
    return ctx.emitError() << "expected 2 inputs, got " << inputs->size();
  ctx.setOutput(0, ctx.create<OpTy>((*inputs)[0], (*inputs)[1]));
  return success();
}

/// Div, which divides unsigned inputs as unsigned.
static LogicalResult convertDiv(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> inputs = getBroadcastInputs(ctx);
  if (failed(inputs))
    return failure();
  ctx.setOutput(0, ctx.create<tg::DivOp>((*inputs)[0], (*inputs)[1],
                                         ctx.isUnsigned((*inputs)[0])));
  return success();
}

/// A unary ONNX op that is a tg op; `floatOnly` ops reject other inputs.
template <typename OpTy, bool floatOnly = false>
static LogicalResult convertUnary(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  if (floatOnly && !isFloat(x))
    return unsupportedElementType(ctx, x);
  ctx.setOutput(0, ctx.create<OpTy>(x));
  return success();
}

/// A comparison: Equal, Less, Greater, LessOrEqual, GreaterOrEqual.
template <tg::ComparePredicate predicate>
static LogicalResult convertCompare(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> inputs = getBroadcastInputs(ctx);
  if (failed(inputs))
    return failure();
  if (inputs->size() != 2)
    return ctx.emitError() << "expected 2 inputs, got " << inputs->size();
  ctx.setOutput(0, ctx.create<tg::CompareOp>(predicate, (*inputs)[0],
                                             (*inputs)[1],
                                             ctx.isUnsigned((*inputs)[0])));
  return success();
}

/// Sum, Max, Min and Mean of one or more broadcasting inputs, folded left.
template <typename OpTy, bool mean = false>
static LogicalResult convertVariadic(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> inputs = getBroadcastInputs(ctx);
  if (failed(inputs))
    return failure();
  Value result = inputs->front();
  for (Value input : ArrayRef(*inputs).drop_front())
    result = ctx.create<OpTy>(result, input);
  if (mean && inputs->size() > 1) {
    Composer c{ctx};
    result = c.div(result, c.scalar(result, inputs->size()));
  }
  ctx.setOutput(0, result);
  return success();
}

/// Max and Min of unsigned integers: a select on an unsigned comparison
/// (tg.max and tg.min compare signed).
template <tg::ComparePredicate predicate>
static LogicalResult convertUnsignedExtremum(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> inputs = getBroadcastInputs(ctx);
  if (failed(inputs))
    return failure();
  Composer c{ctx};
  Value result = inputs->front();
  for (Value input : ArrayRef(*inputs).drop_front()) {
    Value keep = ctx.create<tg::CompareOp>(predicate, result, input,
                                           /*unsigned_operands=*/true);
    result = c.select(keep, result, input);
  }
  ctx.setOutput(0, result);
  return success();
}

/// Max and Min, which read unsigned inputs as unsigned.
template <typename OpTy, tg::ComparePredicate predicate>
static LogicalResult convertExtremum(NodeContext &ctx) {
  if (ctx.isUnsigned(ctx.getInput(0)))
    return convertUnsignedExtremum<predicate>(ctx);
  return convertVariadic<OpTy>(ctx);
}

/// Pow: the exponent converts to the base's element type.
static LogicalResult convertPow(NodeContext &ctx) {
  Composer c{ctx};
  Value base = ctx.getInput(0);
  Value exponent = c.cast(ctx.getInput(1), elementTypeOf(base));
  if (failed(checkBroadcastable(ctx, {base, exponent})))
    return failure();
  ctx.setOutput(0, ctx.create<tg::PowOp>(base, exponent));
  return success();
}

static LogicalResult convertMod(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> inputs = getBroadcastInputs(ctx);
  if (failed(inputs))
    return failure();
  bool fmod = ctx.getInt("fmod", 0) != 0;
  if (!fmod && isa<FloatType>(elementTypeOf(inputs->front())))
    return ctx.emitError() << "expected fmod = 1 for float inputs";
  ctx.setOutput(0, ctx.create<tg::ModOp>((*inputs)[0], (*inputs)[1], fmod,
                                         ctx.isUnsigned((*inputs)[0])));
  return success();
}

static LogicalResult convertBitShift(NodeContext &ctx) {
  FailureOr<SmallVector<Value>> inputs = getBroadcastInputs(ctx);
  if (failed(inputs))
    return failure();
  std::string direction = ctx.getString("direction", "");
  if (direction == "LEFT")
    ctx.setOutput(0,
                  ctx.create<tg::ShiftLeftOp>((*inputs)[0], (*inputs)[1]));
  else if (direction == "RIGHT")
    ctx.setOutput(0,
                  ctx.create<tg::ShiftRightOp>((*inputs)[0], (*inputs)[1]));
  else
    return ctx.emitError() << "expected direction LEFT or RIGHT, got '"
                           << direction << "'";
  return success();
}

static LogicalResult convertIsInf(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  ctx.setOutput(0, ctx.create<tg::IsInfOp>(
                       x, ctx.getInt("detect_positive", 1) != 0,
                       ctx.getInt("detect_negative", 1) != 0));
  return success();
}

static LogicalResult convertWhere(NodeContext &ctx) {
  Value condition = ctx.getInput(0), x = ctx.getInput(1), y = ctx.getInput(2);
  if (!elementTypeOf(condition).isInteger(1))
    return ctx.emitError() << "expected a bool condition, got "
                           << condition.getType();
  if (failed(checkBroadcastable(ctx, {x, y})) ||
      failed(checkShapesBroadcast(ctx, {condition, x, y})))
    return failure();
  ctx.setOutput(0, ctx.create<tg::SelectOp>(condition, x, y));
  return success();
}

//===----------------------------------------------------------------------===//
// Cast
//===----------------------------------------------------------------------===//

/// Casts input 0 to `element` (holding unsigned integers when
/// `toUnsigned`), or reports the ONNX type tg lacks. Unsigned inputs convert
/// as unsigned values.
static LogicalResult castTo(NodeContext &ctx, Type element, int dataType,
                            bool toUnsigned) {
  if (!element)
    return ctx.unsupported("cast to " + getDataTypeName(dataType).str());
  Value x = ctx.getInput(0);
  bool fromUnsigned = ctx.isUnsigned(x);
  auto type = RankedTensorType::get(ctx.getInputType(0).getShape(), element);
  // A cast between int8 and uint8 (one type in tg) must stay a distinct
  // value, or folding it away would make the input unsigned too.
  Value result =
      x.getType() == type && fromUnsigned != toUnsigned
          ? tg::CastOp::create(ctx.getBuilder(), ctx.getLoc(), type, x,
                               fromUnsigned, toUnsigned)
                .getResult()
          : ctx.create<tg::CastOp>(type, x, fromUnsigned, toUnsigned);
  ctx.setOutput(0, result);
  if (toUnsigned)
    ctx.markUnsigned(result);
  return success();
}

/// Cast's `round_mode`, for float8e8m0 results.
static FailureOr<ExponentRounding> getExponentRounding(NodeContext &ctx) {
  std::string mode = ctx.getString("round_mode", "up");
  if (mode == "up")
    return ExponentRounding::Up;
  if (mode == "down")
    return ExponentRounding::Down;
  if (mode == "nearest")
    return ExponentRounding::Nearest;
  return ctx.emitError() << "round_mode '" << mode
                         << "' is not one of up, down, nearest";
}

/// A cast from or to a low-precision type (LowPrecision.h): codes decode to
/// `element` (`toUnsigned`: ONNX unsigned integers), or input 0 encodes to
/// codes of `to`.
static LogicalResult castLowPrecision(NodeContext &ctx,
                                      const LowPrecisionType *to,
                                      Type element, bool toUnsigned) {
  Value x = ctx.getInput(0);
  MLIRContext *context = ctx.getContext();
  Type f32 = Float32Type::get(context), i32 = IntegerType::get(context, 32);
  if (const LowPrecisionType *from =
          lookupLowPrecisionType(ctx.getLowPrecisionType(x))) {
    bool integer = from->kind == LowPrecisionType::Kind::Integer;
    if (to || toUnsigned) {
      // Through float32 or int32, which hold every value exactly.
      Value wide = decodeCodes(ctx, x, *from, integer ? i32 : f32);
      if (to) {
        x = wide;
      } else {
        Value result = ctx.create<tg::CastOp>(
            RankedTensorType::get(shapeOf(wide), element), wide,
            /*unsigned_input=*/false, /*unsigned_result=*/true);
        ctx.setOutput(0, result);
        ctx.markUnsigned(result);
        return success();
      }
    } else {
      ctx.setOutput(0, decodeCodes(ctx, x, *from, element));
      return success();
    }
  }
  FailureOr<ExponentRounding> rounding = getExponentRounding(ctx);
  if (failed(rounding))
    return failure();
  Value codes =
      encodeCodes(ctx, x, *to, ctx.getInt("saturate", 1) != 0, *rounding);
  ctx.setOutput(0, codes);
  ctx.markLowPrecision(codes, to->dataType);
  return success();
}

static LogicalResult convertCast(NodeContext &ctx) {
  if (!ctx.hasAttr("to"))
    return ctx.emitError() << "has no 'to' attribute";
  int dataType = ctx.getInt("to", 0);
  MLIRContext *context = ctx.getContext();
  Type storage = getUnsignedStorageType(context, dataType);
  Type element =
      storage ? storage : onnximport::getElementType(context, dataType);
  const LowPrecisionType *to = lookupLowPrecisionType(dataType);
  if (to || (element && ctx.getLowPrecisionType(ctx.getInput(0))))
    return castLowPrecision(ctx, to, element, storage != nullptr);
  return castTo(ctx, element, dataType, /*toUnsigned=*/storage != nullptr);
}

/// BitCast: each element's bits read as `to`, a type as wide. Between the
/// int8 and uint8 (int16 and uint16, ...) that tg stores alike it is a
/// cast, which keeps the bits.
static LogicalResult convertBitCast(NodeContext &ctx) {
  if (!ctx.hasAttr("to"))
    return ctx.emitError() << "has no 'to' attribute";
  int dataType = ctx.getInt("to", 0);
  MLIRContext *context = ctx.getContext();
  Type storage = getUnsignedStorageType(context, dataType);
  bool toUnsigned = storage != nullptr;
  Type element =
      toUnsigned ? storage : onnximport::getElementType(context, dataType);
  if (!element)
    return ctx.unsupported("BitCast to " + getDataTypeName(dataType).str());
  Value x = ctx.getInput(0);
  Type from = elementTypeOf(x);
  auto bits = [](Type type) {
    return type.isInteger(1) ? 8u : type.getIntOrFloatBitWidth();
  };
  if (!from.isIntOrFloat() || bits(from) != bits(element))
    return ctx.emitError() << "BitCast from " << from << " to "
                           << getDataTypeName(dataType)
                           << ": the types are not as wide";
  if (from == element)
    return castTo(ctx, element, dataType, toUnsigned);
  auto type = RankedTensorType::get(ctx.getInputType(0).getShape(), element);
  Value result = ctx.create<tg::BitcastOp>(type, x);
  ctx.setOutput(0, result);
  if (toUnsigned)
    ctx.markUnsigned(result);
  return success();
}

static LogicalResult convertCastLike(NodeContext &ctx) {
  Value like = ctx.getInput(1);
  const LowPrecisionType *to =
      lookupLowPrecisionType(ctx.getLowPrecisionType(like));
  if (to || ctx.getLowPrecisionType(ctx.getInput(0)))
    return castLowPrecision(ctx, to, elementTypeOf(like),
                            ctx.isUnsigned(like));
  return castTo(ctx, elementTypeOf(like), 0, ctx.isUnsigned(like));
}

//===----------------------------------------------------------------------===//
// Activations and other compositions
//===----------------------------------------------------------------------===//

static LogicalResult convertReciprocal(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  ctx.setOutput(0, c.div(c.scalar(x, 1), x));
  return success();
}

/// LeakyRelu: x < 0 ? alpha * x : x.
static LogicalResult convertLeakyRelu(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  Value negative = c.compare(tg::ComparePredicate::lt, x, c.scalar(x, 0));
  Value scaled = c.mul(x, c.scalar(x, ctx.getFloat("alpha", 0.01)));
  ctx.setOutput(0, c.select(negative, scaled, x));
  return success();
}

/// PRelu: x < 0 ? slope * x : x, the slope broadcasting to x. Before
/// opset 7 a 1-D slope as long as x's dimension 1 applies per channel.
static LogicalResult convertPRelu(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0), slope = ctx.getInput(1);
  auto xType = cast<RankedTensorType>(x.getType());
  auto slopeType = cast<RankedTensorType>(slope.getType());
  if (ctx.getOpset() < 7 && slopeType.getRank() == 1 && xType.getRank() > 2 &&
      slopeType.getDimSize(0) == xType.getDimSize(1) &&
      slopeType.getDimSize(0) != 1) {
    SmallVector<int64_t> shape(xType.getRank() - 1, 1);
    shape[0] = slopeType.getDimSize(0);
    slope = ctx.create<tg::ReshapeOp>(
        RankedTensorType::get(shape, slopeType.getElementType()), slope);
  }
  if (failed(checkBroadcastable(ctx, {x, slope})))
    return failure();
  Value negative = c.compare(tg::ComparePredicate::lt, x, c.scalar(x, 0));
  ctx.setOutput(0, c.select(negative, c.mul(x, slope), x));
  return success();
}

/// Elu: x < 0 ? alpha * (exp(x) - 1) : x.
static LogicalResult convertElu(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  Value negative = c.compare(tg::ComparePredicate::lt, x, c.scalar(x, 0));
  Value curve = c.mul(c.scalar(x, ctx.getFloat("alpha", 1.0)),
                      c.sub(c.exp(x), c.scalar(x, 1)));
  ctx.setOutput(0, c.select(negative, curve, x));
  return success();
}

/// Selu: gamma * (x > 0 ? x : alpha * exp(x) - alpha).
static LogicalResult convertSelu(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  double alpha = ctx.getFloat("alpha", 1.67326319217681884765625);
  double gamma = ctx.getFloat("gamma", 1.05070102214813232421875);
  Value positive = c.compare(tg::ComparePredicate::gt, x, c.scalar(x, 0));
  Value curve =
      c.sub(c.mul(c.scalar(x, alpha), c.exp(x)), c.scalar(x, alpha));
  ctx.setOutput(0, c.mul(c.scalar(x, gamma), c.select(positive, x, curve)));
  return success();
}

/// Celu: max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
static LogicalResult convertCelu(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  Value alpha = c.scalar(x, ctx.getFloat("alpha", 1.0));
  Value zero = c.scalar(x, 0);
  Value curve = c.mul(alpha, c.sub(c.exp(c.div(x, alpha)), c.scalar(x, 1)));
  ctx.setOutput(0, c.add(c.max(zero, x), c.min(zero, curve)));
  return success();
}

/// max(0, min(1, alpha * x + beta)).
static Value hardSigmoid(Composer &c, Value x, double alpha, double beta) {
  Value linear = c.add(c.mul(x, c.scalar(x, alpha)), c.scalar(x, beta));
  return c.max(c.scalar(x, 0), c.min(c.scalar(x, 1), linear));
}

static LogicalResult convertHardSigmoid(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  ctx.setOutput(0, hardSigmoid(c, x, ctx.getFloat("alpha", 0.2),
                               ctx.getFloat("beta", 0.5)));
  return success();
}

static LogicalResult convertHardSwish(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  ctx.setOutput(0, c.mul(x, hardSigmoid(c, x, 1.0 / 6, 0.5)));
  return success();
}

static LogicalResult convertSoftplus(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  ctx.setOutput(0, c.softplus(x));
  return success();
}

/// Softsign: x / (1 + |x|).
static LogicalResult convertSoftsign(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  ctx.setOutput(0, c.div(x, c.add(c.scalar(x, 1), c.abs(x))));
  return success();
}

/// Mish: x * tanh(softplus(x)).
static LogicalResult convertMish(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  ctx.setOutput(0, c.mul(x, ctx.create<tg::TanhOp>(c.softplus(x))));
  return success();
}

/// Swish: x * sigmoid(alpha * x).
static LogicalResult convertSwish(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  Value scaled = c.mul(x, c.scalar(x, ctx.getFloat("alpha", 1.0)));
  ctx.setOutput(0, c.mul(x, ctx.create<tg::SigmoidOp>(scaled)));
  return success();
}

/// Gelu: x/2 * (1 + erf(x / sqrt(2))), or with approximate = "tanh"
/// x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))).
static LogicalResult convertGelu(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  std::string approximate = ctx.getString("approximate", "none");
  Value inner;
  if (approximate == "none") {
    inner = ctx.create<tg::ErfOp>(c.mul(x, c.scalar(x, M_SQRT1_2)));
  } else if (approximate == "tanh") {
    Value cube = c.mul(c.mul(x, x), x);
    Value poly = c.add(x, c.mul(c.scalar(x, 0.044715), cube));
    inner = ctx.create<tg::TanhOp>(
        c.mul(c.scalar(x, std::sqrt(2 / M_PI)), poly));
  } else {
    return ctx.emitError() << "expected approximate 'none' or 'tanh', got '"
                           << approximate << "'";
  }
  Value halfX = c.mul(x, c.scalar(x, 0.5));
  ctx.setOutput(0, c.mul(halfX, c.add(c.scalar(x, 1), inner)));
  return success();
}

/// ThresholdedRelu: x > alpha ? x : 0.
static LogicalResult convertThresholdedRelu(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  Value above = c.compare(tg::ComparePredicate::gt, x,
                          c.scalar(x, ctx.getFloat("alpha", 1.0)));
  ctx.setOutput(0, c.select(above, x, c.scalar(x, 0)));
  return success();
}

/// Shrink: x < -lambd ? x + bias : x > lambd ? x - bias : 0.
static LogicalResult convertShrink(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  double lambd = ctx.getFloat("lambd", 0.5), bias = ctx.getFloat("bias", 0);
  Value below = c.compare(tg::ComparePredicate::lt, x, c.scalar(x, -lambd));
  Value above = c.compare(tg::ComparePredicate::gt, x, c.scalar(x, lambd));
  Value bias_ = c.scalar(x, bias);
  Value upper = c.select(above, c.sub(x, bias_), c.scalar(x, 0));
  ctx.setOutput(0, c.select(below, c.add(x, bias_), upper));
  return success();
}

/// Clip: min(max(x, lo), hi); the bounds are attributes before opset 11 and
/// optional (rank-0) inputs from then on.
static LogicalResult convertClip(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  Value lo, hi;
  if (ctx.getOpset() < 11) {
    if (ctx.hasAttr("min"))
      lo = c.scalar(x, ctx.getFloat("min", 0));
    if (ctx.hasAttr("max"))
      hi = c.scalar(x, ctx.getFloat("max", 0));
  } else {
    if (ctx.hasInput(1))
      lo = ctx.getInput(1);
    if (ctx.hasInput(2))
      hi = ctx.getInput(2);
  }
  // The bounds are scalars (ONNX says rank 0; a one-element tensor of no
  // higher rank than x broadcasts the same), so y keeps x's shape.
  for (auto [bound, name] : {std::pair(lo, "min"), std::pair(hi, "max")}) {
    if (!bound)
      continue;
    if (failed(checkBroadcastable(ctx, {x, bound})))
      return failure();
    if (ShapedType::getNumElements(shapeOf(bound)) != 1 ||
        rankOf(bound) > rankOf(x))
      return ctx.emitError() << "expected a scalar " << name << ", got shape ["
                             << shapeOf(bound) << "]";
  }
  Value result = x;
  if (lo)
    result = c.max(result, lo);
  if (hi)
    result = c.min(result, hi);
  ctx.setOutput(0, result);
  return success();
}

/// Dropout at inference: the output is the input and the mask is all true.
/// Training mode is only accepted with a zero ratio, where it is the same.
static LogicalResult convertDropout(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  if (ctx.hasInput(2)) {
    FailureOr<SmallVector<int64_t>> training = ctx.getConstantInts(2);
    if (failed(training))
      return failure();
    if (training->size() != 1)
      return ctx.emitError() << "expected a one-element training_mode";
    if (training->front() != 0) {
      double ratio = 0.5;
      if (ctx.hasInput(1)) {
        FailureOr<SmallVector<double>> given = ctx.getConstantFloats(1);
        if (failed(given))
          return failure();
        if (given->size() != 1)
          return ctx.emitError() << "expected a one-element ratio";
        ratio = given->front();
      }
      if (ratio != 0)
        return ctx.unsupported("training mode (random dropout)");
    }
  }
  ctx.setOutput(0, x);
  if (ctx.hasOutput(1))
    ctx.setOutput(1, ctx.createSplat(IntegerType::get(ctx.getContext(), 1), 1,
                                     tensorTypeOf(x).getShape()));
  return success();
}

//===----------------------------------------------------------------------===//
// Softmax, LogSoftmax, Hardmax
//===----------------------------------------------------------------------===//

enum class SoftmaxKind { softmax, logSoftmax, hardmax };

/// The most positions along Hardmax's axis, a compile-time constant of
/// that many int64 (128 MiB).
constexpr int64_t kMaxHardmaxPositions = int64_t(1) << 24;

/// Computes `kind` of `x` along `axis` (in range): tg.softmax and
/// tg.log_softmax, whose lowering reads `x` twice, or for Hardmax the one-hot
/// of the arg max.
static Value buildSoftmax(NodeContext &ctx, SoftmaxKind kind, Value x,
                          int64_t axis) {
  Composer c{ctx};
  if (kind == SoftmaxKind::hardmax) {
    // One-hot of the first largest element: compare the arg max with the
    // positions along the axis, shaped [n, 1, ..., 1] to broadcast.
    RankedTensorType type = tensorTypeOf(x);
    // An empty axis leaves no elements, and no arg max to take.
    if (type.getDimSize(axis) == 0)
      return x;
    Value index = ctx.create<tg::ArgReduceOp>(tg::ArgReduceKind::max, x, axis,
                                              /*keepdims=*/true);
    int64_t size = type.getDimSize(axis);
    SmallVector<int64_t> positions(size);
    for (int64_t i = 0; i < size; ++i)
      positions[i] = i;
    SmallVector<int64_t> shape(type.getRank() - axis, 1);
    shape.front() = size;
    auto iotaType =
        RankedTensorType::get(shape, IntegerType::get(ctx.getContext(), 64));
    Value iota = ctx.createConstant(
        DenseElementsAttr::get(iotaType, ArrayRef<int64_t>(positions)));
    Value hot = c.compare(tg::ComparePredicate::eq, index, iota);
    return c.cast(hot, type.getElementType());
  }
  if (kind == SoftmaxKind::logSoftmax)
    return ctx.create<tg::LogSoftmaxOp>(x, axis);
  return ctx.create<tg::SoftmaxOp>(x, axis);
}

/// Softmax, LogSoftmax and Hardmax. From opset 13 they work along `axis`
/// (default -1); before, the input is coerced to 2-D, [prod(dims[:axis]),
/// prod(dims[axis:])], and the op works along the second dimension
/// (`axis` default 1).
template <SoftmaxKind kind> static LogicalResult convertSoftmax(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  if (!isFloat(x))
    return unsupportedElementType(ctx, x);
  RankedTensorType type = tensorTypeOf(x);
  int64_t rank = type.getRank();
  bool coerce = ctx.getOpset() < 13;
  int64_t axis = ctx.getInt("axis", coerce ? 1 : -1);
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    return ctx.emitError() << "axis " << axis << " is out of range for rank "
                           << rank;
  if (axis < 0)
    axis += rank;
  // Hardmax compares the arg max with a constant of the positions along
  // the axis (the coerced one spans the dimensions from axis on).
  if (kind == SoftmaxKind::hardmax) {
    // In double: the coerced product cannot overflow.
    double positions = 1;
    int64_t end = coerce ? rank : std::min<int64_t>(axis + 1, rank);
    for (int64_t d = axis; d < end; ++d)
      positions *= double(type.getDimSize(d));
    if (positions > double(kMaxHardmaxPositions)) {
      char text[32];
      std::snprintf(text, sizeof(text), "%.0f", positions);
      return ctx.emitError() << "an axis of " << text << " elements; at most "
                             << kMaxHardmaxPositions << " are supported";
    }
  }
  if (rank == 0) {
    Composer c{ctx};
    ctx.setOutput(0, c.reshape(buildSoftmax(ctx, kind, c.reshape(x, {1}), 0),
                               {}));
    return success();
  }
  if (!coerce) {
    ctx.setOutput(0, buildSoftmax(ctx, kind, x, axis));
    return success();
  }
  Composer c{ctx};
  ArrayRef<int64_t> shape = type.getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < rank; ++d)
    (d < axis ? outer : inner) *= shape[d];
  Value matrix = c.reshape(x, {outer, inner});
  ctx.setOutput(0, c.reshape(buildSoftmax(ctx, kind, matrix, 1), shape));
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void aotc::onnximport::registerElementwiseConverters(
    ConverterRegistry &registry) {
  using P = tg::ComparePredicate;
  // Arithmetic.
  registry.add("Add", {2, 2}, convertBinary<tg::AddOp>);
  registry.add("Sub", {2, 2}, convertBinary<tg::SubOp>);
  registry.add("Mul", {2, 2}, convertBinary<tg::MulOp>);
  registry.add("Div", {2, 2}, convertDiv);
  registry.add("Pow", {2, 2}, convertPow);
  registry.add("Mod", {2, 2}, convertMod);
  registry.add("Sum", {1, kVariadic}, convertVariadic<tg::AddOp>);
  registry.add("Mean", {1, kVariadic},
               convertVariadic<tg::AddOp, /*mean=*/true>);
  registry.add("Max", {1, kVariadic},
               convertExtremum<tg::MaxOp, P::gt>);
  registry.add("Min", {1, kVariadic},
               convertExtremum<tg::MinOp, P::lt>);
  // Unary math.
  registry.add("Neg", {1, 1}, convertUnary<tg::NegOp>);
  registry.add("Abs", {1, 1}, convertUnary<tg::AbsOp>);
  registry.add("Sign", {1, 1}, convertUnary<tg::SignOp>);
  registry.add("Reciprocal", {1, 1}, convertReciprocal);
  registry.add("Exp", {1, 1}, convertUnary<tg::ExpOp, true>);
  registry.add("Log", {1, 1}, convertUnary<tg::LogOp, true>);
  registry.add("Sqrt", {1, 1}, convertUnary<tg::SqrtOp, true>);
  registry.add("Erf", {1, 1}, convertUnary<tg::ErfOp, true>);
  registry.add("Floor", {1, 1}, convertUnary<tg::FloorOp, true>);
  registry.add("Ceil", {1, 1}, convertUnary<tg::CeilOp, true>);
  registry.add("Round", {1, 1}, convertUnary<tg::RoundOp, true>);
  registry.add("Sin", {1, 1}, convertUnary<tg::SinOp, true>);
  registry.add("Cos", {1, 1}, convertUnary<tg::CosOp, true>);
  registry.add("Tan", {1, 1}, convertUnary<tg::TanOp, true>);
  registry.add("Asin", {1, 1}, convertUnary<tg::AsinOp, true>);
  registry.add("Acos", {1, 1}, convertUnary<tg::AcosOp, true>);
  registry.add("Atan", {1, 1}, convertUnary<tg::AtanOp, true>);
  registry.add("Sinh", {1, 1}, convertUnary<tg::SinhOp, true>);
  registry.add("Cosh", {1, 1}, convertUnary<tg::CoshOp, true>);
  registry.add("Asinh", {1, 1}, convertUnary<tg::AsinhOp, true>);
  registry.add("Acosh", {1, 1}, convertUnary<tg::AcoshOp, true>);
  registry.add("Atanh", {1, 1}, convertUnary<tg::AtanhOp, true>);
  registry.add("IsNaN", {1, 1}, convertUnary<tg::IsNanOp, true>);
  registry.add("IsInf", {1, 1}, convertIsInf);
  // Activations.
  registry.add("Relu", {1, 1}, convertUnary<tg::ReluOp>);
  registry.add("Tanh", {1, 1}, convertUnary<tg::TanhOp, true>);
  registry.add("Sigmoid", {1, 1}, convertUnary<tg::SigmoidOp, true>);
  registry.add("LeakyRelu", {1, 1}, convertLeakyRelu);
  registry.add("PRelu", {2, 2}, convertPRelu);
  registry.add("Elu", {1, 1}, convertElu);
  registry.add("Selu", {1, 1}, convertSelu);
  registry.add("Celu", {1, 1}, convertCelu);
  registry.add("HardSigmoid", {1, 1}, convertHardSigmoid);
  registry.add("HardSwish", {1, 1}, convertHardSwish);
  registry.add("Softplus", {1, 1}, convertSoftplus);
  registry.add("Softsign", {1, 1}, convertSoftsign);
  registry.add("Mish", {1, 1}, convertMish);
  registry.add("Swish", {1, 1}, convertSwish);
  registry.add("Gelu", {1, 1}, convertGelu);
  registry.add("ThresholdedRelu", {1, 1}, convertThresholdedRelu);
  registry.add("Shrink", {1, 1}, convertShrink);
  registry.add("Clip", {{1, {1, 1}}, {11, {1, 3}}}, convertClip);
  registry.add("Softmax", {1, 1}, convertSoftmax<SoftmaxKind::softmax>);
  registry.add("LogSoftmax", {1, 1}, convertSoftmax<SoftmaxKind::logSoftmax>);
  registry.add("Hardmax", {1, 1}, convertSoftmax<SoftmaxKind::hardmax>);
  // Comparison, logic and bits.
  registry.add("Equal", {2, 2}, convertCompare<P::eq>);
  registry.add("Less", {2, 2}, convertCompare<P::lt>);
  registry.add("LessOrEqual", {2, 2}, convertCompare<P::le>);
  registry.add("Greater", {2, 2}, convertCompare<P::gt>);
  registry.add("GreaterOrEqual", {2, 2}, convertCompare<P::ge>);
  registry.add("And", {2, 2}, convertBinary<tg::AndOp>);
  registry.add("Or", {2, 2}, convertBinary<tg::OrOp>);
  registry.add("Xor", {2, 2}, convertBinary<tg::XorOp>);
  registry.add("Not", {1, 1}, convertUnary<tg::NotOp>);
  registry.add("BitwiseAnd", {2, 2}, convertBinary<tg::AndOp>);
  registry.add("BitwiseOr", {2, 2}, convertBinary<tg::OrOp>);
  registry.add("BitwiseXor", {2, 2}, convertBinary<tg::XorOp>);
  registry.add("BitwiseNot", {1, 1}, convertUnary<tg::NotOp>);
  registry.add("BitShift", {2, 2}, convertBitShift);
  // Selection, conversion, inference-time no-ops.
  registry.add("Where", {3, 3}, convertWhere);
  registry.add("BitCast", {1, 1}, convertBitCast);
  registry.add("Cast", {1, 1}, convertCast);
  registry.add("CastLike", {2, 2}, convertCastLike);
  registry.add("Dropout", {{1, {1, 1}}, {12, {1, 3}}}, convertDropout);
}
