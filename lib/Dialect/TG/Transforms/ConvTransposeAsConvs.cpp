//===- ConvTransposeAsConvs.cpp - transposed convolutions as convolutions --===//
//
// Implements `aotc-tg-conv-transpose-as-convs` (Passes.td has the contract):
// a transposed convolution with stride s is, for each phase r of the
// output (the positions o = s * q + r), an ordinary stride-1 convolution of
// the input by the taps j = r + pad (mod s), flipped; the phases'
// results are interleaved. Each phase is a `tg.conv`, lowered to the
// register-tiled kernels, where the transposed convolution itself is a
// gather over every (output, tap) pair.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_CONVTRANSPOSEASCONVSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc::tg;

namespace {

/// One phase r of one spatial dimension: its taps j = first + t * stride
/// (t < taps), the outputs o = r + q * stride (q < outputs), and the
/// input position its flipped kernel starts at for q = 0.
struct Phase {
  int64_t first = 0, taps = 0, outputs = 0, start = 0;
};

Phase getPhase(int64_t r, int64_t stride, int64_t kernel, int64_t padLow,
               int64_t outputs) {
  Phase phase;
  phase.first = (r + padLow) % stride;
  phase.taps = phase.first < kernel
                   ? (kernel - phase.first + stride - 1) / stride
                   : 0;
  phase.outputs = r < outputs ? (outputs - r + stride - 1) / stride : 0;
  // Output q reads input q + (r + padLow) / stride - t for tap t.
  phase.start = (r + padLow) / stride - (phase.taps - 1);
  return phase;
}

class Rewriter {
public:
  Rewriter(ConvTransposeOp op)
      : op(op), b(op), loc(op.getLoc()), input(op.getInput().getType()),
        weight(op.getWeight().getType()), result(op.getType()),
        spatial(input.getRank() - 2), group(op.getGroup()) {}

  Value rewrite() {
    ArrayRef<int64_t> strides = op.getStrides();
    SmallVector<int64_t> phases;
    int64_t count = 1;
    for (int64_t d = 0; d < spatial; ++d) {
      count *= strides[d];
      // The phases' outputs, padded to the longest for interleaving.
      longest.push_back((result.getDimSize(d + 2) + strides[d] - 1) /
                        strides[d]);
    }
    SmallVector<Value> parts;
    SmallVector<int64_t> r(spatial, 0);
    for (int64_t index = 0; index < count; ++index) {
      for (int64_t d = spatial - 1, rest = index; d >= 0; --d) {
        r[d] = rest % strides[d];
        rest /= strides[d];
      }
      parts.push_back(buildPhase(r));
    }
    // Interleave, last dimension first: s_d parts [.., Q_d, rest..] that
    // differ in r_d only become one [.., Q_d * s_d, rest..].
    for (int64_t d = spatial - 1; d >= 0; --d) {
      SmallVector<Value> merged;
      for (size_t i = 0; i < parts.size(); i += strides[d]) {
        SmallVector<Value> group;
        for (int64_t k = 0; k < strides[d]; ++k)
          group.push_back(insertUnitAxis(parts[i + k], d + 3));
        Value stacked = group.size() == 1
                            ? group.front()
                            : ConcatOp::create(b, loc, group,
                                               b.getI64IntegerAttr(d + 3))
                                  .getResult();
        merged.push_back(mergeAxes(stacked, d + 2));
      }
      parts = std::move(merged);
    }
    Value out = parts.front();
    auto type = cast<RankedTensorType>(out.getType());
    if (type.getShape() != result.getShape()) {
      SmallVector<int64_t> start(result.getRank(), 0), step(result.getRank(), 1);
      out = SliceOp::create(b, loc, out, start, result.getShape(), step);
    }
    if (Value bias = op.getBias()) {
      SmallVector<int64_t> shape{result.getDimSize(1)};
      shape.append(spatial, 1);
      out = AddOp::create(
          b, loc, out,
          ReshapeOp::create(b, loc,
                            RankedTensorType::get(shape,
                                                  result.getElementType()),
                            bias));
    }
    return out;
  }

private:
  /// Phase `r`'s outputs, [N, M, longest...] (zeros past its own).
  Value buildPhase(ArrayRef<int64_t> r) {
    ArrayRef<int64_t> strides = op.getStrides(), pads = op.getPads();
    SmallVector<Phase> phases;
    SmallVector<int64_t> start{0, 0},
        limit{input.getDimSize(0), input.getDimSize(1)}, step(2, 1),
        convPads(2 * spatial, 0), padHigh{0, 0};
    bool empty = false;
    for (int64_t d = 0; d < spatial; ++d) {
      Phase phase = getPhase(r[d], strides[d], weight.getDimSize(d + 2),
                             pads[d], result.getDimSize(d + 2));
      phases.push_back(phase);
      // Inputs [phase.start, last] with zeros outside [0, length).
      int64_t length = input.getDimSize(d + 2);
      int64_t last = phase.start + phase.outputs + phase.taps - 2;
      int64_t from = std::max<int64_t>(phase.start, 0),
              to = std::min(last, length - 1);
      empty |= phase.taps == 0 || phase.outputs == 0 || from > to;
      start.push_back(from);
      limit.push_back(to + 1);
      step.push_back(1);
      convPads[d] = from - phase.start;
      convPads[spatial + d] = last - to;
      padHigh.push_back(longest[d] - phase.outputs);
    }
    SmallVector<int64_t> shape{result.getDimSize(0), result.getDimSize(1)};
    if (empty) {
      shape.append(longest);
      auto type = RankedTensorType::get(shape, result.getElementType());
      return ConstantOp::create(b, loc, DenseElementsAttr::get(
                                            type, b.getZeroAttr(
                                                      result.getElementType())));
    }
    Value image = SliceOp::create(b, loc, op.getInput(), start, limit, step);
    SmallVector<int64_t> ones(spatial, 1);
    Value part = ConvOp::create(b, loc, image, buildWeight(phases), Value(),
                                ones, ones, convPads, group);
    if (llvm::any_of(ArrayRef(padHigh).drop_front(2),
                     [](int64_t x) { return x != 0; }))
      part = PadOp::create(b, loc, PadMode::constant, part, Value(),
                           SmallVector<int64_t>(padHigh.size(), 0), padHigh);
    return part;
  }

  /// The phase's convolution weight [M, C/group, taps...]:
  /// W[g * M/group + m, c, u...] = weight[g * C/group + c, m,
  /// first + (taps - 1 - u) * stride...].
  Value buildWeight(ArrayRef<Phase> phases) {
    ArrayRef<int64_t> strides = op.getStrides();
    int64_t channels = weight.getDimSize(0), perGroupOut = weight.getDimSize(1);
    int64_t perGroupIn = channels / group;
    SmallVector<int64_t> shape{perGroupOut * group, perGroupIn};
    for (const Phase &phase : phases)
      shape.push_back(phase.taps);
    auto type = RankedTensorType::get(shape, weight.getElementType());
    SmallVector<int64_t> sourceStrides(weight.getRank(), 1);
    for (int64_t d = weight.getRank() - 2; d >= 0; --d)
      sourceStrides[d] = sourceStrides[d + 1] * weight.getDimSize(d + 1);
    auto sourceIndex = [&](ArrayRef<int64_t> at) {
      int64_t g = at[0] / perGroupOut, m = at[0] % perGroupOut;
      int64_t index = (g * perGroupIn + at[1]) * sourceStrides[0] +
                      m * sourceStrides[1];
      for (auto [d, phase] : llvm::enumerate(phases))
        index += (phase.first + (phase.taps - 1 - at[d + 2]) * strides[d]) *
                 sourceStrides[d + 2];
      return index;
    };
    ElementsAttr attr;
    if (matchPattern(op.getWeight(), m_Constant(&attr)))
      if (std::optional<ArrayRef<char>> bytes = getRawElementBytes(attr))
        return ConstantOp::create(
            b, loc,
            buildConstant(type,
                          gatherElementBytes(*bytes,
                                             bytes->size() /
                                                 weight.getNumElements(),
                                             type, sourceIndex),
                          getConstantNameHint(attr, "conv_transpose_phase")));
    // A weight computed at run time: the same elements through a gather of
    // its flattened values.
    SmallVector<int64_t> indices;
    indices.reserve(type.getNumElements());
    SmallVector<int64_t> at(shape.size(), 0);
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      for (int64_t d = shape.size() - 1, rest = i; d >= 0; --d) {
        at[d] = rest % shape[d];
        rest /= shape[d];
      }
      indices.push_back(sourceIndex(at));
    }
    Value flat = ReshapeOp::create(
        b, loc,
        RankedTensorType::get({weight.getNumElements()},
                              weight.getElementType()),
        op.getWeight());
    auto indexType =
        RankedTensorType::get(shape, b.getI64Type());
    Value indexTensor = ConstantOp::create(
        b, loc, DenseElementsAttr::get(indexType, ArrayRef(indices)));
    return GatherOp::create(b, loc, flat, indexTensor, b.getI64IntegerAttr(0));
  }

  /// `value` with a unit axis inserted at `axis`.
  Value insertUnitAxis(Value value, int64_t axis) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape.insert(shape.begin() + axis, 1);
    return ReshapeOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), value);
  }

  /// `value` with axes `axis` and `axis + 1` merged.
  Value mergeAxes(Value value, int64_t axis) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape[axis] *= shape[axis + 1];
    shape.erase(shape.begin() + axis + 1);
    return ReshapeOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), value);
  }

  ConvTransposeOp op;
  OpBuilder b;
  Location loc;
  RankedTensorType input, weight, result;
  int64_t spatial;
  int64_t group;
  SmallVector<int64_t> longest;
};

struct ConvTransposeAsConvsPass final
    : aotc::impl::ConvTransposeAsConvsPassBase<ConvTransposeAsConvsPass> {
  void runOnOperation() override {
    SmallVector<ConvTransposeOp> ops;
    getOperation().walk([&](ConvTransposeOp op) {
      if (llvm::all_of(op.getDilations(), [](int64_t d) { return d == 1; }))
        ops.push_back(op);
    });
    for (ConvTransposeOp op : ops) {
      Value replacement = Rewriter(op).rewrite();
      op.replaceAllUsesWith(replacement);
      op.erase();
      ++numRewritten;
    }
  }
};

} // namespace
