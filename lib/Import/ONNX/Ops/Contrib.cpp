//===- Contrib.cpp - onnxruntime's com.microsoft contrib ops --------------===//
//
// The contrib ops onnxruntime's exporters, transformer optimizer and
// quantizer write into models people share, as compositions of tg ops with
// the semantics of onnxruntime's ContribOperators documentation:
//
//   activations   Gelu, FastGelu, BiasGelu, QuickGelu
//   products      FusedMatMul, FusedConv, NhwcConv, MatMulNBits (one
//                 tg.matmul_nbits on the packed codes)
//   norms         SkipLayerNormalization, SkipSimplifiedLayerNormalization,
//                 SimplifiedLayerNormalization (which onnxruntime also
//                 registers in the default domain)
//   attention     Attention, MultiHeadAttention, RotaryEmbedding,
//                 GroupQueryAttention (GroupQueryAttention.cpp)
//   recurrent     DynamicQuantizeLSTM (in Recurrent.cpp, with LSTM)
//   quantized     QLinearAdd, QLinearMul, QLinearSigmoid,
//                 QLinearGlobalAveragePool, QLinearConcat, QGemm: each
//                 dequantizes per tensor, computes in float32 and quantizes
//                 the result, as onnxruntime's reference kernels define them
//
// They live in their own registry (ConverterRegistry::addContrib): some
// share a name with a default-domain op of other semantics.
//
//===----------------------------------------------------------------------===//

#include "Contractions.h"
#include "Transformer.h"

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

/// x/2 * (1 + erf(x / sqrt(2))).
static Value gelu(NodeContext &ctx, Value x) {
  Composer c{ctx};
  Value erf = ctx.create<tg::ErfOp>(c.mul(x, c.scalar(x, M_SQRT1_2)));
  return c.mul(c.mul(x, c.scalar(x, 0.5)), c.add(c.scalar(x, 1), erf));
}

/// The input plus the optional bias input `i`, which must broadcast.
static FailureOr<Value> withBias(NodeContext &ctx, Value x, unsigned i) {
  if (!ctx.hasInput(i))
    return x;
  Value bias = ctx.getInput(i);
  if (elementTypeOf(bias) != elementTypeOf(x) ||
      rankOf(bias) > rankOf(x) ||
      !llvm::equal(shapeOf(bias),
                   shapeOf(x).take_back(rankOf(bias))))
    return ctx.emitError() << "expected a bias of the input's trailing "
                              "shape, got "
                           << bias.getType() << " for " << x.getType();
  return Composer{ctx}.add(x, bias);
}

static LogicalResult convertGelu(NodeContext &ctx) {
  Value x = ctx.getInput(0);
  if (!isFloatValue(x))
    return ctx.emitError() << "expected a float input";
  ctx.setOutput(0, gelu(ctx, x));
  return success();
}

/// BiasGelu: Gelu(A + B).
static LogicalResult convertBiasGelu(NodeContext &ctx) {
  FailureOr<Value> x = withBias(ctx, ctx.getInput(0), 1);
  if (failed(x))
    return failure();
  ctx.setOutput(0, gelu(ctx, *x));
  return success();
}

/// FastGelu: x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3))) of
/// X (+ bias).
static LogicalResult convertFastGelu(NodeContext &ctx) {
  FailureOr<Value> biased = withBias(ctx, ctx.getInput(0), 1);
  if (failed(biased))
    return failure();
  Composer c{ctx};
  Value x = *biased;
  Value cube = c.mul(c.mul(x, x), x);
  Value inner = c.mul(c.scalar(x, std::sqrt(2.0 / M_PI)),
                      c.add(x, c.mul(c.scalar(x, 0.044715), cube)));
  Value t = ctx.create<tg::TanhOp>(inner);
  ctx.setOutput(0, c.mul(c.mul(x, c.scalar(x, 0.5)),
                         c.add(c.scalar(x, 1), t)));
  return success();
}

/// QuickGelu: x * sigmoid(alpha * x).
static LogicalResult convertQuickGelu(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  double alpha = ctx.getFloat("alpha", 1.702);
  ctx.setOutput(0, c.mul(x, ctx.create<tg::SigmoidOp>(
                                c.mul(c.scalar(x, alpha), x))));
  return success();
}

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

/// `x` with its last two axes swapped (a 1-D operand unchanged).
static Value transposeLast(Composer &c, Value x) {
  int64_t rank = rankOf(x);
  if (rank < 2)
    return x;
  SmallVector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    perm.push_back(d);
  std::swap(perm[rank - 1], perm[rank - 2]);
  return c.transpose(x, perm);
}

/// FusedMatMul: alpha * op(A) @ op(B), op transposing the last two axes
/// when transA / transB.
static LogicalResult convertFusedMatMul(NodeContext &ctx) {
  if (ctx.getInt("transBatchA", 0) || ctx.getInt("transBatchB", 0))
    return ctx.unsupported("transBatchA / transBatchB");
  Composer c{ctx};
  Value a = ctx.getInput(0), b = ctx.getInput(1);
  if (ctx.getInt("transA", 0))
    a = transposeLast(c, a);
  if (ctx.getInt("transB", 0))
    b = transposeLast(c, b);
  FailureOr<Value> product = buildMatMul(ctx, a, b);
  if (failed(product))
    return failure();
  double alpha = ctx.getFloat("alpha", 1.0);
  ctx.setOutput(0, alpha == 1.0 ? *product
                                : c.mul(*product, c.scalar(*product, alpha)));
  return success();
}

/// FusedConv's `activation` with its `activation_params`.
static FailureOr<Value> fusedActivation(NodeContext &ctx, Value x) {
  Composer c{ctx};
  std::string name = ctx.getString("activation", "");
  SmallVector<double> params =
      ctx.getFloats("activation_params").value_or(SmallVector<double>());
  auto param = [&](size_t i, double fallback) {
    return i < params.size() ? params[i] : fallback;
  };
  if (name.empty() || name == "Identity")
    return x;
  if (name == "Relu")
    return ctx.create<tg::ReluOp>(x);
  if (name == "Tanh")
    return ctx.create<tg::TanhOp>(x);
  if (name == "Sigmoid")
    return ctx.create<tg::SigmoidOp>(x);
  if (name == "LeakyRelu")
    return c.select(c.compare(tg::ComparePredicate::lt, x, c.scalar(x, 0)),
                    c.mul(c.scalar(x, param(0, 0.01)), x), x);
  if (name == "Clip")
    return c.min(c.max(x, c.scalar(x, param(0, -INFINITY))),
                 c.scalar(x, param(1, INFINITY)));
  if (name == "HardSigmoid")
    return c.max(c.scalar(x, 0),
                 c.min(c.scalar(x, 1),
                       c.add(c.mul(c.scalar(x, param(0, 0.2)), x),
                             c.scalar(x, param(1, 0.5)))));
  (void)ctx.unsupported("activation '" + name + "'");
  return Value();
}

/// FusedConv: activation(Conv(X, W, B) + Z).
static LogicalResult convertFusedConv(NodeContext &ctx) {
  FailureOr<Value> conv =
      buildConv(ctx, ctx.getInput(0), ctx.getInput(1),
                ctx.hasInput(2) ? ctx.getInput(2) : Value());
  if (failed(conv))
    return failure();
  Value y = *conv;
  if (ctx.hasInput(3)) {
    Value z = ctx.getInput(3);
    if (z.getType() != y.getType())
      return ctx.emitError() << "expected Z of the convolution's type "
                             << y.getType() << ", got " << z.getType();
    y = Composer{ctx}.add(y, z);
  }
  FailureOr<Value> activated = fusedActivation(ctx, y);
  if (failed(activated))
    return failure();
  if (*activated)
    ctx.setOutput(0, *activated);
  return success();
}

/// NhwcConv: Conv on channels-last input and output (weights as Conv's).
static LogicalResult convertNhwcConv(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  int64_t rank = rankOf(x);
  if (rank < 3)
    return ctx.emitError() << "expected an input [N, ..., C], got "
                           << x.getType();
  SmallVector<int64_t> toFirst = {0, rank - 1}, toLast = {0};
  for (int64_t d = 1; d < rank - 1; ++d)
    toFirst.push_back(d);
  for (int64_t d = 2; d < rank; ++d)
    toLast.push_back(d);
  toLast.push_back(1);
  FailureOr<Value> conv =
      buildConv(ctx, c.transpose(x, toFirst), ctx.getInput(1),
                ctx.hasInput(2) ? ctx.getInput(2) : Value());
  if (failed(conv))
    return failure();
  ctx.setOutput(0, c.transpose(*conv, toLast));
  return success();
}

/// MatMulNBits: A @ W^T, W [N, K] dequantized from `bits`-bit codes packed
/// into B [N, blocks, block_size * bits / 8] (first code in the low bits):
/// (code - zero_point) * scale per block of `block_size` along K, zero
/// points packed like B (default 2^(bits - 1)) or float; plus bias. One
/// tg.matmul_nbits: the codes stay packed and are unpacked where they are
/// multiplied.
static LogicalResult convertMatMulNBits(NodeContext &ctx) {
  Composer c{ctx};
  Value a = ctx.getInput(0), b = ctx.getInput(1), scales = ctx.getInput(2);
  int64_t k = ctx.getInt("K", 0), n = ctx.getInt("N", 0);
  int64_t bits = ctx.getInt("bits", 4), blockSize = ctx.getInt("block_size", 0);
  if (bits != 4 && bits != 8 && bits != 2)
    return ctx.unsupported("bits " + llvm::Twine(bits));
  if (ctx.hasInput(4))
    return ctx.unsupported("g_idx");
  if (k <= 0 || n <= 0 || blockSize < 16 || (blockSize & (blockSize - 1)))
    return ctx.emitError() << "expected positive K and N and a power-of-two "
                              "block_size of at least 16";
  int64_t blocks = llvm::divideCeil(k, blockSize);
  int64_t perByte = 8 / bits, blob = blockSize / perByte;
  if (!isFloatValue(a) || shapeOf(a).empty() || shapeOf(a).back() != k ||
      shapeOf(b) != ArrayRef<int64_t>{n, blocks, blob} ||
      !elementTypeOf(b).isInteger(8) ||
      tensorTypeOf(scales).getNumElements() != n * blocks)
    return ctx.emitError() << "expected A [..., " << k << "], B [" << n
                           << ", " << blocks << ", " << blob
                           << "] of uint8 and " << n * blocks
                           << " scales; got " << a.getType() << ", "
                           << b.getType() << " and " << scales.getType();
  Type i32 = IntegerType::get(ctx.getContext(), 32);
  Type f32 = Float32Type::get(ctx.getContext());
  // Zero points: packed codes like B, or floats; 2^(bits - 1) by default
  // (the op's own default).
  Value zero;
  if (ctx.hasInput(3)) {
    Value zp = ctx.getInput(3);
    if (isFloatValue(zp)) {
      if (tensorTypeOf(zp).getNumElements() != n * blocks)
        return ctx.emitError() << "expected " << n * blocks
                               << " zero points, got " << zp.getType();
      zero = c.cast(c.reshape(zp, {n, blocks}), f32);
    } else {
      int64_t packedPerRow = llvm::divideCeil(blocks, perByte);
      if (tensorTypeOf(zp).getNumElements() != n * packedPerRow)
        return ctx.emitError() << "expected " << n * packedPerRow
                               << " packed zero points, got "
                               << zp.getType();
      // Each byte's fields, low bits first: a broadcast shift by (0, bits,
      // 2 * bits, ...) and a mask.
      Value bytes = c.cast(c.reshape(zp, {n, packedPerRow, 1}), i32);
      SmallVector<int32_t> shifts;
      for (int64_t j = 0; j < perByte; ++j)
        shifts.push_back(j * bits);
      Value shiftBy = ctx.createConstant(DenseElementsAttr::get(
          RankedTensorType::get({1, 1, perByte}, i32), ArrayRef(shifts)));
      Value codes =
          ctx.create<tg::AndOp>(ctx.create<tg::ShiftRightOp>(bytes, shiftBy),
                                c.scalar(bytes, (1 << bits) - 1));
      codes = c.reshape(codes, {n, packedPerRow * perByte});
      zero = c.cast(c.sliceAxis(codes, 1, 0, blocks), f32);
    }
  }
  Value x = c.cast(a, f32);
  // Rows padded with zeros to whole blocks.
  if (blocks * blockSize != k) {
    SmallVector<int64_t> padShape(shapeOf(x));
    padShape.back() = blocks * blockSize - k;
    x = c.concat({x, c.broadcastTo(c.scalar(x, 0), padShape)},
                 rankOf(x) - 1);
  }
  SmallVector<int64_t> shape(shapeOf(a));
  shape.back() = n;
  Value y = ctx.create<tg::MatmulNBitsOp>(
      RankedTensorType::get(shape, f32), x, b,
      c.cast(c.reshape(scales, {n, blocks}), f32), zero, bits);
  FailureOr<Value> biased = withBias(ctx, c.cast(y, elementTypeOf(a)), 5);
  if (failed(biased))
    return failure();
  ctx.setOutput(0, *biased);
  return success();
}

//===----------------------------------------------------------------------===//
// Normalizations
//===----------------------------------------------------------------------===//

namespace {
/// The statistics of a normalization over the last axis, in float32.
struct Normalized {
  Value y, mean, invStdDev;
};
} // namespace

/// (x - mean) * invStdDev over the last axis (`rms`: x * 1/rms, mean 0),
/// computed in float32 and cast back.
static Normalized normalizeLast(NodeContext &ctx, Value x, double epsilon,
                                bool rms) {
  Composer c{ctx};
  Type f32 = Float32Type::get(ctx.getContext());
  Value xf = c.cast(x, f32);
  int64_t axis = rankOf(x) - 1;
  Value count = c.scalar(xf, double(shapeOf(x).back()));
  Normalized out;
  Value centered = xf;
  if (!rms) {
    out.mean = c.div(c.reduce(tg::ReduceKind::sum, xf, {axis}), count);
    centered = c.sub(xf, out.mean);
  }
  Value variance = c.div(
      c.reduce(tg::ReduceKind::sum, c.mul(centered, centered), {axis}),
      count);
  out.invStdDev = ctx.create<tg::RsqrtOp>(
      c.add(variance, c.scalar(variance, epsilon)));
  out.y = c.cast(c.mul(centered, out.invStdDev), elementTypeOf(x));
  return out;
}

/// SkipLayerNormalization (input, skip, gamma, beta, bias) and
/// SkipSimplifiedLayerNormalization (input, skip, gamma, bias): s = input +
/// skip + bias normalized over the last axis (RMS for the simplified one)
/// times gamma (plus beta); outputs y, mean, inv_std_var and s.
static LogicalResult convertSkipNorm(NodeContext &ctx, bool simplified) {
  Composer c{ctx};
  Value input = ctx.getInput(0), skip = ctx.getInput(1),
        gamma = ctx.getInput(2);
  if (!isFloatValue(input) || shapeOf(input).empty())
    return ctx.emitError() << "expected a float input";
  int64_t hidden = shapeOf(input).back();
  if (skip.getType() != input.getType() &&
      !(rankOf(skip) <= rankOf(input) &&
        llvm::equal(shapeOf(skip), shapeOf(input).take_back(rankOf(skip)))))
    return ctx.emitError() << "expected skip of the input's shape, got "
                           << skip.getType();
  Value sum = c.add(input, skip);
  unsigned biasIndex = simplified ? 3 : 4;
  FailureOr<Value> biased = withBias(ctx, sum, biasIndex);
  if (failed(biased))
    return failure();
  sum = *biased;
  auto vector = [&](Value v, StringRef what) -> FailureOr<Value> {
    if (tensorTypeOf(v).getNumElements() != hidden)
      return ctx.emitError() << "expected " << what << " of " << hidden
                             << " elements, got " << v.getType();
    return c.cast(c.reshape(v, {hidden}), elementTypeOf(input));
  };
  FailureOr<Value> scale = vector(gamma, "gamma");
  if (failed(scale))
    return failure();
  Normalized n = normalizeLast(ctx, sum, ctx.getFloat("epsilon", 1e-12),
                               simplified);
  Value y = c.mul(n.y, *scale);
  if (!simplified && ctx.hasInput(3)) {
    FailureOr<Value> beta = vector(ctx.getInput(3), "beta");
    if (failed(beta))
      return failure();
    y = c.add(y, *beta);
  }
  ctx.setOutput(0, y);
  if (n.mean)
    ctx.setOutput(1, n.mean);
  else if (ctx.hasOutput(1))
    ctx.setOutput(1, c.broadcastTo(c.scalar(n.invStdDev, 0),
                                   shapeOf(n.invStdDev)));
  ctx.setOutput(2, n.invStdDev);
  ctx.setOutput(3, sum);
  return success();
}

/// SimplifiedLayerNormalization: x / sqrt(mean(x^2) + epsilon) * scale
/// over the last axis (the only `axis` supported); outputs y and
/// inv_std_var.
static LogicalResult convertSimplifiedLayerNorm(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0), scale = ctx.getInput(1);
  if (!isFloatValue(x) || shapeOf(x).empty())
    return ctx.emitError() << "expected a float input";
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", -1), rankOf(x));
  if (failed(axis))
    return failure();
  if (*axis != rankOf(x) - 1)
    return ctx.unsupported("axis other than the last");
  if (!llvm::equal(shapeOf(scale), shapeOf(x).take_back(rankOf(scale))))
    return ctx.emitError() << "expected a scale of the input's trailing "
                              "shape, got "
                           << scale.getType();
  Normalized n = normalizeLast(ctx, x, ctx.getFloat("epsilon", 1e-5),
                               /*rms=*/true);
  ctx.setOutput(0, c.mul(n.y, c.cast(scale, elementTypeOf(x))));
  ctx.setOutput(1, n.invStdDev);
  return success();
}

//===----------------------------------------------------------------------===//
// Attention
//===----------------------------------------------------------------------===//

/// softmax(Q K^T * scale (+ causal mask)) V over `heads` heads of q [B, S,
/// heads * dk], k [B, L, heads * dk], v [B, L, heads * dv]; returns [B, S,
/// heads * dv].
static FailureOr<Value> multiHead(NodeContext &ctx, Value q, Value k, Value v,
                                  int64_t heads, bool causal) {
  Composer c{ctx};
  ArrayRef<int64_t> qs = shapeOf(q), ks = shapeOf(k), vs = shapeOf(v);
  if (qs.size() != 3 || ks.size() != 3 || vs.size() != 3 || heads < 1 ||
      qs[2] % heads || vs[2] % heads || ks[2] != qs[2] || ks[1] != vs[1] ||
      ks[0] != qs[0] || vs[0] != qs[0])
    return ctx.emitError() << "expected query [B, S, H * dk], key [B, L, H "
                              "* dk] and value [B, L, H * dv] for "
                           << heads << " heads, got " << q.getType() << ", "
                           << k.getType() << " and " << v.getType();
  int64_t batch = qs[0], seq = qs[1], length = ks[1], dk = qs[2] / heads,
          dv = vs[2] / heads;
  auto split = [&](Value x, int64_t n, int64_t d) {
    return c.transpose(c.reshape(x, {batch, n, heads, d}), {0, 2, 1, 3});
  };
  double scale = ctx.getFloat("scale", 0);
  if (scale == 0)
    scale = 1.0 / std::sqrt(double(dk));
  Value scores = c.matmul(split(q, seq, dk),
                          c.transpose(split(k, length, dk), {0, 1, 3, 2}));
  scores = c.mul(scores, c.scalar(scores, scale));
  if (causal) {
    // Query i (of the last `seq` positions) sees keys j <= i + length - seq.
    Value i = c.reshape(c.iota({seq}), {seq, 1});
    Value j = c.reshape(c.iota({length}), {1, length});
    Value visible = c.compare(tg::ComparePredicate::le, j,
                              c.add(i, c.scalar(i, length - seq)));
    scores = c.select(visible, scores,
                      c.scalar(scores, -std::numeric_limits<float>::max()));
  }
  Value probs = ctx.create<tg::SoftmaxOp>(scores, 3);
  Value y = c.matmul(probs, split(v, length, dv)); // [B, H, S, dv]
  return c.reshape(c.transpose(y, {0, 2, 1, 3}), {batch, seq, heads * dv});
}

/// Sets output 0 to multiHead(q, k, v) with the node's num_heads and
/// unidirectional attributes.
static LogicalResult setMultiHeadOutput(NodeContext &ctx, Value q, Value k,
                                        Value v) {
  FailureOr<Value> y = multiHead(ctx, q, k, v, ctx.getInt("num_heads", 0),
                                 ctx.getInt("unidirectional", 0) != 0);
  if (failed(y))
    return failure();
  ctx.setOutput(0, *y);
  return success();
}

/// MultiHeadAttention with separate query, key and value [B, *, hidden] and
/// the optional bias [q, k, v hidden]; masks, caches and packed forms are
/// reported unsupported.
static LogicalResult convertMultiHeadAttention(NodeContext &ctx) {
  for (unsigned i = 4; i < ctx.getNumInputs(); ++i)
    if (ctx.hasInput(i))
      return ctx.unsupported("masks, attention_bias and past key/value");
  if (!ctx.hasInput(1) || !ctx.hasInput(2) || rankOf(ctx.getInput(1)) != 3)
    return ctx.unsupported("packed query, key and value");
  Composer c{ctx};
  Value q = ctx.getInput(0), k = ctx.getInput(1), v = ctx.getInput(2);
  if (ctx.hasInput(3)) {
    Value bias = ctx.getInput(3);
    int64_t dq = shapeOf(q).back(), dk = shapeOf(k).back(),
            dv = shapeOf(v).back();
    if (shapeOf(bias) != ArrayRef<int64_t>{dq + dk + dv})
      return ctx.emitError() << "expected a bias of " << dq + dk + dv
                             << " elements, got " << bias.getType();
    q = c.add(q, c.sliceAxis(bias, 0, 0, dq));
    k = c.add(k, c.sliceAxis(bias, 0, dq, dk));
    v = c.add(v, c.sliceAxis(bias, 0, dq + dk, dv));
  }
  return setMultiHeadOutput(ctx, q, k, v);
}

/// Attention: input @ weights + bias split into Q, K and V (of
/// qkv_hidden_sizes, or thirds), then multi-head attention (causal when
/// unidirectional); mask_index and past are reported unsupported.
static LogicalResult convertContribAttention(NodeContext &ctx) {
  for (unsigned i = 3; i < ctx.getNumInputs(); ++i)
    if (ctx.hasInput(i))
      return ctx.unsupported("mask_index, past and attention_bias");
  Composer c{ctx};
  Value input = ctx.getInput(0), weights = ctx.getInput(1);
  FailureOr<Value> projected = buildMatMul(ctx, input, weights);
  if (failed(projected))
    return failure();
  FailureOr<Value> biased = withBias(ctx, *projected, 2);
  if (failed(biased))
    return failure();
  int64_t total = shapeOf(*biased).back();
  SmallVector<int64_t> sizes =
      ctx.getInts("qkv_hidden_sizes")
          .value_or(SmallVector<int64_t>(3, total / 3));
  if (sizes.size() != 3 || sizes[0] + sizes[1] + sizes[2] != total)
    return ctx.emitError() << "qkv_hidden_sizes do not add up to the "
                              "weights' "
                           << total << " columns";
  int64_t axis = rankOf(*biased) - 1;
  Value q = c.sliceAxis(*biased, axis, 0, sizes[0]);
  Value k = c.sliceAxis(*biased, axis, sizes[0], sizes[1]);
  Value v = c.sliceAxis(*biased, axis, sizes[0] + sizes[1], sizes[2]);
  return setMultiHeadOutput(ctx, q, k, v);
}

/// RotaryEmbedding (contrib): input, position_ids ([B, S], or one offset
/// for positions offset, offset + 1, ...), cos_cache, sin_cache.
static LogicalResult convertContribRotaryEmbedding(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0), positions = ctx.getInput(1);
  if (rankOf(x) < 3)
    return ctx.emitError() << "expected an input of rank 3 or 4";
  int64_t batch = shapeOf(x)[0],
          seq = rankOf(x) == 4 ? shapeOf(x)[2] : shapeOf(x)[1];
  if (tensorTypeOf(positions).getNumElements() == 1 &&
      !(batch == 1 && seq == 1)) {
    Type i64 = IntegerType::get(ctx.getContext(), 64);
    Value offset = c.reshape(c.cast(positions, i64), {});
    positions = c.broadcastTo(c.add(c.reshape(c.iota({seq}), {1, seq}), offset),
                              {batch, seq});
  } else if (tensorTypeOf(positions).getNumElements() == 1) {
    positions = c.reshape(positions, {1, 1});
  }
  FailureOr<Value> y =
      buildRotaryEmbedding(ctx, x, ctx.getInput(2), ctx.getInput(3),
                           positions, rotaryOptionsOf(ctx));
  if (failed(y))
    return failure();
  if (*y)
    ctx.setOutput(0, *y);
  return success();
}

//===----------------------------------------------------------------------===//
// Quantized ops
//===----------------------------------------------------------------------===//

/// Input `i`, or null when omitted.
static Value optionalInput(NodeContext &ctx, unsigned i) {
  return ctx.hasInput(i) ? ctx.getInput(i) : Value();
}

/// Checks that the inputs at `required` are given (the optional zero
/// points between them may be omitted, which InputSpec cannot say).
static LogicalResult requireInputs(NodeContext &ctx,
                                   std::initializer_list<unsigned> required) {
  for (unsigned i : required)
    if (!ctx.hasInput(i))
      return ctx.emitError() << "expected input " << i
                             << " to be given (it is required)";
  return success();
}

/// QLinearAdd / QLinearMul: C = Q(DQ(A) op DQ(B)).
static LogicalResult convertQLinearBinary(NodeContext &ctx, bool multiply) {
  if (failed(requireInputs(ctx, {0, 1, 3, 4, 6})))
    return failure();
  Composer c{ctx};
  FailureOr<Value> a = buildDequantize(ctx, ctx.getInput(0), ctx.getInput(1),
                                       optionalInput(ctx, 2));
  FailureOr<Value> b = buildDequantize(ctx, ctx.getInput(3), ctx.getInput(4),
                                       optionalInput(ctx, 5));
  if (failed(a) || failed(b))
    return failure();
  Value real = multiply ? c.mul(*a, *b) : c.add(*a, *b);
  FailureOr<Value> y = buildQuantize(ctx, real, ctx.getInput(6),
                                     optionalInput(ctx, 7), ctx.getInput(0));
  if (failed(y))
    return failure();
  ctx.setOutput(0, *y);
  return success();
}

/// QLinearSigmoid: Y = Q(sigmoid(DQ(X))).
static LogicalResult convertQLinearSigmoid(NodeContext &ctx) {
  if (failed(requireInputs(ctx, {0, 1, 3})))
    return failure();
  FailureOr<Value> x = buildDequantize(ctx, ctx.getInput(0), ctx.getInput(1),
                                       optionalInput(ctx, 2));
  if (failed(x))
    return failure();
  FailureOr<Value> y =
      buildQuantize(ctx, ctx.create<tg::SigmoidOp>(*x), ctx.getInput(3),
                    optionalInput(ctx, 4), ctx.getInput(0));
  if (failed(y))
    return failure();
  ctx.setOutput(0, *y);
  return success();
}

/// QLinearGlobalAveragePool: the mean over the spatial axes (NCHW, or
/// channels last), kept as size 1, requantized.
static LogicalResult convertQLinearGlobalAveragePool(NodeContext &ctx) {
  Composer c{ctx};
  Value q = ctx.getInput(0);
  FailureOr<Value> x =
      buildDequantize(ctx, q, ctx.getInput(1), ctx.getInput(2));
  if (failed(x))
    return failure();
  int64_t rank = rankOf(q);
  if (rank < 3)
    return ctx.emitError() << "expected an input with spatial axes";
  bool channelsLast = ctx.getInt("channels_last", 0) != 0;
  SmallVector<int64_t> axes;
  int64_t count = 1;
  for (int64_t d = channelsLast ? 1 : 2; d < (channelsLast ? rank - 1 : rank);
       ++d) {
    axes.push_back(d);
    count *= shapeOf(q)[d];
  }
  Value mean = c.div(c.reduce(tg::ReduceKind::sum, *x, axes),
                     c.scalar(*x, double(count)));
  FailureOr<Value> y =
      buildQuantize(ctx, mean, ctx.getInput(3), ctx.getInput(4), q);
  if (failed(y))
    return failure();
  ctx.setOutput(0, *y);
  return success();
}

/// QLinearConcat(Y_scale, Y_zero_point, (X, X_scale, X_zero_point)...):
/// the inputs dequantized, concatenated along `axis`, requantized.
static LogicalResult convertQLinearConcat(NodeContext &ctx) {
  Composer c{ctx};
  unsigned numInputs = ctx.getNumInputs();
  if (numInputs < 5 || (numInputs - 2) % 3 != 0)
    return ctx.emitError() << "expected Y_scale, Y_zero_point and (X, "
                              "X_scale, X_zero_point) triples";
  SmallVector<Value> parts;
  for (unsigned i = 2; i < numInputs; i += 3) {
    FailureOr<Value> x = buildDequantize(ctx, ctx.getInput(i),
                                         ctx.getInput(i + 1),
                                         ctx.getInput(i + 2));
    if (failed(x))
      return failure();
    parts.push_back(*x);
  }
  FailureOr<int64_t> axis =
      normalizeAxis(ctx, ctx.getInt("axis", 0), rankOf(parts.front()));
  if (failed(axis))
    return failure();
  Value real = parts.size() == 1 ? parts.front() : c.concat(parts, *axis);
  FailureOr<Value> y = buildQuantize(ctx, real, ctx.getInput(0),
                                     ctx.getInput(1), ctx.getInput(2));
  if (failed(y))
    return failure();
  ctx.setOutput(0, *y);
  return success();
}

/// QGemm: alpha * ((A - a_zp) @ (B - b_zp) + C) * a_scale * b_scale, the
/// operands transposed by transA / transB, C an int32 bias, b_scale per
/// tensor or per column; quantized with y_scale / y_zero_point, or float
/// without them.
static LogicalResult convertQGemm(NodeContext &ctx) {
  if (failed(requireInputs(ctx, {0, 1, 3, 4})))
    return failure();
  Composer c{ctx};
  Value a = ctx.getInput(0), b = ctx.getInput(3);
  auto transposed = [&](Value x) {
    Value t = transposeLast(c, x);
    if (ctx.isUnsigned(x))
      ctx.markUnsigned(t);
    return t;
  };
  if (ctx.getInt("transA", 0))
    a = transposed(a);
  if (ctx.getInt("transB", 0))
    b = transposed(b);
  // A per-column zero point as a vector of B's columns.
  Value bZeroPoint = optionalInput(ctx, 5);
  if (bZeroPoint && tensorTypeOf(bZeroPoint).getNumElements() != 1) {
    Value column = c.reshape(bZeroPoint, {shapeOf(b).back()});
    if (ctx.isUnsigned(bZeroPoint))
      ctx.markUnsigned(column);
    bZeroPoint = column;
  }
  FailureOr<Value> product =
      buildIntegerMatMul(ctx, a, b, optionalInput(ctx, 2), bZeroPoint);
  if (failed(product))
    return failure();
  // C is int32 at scale alpha * a_scale * b_scale (the doc's alpha / beta
  // * a_scale * b_scale; QGemm has no beta): it joins the sum before alpha.
  Type f32 = Float32Type::get(ctx.getContext());
  Value sum = *product;
  if (ctx.hasInput(6))
    sum = c.add(sum, c.cast(ctx.getInput(6), elementTypeOf(sum)));
  Value real = c.cast(sum, f32);
  double alpha = ctx.getFloat("alpha", 1.0);
  if (alpha != 1.0)
    real = c.mul(real, c.scalar(real, alpha));
  Value aScale = c.cast(c.reshape(ctx.getInput(1), {}), f32);
  Value bScale = ctx.getInput(4);
  bScale = tensorTypeOf(bScale).getNumElements() == 1
               ? c.reshape(bScale, {})
               : c.reshape(bScale, {shapeOf(real).back()});
  real = c.mul(real, c.mul(aScale, c.cast(bScale, f32)));
  if (!ctx.hasInput(7)) {
    ctx.setOutput(0, real);
    return success();
  }
  FailureOr<Value> y = buildQuantize(ctx, real, ctx.getInput(7),
                                     optionalInput(ctx, 8), ctx.getInput(0));
  if (failed(y))
    return failure();
  ctx.setOutput(0, *y);
  return success();
}

void aotc::onnximport::registerContribConverters(
    ConverterRegistry &registry) {
  registry.addContrib("Gelu", {1, 1}, convertGelu);
  registry.addContrib("BiasGelu", {2, 2}, convertBiasGelu);
  registry.addContrib("FastGelu", {1, 2}, convertFastGelu);
  registry.addContrib("QuickGelu", {1, 1}, convertQuickGelu);
  registry.addContrib("FusedMatMul", {2, 2}, convertFusedMatMul);
  registry.addContrib("FusedConv", {2, 4}, convertFusedConv);
  registry.addContrib("NhwcConv", {2, 3}, convertNhwcConv);
  registry.addContrib("MatMulNBits", {3, 6}, convertMatMulNBits);
  registry.addContrib("SkipLayerNormalization", {3, 5}, [](NodeContext &ctx) {
    return convertSkipNorm(ctx, /*simplified=*/false);
  });
  registry.addContrib("SkipSimplifiedLayerNormalization", {3, 4},
                      [](NodeContext &ctx) {
                        return convertSkipNorm(ctx, /*simplified=*/true);
                      });
  registry.addContrib("SimplifiedLayerNormalization", {2, 2},
                      convertSimplifiedLayerNorm);
  registry.addContrib("MultiHeadAttention", {1, 10},
                      convertMultiHeadAttention);
  registry.addContrib("Attention", {2, 7}, convertContribAttention);
  // key, value and the past caches (1-4) are optional, seqlens_k and
  // total_sequence_length (5, 6) not: the converter checks those.
  registry.addContrib("GroupQueryAttention", {1, 12},
                      convertGroupQueryAttention);
  registry.addContrib("RotaryEmbedding", {4, 4},
                      convertContribRotaryEmbedding);
  registry.addContrib("QLinearAdd", {0, 8}, [](NodeContext &ctx) {
    return convertQLinearBinary(ctx, /*multiply=*/false);
  });
  registry.addContrib("QLinearMul", {0, 8}, [](NodeContext &ctx) {
    return convertQLinearBinary(ctx, /*multiply=*/true);
  });
  registry.addContrib("QLinearSigmoid", {0, 5}, convertQLinearSigmoid);
  registry.addContrib("QLinearGlobalAveragePool", {5, 5},
                      convertQLinearGlobalAveragePool);
  registry.addContrib("QLinearConcat", {5, kVariadic}, convertQLinearConcat);
  registry.addContrib("QGemm", {0, 9}, convertQGemm);
}
