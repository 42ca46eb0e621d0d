//===- MaterializePads.cpp - pads as buffers their sources are written in -===//
//
// Implements `aotc-cpu-materialize-pads`. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Analysis/PaddedBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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
      slab = linalg::FillOp::create(b, loc, constant, slab).getResult(0);
      padded = insertAt(b, loc, slab, padded, offsets, sizes);
    }
  }
  return padded;
}

struct MaterializePadsPass final
    : aotc::impl::MaterializePadsPassBase<MaterializePadsPass> {
  void runOnOperation() override {
    // Decided first: rewriting a pad makes the next pad of its source the
    // first.
    SmallVector<tensor::PadOp> pads;
    getOperation().walk([&](tensor::PadOp pad) {
      if (aotc::isMaterializablePad(pad))
        pads.push_back(pad);
    });
    IRRewriter rewriter(&getContext());
    for (tensor::PadOp pad : pads) {
      tensor::EmptyOp root = aotc::findDestinationRoot(pad.getSource());
      Value border = buildPaddedBorder(rewriter, pad, root);
      rewriter.setInsertionPoint(pad);
      Value result =
          insertAt(rewriter, pad.getLoc(), pad.getSource(), border,
                   pad.getStaticLow(), pad.getSourceType().getShape());
      rewriter.replaceOp(pad, result);
      ++numPadsMaterialized;
    }
  }
};

} // namespace
