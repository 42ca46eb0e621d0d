//===- SampleSplit.cpp - graphs that compute each sample apart ------------===//
//
// Implements SampleSplit.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/SampleSplit.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace aotc;

namespace {

using Axis = std::optional<SampleAxis>;

/// The sample axis of a value typed `one` at size 1 and `probe` at size P:
/// the one dimension where `probe` is P times `one`; none when the types are
/// equal. Fails when they differ otherwise.
FailureOr<Axis> sampleAxisOf(Type one, Type probe, int64_t probeSize) {
  if (one == probe)
    return Axis();
  auto a = dyn_cast<RankedTensorType>(one);
  auto b = dyn_cast<RankedTensorType>(probe);
  if (!a || !b || a.getRank() != b.getRank() ||
      a.getElementType() != b.getElementType() || !a.hasStaticShape() ||
      !b.hasStaticShape())
    return failure();
  Axis axis;
  for (int64_t i = 0; i < a.getRank(); ++i) {
    if (a.getDimSize(i) == b.getDimSize(i))
      continue;
    if (axis || b.getDimSize(i) != probeSize * a.getDimSize(i))
      return failure();
    axis = SampleAxis{i, a.getDimSize(i)};
  }
  return axis;
}

bool sameAxis(const Axis &a, const Axis &b) {
  return a.has_value() == b.has_value() &&
         (!a || (a->axis == b->axis && a->factor == b->factor));
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
                      axis->factor};
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

/// A reshape keeps each sample's elements together when the dimensions
/// before the sample axis hold as many elements on both sides, and so do
/// each sample's elements from its axis on.
std::string OpChecker::checkReshape() {
  auto in = cast<RankedTensorType>(op->getOperand(0).getType());
  auto out = cast<RankedTensorType>(op->getResult(0).getType());
  const Axis &a = operands[0];
  const Axis &b = results[0];
  auto outer = [](RankedTensorType type, int64_t axis) {
    int64_t n = 1;
    for (int64_t i = 0; i < axis; ++i)
      n *= type.getDimSize(i);
    return n;
  };
  auto inner = [](RankedTensorType type, const SampleAxis &axis) {
    int64_t n = axis.factor;
    for (int64_t i = axis.axis + 1; i < type.getRank(); ++i)
      n *= type.getDimSize(i);
    return n;
  };
  if (outer(in, a->axis) != outer(out, b->axis) ||
      inner(in, *a) != inner(out, *b))
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
    if (!result || result->axis != axis || result->factor != in->factor)
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
    if (!sameAxis(results[0], SampleAxis{expected, data->factor}))
      return "it moves the dimension";
    return "";
  }
  if (!sameAxis(results[0], SampleAxis{axis + indices->axis, indices->factor}))
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
                             operands[0]->factor}))
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

FailureOr<SampleSplit> aotc::analyzeSampleSplit(func::FuncOp one,
                                                func::FuncOp probe,
                                                int64_t probeSize,
                                                StringRef dimName) {
  auto fail = [&](Operation *op, const Twine &why) {
    op->emitError() << "--dim " << dimName
                    << " with a range runs the graph once per index of '"
                    << dimName << "', but this node mixes its indices: "
                    << why;
    return failure();
  };
  OpOrder a(one), b(probe);
  auto axesOf = [&](TypeRange ones, TypeRange probes,
                    SmallVectorImpl<Axis> &axes) -> LogicalResult {
    if (ones.size() != probes.size())
      return failure();
    for (auto [x, y] : llvm::zip(ones, probes)) {
      FailureOr<Axis> axis = sampleAxisOf(x, y, probeSize);
      if (failed(axis))
        return failure();
      axes.push_back(*axis);
    }
    return success();
  };

  SampleSplit split;
  SmallVector<Axis> inputs, outputs;
  if (failed(axesOf(one.getArgumentTypes(), probe.getArgumentTypes(),
                    inputs)) ||
      failed(axesOf(one.getResultTypes(), probe.getResultTypes(), outputs)))
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
        failed(axesOf(x->getResultTypes(), y->getResultTypes(), resultAxes)))
      return fail(y, "a value's shape changes with it in more than one "
                     "dimension");
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
    std::string why = OpChecker(y, operandAxes, resultAxes).check();
    if (!why.empty())
      return fail(y, why);
  }
  split.inputs.assign(inputs.begin(), inputs.end());
  split.outputs.assign(outputs.begin(), outputs.end());
  return split;
}
