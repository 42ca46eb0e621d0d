//===- SampleSplit.cpp - graphs that compute each sample apart ------------===//
//
// Implements SampleSplit.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/SampleSplit.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace aotc;

namespace {

using Axis = std::optional<SampleAxis>;

/// The sample axis of a value typed `small` with the dimension at
/// `smallSize` and `large` at `largeSize`: the one dimension whose extent is
/// the dimension's size times a factor in both; none when the types are
/// equal. Fails when they differ otherwise.
FailureOr<Axis> sampleAxisOf(Type small, Type large, int64_t smallSize,
                             int64_t largeSize) {
  if (small == large)
    return Axis();
  auto a = dyn_cast<RankedTensorType>(small);
  auto b = dyn_cast<RankedTensorType>(large);
  if (!a || !b || a.getRank() != b.getRank() ||
      a.getElementType() != b.getElementType() || !a.hasStaticShape() ||
      !b.hasStaticShape())
    return failure();
  Axis axis;
  for (int64_t i = 0; i < a.getRank(); ++i) {
    if (a.getDimSize(i) == b.getDimSize(i))
      continue;
    int64_t factor = a.getDimSize(i) / smallSize;
    if (axis || a.getDimSize(i) % smallSize != 0 ||
        b.getDimSize(i) != largeSize * factor)
      return failure();
    axis = SampleAxis{i, factor};
  }
  return axis;
}

bool sameAxis(const Axis &a, const Axis &b) {
  return a.has_value() == b.has_value() &&
         (!a || (a->axis == b->axis && a->factor == b->factor &&
                 a->outer == b->outer));
}

} // namespace

/// Its sample axis's extent per index, `factor`, is `outer` blocks of
/// factor / outer elements.
std::pair<int64_t, int64_t> aotc::sampleFlatLayout(RankedTensorType type,
                                                   const SampleAxis &axis) {
  int64_t before = axis.outer, after = axis.factor / axis.outer;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (i < axis.axis)
      before *= type.getDimSize(i);
    else if (i > axis.axis)
      after *= type.getDimSize(i);
  }
  return {before, after};
}

namespace {

/// The `outer` of a reshape's result axis (see sampleFlatLayout): what
/// lays its elements out as the operand's are, when some value does.
std::optional<int64_t> reshapedOuter(RankedTensorType in, const SampleAxis &a,
                                     RankedTensorType out,
                                     const SampleAxis &b) {
  auto [blocks, run] = sampleFlatLayout(in, a);
  int64_t before = 1;
  for (int64_t i = 0; i < b.axis; ++i)
    before *= out.getDimSize(i);
  if (blocks % before != 0)
    return std::nullopt;
  int64_t outer = blocks / before;
  if (outer == 0 || b.factor % outer != 0)
    return std::nullopt;
  return outer;
}

/// Elementwise ops whose operands broadcast NumPy-style to the result.
bool isBroadcastingElementwise(Operation *op) {
  return isa<tg::AddOp, tg::SubOp, tg::MulOp, tg::DivOp, tg::MaxOp, tg::MinOp,
             tg::PowOp, tg::ModOp, tg::AndOp, tg::OrOp, tg::XorOp,
             tg::ShiftLeftOp, tg::ShiftRightOp, tg::CompareOp, tg::SelectOp>(
             op) ||
         op->hasTrait<OpTrait::SameOperandsAndResultType>() ||
         op->hasTrait<OpTrait::SameOperandsAndResultShape>();
}

int64_t rankOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getRank();
}

/// Checks one op of the probe graph, given the sample axes of its operands
/// and results. Returns an empty string when result sample i depends on
/// operand sample i only, else why not.
class OpChecker {
public:
  OpChecker(Operation *op, ArrayRef<Axis> operands, ArrayRef<Axis> results)
      : op(op), operands(operands), results(results) {}

  std::string check();

private:
  /// Operand `i`'s axis aligned to a result of rank `resultRank` at the
  /// trailing dimension (NumPy broadcasting), or none.
  Axis aligned(unsigned i, int64_t resultRank) const {
    const Axis &axis = operands[i];
    if (!axis)
      return axis;
    return SampleAxis{axis->axis + resultRank - rankOf(op->getOperand(i)),
                      axis->factor, axis->outer};
  }
  std::string checkBroadcast();
  std::string checkMatmul();
  std::string checkReshape();
  std::string checkAlongAxes(ArrayRef<int64_t> axes, bool keepdims);
  std::string checkBatchOnly(ArrayRef<unsigned> sampled);
  std::string checkGather(tg::GatherOp gather);

  Operation *op;
  ArrayRef<Axis> operands;
  ArrayRef<Axis> results;
};

std::string OpChecker::checkBroadcast() {
  const Axis &result = results[0];
  for (unsigned i = 0; i < operands.size(); ++i) {
    Axis axis = aligned(i, rankOf(op->getResult(0)));
    if (axis && !sameAxis(axis, result))
      return "it broadcasts one index against another";
  }
  return "";
}

std::string OpChecker::checkMatmul() {
  int64_t rank = rankOf(op->getResult(0));
  for (unsigned i = 0; i < 2 && i < operands.size(); ++i) {
    Axis axis = aligned(i, rank);
    if (!axis)
      continue;
    // The contracted dimension: lhs's last, rhs's second to last.
    int64_t contracted = i == 0 ? rank - 1 : rank - 2;
    if (axis->axis == contracted)
      return "it sums over it";
    // rhs's columns are the result's columns; the rest lines up.
    if (!sameAxis(axis, results[0]))
      return "it pairs one index with another";
  }
  return "";
}

/// A reshape keeps each sample's elements together when both sides lay the
/// elements out as (A, the dimension, B): A blocks, each holding one run of
/// B elements per index (sampleFlatLayout).
std::string OpChecker::checkReshape() {
  auto in = cast<RankedTensorType>(op->getOperand(0).getType());
  auto out = cast<RankedTensorType>(op->getResult(0).getType());
  if (sampleFlatLayout(in, *operands[0]) != sampleFlatLayout(out, *results[0]))
    return "it moves elements from one index to another";
  return "";
}

/// Ops that compute along `axes` (reduced, normalized or scanned) and keep
/// every other dimension; without `keepdims` the axes are dropped.
std::string OpChecker::checkAlongAxes(ArrayRef<int64_t> axes, bool keepdims) {
  const Axis &in = operands[0];
  if (llvm::is_contained(axes, in->axis))
    return "it computes along it";
  for (const Axis &result : results) {
    int64_t axis = in->axis;
    if (!keepdims)
      axis -= llvm::count_if(axes, [&](int64_t a) { return a < in->axis; });
    if (!sameAxis(result, SampleAxis{axis, in->factor, in->outer}))
      return "it moves the dimension";
  }
  return "";
}

/// Convolutions, pooling, resizing and sampling: the dimension may be their
/// batch (axis 0) in the operands listed, and nowhere else.
std::string OpChecker::checkBatchOnly(ArrayRef<unsigned> sampled) {
  for (unsigned i = 0; i < operands.size(); ++i) {
    if (!operands[i])
      continue;
    if (!llvm::is_contained(sampled, i) || operands[i]->axis != 0 ||
        !sameAxis(operands[i], operands[sampled.front()]))
      return "it reads the dimension as other than its batch";
  }
  for (const Axis &result : results)
    if (!sameAxis(result, operands[sampled.front()]))
      return "it changes the batch's extent";
  return "";
}

std::string OpChecker::checkGather(tg::GatherOp gather) {
  int64_t axis = static_cast<int64_t>(gather.getAxis());
  const Axis &data = operands[0];
  const Axis &indices = operands[1];
  if (data && indices)
    return "it gathers with indices that depend on the dimension";
  if (data) {
    if (data->axis == axis)
      return "it gathers along it";
    int64_t expected = data->axis < axis
                           ? data->axis
                           : data->axis + rankOf(gather.getIndices()) - 1;
    if (!sameAxis(results[0],
                  SampleAxis{expected, data->factor, data->outer}))
      return "it moves the dimension";
    return "";
  }
  if (!sameAxis(results[0], SampleAxis{axis + indices->axis, indices->factor,
                                       indices->outer}))
    return "it moves the dimension";
  return "";
}

std::string OpChecker::check() {
  bool anyOperand = llvm::any_of(operands, [](const Axis &a) { return a; });
  bool anyResult = llvm::any_of(results, [](const Axis &a) { return a; });
  if (!anyOperand && !anyResult)
    return "";
  if (anyOperand && !anyResult)
    return "its result does not hold the dimension: it combines the indices";
  if (!anyOperand) {
    // Each sample gets the same values: a broadcast of values that do not
    // depend on the dimension, or a splat constant.
    if (isa<tg::BroadcastToOp>(op))
      return "";
    if (auto constant = dyn_cast<tg::ConstantOp>(op))
      if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
        if (dense.isSplat())
          return "";
    return "it makes values that differ between indices";
  }
  if (llvm::any_of(results, [](const Axis &a) { return !a; }))
    return "one of its results does not keep the dimension";
  if (isBroadcastingElementwise(op) || isa<tg::BroadcastToOp>(op))
    return checkBroadcast();
  if (isa<tg::MatmulOp, tg::MatmulNBitsOp>(op))
    return checkMatmul();
  if (isa<tg::ReshapeOp>(op))
    return checkReshape();
  if (auto transpose = dyn_cast<tg::TransposeOp>(op)) {
    ArrayRef<int64_t> perm = transpose.getPermutation();
    auto it = llvm::find(perm, operands[0]->axis);
    if (!sameAxis(results[0],
                  SampleAxis{static_cast<int64_t>(it - perm.begin()),
                             operands[0]->factor, operands[0]->outer}))
      return "it moves the dimension";
    return "";
  }
  if (auto reduce = dyn_cast<tg::ReduceOp>(op))
    return checkAlongAxes(reduce.getAxes(), reduce.getKeepdims());
  if (auto reduce = dyn_cast<tg::ArgReduceOp>(op))
    return checkAlongAxes({static_cast<int64_t>(reduce.getAxis())},
                          reduce.getKeepdims());
  if (auto scan = dyn_cast<tg::CumulativeOp>(op))
    return checkAlongAxes({static_cast<int64_t>(scan.getAxis())}, true);
  if (auto topk = dyn_cast<tg::TopKOp>(op))
    return checkAlongAxes({static_cast<int64_t>(topk.getAxis())}, true);
  if (auto softmax = dyn_cast<tg::SoftmaxOp>(op))
    return checkAlongAxes({static_cast<int64_t>(softmax.getAxis())}, true);
  if (auto softmax = dyn_cast<tg::LogSoftmaxOp>(op))
    return checkAlongAxes({static_cast<int64_t>(softmax.getAxis())}, true);
  if (auto norm = dyn_cast<tg::LayerNormOp>(op)) {
    SmallVector<int64_t> axes = llvm::to_vector(
        llvm::seq<int64_t>(norm.getAxis(), rankOf(norm.getInput())));
    return checkAlongAxes(axes, true);
  }
  if (auto concat = dyn_cast<tg::ConcatOp>(op)) {
    for (const Axis &axis : operands)
      if (!sameAxis(axis, results[0]))
        return "it joins values that differ in the dimension";
    if (results[0]->axis == static_cast<int64_t>(concat.getAxis()))
      return "it joins along it";
    return "";
  }
  if (auto slice = dyn_cast<tg::SliceOp>(op)) {
    int64_t axis = operands[0]->axis;
    if (!sameAxis(results[0], operands[0]) || slice.getStart()[axis] != 0 ||
        slice.getStride()[axis] != 1)
      return "it slices it";
    return "";
  }
  if (auto pad = dyn_cast<tg::PadOp>(op)) {
    int64_t axis = operands[0]->axis;
    if (operands.size() > 1 && operands[1])
      return "its padding value depends on the dimension";
    if (!sameAxis(results[0], operands[0]) || pad.getLow()[axis] != 0 ||
        pad.getHigh()[axis] != 0)
      return "it pads it";
    return "";
  }
  if (auto gather = dyn_cast<tg::GatherOp>(op))
    return checkGather(gather);
  // A slice at run-time offsets (a recurrence's time step) that takes the
  // whole of the dimension.
  if (auto slice = dyn_cast<tg::DynamicSliceOp>(op)) {
    int64_t axis = operands[0]->axis;
    if (!sameAxis(results[0], operands[0]) ||
        !matchPattern(slice.getOffsets()[axis], m_Zero()))
      return "it slices it";
    return "";
  }
  if (auto update = dyn_cast<tg::DynamicUpdateSliceOp>(op)) {
    if (!sameAxis(operands[0], operands[1]) ||
        !sameAxis(results[0], operands[1]) ||
        !matchPattern(update.getOffsets()[results[0]->axis], m_Zero()))
      return "it writes across it";
    return "";
  }
  // A loop over something else (time): each carried value keeps its axis.
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    for (auto [i, result] : llvm::enumerate(results))
      if (!sameAxis(result, operands[loop.getNumControlOperands() + i]))
        return "its carried values change the dimension";
    return "";
  }
  if (isa<tg::ConvOp, tg::ConvTransposeOp, tg::PoolOp, tg::PoolIndicesOp>(op))
    return checkBatchOnly({0});
  if (auto resize = dyn_cast<tg::ResizeOp>(op)) {
    if (!resize.getScales().empty() && resize.getScales()[0] != 1.0)
      return "it resizes it";
    return checkBatchOnly({0});
  }
  if (isa<tg::GridSampleOp>(op))
    return checkBatchOnly({0, 1});
  return "aotc cannot tell yet whether this op keeps indices apart";
}

/// Pre-order lists of the ops of two graphs, and where each value comes
/// from, to compare their wiring.
struct OpOrder {
  SmallVector<Operation *> ops;
  DenseMap<Operation *, int64_t> index;

  explicit OpOrder(func::FuncOp func) {
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == func)
        return;
      index[op] = ops.size();
      ops.push_back(op);
    });
  }
  /// (defining op or block's parent op index, result or argument number).
  std::pair<int64_t, int64_t> source(Value value) const {
    if (auto result = dyn_cast<OpResult>(value))
      return {index.lookup(result.getOwner()), result.getResultNumber()};
    auto argument = cast<BlockArgument>(value);
    Operation *parent = argument.getOwner()->getParentOp();
    return {index.count(parent) ? index.lookup(parent) : -1,
            -1 - static_cast<int64_t>(argument.getArgNumber())};
  }
};

/// Whether two ops carry the same attributes; constants compare their
/// values unless both are resource blobs (the model's weights, which cannot
/// depend on a dimension).
bool sameAttributes(Operation *a, Operation *b, bool sampled) {
  if (auto ca = dyn_cast<tg::ConstantOp>(a)) {
    auto cb = cast<tg::ConstantOp>(b);
    auto da = dyn_cast<DenseElementsAttr>(ca.getValue());
    auto db = dyn_cast<DenseElementsAttr>(cb.getValue());
    if (!da || !db)
      return isa<DenseResourceElementsAttr>(ca.getValue()) &&
             isa<DenseResourceElementsAttr>(cb.getValue()) &&
             ca.getType() == cb.getType();
    if (sampled)
      return da.isSplat() && db.isSplat() &&
             da.getSplatValue<Attribute>() == db.getSplatValue<Attribute>();
    return da == db;
  }
  // Their attributes name the sample axis's extent; the checks above cover
  // that axis, and a difference elsewhere changes a type.
  if (isa<tg::SliceOp, tg::ResizeOp>(a) && sampled)
    return true;
  return a->getAttrDictionary() == b->getAttrDictionary();
}

} // namespace

FailureOr<SampleSplit> aotc::analyzeSampleSplit(func::FuncOp small,
                                                func::FuncOp probe,
                                                int64_t smallSize,
                                                int64_t probeSize,
                                                StringRef dimName) {
  auto fail = [&](Operation *op, const Twine &why) {
    op->emitError() << "--dim " << dimName
                    << " with a range runs the graph once per index of '"
                    << dimName << "', but this node mixes its indices: "
                    << why;
    return failure();
  };
  OpOrder a(small), b(probe);
  auto axesOf = [&](TypeRange ones, TypeRange probes,
                    SmallVectorImpl<Axis> &axes) -> LogicalResult {
    if (ones.size() != probes.size())
      return failure();
    for (auto [x, y] : llvm::zip(ones, probes)) {
      FailureOr<Axis> axis = sampleAxisOf(x, y, smallSize, probeSize);
      if (failed(axis))
        return failure();
      axes.push_back(*axis);
    }
    return success();
  };

  SampleSplit split;
  SmallVector<Axis> inputs, outputs;
  // The probe's values' `outer` (SampleAxis), where it is not 1.
  DenseMap<Value, int64_t> outers;
  if (failed(axesOf(small.getArgumentTypes(), probe.getArgumentTypes(),
                    inputs)) ||
      failed(axesOf(small.getResultTypes(), probe.getResultTypes(), outputs)))
    return fail(probe, "the graph's inputs or outputs change shape with it "
                       "in more than one dimension");
  if (a.ops.size() != b.ops.size())
    return fail(probe, "the graph has other nodes at another size");
  for (auto [x, y] : llvm::zip(a.ops, b.ops)) {
    if (x->getName() != y->getName() ||
        x->getNumOperands() != y->getNumOperands() ||
        x->getNumResults() != y->getNumResults() ||
        x->getNumRegions() != y->getNumRegions())
      return fail(y, "the graph has other nodes at another size");
    for (auto [u, v] : llvm::zip(x->getOperands(), y->getOperands()))
      if (a.source(u) != b.source(v))
        return fail(y, "the graph is wired otherwise at another size");
    SmallVector<Axis> operandAxes, resultAxes;
    if (failed(axesOf(x->getOperandTypes(), y->getOperandTypes(),
                      operandAxes)) ||
        failed(axesOf(x->getResultTypes(), y->getResultTypes(), resultAxes))) {
      std::string types;
      llvm::raw_string_ostream os(types);
      os << "'" << y->getName() << "' has types ";
      llvm::interleaveComma(x->getResultTypes(), os);
      os << " at size " << smallSize << " and ";
      llvm::interleaveComma(y->getResultTypes(), os);
      os << " at size " << probeSize << " (operands ";
      llvm::interleaveComma(x->getOperandTypes(), os);
      os << " and ";
      llvm::interleaveComma(y->getOperandTypes(), os);
      os << "), not one dimension that grows with it";
      return fail(y, types);
    }
    bool sampled = llvm::any_of(resultAxes, [](const Axis &a) { return a; });
    // A value nothing reads (a shape the importer folded into its users)
    // may differ freely.
    if (y->getNumResults() > 0 && y->use_empty())
      continue;
    if (!sameAttributes(x, y, sampled))
      return fail(y, "its attributes depend on the size of '" + dimName + "'");
    // Ops with regions (loops, branches) are unknown to the checker: one
    // the dimension reaches is refused, and nothing inside one that it does
    // not reach carries it.
    if (isa<func::ReturnOp>(y))
      continue;
    // Runs per index along each axis: the operands' as their producers
    // left them; a result's from the operand it follows (a reshape's
    // recomputed).
    const Axis *from = nullptr;
    for (auto [operand, axis] : llvm::zip(y->getOperands(), operandAxes)) {
      if (!axis)
        continue;
      axis->outer = outers.lookup(operand) ? outers.lookup(operand) : 1;
      if (axis->factor % axis->outer != 0)
        return fail(y, "it moves elements from one index to another");
      if (!from)
        from = &axis;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(y)) {
      // What a loop body yields is what the loop carries.
      Operation *parent = y->getParentOp();
      if (!isa<scf::ForOp>(parent))
        continue; // scf.if and scf.while carry no dimension (below)
      for (auto [i, axis] : llvm::enumerate(operandAxes)) {
        Value result = parent->getResult(i);
        FailureOr<Axis> expected = sampleAxisOf(
            a.ops[b.index.lookup(parent)]->getResult(i).getType(),
            result.getType(), smallSize, probeSize);
        if (succeeded(expected) && *expected)
          (*expected)->outer =
              outers.lookup(result) ? outers.lookup(result) : 1;
        if (failed(expected) || !sameAxis(axis, *expected))
          return fail(y, "a loop's carried value changes the dimension");
      }
      continue;
    }
    if (auto loop = dyn_cast<scf::ForOp>(y)) {
      for (auto [i, axis] : llvm::enumerate(resultAxes)) {
        const Axis &init = operandAxes[loop.getNumControlOperands() + i];
        if (axis && init)
          axis->outer = init->outer;
        if (axis) {
          outers[loop.getResult(i)] = axis->outer;
          outers[loop.getRegionIterArgs()[i]] = axis->outer;
        }
      }
    } else if (y->getNumRegions() > 0 &&
               (llvm::any_of(operandAxes, [](const Axis &a) { return a; }) ||
                llvm::any_of(resultAxes, [](const Axis &a) { return a; }))) {
      return fail(y, "aotc cannot tell yet whether this op keeps indices "
                     "apart");
    }
    for (auto [result, axis] : llvm::zip(y->getResults(), resultAxes)) {
      if (!axis || isa<scf::ForOp>(y))
        continue;
      if (isa<tg::ReshapeOp>(y) && from) {
        std::optional<int64_t> outer = reshapedOuter(
            cast<RankedTensorType>(y->getOperand(0).getType()), **from,
            cast<RankedTensorType>(result.getType()), *axis);
        if (!outer)
          return fail(y, "it moves elements from one index to another");
        axis->outer = *outer;
      } else if (from && axis->factor % (*from)->outer == 0) {
        axis->outer = (*from)->outer;
      }
      outers[result] = axis->outer;
    }
    std::string why = OpChecker(y, operandAxes, resultAxes).check();
    if (!why.empty())
      return fail(y, why);
  }
  // An output's runs per index, for the caller to check they are one.
  probe.walk([&](func::ReturnOp ret) {
    for (auto [operand, axis] : llvm::zip(ret.getOperands(), outputs))
      if (axis && outers.lookup(operand))
        axis->outer = outers.lookup(operand);
  });
  split.inputs.assign(inputs.begin(), inputs.end());
  split.outputs.assign(outputs.begin(), outputs.end());
  return split;
}
