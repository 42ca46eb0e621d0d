//===- GroupQueryAttention.cpp - onnxruntime's GroupQueryAttention --------===//
//
// com.microsoft GroupQueryAttention, the attention of the decoder LLMs
// onnxruntime's model builder writes: num_heads query heads share
// kv_num_heads key/value heads, new keys and values are written into a KV
// cache, attention is causal (optionally within a local window) over each
// sequence's own length, read at run time from seqlens_k.
//
// Shapes are static, so the cache has a static length T:
//   - max(total_sequence_length, past length) when total_sequence_length
//     is known at compile time (onnxruntime's rule);
//   - otherwise the past cache's length (the shared-buffer layout of a
//     fixed-length KV cache: past and present are one buffer);
//   - otherwise (no past) the new sequence's length.
// For sequence b of total length t_b = seqlens_k[b] + 1 and S new tokens,
// the first p_b = t_b - S cache rows are the past's, rows p_b .. t_b - 1
// the new keys and values, and rows from t_b on are zero, as onnxruntime's
// CPU kernel writes them. A t_b outside [S, T] writes no row the cache does
// not have. Query i sits at position p_b + i and sees rows
// j <= p_b + i and j < t_b (and j > p_b + i - local_window_size when that is
// set: the window holds local_window_size rows, as onnxruntime's kernels
// count it). In a first prompt (S > 1 new tokens, total_sequence_length S
// known at compile time) every sequence starts at p_b = 0 and all S rows
// are written, a shorter sequence's padding too, as onnxruntime does.
//
//===----------------------------------------------------------------------===//

#include "Transformer.h"

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

namespace {
enum Input : unsigned {
  Query,
  Key,
  ValueIn,
  PastKey,
  PastValue,
  SeqlensK,
  TotalSequenceLength,
  CosCache,
  SinCache,
  PositionIds,
  AttentionBias,
  HeadSink,
};
} // namespace

/// [B, S, heads * D] as [B, heads, S, D].
static Value splitHeads(Composer &c, Value x, int64_t heads, int64_t head) {
  ArrayRef<int64_t> s = shapeOf(x);
  return c.transpose(c.reshape(x, {s[0], s[1], heads, head}), {0, 2, 1, 3});
}

/// The cache after writing `fresh` ([B, Hkv, S, D]) at rows p_b .. p_b + S
/// - 1 of `past` ([B, Hkv, T, D], already padded to T), p_b = `start`
/// ([B] i64): a one-hot [B, 1, T, S] matrix moves new row s to cache row
/// p_b + s (and leaves the other rows zero); rows before p_b are the past's.
static Value writeCache(Composer &c, Value past,
                        Value fresh, Value start) {
  ArrayRef<int64_t> ps = shapeOf(past);
  int64_t batch = ps[0], heads = ps[1], length = ps[2],
          seq = shapeOf(fresh)[2];
  Value row = c.reshape(c.iota({length}), {1, 1, length, 1});
  Value offset = c.sub(row, c.reshape(start, {batch, 1, 1, 1}));
  Value column = c.reshape(c.iota({seq}), {1, 1, 1, seq});
  Value onehot = c.cast(c.compare(tg::ComparePredicate::eq, offset, column),
                        elementTypeOf(fresh));
  Value moved =
      c.matmul(c.broadcastTo(onehot, {batch, heads, length, seq}), fresh);
  Value before =
      c.compare(tg::ComparePredicate::lt, offset, c.i64Constant({0}, {1}));
  return c.select(c.broadcastTo(before, ps), past, moved);
}

LogicalResult aotc::onnximport::convertGroupQueryAttention(NodeContext &ctx) {
  Composer c{ctx};
  if (!ctx.hasInput(SeqlensK) || !ctx.hasInput(TotalSequenceLength))
    return ctx.emitError() << "expected seqlens_k and total_sequence_length "
                              "(inputs 5 and 6)";
  for (unsigned i : {unsigned(HeadSink)})
    if (i < ctx.getNumInputs() && ctx.hasInput(i))
      return ctx.unsupported("head_sink");
  if (ctx.getInt("smooth_softmax", 0) != 0)
    return ctx.unsupported("smooth_softmax=1");
  if (ctx.getInt("qk_output", 0) != 0 || ctx.hasOutput(3))
    return ctx.unsupported("the output_qk output");
  int64_t heads = ctx.getInt("num_heads", 0),
          kvHeads = ctx.getInt("kv_num_heads", 0);
  if (heads < 1 || kvHeads < 1 || heads % kvHeads)
    return ctx.emitError() << "expected num_heads a multiple of "
                              "kv_num_heads, got "
                           << heads << " and " << kvHeads;
  Value query = ctx.getInput(Query);
  if (!isFloatValue(query) || rankOf(query) != 3)
    return ctx.emitError() << "expected a float query [batch, seq, hidden], "
                              "got "
                           << query.getType();
  int64_t batch = shapeOf(query)[0], seq = shapeOf(query)[1];
  Value key, value;
  int64_t head;
  if (ctx.hasInput(Key) != ctx.hasInput(ValueIn))
    return ctx.emitError() << "expected both key and value, or neither (a "
                              "packed query)";
  if (ctx.hasInput(Key)) {
    key = ctx.getInput(Key);
    value = ctx.getInput(ValueIn);
    head = shapeOf(query)[2] / heads;
    if (shapeOf(query)[2] % heads || shapeOf(key) != shapeOf(value) ||
        shapeOf(key) !=
            ArrayRef<int64_t>{batch, seq, kvHeads * head})
      return ctx.emitError()
             << "expected query [B, S, " << heads << " * D] and key and "
             << "value [B, S, " << kvHeads << " * D], got "
             << query.getType() << ", " << key.getType() << " and "
             << value.getType();
  } else {
    int64_t packed = shapeOf(query)[2];
    if (packed % (heads + 2 * kvHeads))
      return ctx.emitError() << "expected a packed query of (num_heads + 2 "
                                "* kv_num_heads) * head_size columns, got "
                             << query.getType();
    head = packed / (heads + 2 * kvHeads);
    Value qkv = query;
    query = c.sliceAxis(qkv, 2, 0, heads * head);
    key = c.sliceAxis(qkv, 2, heads * head, kvHeads * head);
    value = c.sliceAxis(qkv, 2, (heads + kvHeads) * head, kvHeads * head);
  }
  Type type = elementTypeOf(query);
  Type i64 = IntegerType::get(ctx.getContext(), 64);

  // The cache length T, and the past padded (or zeros) to it.
  Value pastKey, pastValue;
  if (ctx.hasInput(PastKey) != ctx.hasInput(PastValue))
    return ctx.emitError() << "expected both past_key and past_value, or "
                              "neither";
  int64_t pastLength = 0;
  if (ctx.hasInput(PastKey)) {
    pastKey = ctx.getInput(PastKey);
    pastValue = ctx.getInput(PastValue);
    ArrayRef<int64_t> ps = shapeOf(pastKey);
    if (ps.size() != 4 || ps[0] != batch || ps[1] != kvHeads ||
        ps[3] != head || shapeOf(pastValue) != ps)
      return ctx.emitError()
             << "expected past_key and past_value [" << batch << ", "
             << kvHeads << ", past, " << head << "] (BNSH), got "
             << pastKey.getType() << " and " << pastValue.getType();
    pastLength = ps[2];
  }
  int64_t length = pastKey ? pastLength : seq;
  bool firstPrompt = false;
  if (std::optional<DenseElementsAttr> total =
          ctx.getConstantInput(TotalSequenceLength)) {
    if (total->getNumElements() != 1 ||
        !isa<IntegerType>(total->getElementType()))
      return ctx.emitError() << "expected an integer scalar "
                                "total_sequence_length";
    int64_t totalLength = (*total->getValues<APInt>().begin()).getSExtValue();
    length = std::max<int64_t>(pastLength, totalLength);
    firstPrompt = seq > 1 && totalLength == seq;
  }
  if (length < seq)
    return ctx.emitError() << "the KV cache holds " << length
                           << " positions, fewer than the " << seq
                           << " new tokens";
  auto padTo = [&](Value past) {
    if (!past)
      return c.broadcastTo(c.scalar(query, 0), {batch, kvHeads, length, head});
    if (pastLength == length)
      return past;
    Value zeros = c.broadcastTo(c.scalar(query, 0),
                                {batch, kvHeads, length - pastLength, head});
    return c.concat({past, zeros}, 2);
  };

  // p_b and t_b per sequence, [B] i64.
  Value seqlens = ctx.getInput(SeqlensK);
  if (shapeOf(seqlens) != ArrayRef<int64_t>{batch} ||
      !isa<IntegerType>(elementTypeOf(seqlens)))
    return ctx.emitError() << "expected integer seqlens_k [" << batch
                           << "], got " << seqlens.getType();
  Value end = c.add(c.cast(seqlens, i64), c.i64Constant({1}, {1}));
  Value start = firstPrompt
                    ? c.i64Constant(SmallVector<int64_t>(batch, 0), {batch})
                    : c.sub(end, c.i64Constant({seq}, {1}));

  // Rotary embedding of the new queries and keys at positions p_b + i.
  Value q = splitHeads(c, query, heads, head);
  Value k = splitHeads(c, key, kvHeads, head);
  Value v = splitHeads(c, value, kvHeads, head);
  if (ctx.getInt("do_rotary", 0) != 0) {
    if (!ctx.hasInput(CosCache) || !ctx.hasInput(SinCache))
      return ctx.emitError() << "do_rotary=1 needs cos_cache and sin_cache";
    Value positions;
    if (PositionIds < ctx.getNumInputs() && ctx.hasInput(PositionIds))
      positions = ctx.getInput(PositionIds);
    else
      positions = c.add(c.reshape(start, {batch, 1}),
                        c.reshape(c.iota({seq}), {1, seq}));
    Value cosCache = ctx.getInput(CosCache), sinCache = ctx.getInput(SinCache);
    RotaryOptions options{2 * shapeOf(cosCache).back(),
                          ctx.getInt("rotary_interleaved", 0) != 0};
    for (Value *x : {&q, &k}) {
      FailureOr<Value> rotated =
          buildRotaryEmbedding(ctx, *x, cosCache, sinCache, positions, options);
      if (failed(rotated))
        return failure();
      if (!*rotated)
        return success();
      *x = *rotated;
    }
  }

  Value presentKey = writeCache(c, padTo(pastKey), k, start);
  Value presentValue = writeCache(c, padTo(pastValue), v, start);

  // Scores of each group of heads sharing a KV head: [B, Hkv, G * S, T].
  int64_t group = heads / kvHeads;
  Value qg = c.reshape(q, {batch, kvHeads, group * seq, head});
  Value scores =
      c.matmul(qg, c.transpose(presentKey, {0, 1, 3, 2}));
  double scale = ctx.getFloat("scale", 0);
  if (scale == 0)
    scale = 1.0 / std::sqrt(double(head));
  scores = c.mul(scores, c.scalar(scores, scale));
  double softcap = ctx.getFloat("softcap", 0);
  if (softcap > 0)
    scores = c.mul(ctx.create<tg::TanhOp>(
                       c.mul(scores, c.scalar(scores, 1 / softcap))),
                   c.scalar(scores, softcap));
  scores = c.reshape(scores, {batch, kvHeads, group, seq, length});
  if (AttentionBias < ctx.getNumInputs() && ctx.hasInput(AttentionBias)) {
    Value bias = ctx.getInput(AttentionBias);
    ArrayRef<int64_t> bs = shapeOf(bias);
    if (bs.size() != 4 || (bs[0] != 1 && bs[0] != batch) ||
        (bs[1] != 1 && bs[1] != heads) || bs[2] != seq || bs[3] != length ||
        elementTypeOf(bias) != type)
      return ctx.emitError() << "expected an attention_bias [" << batch
                             << " or 1, " << heads << " or 1, " << seq << ", "
                             << length << "], got " << bias.getType();
    bias = c.broadcastTo(bias, {batch, heads, seq, length});
    scores = c.add(scores,
                   c.reshape(bias, {batch, kvHeads, group, seq, length}));
  }
  // Query i sees cache rows j <= p_b + i of its sequence (j < t_b), and
  // with a local window the last local_window_size of those:
  // j > p_b + i - window.
  Value position = c.add(c.reshape(start, {batch, 1, 1, 1, 1}),
                         c.reshape(c.iota({seq}), {1, 1, 1, seq, 1}));
  Value row = c.reshape(c.iota({length}), {1, 1, 1, 1, length});
  Value visible = ctx.create<tg::AndOp>(
      c.compare(tg::ComparePredicate::le, row, position),
      c.compare(tg::ComparePredicate::lt, row,
                c.reshape(end, {batch, 1, 1, 1, 1})));
  int64_t window = ctx.getInt("local_window_size", -1);
  if (window >= 0) {
    Value near = c.compare(tg::ComparePredicate::gt, row,
                           c.sub(position, c.i64Constant({window}, {1})));
    visible = ctx.create<tg::AndOp>(visible, near);
  }
  scores = c.select(
      c.broadcastTo(visible, shapeOf(scores)), scores,
      c.scalar(scores, -std::numeric_limits<float>::max()));
  Value probs = ctx.create<tg::SoftmaxOp>(scores, 4);
  probs = c.reshape(probs, {batch, kvHeads, group * seq, length});
  Value y = c.matmul(probs, presentValue); // [B, Hkv, G * S, D]
  y = c.transpose(c.reshape(y, {batch, heads, seq, head}), {0, 2, 1, 3});
  ctx.setOutput(0, c.reshape(y, {batch, seq, heads * head}));
  ctx.setOutput(1, presentKey);
  ctx.setOutput(2, presentValue);
  return success();
}
