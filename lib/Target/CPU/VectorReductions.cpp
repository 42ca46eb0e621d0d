//===- VectorReductions.cpp - vectors across a reduction loop -------------===//
//
// Part of `aotc-cpu-vector-kernels`: a linalg.generic on buffers that has no
// parallel loop to vectorize across (a row sum, a dot product `q . k`, the
// mean and variance of a layer norm) is vectorized across a reduction loop
// along which its inputs are contiguous. Each output keeps one vector of
// partial results per tile row, initialized to its combiner's neutral
// element; after the reduction loops the lanes are reduced horizontally and
// combined with the output's initial value. This reorders a sum, which
// `aotc-reassociate-reductions` allows (`reassoc`); max and min are exact.
// docs/cpu-kernels.md.
//
//===----------------------------------------------------------------------===//

#include "VectorKernelSupport.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

#include <limits>

using namespace mlir;

namespace aotc::cpu {
namespace {

/// How one output accumulates: `yield = combiner(out, contribution)`.
struct Combiner {
  Operation *op;
  vector::CombiningKind kind;
  /// The combiner's operand that is not the output.
  Value contribution;
  FloatType type;
};

std::optional<Combiner> findCombiner(linalg::GenericOp generic,
                                     OpOperand *init, Value yielded) {
  BlockArgument out = generic.getMatchingBlockArgument(init);
  Operation *op = yielded.getDefiningOp();
  auto type = dyn_cast<FloatType>(out.getType());
  if (!op || op->getBlock() != generic.getBody() || !out.hasOneUse() ||
      *out.getUsers().begin() != op || op->getNumOperands() != 2 || !type ||
      !(type.isF32() || type.isF64()))
    return std::nullopt;
  Combiner combiner{op, vector::CombiningKind::ADD, Value(), type};
  if (auto add = dyn_cast<arith::AddFOp>(op)) {
    if (!bitEnumContainsAll(add.getFastmath(), arith::FastMathFlags::reassoc))
      return std::nullopt;
  } else if (isa<arith::MaximumFOp>(op)) {
    combiner.kind = vector::CombiningKind::MAXIMUMF;
  } else if (isa<arith::MinimumFOp>(op)) {
    combiner.kind = vector::CombiningKind::MINIMUMF;
  } else if (isa<arith::MaxNumFOp>(op)) {
    combiner.kind = vector::CombiningKind::MAXNUMF;
  } else if (isa<arith::MinNumFOp>(op)) {
    combiner.kind = vector::CombiningKind::MINNUMF;
  } else {
    return std::nullopt;
  }
  combiner.contribution =
      op->getOperand(0) == out ? op->getOperand(1) : op->getOperand(0);
  return combiner;
}

/// Whether `value` is a float constant equal to `expected`.
bool isConstant(Value value, double expected) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  auto attr = constant ? dyn_cast<FloatAttr>(constant.getValue()) : nullptr;
  return attr && attr.getValueAsDouble() == expected;
}

template <typename OpTy>
OpTy definedAs(Value value) {
  return value ? value.getDefiningOp<OpTy>() : OpTy();
}

/// The contribution `c` of a softmax's online statistics (the body
/// TGToLinalg builds for pass 1 of tg.softmax, with m the running maximum
/// and s the running sum of exp(x - m)):
///
///   m' = maximumf(m, c)
///   s' = c > m ? s * e + ((c - c) + 1) : s + (c == -inf ? 0 : e)
///   where e = exp((c > m ? m : c) - m')
///
/// Each lane can keep such a state for its own elements; states merge as
/// m = max(m1, m2), s = s1 * exp(m1 - m) + s2 * exp(m2 - m). Null when the
/// body is anything else.
Value matchOnlineSoftmax(linalg::GenericOp generic) {
  if (generic.getNumDpsInits() != 2)
    return Value();
  Block *body = generic.getBody();
  Value m = generic.getMatchingBlockArgument(generic.getDpsInitOperand(0));
  Value s = generic.getMatchingBlockArgument(generic.getDpsInitOperand(1));
  Operation *yield = body->getTerminator();
  auto newMax = definedAs<arith::MaximumFOp>(yield->getOperand(0));
  auto newSum = definedAs<arith::SelectOp>(yield->getOperand(1));
  if (!newMax || !newSum || newMax.getLhs() != m || !m.getType().isF32() ||
      !s.getType().isF32())
    return Value();
  Value c = newMax.getRhs();
  auto grows = definedAs<arith::CmpFOp>(newSum.getCondition());
  auto rescaled = definedAs<arith::AddFOp>(newSum.getTrueValue());
  auto accumulated = definedAs<arith::AddFOp>(newSum.getFalseValue());
  if (!grows || grows.getPredicate() != arith::CmpFPredicate::OGT ||
      grows.getLhs() != c || grows.getRhs() != m || !rescaled || !accumulated)
    return Value();
  auto scaled = definedAs<arith::MulFOp>(rescaled.getLhs());
  auto self = definedAs<arith::AddFOp>(rescaled.getRhs());
  auto selfZero = self ? definedAs<arith::SubFOp>(self.getLhs()) : nullptr;
  auto term = definedAs<arith::SelectOp>(accumulated.getRhs());
  if (!scaled || scaled.getLhs() != s || !self || !selfZero ||
      selfZero.getLhs() != c || selfZero.getRhs() != c ||
      !isConstant(self.getRhs(), 1.0) || accumulated.getLhs() != s || !term)
    return Value();
  auto isNegInf = definedAs<arith::CmpFOp>(term.getCondition());
  auto exp = definedAs<math::ExpOp>(scaled.getRhs());
  if (!isNegInf || isNegInf.getPredicate() != arith::CmpFPredicate::OEQ ||
      isNegInf.getLhs() != c ||
      !isConstant(isNegInf.getRhs(), -std::numeric_limits<double>::infinity()) ||
      !isConstant(term.getTrueValue(), 0.0) || term.getFalseValue() != exp ||
      !exp)
    return Value();
  auto exponent = definedAs<arith::SubFOp>(exp.getOperand());
  auto smaller = exponent ? definedAs<arith::SelectOp>(exponent.getLhs())
                          : arith::SelectOp();
  if (!exponent || exponent.getRhs() != newMax.getResult() || !smaller ||
      smaller.getCondition() != grows.getResult() ||
      smaller.getTrueValue() != m || smaller.getFalseValue() != c)
    return Value();
  // m and s feed nothing else.
  for (Value state : {m, s})
    for (Operation *user : state.getUsers())
      if (user != newMax && user != grows && user != smaller &&
          user != scaled && user != accumulated)
        return Value();
  return c;
}

/// The value that leaves a combiner's other operand unchanged.
TypedAttr neutralElement(const Combiner &combiner) {
  const llvm::fltSemantics &semantics = combiner.type.getFloatSemantics();
  switch (combiner.kind) {
  case vector::CombiningKind::MAXIMUMF:
  case vector::CombiningKind::MAXNUMF:
    return FloatAttr::get(combiner.type,
                          APFloat::getInf(semantics, /*Negative=*/true));
  case vector::CombiningKind::MINIMUMF:
  case vector::CombiningKind::MINNUMF:
    return FloatAttr::get(combiner.type, APFloat::getInf(semantics));
  default:
    return FloatAttr::get(combiner.type, APFloat::getZero(semantics));
  }
}

/// Whether `value` is computed without reading any output (and so without
/// another combiner).
bool readsNoOutput(linalg::GenericOp generic, Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner() != generic.getBody() ||
           !generic.isDpsInit(generic.getMatchingOpOperand(arg));
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != generic.getBody())
    return true;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return readsNoOutput(generic, operand);
  });
}

struct ReductionPlan {
  unsigned lanes = 0;
  unsigned vectorDim = 0;
  std::optional<unsigned> rowDim;
  int64_t rows = 1;
  /// Partial vectors per row and output (independent dependency chains).
  int64_t unroll = 1;
  SmallVector<int64_t> ranges;
  SmallVector<Combiner> combiners;
  /// Softmax statistics (matchOnlineSoftmax): the contribution, with
  /// combiners[0] the maximum and combiners[1] standing for the sum.
  Value onlineContribution;
  /// Per input: whether it depends on the vector (reduction) dimension and
  /// on the row dimension.
  SmallVector<bool> onVector, onRow;
};

std::optional<ReductionPlan> planReduction(linalg::GenericOp generic,
                                           unsigned vectorBits,
                                           unsigned registers) {
  if (!generic.hasPureBufferSemantics() || generic.hasIndexSemantics() ||
      generic.getNumReductionLoops() == 0)
    return std::nullopt;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(input->get().getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
      return std::nullopt;
  }
  for (OpOperand &init : generic.getDpsInitsMutable()) {
    auto type = dyn_cast<MemRefType>(init.get().getType());
    if (!type || !type.hasStaticShape())
      return std::nullopt;
  }
  if (!hasVectorizableBody(generic))
    return std::nullopt;

  ReductionPlan plan;
  plan.lanes = vectorBits / 32;
  plan.ranges = generic.getStaticLoopRanges();
  if (llvm::any_of(plan.ranges,
                   [](int64_t r) { return r <= 0 || ShapedType::isDynamic(r); }))
    return std::nullopt;
  Block *body = generic.getBody();
  Operation *yield = body->getTerminator();
  plan.onlineContribution = matchOnlineSoftmax(generic);
  for (OpOperand &init : generic.getDpsInitsMutable()) {
    Value yielded =
        yield->getOperand(init.getOperandNumber() - generic.getNumDpsInputs());
    std::optional<Combiner> combiner;
    if (plan.onlineContribution)
      combiner = Combiner{yielded.getDefiningOp(),
                          plan.combiners.empty()
                              ? vector::CombiningKind::MAXIMUMF
                              : vector::CombiningKind::ADD,
                          plan.onlineContribution,
                          Float32Type::get(generic.getContext())};
    else
      combiner = findCombiner(generic, &init, yielded);
    if (!combiner || !readsNoOutput(generic, combiner->contribution))
      return std::nullopt;
    for (unsigned d = 0; d < plan.ranges.size(); ++d)
      if (generic.getIteratorTypesArray()[d] ==
              utils::IteratorType::reduction &&
          generic.getMatchingIndexingMap(&init).isFunctionOfDim(d))
        return std::nullopt;
    plan.combiners.push_back(*combiner);
  }

  // The vector dimension: a reduction loop that some input reads
  // contiguously and no input reads otherwise; the longest. Half a vector
  // at least, or a quarter when each element costs a transcendental or a
  // division (a SiLU's exp before a 7x7 global pool), which scalar code
  // pays in full.
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  bool costlyBody = llvm::any_of(body->without_terminator(), [](Operation &op) {
    return isa<math::MathDialect>(op.getDialect()) ||
           isa<arith::DivFOp>(op);
  });
  int64_t minExtent = costlyBody ? plan.lanes / 4 : plan.lanes / 2;
  std::optional<unsigned> best;
  for (unsigned d = 0; d < iterators.size(); ++d) {
    if (iterators[d] != utils::IteratorType::reduction)
      continue;
    bool ok = true, used = false;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      std::optional<int64_t> step =
          stepAlong(generic.getMatchingIndexingMap(input),
                    cast<MemRefType>(input->get().getType()), d);
      ok &= step && *step <= 1;
      used |= step && *step == 1;
    }
    if (ok && used && plan.ranges[d] >= minExtent &&
        (!best || plan.ranges[d] > plan.ranges[*best]))
      best = d;
  }
  if (!best)
    return std::nullopt;
  plan.vectorDim = *best;

  // Rows: a parallel loop that the vector inputs share the most.
  int bestReuse = -1;
  for (unsigned d = 0; d < iterators.size(); ++d) {
    if (iterators[d] != utils::IteratorType::parallel || plan.ranges[d] < 2)
      continue;
    int reuse = 0;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      AffineMap map = generic.getMatchingIndexingMap(input);
      if (map.isFunctionOfDim(plan.vectorDim) && !map.isFunctionOfDim(d))
        ++reuse;
    }
    if (reuse > bestReuse ||
        (reuse == bestReuse && plan.ranges[d] > plan.ranges[*plan.rowDim])) {
      plan.rowDim = d;
      bestReuse = reuse;
    }
  }
  int64_t outputs = plan.combiners.size();
  int64_t budget = std::max<int64_t>(registers / 2 / outputs, 1);
  int64_t perRow = llvm::divideCeil(plan.ranges[plan.vectorDim], plan.lanes);
  if (plan.rowDim)
    plan.rows = std::min<int64_t>(plan.ranges[*plan.rowDim],
                                  std::min<int64_t>(budget, 8));
  plan.unroll = std::clamp<int64_t>(std::min(budget / plan.rows, 8 / plan.rows),
                                    1, perRow);
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    plan.onVector.push_back(map.isFunctionOfDim(plan.vectorDim));
    plan.onRow.push_back(plan.rowDim && map.isFunctionOfDim(*plan.rowDim));
  }
  return plan;
}

class ReductionEmitter {
public:
  ReductionEmitter(linalg::GenericOp generic, const ReductionPlan &plan)
      : generic(generic), plan(plan), loc(generic.getLoc()),
        vb(generic.getLoc(), plan.lanes) {}

  void emit(OpBuilder &b) {
    SmallVector<OpFoldResult> dims(plan.ranges.size(), b.getIndexAttr(0));
    emitOuter(b, 0, dims);
  }

private:
  bool isReduction(unsigned d) {
    return generic.getIteratorTypesArray()[d] ==
           utils::IteratorType::reduction;
  }

  void emitOuter(OpBuilder &b, unsigned d, SmallVector<OpFoldResult> &dims) {
    for (; d < plan.ranges.size(); ++d) {
      if (isReduction(d) || d == plan.rowDim || plan.ranges[d] == 1)
        continue;
      forLoop(
          b, 0, plan.ranges[d], 1, ValueRange{},
          [&](OpBuilder &nb, Value iv, ValueRange) {
            SmallVector<OpFoldResult> inner = dims;
            inner[d] = iv;
            emitOuter(nb, d + 1, inner);
            return SmallVector<Value>{};
          },
          /*parallel=*/true);
      return;
    }
    if (!plan.rowDim) {
      emitTile(b, dims, 1);
      return;
    }
    int64_t extent = plan.ranges[*plan.rowDim];
    int64_t full = extent / plan.rows * plan.rows;
    if (full > 0)
      forLoop(
          b, 0, full, plan.rows, ValueRange{},
          [&](OpBuilder &nb, Value iv, ValueRange) {
            SmallVector<OpFoldResult> inner = dims;
            inner[*plan.rowDim] = iv;
            emitTile(nb, inner, plan.rows);
            return SmallVector<Value>{};
          },
          /*parallel=*/true);
    if (int64_t rest = extent - full) {
      dims[*plan.rowDim] = b.getIndexAttr(full);
      emitTile(b, dims, rest);
    }
  }

  /// One tile of `rows` output rows: partial vectors through every
  /// reduction loop, then one horizontal reduction per output and row.
  void emitTile(OpBuilder &b, ArrayRef<OpFoldResult> dims, int64_t rows) {
    tileRows = rows;
    SmallVector<Value> acc;
    for (const Combiner &combiner : plan.combiners) {
      auto type = VectorType::get({plan.lanes}, combiner.type);
      Value neutral = arith::ConstantOp::create(
          b, loc, type,
          DenseElementsAttr::get(type, ArrayRef<Attribute>(
                                           neutralElement(combiner))));
      for (int64_t i = 0; i < rows * plan.unroll; ++i)
        acc.push_back(neutral);
    }
    SmallVector<unsigned> order;
    for (unsigned d = 0; d < plan.ranges.size(); ++d)
      if (isReduction(d) && d != plan.vectorDim)
        order.push_back(d);
    SmallVector<OpFoldResult> inner(dims.begin(), dims.end());
    SmallVector<Value> partial = emitReductions(b, order, 0, inner, acc);

    if (plan.onlineContribution) {
      for (int64_t i = 0; i < rows; ++i)
        storeOnline(b, partial, i, dims);
      return;
    }
    for (auto [k, combiner] : llvm::enumerate(plan.combiners)) {
      OpOperand *init = generic.getDpsInitOperand(k);
      for (int64_t i = 0; i < rows; ++i) {
        Value sum = partial[index(k, i, 0)];
        for (int64_t u = 1; u < plan.unroll; ++u)
          sum = combine(b, combiner, sum, partial[index(k, i, u)]);
        // The lanes are partial results already: their order is free (a
        // tree of shuffles, not sixteen dependent adds).
        Value lanes = vector::ReductionOp::create(
            b, loc, combiner.kind, sum, arith::FastMathFlags::reassoc);
        SmallVector<OpFoldResult> at = rowDims(b, dims, i);
        SmallVector<Value> where = indices(b, *init, at);
        Value old = memref::LoadOp::create(b, loc, init->get(), where);
        memref::StoreOp::create(b, loc, combine(b, combiner, old, lanes),
                                init->get(), where);
      }
    }
  }

  int64_t index(int64_t output, int64_t row, int64_t u) const {
    return (output * tileRows + row) * plan.unroll + u;
  }

  /// The reduction loops other than the vector one, outermost first, then
  /// the vector loop in chunks of `unroll` vectors and a masked remainder.
  SmallVector<Value> emitReductions(OpBuilder &b, ArrayRef<unsigned> order,
                                    unsigned level,
                                    SmallVector<OpFoldResult> &dims,
                                    ValueRange acc) {
    if (level < order.size()) {
      unsigned d = order[level];
      if (plan.ranges[d] == 1)
        return emitReductions(b, order, level + 1, dims, acc);
      return forLoop(b, 0, plan.ranges[d], 1, acc,
                     [&](OpBuilder &nb, Value iv, ValueRange iters) {
                       SmallVector<OpFoldResult> inner = dims;
                       inner[d] = iv;
                       return emitReductions(nb, order, level + 1, inner,
                                             iters);
                     });
    }
    int64_t extent = plan.ranges[plan.vectorDim];
    int64_t chunk = plan.unroll * plan.lanes;
    int64_t full = extent / chunk * chunk;
    SmallVector<Value> current(acc.begin(), acc.end());
    if (full > 0)
      current = forLoop(b, 0, full, chunk, current,
                        [&](OpBuilder &nb, Value iv, ValueRange iters) {
                          SmallVector<OpFoldResult> inner = dims;
                          SmallVector<Value> next(iters.begin(), iters.end());
                          for (int64_t u = 0; u < plan.unroll; ++u) {
                            inner[plan.vectorDim] = offset(nb, iv, u * plan.lanes);
                            accumulate(nb, inner, u, plan.lanes, next);
                          }
                          return next;
                        });
    for (int64_t start = full, u = 0; start < extent;
         start += plan.lanes, ++u) {
      dims[plan.vectorDim] = b.getIndexAttr(start);
      accumulate(b, dims, u,
                 std::min<int64_t>(plan.lanes, extent - start), current);
    }
    return current;
  }

  /// Adds the contributions at `dims` (vector loads of `lanes` lanes, the
  /// rest neutral) to partial vector `u` of every row and output.
  void accumulate(OpBuilder &b, ArrayRef<OpFoldResult> dims, int64_t u,
                  int64_t lanes, SmallVector<Value> &acc) {
    DenseMap<std::pair<unsigned, int64_t>, Value> loaded;
    for (int64_t i = 0; i < tileRows; ++i) {
      SmallVector<OpFoldResult> at = rowDims(b, dims, i);
      IRMapping mapping;
      for (auto [n, input] : llvm::enumerate(generic.getDpsInputOperands())) {
        Value &value = loaded[{n, plan.onRow[n] ? i : -1}];
        if (!value)
          value = read(b, *input, at, plan.onVector[n], lanes);
        mapping.map(generic.getMatchingBlockArgument(input), value);
      }
      if (plan.onlineContribution) {
        accumulateOnline(b, i, u, lanes, mapping, acc);
        continue;
      }
      for (Operation &op : generic.getBody()->without_terminator())
        if (!llvm::any_of(plan.combiners, [&](const Combiner &c) {
              return c.op == &op;
            }))
          cloneOnVectors(b, op, mapping);
      for (auto [k, combiner] : llvm::enumerate(plan.combiners)) {
        Value contribution = vectorOf(b, combiner.contribution, mapping);
        if (lanes < (int64_t)plan.lanes) {
          auto type = cast<VectorType>(contribution.getType());
          Value neutral = arith::ConstantOp::create(
              b, loc, type,
              DenseElementsAttr::get(type, ArrayRef<Attribute>(
                                               neutralElement(combiner))));
          contribution = arith::SelectOp::create(b, loc, mask(b, lanes),
                                                 contribution, neutral);
        }
        Value &partial = acc[index(k, i, u)];
        partial = combine(b, combiner, partial, contribution);
      }
    }
  }

  /// One step of softmax statistics on every lane: the whole body cloned
  /// with the running maximum and sum as vectors of per-lane states; masked
  /// lanes see a contribution of -inf, which leaves a state unchanged.
  void accumulateOnline(OpBuilder &b, int64_t i, int64_t u, int64_t lanes,
                        IRMapping &mapping, SmallVector<Value> &acc) {
    Block *body = generic.getBody();
    Value contribution = plan.onlineContribution;
    auto maskContribution = [&] {
      if (lanes == (int64_t)plan.lanes)
        return;
      Value value = vectorOf(b, contribution, mapping);
      auto type = cast<VectorType>(value.getType());
      Value negInf = arith::ConstantOp::create(
          b, loc, type,
          DenseElementsAttr::get(
              type, ArrayRef<Attribute>(neutralElement(plan.combiners[0]))));
      mapping.map(contribution, arith::SelectOp::create(
                                    b, loc, mask(b, lanes), value, negInf));
    };
    if (!contribution.getDefiningOp())
      maskContribution();
    for (auto [k, init] : llvm::enumerate(generic.getDpsInitsMutable()))
      mapping.map(generic.getMatchingBlockArgument(&init),
                  acc[index(k, i, u)]);
    for (Operation &op : body->without_terminator()) {
      cloneOnVectors(b, op, mapping);
      if (contribution.getDefiningOp() == &op)
        maskContribution();
    }
    for (unsigned k = 0; k < 2; ++k)
      acc[index(k, i, u)] =
          vectorOf(b, body->getTerminator()->getOperand(k), mapping);
  }

  /// The sum `s` of a state whose maximum is `m`, rescaled to the maximum
  /// `to`: s * exp(m - to), 0 for a state that saw nothing but -inf.
  Value rescale(OpBuilder &b, Value s, Value m, Value to) {
    Type type = m.getType();
    auto scalarType = cast<FloatType>(getElementTypeOrSelf(type));
    auto attr = [&](double value) -> TypedAttr {
      if (auto vector = dyn_cast<VectorType>(type))
        return DenseElementsAttr::get(vector,
                                      FloatAttr::get(scalarType, value));
      return FloatAttr::get(scalarType, value);
    };
    Value negInf = arith::ConstantOp::create(
        b, loc, attr(-std::numeric_limits<double>::infinity()));
    Value zero = arith::ConstantOp::create(b, loc, attr(0.0));
    Value empty =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, m, negInf);
    Value scaled = arith::MulFOp::create(
        b, loc, s,
        math::ExpOp::create(b, loc, arith::SubFOp::create(b, loc, m, to)));
    return arith::SelectOp::create(b, loc, empty, zero, scaled);
  }

  /// Merges the per-lane softmax states of row `i` with the stored ones.
  void storeOnline(OpBuilder &b, ArrayRef<Value> partial, int64_t i,
                   ArrayRef<OpFoldResult> dims) {
    Value m = partial[index(0, i, 0)], s = partial[index(1, i, 0)];
    for (int64_t u = 1; u < plan.unroll; ++u) {
      Value m2 = partial[index(0, i, u)], s2 = partial[index(1, i, u)];
      Value merged = arith::MaximumFOp::create(b, loc, m, m2);
      s = arith::AddFOp::create(b, loc, rescale(b, s, m, merged),
                                rescale(b, s2, m2, merged));
      m = merged;
    }
    SmallVector<OpFoldResult> at = rowDims(b, dims, i);
    OpOperand *maxInit = generic.getDpsInitOperand(0);
    OpOperand *sumInit = generic.getDpsInitOperand(1);
    SmallVector<Value> maxAt = indices(b, *maxInit, at);
    SmallVector<Value> sumAt = indices(b, *sumInit, at);
    Value oldMax = memref::LoadOp::create(b, loc, maxInit->get(), maxAt);
    Value oldSum = memref::LoadOp::create(b, loc, sumInit->get(), sumAt);
    Value laneMax = vector::ReductionOp::create(
        b, loc, vector::CombiningKind::MAXIMUMF, m);
    Value max = arith::MaximumFOp::create(b, loc, oldMax, laneMax);
    Value lanes = vector::ReductionOp::create(
        b, loc, vector::CombiningKind::ADD,
        rescale(b, s, m, vb.splat(b, max)), arith::FastMathFlags::reassoc);
    Value sum =
        arith::AddFOp::create(b, loc, rescale(b, oldSum, oldMax, max), lanes);
    memref::StoreOp::create(b, loc, max, maxInit->get(), maxAt);
    memref::StoreOp::create(b, loc, sum, sumInit->get(), sumAt);
  }

  /// `combiner`'s op on (a, b), cloned with its attributes (fastmath).
  Value combine(OpBuilder &b, const Combiner &combiner, Value lhs, Value rhs) {
    OperationState state(loc, combiner.op->getName());
    state.addOperands({lhs, rhs});
    state.addAttributes(combiner.op->getAttrs());
    state.addTypes(lhs.getType());
    return b.create(state)->getResult(0);
  }

  Value read(OpBuilder &b, OpOperand &input, ArrayRef<OpFoldResult> dims,
             bool onVector, int64_t lanes) {
    SmallVector<Value> at = indices(b, input, dims);
    auto type = VectorType::get({plan.lanes}, b.getF32Type());
    if (!onVector)
      return vb.splat(b, memref::LoadOp::create(b, loc, input.get(), at));
    if (lanes == (int64_t)plan.lanes)
      return vector::LoadOp::create(b, loc, type, input.get(), at);
    Value zero = arith::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, 0.0f));
    return vector::MaskedLoadOp::create(b, loc, type, input.get(), at,
                                        mask(b, lanes), zero);
  }

  Value mask(OpBuilder &b, int64_t lanes) { return vb.mask(b, lanes); }

  void cloneOnVectors(OpBuilder &b, Operation &op, IRMapping &mapping) {
    vb.cloneOnVectors(b, op, mapping);
  }

  Value vectorOf(OpBuilder &b, Value value, IRMapping &mapping) {
    return vb.vectorOf(b, value, mapping);
  }

  OpFoldResult offset(OpBuilder &b, OpFoldResult base, int64_t by) {
    return vb.offset(b, base, by);
  }

  SmallVector<OpFoldResult> rowDims(OpBuilder &b, ArrayRef<OpFoldResult> dims,
                                    int64_t i) {
    SmallVector<OpFoldResult> result(dims.begin(), dims.end());
    if (plan.rowDim)
      result[*plan.rowDim] = offset(b, dims[*plan.rowDim], i);
    return result;
  }

  SmallVector<Value> indices(OpBuilder &b, OpOperand &operand,
                             ArrayRef<OpFoldResult> dims) {
    return vb.apply(b, generic.getMatchingIndexingMap(&operand), dims);
  }

  SmallVector<Value>
  forLoop(OpBuilder &b, int64_t lb, int64_t ub, int64_t step, ValueRange init,
          function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)>
              build,
          bool parallel = false) {
    return vb.forLoop(b, lb, ub, step, init, build, parallel);
  }

  linalg::GenericOp generic;
  const ReductionPlan &plan;
  Location loc;
  VectorBuilder vb;
  int64_t tileRows = 1;
};

} // namespace

bool emitVectorReduction(linalg::GenericOp generic, unsigned vectorBits,
                         unsigned registers) {
  std::optional<ReductionPlan> plan =
      planReduction(generic, vectorBits, registers);
  if (!plan)
    return false;
  OpBuilder b(generic);
  ReductionEmitter(generic, *plan).emit(b);
  return true;
}

} // namespace aotc::cpu
