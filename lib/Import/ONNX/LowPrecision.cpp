//===- LowPrecision.cpp - ONNX's 8-, 4- and 2-bit element types -----------===//
//
// Implements LowPrecision.h. Conversions are compositions of tg ops on the
// codes, so they fuse with their neighbours and run on every target:
//
//   decoding a float code is a table lookup (tg.gather of the 2^bits
//   values);
//   encoding a float rounds |x| to the format's spacing at its exponent,
//   q = 2^(max(e, emin) - mantissa bits): r = round_half_even(|x| / q) * q,
//   exact in float32 since q is a power of two; r's own exponent then gives
//   the code, ((max(e_r, emin) - emin) << mantissa bits) + r / q_r, with
//   the implicit leading one of a normal value landing in the exponent
//   field;
//   packing and unpacking are shifts and masks on the bytes.
//
//===----------------------------------------------------------------------===//

#include "LowPrecision.h"

#include "Composer.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

const LowPrecisionType *aotc::onnximport::lookupLowPrecisionType(int dataType) {
  using Kind = LowPrecisionType::Kind;
  auto floating = [](int code, unsigned bits, unsigned e, unsigned m,
                     int bias, bool fnuz, bool inf) {
    LowPrecisionType t{code, Kind::Float, bits, true};
    t.exponentBits = e;
    t.mantissaBits = m;
    t.bias = bias;
    t.fnuz = fnuz;
    t.hasInfinity = inf;
    return t;
  };
  static const LowPrecisionType types[] = {
      floating(kFloat8E4M3FN, 8, 4, 3, 7, false, false),
      floating(kFloat8E4M3FNUZ, 8, 4, 3, 8, true, false),
      floating(kFloat8E5M2, 8, 5, 2, 15, false, true),
      floating(kFloat8E5M2FNUZ, 8, 5, 2, 16, true, false),
      floating(kFloat4E2M1, 4, 2, 1, 1, false, false),
      {kFloat8E8M0, Kind::Exponent, 8, false, 8, 0, 127},
      {kUInt4, Kind::Integer, 4, false},
      {kInt4, Kind::Integer, 4, true},
      {kUInt2, Kind::Integer, 2, false},
      {kInt2, Kind::Integer, 2, true},
  };
  for (const LowPrecisionType &type : types)
    if (type.dataType == dataType)
      return &type;
  return nullptr;
}

Type aotc::onnximport::getLogicalElementType(MLIRContext *context,
                                             const LowPrecisionType &type) {
  switch (type.dataType) {
  case kFloat8E4M3FN:
    return Float8E4M3FNType::get(context);
  case kFloat8E4M3FNUZ:
    return Float8E4M3FNUZType::get(context);
  case kFloat8E5M2:
    return Float8E5M2Type::get(context);
  case kFloat8E5M2FNUZ:
    return Float8E5M2FNUZType::get(context);
  case kFloat4E2M1:
    return Float4E2M1FNType::get(context);
  case kFloat8E8M0:
    return Float8E8M0FNUType::get(context);
  default:
    return IntegerType::get(context, type.bits,
                            type.isSigned ? IntegerType::Signless
                                          : IntegerType::Unsigned);
  }
}

SmallVector<double> aotc::onnximport::getCodeValues(
    const LowPrecisionType &type) {
  SmallVector<double> values;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (unsigned code = 0; code < type.numCodes(); ++code) {
    if (type.kind == LowPrecisionType::Kind::Exponent) {
      values.push_back(code == 0xFF ? nan
                                    : std::ldexp(1.0, int(code) - type.bias));
      continue;
    }
    if (type.kind == LowPrecisionType::Kind::Integer) {
      int value = int(code);
      if (type.isSigned && (code >> (type.bits - 1)))
        value -= int(type.numCodes());
      values.push_back(value);
      continue;
    }
    unsigned m = type.mantissaBits, e = type.exponentBits;
    unsigned mantissa = code & ((1u << m) - 1);
    unsigned exponent = (code >> m) & ((1u << e) - 1);
    bool negative = (code >> (e + m)) & 1;
    int emin = 1 - type.bias;
    double value = exponent == 0
                       ? std::ldexp(double(mantissa), emin - int(m))
                       : std::ldexp(double((1u << m) + mantissa),
                                    int(exponent) - type.bias - int(m));
    unsigned allOnes = (1u << e) - 1;
    if (type.fnuz && code == 0x80)
      value = nan;
    else if (type.hasInfinity && exponent == allOnes)
      value = mantissa ? nan : inf;
    else if (!type.fnuz && !type.hasInfinity && type.bits == 8 &&
             exponent == allOnes && mantissa == (1u << m) - 1)
      value = nan; // e4m3fn: S.1111.111
    values.push_back(negative ? -value : value);
  }
  return values;
}

SmallVector<int8_t> aotc::onnximport::unpackCodes(ArrayRef<char> bytes,
                                                  int64_t count,
                                                  const LowPrecisionType &type) {
  SmallVector<int8_t> codes;
  codes.reserve(count);
  unsigned perByte = type.perByte(), mask = type.numCodes() - 1;
  for (int64_t i = 0; i < count; ++i) {
    auto byte = static_cast<uint8_t>(bytes[i / perByte]);
    int code = (byte >> ((i % perByte) * type.bits)) & mask;
    if (type.kind == LowPrecisionType::Kind::Integer && type.isSigned &&
        (code >> (type.bits - 1)))
      code -= int(type.numCodes());
    codes.push_back(static_cast<int8_t>(code));
  }
  return codes;
}

//===----------------------------------------------------------------------===//
// Building on codes
//===----------------------------------------------------------------------===//

namespace {
/// The tg ops the conversions are made of, built with a plain builder (the
/// graph's inputs and outputs convert outside any node).
struct CodeBuilder {
  OpBuilder &b;
  Location loc;

  Type i8() { return b.getI8Type(); }
  Type i32() { return b.getI32Type(); }
  Type f32() { return b.getF32Type(); }

  Value splat(Type element, double value) {
    auto type = RankedTensorType::get({}, element);
    Attribute attr = isa<FloatType>(element)
                         ? Attribute(b.getFloatAttr(element, value))
                         : Attribute(b.getIntegerAttr(
                               element, static_cast<int64_t>(value)));
    return b.createOrFold<tg::ConstantOp>(
        loc, DenseElementsAttr::get(type, attr));
  }
  Value i32(int64_t value) { return splat(i32(), double(value)); }
  Value add(Value a, Value c) { return b.createOrFold<tg::AddOp>(loc, a, c); }
  Value sub(Value a, Value c) { return b.createOrFold<tg::SubOp>(loc, a, c); }
  Value mul(Value a, Value c) { return b.createOrFold<tg::MulOp>(loc, a, c); }
  Value div(Value a, Value c) { return b.createOrFold<tg::DivOp>(loc, a, c); }
  Value max(Value a, Value c) { return b.createOrFold<tg::MaxOp>(loc, a, c); }
  Value min(Value a, Value c) { return b.createOrFold<tg::MinOp>(loc, a, c); }
  Value bitAnd(Value a, Value c) {
    return b.createOrFold<tg::AndOp>(loc, a, c);
  }
  Value bitOr(Value a, Value c) { return b.createOrFold<tg::OrOp>(loc, a, c); }
  Value bitXor(Value a, Value c) {
    return b.createOrFold<tg::XorOp>(loc, a, c);
  }
  Value shl(Value a, Value c) {
    return b.createOrFold<tg::ShiftLeftOp>(loc, a, c);
  }
  Value shr(Value a, Value c) {
    return b.createOrFold<tg::ShiftRightOp>(loc, a, c);
  }
  Value compare(tg::ComparePredicate predicate, Value a, Value c) {
    return b.createOrFold<tg::CompareOp>(loc, predicate, a, c);
  }
  Value select(Value condition, Value onTrue, Value onFalse) {
    return b.createOrFold<tg::SelectOp>(loc, condition, onTrue, onFalse);
  }
  Value cast(Value x, Type element) {
    if (elementTypeOf(x) == element)
      return x;
    return b.createOrFold<tg::CastOp>(
        loc, RankedTensorType::get(shapeOf(x), element), x);
  }
  Value bitcast(Value x, Type element) {
    return b.createOrFold<tg::BitcastOp>(
        loc, RankedTensorType::get(shapeOf(x), element), x);
  }
  Value reshape(Value x, ArrayRef<int64_t> shape) {
    auto type = RankedTensorType::get(shape, elementTypeOf(x));
    if (type == x.getType())
      return x;
    return b.createOrFold<tg::ReshapeOp>(loc, type, x);
  }
  /// The float32 2^e for i32 exponents `e` in float32's normal range.
  Value powerOfTwo(Value e) {
    return bitcast(shl(add(e, i32(127)), i32(23)), f32());
  }
  /// The unbiased exponent of non-negative float32 `a` (-127 for zero and
  /// subnormals, 128 for infinity and NaN).
  Value exponentOf(Value a) {
    return sub(shr(bitcast(a, i32()), i32(23)), i32(127));
  }
};
} // namespace

Value aotc::onnximport::decodeCodes(NodeContext &ctx, Value codes,
                                    const LowPrecisionType &type,
                                    Type element) {
  CodeBuilder cb{ctx.getBuilder(), ctx.getLoc()};
  if (type.kind == LowPrecisionType::Kind::Integer) {
    // int4 to int8 keeps the codes, but must be a value of its own: the
    // codes stay tracked as int4.
    if (elementTypeOf(codes) == element)
      return tg::CastOp::create(cb.b, cb.loc, codes.getType(), codes);
    return cb.cast(codes, element);
  }
  SmallVector<float> table;
  for (double value : getCodeValues(type))
    table.push_back(static_cast<float>(value));
  auto tableType = RankedTensorType::get(
      {static_cast<int64_t>(table.size())}, cb.f32());
  Value values = ctx.createConstant(
      DenseElementsAttr::get(tableType, ArrayRef<float>(table)));
  // An i8 code of 0x80 and above is negative, which tg.gather counts from
  // the end of the 256 entries: the same entry.
  Value indices = cb.cast(codes, cb.i32());
  if (type.numCodes() < 256)
    indices = cb.bitAnd(indices, cb.i32(type.numCodes() - 1));
  Value decoded = ctx.create<tg::GatherOp>(values, indices, /*axis=*/0);
  return cb.cast(decoded, element);
}

/// Codes of a sign-magnitude float format.
static Value encodeFloat(CodeBuilder &cb, Value x,
                         const LowPrecisionType &type, bool saturate) {
  using tg::ComparePredicate;
  int m = int(type.mantissaBits), emin = 1 - type.bias;
  SmallVector<double> values = getCodeValues(type);
  double largest = 0;
  int largestCode = 0;
  for (auto [code, value] : llvm::enumerate(values))
    if (std::isfinite(value) && value > largest) {
      largest = value;
      largestCode = int(code);
    }
  int signBit = 1 << (type.exponentBits + type.mantissaBits);

  Value negative =
      cb.compare(ComparePredicate::lt, cb.bitcast(x, cb.i32()), cb.i32(0));
  Value isNan = cb.b.createOrFold<tg::IsNanOp>(
      cb.loc, RankedTensorType::get(shapeOf(x), cb.b.getI1Type()), x);
  Value a = cb.b.createOrFold<tg::AbsOp>(cb.loc, x);
  // Round to the spacing at a's exponent (never finer than the
  // subnormals').
  Value spacing = cb.powerOfTwo(
      cb.sub(cb.max(cb.exponentOf(a), cb.i32(emin)), cb.i32(m)));
  Value rounded = cb.mul(
      cb.b.createOrFold<tg::RoundOp>(cb.loc, cb.div(a, spacing)), spacing);
  // Infinity and values that round past the largest finite one overflow;
  // NaN and those are replaced below, so compute on 0 for them.
  Value overflow =
      cb.compare(ComparePredicate::gt, rounded, cb.splat(cb.f32(), largest));
  Value zero = cb.splat(cb.f32(), 0);
  Value r = cb.select(cb.b.createOrFold<tg::OrOp>(cb.loc, isNan, overflow),
                      zero, rounded);
  Value e = cb.max(cb.exponentOf(r), cb.i32(emin));
  Value steps = cb.cast(cb.div(r, cb.powerOfTwo(cb.sub(e, cb.i32(m)))),
                        cb.i32());
  Value magnitude =
      cb.add(cb.shl(cb.sub(e, cb.i32(emin)), cb.i32(m)), steps);

  int overflowCode = largestCode;
  if (!saturate && type.hasInfinity)
    overflowCode = (((1 << type.exponentBits) - 1) << m); // infinity
  else if (!saturate && !type.fnuz && type.bits == 8)
    overflowCode = signBit - 1; // e4m3fn's NaN
  magnitude = cb.select(overflow, cb.i32(overflowCode), magnitude);

  // The sign, except on an fnuz zero (no negative zero there).
  Value signed_ = cb.bitOr(magnitude, cb.i32(signBit));
  Value withSign = negative;
  if (type.fnuz)
    withSign = cb.b.createOrFold<tg::AndOp>(
        cb.loc, negative,
        cb.compare(ComparePredicate::ne, magnitude, cb.i32(0)));
  Value code = cb.select(withSign, signed_, magnitude);
  // The fnuz formats' one NaN (0x80) for overflow without saturation and
  // NaN; sign-magnitude NaN (0x7F, e5m2's 0x7E) otherwise; float4 has no
  // NaN and ONNX writes 0x8 for it.
  if (type.fnuz) {
    if (!saturate)
      code = cb.select(overflow, cb.i32(0x80), code);
    return cb.select(isNan, cb.i32(0x80), code);
  }
  if (type.bits == 4)
    return cb.select(isNan, cb.i32(0x8), code);
  int nanCode = type.hasInfinity ? 0x7E : 0x7F;
  Value nan = cb.select(negative, cb.i32(nanCode | signBit), cb.i32(nanCode));
  return cb.select(isNan, nan, code);
}

/// Codes of float8e8m0: float32's biased exponent, rounded by the
/// mantissa.
static Value encodeExponent(CodeBuilder &cb, Value x, bool saturate,
                            ExponentRounding rounding) {
  using tg::ComparePredicate;
  Value isNan = cb.b.createOrFold<tg::IsNanOp>(
      cb.loc, RankedTensorType::get(shapeOf(x), cb.b.getI1Type()), x);
  Value bits = cb.bitcast(cb.b.createOrFold<tg::AbsOp>(cb.loc, x), cb.i32());
  Value exponent = cb.shr(bits, cb.i32(23));
  Value mantissa = cb.bitAnd(bits, cb.i32(0x7FFFFF));
  Value code = exponent;
  if (rounding != ExponentRounding::Down) {
    Value up = rounding == ExponentRounding::Up
                   ? cb.compare(ComparePredicate::ne, mantissa, cb.i32(0))
                   : cb.compare(ComparePredicate::ge, mantissa,
                                cb.i32(0x400000));
    code = cb.select(up, cb.add(exponent, cb.i32(1)), exponent);
    // A float32 subnormal is m * 2^-149: code 0 (2^-127) up to m = 2^22,
    // code 1 (2^-126) past it (rounding up) or from the midpoint 3 * 2^21
    // (to nearest).
    Value past = cb.compare(
        rounding == ExponentRounding::Up ? ComparePredicate::gt
                                         : ComparePredicate::ge,
        mantissa,
        cb.i32(rounding == ExponentRounding::Up ? 0x400000 : 0x600000));
    Value subnormal = cb.select(past, cb.i32(1), cb.i32(0));
    code = cb.select(cb.compare(ComparePredicate::eq, exponent, cb.i32(0)),
                     subnormal, code);
  }
  code = cb.min(code, cb.i32(saturate ? 0xFE : 0xFF));
  return cb.select(isNan, cb.i32(0xFF), code);
}

Value aotc::onnximport::encodeCodes(NodeContext &ctx, Value x,
                                    const LowPrecisionType &type,
                                    bool saturate,
                                    ExponentRounding rounding) {
  CodeBuilder cb{ctx.getBuilder(), ctx.getLoc()};
  Value code;
  if (type.kind == LowPrecisionType::Kind::Integer) {
    // Integers wrap to the low bits, read as the type's signedness.
    Value wide =
        isa<FloatType>(elementTypeOf(x))
            ? cb.cast(x, cb.i32())
            : ctx.create<tg::CastOp>(
                  RankedTensorType::get(shapeOf(x), cb.i32()), x,
                  /*unsigned_input=*/ctx.isUnsigned(x),
                  /*unsigned_result=*/false);
    code = cb.bitAnd(wide, cb.i32(type.numCodes() - 1));
    if (type.isSigned) {
      Value sign = cb.i32(type.numCodes() / 2);
      code = cb.sub(cb.bitXor(code, sign), sign);
    }
  } else {
    Value f = isa<FloatType>(elementTypeOf(x))
                  ? cb.cast(x, cb.f32())
                  : ctx.create<tg::CastOp>(
                        RankedTensorType::get(shapeOf(x), cb.f32()), x,
                        /*unsigned_input=*/ctx.isUnsigned(x),
                        /*unsigned_result=*/false);
    code = type.kind == LowPrecisionType::Kind::Exponent
               ? encodeExponent(cb, f, saturate, rounding)
               : encodeFloat(cb, f, type, saturate);
  }
  return cb.cast(code, cb.i8());
}

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

Value aotc::onnximport::unpackValue(OpBuilder &builder, Location loc,
                                    Value bytes, const LowPrecisionType &type,
                                    ArrayRef<int64_t> shape) {
  CodeBuilder cb{builder, loc};
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  unsigned perByte = type.perByte();
  if (perByte == 1 || count == 0) {
    if (count == 0)
      return cb.b.createOrFold<tg::ConstantOp>(
          loc, DenseElementsAttr::get(RankedTensorType::get(shape, cb.i8()),
                                      ArrayRef<int8_t>{}));
    return cb.reshape(bytes, shape);
  }
  int64_t numBytes = type.packedBytes(count);
  Value mask = cb.splat(cb.i8(), type.numCodes() - 1);
  SmallVector<Value> parts;
  for (unsigned j = 0; j < perByte; ++j) {
    Value part = cb.bitAnd(cb.shr(bytes, cb.splat(cb.i8(), j * type.bits)),
                           mask);
    if (type.kind == LowPrecisionType::Kind::Integer && type.isSigned) {
      Value sign = cb.splat(cb.i8(), type.numCodes() / 2);
      part = cb.sub(cb.bitXor(part, sign), sign);
    }
    parts.push_back(cb.reshape(part, {numBytes, 1}));
  }
  Value interleaved = cb.b.createOrFold<tg::ConcatOp>(loc, parts, 1);
  Value flat = cb.reshape(interleaved, {numBytes * perByte});
  if (numBytes * perByte != count)
    flat = cb.b.createOrFold<tg::SliceOp>(loc, flat, ArrayRef<int64_t>{0},
                                          ArrayRef<int64_t>{count},
                                          ArrayRef<int64_t>{1});
  return cb.reshape(flat, shape);
}

Value aotc::onnximport::unpackValue(NodeContext &ctx, Value bytes,
                                    const LowPrecisionType &type,
                                    ArrayRef<int64_t> shape) {
  return unpackValue(ctx.getBuilder(), ctx.getLoc(), bytes, type, shape);
}

Value aotc::onnximport::packValue(OpBuilder &builder, Location loc,
                                  Value codes, const LowPrecisionType &type) {
  CodeBuilder cb{builder, loc};
  int64_t count = tensorTypeOf(codes).getNumElements();
  Value flat = cb.reshape(codes, {count});
  unsigned perByte = type.perByte();
  if (perByte == 1)
    return flat;
  int64_t numBytes = type.packedBytes(count);
  if (count == 0)
    return flat;
  if (int64_t padding = numBytes * perByte - count) {
    Value zeros = cb.b.createOrFold<tg::ConstantOp>(
        loc, DenseElementsAttr::get(RankedTensorType::get({padding}, cb.i8()),
                                    static_cast<int8_t>(0)));
    flat = cb.b.createOrFold<tg::ConcatOp>(loc, ValueRange{flat, zeros}, 0);
  }
  Value grouped = cb.reshape(flat, {numBytes, int64_t(perByte)});
  Value mask = cb.splat(cb.i8(), type.numCodes() - 1);
  Value packed;
  for (unsigned j = 0; j < perByte; ++j) {
    Value column = cb.b.createOrFold<tg::SliceOp>(
        loc, grouped, ArrayRef<int64_t>{0, int64_t(j)},
        ArrayRef<int64_t>{numBytes, int64_t(j) + 1}, ArrayRef<int64_t>{1, 1});
    Value bits = cb.bitAnd(column, mask);
    if (j)
      bits = cb.shl(bits, cb.splat(cb.i8(), j * type.bits));
    packed = j ? cb.bitOr(packed, bits) : bits;
  }
  return cb.reshape(packed, {numBytes});
}
