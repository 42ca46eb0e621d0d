//===- TileAndFuse.cpp - one loop nest per contraction group --------------===//
//
// Implements `aotc-tile-and-fuse`: each linalg op with reduction loops is
// tiled together with its elementwise epilogue, the ops that initialize its
// accumulator and the pads of its inputs, so the group runs as one loop nest
// and neither the raw contraction result nor the padded input is ever
// materialized. The cost model is documented in Passes.td and
// docs/fusion.md.
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/Passes.h"

#include "aotc/Transforms/ParallelLoops.h"

#include "aotc/Analysis/GraphLoops.h"
#include "aotc/Analysis/PaddedBuffers.h"
#include "aotc/Transforms/LinalgQueries.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/TilingInterface.h"

#include <numeric>

namespace aotc {
#define GEN_PASS_DEF_TILEANDFUSEPASS
#include "aotc/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// A linalg op on tensors with reduction loops whose results all have the
/// same projected-permutation indexing map: a matmul, convolution, pooling
/// window or reduction, or a reduction computing several statistics at once
/// (softmax's max and sum, layer normalization's mean and variance).
bool isGroupSeed(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  // tg.matmul_nbits' contraction and the Winograd transforms are emitted
  // whole by their own kernels.
  if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
      linalgOp.getNumReductionLoops() == 0 || op->getNumResults() == 0 ||
      op->hasAttr(aotc::kNBitMatmulAttrName) ||
      op->hasAttr(aotc::kWinogradTransformAttrName))
    return false;
  AffineMap first = linalgOp.getIndexingMapMatchingResult(op->getResult(0));
  return first.isProjectedPermutation() &&
         llvm::all_of(op->getResults(), [&](OpResult result) {
           return linalgOp.getIndexingMapMatchingResult(result) == first;
         });
}

/// An op that only writes a value per element, reading nothing but
/// broadcast inputs: a fill, or the generic that broadcasts a bias into an
/// accumulator. Recomputing it per tile costs a store per element.
bool isInitializer(Operation *op) {
  if (isa<linalg::FillOp>(op))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(op);
  return generic && generic.hasPureTensorSemantics() &&
         aotc::classifyYield(op) != aotc::YieldedValue::computed;
}

/// Whether `map` reads a tensor of its own rank transposed: a permutation
/// that moves the innermost dimension. The epilogue's output is then not
/// contiguous where the contraction's is, and the fused tile could only be
/// scalar code.
bool movesInnermost(AffineMap map) {
  if (!map.isPermutation() || map.getNumResults() == 0)
    return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  return !last || last.getPosition() != map.getNumDims() - 1;
}

/// The elementwise generic that is the only user of `seed`'s results, if
/// there is one. It may read them through broadcasts (softmax's second pass
/// reads each row's max and sum once per element of the row); the tiling
/// then keeps the broadcast loops whole, so each tile of the seed is still
/// computed once. One that reads them transposed (a quantized graph's
/// NCHW convolution feeding an NHWC uint8 operand of a VNNI kernel) stays
/// apart: fused, the convolution's vector kernel became scalar code, 3x
/// slower (MobileNetV2's 7x7 depthwise convolutions).
linalg::GenericOp findEpilogue(linalg::LinalgOp seed) {
  linalg::GenericOp epilogue;
  for (OpResult result : seed->getResults()) {
    for (OpOperand &use : result.getUses()) {
      auto user = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (!user || (epilogue && user != epilogue) || user.isDpsInit(&use) ||
          !user.getMatchingIndexingMap(&use).isProjectedPermutation() ||
          movesInnermost(user.getMatchingIndexingMap(&use)))
        return nullptr;
      epilogue = user;
    }
  }
  if (!epilogue || epilogue->getBlock() != seed->getBlock() ||
      epilogue.getNumReductionLoops() != 0 ||
      epilogue.getNumDpsInits() != 1 || !epilogue.hasPureTensorSemantics() ||
      !epilogue.getIndexingMapMatchingResult(epilogue->getResult(0))
           .isIdentity())
    return nullptr;
  return epilogue;
}

/// Gives `seed` its own copy of each initializer chain (a fill, a bias
/// broadcast) that CSE merged with another accumulator's. A shared
/// initializer could not join the seed's tiles: it would be computed whole
/// once and, since each group writes its tiles into it, copied whole again
/// for every tile of every group that reads it.
void unshareInitializers(RewriterBase &rewriter, linalg::LinalgOp seed) {
  for (OpOperand &accumulator : seed.getDpsInitsMutable()) {
    OpOperand *use = &accumulator;
    while (Operation *def = use->get().getDefiningOp()) {
      if (!isInitializer(def) || def->getNumResults() != 1)
        break;
      if (!use->get().hasOneUse()) {
        rewriter.setInsertionPoint(def);
        Operation *copy = rewriter.clone(*def);
        rewriter.modifyOpInPlace(use->getOwner(),
                                 [&] { use->set(copy->getResult(0)); });
        def = copy;
      }
      use = cast<DestinationStyleOpInterface>(def).getDpsInitOperand(0);
    }
  }
}

/// Whether `op` only moves data into a new tensor: a linalg.generic with
/// parallel loops, one input, an empty destination, and a body that yields
/// the input element (a relayout such as aotc-cpu-pack-matmul-panels'
/// panels).
bool isRelayoutCopy(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
      generic.getNumReductionLoops() != 0 ||
      !generic.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>())
    return false;
  Block &body = generic.getRegion().front();
  return body.getOperations().size() == 1 &&
         body.getTerminator()->getOperand(0) == body.getArgument(0);
}

/// A fusion group: the op that is tiled, the seed contraction, and every op
/// that may be fused into the tile.
struct FusionGroup {
  Operation *root = nullptr;
  linalg::LinalgOp seed;
  linalg::GenericOp epilogue;
  SmallVector<Operation *> initializers;
  SmallVector<tensor::PadOp> pads;
  /// Inputs of the seed that are relayout copies read by nothing else:
  /// each tile copies its own slice.
  SmallVector<OpOperand *> copies;
  llvm::SmallPtrSet<Operation *, 8> members;
};

FusionGroup formGroup(linalg::LinalgOp seed) {
  FusionGroup group;
  group.seed = seed;
  group.epilogue = findEpilogue(seed);
  group.root = group.epilogue ? group.epilogue.getOperation()
                              : seed.getOperation();
  group.members.insert(seed);
  // The accumulators: a fill, or a bias broadcast, possibly feeding a fill.
  // CSE may have merged the fills of several accumulators into one: each
  // tile then gets its own copy of it.
  for (OpOperand &accumulator : seed.getDpsInitsMutable()) {
    Value init = accumulator.get();
    Operation *user = seed;
    while (Operation *def = init.getDefiningOp()) {
      if (!isInitializer(def) ||
          !llvm::all_of(init.getUsers(),
                        [&](Operation *other) { return other == user; }))
        break;
      if (group.members.insert(def).second)
        group.initializers.push_back(def);
      user = def;
      init =
          cast<DestinationStyleOpInterface>(def).getDpsInitOperand(0)->get();
    }
  }
  for (OpOperand *input : seed.getDpsInputOperands()) {
    if (Operation *def = input->get().getDefiningOp();
        def && isRelayoutCopy(def) && input->get().hasOneUse()) {
      group.copies.push_back(input);
      group.members.insert(def);
      continue;
    }
    auto pad = input->get().getDefiningOp<tensor::PadOp>();
    if (!pad || !input->get().hasOneUse() || !pad.getConstantPaddingValue() ||
        !pad.getResultType().hasStaticShape())
      continue;
    group.pads.push_back(pad);
    group.members.insert(pad);
  }
  return group;
}

/// The tile size for an innermost dimension that must be split: the
/// largest divisor up to 64 (no partial tiles), or 64 when the only divisors
/// are tiny.
int64_t innerChunk(int64_t size) {
  int64_t best = 1;
  for (int64_t d = std::min<int64_t>(64, size - 1); d > 1; --d) {
    if (size % d == 0) {
      best = d;
      break;
    }
  }
  return best >= 8 || size <= 64 ? best : 64;
}

/// The tile size for an innermost dimension longer than `limit`: the
/// largest divisor up to `limit` that is a multiple of 16 and of `align`
/// (whole vectors, whole blocks, and no partial tile, whose dynamic shape
/// no kernel would vectorize), or else `limit` (rounded down to `align`).
int64_t longChunk(int64_t size, int64_t limit, int64_t align) {
  int64_t step = std::lcm<int64_t>(16, align);
  for (int64_t d = limit - limit % step;
       d >= std::max<int64_t>(step, limit / 4); d -= step)
    if (size % d == 0)
      return d;
  return align > 1 ? limit - limit % align : limit;
}

/// The largest divisor of `size` (> 1) smaller than itself and a multiple
/// of `align`; 1 when there is none (a prime).
int64_t largestProperDivisor(int64_t size, int64_t align = 1) {
  for (int64_t d = size / 2; d > 1; --d)
    if (size % d == 0 && d % align == 0)
      return d;
  return 1;
}

/// The rows of a matmul-like tile: the largest divisor from 8 to 64 (no
/// partial tiles) that is a multiple of `align`, else all of them up to 256
/// (or whatever their number when `align` > 1, or when the divisor would
/// be a single block of `align`), else one.
int64_t rowBlock(int64_t size, int64_t align = 1) {
  for (int64_t d = std::min<int64_t>(64, size); d >= 8; --d)
    if (size % d == 0 && d % align == 0)
      // Blocks of one or two aligned vectors would make thin tiles: keep
      // the loop whole.
      return align > 1 && d < 2 * align && d < size ? size : d;
  return size <= 256 || align > 1 ? size : 1;
}

/// The alignment tiles of `seed`'s loop `loop` need: an input stored in
/// blocks along it (`loop floordiv B`, `loop mod B`,
/// aotc-cpu-channel-blocked-weights) is sliced correctly only at multiples
/// of B.
int64_t tileAlignment(linalg::LinalgOp seed, unsigned loop) {
  int64_t align = 1;
  for (AffineMap map : seed.getIndexingMapsArray()) {
    for (AffineExpr expr : map.getResults()) {
      auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
      if (!binary || !binary.isFunctionOfDim(loop))
        continue;
      if (auto block = dyn_cast<AffineConstantExpr>(binary.getRHS());
          block && (expr.getKind() == AffineExprKind::Mod ||
                    expr.getKind() == AffineExprKind::FloorDiv))
        align = std::lcm(align, block.getValue());
    }
  }
  return align;
}

/// Padded inputs up to this many bytes in all are computed whole, not one
/// window per output row, when the seed's other inputs are larger (a deep
/// convolution on a small image): every tile then reuses the weights for
/// all output rows instead of reading all of them once per row.
constexpr int64_t kWholePaddedBytes = 256 * 1024;
/// ... and up to this many when the other inputs are at least 2 times
/// larger (a stride-2 convolution to 7x7: 0.5 MB of padded input, 9.4 MB of
/// weights; ResNet-50's stride-2 convolution to 14x14, 0.9 MB and 2.4 MB,
/// which streamed its weights once per output row: 2.1 -> 1.6 ms).
constexpr int64_t kWholePaddedBytesLargeWeights = 1024 * 1024;

/// A tile's padded windows up to this many bytes in all stay whole along
/// the loops inside: splitting them further only adds tiles (a depthwise
/// convolution's 9x9 window of one channel of a 7x7 image).
constexpr int64_t kPaddedTileBytes = 16 * 1024;

/// A tile copies the padded windows of several slices of the outermost
/// loop they depend on (the channels of a depthwise convolution) while they
/// add up to at most this many bytes. Computing a slice right after copying
/// its window alone stalls every vector load of the window on the copy's
/// stores still in flight; copying a few first lets them land (MobileNetV2's
/// 3x3 depthwise convolutions on 960 channels of 7x7, 9x9 windows of 324
/// bytes: 44 -> 35 us a call on one core, 44 -> 26 us on two).
constexpr int64_t kPaddedWindowBlockBytes = 4 * 1024;

/// The number of slices of a loop of `size` that a tile copies the padded
/// windows of, when the windows of all of them take `paddedBytes`: the
/// largest divisor of `size` within kPaddedWindowBlockBytes, or 1.
int64_t windowBlock(int64_t size, int64_t paddedBytes) {
  int64_t slice = std::max<int64_t>(paddedBytes / size, 1), block = 1;
  for (int64_t b = 2; b <= size && b * slice <= kPaddedWindowBlockBytes; ++b)
    if (size % b == 0)
      block = b;
  return block;
}

/// The byte size of a statically shaped tensor value.
int64_t tensorBytes(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  return type.getNumElements() *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

/// Whether `group`'s padded inputs are small enough, and its other inputs
/// large enough, that its rows are better computed in one tile.
bool keepsPaddedRowsWhole(const FusionGroup &group, bool wholePads) {
  if (group.pads.empty())
    return false;
  // Padded in place (aotc-cpu-materialize-pads), no tile copies a window:
  // the rows stay whole whenever the weights are the larger input.
  bool inPlace = wholePads && llvm::all_of(group.pads, [](tensor::PadOp pad) {
                   return aotc::isMaterializablePad(pad);
                 });
  int64_t padded = 0, other = 0;
  for (tensor::PadOp pad : group.pads)
    padded += tensorBytes(pad.getResult());
  linalg::LinalgOp seed = group.seed;
  for (OpOperand *input : seed.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    if (!type || !type.hasStaticShape())
      return false;
    if (!input->get().getDefiningOp<tensor::PadOp>())
      other = std::max(other, tensorBytes(input->get()));
  }
  if (inPlace)
    return other > padded;
  return (padded <= kWholePaddedBytes && other > padded) ||
         (padded <= kWholePaddedBytesLargeWeights && other >= 2 * padded);
}

/// Whether every input of `seed` depends on its loop `loop` (a batch).
bool everyInputDependsOn(linalg::LinalgOp seed, unsigned loop) {
  return llvm::all_of(seed.getDpsInputOperands(), [&](OpOperand *input) {
    return seed.getMatchingIndexingMap(input).isFunctionOfDim(loop);
  });
}

/// One loop of the group's root that may be tiled, in output order.
struct TileCandidate {
  unsigned rootLoop;
  unsigned seedLoop;
  int64_t size;
};

/// The root's loops that may be tiled, outermost output dimension first. A
/// seed's parallel loops, through its output map; an epilogue's loops
/// except those along which it broadcasts the seed's results (tiling those
/// would recompute the seed once per tile).
SmallVector<TileCandidate> tileCandidates(const FusionGroup &group) {
  linalg::LinalgOp seed = group.seed;
  AffineMap outMap = seed.getIndexingMapMatchingResult(seed->getResult(0));
  SmallVector<TileCandidate> candidates;
  if (!group.epilogue) {
    SmallVector<int64_t> ranges = seed.getStaticLoopRanges();
    for (AffineExpr expr : outMap.getResults()) {
      unsigned loop = cast<AffineDimExpr>(expr).getPosition();
      candidates.push_back({loop, loop, ranges[loop]});
    }
    return candidates;
  }
  linalg::GenericOp epilogue = group.epilogue;
  SmallVector<int64_t> ranges = epilogue.getStaticLoopRanges();
  for (unsigned loop = 0; loop < epilogue.getNumLoops(); ++loop) {
    std::optional<unsigned> seedLoop;
    bool everyRead = true;
    for (OpOperand *input : epilogue.getDpsInputOperands()) {
      if (input->get().getDefiningOp() != seed.getOperation())
        continue;
      AffineMap map = epilogue.getMatchingIndexingMap(input);
      std::optional<unsigned> position =
          map.getResultPosition(getAffineDimExpr(loop, map.getContext()));
      if (!position) {
        everyRead = false;
        break;
      }
      seedLoop = outMap.getDimPosition(*position);
    }
    if (everyRead && seedLoop)
      candidates.push_back({loop, *seedLoop, ranges[loop]});
  }
  return candidates;
}

/// The seed loop of the candidate tiling root loop `rootLoop`.
unsigned rowSeedLoop(ArrayRef<TileCandidate> candidates, unsigned rootLoop) {
  for (const TileCandidate &c : candidates)
    if (c.rootLoop == rootLoop)
      return c.seedLoop;
  llvm_unreachable("the row loop is a candidate");
}

/// Weights (a matmul-like seed's input that does not depend on its rows)
/// larger than this, a quarter of a 2 MiB L2, are not kept in L2 from one
/// block of rows to the next next to the rows' inputs and outputs ...
constexpr int64_t kLargeWeightBytes = 512 * 1024;
/// ... so a tile takes this many bytes of them at most, and all the rows
/// when the inputs that depend on the rows are at most kRowInputBytes:
/// those then stay in L2 from one tile to the next, and every weight is
/// read from memory once (ResNet-50's 1x1 convolutions with 1 to 2 MiB of
/// weights on 14x14 images: 0.70 -> 0.63 ms and 1.50 -> 1.22 ms).
constexpr int64_t kWeightTileBytes = 256 * 1024;
constexpr int64_t kRowInputBytes = 1024 * 1024;

/// The candidate loop that only the weights depend on (output channels)
/// and its tile size, when `group`'s weights are to be tiled instead of its
/// rows (see kLargeWeightBytes).
std::optional<std::pair<unsigned, int64_t>>
chooseWeightBlocks(const FusionGroup &group,
                   ArrayRef<TileCandidate> candidates, unsigned rowLoop,
                   unsigned innermostLoop) {
  linalg::LinalgOp seed = group.seed;
  unsigned rowSeed = rowSeedLoop(candidates, rowLoop);
  int64_t weightBytes = 0, rowBytes = 0;
  for (OpOperand *input : seed.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    if (!type || !type.hasStaticShape())
      return std::nullopt;
    if (seed.getMatchingIndexingMap(input).isFunctionOfDim(rowSeed))
      rowBytes += tensorBytes(input->get());
    else
      weightBytes = std::max(weightBytes, tensorBytes(input->get()));
  }
  if (weightBytes <= kLargeWeightBytes || rowBytes > kRowInputBytes)
    return std::nullopt;
  for (const TileCandidate &c : candidates) {
    if (c.rootLoop == innermostLoop || c.rootLoop == rowLoop || c.size <= 1 ||
        everyInputDependsOn(seed, c.seedLoop))
      continue;
    int64_t align = tileAlignment(seed, c.seedLoop);
    for (int64_t d = c.size - 1; d >= 1; --d)
      if (c.size % d == 0 && d % align == 0 &&
          weightBytes / c.size * d <= kWeightTileBytes)
        return std::pair(c.rootLoop, d);
    return std::nullopt;
  }
  return std::nullopt;
}

/// Tile sizes for the group's root, per the cost model in Passes.td. Empty
/// when there is no loop to tile.
SmallVector<OpFoldResult> chooseTileSizes(OpBuilder &b,
                                          const FusionGroup &group,
                                          int64_t innerTile, bool wholePads) {
  linalg::LinalgOp seed = group.seed;
  auto root = cast<linalg::LinalgOp>(group.root);
  SmallVector<int64_t> rootRanges = root.getStaticLoopRanges();
  // Dynamic or empty iteration spaces are left alone, the root's and the
  // seed's (a reduction over an empty axis has a non-empty root).
  auto dynamicOrEmpty = [](int64_t size) {
    return ShapedType::isDynamic(size) || size == 0;
  };
  if (llvm::any_of(rootRanges, dynamicOrEmpty) ||
      llvm::any_of(seed.getStaticLoopRanges(), dynamicOrEmpty))
    return {};
  SmallVector<TileCandidate> candidates = tileCandidates(group);
  if (candidates.empty())
    return {};

  // Whether every padded input depends on one of the seed's loops.
  auto padsDependOn = [&](unsigned loop) {
    for (tensor::PadOp pad : group.pads) {
      for (OpOperand *input : seed.getDpsInputOperands())
        if (input->get() == pad.getResult() &&
            !seed.getMatchingIndexingMap(input).isFunctionOfDim(loop))
          return false;
    }
    return true;
  };

  // A relayout copy is made once per tile: the loops it depends on are
  // tiled by the blocks it is read in, the others stay whole (a matmul's
  // panel of columns serves every output row). A copy read without blocks
  // along the output's contiguous loop (a whole transposed `K^T`) keeps
  // that loop whole: the vector kernel needs its rows.
  if (!group.copies.empty()) {
    AffineMap out = root.getIndexingMapMatchingResult(root->getResult(0));
    unsigned contiguousLoop =
        cast<AffineDimExpr>(out.getResults().back()).getPosition();
    SmallVector<int64_t> sizes(rootRanges.size(), 0);
    bool tiled = false;
    for (const TileCandidate &c : candidates) {
      if (!llvm::any_of(group.copies, [&](OpOperand *copy) {
            return seed.getMatchingIndexingMap(copy).isFunctionOfDim(
                c.seedLoop);
          }))
        continue;
      int64_t block = tileAlignment(seed, c.seedLoop);
      if (block == 1 && c.rootLoop == contiguousLoop)
        continue;
      if (block < c.size && c.size % block == 0) {
        sizes[c.rootLoop] = block;
        tiled = true;
      }
    }
    if (!tiled)
      return {};
    return llvm::map_to_vector(sizes, [&](int64_t size) -> OpFoldResult {
      return b.getIndexAttr(size);
    });
  }

  // The innermost output dimension is the last candidate only if it is the
  // root's innermost output dimension.
  AffineMap rootOut = root.getIndexingMapMatchingResult(root->getResult(0));
  unsigned innermostLoop =
      cast<AffineDimExpr>(rootOut.getResults().back()).getPosition();
  // A matmul-like seed without padded inputs keeps a block of rows (the
  // output loop next to the innermost one) in each tile, so a CPU register
  // tile has rows that share its vector loads (aotc-cpu-vector-kernels).
  std::optional<unsigned> rowLoop;
  if (group.pads.empty() && seed.getNumDpsInputs() >= 2)
    for (const TileCandidate &c : candidates)
      if (c.rootLoop != innermostLoop && c.size > 1)
        rowLoop = c.rootLoop;
  SmallVector<int64_t> sizes(rootRanges.size(), 0);
  llvm::SmallDenseSet<unsigned> keptWhole;
  bool tiled = false;
  bool wholeRows = keepsPaddedRowsWhole(group, wholePads);
  int64_t paddedTileBytes = 0;
  bool splitPadLoop = false;
  for (tensor::PadOp pad : group.pads)
    paddedTileBytes += tensorBytes(pad.getResult());
  // When no padded input reads the innermost loop through a window (the
  // channels of a channel-blocked convolution, which it does not read, or
  // of a channel-blocked pooling window, read as they are;
  // aotc-cpu-block-channels), the loop outside it holds the register rows
  // (the pixels of an image row): a tile keeps it whole.
  auto padsReadPlainly = [&](unsigned loop) {
    for (tensor::PadOp pad : group.pads)
      for (OpOperand *input : seed.getDpsInputOperands()) {
        if (input->get() != pad.getResult())
          continue;
        for (AffineExpr e : seed.getMatchingIndexingMap(input).getResults())
          if (e.isFunctionOfDim(loop) && !isa<AffineDimExpr>(e))
            return false;
      }
    return true;
  };
  // Whether every padded input reads the seed's loop `loop` as it is, or
  // plus loops of one iteration (a depthwise convolution reads channel
  // c + g of its input, g the single input channel of c's group).
  SmallVector<int64_t> seedRanges = seed.getStaticLoopRanges();
  auto padsReadAsIs = [&](unsigned loop) {
    auto asIs = [&](AffineExpr e) {
      bool sumOfDims = true;
      e.walk([&](AffineExpr sub) {
        if (auto dim = dyn_cast<AffineDimExpr>(sub)) {
          if (dim.getPosition() != loop && seedRanges[dim.getPosition()] != 1)
            sumOfDims = false;
        } else if (sub.getKind() != AffineExprKind::Add) {
          sumOfDims = false;
        }
      });
      return sumOfDims;
    };
    for (tensor::PadOp pad : group.pads)
      for (OpOperand *input : seed.getDpsInputOperands()) {
        if (input->get() != pad.getResult())
          continue;
        for (AffineExpr e : seed.getMatchingIndexingMap(input).getResults())
          if (e.isFunctionOfDim(loop) && !asIs(e))
            return false;
      }
    return true;
  };
  std::optional<unsigned> pixelRowLoop;
  if (!group.pads.empty() && candidates.size() >= 2 &&
      candidates.back().rootLoop == innermostLoop &&
      padsReadPlainly(candidates.back().seedLoop) &&
      !padsReadPlainly(candidates[candidates.size() - 2].seedLoop))
    pixelRowLoop = candidates[candidates.size() - 2].rootLoop;
  std::optional<std::pair<unsigned, int64_t>> weightBlocks;
  if (rowLoop)
    weightBlocks = chooseWeightBlocks(group, candidates, *rowLoop,
                                      innermostLoop);
  for (const TileCandidate &c : candidates) {
    if (c.size <= 1)
      continue;
    if (weightBlocks && c.rootLoop == weightBlocks->first) {
      sizes[c.rootLoop] = weightBlocks->second;
      tiled = true;
    } else if (weightBlocks && c.rootLoop == *rowLoop) {
      keptWhole.insert(c.rootLoop);
    } else if (c.rootLoop == innermostLoop) {
      if (c.size > innerTile) {
        sizes[c.rootLoop] =
            longChunk(c.size, innerTile, tileAlignment(seed, c.seedLoop));
        tiled = true;
      }
    } else if (c.rootLoop == rowLoop) {
      int64_t block = rowBlock(c.size, tileAlignment(seed, c.seedLoop));
      if (block == c.size) {
        keptWhole.insert(c.rootLoop);
      } else {
        sizes[c.rootLoop] = block;
        tiled = true;
      }
    } else if (rowLoop && !everyInputDependsOn(seed, c.seedLoop)) {
      // Another loop that some input does not depend on (a 1x1
      // convolution's output channels): blocks of it, for the same reason.
      int64_t block = rowBlock(c.size, tileAlignment(seed, c.seedLoop));
      if (block != c.size) {
        sizes[c.rootLoop] = block;
        tiled = true;
      }
    } else if (padsDependOn(c.seedLoop)) {
      // The outermost in blocks of a few small windows (windowBlock), then
      // the others one at a time until a tile's padded window is small (a
      // depthwise convolution: a few channels, all their rows); the rest
      // whole. One tile of all of them is still a
      // tile: the group stays one loop nest.
      if (wholeRows || (splitPadLoop && paddedTileBytes <= kPaddedTileBytes) ||
          c.rootLoop == pixelRowLoop) {
        sizes[c.rootLoop] = c.size;
      } else {
        // Windows of neighbouring slices overlap along a loop they are
        // read through (an output row's input rows): blocks only of one
        // read as it is (a depthwise convolution's channel).
        int64_t block =
            splitPadLoop || group.pads.empty() || !padsReadAsIs(c.seedLoop)
                ? 1
                : windowBlock(c.size, paddedTileBytes);
        sizes[c.rootLoop] = block;
        paddedTileBytes = paddedTileBytes / c.size * block;
        splitPadLoop = true;
      }
      tiled = true;
    }
  }
  if (!tiled) {
    // Nothing to tile by the rule above (a row of outputs, or every outer
    // loop would copy a padded input once per tile): split the outermost
    // non-unit candidate so the group still becomes one loop nest. A
    // matmul-like seed keeps blocks of rows there too (a 1x1 convolution's
    // output channels), or tiles the next loop.
    for (const TileCandidate &c : candidates) {
      if (c.size <= 1 || keptWhole.contains(c.rootLoop))
        continue;
      int64_t size = 1;
      if (c.rootLoop == innermostLoop) {
        size = innerChunk(c.size);
        // Chunks of fewer than 8 (a prime extent: 13, 7) would leave a
        // vector kernel a lane or two, and an odd chunk of a short row (11
        // of 55) wastes more lanes than the whole row: a matmul-like seed
        // splits its rows instead (a convolution's output rows), keeping
        // the innermost dimension whole.
        if (rowLoop && (size < 8 || size % 8 != 0)) {
          int64_t rows = rootRanges[*rowLoop];
          int64_t align =
              tileAlignment(seed, rowSeedLoop(candidates, *rowLoop));
          int64_t split = largestProperDivisor(rows, align);
          // Rows read in blocks are split only between blocks.
          if (rows > 1 && (split > 1 || align == 1)) {
            sizes[*rowLoop] = split;
            tiled = true;
            break;
          }
        }
      } else if (rowLoop) {
        size = rowBlock(c.size, tileAlignment(seed, c.seedLoop));
        if (size == c.size)
          continue;
      } else if (tileAlignment(seed, c.seedLoop) > 1) {
        continue;
      }
      sizes[c.rootLoop] = size;
      tiled = true;
      break;
    }
  }
  if (!tiled)
    return {};
  return llvm::map_to_vector(
      sizes, [&](int64_t size) -> OpFoldResult { return b.getIndexAttr(size); });
}

/// Makes the tiled epilogue update the accumulator tile in place: the
/// accumulator's initialization starts from the epilogue's destination tile
/// and the epilogue reads the contraction's result through its `outs`
/// operand. No tile buffer is needed besides the output's own.
void reuseDestination(RewriterBase &rewriter, linalg::GenericOp epilogue,
                      Operation *tiledSeed, DominanceInfo &dominance) {
  if (tiledSeed->getNumResults() != 1)
    return;
  Value acc = tiledSeed->getResult(0);
  if (acc.getType() != epilogue->getResult(0).getType() || !acc.hasOneUse())
    return;
  OpOperand *init = epilogue.getDpsInitOperand(0);
  if (epilogue.payloadUsesValueFromOperand(init))
    return;
  OpOperand *accInput = nullptr;
  for (OpOperand *input : epilogue.getDpsInputOperands())
    if (input->get() == acc)
      accInput = input;
  if (!accInput || !epilogue.getMatchingIndexingMap(accInput).isIdentity())
    return;

  // Walk to the first op of the accumulator chain and its tensor.empty
  // based destination.
  OpOperand *chainStart =
      cast<DestinationStyleOpInterface>(tiledSeed).getDpsInitOperand(0);
  while (Operation *def = chainStart->get().getDefiningOp()) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(def);
    if (!dps || !isInitializer(def) || dps.getNumDpsInits() != 1)
      break;
    chainStart = dps.getDpsInitOperand(0);
  }
  Value start = chainStart->get();
  if (auto slice = start.getDefiningOp<tensor::ExtractSliceOp>())
    start = slice.getSource();
  if (!start.getDefiningOp<tensor::EmptyOp>() ||
      chainStart->get().getType() != init->get().getType())
    return;

  Value dest = init->get();
  Operation *user = chainStart->getOwner();
  if (!dominance.properlyDominates(dest, user)) {
    Operation *destDef = dest.getDefiningOp();
    if (!destDef || destDef->getBlock() != user->getBlock() ||
        !llvm::all_of(destDef->getOperands(), [&](Value v) {
          return dominance.properlyDominates(v, user);
        }))
      return;
    rewriter.moveOpBefore(destDef, user);
  }
  rewriter.modifyOpInPlace(user, [&] { chainStart->set(dest); });

  // Rebuild the epilogue with the accumulator as its destination.
  unsigned accIndex = accInput->getOperandNumber();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : epilogue.getDpsInputOperands()) {
    if (input == accInput)
      continue;
    inputs.push_back(input->get());
    maps.push_back(epilogue.getMatchingIndexingMap(input));
  }
  maps.push_back(epilogue.getMatchingIndexingMap(init));
  rewriter.setInsertionPoint(epilogue);
  auto inPlace = linalg::GenericOp::create(
      rewriter, epilogue.getLoc(), epilogue->getResultTypes(), inputs,
      ValueRange{acc}, maps, epilogue.getIteratorTypesArray());
  rewriter.inlineRegionBefore(epilogue.getRegion(), inPlace.getRegion(),
                              inPlace.getRegion().end());
  Block &body = inPlace.getRegion().front();
  rewriter.replaceAllUsesWith(body.getArgument(accIndex),
                              body.getArguments().back());
  body.eraseArgument(accIndex);
  rewriter.replaceOp(epilogue, inPlace->getResults());
}

/// Replaces an `scf.if` that guards a tiled pad against an empty source
/// slice with its padding branch: the clamped offsets and sizes make the
/// slice valid, and padding an empty slice yields the all-padding tile.
void dropEmptySliceGuards(RewriterBase &rewriter, Operation *loopNest) {
  SmallVector<scf::IfOp> guards;
  loopNest->walk([&](scf::IfOp ifOp) {
    if (ifOp.getNumResults() != 1 || !ifOp.elseBlock())
      return;
    auto elseYield = cast<scf::YieldOp>(ifOp.elseBlock()->getTerminator());
    auto thenYield = cast<scf::YieldOp>(ifOp.thenBlock()->getTerminator());
    Value padded = elseYield.getOperand(0);
    if (auto cast = padded.getDefiningOp<tensor::CastOp>())
      padded = cast.getSource();
    if (padded.getDefiningOp<tensor::PadOp>() &&
        thenYield.getOperand(0).getDefiningOp<tensor::GenerateOp>())
      guards.push_back(ifOp);
  });
  for (scf::IfOp guard : guards) {
    Block *padding = guard.elseBlock();
    Value padded = padding->getTerminator()->getOperand(0);
    rewriter.eraseOp(padding->getTerminator());
    rewriter.inlineBlockBefore(padding, guard);
    rewriter.replaceOp(guard, padded);
  }
}

/// Replaces each slice of a tensor.empty in `loopNest` (the destination of
/// a fused relayout copy) by an empty tensor of the slice's shape, so the
/// copy gets a buffer of one tile rather than a view into a buffer of the
/// whole tensor.
void shrinkEmptySlices(RewriterBase &rewriter, Operation *loopNest) {
  SmallVector<tensor::ExtractSliceOp> slices;
  loopNest->walk([&](tensor::ExtractSliceOp slice) {
    if (slice.getSource().getDefiningOp<tensor::EmptyOp>() &&
        slice.getType().hasStaticShape())
      slices.push_back(slice);
  });
  for (tensor::ExtractSliceOp slice : slices) {
    rewriter.setInsertionPoint(slice);
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(
        slice, slice.getType().getShape(), slice.getType().getElementType());
  }
}

struct TileAndFusePass final
    : aotc::impl::TileAndFusePassBase<TileAndFusePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<linalg::LinalgOp> seeds;
    // Kernels form in every block of host code: the function's body and the
    // bodies of the graph's loops and branches.
    for (Block *block : aotc::getHostBlocks(func))
      for (Operation &op : *block)
        if (isGroupSeed(&op))
          seeds.push_back(cast<linalg::LinalgOp>(op));

    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp seed : seeds)
      unshareInitializers(rewriter, seed);
    // Last first: a group's epilogue is then still untouched when its seed
    // is visited, and fused producers are never visited again.
    for (linalg::LinalgOp seed : llvm::reverse(seeds)) {
      FusionGroup group = formGroup(seed);
      if (!group.epilogue && group.initializers.empty() &&
          group.pads.empty() && group.copies.empty())
        continue;
      rewriter.setInsertionPoint(group.root);
      SmallVector<OpFoldResult> sizes =
          chooseTileSizes(rewriter, group, innerTile, wholePads);
      if (wholePads)
        leavePadsWhole(group);
      if (sizes.empty())
        continue;
      if (failed(tileGroup(rewriter, group, sizes)))
        return signalPassFailure();
    }
  }

  /// Takes the group's materializable pads out of it: they stay whole, for
  /// aotc-cpu-materialize-pads. The tile sizes were chosen with them.
  void leavePadsWhole(FusionGroup &group) {
    SmallVector<tensor::PadOp> fused;
    for (tensor::PadOp pad : group.pads) {
      if (aotc::isMaterializablePad(pad))
        group.members.erase(pad);
      else
        fused.push_back(pad);
    }
    group.pads = std::move(fused);
  }

  LogicalResult tileGroup(RewriterBase &rewriter, FusionGroup &group,
                          ArrayRef<OpFoldResult> sizes) {
    scf::SCFTilingOptions tiling;
    tiling.setTileSizes(sizes);
    tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tiling);
    const auto &members = group.members;
    options.setFusionControlFn(
        [&members](tensor::ExtractSliceOp, OpResult producer, bool)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          if (!members.contains(producer.getOwner()))
            return std::nullopt;
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        });
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(group.root), options);
    if (failed(result))
      return group.root->emitError("could not tile this fusion group");

    for (OpResult res : group.root->getResults()) {
      auto it = result->replacements.find(res);
      if (it != result->replacements.end())
        rewriter.replaceAllUsesWith(res, it->second);
    }
    ++numGroups;
    numFusedOps += result->fusedProducers.size();

    // The untiled ops are dead now; erase them users first.
    SmallVector<Operation *> dead = {group.root};
    if (group.epilogue)
      dead.push_back(group.seed);
    llvm::append_range(dead, group.initializers);
    for (tensor::PadOp pad : group.pads)
      dead.push_back(pad);
    for (OpOperand *copy : group.copies)
      dead.push_back(copy->get().getDefiningOp());
    for (Operation *op : dead)
      if (op->use_empty())
        rewriter.eraseOp(op);

    // Tiles split the root's parallel loops only: each tile writes its own
    // part of the results.
    for (LoopLikeOpInterface loop : result->loops)
      aotc::markParallelLoop(loop);
    Operation *loopNest = result->loops.front();
    dropEmptySliceGuards(rewriter, loopNest);
    shrinkEmptySlices(rewriter, loopNest);
    if (group.epilogue) {
      auto tiledEpilogue =
          cast<linalg::GenericOp>(result->tiledAndFusedOps.front());
      Operation *tiledSeed = nullptr;
      for (Value operand : tiledEpilogue.getDpsInputs())
        if (Operation *def = operand.getDefiningOp())
          if (result->tiledAndFusedOps.contains(def) && isGroupSeed(def))
            tiledSeed = def;
      if (tiledSeed) {
        DominanceInfo dominance(loopNest);
        reuseDestination(rewriter, tiledEpilogue, tiledSeed, dominance);
      }
    }
    return success();
  }
};

} // namespace
