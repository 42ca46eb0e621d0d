//===- QDQMatching.cpp - what a QDQ graph's float ops quantize ------------===//

#include "QDQMatching.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

using namespace mlir;

namespace {

/// The value of `value` when it is a float32 constant with one value (a
/// splat, or rank 0).
std::optional<float> getScalarConstant(Value value) {
  DenseFPElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
      !attr.getElementType().isF32())
    return std::nullopt;
  return attr.getSplatValue<float>();
}

/// The elementwise generic defining `value` on static tensors, all loops
/// parallel, its result written through the identity map; null otherwise.
linalg::GenericOp getElementwise(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
           .isIdentity() ||
      !cast<RankedTensorType>(value.getType()).hasStaticShape())
    return nullptr;
  return generic;
}

/// The tensor input that `generic`'s block argument `arg` reads through the
/// identity map, or null.
Value getIdentityInput(linalg::GenericOp generic, Value arg) {
  auto blockArg = dyn_cast<BlockArgument>(arg);
  if (!blockArg || blockArg.getOwner() != generic.getBody())
    return nullptr;
  OpOperand *operand = generic.getMatchingOpOperand(blockArg);
  if (!generic.isDpsInput(operand) ||
      !generic.getMatchingIndexingMap(operand).isIdentity())
    return nullptr;
  return operand->get();
}

/// The float32 scalar constant that `generic`'s block argument or body
/// value `arg` stands for: a constant in the body, or a rank-0 or splat
/// constant input.
std::optional<float> getScalarOperand(linalg::GenericOp generic, Value arg) {
  FloatAttr attr;
  if (matchPattern(arg, m_Constant(&attr)) && attr.getType().isF32())
    return attr.getValueAsDouble();
  auto blockArg = dyn_cast<BlockArgument>(arg);
  if (!blockArg || blockArg.getOwner() != generic.getBody())
    return std::nullopt;
  OpOperand *operand = generic.getMatchingOpOperand(blockArg);
  if (!generic.isDpsInput(operand))
    return std::nullopt;
  return getScalarConstant(operand->get());
}

/// `(x, c)` when `value` is an elementwise generic computing `x op c` (or
/// `c op x` when `commutative`) for a tensor x and a scalar constant c.
template <typename OpTy>
std::optional<std::pair<Value, float>> matchScalarStep(Value value,
                                                       bool commutative) {
  linalg::GenericOp generic = getElementwise(value);
  if (!generic || generic.getBody()->getOperations().size() != 2)
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  auto op = yield.getOperand(0).getDefiningOp<OpTy>();
  if (!op)
    return std::nullopt;
  for (int swap = 0; swap < (commutative ? 2 : 1); ++swap) {
    Value x = swap ? op.getRhs() : op.getLhs();
    Value c = swap ? op.getLhs() : op.getRhs();
    Value input = getIdentityInput(generic, x);
    std::optional<float> scalar = getScalarOperand(generic, c);
    if (input && scalar)
      return std::pair(input, *scalar);
  }
  return std::nullopt;
}

/// `value` as a dequantization of an 8-bit tensor (one zero point and
/// scale), as aotc's ONNX importer writes DequantizeLinear.
} // namespace

std::optional<aotc::Dequantized> aotc::matchDequantized(Value value) {
  auto scaled = matchScalarStep<arith::MulFOp>(value, /*commutative=*/true);
  if (!scaled || !(scaled->second > 0) || !std::isfinite(scaled->second))
    return std::nullopt;
  aotc::Dequantized result;
  result.scale = scaled->second;
  Value widened = scaled->first;
  float zero = 0;
  if (auto shifted =
          matchScalarStep<arith::SubFOp>(widened, /*commutative=*/false)) {
    widened = shifted->first;
    zero = shifted->second;
  }
  linalg::GenericOp widening = getElementwise(widened);
  if (!widening || widening.getNumDpsInputs() != 1 ||
      widening.getBody()->getOperations().size() != 2)
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(widening.getBody()->getTerminator());
  Operation *convert = yield.getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::UIToFPOp, arith::SIToFPOp>(convert))
    return std::nullopt;
  result.isUnsigned = isa<arith::UIToFPOp>(convert);
  result.q = getIdentityInput(widening, convert->getOperand(0));
  if (!result.q || !getElementTypeOrSelf(result.q).isInteger(8))
    return std::nullopt;
  // The zero point is a value of q's type.
  int32_t low = result.isUnsigned ? 0 : -128, high = result.isUnsigned ? 255 : 127;
  if (zero != std::nearbyint(zero) || zero < low || zero > high)
    return std::nullopt;
  result.zero = static_cast<int32_t>(zero);
  return result;
}

std::optional<aotc::DequantizedImage>
aotc::matchDequantizedImage(Value image) {
  aotc::DequantizedImage result;
  result.pad = image.getDefiningOp<tensor::PadOp>();
  if (result.pad)
    image = result.pad.getSource();
  result.transpose = image.getDefiningOp<linalg::TransposeOp>();
  if (result.transpose)
    image = result.transpose.getInput();
  std::optional<Dequantized> x = matchDequantized(image);
  if (!x)
    return std::nullopt;
  result.x = *x;
  return result;
}

Value aotc::buildFloatOf8Bit(OpBuilder &b, Location loc, Value value,
                             bool isUnsigned) {
  Type f32 = b.getF32Type();
  if (isUnsigned)
    return arith::UIToFPOp::create(b, loc, f32, value);
  return arith::SIToFPOp::create(b, loc, f32, value);
}

namespace {

/// The integer that `value` holds when it is one: a splat or rank-0
/// integer constant, or a generic extending one (the importer's widened
/// zero point).
std::optional<int64_t> getIntegerScalar(Value value) {
  DenseIntElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)) && attr.isSplat())
    return attr.getSplatValue<APInt>().getSExtValue();
  IntegerAttr scalar;
  if (matchPattern(value, m_Constant(&scalar)))
    return scalar.getValue().getSExtValue();
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getBody()->getOperations().size() != 2)
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  Operation *ext = yield.getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::ExtUIOp, arith::ExtSIOp>(ext) ||
      ext->getOperand(0) != generic.getBody()->getArgument(0) ||
      !matchPattern(generic.getDpsInputs()[0], m_Constant(&attr)) ||
      !attr.isSplat())
    return std::nullopt;
  APInt narrow = attr.getSplatValue<APInt>();
  return isa<arith::ExtUIOp>(ext) ? int64_t(narrow.getZExtValue())
                                  : narrow.getSExtValue();
}

/// `(x, zero)` when `value` is an elementwise generic computing `x - zero`
/// in integers, zero a scalar; `(value, 0)` otherwise.
std::pair<Value, int64_t> stripIntegerZeroPoint(Value value) {
  linalg::GenericOp generic = getElementwise(value);
  if (!generic || generic.getBody()->getOperations().size() != 2)
    return {value, 0};
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  auto sub = yield.getOperand(0).getDefiningOp<arith::SubIOp>();
  if (!sub)
    return {value, 0};
  Value x = getIdentityInput(generic, sub.getLhs());
  std::optional<int64_t> zero;
  if (auto arg = dyn_cast<BlockArgument>(sub.getRhs());
      arg && arg.getOwner() == generic.getBody()) {
    OpOperand *operand = generic.getMatchingOpOperand(arg);
    if (generic.isDpsInput(operand))
      zero = getIntegerScalar(operand->get());
  } else {
    zero = getIntegerScalar(sub.getRhs());
  }
  if (!x || !zero)
    return {value, 0};
  return {x, *zero};
}

/// The 8-bit tensor `value` widens to i32 through an identity generic, and
/// whether the widening is unsigned.
std::optional<std::pair<Value, bool>> matchInt8Widening(Value value) {
  linalg::GenericOp generic = getElementwise(value);
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getBody()->getOperations().size() != 2 ||
      !getElementTypeOrSelf(value).isInteger(32))
    return std::nullopt;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  Operation *ext = yield.getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::ExtUIOp, arith::ExtSIOp>(ext))
    return std::nullopt;
  Value narrow = getIdentityInput(generic, ext->getOperand(0));
  if (!narrow || !getElementTypeOrSelf(narrow).isInteger(8))
    return std::nullopt;
  return std::pair(narrow, isa<arith::ExtUIOp>(ext));
}

} // namespace

std::optional<aotc::Dequantized> aotc::matchWidenedInt8(Value value) {
  auto [widened, zero] = stripIntegerZeroPoint(value);
  std::optional<std::pair<Value, bool>> narrow = matchInt8Widening(widened);
  if (!narrow)
    return std::nullopt;
  aotc::Dequantized result;
  result.q = narrow->first;
  result.isUnsigned = narrow->second;
  int64_t low = result.isUnsigned ? 0 : -128, high = result.isUnsigned ? 255 : 127;
  if (zero < low || zero > high)
    return std::nullopt;
  result.zero = static_cast<int32_t>(zero);
  result.scale = 1;
  return result;
}

std::optional<SmallVector<int8_t>>
aotc::matchWidenedInt8Constant(Value value) {
  auto [widened, zero] = stripIntegerZeroPoint(value);
  std::optional<std::pair<Value, bool>> narrow = matchInt8Widening(widened);
  ElementsAttr attr;
  if (zero != 0 || !narrow || narrow->second ||
      !matchPattern(narrow->first, m_Constant(&attr)))
    return std::nullopt;
  std::optional<ArrayRef<char>> bytes = aotc::tg::getRawElementBytes(attr);
  if (!bytes || int64_t(bytes->size()) != attr.getShapedType().getNumElements())
    return std::nullopt;
  return SmallVector<int8_t>(bytes->begin(), bytes->end());
}

namespace {

/// Whether every float32 `weights` is `float(q) * scale` for an int8 q,
/// exactly or within `maxUlps` float32 steps of w; the q go to `values`.
bool quantizeExactly(ArrayRef<float> weights, float scale, int maxUlps,
                     SmallVectorImpl<int8_t> &values) {
  values.clear();
  for (float w : weights) {
    double q = std::nearbyint(double(w) / double(scale));
    if (q < -128 || q > 127)
      return false;
    float product = static_cast<float>(q) * scale;
    if (product != w) {
      float magnitude = std::fabs(w);
      float ulp = std::nextafter(magnitude, INFINITY) - magnitude;
      if (maxUlps == 0 || q == 0 ||
          std::fabs(double(product) - double(w)) > double(maxUlps) * ulp)
        return false;
    }
    values.push_back(static_cast<int8_t>(q));
  }
  return true;
}

/// `weights` (`channels` rows, row-major) as int8 values times a scale per
/// row (an output channel), when each row is exactly that. The largest weight is some int8
/// value q times the scale: each q from 128 down is tried, the scale taken
/// near the largest weight over q (a few float32 steps either side cover
/// the rounding of that division). Any scale that reproduces every weight
/// exactly gives the same products, so the first one found is kept.
} // namespace

std::optional<aotc::QuantizedChannels>
aotc::quantizeChannels(ArrayRef<float> weights, int64_t channels,
                       int maxUlps) {
  if (channels <= 0 || weights.size() % channels != 0)
    return std::nullopt;
  int64_t perChannel = weights.size() / channels;
  aotc::QuantizedChannels result;
  SmallVector<int8_t> values;
  for (int64_t f = 0; f < channels; ++f) {
    ArrayRef<float> channel = weights.slice(f * perChannel, perChannel);
    float largest = 0;
    for (float w : channel)
      largest = std::max(largest, std::fabs(w));
    if (!std::isfinite(largest))
      return std::nullopt;
    bool found = false;
    if (largest == 0) {
      values.assign(perChannel, 0);
      result.scales.push_back(0);
      found = true;
    }
    for (int steps = 128; steps >= 1 && !found; --steps) {
      float scale = largest / static_cast<float>(steps);
      for (int nudge = 0; !found && nudge <= 8; ++nudge) {
        // 0, +1, -1, +2, -2, ... float32 steps from the quotient.
        float candidate = scale;
        for (int i = 0; i < (nudge + 1) / 2; ++i)
          candidate = std::nextafter(candidate, nudge % 2 ? INFINITY : 0.0f);
        if (candidate > 0 && quantizeExactly(channel, candidate, maxUlps, values)) {
          result.scales.push_back(candidate);
          found = true;
        }
      }
    }
    if (!found)
      return std::nullopt;
    result.values.append(values.begin(), values.end());
  }
  return result;
}


std::optional<ArrayRef<float>> aotc::getFloatElements(ElementsAttr attr) {
  auto type = cast<ShapedType>(attr.getType());
  std::optional<ArrayRef<char>> bytes = aotc::tg::getRawElementBytes(attr);
  if (!type.getElementType().isF32() || !bytes ||
      int64_t(bytes->size()) != type.getNumElements() * 4)
    return std::nullopt;
  return ArrayRef<float>(reinterpret_cast<const float *>(bytes->data()),
                         type.getNumElements());
}
