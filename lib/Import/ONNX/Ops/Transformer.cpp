//===- Transformer.cpp - ONNX Transformer op converters --------*- C++ -*-===//
//
// Converters for the ONNX ops of transformer models: Attention,
// RotaryEmbedding, RMSNormalization, LpNormalization,
// MeanVarianceNormalization and SwiGLU; see NodeImporter.h for the
// interface. None has a tg counterpart: each is a composition of tg ops
// (matmul, transpose, reshape, reduce, select, compare, concat, slice,
// gather, ...) that follows the op's ONNX function body step by step, so
// that rounding, the handling of -inf in masks and the fully masked rows
// match the reference (docs/ops-transformer.md).
//
// Every shape is static; the converters check the shapes they combine
// before building, since an op whose result type cannot be inferred aborts.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "Transformer.h"
#include "../NodeImporter.h"
#include "../TensorImport.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "onnx/onnx_pb.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

/// The shared Composer plus the slices and softmax attention needs.
struct AttentionComposer : Composer {
  /// Elements [start, limit) with `stride` along the last axis.
  Value sliceLast(Value x, int64_t start, int64_t limit, int64_t stride = 1) {
    SmallVector<int64_t> starts(rankOf(x), 0), limits(shapeOf(x)),
        strides(rankOf(x), 1);
    starts.back() = start;
    limits.back() = limit;
    strides.back() = stride;
    return ctx.create<tg::SliceOp>(x, starts, limits, strides);
  }
  /// Softmax along the last axis: exp(x - max) / sum.
  Value softmax(Value x) {
    int64_t axis = rankOf(x) - 1;
    Value shifted = sub(x, reduce(tg::ReduceKind::max, x, {axis}));
    Value e = exp(shifted);
    return div(e, reduce(tg::ReduceKind::sum, e, {axis}));
  }
};

/// Whether `shape` broadcasts to `target` (NumPy rules, one way).
bool broadcastsTo(ArrayRef<int64_t> shape, ArrayRef<int64_t> target) {
  if (shape.size() > target.size())
    return false;
  size_t offset = target.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] != 1 && shape[i] != target[offset + i])
      return false;
  return true;
}

/// Whether `a` and `b` broadcast against each other.
bool broadcastCompatible(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  for (size_t i = 1; i <= std::min(a.size(), b.size()); ++i) {
    int64_t x = a[a.size() - i], y = b[b.size() - i];
    if (x != y && x != 1 && y != 1)
      return false;
  }
  return true;
}


/// The float element type of ONNX data type `dataType`, or failure
/// (recorded as unsupported).
FailureOr<Type> getFloatType(NodeContext &ctx, StringRef attr,
                             int64_t dataType) {
  Type type = getElementType(ctx.getContext(), dataType);
  if (!type || !isa<FloatType>(type)) {
    (void)ctx.unsupported(Twine(attr) + " " + getDataTypeName(dataType));
    return failure();
  }
  return type;
}


//===----------------------------------------------------------------------===//
// Attention
//===----------------------------------------------------------------------===//

/// Whether some row (last axis) of `bias` may be -inf throughout: false
/// only when `bias` is a constant with a finite element in every row.
bool mayMaskWholeRows(Value bias) {
  auto constant = bias.getDefiningOp<tg::ConstantOp>();
  if (!constant)
    return true;
  auto values = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!values)
    return true;
  int64_t rowSize = shapeOf(bias).empty() ? 1 : shapeOf(bias).back();
  if (values.isSplat())
    return values.getSplatValue<APFloat>().isNegInfinity();
  int64_t index = 0;
  bool rowMasked = true;
  for (const APFloat &value : values.getValues<APFloat>()) {
    rowMasked &= value.isNegInfinity();
    if (++index % rowSize == 0) {
      if (rowMasked)
        return true;
      rowMasked = true;
    }
  }
  return false;
}

/// Splits the last axis of a 3-D [B, S, H * D] input into `heads` heads and
/// returns [B, H, S, D].
Value splitHeads(Composer &c, Value x, int64_t heads) {
  ArrayRef<int64_t> s = shapeOf(x);
  Value split = c.reshape(x, {s[0], s[1], heads, s[2] / heads});
  return c.transpose(split, {0, 2, 1, 3});
}

/// Repeats every head of a [B, H, S, D] tensor `group` times in a row, so
/// that query head h reads key/value head h / group (grouped-query
/// attention).
Value repeatHeads(Composer &c, Value x, int64_t group) {
  if (group == 1)
    return x;
  ArrayRef<int64_t> s = shapeOf(x);
  int64_t b = s[0], h = s[1], n = s[2], d = s[3];
  Value expanded =
      c.broadcastTo(c.reshape(x, {b, h, 1, n, d}), {b, h, group, n, d});
  return c.reshape(expanded, {b, h * group, n, d});
}

/// Attention (opsets 23 and 24), after ONNX's function body:
///   scores = (Q * sqrt(scale)) @ (K^T * sqrt(scale))  [qk_matmul_output 0]
///   scores = softcap * tanh(scores / softcap)         [1]
///   scores = scores + bias                            [2]
///   probs  = softmax(scores) in softmax_precision     [3]
///   Y      = probs @ V
/// where bias sums the attention mask (bool: 0 or -inf; padded with -inf to
/// the total key length), the causal mask (query i, offset by the past
/// length, or by nonpad_kv_seqlen - q_len, sees keys j <= i + offset) and
/// the key padding of nonpad_kv_seqlen. Rows whose bias is -inf throughout
/// get probabilities 0 rather than NaN. past_key/past_value are prepended
/// to K/V, which are then the present_key/present_value outputs; with fewer
/// key/value heads than query heads (GQA) each key/value head serves
/// q_num_heads / kv_num_heads consecutive query heads.
LogicalResult convertAttention(NodeContext &ctx) {
  AttentionComposer c{ctx};
  Value q = ctx.getInput(0), k = ctx.getInput(1), v = ctx.getInput(2);
  Type type = elementTypeOf(q);
  if (!isFloatValue(q))
    return ctx.unsupported("non-float Q");
  if (elementTypeOf(k) != type || elementTypeOf(v) != type)
    return ctx.emitError() << "expected Q, K and V of one element type, got "
                           << q.getType() << ", " << k.getType() << " and "
                           << v.getType();
  int64_t rank = rankOf(q);
  if ((rank != 3 && rank != 4) || rankOf(k) != rank || rankOf(v) != rank)
    return ctx.emitError() << "expected Q, K and V all of rank 3 or all of "
                              "rank 4, got "
                           << q.getType() << ", " << k.getType() << " and "
                           << v.getType();

  // Bring Q, K and V to [B, H, S, D].
  if (rank == 3) {
    int64_t qHeads = ctx.getInt("q_num_heads", 0);
    int64_t kvHeads = ctx.getInt("kv_num_heads", 0);
    if (qHeads < 1 || kvHeads < 1)
      return ctx.emitError()
             << "expected q_num_heads and kv_num_heads with 3-D inputs";
    if (shapeOf(q)[2] % qHeads != 0 || shapeOf(k)[2] % kvHeads != 0 ||
        shapeOf(v)[2] % kvHeads != 0)
      return ctx.emitError()
             << "expected the hidden sizes of Q, K and V to be multiples of "
                "q_num_heads ("
             << qHeads << ") and kv_num_heads (" << kvHeads << "), got "
             << q.getType() << ", " << k.getType() << " and " << v.getType();
    q = splitHeads(c, q, qHeads);
    k = splitHeads(c, k, kvHeads);
    v = splitHeads(c, v, kvHeads);
  }
  ArrayRef<int64_t> qs = shapeOf(q);
  int64_t batch = qs[0], qHeads = qs[1], qLen = qs[2], headSize = qs[3];
  int64_t kvHeads = shapeOf(k)[1], vHeadSize = shapeOf(v)[3];
  if (shapeOf(k)[0] != batch || shapeOf(v)[0] != batch ||
      shapeOf(v)[1] != kvHeads || shapeOf(k)[3] != headSize ||
      shapeOf(v)[2] != shapeOf(k)[2])
    return ctx.emitError() << "expected K of shape [" << batch << ", H, L, "
                           << headSize << "] and V of shape [" << batch
                           << ", H, L, Dv] (after splitting heads), got "
                           << k.getType() << " and " << v.getType();
  if (qHeads % kvHeads != 0)
    return ctx.emitError() << "expected the number of query heads (" << qHeads
                           << ") to be a multiple of that of key/value heads ("
                           << kvHeads << ")";

  // The KV cache.
  int64_t pastLen = 0;
  if (ctx.hasInput(4) != ctx.hasInput(5))
    return ctx.emitError() << "expected both past_key and past_value or "
                              "neither";
  if (ctx.hasInput(4)) {
    Value pastKey = ctx.getInput(4), pastValue = ctx.getInput(5);
    ArrayRef<int64_t> pk = shapeOf(pastKey), pv = shapeOf(pastValue);
    if (pk.size() != 4 || pv.size() != 4 || pk[0] != batch ||
        pk[1] != kvHeads || pk[3] != headSize || pv[0] != batch ||
        pv[1] != kvHeads || pv[2] != pk[2] || pv[3] != vHeadSize ||
        elementTypeOf(pastKey) != type || elementTypeOf(pastValue) != type)
      return ctx.emitError()
             << "expected past_key of shape [" << batch << ", " << kvHeads
             << ", P, " << headSize << "] and past_value of shape [" << batch
             << ", " << kvHeads << ", P, " << vHeadSize << "], got "
             << pastKey.getType() << " and " << pastValue.getType();
    pastLen = pk[2];
    k = c.concat({pastKey, k}, 2);
    v = c.concat({pastValue, v}, 2);
  }
  ctx.setOutput(1, k);
  ctx.setOutput(2, v);
  int64_t kvLen = shapeOf(k)[2];
  SmallVector<int64_t> scoreShape = {batch, qHeads, qLen, kvLen};

  // Scores, with the scale split between Q and K as ONNX does (in f32).
  float scale = ctx.getFloat("scale", 0.0);
  if (!ctx.hasAttr("scale"))
    scale = 1.0f / std::sqrt(static_cast<float>(headSize));
  Value sqrtScale = c.scalar(q, std::sqrt(scale));
  int64_t group = qHeads / kvHeads;
  k = repeatHeads(c, k, group);
  v = repeatHeads(c, v, group);
  Value qScaled = c.mul(q, sqrtScale);
  Value kScaled = c.mul(c.transpose(k, {0, 1, 3, 2}), sqrtScale);
  Value qk = c.matmul(qScaled, kScaled);

  // The bias: attention mask, causal mask, key padding.
  Value bias;
  Value zero = c.scalar(q, 0), negInf = c.scalar(q, kNegInf);
  if (ctx.hasInput(3)) {
    Value mask = ctx.getInput(3);
    ArrayRef<int64_t> ms = shapeOf(mask);
    if (ms.empty() || ms.size() > 4 || ms.back() > kvLen ||
        !broadcastsTo(ms.drop_back(), ArrayRef(scoreShape).drop_back()))
      return ctx.emitError() << "expected an attn_mask that broadcasts to ["
                             << batch << ", " << qHeads << ", " << qLen << ", "
                             << kvLen << "], got " << mask.getType();
    if (elementTypeOf(mask).isInteger(1))
      mask = c.select(mask, zero, negInf);
    else if (isFloatValue(mask))
      mask = c.cast(mask, type);
    else
      return ctx.unsupported("an attn_mask neither bool nor float");
    if (ms.back() < kvLen) {
      SmallVector<int64_t> padShape(ms);
      padShape.back() = kvLen - ms.back();
      mask = c.concat({mask, ctx.createSplat(type, kNegInf, padShape)},
                      ms.size() - 1);
    }
    bias = mask;
  }
  Value nonpad;
  if (ctx.hasInput(6)) {
    nonpad = ctx.getInput(6);
    if (shapeOf(nonpad) != ArrayRef<int64_t>{batch} ||
        !(elementTypeOf(nonpad).isInteger(64) ||
          elementTypeOf(nonpad).isInteger(32)))
      return ctx.emitError()
             << "expected nonpad_kv_seqlen of shape [" << batch
             << "] and an integer type, got " << nonpad.getType();
    nonpad = c.cast(nonpad, IntegerType::get(ctx.getContext(), 64));
  }
  if (ctx.getInt("is_causal", 0) != 0) {
    Value causal;
    Value cols = c.iota({1, 1, 1, kvLen});
    Value rows = c.iota({1, 1, qLen, 1});
    if (nonpad) {
      Value offset =
          c.reshape(c.sub(nonpad, ctx.createSplat(elementTypeOf(nonpad), qLen)),
                    {batch, 1, 1, 1});
      causal = c.compare(tg::ComparePredicate::lt, c.add(rows, offset), cols);
    } else {
      causal = c.compare(
          tg::ComparePredicate::lt,
          c.add(rows, ctx.createSplat(elementTypeOf(rows), pastLen)), cols);
    }
    Value causalBias = c.select(causal, negInf, zero);
    bias = bias ? c.add(bias, causalBias) : causalBias;
  }
  if (nonpad) {
    Value cols = c.iota({1, kvLen});
    Value keep = c.compare(tg::ComparePredicate::lt, cols,
                           c.reshape(nonpad, {batch, 1}));
    Value padBias =
        c.reshape(c.select(keep, zero, negInf), {batch, 1, 1, kvLen});
    bias = bias ? c.add(bias, padBias) : padBias;
  }

  Value scores = qk;
  if (double softcap = ctx.getFloat("softcap", 0.0); softcap > 0) {
    Value cap = c.scalar(q, softcap);
    scores = c.mul(ctx.create<tg::TanhOp>(c.div(scores, cap)), cap);
  }
  Value softcapped = scores;
  if (bias)
    scores = c.add(scores, bias);
  Value biased = scores;

  Type softmaxType = type;
  if (ctx.hasAttr("softmax_precision")) {
    FailureOr<Type> precision = getFloatType(
        ctx, "softmax_precision", ctx.getInt("softmax_precision", 1));
    if (failed(precision))
      return success();
    softmaxType = *precision;
  }
  Value probs = c.cast(c.softmax(c.cast(scores, softmaxType)), type);
  if (bias && mayMaskWholeRows(bias)) {
    // A row masked throughout: max - max is NaN; ONNX gives zeros.
    Value rowMax = c.reduce(tg::ReduceKind::max, bias, {rankOf(bias) - 1});
    Value allMasked = c.compare(tg::ComparePredicate::eq, rowMax, negInf);
    probs = c.select(allMasked, zero, probs);
  }

  Value y = c.matmul(probs, v);
  if (rank == 3)
    y = c.reshape(c.transpose(y, {0, 2, 1, 3}),
                  {batch, qLen, qHeads * vHeadSize});
  ctx.setOutput(0, y);

  if (ctx.hasOutput(3)) {
    switch (ctx.getInt("qk_matmul_output_mode", 0)) {
    case 0:
      ctx.setOutput(3, qk);
      break;
    case 1:
      ctx.setOutput(3, softcapped);
      break;
    case 2:
      ctx.setOutput(3, biased);
      break;
    case 3:
      ctx.setOutput(3, probs);
      break;
    default:
      return ctx.emitError() << "expected qk_matmul_output_mode 0 to 3, got "
                             << ctx.getInt("qk_matmul_output_mode", 0);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// RotaryEmbedding
//===----------------------------------------------------------------------===//

/// RotaryEmbedding (opset 23): rotates the first rotary_embedding_dim
/// features of every head by the angles of cos_cache/sin_cache, taken at
/// position_ids (a gather) or given per batch and position. The rotated
/// pairs are the two halves of those features, or with `interleaved`
/// neighbouring features.
} // namespace

RotaryOptions aotc::onnximport::rotaryOptionsOf(const NodeContext &ctx) {
  return {ctx.getInt("rotary_embedding_dim", 0),
          ctx.getInt("interleaved", 0) != 0};
}

FailureOr<Value> aotc::onnximport::buildRotaryEmbedding(NodeContext &ctx,
                                                        Value x,
                                                        Value cosCache,
                                                        Value sinCache,
                                                        Value positions,
                                                        RotaryOptions options) {
  AttentionComposer c{ctx};
  if (!isFloatValue(x)) {
    (void)ctx.unsupported("non-float input");
    return Value();
  }
  Type type = elementTypeOf(x);
  ArrayRef<int64_t> shape = shapeOf(x);
  int64_t rank = shape.size();
  if (elementTypeOf(cosCache) != type || elementTypeOf(sinCache) != type ||
      shapeOf(cosCache) != shapeOf(sinCache))
    return ctx.emitError() << "expected cos_cache and sin_cache of one shape "
                              "and the input's element type, got "
                           << cosCache.getType() << " and "
                           << sinCache.getType();

  if (rank != 3 && rank != 4)
    return ctx.emitError() << "expected an input of rank 3 or 4, got "
                           << x.getType();
  // Work on [B, H, S, D] (4-D input) or [B, S, H, D] (3-D input).
  Value xh;
  int64_t batch = shape[0], seqLen, headSize;
  bool headsFirst = rank == 4;
  if (rank == 4) {
    xh = x;
    seqLen = shape[2];
    headSize = shape[3];
  } else if (rank == 3) {
    int64_t heads = ctx.getInt("num_heads", 0);
    if (heads < 1 || shape[2] % heads != 0)
      return ctx.emitError() << "expected num_heads dividing the hidden size "
                                "of a 3-D input, got "
                             << heads << " and " << x.getType();
    seqLen = shape[1];
    headSize = shape[2] / heads;
    xh = c.reshape(x, {batch, seqLen, heads, headSize});
  } else {
    return ctx.emitError() << "expected an input of rank 3 or 4, got "
                           << x.getType();
  }
  int64_t rotaryDim = options.rotaryDim;
  if (rotaryDim == 0)
    rotaryDim = headSize;
  if (rotaryDim < 0 || rotaryDim > headSize || rotaryDim % 2 != 0)
    return ctx.emitError() << "expected an even rotary_embedding_dim of at "
                              "most the head size "
                           << headSize << ", got " << rotaryDim;
  int64_t half = rotaryDim / 2;

  // cos and sin as [B, S, half].
  if (positions) {
    if (shapeOf(positions) != ArrayRef<int64_t>{batch, seqLen} ||
        !isa<IntegerType>(elementTypeOf(positions)) ||
        shapeOf(cosCache).size() != 2 || shapeOf(cosCache)[1] < half)
      return ctx.emitError()
             << "expected position_ids of shape [" << batch << ", " << seqLen
             << "] and caches of shape [max_position, >= " << half << "], got "
             << positions.getType() << " and " << cosCache.getType();
    positions = c.cast(positions, IntegerType::get(ctx.getContext(), 64));
    cosCache = ctx.create<tg::GatherOp>(cosCache, positions, 0);
    sinCache = ctx.create<tg::GatherOp>(sinCache, positions, 0);
  } else {
    ArrayRef<int64_t> cs = shapeOf(cosCache);
    if (cs.size() != 3 || cs[0] != batch || cs[1] != seqLen || cs[2] < half)
      return ctx.emitError()
             << "expected caches of shape [" << batch << ", " << seqLen
             << ", >= " << half << "], got " << cosCache.getType();
  }
  SmallVector<int64_t> angleShape =
      headsFirst ? SmallVector<int64_t>{batch, 1, seqLen, half}
                 : SmallVector<int64_t>{batch, seqLen, 1, half};
  Value cosv = c.reshape(c.sliceLast(cosCache, 0, half), angleShape);
  Value sinv = c.reshape(c.sliceLast(sinCache, 0, half), angleShape);

  bool interleaved = options.interleaved;
  Value x1 =
      interleaved ? c.sliceLast(xh, 0, rotaryDim, 2) : c.sliceLast(xh, 0, half);
  Value x2 = interleaved ? c.sliceLast(xh, 1, rotaryDim, 2)
                         : c.sliceLast(xh, half, rotaryDim);
  Value real = c.sub(c.mul(cosv, x1), c.mul(sinv, x2));
  Value imaginary = c.add(c.mul(sinv, x1), c.mul(cosv, x2));
  Value rotated;
  SmallVector<int64_t> hs(shapeOf(xh));
  if (interleaved) {
    SmallVector<int64_t> pairShape(shapeOf(real));
    pairShape.push_back(1);
    rotated = c.concat(
        {c.reshape(real, pairShape), c.reshape(imaginary, pairShape)}, 4);
    hs.back() = rotaryDim;
    rotated = c.reshape(rotated, hs);
  } else {
    rotated = c.concat({real, imaginary}, 3);
  }
  if (rotaryDim < headSize)
    rotated = c.concat({rotated, c.sliceLast(xh, rotaryDim, headSize)}, 3);
  return c.reshape(rotated, shape);
}

namespace {

LogicalResult convertRotaryEmbedding(NodeContext &ctx) {
  FailureOr<Value> y = buildRotaryEmbedding(
      ctx, ctx.getInput(0), ctx.getInput(1), ctx.getInput(2),
      ctx.hasInput(3) ? ctx.getInput(3) : Value(), rotaryOptionsOf(ctx));
  if (failed(y))
    return failure();
  if (*y)
    ctx.setOutput(0, *y);
  return success();
}

//===----------------------------------------------------------------------===//
// Normalizations
//===----------------------------------------------------------------------===//

/// RMSNormalization (opset 23): `x / sqrt(mean(x^2) + epsilon) * scale`
/// over the axes from `axis` on, computed in stash_type (f32 by default)
/// and cast back before the scale.
LogicalResult convertRMSNormalization(NodeContext &ctx) {
  AttentionComposer c{ctx};
  Value x = ctx.getInput(0), scale = ctx.getInput(1);
  if (!isFloatValue(x))
    return ctx.unsupported("non-float input");
  Type type = elementTypeOf(x);
  int64_t rank = rankOf(x);
  FailureOr<int64_t> axis = normalizeAxis(ctx, ctx.getInt("axis", -1), rank);
  if (failed(axis))
    return failure();
  if (elementTypeOf(scale) != type ||
      !broadcastCompatible(shapeOf(x), shapeOf(scale)))
    return ctx.emitError() << "expected a scale that broadcasts with the "
                              "input "
                           << x.getType() << ", got " << scale.getType();
  FailureOr<Type> stashType =
      getFloatType(ctx, "stash_type", ctx.getInt("stash_type", 1));
  if (failed(stashType))
    return success();
  SmallVector<int64_t> axes;
  for (int64_t i = *axis; i < rank; ++i)
    axes.push_back(i);
  Value xs = c.cast(x, *stashType);
  Value meanSquare = c.reduce(tg::ReduceKind::mean, c.mul(xs, xs), axes);
  float epsilon = ctx.getFloat("epsilon", 1e-5);
  Value rms = c.sqrt(c.add(meanSquare, c.scalar(xs, epsilon)));
  ctx.setOutput(0, c.mul(c.cast(c.div(xs, rms), type), scale));
  return success();
}

/// LpNormalization: `x / norm_p(x)` along `axis` (default -1), p 1 or 2.
LogicalResult convertLpNormalization(NodeContext &ctx) {
  AttentionComposer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloatValue(x))
    return ctx.unsupported("non-float input");
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", -1), rankOf(x));
  if (failed(axis))
    return failure();
  int64_t p = ctx.getInt("p", 2);
  Value norm;
  if (p == 1)
    norm = c.reduce(tg::ReduceKind::sum, ctx.create<tg::AbsOp>(x), {*axis});
  else if (p == 2)
    norm = c.sqrt(c.reduce(tg::ReduceKind::sum, c.mul(x, x), {*axis}));
  else
    return ctx.emitError() << "expected p 1 or 2, got " << p;
  // A zero vector stays zero (ONNX's reference), instead of 0 / 0 = NaN.
  Value zero = c.scalar(x, 0);
  Value isZero = c.compare(tg::ComparePredicate::eq, norm, zero);
  Value safeNorm = c.select(isZero, c.scalar(x, 1), norm);
  ctx.setOutput(0, c.div(x, safeNorm));
  return success();
}

/// MeanVarianceNormalization: `(x - E[x]) / (sqrt(E[x^2] - E[x]^2) + 1e-9)`
/// over `axes` (default [0, 2, 3]), as ONNX's function body spells it.
LogicalResult convertMeanVarianceNormalization(NodeContext &ctx) {
  AttentionComposer c{ctx};
  Value x = ctx.getInput(0);
  if (!isFloatValue(x))
    return ctx.unsupported("non-float input");
  int64_t rank = rankOf(x);
  SmallVector<int64_t> axes =
      ctx.getInts("axes").value_or(SmallVector<int64_t>{0, 2, 3});
  for (int64_t &axis : axes) {
    FailureOr<int64_t> a = normalizeAxis(ctx, axis, rank);
    if (failed(a))
      return failure();
    axis = *a;
  }
  Value mean = c.reduce(tg::ReduceKind::mean, x, axes);
  Value meanSquare = c.reduce(tg::ReduceKind::mean, c.mul(x, x), axes);
  Value stdDev = c.sqrt(c.sub(meanSquare, c.mul(mean, mean)));
  Value denominator = c.add(stdDev, c.scalar(x, 1e-9f));
  ctx.setOutput(0, c.div(c.sub(x, mean), denominator));
  return success();
}

//===----------------------------------------------------------------------===//
// SwiGLU
//===----------------------------------------------------------------------===//

/// SwiGLU: `a * sigmoid(alpha * a) * b` (Swish of the gate times b).
LogicalResult convertSwiGLU(NodeContext &ctx) {
  AttentionComposer c{ctx};
  Value a = ctx.getInput(0), b = ctx.getInput(1);
  if (!isFloatValue(a))
    return ctx.unsupported("non-float input");
  if (elementTypeOf(b) != elementTypeOf(a) ||
      !broadcastCompatible(shapeOf(a), shapeOf(b)))
    return ctx.emitError() << "expected inputs that broadcast, got "
                           << a.getType() << " and " << b.getType();
  float alpha = ctx.getFloat("alpha", 1.0);
  Value gate =
      c.mul(a, ctx.create<tg::SigmoidOp>(c.mul(c.scalar(a, alpha), a)));
  ctx.setOutput(0, c.mul(gate, b));
  return success();
}

/// FlexAttention (opset 26): softmax(score_mod(Q' K'^T)) V with Q' and K'
/// each scaled by sqrt(scale) (default 1 / sqrt(E)) in the input type, the
/// scores and probabilities in float32 (float64 for double inputs),
/// `score_mod` and `prob_mod` subgraphs applied to them, and each query
/// head reading KV head h / (Hq / Hkv).
LogicalResult convertFlexAttention(NodeContext &ctx) {
  Composer c{ctx};
  Value query = ctx.getInput(0), key = ctx.getInput(1),
        value = ctx.getInput(2);
  for (Value v : {query, key, value})
    if (!isFloatValue(v) || rankOf(v) != 4 ||
        elementTypeOf(v) != elementTypeOf(query))
      return ctx.emitError() << "expected Q, K and V of one float type, "
                                "[batch, heads, length, size] each, got "
                             << v.getType();
  ArrayRef<int64_t> q = shapeOf(query), k = shapeOf(key),
                    v = shapeOf(value);
  if (k[0] != q[0] || v[0] != q[0] || k[3] != q[3] || v[1] != k[1] ||
      v[2] != k[2] || k[1] == 0 || q[1] % k[1] != 0)
    return ctx.emitError() << "Q " << query.getType() << ", K "
                           << key.getType() << " and V " << value.getType()
                           << " do not fit: K and V need Q's batch, K its "
                              "head size, and Q's heads a multiple of K's";
  // Each KV head serves Hq / Hkv consecutive query heads.
  int64_t group = q[1] / k[1];
  auto aligned = [&](Value x) {
    if (group == 1)
      return x;
    ArrayRef<int64_t> s = shapeOf(x);
    Value expanded = c.broadcastTo(c.reshape(x, {s[0], s[1], 1, s[2], s[3]}),
                                   {s[0], s[1], group, s[2], s[3]});
    return c.reshape(expanded, {s[0], s[1] * group, s[2], s[3]});
  };
  Type element = elementTypeOf(query);
  Type f32 = Float32Type::get(ctx.getContext());
  Type stash = element.isF64() ? element : f32;
  double scale = ctx.getFloat("scale", 1.0 / std::sqrt(double(q[3])));
  Value root = c.cast(ctx.createSplat(f32, std::sqrt(scale)), element);
  Value scores = c.matmul(c.mul(query, root),
                          c.transpose(c.mul(aligned(key), root), {0, 1, 3, 2}));
  scores = c.cast(scores, stash);
  auto modify = [&](StringRef name, Value x) -> FailureOr<Value> {
    const onnx::GraphProto *graph = ctx.getGraphAttr(name);
    if (!graph)
      return x;
    FailureOr<SmallVector<Value>> outputs = ctx.importSubgraph(*graph, x);
    if (failed(outputs))
      return failure();
    if (outputs->size() != 1)
      return ctx.emitError() << name << " gives " << outputs->size()
                             << " outputs; expected 1";
    if (outputs->front() && outputs->front().getType() != x.getType())
      return ctx.emitError() << name << " gives "
                             << outputs->front().getType() << " for "
                             << x.getType();
    return outputs->front();
  };
  FailureOr<Value> modified = modify("score_mod", scores);
  if (failed(modified))
    return failure();
  if (!*modified)
    return success(); // an unsupported node inside: the node is skipped
  Value probs = ctx.create<tg::SoftmaxOp>(*modified, 3);
  modified = modify("prob_mod", probs);
  if (failed(modified))
    return failure();
  if (!*modified)
    return success();
  Value y = c.matmul(*modified, c.cast(aligned(value), stash));
  ctx.setOutput(0, c.cast(y, element));
  return success();
}

/// LinearAttention (opset 27): the recurrence over the T positions,
/// unrolled (T is static), in float32. Per position t and KV head, with S
/// the (d_k, d_v) state (past_state, or zeros):
///   S' = exp(g_t) * S (per key row; "gated", "gated_delta") or S,
///   S  = S' + k_t (x) v_t                               ("linear", "gated"),
///   S  = S' + k_t (x) beta_t (v_t - S'^T k_t)           ("delta", "gated_delta"),
///   o_t = scale * q_t^T S, each query head reading KV head h / (Hq / Hkv).
/// decay is (B, T, Hkv * d_k) or per head (B, T, Hkv); beta (B, T, Hkv) or
/// (B, T, 1); scale defaults to 1 / sqrt(d_k).
LogicalResult convertLinearAttention(NodeContext &ctx) {
  Composer c{ctx};
  Value query = ctx.getInput(0), key = ctx.getInput(1),
        value = ctx.getInput(2);
  int64_t qHeads = ctx.getInt("q_num_heads", 0),
          kvHeads = ctx.getInt("kv_num_heads", 0);
  std::string rule = ctx.getString("update_rule", "gated_delta");
  bool gated = rule == "gated" || rule == "gated_delta";
  bool delta = rule == "delta" || rule == "gated_delta";
  if (!gated && !delta && rule != "linear")
    return ctx.emitError() << "has update_rule '" << rule
                           << "'; expected 'linear', 'gated', 'delta' or "
                              "'gated_delta'";
  ArrayRef<int64_t> qShape = shapeOf(query), kShape = shapeOf(key),
                    vShape = shapeOf(value);
  if (qShape.size() != 3 || kShape.size() != 3 || vShape.size() != 3 ||
      qHeads <= 0 || kvHeads <= 0 || qHeads % kvHeads != 0 ||
      qShape[2] % qHeads != 0 || vShape[2] % kvHeads != 0 ||
      kShape[2] != qShape[2] / qHeads * kvHeads ||
      kShape.take_front(2) != qShape.take_front(2) ||
      vShape.take_front(2) != qShape.take_front(2))
    return ctx.emitError()
           << "expects query (B, T, q_num_heads * d_k), key (B, T, "
              "kv_num_heads * d_k) and value (B, T, kv_num_heads * d_v), "
              "q_num_heads a multiple of kv_num_heads";
  if ((gated && !ctx.hasInput(4)) || (delta && !ctx.hasInput(5)))
    return ctx.emitError() << "update_rule '" << rule << "' needs "
                           << (gated && !ctx.hasInput(4) ? "decay" : "beta");
  int64_t batch = qShape[0], steps = qShape[1], dk = qShape[2] / qHeads,
          dv = vShape[2] / kvHeads, group = qHeads / kvHeads;
  Type f32 = Float32Type::get(ctx.getContext());
  auto asF32 = [&](Value x) { return c.cast(x, f32); };
  // (B, T, H * d) as (B, T, H, d), in float32.
  auto heads = [&](Value x, int64_t h) {
    return asF32(c.reshape(x, {batch, steps, h, shapeOf(x)[2] / h}));
  };
  auto perPosition = [&](Value x) {
    return shapeOf(x).size() == 3 &&
           shapeOf(x).take_front(2) == qShape.take_front(2);
  };
  Value q = heads(query, qHeads), k = heads(key, kvHeads),
        v = heads(value, kvHeads);
  Value decay, beta;
  if (gated) {
    decay = ctx.getInput(4);
    if (!perPosition(decay) || (shapeOf(decay)[2] != kvHeads * dk &&
                                shapeOf(decay)[2] != kvHeads))
      return ctx.emitError() << "expects decay (B, T, kv_num_heads * d_k) "
                                "or (B, T, kv_num_heads)";
    decay = c.exp(heads(decay, kvHeads));
  }
  if (delta) {
    beta = ctx.getInput(5);
    int64_t last = perPosition(beta) ? shapeOf(beta)[2] : 0;
    if (last != kvHeads && last != 1)
      return ctx.emitError() << "expects beta (B, T, kv_num_heads) or "
                                "(B, T, 1)";
    beta = asF32(c.reshape(beta, {batch, steps, last, 1}));
  }
  Value state;
  if (ctx.hasInput(3)) {
    state = ctx.getInput(3);
    if (shapeOf(state) != ArrayRef<int64_t>{batch, kvHeads, dk, dv})
      return ctx.emitError() << "expects a past_state of shape (" << batch
                             << ", " << kvHeads << ", " << dk << ", " << dv
                             << ")";
    state = asF32(state);
  } else {
    state = c.broadcastTo(c.scalar(q, 0), {batch, kvHeads, dk, dv});
  }
  double scale = ctx.getFloat("scale", 0);
  if (scale == 0)
    scale = 1 / std::sqrt(static_cast<double>(dk));
  // Position t of x (B, T, H, d) as (B, H, d).
  auto at = [&](Value x, int64_t t) {
    ArrayRef<int64_t> shape = shapeOf(x);
    return c.reshape(c.sliceAxis(x, 1, t, 1), {shape[0], shape[2], shape[3]});
  };
  SmallVector<Value> outputs;
  for (int64_t t = 0; t < steps; ++t) {
    Value kt = c.reshape(at(k, t), {batch, kvHeads, dk, 1});
    if (gated) {
      Value g = at(decay, t);
      state = c.mul(state, c.reshape(g, {batch, kvHeads, shapeOf(g)[2], 1}));
    }
    Value write = at(v, t);
    if (delta) {
      Value retrieved =
          c.reshape(c.matmul(c.transpose(state, {0, 1, 3, 2}), kt),
                    {batch, kvHeads, dv});
      write = c.mul(at(beta, t), c.sub(write, retrieved));
    }
    state = c.add(state,
                  c.matmul(kt, c.reshape(write, {batch, kvHeads, 1, dv})));
    Value read = state;
    if (group > 1)
      read = c.reshape(
          c.broadcastTo(c.reshape(state, {batch, kvHeads, 1, dk, dv}),
                        {batch, kvHeads, group, dk, dv}),
          {batch, qHeads, dk, dv});
    Value qt = c.reshape(at(q, t), {batch, qHeads, 1, dk});
    Value out = c.mul(c.scalar(qt, scale), c.matmul(qt, read));
    outputs.push_back(c.reshape(out, {batch, 1, qHeads * dv}));
  }
  Value output = steps == 1 ? outputs.front() : c.concat(outputs, 1);
  ctx.setOutput(0, c.cast(output, elementTypeOf(query)));
  ctx.setOutput(1, c.cast(state, elementTypeOf(query)));
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void aotc::onnximport::registerTransformerConverters(
    ConverterRegistry &registry) {
  registry.add("Attention", {3, 7}, convertAttention);
  registry.add("FlexAttention", {3, 3}, convertFlexAttention);
  registry.add("LinearAttention", {3, 6}, convertLinearAttention);
  registry.add("RotaryEmbedding", {3, 4}, convertRotaryEmbedding);
  registry.add("RMSNormalization", {2, 2}, convertRMSNormalization);
  registry.add("LpNormalization", {1, 1}, convertLpNormalization);
  registry.add("MeanVarianceNormalization", {1, 1},
               convertMeanVarianceNormalization);
  registry.add("SwiGLU", {2, 2}, convertSwiGLU);
}
