//===- Recurrent.cpp - ONNX RNN, GRU and LSTM -----------------------------===//
//
// The recurrent layers as tg compositions, every attribute of the spec:
// forward, reverse and bidirectional; sequence_lens; initial states;
// peepholes; clip; custom activations with their alpha and beta; layout 1;
// GRU's linear_before_reset and LSTM's input_forget.
//
// The input projection of all time steps, X * W^T + the biases, is one
// matrix product over [seq * batch, input] before the recurrence: that is
// most of the arithmetic, and it runs as one large register-tiled GEMM. The
// recurrence is an scf.for over time (unrolled at import for sequences of at
// most kMaxUnrolledSteps): per step one [batch, hidden] x [hidden, gates *
// hidden] product and the gate math, which fusion puts into the product's
// epilogue; tg.dynamic_slice reads the step's projection and
// tg.dynamic_update_slice writes its output into the carried sequence.
//
// Gate order (ONNX): GRU z, r, h; LSTM i, o, f, c; peepholes i, o, f.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

/// The longest sequence a recurrent layer is unrolled over; longer ones are
/// an scf.for over time.
static constexpr int64_t kMaxUnrolledSteps = 8;

namespace {
enum class Cell { RNN, GRU, LSTM };

/// An activation function with the alpha and beta it reads.
struct Activation {
  std::string name;
  double alpha = 0, beta = 0;
};
} // namespace

static unsigned numGates(Cell cell) {
  return cell == Cell::RNN ? 1 : cell == Cell::GRU ? 3 : 4;
}

/// The activations of one direction's cell: f for RNN; f, g for GRU; f, g,
/// h for LSTM.
static unsigned numActivations(Cell cell) {
  return cell == Cell::RNN ? 1 : cell == Cell::GRU ? 2 : 3;
}

/// Whether activation `name` reads alpha, and beta, with their defaults.
static void activationDefaults(StringRef name, bool &hasAlpha, double &alpha,
                               bool &hasBeta, double &beta) {
  hasAlpha = hasBeta = false;
  std::string lower = name.lower();
  if (lower == "affine") {
    hasAlpha = hasBeta = true;
    alpha = 1.0;
    beta = 0.0;
  } else if (lower == "leakyrelu") {
    hasAlpha = true;
    alpha = 0.01;
  } else if (lower == "thresholdedrelu" || lower == "elu") {
    hasAlpha = true;
    alpha = 1.0;
  } else if (lower == "scaledtanh") {
    hasAlpha = hasBeta = true;
    alpha = beta = 1.0;
  } else if (lower == "hardsigmoid") {
    hasAlpha = hasBeta = true;
    alpha = 0.2;
    beta = 0.5;
  }
}

/// The node's activations, per direction in order (f, g, h of the forward
/// direction, then of the reverse one), alphas and betas consumed in order
/// by the activations that read them.
static FailureOr<SmallVector<Activation>>
getActivations(NodeContext &ctx, Cell cell, int64_t numDirections) {
  unsigned perDirection = numActivations(cell);
  SmallVector<std::string> names;
  if (std::optional<SmallVector<std::string>> given =
          ctx.getStrings("activations")) {
    names = *given;
    if (static_cast<int64_t>(names.size()) != perDirection * numDirections)
      return ctx.emitError() << "expected " << perDirection * numDirections
                             << " activations, got " << names.size();
  } else {
    static const char *const defaults[] = {"Sigmoid", "Tanh", "Tanh"};
    for (int64_t d = 0; d < numDirections; ++d)
      for (unsigned i = 0; i < perDirection; ++i)
        names.push_back(cell == Cell::RNN ? "Tanh" : defaults[i]);
  }
  SmallVector<double> alphas =
      ctx.getFloats("activation_alpha").value_or(SmallVector<double>());
  SmallVector<double> betas =
      ctx.getFloats("activation_beta").value_or(SmallVector<double>());
  size_t nextAlpha = 0, nextBeta = 0;
  SmallVector<Activation> activations;
  for (const std::string &name : names) {
    Activation activation{name};
    bool hasAlpha, hasBeta;
    activationDefaults(name, hasAlpha, activation.alpha, hasBeta,
                       activation.beta);
    if (hasAlpha && nextAlpha < alphas.size())
      activation.alpha = alphas[nextAlpha++];
    if (hasBeta && nextBeta < betas.size())
      activation.beta = betas[nextBeta++];
    activations.push_back(activation);
  }
  return activations;
}

/// `activation` applied to `x`.
static FailureOr<Value> activate(NodeContext &ctx, const Activation &act,
                                 Value x) {
  Composer c{ctx};
  std::string name = StringRef(act.name).lower();
  auto scaled = [&](double factor, Value v) {
    return factor == 1.0 ? v : c.mul(c.scalar(v, factor), v);
  };
  if (name == "tanh")
    return ctx.create<tg::TanhOp>(x);
  if (name == "sigmoid")
    return ctx.create<tg::SigmoidOp>(x);
  if (name == "relu")
    return ctx.create<tg::ReluOp>(x);
  if (name == "affine")
    return c.add(scaled(act.alpha, x), c.scalar(x, act.beta));
  if (name == "leakyrelu")
    return c.select(c.compare(tg::ComparePredicate::lt, x, c.scalar(x, 0)),
                    scaled(act.alpha, x), x);
  if (name == "thresholdedrelu")
    return c.select(
        c.compare(tg::ComparePredicate::gt, x, c.scalar(x, act.alpha)), x,
        c.scalar(x, 0));
  if (name == "scaledtanh")
    return scaled(act.alpha, ctx.create<tg::TanhOp>(scaled(act.beta, x)));
  if (name == "hardsigmoid")
    return c.max(c.scalar(x, 0),
                 c.min(c.scalar(x, 1),
                       c.add(scaled(act.alpha, x), c.scalar(x, act.beta))));
  if (name == "elu")
    return c.select(c.compare(tg::ComparePredicate::lt, x, c.scalar(x, 0)),
                    scaled(act.alpha, c.sub(c.exp(x), c.scalar(x, 1))), x);
  if (name == "softsign")
    return c.div(x, c.add(c.scalar(x, 1), c.abs(x)));
  if (name == "softplus")
    return c.softplus(x);
  (void)ctx.unsupported("activation '" + act.name + "'");
  return failure();
}

namespace {
/// Builds one direction's recurrence.
struct RecurrentBuilder {
  NodeContext &ctx;
  Cell cell;
  int64_t hidden, batch;
  std::optional<double> clip = std::nullopt;
  ArrayRef<Activation> activations = {}; // this direction's
  Value mask = {};                       // [seq, batch, 1] i1, or null
  bool linearBeforeReset = false, inputForget = false;
  bool failed = false;

  Composer c() { return Composer{ctx}; }

  /// Gate `k` of `gates` ([batch, G * hidden]).
  Value gate(Value gates, int64_t k) {
    return c().sliceAxis(gates, 1, k * hidden, hidden);
  }
  /// The activation `index` of this direction on `x`, clipped first.
  Value act(unsigned index, Value x) {
    if (failed)
      return x;
    if (clip)
      x = c().max(c().min(x, c().scalar(x, *clip)), c().scalar(x, -*clip));
    FailureOr<Value> result = activate(ctx, activations[index], x);
    if (mlir::failed(result)) {
      failed = true;
      return x;
    }
    return *result;
  }
};
} // namespace

/// `x` [d0, d1, ...] as [1, d0, d1, ...].
static Value withLeadingOne(Composer &c, Value x) {
  SmallVector<int64_t> shape(shapeOf(x));
  shape.insert(shape.begin(), 1);
  return c.reshape(x, shape);
}

/// Slice `d` of axis 0 of `x`, that axis dropped.
static Value direction(Composer &c, Value x, int64_t d) {
  SmallVector<int64_t> shape(shapeOf(x).drop_front());
  return c.reshape(c.sliceAxis(x, 0, d, 1), shape);
}

/// The layer of `cell`, with W and R given (DynamicQuantizeLSTM's
/// dequantized weights) or, when null, the node's inputs 1 and 2.
static LogicalResult convertRecurrent(NodeContext &ctx, Cell cell,
                                      Value w = {}, Value r = {}) {
  Composer c{ctx};
  Value x = ctx.getInput(0);
  if (!w) {
    w = ctx.getInput(1);
    r = ctx.getInput(2);
  }
  for (Value v : {x, w, r})
    if (!isFloatValue(v) || rankOf(v) != 3)
      return ctx.emitError() << "expected X, W and R to be rank-3 float "
                                "tensors, got "
                             << v.getType();
  Type element = elementTypeOf(x);
  std::string directionName = ctx.getString("direction", "forward");
  if (directionName != "forward" && directionName != "reverse" &&
      directionName != "bidirectional")
    return ctx.emitError() << "direction '" << directionName
                           << "' is not forward, reverse or bidirectional";
  int64_t numDirections = directionName == "bidirectional" ? 2 : 1;
  int64_t layout = ctx.getInt("layout", 0);
  if (layout != 0 && layout != 1)
    return ctx.emitError() << "layout " << layout << " is not 0 or 1";
  if (layout == 1)
    x = c.transpose(x, {1, 0, 2});
  int64_t seq = shapeOf(x)[0], batch = shapeOf(x)[1],
          inputSize = shapeOf(x)[2];
  int64_t gates = numGates(cell);
  int64_t hidden = ctx.getInt("hidden_size", shapeOf(r)[2]);
  if (shapeOf(w) != ArrayRef<int64_t>{numDirections, gates * hidden,
                                      inputSize} ||
      shapeOf(r) !=
          ArrayRef<int64_t>{numDirections, gates * hidden, hidden})
    return ctx.emitError() << "expected W of shape [" << numDirections
                           << ", " << gates * hidden << ", " << inputSize
                           << "] and R of shape [" << numDirections << ", "
                           << gates * hidden << ", " << hidden << "], got "
                           << w.getType() << " and " << r.getType();
  FailureOr<SmallVector<Activation>> activations =
      getActivations(ctx, cell, numDirections);
  if (failed(activations))
    return failure();

  auto optionalInput = [&](unsigned i, ArrayRef<int64_t> shape,
                           StringRef what) -> FailureOr<Value> {
    if (!ctx.hasInput(i))
      return Value();
    Value v = ctx.getInput(i);
    if (shapeOf(v) != shape)
      return ctx.emitError()
             << what << " has type " << v.getType() << ", expected a shape of "
             << tensorTypeOf(v).clone(shape);
    return c.cast(v, element);
  };
  FailureOr<Value> bias =
      optionalInput(3, {numDirections, 2 * gates * hidden}, "B");
  // Initial states are [num_directions, batch, hidden], or with layout 1
  // [batch, num_directions, hidden].
  SmallVector<int64_t> stateShape =
      layout ? SmallVector<int64_t>{batch, numDirections, hidden}
             : SmallVector<int64_t>{numDirections, batch, hidden};
  FailureOr<Value> initialH = optionalInput(5, stateShape, "initial_h");
  FailureOr<Value> initialC =
      cell == Cell::LSTM ? optionalInput(6, stateShape, "initial_c")
                         : FailureOr<Value>(Value());
  FailureOr<Value> peepholes =
      cell == Cell::LSTM ? optionalInput(7, {numDirections, 3 * hidden}, "P")
                         : FailureOr<Value>(Value());
  if (failed(bias) || failed(initialH) || failed(initialC) ||
      failed(peepholes))
    return failure();
  if (layout == 1) {
    if (*initialH)
      *initialH = c.transpose(*initialH, {1, 0, 2});
    if (*initialC)
      *initialC = c.transpose(*initialC, {1, 0, 2});
  }
  w = c.cast(w, element);
  r = c.cast(r, element);

  // Positions past a batch entry's length keep its state and output 0.
  Value mask;
  if (ctx.hasInput(4)) {
    Value lengths = ctx.getInput(4);
    if (shapeOf(lengths) != ArrayRef<int64_t>{batch} ||
        !isa<IntegerType>(elementTypeOf(lengths)))
      return ctx.emitError() << "expected sequence_lens of shape [" << batch
                             << "], got " << lengths.getType();
    Type i64 = IntegerType::get(ctx.getContext(), 64);
    Value steps = c.reshape(c.iota({seq}), {seq, 1, 1});
    mask = c.compare(tg::ComparePredicate::lt, steps,
                     c.reshape(c.cast(lengths, i64), {1, batch, 1}));
  }

  RecurrentBuilder rb{ctx, cell, hidden, batch};
  if (ctx.hasAttr("clip"))
    rb.clip = ctx.getFloat("clip", 0);
  rb.mask = mask;
  rb.linearBeforeReset = ctx.getInt("linear_before_reset", 0) != 0;
  rb.inputForget = ctx.getInt("input_forget", 0) != 0;

  SmallVector<Value> ys, finalH, finalC;
  Value zeros = ctx.createSplat(element, 0, {batch, hidden});
  for (int64_t d = 0; d < numDirections; ++d) {
    bool reverse = directionName == "reverse" || d == 1;
    rb.activations =
        ArrayRef<Activation>(*activations).slice(d * numActivations(cell),
                                                 numActivations(cell));
    Value wT = c.transpose(direction(c, w, d), {1, 0}); // [I, G*H]
    Value rT = c.transpose(direction(c, r, d), {1, 0}); // [H, G*H]
    // The input projection of every step at once: [seq * batch, G * H].
    Value inputBias, recurrentBiasH;
    if (*bias) {
      Value b = direction(c, *bias, d);
      Value wb = c.sliceAxis(b, 0, 0, gates * hidden);
      Value rbias = c.sliceAxis(b, 0, gates * hidden, gates * hidden);
      if (cell == Cell::GRU && rb.linearBeforeReset) {
        // R's h bias is added before the reset gate multiplies.
        recurrentBiasH = c.sliceAxis(rbias, 0, 2 * hidden, hidden);
        rbias = c.concat({c.sliceAxis(rbias, 0, 0, 2 * hidden),
                          ctx.createSplat(element, 0, {hidden})},
                         0);
      }
      inputBias = c.add(wb, rbias);
    }
    Value projected = c.matmul(c.reshape(x, {seq * batch, inputSize}), wT);
    if (inputBias)
      projected = c.add(projected, inputBias);
    projected = c.reshape(projected, {seq, batch, gates * hidden});

    Value h = *initialH ? direction(c, *initialH, d) : zeros;
    Value cState = *initialC ? direction(c, *initialC, d) : zeros;
    Value peepI, peepO, peepF;
    if (*peepholes) {
      Value p = direction(c, *peepholes, d);
      peepI = c.sliceAxis(p, 0, 0, hidden);
      peepO = c.sliceAxis(p, 0, hidden, hidden);
      peepF = c.sliceAxis(p, 0, 2 * hidden, hidden);
    }
    // For GRU without linear_before_reset, (r * H) meets R's h rows apart.
    Value rZR, rH;
    if (cell == Cell::GRU) {
      rZR = c.sliceAxis(rT, 1, 0, 2 * hidden);
      rH = c.sliceAxis(rT, 1, 2 * hidden, hidden);
    }
    // One step: the state (h, and c for LSTM) after input projection `xw`
    // ([batch, G * hidden]), and the step's output; `valid` ([batch, 1]
    // i1, or null) masks the positions past sequence_lens. A step of a zero
    // initial state needs no recurrent product.
    struct Step {
      Value h, c, output;
    };
    auto step = [&](Value xw, Value h, Value cState, Value valid,
                    bool zeroState) -> Step {
      auto recurrent = [&](Value state, Value weights) {
        if (zeroState)
          return ctx.createSplat(element, 0, {batch, shapeOf(weights)[1]});
        return c.matmul(state, weights);
      };
      Value newH, newC;
      if (cell == Cell::RNN) {
        newH = rb.act(0, c.add(xw, recurrent(h, rT)));
      } else if (cell == Cell::GRU) {
        Value one = c.scalar(h, 1);
        if (rb.linearBeforeReset) {
          Value hr = recurrent(h, rT);
          Value z = rb.act(0, c.add(rb.gate(xw, 0), rb.gate(hr, 0)));
          Value reset = rb.act(0, c.add(rb.gate(xw, 1), rb.gate(hr, 1)));
          Value hrH = rb.gate(hr, 2);
          if (recurrentBiasH)
            hrH = c.add(hrH, recurrentBiasH);
          Value candidate = rb.act(1, c.add(rb.gate(xw, 2), c.mul(reset, hrH)));
          newH = c.add(c.mul(c.sub(one, z), candidate), c.mul(z, h));
        } else {
          Value hr = recurrent(h, rZR);
          Value z = rb.act(0, c.add(rb.gate(xw, 0), rb.gate(hr, 0)));
          Value reset = rb.act(0, c.add(rb.gate(xw, 1), rb.gate(hr, 1)));
          Value candidate = rb.act(
              1, c.add(rb.gate(xw, 2), recurrent(c.mul(reset, h), rH)));
          newH = c.add(c.mul(c.sub(one, z), candidate), c.mul(z, h));
        }
      } else {
        Value pre = c.add(xw, recurrent(h, rT));
        Value i = rb.gate(pre, 0), o = rb.gate(pre, 1), f = rb.gate(pre, 2),
              g = rb.gate(pre, 3);
        if (peepI) {
          i = c.add(i, c.mul(peepI, cState));
          f = c.add(f, c.mul(peepF, cState));
        }
        Value it = rb.act(0, i);
        Value ft = rb.inputForget ? c.sub(c.scalar(it, 1), it) : rb.act(0, f);
        Value ct = rb.act(1, g);
        newC = c.add(c.mul(ft, cState), c.mul(it, ct));
        if (peepO)
          o = c.add(o, c.mul(peepO, newC));
        newH = c.mul(rb.act(0, o), rb.act(2, newC));
      }
      Value output = newH;
      if (valid) {
        output = c.select(valid, newH, zeros);
        newH = c.select(valid, newH, h);
        if (newC)
          newC = c.select(valid, newC, cState);
      }
      return {newH, newC ? newC : cState, output};
    };

    Value y; // [seq, batch, hidden]
    if (seq <= kMaxUnrolledSteps) {
      SmallVector<Value> outputs(seq);
      for (int64_t s = 0; s < seq; ++s) {
        int64_t t = reverse ? seq - 1 - s : s;
        Value xw = c.reshape(c.sliceAxis(projected, 0, t, 1),
                             {batch, gates * hidden});
        Value valid;
        if (mask)
          valid = c.reshape(c.sliceAxis(mask, 0, t, 1), {batch, 1});
        Step next = step(xw, h, cState, valid, s == 0 && !*initialH);
        if (rb.failed)
          return success(); // the activation was reported unsupported
        h = next.h;
        cState = next.c;
        outputs[t] = c.reshape(next.output, {1, batch, hidden});
      }
      y = outputs.size() == 1 ? outputs.front() : c.concat(outputs, 0);
    } else {
      // A loop over time: the state and the output sequence are carried,
      // each step's output written at its position.
      OpBuilder &b = ctx.getBuilder();
      Location loc = ctx.getLoc();
      auto index = [&](int64_t v) -> Value {
        return arith::ConstantIndexOp::create(b, loc, v);
      };
      Value zero = index(0), one = index(1), last = index(seq - 1);
      SmallVector<Value> carried = {
          h, ctx.createSplat(element, 0, {seq, batch, hidden})};
      if (cell == Cell::LSTM)
        carried.push_back(cState);
      auto loop = scf::ForOp::create(b, loc, zero, index(seq), one, carried);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(loop.getBody());
        Value t = loop.getInductionVar();
        if (reverse)
          t = arith::SubIOp::create(b, loc, last, t);
        auto stepOf = [&](Value sequence, int64_t width) {
          Value slice = ctx.create<tg::DynamicSliceOp>(
              tensorTypeOf(sequence).clone({1, batch, width}), sequence,
              ValueRange{t, zero, zero});
          return c.reshape(slice, {batch, width});
        };
        ValueRange state = loop.getRegionIterArgs();
        Value valid = mask ? stepOf(mask, 1) : Value();
        Step next = step(stepOf(projected, gates * hidden), state[0],
                         cell == Cell::LSTM ? state[2] : Value(), valid,
                         /*zeroState=*/false);
        if (rb.failed) {
          // The activation was reported unsupported; the loop stays valid.
          scf::YieldOp::create(b, loc, loop.getRegionIterArgs());
          return success();
        }
        Value sequence = ctx.create<tg::DynamicUpdateSliceOp>(
            c.reshape(next.output, {1, batch, hidden}), state[1],
            ValueRange{t, zero, zero});
        SmallVector<Value> yielded = {next.h, sequence};
        if (cell == Cell::LSTM)
          yielded.push_back(next.c);
        scf::YieldOp::create(b, loc, yielded);
      }
      h = loop.getResult(0);
      y = loop.getResult(1);
      if (cell == Cell::LSTM)
        cState = loop.getResult(2);
    }
    // [seq, 1, batch, hidden] for this direction.
    ys.push_back(c.reshape(y, {seq, 1, batch, hidden}));
    finalH.push_back(withLeadingOne(c, h));
    finalC.push_back(withLeadingOne(c, cState));
  }
  auto join = [&](ArrayRef<Value> parts, int64_t axis) {
    return parts.size() == 1 ? parts.front() : c.concat(parts, axis);
  };
  Value y = join(ys, 1);           // [seq, dirs, batch, hidden]
  Value yH = join(finalH, 0);      // [dirs, batch, hidden]
  Value yC = join(finalC, 0);
  if (layout == 1) {
    y = c.transpose(y, {2, 0, 1, 3});
    yH = c.transpose(yH, {1, 0, 2});
    yC = c.transpose(yC, {1, 0, 2});
  }
  ctx.setOutput(0, y);
  ctx.setOutput(1, yH);
  if (cell == Cell::LSTM)
    ctx.setOutput(2, yC);
  return success();
}

/// DynamicQuantizeLSTM (com.microsoft): an LSTM whose W [dirs, input,
/// 4 * hidden] and R [dirs, hidden, 4 * hidden] are int8 or uint8 with a
/// scale and zero point per direction or per column; dequantized to float32
/// ((q - zero_point) * scale) and transposed to ONNX LSTM's layout. Inputs
/// 3 to 7 are LSTM's.
static LogicalResult convertDynamicQuantizeLSTM(NodeContext &ctx) {
  for (unsigned i : {0, 1, 2, 8, 9, 10, 11})
    if (!ctx.hasInput(i))
      return ctx.emitError() << "expected input " << i
                             << " to be given (it is required)";
  Composer c{ctx};
  Type f32 = Float32Type::get(ctx.getContext());
  auto dequantize = [&](unsigned q, unsigned scale,
                        unsigned zeroPoint) -> FailureOr<Value> {
    Value weights = ctx.getInput(q);
    if (rankOf(weights) != 3 || !elementTypeOf(weights).isInteger(8))
      return ctx.emitError() << "expected int8 or uint8 weights [dirs, rows, "
                                "4 * hidden], got "
                             << weights.getType();
    ArrayRef<int64_t> shape = shapeOf(weights);
    auto align = [&](Value param) -> FailureOr<Value> {
      int64_t n = tensorTypeOf(param).getNumElements();
      if (n == shape[0])
        return c.reshape(param, {shape[0], 1, 1});
      if (n == shape[0] * shape[2])
        return c.reshape(param, {shape[0], 1, shape[2]});
      return ctx.emitError() << "expected a scale or zero point per direction "
                                "or per column, got "
                             << param.getType();
    };
    auto toFloat = [&](Value v) -> Value {
      return ctx.create<tg::CastOp>(
          RankedTensorType::get(shapeOf(v), f32), v,
          /*unsigned_input=*/ctx.isUnsigned(v), /*unsigned_result=*/false);
    };
    FailureOr<Value> s = align(c.cast(ctx.getInput(scale), f32));
    FailureOr<Value> z = align(toFloat(ctx.getInput(zeroPoint)));
    if (failed(s) || failed(z))
      return failure();
    Value real = c.mul(c.sub(toFloat(weights), *z), *s);
    return c.transpose(real, {0, 2, 1});
  };
  FailureOr<Value> w = dequantize(1, 8, 9), r = dequantize(2, 10, 11);
  if (failed(w) || failed(r))
    return failure();
  return convertRecurrent(ctx, Cell::LSTM, *w, *r);
}

void aotc::onnximport::registerRecurrentConverters(
    ConverterRegistry &registry) {
  registry.add("RNN", {3, 6}, [](NodeContext &ctx) {
    return convertRecurrent(ctx, Cell::RNN);
  });
  registry.add("GRU", {3, 6}, [](NodeContext &ctx) {
    return convertRecurrent(ctx, Cell::GRU);
  });
  registry.add("LSTM", {3, 8}, [](NodeContext &ctx) {
    return convertRecurrent(ctx, Cell::LSTM);
  });
  registry.addContrib("DynamicQuantizeLSTM", {0, 12},
                      convertDynamicQuantizeLSTM);
}
