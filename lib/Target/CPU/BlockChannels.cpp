//===- BlockChannels.cpp - activations in blocks of channels -------------===//
//
// Implements `aotc-cpu-block-channels`: convolutions whose image rows are
// too short for whole vectors compute on images stored in blocks of
// channels (NCHWc), and the blocked layout is propagated through the
// elementwise ops and pads between them, so that a chain of convolutions
// converts its layout only at its ends. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "LayoutSupport.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cstring>

namespace aotc {
#define GEN_PASS_DEF_BLOCKCHANNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using aotc::channelBlock;
using aotc::feedsConcat;
using aotc::hasContractionShape;
using aotc::isFlatPointwiseConv;
using aotc::isLayoutTransparent;
using aotc::isNCHWConv;
using aotc::kMinPointwisePixels;

namespace {

/// Below this fill of their vectors, image rows waste too many lanes (56 of
/// 64, 28 of 32, 14 of 16, 7 of 16 with 16-lane vectors).
constexpr double kPoorLaneUse = 0.9;

/// Rows shorter than this are too few register rows for a tile (a 7x7
/// image: 4 vectors x 6 pixels and a 1-pixel remainder per row, measured
/// 1.5x slower than channel-blocked weights with scattered NCHW outputs).
constexpr int64_t kMinRowPixels = 8;

/// A 2-D pooling window over an NCHW image, as aotc-convert-tg-to-linalg
/// builds it: loops (n, c, oh, ow, kh, kw), the image read at (n, c, ...),
/// the window's shape at (kh, kw), the result written at (n, c, oh, ow).
bool isNCHWPool(linalg::GenericOp generic) {
  if (!hasContractionShape(generic, 6, 4))
    return false;
  MLIRContext *ctx = generic.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, ctx); };
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[2] != AffineMap::get(6, 0, {dim(0), dim(1), dim(2), dim(3)}, ctx) ||
      maps[1] != AffineMap::get(6, 0, {dim(4), dim(5)}, ctx) ||
      maps[0].getNumResults() != 4 || maps[0].getResult(0) != dim(0) ||
      maps[0].getResult(1) != dim(1))
    return false;
  return true;
}

/// `conv` (aotc::isNCHWDepthwiseConv) without its loop of one group channel, as
/// a pooling window with weights: loops (n, c, oh, ow, kh, kw), the filter
/// a `[C, KH, KW]` constant with the same bytes read at (c, kh, kw), which
/// linalg::pack blocks like a pool.
linalg::GenericOp dropGroupLoop(RewriterBase &rewriter,
                                linalg::GenericOp conv) {
  MLIRContext *ctx = conv.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, ctx); };
  // Old loops (n, c, oh, ow, g, kh, kw) -> new (n, c, oh, ow, 0, kh, kw).
  SmallVector<AffineExpr> replacement = {dim(0), dim(1), dim(2), dim(3),
                                         getAffineConstantExpr(0, ctx),
                                         dim(4), dim(5)};
  AffineMap image = conv.getIndexingMapsArray()[0];
  SmallVector<AffineExpr> imageResults = {dim(0), dim(1)};
  for (unsigned i = 2; i < 4; ++i)
    imageResults.push_back(simplifyAffineExpr(
        image.getResult(i).replaceDims(replacement), 6, 0));
  AffineMap imageMap = AffineMap::get(6, 0, imageResults, ctx);
  AffineMap filterMap = AffineMap::get(6, 0, {dim(1), dim(4), dim(5)}, ctx);
  AffineMap outMap =
      AffineMap::get(6, 0, {dim(0), dim(1), dim(2), dim(3)}, ctx);

  auto constant =
      conv.getDpsInputOperand(1)->get().getDefiningOp<arith::ConstantOp>();
  auto filterType = cast<RankedTensorType>(constant.getType());
  auto flatType = RankedTensorType::get(
      {filterType.getDimSize(0), filterType.getDimSize(2),
       filterType.getDimSize(3)},
      filterType.getElementType());
  rewriter.setInsertionPoint(conv);
  ElementsAttr flat;
  if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
    flat = dense.reshape(flatType);
  else
    flat = aotc::tg::buildConstant(
        flatType, *aotc::tg::getRawElementBytes(constant.getValue()),
        aotc::tg::getConstantNameHint(constant.getValue(), "weights"));
  Value filter = arith::ConstantOp::create(rewriter, constant.getLoc(), flat);

  SmallVector<utils::IteratorType> iterators(4,
                                             utils::IteratorType::parallel);
  iterators.append(2, utils::IteratorType::reduction);
  auto pool = linalg::GenericOp::create(
      rewriter, conv.getLoc(), conv->getResultTypes(),
      ValueRange{conv.getDpsInputOperand(0)->get(), filter},
      conv.getDpsInits(),
      ArrayRef<AffineMap>{imageMap, filterMap, outMap}, iterators);
  rewriter.inlineRegionBefore(conv.getRegion(), pool.getRegion(),
                              pool.getRegion().begin());
  rewriter.replaceOp(conv, pool->getResults());
  return pool;
}

/// Whether `conv` (isNCHWConv) steps more than one input column per output
/// column.
bool isStrided(linalg::GenericOp conv) {
  MLIRContext *ctx = conv.getContext();
  AffineExpr column = conv.getIndexingMapsArray()[0].getResult(3);
  SmallVector<AffineExpr> unitColumn(7, getAffineConstantExpr(0, ctx));
  unitColumn[3] = getAffineConstantExpr(1, ctx);
  auto step = dyn_cast<AffineConstantExpr>(
      simplifyAffineExpr(column.replaceDims(unitColumn), 0, 0));
  return !step || step.getValue() != 1;
}

/// The channel blocks (output, input) that `conv` computes with, or
/// nullopt when it stays as it is: its filter is a constant, its output
/// rows use vectors poorly and its output channels fill whole vectors (input channels are blocked when
/// they fill them too; the 3-channel image of a first convolution is not).
std::optional<std::pair<int64_t, int64_t>>
chooseBlocks(linalg::GenericOp conv, int64_t lanes, bool nextToBlocked) {
  if (!isNCHWConv(conv))
    return std::nullopt;
  SmallVector<int64_t> ranges = conv.getStaticLoopRanges();
  int64_t outBlock = channelBlock(ranges[1], lanes);
  // 1x1 convolutions are matmuls over the flattened image
  // (aotc-cpu-flatten-pointwise-convs), which have no short rows; one left
  // an image (it feeds the padded image of a blocked depthwise convolution,
  // which it then writes in place) joins a blocked neighbour whatever its
  // rows. A runtime filter would be copied into blocks on every call.
  // A strided convolution next to blocked ones (a first one, 7x7 stride 2,
  // before a max pool and blocked 3x3 convolutions) reads its rows through
  // shuffles when vectorized along them; blocked, it broadcasts.
  bool pointwise = ranges[5] * ranges[6] == 1;
  if (!conv.getDpsInputOperand(1)->get().getDefiningOp<arith::ConstantOp>() ||
      !outBlock || (pointwise && !nextToBlocked) ||
      (aotc::laneUse(ranges[3], lanes) >= kPoorLaneUse && !pointwise &&
       !(nextToBlocked && isStrided(conv))) ||
      ranges[3] < kMinRowPixels || feedsConcat(conv->getResult(0)))
    return std::nullopt;
  return std::make_pair(outBlock, channelBlock(ranges[4], lanes));
}


/// Whether some use of `value`, through layout-transparent ops, ends in a
/// pack: an unpack moved down to it then cancels with that pack (the other
/// uses read an unpack after the op instead of before it). An unpack that
/// would reach no pack is not moved into a pad, which a convolution that is
/// not blocked would read through the unpack's copy, tile by tile.
bool feedsPack(Value value, unsigned depth = 0) {
  if (depth > 16)
    return false;
  for (Operation *user : value.getUsers()) {
    if (isa<linalg::PackOp>(user))
      return true;
    if (isLayoutTransparent(user))
      for (Value result : user->getResults())
        if (feedsPack(result, depth + 1))
          return true;
  }
  return false;
}

bool propagatesThrough(OpOperand *operand) {
  Operation *op = operand->getOwner();
  // A pack moves up to the producer of its source.
  if (isa<linalg::PackOp>(op))
    return isLayoutTransparent(operand->get().getDefiningOp());
  // An unpack moves down through an elementwise user (which then runs on
  // the blocked tensor, in the convolution's epilogue), and through a pad
  // when that leads to a pack.
  if (!isLayoutTransparent(op))
    return false;
  return !isa<tensor::PadOp>(op) ||
         llvm::any_of(op->getResults(),
                      [](Value result) { return feedsPack(result); });
}

/// `pack` of a constant, as the constant it produces: the data permuted
/// once at compile time (upstream's folder would build it element by
/// element as attributes).
struct FoldConstantPack final : OpRewritePattern<linalg::PackOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::PackOp pack,
                                PatternRewriter &rewriter) const override {
    auto constant = pack.getSource().getDefiningOp<arith::ConstantOp>();
    if (!constant || pack.getPaddingValue())
      return failure();
    std::optional<ArrayRef<char>> bytes =
        aotc::tg::getRawElementBytes(constant.getValue());
    RankedTensorType sourceType = pack.getSourceType();
    RankedTensorType destType = pack.getDestType();
    if (!bytes || !destType.hasStaticShape() ||
        !sourceType.getElementType().isF32())
      return failure();
    SmallVector<int64_t> tiles = pack.getStaticTiles();
    ArrayRef<int64_t> innerPos = pack.getInnerDimsPos();
    ArrayRef<int64_t> outerPerm = pack.getOuterDimsPerm();
    int64_t rank = sourceType.getRank();
    for (auto [pos, tile] : llvm::zip(innerPos, tiles))
      if (ShapedType::isDynamic(tile) ||
          sourceType.getDimSize(pos) % tile != 0)
        return failure();
    // Each destination element's source: outer dims (permuted), then the
    // inner tile positions.
    SmallVector<int64_t> sourceStrides(rank, 1);
    for (int64_t d = rank - 2; d >= 0; --d)
      sourceStrides[d] = sourceStrides[d + 1] * sourceType.getDimSize(d + 1);
    SmallVector<char> packed(destType.getNumElements() * 4);
    ArrayRef<int64_t> destShape = destType.getShape();
    SmallVector<int64_t> index(destShape.size(), 0);
    for (int64_t flat = 0, e = destType.getNumElements(); flat < e; ++flat) {
      int64_t source = 0;
      for (int64_t i = 0; i < rank; ++i) {
        int64_t d = outerPerm.empty() ? i : outerPerm[i];
        int64_t at = index[i];
        for (auto [j, pos] : llvm::enumerate(innerPos))
          if (pos == d)
            at = at * tiles[j] + index[rank + j];
        source += at * sourceStrides[d];
      }
      std::memcpy(packed.data() + flat * 4, bytes->data() + source * 4, 4);
      for (int64_t i = destShape.size() - 1; i >= 0; --i) {
        if (++index[i] < destShape[i])
          break;
        index[i] = 0;
      }
    }
    ElementsAttr value = aotc::tg::buildConstant(
        destType, packed,
        aotc::tg::getConstantNameHint(constant.getValue(), "weights"));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(pack, value);
    return success();
  }
};

/// A pack of a fill (a generic that only yields a value, the zeros a
/// convolution without bias accumulates into): the fill, done on the
/// blocked tensor.
struct PackOfFill final : OpRewritePattern<linalg::PackOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::PackOp pack,
                                PatternRewriter &rewriter) const override {
    auto fill = pack.getSource().getDefiningOp<linalg::GenericOp>();
    if (!fill || fill.getNumDpsInputs() != 0 || fill.getNumResults() != 1 ||
        fill.getNumReductionLoops() != 0 ||
        !fill.getIndexingMapsArray().front().isIdentity() ||
        !fill.getMatchingBlockArgument(fill.getDpsInitOperand(0)).use_empty())
      return failure();
    RankedTensorType type = pack.getDestType();
    int64_t rank = type.getRank();
    auto packed = linalg::GenericOp::create(
        rewriter, pack.getLoc(), type, ValueRange{}, pack.getDest(),
        AffineMap::getMultiDimIdentityMap(rank, rewriter.getContext()),
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel));
    rewriter.cloneRegionBefore(fill.getRegion(), packed.getRegion(),
                               packed.getRegion().begin());
    rewriter.replaceOp(pack, packed.getResults());
    return success();
  }
};

/// An elementwise generic (identity maps) reading several unpacks with the
/// same blocks, the residual add of two blocked convolutions, computed on
/// the blocked tensors and unpacked after: upstream's propagation moves an
/// unpack through a generic only when it is the generic's only unpacked
/// operand.
struct PushUnpacksThroughElementwise final
    : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    if (generic.getNumReductionLoops() != 0 || generic.getNumResults() != 1 ||
        !generic.hasPureTensorSemantics() ||
        !llvm::all_of(generic.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); }))
      return failure();
    SmallVector<linalg::UnPackOp> unpacks;
    for (Value input : generic.getInputs())
      if (auto unpack = input.getDefiningOp<linalg::UnPackOp>())
        unpacks.push_back(unpack);
    if (unpacks.size() < 2)
      return failure();
    linalg::UnPackOp first = unpacks.front();
    for (linalg::UnPackOp unpack : unpacks)
      if (unpack.getSourceType() != first.getSourceType() ||
          unpack.getInnerDimsPos() != first.getInnerDimsPos() ||
          unpack.getStaticInnerTiles() != first.getStaticInnerTiles() ||
          unpack.getOuterDimsPerm() != first.getOuterDimsPerm() ||
          unpack.getDestType() != first.getDestType())
        return failure();
    Location loc = generic.getLoc();
    RankedTensorType packedType = first.getSourceType();
    SmallVector<Value> inputs;
    for (Value input : generic.getInputs()) {
      if (auto unpack = input.getDefiningOp<linalg::UnPackOp>()) {
        inputs.push_back(unpack.getSource());
        continue;
      }
      Value empty = tensor::EmptyOp::create(rewriter, loc, packedType.getShape(),
                                            packedType.getElementType());
      inputs.push_back(linalg::PackOp::create(
          rewriter, loc, input, empty, first.getInnerDimsPos(),
          first.getMixedTiles(), /*paddingValue=*/std::nullopt,
          first.getOuterDimsPerm()));
    }
    Value init = tensor::EmptyOp::create(rewriter, loc, packedType.getShape(),
                                         packedType.getElementType());
    int64_t rank = packedType.getRank();
    SmallVector<AffineMap> maps(
        inputs.size() + 1,
        AffineMap::getMultiDimIdentityMap(rank, rewriter.getContext()));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto packed = linalg::GenericOp::create(rewriter, loc, packedType, inputs,
                                            init, maps, iterators);
    rewriter.cloneRegionBefore(generic.getRegion(), packed.getRegion(),
                               packed.getRegion().begin());
    Value dest = tensor::EmptyOp::create(
        rewriter, loc, first.getDestType().getShape(),
        first.getDestType().getElementType());
    rewriter.replaceOpWithNewOp<linalg::UnPackOp>(
        generic, packed.getResult(0), dest, first.getInnerDimsPos(),
        first.getMixedTiles(), first.getOuterDimsPerm());
    return success();
  }
};

/// The affine map from the loops over `packedShape` (outer dims, then inner
/// tiles) to the unpacked tensor's indices.
AffineMap unpackedIndices(ArrayRef<int64_t> innerPos, ArrayRef<int64_t> tiles,
                          ArrayRef<int64_t> outerPerm, int64_t rank,
                          MLIRContext *ctx) {
  int64_t loops = rank + innerPos.size();
  SmallVector<AffineExpr> results(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = outerPerm.empty() ? i : outerPerm[i];
    AffineExpr at = getAffineDimExpr(i, ctx);
    for (auto [j, pos] : llvm::enumerate(innerPos))
      if (pos == d)
        at = at * tiles[j] + getAffineDimExpr(rank + j, ctx);
    results[d] = at;
  }
  return AffineMap::get(loops, 0, results, ctx);
}

/// A pack left at the end of a blocked chain: a copy generic over the
/// packed tensor reading the source at the unpacked indices.
struct PackAsCopy final : OpRewritePattern<linalg::PackOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::PackOp pack,
                                PatternRewriter &rewriter) const override {
    SmallVector<int64_t> tiles = pack.getStaticTiles();
    RankedTensorType sourceType = pack.getSourceType();
    if (pack.getPaddingValue() || !sourceType.hasStaticShape())
      return failure();
    for (auto [pos, tile] : llvm::zip(pack.getInnerDimsPos(), tiles))
      if (ShapedType::isDynamic(tile) ||
          sourceType.getDimSize(pos) % tile != 0)
        return failure();
    int64_t rank = sourceType.getRank();
    int64_t loops = pack.getDestRank();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineMap> maps = {
        unpackedIndices(pack.getInnerDimsPos(), tiles, pack.getOuterDimsPerm(),
                        rank, ctx),
        AffineMap::getMultiDimIdentityMap(loops, ctx)};
    SmallVector<utils::IteratorType> iterators(loops,
                                               utils::IteratorType::parallel);
    auto copy = linalg::GenericOp::create(
        rewriter, pack.getLoc(), pack.getDestType(), pack.getSource(),
        pack.getDest(), maps, iterators,
        [](OpBuilder &b, Location loc, ValueRange args) {
          linalg::YieldOp::create(b, loc, args[0]);
        });
    rewriter.replaceOp(pack, copy.getResults());
    return success();
  }
};

/// An unpack left at the end of a blocked chain: a copy generic over the
/// unpacked tensor reading the packed one at (c floordiv block, c mod block).
struct UnPackAsCopy final : OpRewritePattern<linalg::UnPackOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::UnPackOp unpack,
                                PatternRewriter &rewriter) const override {
    SmallVector<int64_t> tiles = unpack.getStaticTiles();
    RankedTensorType destType = unpack.getDestType();
    if (!destType.hasStaticShape() || !unpack.getOuterDimsPerm().empty())
      return failure();
    for (auto [pos, tile] : llvm::zip(unpack.getInnerDimsPos(), tiles))
      if (ShapedType::isDynamic(tile) || destType.getDimSize(pos) % tile != 0)
        return failure();
    int64_t rank = destType.getRank();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<AffineExpr> results;
    for (int64_t d = 0; d < rank; ++d) {
      AffineExpr at = getAffineDimExpr(d, ctx);
      for (auto [pos, tile] : llvm::zip(unpack.getInnerDimsPos(), tiles))
        if (pos == d)
          at = at.floorDiv(tile);
      results.push_back(at);
    }
    for (auto [pos, tile] : llvm::zip(unpack.getInnerDimsPos(), tiles))
      results.push_back(getAffineDimExpr(pos, ctx) % tile);
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, results, ctx),
        AffineMap::getMultiDimIdentityMap(rank, ctx)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto copy = linalg::GenericOp::create(
        rewriter, unpack.getLoc(), destType, unpack.getSource(),
        unpack.getDest(), maps, iterators,
        [](OpBuilder &b, Location loc, ValueRange args) {
          linalg::YieldOp::create(b, loc, args[0]);
        });
    rewriter.replaceOp(unpack, copy.getResults());
    return success();
  }
};

/// Whether `value` is, through layout-transparent ops, an unpack: its
/// producer is computed on blocked images.
bool readsUnpacked(Value value, unsigned depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || depth > 16)
    return false;
  if (isa<linalg::UnPackOp>(def))
    return true;
  if (!isLayoutTransparent(def))
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return readsUnpacked(operand, depth + 1);
  });
}

/// Packs `op`'s loops by `sizes` and, when the filter (operand 1) has two
/// tiles (output and input channels), transposes them so the output
/// channels, the vector dimension, are innermost.
bool packContraction(RewriterBase &rewriter, linalg::GenericOp op,
                     ArrayRef<int64_t> sizes) {
  rewriter.setInsertionPoint(op);
  SmallVector<OpFoldResult> packedSizes = llvm::map_to_vector(
      sizes, [&](int64_t size) -> OpFoldResult {
        return rewriter.getIndexAttr(size);
      });
  FailureOr<linalg::PackResult> packed =
      linalg::pack(rewriter, op, packedSizes);
  if (failed(packed))
    return false;
  for (linalg::PackOp pack : packed->packOps) {
    if (pack.getInnerDimsPos().size() != 2)
      continue;
    (void)linalg::packTranspose(rewriter, pack, packed->packedLinalgOp,
                                linalg::UnPackOp(), {}, {1, 0});
    break;
  }
  return true;
}

struct BlockChannelsPass final
    : aotc::impl::BlockChannelsPassBase<BlockChannelsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *ctx = &getContext();
    int64_t lanes = std::max<int64_t>(vectorBits / 32, 1);

    SmallVector<std::pair<linalg::GenericOp, std::pair<int64_t, int64_t>>>
        convs;
    SmallVector<linalg::GenericOp> depthwise;
    func.walk([&](linalg::GenericOp generic) {
      if (auto blocks = chooseBlocks(generic, lanes, /*nextToBlocked=*/false))
        convs.push_back({generic, *blocks});
      else if (aotc::blocksDepthwiseConv(generic, lanes))
        depthwise.push_back(generic);
    });
    if (convs.empty() && depthwise.empty())
      return;

    IRRewriter rewriter(ctx);
    for (auto [conv, blocks] : convs) {
      SmallVector<int64_t> sizes(7, 0);
      sizes[1] = blocks.first;
      sizes[4] = blocks.second;
      if (packContraction(rewriter, conv, sizes))
        ++numBlocked;
    }
    // Depthwise convolutions (MobileNet's) take each tap of a channel
    // block as one vector: NCHW rows would need a shuffle per tap of a
    // strided window and fill 49 of 64 lanes on a 7x7 image.
    for (linalg::GenericOp conv : depthwise) {
      int64_t block = channelBlock(conv.getStaticLoopRanges()[1], lanes);
      linalg::GenericOp window = dropGroupLoop(rewriter, conv);
      if (packContraction(rewriter, window, {0, block, 0, 0, 0, 0}))
        ++numBlocked;
    }

    // 1x1 convolutions next to blocked ones (reading an unpacked image, or
    // whose result is packed again) join the chain, so that a bottleneck
    // (1x1, 3x3, 1x1) stays blocked end to end; repeated, so that a chain
    // of them does too.
    for (bool changed = true; changed;) {
      changed = false;
      SmallVector<linalg::GenericOp> pointwise;
      SmallVector<linalg::GenericOp> pools;
      SmallVector<linalg::GenericOp> depthwiseNeighbours;
      SmallVector<std::pair<linalg::GenericOp, std::pair<int64_t, int64_t>>>
          strided;
      func.walk([&](linalg::GenericOp generic) {
        // A depthwise convolution reading a blocked image joins too: the
        // conversion moves to its result, no larger than its image (a
        // quarter of it after a stride of 2). One whose result alone is
        // packed would move it to its image instead.
        if (aotc::isNCHWDepthwiseConv(generic) &&
            channelBlock(generic.getStaticLoopRanges()[1], lanes) &&
            !feedsConcat(generic->getResult(0)) &&
            readsUnpacked(generic.getDpsInputOperand(0)->get())) {
          depthwiseNeighbours.push_back(generic);
          return;
        }
        bool pointwiseConv = isFlatPointwiseConv(generic);
        bool pool = isNCHWPool(generic);
        if (!pointwiseConv && !pool && !isNCHWConv(generic))
          return;
        if (!readsUnpacked(generic.getDpsInputOperand(0)->get()) &&
            !feedsPack(generic->getResult(0)))
          return;
        if (pointwiseConv)
          pointwise.push_back(generic);
        else if (pool)
          pools.push_back(generic);
        else if (auto blocks = chooseBlocks(generic, lanes,
                                            /*nextToBlocked=*/true))
          strided.push_back({generic, *blocks});
      });
      for (linalg::GenericOp conv : depthwiseNeighbours) {
        int64_t block = channelBlock(conv.getStaticLoopRanges()[1], lanes);
        linalg::GenericOp window = dropGroupLoop(rewriter, conv);
        if (packContraction(rewriter, window, {0, block, 0, 0, 0, 0})) {
          ++numBlocked;
          changed = true;
        }
      }
      for (auto [conv, blocks] : strided) {
        SmallVector<int64_t> sizes(7, 0);
        sizes[1] = blocks.first;
        sizes[4] = blocks.second;
        if (packContraction(rewriter, conv, sizes)) {
          ++numBlocked;
          changed = true;
        }
      }
      // A pooling window next to a blocked convolution (the max pool after
      // a first convolution) pools each channel block's vectors.
      for (linalg::GenericOp pool : pools) {
        int64_t block = channelBlock(pool.getStaticLoopRanges()[1], lanes);
        if (block && packContraction(rewriter, pool, {0, block, 0, 0, 0, 0})) {
          ++numBlocked;
          changed = true;
        }
      }
      for (linalg::GenericOp conv : pointwise) {
        SmallVector<int64_t> ranges = conv.getStaticLoopRanges();
        int64_t outBlock = channelBlock(ranges[1], lanes);
        int64_t inBlock = channelBlock(ranges[3], lanes);
        if (!outBlock || !inBlock || ranges[2] < kMinPointwisePixels)
          continue;
        if (packContraction(rewriter, conv, {0, outBlock, 0, inBlock})) {
          ++numBlocked;
          changed = true;
        }
      }
    }

    // Move the conversions out through the ops between convolutions; a
    // pack of an unpack with the same blocks cancels.
    RewritePatternSet propagation(ctx);
    linalg::populateDataLayoutPropagationPatterns(propagation,
                                                  propagatesThrough);
    linalg::PackOp::getCanonicalizationPatterns(propagation, ctx);
    linalg::UnPackOp::getCanonicalizationPatterns(propagation, ctx);
    tensor::PadOp::getCanonicalizationPatterns(propagation, ctx);
    tensor::EmptyOp::getCanonicalizationPatterns(propagation, ctx);
    linalg::populateFoldPackUnpackIntoTensorEmptyPatterns(propagation);
    propagation.add<FoldConstantPack>(ctx, /*benefit=*/2);
    propagation.add<PushUnpacksThroughElementwise, PackOfFill>(ctx);
    if (failed(applyPatternsGreedily(func, std::move(propagation))))
      return signalPassFailure();

    // What is left converts at the ends of the chains.
    RewritePatternSet lowering(ctx);
    lowering.add<FoldConstantPack>(ctx, /*benefit=*/2);
    lowering.add<PackAsCopy, UnPackAsCopy>(ctx);
    if (failed(applyPatternsGreedily(func, std::move(lowering))))
      return signalPassFailure();
  }
};

} // namespace
