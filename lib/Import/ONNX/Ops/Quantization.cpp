//===- Quantization.cpp - ONNX quantization ops ---------------------------===//
//
// QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear, and the
// integer contractions MatMulInteger, ConvInteger, QLinearMatMul and
// QLinearConv, as compositions of tg ops that compute exactly what the ONNX
// definitions (and their reference implementation) do:
//
//   DequantizeLinear: y = (float(x) - float(zero_point)) * scale
//   QuantizeLinear:   y = clamp(round_half_even(x / scale) + zero_point)
//   MatMulInteger:    y = (a - a_zero_point) @ (b - b_zero_point) in int32
//   QLinearMatMul:    y = QuantizeLinear(MatMulInteger(...) * a_scale *
//                         b_scale, y_scale, y_zero_point)
//
// Scales and zero points are per tensor (one element), per axis (a vector
// along `axis`) or blocked (`block_size` elements of `axis` per entry).
// Quantized tensors are int8, uint8, int16 or uint16 (unsigned ones are
// signless in tg and tracked as unsigned by the importer); the float8, int4
// and int2 forms are reported unsupported.
//
//===----------------------------------------------------------------------===//

#include "Contractions.h"

#include "../Composer.h"
#include "../LowPrecision.h"
#include "../NodeImporter.h"
#include "../TensorImport.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

namespace {

/// An integer type quantized values are stored in, and its range.
struct QuantizedType {
  Type storage;
  bool isUnsigned = false;
  int64_t min = 0, max = 0;
};

QuantizedType makeQuantizedType(MLIRContext *context, unsigned bits,
                                bool isUnsigned) {
  QuantizedType type;
  type.storage = IntegerType::get(context, bits);
  type.isUnsigned = isUnsigned;
  type.min = isUnsigned ? 0 : -(int64_t(1) << (bits - 1));
  type.max = isUnsigned ? (int64_t(1) << bits) - 1
                        : (int64_t(1) << (bits - 1)) - 1;
  return type;
}

/// The quantized type of `value`, an int8, uint8, int16 or uint16 tensor
/// (`what` names it in the error).
FailureOr<QuantizedType> getQuantizedType(NodeContext &ctx, Value value,
                                          StringRef what) {
  auto integer = dyn_cast<IntegerType>(elementTypeOf(value));
  if (!integer || (integer.getWidth() != 8 && integer.getWidth() != 16))
    return ctx.emitError() << "expected an 8- or 16-bit integer " << what
                           << ", got " << value.getType();
  return makeQuantizedType(ctx.getContext(), integer.getWidth(),
                           ctx.isUnsigned(value));
}

/// The quantized type of ONNX data type `dataType`.
FailureOr<QuantizedType> getQuantizedType(NodeContext &ctx, int dataType) {
  switch (dataType) {
  case onnx::TensorProto::UINT8:
    return makeQuantizedType(ctx.getContext(), 8, true);
  case onnx::TensorProto::INT8:
    return makeQuantizedType(ctx.getContext(), 8, false);
  case onnx::TensorProto::UINT16:
    return makeQuantizedType(ctx.getContext(), 16, true);
  case onnx::TensorProto::INT16:
    return makeQuantizedType(ctx.getContext(), 16, false);
  default:
    (void)ctx.unsupported("quantization to " +
                          getDataTypeName(dataType).str());
    return failure();
  }
}

/// `value` converted to `element`, read as unsigned when the importer
/// tracks it so.
Value convert(NodeContext &ctx, Value value, Type element) {
  if (elementTypeOf(value) == element)
    return value;
  return ctx.create<tg::CastOp>(
      RankedTensorType::get(shapeOf(value), element), value,
      /*unsigned_input=*/ctx.isUnsigned(value), /*unsigned_result=*/false);
}

/// `value` reshaped to `shape`, still tracked as unsigned when it is.
Value reshapeParam(NodeContext &ctx, Value value, ArrayRef<int64_t> shape) {
  Value result = reshapeTo(ctx, value, shape);
  if (ctx.isUnsigned(value))
    ctx.markUnsigned(result);
  return result;
}

/// `param`, a scale or zero point, made to broadcast against a tensor of
/// `shape`: one element is per tensor (a scalar), a vector without
/// `blockSize` is per axis (along `axis`), and with `blockSize` a tensor of
/// the input's rank holds one entry per `blockSize` elements of `axis`.
FailureOr<Value> alignParam(NodeContext &ctx, Value param,
                            ArrayRef<int64_t> shape, int64_t axis,
                            int64_t blockSize, StringRef what) {
  Composer c{ctx};
  ArrayRef<int64_t> paramShape = shapeOf(param);
  if (tensorTypeOf(param).getNumElements() == 1)
    return c.reshape(param, {});
  auto rank = static_cast<int64_t>(shape.size());
  FailureOr<int64_t> normalized = normalizeAxis(ctx, axis, rank);
  if (failed(normalized))
    return failure();
  axis = *normalized;
  if (blockSize <= 0) {
    if (paramShape.size() != 1 || paramShape[0] != shape[axis])
      return ctx.emitError()
             << "expected a " << what << " of one element or one per element "
             << "of axis " << axis << " (" << shape[axis] << "), got "
             << param.getType();
    SmallVector<int64_t> aligned(rank, 1);
    aligned[axis] = shape[axis];
    return c.reshape(param, aligned);
  }
  int64_t blocks = llvm::divideCeil(shape[axis], blockSize);
  bool matches = static_cast<int64_t>(paramShape.size()) == rank;
  for (int64_t d = 0; matches && d < rank; ++d)
    matches = paramShape[d] == (d == axis ? blocks : shape[d]);
  if (!matches)
    return ctx.emitError() << "expected a blocked " << what << " of the "
                           << "input's shape with " << blocks
                           << " entries along axis " << axis << " (block_size "
                           << blockSize << "), got " << param.getType();
  // [..., blocks, ...] -> [..., blocks, 1, ...] -> [..., blocks, blockSize,
  // ...] -> [..., blocks * blockSize, ...], cut to the input's extent.
  SmallVector<int64_t> split(paramShape);
  split.insert(split.begin() + axis + 1, 1);
  Value repeated = c.reshape(param, split);
  split[axis + 1] = blockSize;
  repeated = c.broadcastTo(repeated, split);
  SmallVector<int64_t> merged(paramShape);
  merged[axis] = blocks * blockSize;
  repeated = c.reshape(repeated, merged);
  if (merged[axis] != shape[axis])
    repeated = c.sliceAxis(repeated, axis, 0, shape[axis]);
  return repeated;
}

/// alignParam, keeping an unsigned zero point tracked as unsigned.
FailureOr<Value> alignToInput(NodeContext &ctx, Value param,
                              ArrayRef<int64_t> shape, int64_t axis,
                              int64_t blockSize, StringRef what) {
  FailureOr<Value> aligned =
      alignParam(ctx, param, shape, axis, blockSize, what);
  if (succeeded(aligned) && ctx.isUnsigned(param))
    ctx.markUnsigned(*aligned);
  return aligned;
}

/// A scale and zero point (null: none) aligned to the input.
struct AlignedParams {
  Value scale, zeroPoint;
};

/// The node's `scale` and `zeroPoint` aligned to an input of `shape` by its
/// `axis` and `block_size` attributes.
FailureOr<AlignedParams> alignParams(NodeContext &ctx, Value scale,
                                     Value zeroPoint, ArrayRef<int64_t> shape) {
  int64_t axis = ctx.getInt("axis", 1);
  int64_t blockSize = ctx.getInt("block_size", 0);
  AlignedParams aligned;
  FailureOr<Value> alignedScale =
      alignToInput(ctx, scale, shape, axis, blockSize, "scale");
  if (failed(alignedScale))
    return failure();
  aligned.scale = *alignedScale;
  if (zeroPoint) {
    FailureOr<Value> alignedZeroPoint =
        alignToInput(ctx, zeroPoint, shape, axis, blockSize, "zero point");
    if (failed(alignedZeroPoint))
      return failure();
    aligned.zeroPoint = *alignedZeroPoint;
  }
  return aligned;
}

/// `q` (integral floats) clamped to `type`'s range and stored in it.
Value saturate(NodeContext &ctx, Value q, const QuantizedType &type) {
  Composer c{ctx};
  // One op per statement: argument order is the compiler's to choose, and
  // the IR must not depend on it.
  Value high = c.scalar(q, double(type.max));
  q = c.min(q, high);
  Value low = c.scalar(q, double(type.min));
  q = c.max(q, low);
  Value result = ctx.create<tg::CastOp>(
      RankedTensorType::get(shapeOf(q), type.storage), q,
      /*unsigned_input=*/false, /*unsigned_result=*/type.isUnsigned);
  if (type.isUnsigned)
    ctx.markUnsigned(result);
  return result;
}

/// round_half_even(x / scale) + zeroPoint, saturated to `type`, computed in
/// `x`'s float type. `scale` and `zeroPoint` (null: none) broadcast to `x`.
Value quantize(NodeContext &ctx, Value x, Value scale, Value zeroPoint,
               const QuantizedType &type) {
  Composer c{ctx};
  Type element = elementTypeOf(x);
  Value divisor = convert(ctx, scale, element);
  Value q = ctx.create<tg::RoundOp>(c.div(x, divisor));
  if (zeroPoint) {
    Value shift = convert(ctx, zeroPoint, element);
    q = c.add(q, shift);
  }
  return saturate(ctx, q, type);
}

/// `x` minus `zeroPoint` (null: none) in int32, both read as their
/// signedness.
Value subtractZeroPoint(NodeContext &ctx, Value x, Value zeroPoint) {
  Composer c{ctx};
  Type i32 = IntegerType::get(ctx.getContext(), 32);
  Value wide = convert(ctx, x, i32);
  if (!zeroPoint)
    return wide;
  Value shift = convert(ctx, zeroPoint, i32);
  return c.sub(wide, shift);
}

//===----------------------------------------------------------------------===//
// QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear
//===----------------------------------------------------------------------===//

LogicalResult convertDequantizeLinear(NodeContext &ctx) {
  Value x = ctx.getInput(0), scale = ctx.getInput(1);
  Value zeroPoint = ctx.hasInput(2) ? ctx.getInput(2) : Value();
  if (!isFloatValue(scale))
    return ctx.emitError() << "expected a float scale, got "
                           << scale.getType();
  if (const LowPrecisionType *type =
          lookupLowPrecisionType(ctx.getLowPrecisionType(x))) {
    // float8, float4, int4, int2: decoded to float32, which holds every
    // value exactly.
    if (zeroPoint && ctx.getLowPrecisionType(zeroPoint) != type->dataType)
      return ctx.emitError() << "expected a zero point of x's type";
    Type f32 = Float32Type::get(ctx.getContext());
    x = decodeCodes(ctx, x, *type, f32);
    if (zeroPoint)
      zeroPoint = decodeCodes(ctx, zeroPoint, *type, f32);
  } else {
    auto integer = dyn_cast<IntegerType>(elementTypeOf(x));
    if (!integer || integer.getWidth() == 1 || integer.getWidth() == 64)
      return ctx.unsupported(
          "dequantizing " + llvm::Twine(isFloatValue(x) ? "float" : "these") +
          " values");
    if (zeroPoint && (elementTypeOf(zeroPoint) != integer ||
                      ctx.isUnsigned(zeroPoint) != ctx.isUnsigned(x)))
      return ctx.emitError() << "expected a zero point of x's type";
  }
  FailureOr<AlignedParams> aligned =
      alignParams(ctx, scale, zeroPoint, shapeOf(x));
  if (failed(aligned))
    return failure();
  Composer c{ctx};
  Type f32 = Float32Type::get(ctx.getContext());
  Value y = convert(ctx, x, f32);
  if (aligned->zeroPoint) {
    Value shift = convert(ctx, aligned->zeroPoint, f32);
    y = c.sub(y, shift);
  }
  Value factor = convert(ctx, aligned->scale, f32);
  y = c.mul(y, factor);
  Type result = elementTypeOf(scale);
  if (int dataType = ctx.getInt("output_dtype", 0)) {
    result = getElementType(ctx.getContext(), dataType);
    if (!result || !isa<FloatType>(result))
      return ctx.unsupported("dequantizing to " +
                             getDataTypeName(dataType).str());
  }
  ctx.setOutput(0, c.cast(y, result));
  return success();
}

/// QuantizeLinear to float8, float4, int4 or int2 (LowPrecision.h): an
/// integer type rounds and saturates to its range as the wider ones do; a
/// float type converts x / scale + zero_point as Cast does, saturating
/// unless `saturate` is 0.
static LogicalResult quantizeLowPrecision(NodeContext &ctx, Value x,
                                          Value scale, Value zeroPoint,
                                          int outputType,
                                          const LowPrecisionType &type) {
  if (outputType && outputType != type.dataType)
    return ctx.emitError() << "output_dtype does not match the zero point's "
                              "type";
  Type f32 = Float32Type::get(ctx.getContext());
  if (zeroPoint)
    zeroPoint = decodeCodes(ctx, zeroPoint, type, f32);
  FailureOr<AlignedParams> aligned =
      alignParams(ctx, scale, zeroPoint, shapeOf(x));
  if (failed(aligned))
    return failure();
  Composer c{ctx};
  Type element = elementTypeOf(x);
  Value q = c.div(x, convert(ctx, aligned->scale, element));
  bool integer = type.kind == LowPrecisionType::Kind::Integer;
  if (integer)
    q = ctx.create<tg::RoundOp>(q);
  if (aligned->zeroPoint) {
    Value shift = convert(ctx, aligned->zeroPoint, element);
    q = c.add(q, shift);
  }
  if (integer) {
    int64_t codes = type.numCodes();
    Value high = c.scalar(q, double(type.isSigned ? codes / 2 - 1 : codes - 1));
    q = c.min(q, high);
    Value low = c.scalar(q, double(type.isSigned ? -codes / 2 : 0));
    q = c.max(q, low);
  }
  Value result = encodeCodes(ctx, q, type, ctx.getInt("saturate", 1) != 0);
  ctx.setOutput(0, result);
  ctx.markLowPrecision(result, type.dataType);
  return success();
}

LogicalResult convertQuantizeLinear(NodeContext &ctx) {
  Value x = ctx.getInput(0), scale = ctx.getInput(1);
  Value zeroPoint = ctx.hasInput(2) ? ctx.getInput(2) : Value();
  if (!isFloatValue(scale))
    return ctx.emitError() << "expected a float scale, got "
                           << scale.getType();
  if (!isFloatValue(x)) {
    // Opset 10's int32 input: quantized in float32 like the rest.
    if (!elementTypeOf(x).isInteger(32))
      return ctx.emitError() << "expected a float or int32 input, got "
                             << x.getType();
    x = convert(ctx, x, Float32Type::get(ctx.getContext()));
  }
  // Divided in x's type when the scale has it (as the reference does), in
  // float32 otherwise.
  if (elementTypeOf(scale) != elementTypeOf(x))
    x = convert(ctx, x, Float32Type::get(ctx.getContext()));
  // The zero point's type, else output_dtype's (opset 21), else uint8.
  int outputType = static_cast<int>(ctx.getInt("output_dtype", 0));
  int lowPrecision = zeroPoint ? ctx.getLowPrecisionType(zeroPoint)
                     : lookupLowPrecisionType(outputType) ? outputType
                                                          : 0;
  if (lowPrecision)
    return quantizeLowPrecision(ctx, x, scale, zeroPoint, outputType,
                                *lookupLowPrecisionType(lowPrecision));
  FailureOr<QuantizedType> type =
      zeroPoint ? getQuantizedType(ctx, zeroPoint, "zero point")
                : getQuantizedType(ctx, outputType ? outputType
                                                   : int(onnx::TensorProto::UINT8));
  if (failed(type))
    return failure();
  if (zeroPoint && outputType) {
    FailureOr<QuantizedType> declared = getQuantizedType(ctx, outputType);
    if (failed(declared))
      return failure();
    if (declared->storage != type->storage ||
        declared->isUnsigned != type->isUnsigned)
      return ctx.emitError() << "output_dtype does not match the zero point's "
                                "type";
  }
  FailureOr<AlignedParams> aligned =
      alignParams(ctx, scale, zeroPoint, shapeOf(x));
  if (failed(aligned))
    return failure();
  ctx.setOutput(0,
                quantize(ctx, x, aligned->scale, aligned->zeroPoint, *type));
  return success();
}

/// DynamicQuantizeLinear: x's range, widened to hold 0, is mapped onto
/// uint8's [0, 255]; returns y, the scale and the zero point.
LogicalResult convertDynamicQuantizeLinear(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  if (!elementTypeOf(x).isF32())
    return ctx.emitError() << "expected a float32 input, got " << x.getType();
  Composer c{ctx};
  SmallVector<int64_t> all(rankOf(x));
  for (auto [i, axis] : llvm::enumerate(all))
    axis = i;
  Value zero = c.scalar(x, 0);
  Value largest = ctx.create<tg::ReduceOp>(tg::ReduceKind::max, x, all,
                                           /*keepdims=*/false);
  Value high = c.max(largest, zero);
  Value smallest = ctx.create<tg::ReduceOp>(tg::ReduceKind::min, x, all,
                                            /*keepdims=*/false);
  Value low = c.min(smallest, zero);
  Value range = c.sub(high, low);
  Value empty = c.compare(tg::ComparePredicate::eq, range, zero);
  Value one = c.scalar(x, 1);
  Value span = c.select(empty, one, range);
  Value levels = c.scalar(x, 255);
  Value scale = c.div(span, levels);
  QuantizedType u8 = makeQuantizedType(ctx.getContext(), 8, true);
  // The zero point is clamped before it is rounded, as ONNX defines it.
  Value shift = c.neg(c.div(low, scale));
  shift = c.min(shift, levels);
  shift = c.max(shift, zero);
  Value zeroPoint = ctx.create<tg::RoundOp>(shift);
  ctx.setOutput(0, quantize(ctx, x, scale, zeroPoint, u8));
  ctx.setOutput(1, scale);
  ctx.setOutput(2, saturate(ctx, zeroPoint, u8));
  return success();
}

//===----------------------------------------------------------------------===//
// MatMulInteger, ConvInteger, QLinearMatMul, QLinearConv
//===----------------------------------------------------------------------===//

/// Checks that `value` is an 8-bit integer tensor (`what` names it).
LogicalResult checkInt8(NodeContext &ctx, Value value, StringRef what) {
  if (!elementTypeOf(value).isInteger(8))
    return ctx.emitError() << "expected an int8 or uint8 " << what << ", got "
                           << value.getType();
  return success();
}

/// A matmul operand's zero point made to broadcast against it: one element,
/// or one per row of the left operand (`perRowAxis` -2) or per column of the
/// right one (-1).
FailureOr<Value> alignMatMulZeroPoint(NodeContext &ctx, Value zeroPoint,
                                      Value operand, int64_t perAxis,
                                      StringRef what) {
  if (failed(checkInt8(ctx, zeroPoint, what)))
    return failure();
  if (ctx.isUnsigned(zeroPoint) != ctx.isUnsigned(operand))
    return ctx.emitError() << "expected " << what << " of its operand's type";
  if (tensorTypeOf(zeroPoint).getNumElements() == 1)
    return reshapeParam(ctx, zeroPoint, {});
  int64_t rank = rankOf(operand);
  if (rank < 2 || rankOf(zeroPoint) != 1 ||
      shapeOf(zeroPoint)[0] != shapeOf(operand)[rank + perAxis])
    return ctx.emitError() << "expected " << what << " of one element or one "
                           << "per " << (perAxis == -2 ? "row" : "column")
                           << ", got " << zeroPoint.getType();
  SmallVector<int64_t> shape(rank, 1);
  shape[rank + perAxis] = shapeOf(zeroPoint)[0];
  return reshapeParam(ctx, zeroPoint, shape);
}

/// (a - aZeroPoint) @ (b - bZeroPoint) in int32; the zero points may be
/// null.
FailureOr<Value> integerMatMul(NodeContext &ctx, Value a, Value b,
                               Value aZeroPoint, Value bZeroPoint) {
  if (failed(checkInt8(ctx, a, "A")) || failed(checkInt8(ctx, b, "B")))
    return failure();
  if (aZeroPoint) {
    FailureOr<Value> aligned =
        alignMatMulZeroPoint(ctx, aZeroPoint, a, -2, "a_zero_point");
    if (failed(aligned))
      return failure();
    aZeroPoint = *aligned;
  }
  if (bZeroPoint) {
    FailureOr<Value> aligned =
        alignMatMulZeroPoint(ctx, bZeroPoint, b, -1, "b_zero_point");
    if (failed(aligned))
      return failure();
    bZeroPoint = *aligned;
  }
  Value lhs = subtractZeroPoint(ctx, a, aZeroPoint);
  Value rhs = subtractZeroPoint(ctx, b, bZeroPoint);
  return buildMatMul(ctx, lhs, rhs);
}

LogicalResult convertMatMulInteger(NodeContext &ctx) {
  FailureOr<Value> product = integerMatMul(
      ctx, ctx.getInput(0), ctx.getInput(1),
      ctx.hasInput(2) ? ctx.getInput(2) : Value(),
      ctx.hasInput(3) ? ctx.getInput(3) : Value());
  if (failed(product))
    return failure();
  ctx.setOutput(0, *product);
  return success();
}

/// A convolution weight's zero point: one element, or one per output
/// channel, made to broadcast against the [M, C/group, k...] weight.
FailureOr<Value> alignWeightParam(NodeContext &ctx, Value param, Value weight,
                                  StringRef what) {
  if (tensorTypeOf(param).getNumElements() == 1)
    return reshapeParam(ctx, param, {});
  int64_t rank = rankOf(weight);
  if (rankOf(param) != 1 || shapeOf(param)[0] != shapeOf(weight)[0])
    return ctx.emitError() << "expected " << what << " of one element or one "
                           << "per output channel (" << shapeOf(weight)[0]
                           << "), got " << param.getType();
  SmallVector<int64_t> shape(rank, 1);
  shape[0] = shapeOf(weight)[0];
  return reshapeParam(ctx, param, shape);
}

/// The convolution of (x - xZeroPoint) by (w - wZeroPoint) in int32, plus
/// an int32 `bias` (null: none).
FailureOr<Value> integerConv(NodeContext &ctx, Value x, Value w,
                             Value xZeroPoint, Value wZeroPoint, Value bias) {
  if (failed(checkInt8(ctx, x, "input")) ||
      failed(checkInt8(ctx, w, "weight")))
    return failure();
  if (xZeroPoint) {
    if (failed(checkInt8(ctx, xZeroPoint, "input zero point")))
      return failure();
    if (tensorTypeOf(xZeroPoint).getNumElements() != 1)
      return ctx.emitError() << "expected an input zero point of one "
                                "element, got "
                             << xZeroPoint.getType();
    xZeroPoint = reshapeParam(ctx, xZeroPoint, {});
  }
  if (wZeroPoint) {
    if (failed(checkInt8(ctx, wZeroPoint, "weight zero point")))
      return failure();
    FailureOr<Value> aligned =
        alignWeightParam(ctx, wZeroPoint, w, "a weight zero point");
    if (failed(aligned))
      return failure();
    wZeroPoint = *aligned;
  }
  if (bias && (!elementTypeOf(bias).isInteger(32) || rankOf(bias) != 1))
    return ctx.emitError() << "expected a 1-D int32 bias, got "
                           << bias.getType();
  Value input = subtractZeroPoint(ctx, x, xZeroPoint);
  Value weight = subtractZeroPoint(ctx, w, wZeroPoint);
  return buildConv(ctx, input, weight, bias);
}

LogicalResult convertConvInteger(NodeContext &ctx) {
  FailureOr<Value> conv = integerConv(
      ctx, ctx.getInput(0), ctx.getInput(1),
      ctx.hasInput(2) ? ctx.getInput(2) : Value(),
      ctx.hasInput(3) ? ctx.getInput(3) : Value(), Value());
  if (failed(conv))
    return failure();
  ctx.setOutput(0, *conv);
  return success();
}

/// The int32 `accumulator` requantized: accumulator * (inScale * wScale) /
/// yScale, rounded half to even, plus yZeroPoint, saturated to its type.
/// `wScale` is already aligned to the accumulator. Computed in float32, as
/// the reference does, whatever the scales' type.
LogicalResult requantize(NodeContext &ctx, Value accumulator, Value inScale,
                         Value wScale, Value yScale, Value yZeroPoint) {
  Composer c{ctx};
  Type f32 = Float32Type::get(ctx.getContext());
  for (Value scale : {inScale, wScale, yScale})
    if (!isFloatValue(scale))
      return ctx.emitError() << "expected float scales, got "
                             << scale.getType();
  if (tensorTypeOf(inScale).getNumElements() != 1 ||
      tensorTypeOf(yScale).getNumElements() != 1)
    return ctx.emitError() << "expected per-tensor input and output scales";
  FailureOr<QuantizedType> type =
      getQuantizedType(ctx, yZeroPoint, "output zero point");
  if (failed(type))
    return failure();
  if (tensorTypeOf(yZeroPoint).getNumElements() != 1)
    return ctx.emitError() << "expected a per-tensor output zero point";
  Value inFactor = convert(ctx, reshapeTo(ctx, inScale, {}), f32);
  Value wFactor = convert(ctx, wScale, f32);
  Value scale = c.mul(inFactor, wFactor);
  Value real = c.mul(convert(ctx, accumulator, f32), scale);
  Value outScale = reshapeTo(ctx, yScale, {});
  Value outZeroPoint = reshapeParam(ctx, yZeroPoint, {});
  ctx.setOutput(0, quantize(ctx, real, outScale, outZeroPoint, *type));
  return success();
}

/// QLinearMatMul(a, a_scale, a_zero_point, b, b_scale, b_zero_point,
/// y_scale, y_zero_point).
LogicalResult convertQLinearMatMul(NodeContext &ctx) {
  Value a = ctx.getInput(0), b = ctx.getInput(3);
  FailureOr<Value> product =
      integerMatMul(ctx, a, b, ctx.getInput(2), ctx.getInput(5));
  if (failed(product))
    return failure();
  // b's scale: one element, or one per column.
  Value bScale = ctx.getInput(4);
  if (tensorTypeOf(bScale).getNumElements() == 1)
    bScale = reshapeTo(ctx, bScale, {});
  else if (rankOf(bScale) != 1 || rankOf(*product) < 1 ||
           shapeOf(bScale)[0] != shapeOf(*product).back())
    return ctx.emitError() << "expected b_scale of one element or one per "
                              "column, got "
                           << bScale.getType();
  return requantize(ctx, *product, ctx.getInput(1), bScale, ctx.getInput(6),
                    ctx.getInput(7));
}

/// QLinearConv(x, x_scale, x_zero_point, w, w_scale, w_zero_point, y_scale,
/// y_zero_point, B).
LogicalResult convertQLinearConv(NodeContext &ctx) {
  Value w = ctx.getInput(3);
  FailureOr<Value> conv =
      integerConv(ctx, ctx.getInput(0), w, ctx.getInput(2), ctx.getInput(5),
                  ctx.hasInput(8) ? ctx.getInput(8) : Value());
  if (failed(conv))
    return failure();
  // w's scale: one element, or one per output channel (axis 1 of the
  // N x M x ... result).
  Value wScale = ctx.getInput(4);
  if (tensorTypeOf(wScale).getNumElements() == 1) {
    wScale = reshapeTo(ctx, wScale, {});
  } else {
    if (rankOf(wScale) != 1 || shapeOf(wScale)[0] != shapeOf(w)[0])
      return ctx.emitError() << "expected w_scale of one element or one per "
                                "output channel, got "
                             << wScale.getType();
    SmallVector<int64_t> shape(rankOf(*conv) - 1, 1);
    shape[0] = shapeOf(w)[0];
    wScale = reshapeTo(ctx, wScale, shape);
  }
  return requantize(ctx, *conv, ctx.getInput(1), wScale, ctx.getInput(6),
                    ctx.getInput(7));
}

} // namespace

//===----------------------------------------------------------------------===//
// For other converters (Contractions.h)
//===----------------------------------------------------------------------===//

FailureOr<Value> aotc::onnximport::buildDequantize(NodeContext &ctx, Value q,
                                                   Value scale,
                                                   Value zeroPoint) {
  if (!isFloatValue(scale) || tensorTypeOf(scale).getNumElements() != 1 ||
      (zeroPoint && tensorTypeOf(zeroPoint).getNumElements() != 1))
    return ctx.emitError() << "expected a per-tensor float scale and zero "
                              "point";
  Composer c{ctx};
  Type f32 = Float32Type::get(ctx.getContext());
  Value y = convert(ctx, q, f32);
  if (zeroPoint)
    y = c.sub(y, convert(ctx, reshapeParam(ctx, zeroPoint, {}), f32));
  return c.mul(y, convert(ctx, reshapeTo(ctx, scale, {}), f32));
}

FailureOr<Value> aotc::onnximport::buildQuantize(NodeContext &ctx, Value real,
                                                 Value scale, Value zeroPoint,
                                                 Value like) {
  Value typed = zeroPoint ? zeroPoint : like;
  FailureOr<QuantizedType> type =
      getQuantizedType(ctx, typed, "quantized output");
  if (failed(type))
    return failure();
  if (!isFloatValue(scale) || tensorTypeOf(scale).getNumElements() != 1 ||
      (zeroPoint && tensorTypeOf(zeroPoint).getNumElements() != 1))
    return ctx.emitError() << "expected a per-tensor float scale and zero "
                              "point";
  Type f32 = Float32Type::get(ctx.getContext());
  Value divisor = convert(ctx, reshapeTo(ctx, scale, {}), f32);
  Value shift = zeroPoint ? reshapeParam(ctx, zeroPoint, {}) : Value();
  return quantize(ctx, convert(ctx, real, f32), divisor, shift, *type);
}

FailureOr<Value> aotc::onnximport::buildIntegerMatMul(NodeContext &ctx,
                                                      Value a, Value b,
                                                      Value aZeroPoint,
                                                      Value bZeroPoint) {
  return integerMatMul(ctx, a, b, aZeroPoint, bZeroPoint);
}


void aotc::onnximport::registerQuantizationConverters(
    ConverterRegistry &registry) {
  registry.add("DequantizeLinear", {2, 3}, convertDequantizeLinear);
  registry.add("QuantizeLinear", {2, 3}, convertQuantizeLinear);
  registry.add("DynamicQuantizeLinear", {1, 1}, convertDynamicQuantizeLinear);
  registry.add("MatMulInteger", {2, 4}, convertMatMulInteger);
  registry.add("ConvInteger", {2, 4}, convertConvInteger);
  registry.add("QLinearMatMul", {8, 8}, convertQLinearMatMul);
  registry.add("QLinearConv", {8, 9}, convertQLinearConv);
}
