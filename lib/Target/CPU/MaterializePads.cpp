//===- MaterializePads.cpp - pads as buffers their sources are written in -===//
//
// Implements `aotc-cpu-materialize-pads`. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Analysis/KernelReport.h"
#include "aotc/Analysis/PaddedBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace aotc {
#define GEN_PASS_DEF_MATERIALIZEPADSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Inserts `what` into `into` at `offsets` (unit strides).
Value insertAt(OpBuilder &b, Location loc, Value what, Value into,
               ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  return tensor::InsertSliceOp::create(
      b, loc, what, into, getAsIndexOpFoldResult(b.getContext(), offsets),
      getAsIndexOpFoldResult(b.getContext(), sizes), strides);
}

/// Builds, before `root`, a tensor of `pad`'s shape whose border is filled
/// with its padding value: one filled slab per side of each padded
/// dimension, covering the padding where the dimensions before it are
/// inside the source and those after it anywhere (so no element twice).
/// Returns the tensor the source is then inserted into.
Value buildPaddedBorder(OpBuilder &b, tensor::PadOp pad, Operation *root) {
  RankedTensorType type = pad.getResultType();
  ArrayRef<int64_t> shape = type.getShape();
  ArrayRef<int64_t> sourceShape = pad.getSourceType().getShape();
  ArrayRef<int64_t> low = pad.getStaticLow();
  Location loc = pad.getLoc();
  b.setInsertionPoint(root);
  Attribute value;
  matchPattern(pad.getConstantPaddingValue(), m_Constant(&value));
  Value constant = arith::ConstantOp::create(b, loc, cast<TypedAttr>(value));
  Value padded =
      tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  for (int64_t d = 0, rank = type.getRank(); d < rank; ++d) {
    int64_t high = shape[d] - low[d] - sourceShape[d];
    for (auto [start, size] : {std::pair(int64_t(0), low[d]),
                               std::pair(low[d] + sourceShape[d], high)}) {
      if (size == 0)
        continue;
      SmallVector<int64_t> offsets, sizes;
      for (int64_t k = 0; k < rank; ++k) {
        offsets.push_back(k < d ? low[k] : k == d ? start : 0);
        sizes.push_back(k < d ? sourceShape[k] : k == d ? size : shape[k]);
      }
      Value slab = tensor::EmptyOp::create(b, loc, sizes,
                                           type.getElementType());
      auto fill = linalg::FillOp::create(b, loc, constant, slab);
      // The fills are the pad's kernel (aotc-cpu-number-kernels).
      if (Attribute number = pad->getAttr(aotc::kKernelNumberAttr))
        fill->setAttr(aotc::kKernelNumberAttr, number);
      slab = fill.getResult(0);
      padded = insertAt(b, loc, slab, padded, offsets, sizes);
    }
  }
  return padded;
}

/// A pad outside any loop (not a tile's window) with static source and
/// result shapes, static low padding and a constant padding value.
bool isWholeStaticPad(tensor::PadOp pad) {
  Value padding = pad.getConstantPaddingValue();
  return padding && matchPattern(padding, m_Constant()) &&
         pad.getResultType().hasStaticShape() &&
         pad.getSourceType().hasStaticShape() &&
         !llvm::any_of(pad.getStaticLow(), ShapedType::isDynamic) &&
         isa<FunctionOpInterface>(pad->getParentOp());
}

/// `pad` with its constant padding amounts made static attributes, or
/// `pad` itself when they already are or one is not a constant. Layout
/// propagation leaves `arith.constant` operands, which the pad's
/// canonicalizer keeps while the result type is static.
tensor::PadOp makeAmountsStatic(RewriterBase &rewriter, tensor::PadOp pad) {
  if (pad.getLow().empty() && pad.getHigh().empty())
    return pad;
  std::optional<SmallVector<int64_t>> low =
      getConstantIntValues(pad.getMixedLowPad());
  std::optional<SmallVector<int64_t>> high =
      getConstantIntValues(pad.getMixedHighPad());
  if (!low || !high)
    return pad;
  rewriter.setInsertionPoint(pad);
  auto folded = tensor::PadOp::create(
      rewriter, pad.getLoc(), pad.getResultType(), pad.getSource(), *low,
      *high, /*low=*/ValueRange(), /*high=*/ValueRange(), pad.getNofold());
  folded->setDiscardableAttrs(pad->getDiscardableAttrDictionary());
  rewriter.inlineRegionBefore(pad.getRegion(), folded.getRegion(),
                              folded.getRegion().end());
  rewriter.replaceOp(pad, folded.getResult());
  return folded;
}

struct MaterializePadsPass final
    : aotc::impl::MaterializePadsPassBase<MaterializePadsPass> {
  void runOnOperation() override {
    // Decided first: rewriting a pad makes the next pad of its source the
    // first.
    IRRewriter rewriter(&getContext());
    SmallVector<tensor::PadOp> all;
    getOperation().walk([&](tensor::PadOp pad) { all.push_back(pad); });
    SmallVector<tensor::PadOp> pads, copied;
    for (tensor::PadOp pad : all) {
      pad = makeAmountsStatic(rewriter, pad);
      if (aotc::isMaterializablePad(pad))
        pads.push_back(pad);
      else if (isWholeStaticPad(pad))
        copied.push_back(pad);
    }
    // A pad of a graph input, or of a reshaped result, still copies its
    // source, but fills only its border: bufferizing the pad itself would
    // fill all of it first.
    for (tensor::PadOp pad : copied) {
      Value border = buildPaddedBorder(rewriter, pad, pad);
      rewriter.setInsertionPoint(pad);
      rewriter.replaceOp(pad, insertAt(rewriter, pad.getLoc(), pad.getSource(),
                                       border, pad.getStaticLow(),
                                       pad.getSourceType().getShape()));
      ++numPadsBorderFilled;
    }
    for (tensor::PadOp pad : pads) {
      // The source gets an empty tensor of its own (CSE merged the empty
      // destinations of equal shapes), made right before its producer, so
      // that only its chain writes into the padded buffer, allocated no
      // earlier than needed.
      OpOperand *use = aotc::findDestinationRootUse(pad.getSource());
      auto root = use->get().getDefiningOp<tensor::EmptyOp>();
      if (!root->hasOneUse()) {
        rewriter.setInsertionPoint(use->getOwner());
        auto own = cast<tensor::EmptyOp>(rewriter.clone(*root));
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(own); });
        root = own;
      }
      Value border = buildPaddedBorder(rewriter, pad, root);
      rewriter.setInsertionPoint(pad);
      // What is read of the pad after replaceOp erases it: the location
      // (the attribute and type storage `low` and `shape` point into is
      // the context's).
      Location loc = pad.getLoc();
      Value source = pad.getSource();
      ArrayRef<int64_t> low = pad.getStaticLow();
      ArrayRef<int64_t> shape = pad.getSourceType().getShape();
      Value result = insertAt(rewriter, loc, source, border, low, shape);
      rewriter.replaceOp(pad, result);
      // Later readers of the source read it from the padded tensor: read
      // as the source itself, one-shot bufferization would see the insert
      // as a write to its buffer before their read, and copy it.
      Operation *insert = result.getDefiningOp();
      rewriter.setInsertionPointAfter(insert);
      SmallVector<OpFoldResult> strides(low.size(), rewriter.getIndexAttr(1));
      Value interior = tensor::ExtractSliceOp::create(
          rewriter, loc, result,
          getAsIndexOpFoldResult(rewriter.getContext(), low),
          getAsIndexOpFoldResult(rewriter.getContext(), shape), strides);
      DominanceInfo dominance(getOperation());
      rewriter.replaceUsesWithIf(source, interior, [&](OpOperand &use) {
        return use.getOwner() != insert &&
               dominance.properlyDominates(insert, use.getOwner());
      });
      ++numPadsMaterialized;
    }
  }
};

} // namespace
