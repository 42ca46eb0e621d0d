//===- FlattenPointwiseConvs.cpp - 1x1 convolutions as matmuls ------------===//
//
// Implements `aotc-cpu-flatten-pointwise-convs`: a 1x1 convolution with
// stride 1 and no padding reads its image as a matrix, so its two image
// dimensions become one, and with them those of its accumulator
// initialization and elementwise epilogue. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "LayoutSupport.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace aotc {
#define GEN_PASS_DEF_FLATTENPOINTWISECONVSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The loops of a 2-D NCHW convolution as aotc-convert-tg-to-linalg makes
/// it: (n, co, h, w, ci, kh, kw).
enum ConvLoop { kN, kCo, kH, kW, kCi, kKh, kKw, kNumConvLoops };

/// The strides of `generic` when it is a 1x1 convolution with dilation 1
/// and no padding on static shapes, its image not the result of a pad:
/// input `(n, ci, h * sh + kh, w * sw + kw)`, weights `(co, ci, kh, kw)`,
/// output `(n, co, h, w)`, `kh` and `kw` of extent 1.
std::optional<std::pair<int64_t, int64_t>>
pointwiseConvStrides(linalg::GenericOp generic) {
  if (!generic.hasPureTensorSemantics() || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumLoops() != kNumConvLoops)
    return std::nullopt;
  // A padded image stays an image: aotc-tile-and-fuse pads it per tile.
  if (generic.getDpsInputs()[0].getDefiningOp<tensor::PadOp>())
    return std::nullopt;
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  if (ranges[kKh] != 1 || ranges[kKw] != 1 ||
      llvm::any_of(ranges, ShapedType::isDynamic))
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  for (unsigned d = 0; d < kNumConvLoops; ++d)
    if ((iterators[d] == utils::IteratorType::reduction) != (d >= kCi))
      return std::nullopt;
  MLIRContext *context = generic.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, context); };
  auto map = [&](ArrayRef<AffineExpr> results) {
    return AffineMap::get(kNumConvLoops, 0, results, context);
  };
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[1] != map({dim(kCo), dim(kCi), dim(kKh), dim(kKw)}) ||
      maps[2] != map({dim(kN), dim(kCo), dim(kH), dim(kW)}))
    return std::nullopt;
  for (int64_t sh = 1; sh <= 4; ++sh)
    for (int64_t sw = 1; sw <= 4; ++sw)
      if (maps[0] == map({dim(kN), dim(kCi), dim(kH) * sh + dim(kKh),
                          dim(kW) * sw + dim(kKw)}))
        return std::make_pair(sh, sw);
  return std::nullopt;
}

/// The pixels of `image` that a 1x1 convolution with strides `strides`
/// reads, `[n, c, h, w]` of `[n, c, h * sh, w * sw]`, as a new tensor.
Value subsample(OpBuilder &b, Location loc, Value image,
                std::pair<int64_t, int64_t> strides, ArrayRef<int64_t> shape) {
  MLIRContext *context = b.getContext();
  AffineExpr n, c, h, w;
  bindDims(context, n, c, h, w);
  AffineMap read =
      AffineMap::get(4, 0, {n, c, h * strides.first, w * strides.second},
                     context);
  Type element = cast<RankedTensorType>(image.getType()).getElementType();
  Value empty = tensor::EmptyOp::create(b, loc, shape, element);
  SmallVector<utils::IteratorType> iterators(4, utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, empty.getType(), ValueRange{image}, ValueRange{empty},
             ArrayRef<AffineMap>{read, AffineMap::getMultiDimIdentityMap(
                                           4, context)},
             iterators,
             [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(nested, nestedLoc, args[0]);
             })
      .getResult(0);
}

/// Whether the image `conv` computes, or what its elementwise epilogues
/// make of it, is inserted into a larger tensor (a concatenation): flat, it
/// would reach the insertion through a reshape, which bufferization cannot
/// compute in place, and be copied.
bool feedsInsertion(linalg::GenericOp conv) {
  SmallVector<Value> worklist = {conv.getResult(0)};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<tensor::InsertSliceOp>(user))
        return true;
      auto generic = dyn_cast<linalg::GenericOp>(user);
      if (generic && generic.getNumReductionLoops() == 0)
        llvm::append_range(worklist, generic->getResults());
    }
  }
  return false;
}

/// Whether the image `conv` computes, or what its elementwise epilogues
/// make of it, is padded for a depthwise convolution (one whose input
/// channel is its output channel), and its rows are whole
/// vectors (a multiple of 16 pixels). Kept an image, it is computed into
/// the padded buffer (aotc-cpu-materialize-pads) and each tile of the
/// depthwise convolution, whose work per tile is small, reads its window in
/// place instead of copying it; flat, it would reach the pad through a
/// reshape, which cannot be padded in place.
bool feedsDepthwisePad(linalg::GenericOp conv, int64_t lanes) {
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(conv.getResultTypes()[0]).getShape();
  bool wholeVectors = shape.back() % 16 == 0;
  SmallVector<Value> worklist = {conv.getResult(0)};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (auto pad = dyn_cast<tensor::PadOp>(user)) {
        for (OpOperand &use : pad.getResult().getUses()) {
          auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
          if (!consumer || consumer.getNumReductionLoops() == 0)
            continue;
          // One that aotc-cpu-block-channels blocks reads a blocked copy,
          // and the flat result joins its chain.
          auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
          if (generic && aotc::blocksDepthwiseConv(generic, lanes))
            return true;
          if (!wholeVectors)
            continue;
          // Depthwise: the input channel is an output channel (plus
          // reduction loops of extent 1: `co + ci` with one channel per
          // group).
          AffineExpr channel =
              consumer.getMatchingIndexingMap(&use).getResult(1);
          SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
          bool parallel = false, wide = false;
          for (auto [d, iterator] :
               llvm::enumerate(consumer.getIteratorTypesArray())) {
            if (!channel.isFunctionOfDim(d))
              continue;
            if (iterator == utils::IteratorType::parallel)
              parallel = true;
            else if (ranges[d] != 1)
              wide = true;
          }
          if (parallel && !wide)
            return true;
        }
        continue;
      }
      auto generic = dyn_cast<linalg::GenericOp>(user);
      if (generic && generic.getNumReductionLoops() == 0)
        llvm::append_range(worklist, generic->getResults());
    }
  }
  return false;
}

/// `value` of shape `[a, b, c, d]` reshaped to `[a, b, c * d]`.
Value collapseImage(OpBuilder &b, Location loc, Value value) {
  return tensor::CollapseShapeOp::create(
      b, loc, value, ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}});
}

/// The weights `[co, ci, 1, 1]` as a matrix `[co, ci]`: a constant with the
/// same bytes when they are one, a reshape otherwise.
Value weightMatrix(OpBuilder &b, Location loc, Value weights) {
  auto type = cast<RankedTensorType>(weights.getType());
  auto matrixType = RankedTensorType::get(
      {type.getDimSize(0), type.getDimSize(1)}, type.getElementType());
  if (auto constant = weights.getDefiningOp<arith::ConstantOp>()) {
    if (std::optional<ArrayRef<char>> bytes =
            aotc::tg::getRawElementBytes(constant.getValue())) {
      ElementsAttr value = aotc::tg::buildConstant(
          matrixType, *bytes,
          aotc::tg::getConstantNameHint(constant.getValue(), "weights"));
      return arith::ConstantOp::create(b, loc, value);
    }
  }
  return tensor::CollapseShapeOp::create(
      b, loc, matrixType, weights,
      ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}});
}

/// Rewrites the pointwise convolution `conv` as a matmul over the flattened
/// image, `(n, co, p, ci)`, and returns its result reshaped back.
void flatten(RewriterBase &rewriter, linalg::GenericOp conv) {
  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  Value image = conv.getDpsInputs()[0];
  std::pair<int64_t, int64_t> strides = *pointwiseConvStrides(conv);
  if (strides != std::make_pair<int64_t, int64_t>(1, 1)) {
    // A strided convolution reads every sh-th row and sw-th pixel: those
    // are copied out first (a quarter of the image for stride 2).
    auto outType = cast<RankedTensorType>(conv.getResultTypes()[0]);
    auto imageType = cast<RankedTensorType>(image.getType());
    SmallVector<int64_t> shape = {imageType.getDimSize(0),
                                  imageType.getDimSize(1),
                                  outType.getDimSize(2), outType.getDimSize(3)};
    image = subsample(rewriter, loc, image, strides, shape);
  }
  image = collapseImage(rewriter, loc, image);
  Value weights = weightMatrix(rewriter, loc, conv.getDpsInputs()[1]);
  Value init = collapseImage(rewriter, loc, conv.getDpsInits()[0]);
  MLIRContext *context = conv.getContext();
  AffineExpr n, co, p, ci;
  bindDims(context, n, co, p, ci);
  SmallVector<AffineMap> maps = {AffineMap::get(4, 0, {n, ci, p}, context),
                                 AffineMap::get(4, 0, {co, ci}, context),
                                 AffineMap::get(4, 0, {n, co, p}, context)};
  SmallVector<utils::IteratorType> iterators(3, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto matmul = linalg::GenericOp::create(
      rewriter, loc, init.getType(), ValueRange{image, weights},
      ValueRange{init}, maps, iterators);
  rewriter.inlineRegionBefore(conv.getRegion(), matmul.getRegion(),
                              matmul.getRegion().end());
  Value result = tensor::ExpandShapeOp::create(
      rewriter, loc, conv.getResultTypes()[0], matmul.getResult(0),
      ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}});
  rewriter.replaceOp(conv, result);
}

struct FlattenPointwiseConvsPass final
    : aotc::impl::FlattenPointwiseConvsPassBase<FlattenPointwiseConvsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::GenericOp> convs;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (pointwiseConvStrides(generic) && !feedsInsertion(generic) &&
          !feedsDepthwisePad(generic, std::max<int64_t>(vectorBits / 32, 1)))
        convs.push_back(generic);
    });
    if (convs.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp conv : convs)
      flatten(rewriter, conv);
    numFlattened += convs.size();

    // The reshapes then move through the elementwise generics next to the
    // matmuls (the accumulator's initialization, the epilogue), which get
    // the flattened image too, so each matmul still reads its initializer
    // and feeds its epilogue directly (aotc-tile-and-fuse's groups).
    // Only those: an elementwise producer of an image that some other
    // contraction reads (the ReLU before a 1x1 convolution) keeps its
    // shape, so that it stays the epilogue of the contraction producing it.
    RewritePatternSet patterns(&getContext());
    linalg::populateFoldReshapeOpsByCollapsingPatterns(
        patterns, [](OpOperand *operand) {
          auto isElementwise = [](Operation *op) {
            auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
            return generic && generic.getNumReductionLoops() == 0;
          };
          // A flattened contraction's consumer: its epilogue.
          if (!isa<tensor::CollapseShapeOp>(operand->getOwner()))
            return isElementwise(operand->getOwner());
          // A flattened accumulator's producer: its initializer (a bias
          // broadcast), read by nothing but as a destination.
          Value flat = operand->getOwner()->getResult(0);
          return isElementwise(operand->get().getDefiningOp()) &&
                 llvm::all_of(flat.getUses(), [](OpOperand &use) {
                   auto dps =
                       dyn_cast<DestinationStyleOpInterface>(use.getOwner());
                   return dps && dps.isDpsInit(&use);
                 });
        });
    // A reshaped empty tensor is an empty tensor of the new shape, so the
    // accumulator chains still start at one (aotc-tile-and-fuse updates
    // the epilogue's destination in place from there).
    tensor::populateFoldTensorEmptyPatterns(patterns);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns,
                                                       &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
