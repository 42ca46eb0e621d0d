//===- VectorKernels.cpp - register-tiled vector code for linalg.generic -===//
//
// Implements `aotc-cpu-vector-kernels`, aotc's micro-kernel emitter: a
// linalg.generic on buffers becomes loops over register tiles, each tile a
// block of `rows x vectors` accumulators carried through the reduction loops
// in registers and stored once. The choice of the vector dimension, the
// register rows and the tile shape is documented in Passes.td and
// docs/cpu-kernels.md.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"
#include "aotc/Transforms/ParallelLoops.h"

#include "FillSupport.h"
#include "KernelEpilogue.h"
#include "VectorKernelSupport.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/IRMapping.h"

#include <limits>

namespace aotc {
#define GEN_PASS_DEF_VECTORKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;


using namespace aotc::cpu;

namespace {

/// The distance in elements between consecutive values of loop `dim` in an
/// output whose index `i` is `dim + ...` (no other index depends on `dim`):
/// the output of a convolution vectorized across its channels is stored by
/// a scatter of this stride.
std::optional<int64_t> scatterStride(AffineMap map, MemRefType type,
                                     unsigned dim) {
  std::optional<unsigned> position;
  for (auto [i, expr] : llvm::enumerate(map.getResults())) {
    std::optional<int64_t> c = linearCoefficient(expr, dim);
    if (!c || (*c != 0 && (*c != 1 || position)))
      return std::nullopt;
    if (*c == 1)
      position = i;
  }
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!position || failed(type.getStridesAndOffset(strides, offset)) ||
      strides.empty() || strides.back() != 1 ||
      ShapedType::isDynamic(strides[*position]))
    return std::nullopt;
  return strides[*position];
}

/// Inputs read with a step up to this are loaded as one wide vector and
/// shuffled (a strided convolution or pooling window); larger steps are left
/// to the scalar loops.
constexpr int64_t kMaxInputStep = 4;

/// Entries of KernelPlan::loops besides the outer loops' dimensions: the
/// loop over blocks of the vector dimension and the loop over blocks of
/// rows.
constexpr int kVectorBlocks = -1;
constexpr int kRowBlocks = -2;
/// The serial loops over blocks of the reduction (KernelPlan).
constexpr int kReductionBlocks = -3;

/// An input larger than this is kept in cache by the loop order: the loops
/// it depends on go outside those it does not (L1 is 32 to 48 KiB).
constexpr int64_t kReusedInputBytes = 32 * 1024;

/// What the emitter decided for one generic.
struct KernelPlan {
  unsigned lanes = 0;
  unsigned vectorDim = 0;
  std::optional<unsigned> rowDim;
  /// Vectors per row and rows per register tile.
  int64_t vectors = 1;
  int64_t rows = 1;
  SmallVector<int64_t> ranges;
  SmallVector<unsigned> reductionDims;
  /// Per operand (inputs, then the output): whether it depends on the
  /// vector dimension and on the row dimension, and its step along the
  /// vector dimension.
  SmallVector<bool> onVector, onRow;
  SmallVector<int64_t> step;
  /// The output's element stride along the vector dimension when it is
  /// not contiguous there (gathered and scattered), else 0.
  int64_t outputStride = 0;
  bool readsOutput = false;
  /// The op that initializes the output just before (a fill or a bias
  /// broadcast) and the elementwise op that updates it in place just after
  /// (bias, activation, residual add), when they are computed on the
  /// accumulators instead: the output is then written once, never read.
  Operation *init = nullptr;
  linalg::GenericOp epilogue;
  /// An elementwise op after the contraction that reads its output and
  /// writes other buffers (a quantization to 8 bits, KernelEpilogue.h):
  /// computed on the accumulators and stored where it writes; the output
  /// itself is then never written.
  std::optional<aotc::cpu::KernelEpilogue> storedEpilogue;
  /// The loops around the register tile, outermost first: parallel
  /// dimensions other than the vector and row ones, kVectorBlocks and
  /// kRowBlocks.
  SmallVector<int> loops;
  /// The input whose next tile's slice is prefetched, and by how many
  /// elements the prefetched address advances each step.
  std::optional<unsigned> prefetched;
  int64_t prefetchStep = 0;
  /// When not 0, what is prefetched is the next block of vectors' slice of
  /// the input within the kernel (this many elements, right after the
  /// current block's), not the next tile's.
  int64_t prefetchBlockElements = 0;
  /// Reduction blocking (chooseReductionBlocks): the first
  /// `hoistedReductions` reduction loops, then the next one in chunks of
  /// `reductionChunk` iterations when that is not 0, run outside the
  /// register tile, as a serial loop nest at the kReductionBlocks entry of
  /// `loops`; each tile then adds one chunk of the reduction to the output.
  unsigned hoistedReductions = 0;
  int64_t reductionChunk = 0;

  bool blocksReductions() const {
    return hoistedReductions > 0 || reductionChunk > 0;
  }
};

/// How the inputs are read for one choice of vector dimension: the step
/// of each along it (0: broadcast) and whether each depends on the row
/// dimension; and the output's scatter stride (0: contiguous).
struct OperandAccess {
  SmallVector<int64_t> inputSteps;
  SmallVector<bool> onRow;
  /// Per input, the bytes it reads over the reduction loops for one
  /// register row and one lane (the rest of a tile's slice scales with the
  /// rows and lanes it depends on).
  SmallVector<int64_t> reductionBytes;
  /// Per input, whether consecutive register rows read it a cache line or
  /// more apart (or at an unknown distance) while its innermost contiguous
  /// reduction run is shorter than a line: a broadcast streamed from L2
  /// then shares its line with neither another row's nor many more steps'.
  SmallVector<bool> rowsApart;
  /// Per input, whether consecutive register rows read it a multiple of
  /// kL1SetSpanBytes apart: their lines of one step then share an L1 set.
  SmallVector<bool> rowsAlias;
  int64_t outputStride = 0;
};

/// How `extent` register rows are split for tiles of at most `rows` rows:
/// into as few blocks as that allows, as equal as possible (`extra` blocks
/// of `base + 1` rows, then blocks of `base`), rather than full blocks and
/// a small remainder. A remainder tile of 2 rows x 4 vectors holds only the
/// 8 accumulators that hide the FMA latency with nothing to spare: 14-pixel
/// rows as 5 + 5 + 4 instead of 6 + 6 + 2 made ResNet-18's 14x14
/// convolutions 9% faster.
struct RowSplit {
  int64_t blocks, base, extra;
};
RowSplit splitRows(int64_t extent, int64_t rows) {
  int64_t blocks = llvm::divideCeil(extent, rows);
  return {blocks, extent / blocks, extent % blocks};
}

/// The distance in elements between the elements of `type` that `map`
/// reads at consecutive values of loop `dim`, when it is linear in it.
std::optional<int64_t> rowDistance(AffineMap map, MemRefType type,
                                   unsigned dim) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  int64_t distance = 0;
  for (auto [expr, stride] : llvm::zip(map.getResults(), strides)) {
    std::optional<int64_t> c = linearCoefficient(expr, dim);
    if (!c || (*c != 0 && ShapedType::isDynamic(stride)))
      return std::nullopt;
    distance += *c * stride;
  }
  return distance;
}

/// The run of consecutive elements of `type` the reduction loops of `plan`
/// walk through `map` from one element: the loop a step of one element
/// apart, then the loop as far apart as that run, and so on (a 3x3
/// window's columns in 16-float image rows: 3; OIHW weights' window and
/// input channels: all of them; a channel-blocked image's channels: the
/// block).
int64_t contiguousReductionRun(AffineMap map, MemRefType type,
                               const KernelPlan &plan) {
  int64_t run = 1;
  SmallVector<unsigned> left(plan.reductionDims);
  while (true) {
    auto next = llvm::find_if(left, [&](unsigned d) {
      return rowDistance(map, type, d) == std::optional<int64_t>(run);
    });
    if (next == left.end())
      return run;
    run *= plan.ranges[*next];
    left.erase(next);
  }
}

/// A costed choice of vector dimension, row dimension and tile shape.
struct Choice {
  unsigned vectorDim = 0;
  std::optional<unsigned> rowDim;
  int64_t vectors = 1, rows = 1, outputStride = 0;
  double cost = 0;
  /// The largest distance, in elements, between consecutive rows' reads of
  /// an input that each accumulator loads vectors of its own from (a pool's
  /// or a depthwise convolution's image), or -1 when there is none.
  int64_t rowSpread = -1;
};

/// Tiles whose costs are within this factor of each other are told apart
/// by their rows' spread instead (see isBetterTile).
constexpr double kRowSpreadTolerance = 1.05;

/// Whether `a` is a better tile than `b`: the cheaper one, except that when
/// each accumulator of both loads its own vectors and their costs are
/// close, the one whose rows read nearer each other. The model counts the
/// same loads either way, but rows of a window along the image's rows read
/// overlapping input rows, which L1 serves, while rows along its channels
/// read as many separate planes, each a stream from L2 or further
/// (SqueezeNet's 3x3 stride-2 max pool on 64x111x111: 277 -> 177 us with 4
/// image rows x 4 vectors instead of 16 channels x 1 vector).
bool isBetterTile(const Choice &a, const Choice &b) {
  if (a.rowSpread >= 0 && b.rowSpread >= 0 &&
      a.cost <= b.cost * kRowSpreadTolerance &&
      b.cost <= a.cost * kRowSpreadTolerance && a.rowSpread != b.rowSpread)
    return a.rowSpread < b.rowSpread;
  return a.cost < b.cost;
}

/// Reductions shorter than this do not pay for a gathered and scattered
/// output.
constexpr int64_t kMinScatterSteps = 32;

/// A step is never shorter than an FMA's latency (4 cycles) times the two
/// FMAs issued per cycle: with fewer independent accumulators, each waits
/// on its own previous result.
constexpr double kMinStepSlots = 8;

/// Each step also advances its loop and addresses: a fixed cost that favors
/// larger tiles among those the FMAs bound.
constexpr double kStepOverheadSlots = 2;

/// A tile's slice of an input larger than this (most of a 32 to 48 KiB L1)
/// is not reused from L1 across the tile's reduction loops: it streams from
/// L2, which delivers about half as many loads per cycle.
constexpr int64_t kL1SliceBytes = 32 * 1024;
/// What a load from such a slice costs: L2 delivers about one 64-byte line
/// every two cycles (four slots), so a 16-lane vector load, a whole line,
/// costs four and an 8-lane one, half a line, two (AVX2 kernels measured
/// 3% slower on MobileNetV2 costed at four); a broadcast's line serves the
/// next fifteen broadcasts too, unless the rows are a line or more apart:
/// then each row's broadcast is a line of its own (a stride-2 convolution
/// tiled along the columns of 16-float image rows reads one line per step
/// for its 7 rows, along the image rows 7 lines; ResNet-50's
/// layer4.0.conv2 took 2.26 ms the second way).
constexpr double kL2LineSlots = 4;
constexpr double kL2BroadcastSlots = 2;
constexpr int64_t kCacheLineBytes = 64;
/// Addresses this far apart map to the same set of the L1 data cache (64
/// sets of 64-byte lines on the x86-64 cores aotc targets).
constexpr int64_t kL1SetSpanBytes = 4096;

/// The cost, in issue slots, of one reduction step of a `rows x vectors`
/// tile: the FMA (or other body) slots, or the load slots when the loads
/// are more, whichever bounds it (two of each issue per cycle on the
/// x86-64 cores aotc targets), but no less than the latency bound above. A
/// strided input's shuffle takes a vector slot too; loads of an input whose
/// slice for the tile overflows L1 cost more (kL2LineSlots,
/// kL2BroadcastSlots).
double stepCost(const OperandAccess &access, int64_t rows, int64_t vectors,
                int64_t lanes) {
  double compute = double(rows * vectors), loads = 0;
  for (auto [step, onRow, bytes, apart, alias] :
       llvm::zip(access.inputSteps, access.onRow, access.reductionBytes,
                 access.rowsApart, access.rowsAlias)) {
    int64_t count = (onRow ? rows : 1) * (step ? vectors : 1);
    int64_t slice = bytes * (onRow ? rows : 1) *
                    (step ? vectors * lanes * step : 1);
    double overflow =
        step ? std::max(kL2LineSlots * double(lanes * 4) / 64.0,
                        kL2BroadcastSlots)
             : (onRow && rows > 1 && apart ? kL2LineSlots : kL2BroadcastSlots);
    // Broadcasts of rows that alias in L1 (a batch's images, each a
    // multiple of 4 KiB) compete for one set's ways, together with the
    // reduction's other lines in the few sets its steps reach: they come
    // from L2 whatever the slice (GoogLeNet's 14x14 1x1 convolutions of a
    // batch of 8 tiled along the batch ran at an eighth of their speed
    // tiled along the image rows).
    bool aliasing = !step && onRow && rows > 1 && alias;
    loads += double(count) *
             (slice > kL1SliceBytes || aliasing ? overflow : 1);
    if (step > 1)
      compute += count;
  }
  return std::max({compute, loads, kMinStepSlots}) + kStepOverheadSlots;
}

/// The best tile for vector dimension `v` and row dimension `r` (none:
/// one row): every shape whose accumulators fit in three quarters of the
/// registers and, with the vectors all its rows share and a broadcast, in
/// all of them, costed over all its tiles and remainders (the reduction steps
/// of each tile, plus loading and storing its accumulators, a gather and a
/// scatter costing a slot per lane).
/// The most accumulators of a tile in which each loads its own input
/// vector every step.
constexpr int64_t kMaxLoadingAccumulators = 16;

Choice chooseTile(const KernelPlan &plan, const OperandAccess &access,
                  unsigned v, std::optional<unsigned> r, int64_t steps,
                  unsigned registers) {
  int64_t perRow = llvm::divideCeil(plan.ranges[v], plan.lanes);
  int64_t rowExtent = r ? plan.ranges[*r] : 1;
  int64_t outer = 1;
  for (unsigned d = 0; d < plan.ranges.size(); ++d)
    if (d != v && d != r && !llvm::is_contained(plan.reductionDims, d))
      outer *= plan.ranges[d];
  int64_t budget = std::max<int64_t>(registers * 3 / 4, 2);
  if (plan.reductionDims.empty())
    budget = 4; // nothing to carry: a few independent vectors per step
  double accessCost = access.outputStride ? double(plan.lanes) : 1.0;
  // The vectors of an input that every row of the tile reads stay in
  // registers across the rows, next to the accumulators and a broadcast.
  // A strided one is two loads shuffled together with a constant
  // permutation: a second vector each, and the permutation's register
  // (wav2vec2's stride-2 convolutions spilled 6x4 tiles on AVX-512).
  int64_t sharedInputs = 0, shuffleRegisters = 0;
  bool loadPerAccumulator = false;
  for (auto [step, onRow] : llvm::zip(access.inputSteps, access.onRow)) {
    if (step && !onRow) {
      ++sharedInputs;
      if (step > 1)
        shuffleRegisters = 1;
    }
    if (step > 1 && !onRow)
      ++sharedInputs;
    loadPerAccumulator |= step && onRow;
  }
  // Every accumulator loading a vector of its own each step (a depthwise
  // convolution or a pool on blocked channels): LLVM schedules those loads
  // early over the unrolled taps, and more than 16 accumulators spilled
  // (MobileNetV2's 112-pixel rows: 23 rows of one vector, 2.6x slower).
  if (loadPerAccumulator)
    budget = std::min<int64_t>(budget, kMaxLoadingAccumulators);
  Choice best;
  best.cost = -1;
  for (int64_t vectors = 1; vectors <= std::min(perRow, budget); ++vectors) {
    for (int64_t rows = 1; rows <= std::min(rowExtent, budget / vectors);
         ++rows) {
      if (!plan.reductionDims.empty() && rows > 1 &&
          rows * vectors + sharedInputs * vectors + 1 + shuffleRegisters >
              int64_t(registers))
        break;
      double cost = 0;
      auto addTiles = [&](int64_t count, int64_t tileRows,
                          int64_t tileVectors) {
        if (count == 0 || tileRows == 0 || tileVectors == 0)
          return;
        double accumulators = double(tileRows * tileVectors);
        cost += double(count) *
                (double(steps) * stepCost(access, tileRows, tileVectors, plan.lanes) +
                 (plan.readsOutput ? 2 : 1) * accessCost * accumulators);
      };
      for (auto [vCount, vSize] :
           {std::pair(perRow / vectors, vectors),
            std::pair<int64_t, int64_t>(perRow % vectors ? 1 : 0,
                                        perRow % vectors)}) {
        RowSplit split = splitRows(rowExtent, rows);
        addTiles(vCount * split.extra, split.base + 1, vSize);
        addTiles(vCount * (split.blocks - split.extra), split.base, vSize);
      }
      cost *= double(outer);
      if (best.cost < 0 || cost < best.cost) {
        best.cost = cost;
        best.vectors = vectors;
        best.rows = rows;
      }
    }
  }
  best.vectorDim = v;
  best.rowDim = r;
  best.outputStride = access.outputStride;
  return best;
}

/// The loops around the register tile. By default the outer parallel
/// dimensions in order, then the vector blocks, then the row blocks. In a
/// contraction whose largest input does not fit L1 (a convolution's
/// weights), the loops that input depends on go first, so that each slice
/// of it is reused from cache by every iteration of the loops inside
/// instead of streamed again for each (with the row blocks outermost, a
/// block of output channels' weights serves every output row).
SmallVector<int> orderLoops(linalg::GenericOp generic, const KernelPlan &plan) {
  SmallVector<int> loops;
  for (unsigned d = 0; d < plan.ranges.size(); ++d)
    if (d != plan.vectorDim && d != plan.rowDim && plan.ranges[d] > 1 &&
        !llvm::is_contained(plan.reductionDims, d))
      loops.push_back(d);
  loops.push_back(kVectorBlocks);
  if (plan.rowDim)
    loops.push_back(kRowBlocks);
  if (plan.reductionDims.empty())
    return loops;
  OpOperand *largest = nullptr;
  int64_t largestBytes = 0;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    auto type = cast<MemRefType>(input->get().getType());
    int64_t bytes = type.getNumElements() * 4;
    if (bytes > largestBytes) {
      largest = input;
      largestBytes = bytes;
    }
  }
  if (largestBytes <= kReusedInputBytes)
    return loops;
  AffineMap map = generic.getMatchingIndexingMap(largest);
  auto dependsOn = [&](int loop) {
    unsigned d = loop == kVectorBlocks ? plan.vectorDim
                 : loop == kRowBlocks  ? *plan.rowDim
                                       : unsigned(loop);
    return map.isFunctionOfDim(d);
  };
  std::stable_partition(loops.begin(), loops.end(), dependsOn);
  return loops;
}

/// The iterations of loop `loop` of `plan.loops`.
int64_t loopTrips(const KernelPlan &plan, int loop) {
  if (loop == kVectorBlocks)
    return llvm::divideCeil(plan.ranges[plan.vectorDim],
                            plan.vectors * plan.lanes);
  if (loop == kRowBlocks)
    return llvm::divideCeil(plan.ranges[*plan.rowDim], plan.rows);
  return plan.ranges[loop];
}

/// A tile's slice of the weights for one block of the reduction, at most
/// this: it stays in L1 (with the image's lines) while the tiles of the
/// loops inside the block loop reuse it.
constexpr int64_t kReductionBlockBytes = 16 * 1024;
/// Reductions are blocked only when a tile's slice of the weights is larger
/// than this: smaller ones stay in L2 from one tile to the next (half of
/// a 2 MiB L2, next to the image), and streaming them from there with the
/// tiles' prefetches ran as fast as reloading blocked accumulators
/// (ResNet's 256-channel 3x3 convolutions, 590 KB a tile, 2-5% slower
/// blocked).
constexpr int64_t kBlockedSliceBytes = 1024 * 1024;
/// Each tile of a blocked reduction loads and stores its accumulators once
/// per block: a block is at least this many steps, so that this stays a
/// few percent of the FMAs.
constexpr int64_t kMinReductionBlockSteps = 32;
/// The tiles that reuse one block's slice of the weights at least this
/// many (the innermost loops outside the tile, as few as reach it).
constexpr int64_t kMinReductionBlockReuse = 4;

/// Blocks the reduction of a contraction whose largest input's slice for
/// one register tile, over the whole reduction, overflows L1 (a deep
/// convolution's weights for a block of output channels: 1.2 MB for 512
/// input channels x 3x3 x 64 output channels), when several tiles of the
/// loops inside read the same slice (the blocks of pixels of an output
/// row): the leading reduction loops, and the next one in chunks, move
/// outside those tiles, so that each block's slice of the weights (at most
/// kReductionBlockBytes) is read from L1 by every tile instead of streamed
/// from L2 or further by each. The tiles add their block of the reduction
/// to the output (the fused initialization on the first block, the
/// epilogue on the last); the terms are added in the same order as before.
/// The block loops sit inside the outer parallel loops, which are shared
/// out as before.
void chooseReductionBlocks(linalg::GenericOp generic, KernelPlan &plan) {
  if (plan.reductionDims.empty() || !plan.readsOutput || plan.outputStride)
    return;
  OpOperand *largest = nullptr;
  int64_t largestBytes = 0;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    auto type = cast<MemRefType>(input->get().getType());
    int64_t bytes =
        type.getNumElements() * type.getElementTypeBitWidth() / 8;
    if (bytes > largestBytes) {
      largest = input;
      largestBytes = bytes;
    }
  }
  if (!largest || largestBytes <= kReusedInputBytes)
    return;
  AffineMap map = generic.getMatchingIndexingMap(largest);
  unsigned n = largest->getOperandNumber();
  auto dependsOn = [&](int loop) {
    unsigned d = loop == kVectorBlocks ? plan.vectorDim
                 : loop == kRowBlocks  ? *plan.rowDim
                                       : unsigned(loop);
    return map.isFunctionOfDim(d);
  };
  // The innermost loops outside the tile that do not move the slice, as
  // few as give it enough reuse; never all of them, so that the parallel
  // loops around stay the kernel's outermost.
  unsigned level = plan.loops.size();
  int64_t reuse = 1;
  while (level > 1 && reuse < kMinReductionBlockReuse &&
         !dependsOn(plan.loops[level - 1]))
    reuse *= loopTrips(plan, plan.loops[--level]);
  if (reuse < 2)
    return;
  // The serial block loops must not become the kernel's outermost loop,
  // which NAME_run_parallel would then run on one thread: a parallel loop
  // of more than one iteration stays outside them, here or around the
  // generic (a tile of aotc-tile-and-fuse).
  int64_t outside = 1;
  for (int loop : ArrayRef<int>(plan.loops).take_front(level))
    outside *= loopTrips(plan, loop);
  bool inParallelLoop = false;
  for (Operation *parent = generic->getParentOp(); parent;
       parent = parent->getParentOp())
    inParallelLoop |= aotc::isMarkedParallel(parent);
  if (outside < 2 && !inParallelLoop)
    return;
  // The slice's bytes per reduction step, and over the loops from `k` on.
  auto type = cast<MemRefType>(largest->get().getType());
  int64_t stepBytes = type.getElementTypeBitWidth() / 8 *
                      (plan.onVector[n] ? plan.vectors * plan.lanes : 1) *
                      (plan.onRow[n] ? plan.rows : 1);
  unsigned count = plan.reductionDims.size();
  SmallVector<int64_t> sliceFrom(count + 1, stepBytes), stepsFrom(count + 1, 1);
  for (unsigned k = count; k-- > 0;) {
    unsigned d = plan.reductionDims[k];
    sliceFrom[k] = sliceFrom[k + 1] * (map.isFunctionOfDim(d) ? plan.ranges[d] : 1);
    stepsFrom[k] = stepsFrom[k + 1] * plan.ranges[d];
  }
  if (sliceFrom[0] <= kBlockedSliceBytes)
    return;
  // The fewest leading loops to hoist, then the largest chunk of the next
  // (a divisor of its range) that the block's slice allows.
  unsigned k = 0;
  while (k < count && sliceFrom[k] > kReductionBlockBytes)
    ++k;
  if (sliceFrom[k] > kReductionBlockBytes)
    return;
  unsigned split = k - 1;
  unsigned d = plan.reductionDims[split];
  int64_t chunk = 1;
  if (map.isFunctionOfDim(d))
    for (int64_t c = plan.ranges[d] - 1; c > 1; --c)
      if (plan.ranges[d] % c == 0 && c * sliceFrom[k] <= kReductionBlockBytes) {
        chunk = c;
        break;
      }
  if (chunk * stepsFrom[k] < kMinReductionBlockSteps)
    return;
  plan.hoistedReductions = chunk > 1 ? split : split + 1;
  plan.reductionChunk = chunk > 1 ? chunk : 0;
  plan.loops.insert(plan.loops.begin() + level, kReductionBlocks);
}

/// The enclosing tile loop whose next iteration reads another slice of
/// `view`, and the ops inside it that compute `view` from its induction
/// variable (a subview at offsets of it), in order; none when `view` does
/// not change from one tile to the next, or is not a subview.
std::optional<std::pair<scf::ForOp, SmallVector<Operation *>>>
nextTileSlice(linalg::GenericOp generic, Value view) {
  auto subview = view.getDefiningOp<memref::SubViewOp>();
  if (!subview)
    return std::nullopt;
  for (auto loop = generic->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    Value iv = loop.getInductionVar();
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.filter = [&](Operation *op) {
      return loop->isProperAncestor(op);
    };
    options.inclusive = true;
    if (failed(getBackwardSlice(subview.getOperation(), &slice, options)))
      return std::nullopt;
    bool usesIv = false, pure = true;
    for (Operation *op : slice) {
      usesIv |= llvm::is_contained(op->getOperands(), iv);
      pure &= isPure(op) || isa<memref::SubViewOp>(op);
    }
    if (!pure)
      return std::nullopt;
    if (usesIv)
      return std::pair(loop, SmallVector<Operation *>(slice.begin(), slice.end()));
  }
  return std::nullopt;
}

/// The f32 elements of a 64-byte cache line, and the most lines one
/// reduction step prefetches.
constexpr int64_t kLineFloats = 16;
constexpr int64_t kMaxPrefetchLines = 4;

/// Prefetches the next tile's slice of the largest input the register
/// rows share (a matmul's panel of B, a convolution's weights) when it
/// overflows L1 and the tile loop around the generic moves it: see
/// Passes.td. The slice is read as one contiguous range, `prefetchStep`
/// elements further each reduction step of each tile.
/// The elements of `input`'s slice for one block of vectors, when the
/// blocks' slices follow each other in memory: a contiguous input whose
/// outermost index is the vector dimension in blocks of `L` (channel-blocked
/// weights `[co floordiv L, ..., co mod L]`) that divide a block of vectors.
std::optional<int64_t> vectorBlockSlice(linalg::GenericOp generic,
                                        const KernelPlan &plan,
                                        OpOperand *input) {
  AffineMap map = generic.getMatchingIndexingMap(input);
  auto type = cast<MemRefType>(input->get().getType());
  auto outer = dyn_cast<AffineBinaryOpExpr>(map.getResult(0));
  if (!outer || outer.getKind() != AffineExprKind::FloorDiv ||
      outer.getLHS() != getAffineDimExpr(plan.vectorDim, map.getContext()))
    return std::nullopt;
  auto block = dyn_cast<AffineConstantExpr>(outer.getRHS());
  int64_t vectorBlock = plan.vectors * plan.lanes;
  if (!block || vectorBlock % block.getValue() != 0)
    return std::nullopt;
  for (AffineExpr expr : map.getResults().drop_front().drop_back())
    if (expr.isFunctionOfDim(plan.vectorDim))
      return std::nullopt;
  return vectorBlock / block.getValue() *
         (type.getNumElements() / type.getDimSize(0));
}

void choosePrefetch(linalg::GenericOp generic, KernelPlan &plan) {
  if (plan.reductionDims.empty())
    return;
  OpOperand *shared = nullptr;
  int64_t sliceBytes = 0;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    unsigned n = input->getOperandNumber();
    if (plan.onRow[n] || !plan.onVector[n])
      continue;
    int64_t bytes = cast<MemRefType>(input->get().getType()).getNumElements() * 4;
    if (bytes > sliceBytes) {
      shared = input;
      sliceBytes = bytes;
    }
  }
  if (!shared || sliceBytes <= kL1SliceBytes)
    return;
  auto type = cast<MemRefType>(shared->get().getType());
  if (!memref::isStaticShapeAndContiguousRowMajor(type))
    return;
  int64_t elements = type.getNumElements();
  int64_t tiles = 1;
  if (nextTileSlice(generic, shared->get())) {
    for (int loop : plan.loops)
      tiles *= loopTrips(plan, loop);
  } else if (std::optional<int64_t> slice =
                 vectorBlockSlice(generic, plan, shared)) {
    // Not a tile of a loop: the next block of vectors' slice, during the
    // tiles inside the loop over blocks, when they are several (each
    // reads the slice again; the first waits for it).
    auto blocks = llvm::find(plan.loops, kVectorBlocks);
    if (blocks == plan.loops.end() || loopTrips(plan, kVectorBlocks) < 2)
      return;
    for (int loop : llvm::make_range(std::next(blocks), plan.loops.end()))
      tiles *= loopTrips(plan, loop);
    if (tiles < 2)
      return;
    elements = *slice;
    plan.prefetchBlockElements = *slice;
  } else {
    return;
  }
  int64_t steps = 1;
  for (unsigned d : plan.reductionDims)
    steps *= plan.ranges[d];
  // A step prefetches at most a few lines: a kernel with fewer steps than
  // that per line of its weights is bound by their bandwidth, which the
  // hardware prefetchers already follow.
  int64_t step = llvm::divideCeil(elements, tiles * steps);
  if (step > kMaxPrefetchLines * kLineFloats)
    return;
  plan.prefetched = shared->getOperandNumber();
  plan.prefetchStep = step;
}

/// The element types a kernel computes on: f32 results of f32 and 8-bit
/// inputs (a depthwise convolution reading a quantized image,
/// aotc-cpu-quantized-depthwise-inputs: its bytes converted in registers),
/// or i32 results of i32 and 8-bit inputs (an integer matmul's `acc +
/// ext(a) * ext(b)`, without AVX-512 VNNI: vpmulld and vpaddd on sign- or
/// zero-extended bytes, where scalar loops ran bert_mini_int8's matmuls 3x
/// slower than onnxruntime).
bool hasKernelElementTypes(linalg::GenericOp generic) {
  auto elementOf = [](Value value) -> Type {
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!type || !type.hasStaticShape())
      return nullptr;
    return type.getElementType();
  };
  Type out = elementOf(generic.getDpsInitOperand(0)->get());
  if (!out || !(out.isF32() || out.isSignlessInteger(32)))
    return false;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    Type type = elementOf(input->get());
    if (!type)
      return false;
    if (!(type.isSignlessInteger(8) ||
          (out.isF32() ? type.isF32() : type.isSignlessInteger(32))))
      return false;
  }
  return true;
}

std::optional<KernelPlan> planKernel(linalg::GenericOp generic,
                                     unsigned vectorBits, unsigned registers,
                                     bool prefetch, bool blockReductions) {
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1 ||
      generic.hasIndexSemantics())
    return std::nullopt;
  if (!hasKernelElementTypes(generic))
    return std::nullopt;
  if (!hasVectorizableBody(generic))
    return std::nullopt;

  KernelPlan plan;
  plan.lanes = vectorBits / 32;
  plan.ranges = generic.getStaticLoopRanges();
  if (llvm::any_of(plan.ranges,
                   [](int64_t r) { return r <= 0 || ShapedType::isDynamic(r); }))
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  for (auto [d, it] : llvm::enumerate(iterators))
    if (it == utils::IteratorType::reduction)
      plan.reductionDims.push_back(d);
  OpOperand *out = generic.getDpsInitOperand(0);
  AffineMap outMap = generic.getMatchingIndexingMap(out);
  for (unsigned d : plan.reductionDims)
    if (outMap.isFunctionOfDim(d))
      return std::nullopt;
  plan.readsOutput = !generic.getMatchingBlockArgument(out).use_empty();
  if (!plan.reductionDims.empty() && !plan.readsOutput)
    return std::nullopt;

  // Every vector dimension the memory allows, every row dimension and
  // every tile shape that fits the registers is costed; the cheapest wins.
  int64_t steps = 1;
  for (unsigned r : plan.reductionDims)
    steps *= plan.ranges[r];
  auto outType = cast<MemRefType>(out->get().getType());
  std::optional<Choice> best;
  for (unsigned v = 0; v < iterators.size(); ++v) {
    if (iterators[v] != utils::IteratorType::parallel)
      continue;
    OperandAccess access;
    access.outputStride = 0;
    if (stepAlong(outMap, outType, v) != std::optional<int64_t>(1)) {
      // Only a long reduction pays for a gather and a scatter per tile.
      std::optional<int64_t> stride = scatterStride(outMap, outType, v);
      if (!stride || steps < kMinScatterSteps)
        continue;
      access.outputStride = *stride;
    }
    bool ok = true;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      std::optional<int64_t> step =
          stepAlong(generic.getMatchingIndexingMap(input),
                    cast<MemRefType>(input->get().getType()), v, plan.lanes);
      ok &= step && *step <= kMaxInputStep;
      if (ok)
        access.inputSteps.push_back(*step);
    }
    if (!ok)
      continue;
    SmallVector<std::optional<unsigned>> rowDims = {std::nullopt};
    if (!plan.reductionDims.empty())
      for (unsigned r = 0; r < iterators.size(); ++r)
        if (iterators[r] == utils::IteratorType::parallel && r != v &&
            plan.ranges[r] > 1)
          rowDims.push_back(r);
    access.reductionBytes.clear();
    for (OpOperand *input : generic.getDpsInputOperands()) {
      AffineMap map = generic.getMatchingIndexingMap(input);
      int64_t bytes = 4;
      for (unsigned d : plan.reductionDims)
        if (map.isFunctionOfDim(d))
          bytes *= plan.ranges[d];
      access.reductionBytes.push_back(bytes);
    }
    for (std::optional<unsigned> r : rowDims) {
      access.onRow.clear();
      access.rowsApart.clear();
      access.rowsAlias.clear();
      for (OpOperand *input : generic.getDpsInputOperands()) {
        AffineMap map = generic.getMatchingIndexingMap(input);
        access.onRow.push_back(r && map.isFunctionOfDim(*r));
        std::optional<int64_t> distance =
            r ? rowDistance(map, cast<MemRefType>(input->get().getType()), *r)
              : std::nullopt;
        access.rowsAlias.push_back(distance && *distance != 0 &&
                                   (*distance * 4) % kL1SetSpanBytes == 0);
        access.rowsApart.push_back(
            (!distance || std::abs(*distance) * 4 >= kCacheLineBytes) &&
            contiguousReductionRun(map, cast<MemRefType>(input->get().getType()),
                                   plan) *
                    4 <
                kCacheLineBytes);
      }
      Choice choice = chooseTile(plan, access, v, r, steps, registers);
      // How far apart consecutive rows read the inputs that every
      // accumulator loads a vector of its own from.
      choice.rowSpread = -1;
      for (auto [i, input] : llvm::enumerate(generic.getDpsInputOperands())) {
        if (!r || !access.inputSteps[i] || !access.onRow[i])
          continue;
        std::optional<int64_t> distance =
            rowDistance(generic.getMatchingIndexingMap(input),
                        cast<MemRefType>(input->get().getType()), *r);
        choice.rowSpread = std::max(
            choice.rowSpread,
            distance ? std::abs(*distance) : std::numeric_limits<int64_t>::max());
      }
      if (!best || isBetterTile(choice, *best))
        best = choice;
    }
  }
  if (!best)
    return std::nullopt;
  plan.vectorDim = best->vectorDim;
  plan.rowDim = best->rowDim;
  plan.vectors = best->vectors;
  plan.rows = best->rows;
  plan.outputStride = best->outputStride;
  for (OpOperand &operand : generic->getOpOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    plan.onVector.push_back(map.isFunctionOfDim(plan.vectorDim));
    plan.onRow.push_back(plan.rowDim && map.isFunctionOfDim(*plan.rowDim));
    plan.step.push_back(
        stepAlong(map, cast<MemRefType>(operand.get().getType()),
                  plan.vectorDim, plan.lanes)
            .value_or(0));
  }
  plan.loops = orderLoops(generic, plan);
  if (blockReductions)
    chooseReductionBlocks(generic, plan);
  if (prefetch && !plan.blocksReductions())
    choosePrefetch(generic, plan);
  return plan;
}

/// Whether `op`, an elementwise generic on buffers writing `out` through
/// the identity map, can be evaluated on a tile of the accumulators: f32
/// static inputs read along the output's dimension `vectorPosition`
/// contiguously or not at all, and a vectorizable body.
bool isFusableElementwise(linalg::GenericOp op, Value out,
                          unsigned vectorPosition) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getDpsInitOperand(0)->get() != out || op.hasIndexSemantics() ||
      op.getNumReductionLoops() != 0 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(input->get().getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
      return false;
    // The output's own buffer is read as the tile's value, which must be
    // the element the op writes.
    if (input->get() == out && !op.getMatchingIndexingMap(input).isIdentity())
      return false;
    std::optional<int64_t> step =
        stepAlong(op.getMatchingIndexingMap(input), type, vectorPosition);
    if (!step || *step > 1)
      return false;
  }
  return hasVectorizableBody(op);
}

/// Finds the initialization before and the epilogue after a planned
/// contraction that the register tile can compute itself.
void findFusableNeighbors(linalg::GenericOp generic, KernelPlan &plan) {
  if (plan.reductionDims.empty() || !plan.readsOutput)
    return;
  Value out = generic.getDpsInitOperand(0)->get();
  AffineMap outMap = generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  std::optional<unsigned> position = outMap.getResultPosition(
      getAffineDimExpr(plan.vectorDim, generic.getContext()));
  if (!position)
    return;
  if (Operation *prev = generic->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev)) {
      if (fill.hasPureBufferSemantics() && fill.getOutputs()[0] == out &&
          fill.getInputs()[0].getType().isF32())
        plan.init = fill;
    } else if (auto init = dyn_cast<linalg::GenericOp>(prev)) {
      if (isFusableElementwise(init, out, *position) &&
          generic.getMatchingBlockArgument(init.getDpsInitOperand(0))
              .getType()
              .isF32() &&
          init.getMatchingBlockArgument(init.getDpsInitOperand(0)).use_empty())
        plan.init = init;
    }
  }
  if (auto next = dyn_cast_or_null<linalg::GenericOp>(generic->getNextNode()))
    if (isFusableElementwise(next, out, *position))
      plan.epilogue = next;
  // Otherwise an epilogue into other buffers, when the vectors run along
  // the output's contiguous last dimension (each vector one row's
  // columns) and the tiles write the whole sum at once.
  auto outType = dyn_cast<MemRefType>(out.getType());
  if (!plan.epilogue && !plan.blocksReductions() && !plan.outputStride &&
      outType && *position + 1 == outType.getRank())
    plan.storedEpilogue = aotc::cpu::matchKernelEpilogue(generic);
}

/// Emits the loops and register tiles of one planned generic.
class KernelEmitter {
  struct TileShape {
    int64_t vectors = 1, lastLanes = 1, rows = 1;
  };

public:
  KernelEmitter(linalg::GenericOp generic, const KernelPlan &plan)
      : generic(generic), plan(plan), loc(generic.getLoc()),
        vb(generic.getLoc(), plan.lanes) {}

  /// The vector of `memref`'s elements: one lane per output element.
  VectorType vectorOfMemRef(Value memref) const {
    return VectorType::get({plan.lanes},
                           cast<MemRefType>(memref.getType()).getElementType());
  }

  /// A constant vector of zeros of `type` (masked lanes' filler).
  Value zeros(OpBuilder &b, VectorType type) const {
    return arith::ConstantOp::create(b, loc, type,
                                     cast<TypedAttr>(b.getZeroAttr(type)));
  }

  void emit(OpBuilder &b) {
    if (plan.prefetched && plan.prefetchBlockElements) {
      Value view = generic->getOperand(*plan.prefetched);
      auto type = cast<MemRefType>(view.getType());
      ReassociationIndices all =
          llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
      flatPrefetched = memref::CollapseShapeOp::create(
          b, loc, view, ArrayRef<ReassociationIndices>{all});
    } else if (plan.prefetched) {
      // The same view at the next iteration of the tile loop (the last
      // iteration's own).
      Value view = generic->getOperand(*plan.prefetched);
      auto [loop, ops] = *nextTileSlice(generic, view);
      Value iv = loop.getInductionVar();
      Value next = arith::AddIOp::create(b, loc, iv, loop.getStep());
      Value last = arith::SubIOp::create(b, loc, loop.getUpperBound(),
                                         loop.getStep());
      next = arith::MinSIOp::create(b, loc, next, last);
      next = arith::MaxSIOp::create(b, loc, next, iv);
      IRMapping mapping;
      mapping.map(iv, next);
      for (Operation *op : ops)
        b.clone(*op, mapping);
      auto type = cast<MemRefType>(view.getType());
      ReassociationIndices all =
          llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
      flatPrefetched = memref::CollapseShapeOp::create(
          b, loc, mapping.lookup(view), ArrayRef<ReassociationIndices>{all});
    }
    SmallVector<OpFoldResult> dims(plan.ranges.size(), b.getIndexAttr(0));
    emitLevel(b, 0, dims, TileShape{plan.vectors, plan.lanes, 1});
  }

private:
  /// The loops of `plan.loops` from `level` inward, then the tile. `shape`
  /// carries what the enclosing block loops decided (a remainder of vectors
  /// or of rows).
  void emitLevel(OpBuilder &b, unsigned level, SmallVector<OpFoldResult> dims,
                 TileShape shape) {
    if (level == plan.loops.size()) {
      emitTile(b, dims, shape);
      return;
    }
    int loop = plan.loops[level];
    if (loop == kReductionBlocks) {
      emitReductionBlocks(b, level, 0, dims, shape, Value(), Value());
      return;
    }
    if (loop >= 0) {
      forLoop(b, 0, plan.ranges[loop], 1, [&](OpBuilder &nb, Value iv) {
        SmallVector<OpFoldResult> inner = dims;
        inner[loop] = iv;
        emitLevel(nb, level + 1, inner, shape);
      });
      return;
    }
    bool vectorBlocks = loop == kVectorBlocks;
    if (!vectorBlocks) {
      emitRowBlocks(b, level, dims, shape);
      return;
    }
    unsigned d = vectorBlocks ? plan.vectorDim : *plan.rowDim;
    int64_t block = vectorBlocks ? plan.vectors * plan.lanes : plan.rows;
    int64_t extent = plan.ranges[d];
    int64_t full = extent / block * block;
    auto blockShape = [&](int64_t size) {
      TileShape result = shape;
      if (!vectorBlocks) {
        result.rows = size;
      } else {
        result.vectors = llvm::divideCeil(size, plan.lanes);
        result.lastLanes = size - (result.vectors - 1) * plan.lanes;
      }
      return result;
    };
    if (full == block) {
      dims[d] = b.getIndexAttr(0);
      emitLevel(b, level + 1, dims, blockShape(block));
    } else if (full > 0) {
      forLoop(b, 0, full, block, [&](OpBuilder &nb, Value iv) {
        SmallVector<OpFoldResult> inner = dims;
        inner[d] = iv;
        emitLevel(nb, level + 1, inner, blockShape(block));
      });
    }
    if (int64_t rest = extent - full) {
      dims[d] = b.getIndexAttr(full);
      emitLevel(b, level + 1, dims, blockShape(rest));
    }
  }

  /// The serial loops over blocks of the reduction (the hoisted reduction
  /// loops, then the chunks of the next one), from the `index`th inward,
  /// then the levels inside. `first` and `last` say whether the enclosing
  /// block loops are all at their first (last) block.
  void emitReductionBlocks(OpBuilder &b, unsigned level, unsigned index,
                           SmallVector<OpFoldResult> dims, TileShape shape,
                           Value first, Value last) {
    unsigned blocked = plan.hoistedReductions + (plan.reductionChunk ? 1 : 0);
    if (index == blocked) {
      firstBlock = first;
      lastBlock = last;
      emitLevel(b, level + 1, dims, shape);
      firstBlock = lastBlock = Value();
      return;
    }
    unsigned d = plan.reductionDims[index];
    int64_t step = index < plan.hoistedReductions ? 1 : plan.reductionChunk;
    int64_t lastStart = plan.ranges[d] - step;
    vb.forLoop(b, 0, plan.ranges[d], step, ValueRange{},
               [&](OpBuilder &nb, Value iv, ValueRange) {
                 auto is = [&](int64_t value, Value outer) {
                   Value here = arith::CmpIOp::create(
                       nb, loc, arith::CmpIPredicate::eq, iv,
                       arith::ConstantIndexOp::create(nb, loc, value));
                   return outer ? arith::AndIOp::create(nb, loc, outer, here)
                                      .getResult()
                                : here;
                 };
                 SmallVector<OpFoldResult> inner = dims;
                 inner[d] = iv;
                 emitReductionBlocks(nb, level, index + 1, inner, shape,
                                     is(0, first), is(lastStart, last));
                 return SmallVector<Value>{};
               });
  }

  /// The blocks of register rows (see splitRows), then the levels inside.
  void emitRowBlocks(OpBuilder &b, unsigned level,
                     SmallVector<OpFoldResult> dims, TileShape shape) {
    unsigned d = *plan.rowDim;
    RowSplit split = splitRows(plan.ranges[d], plan.rows);
    auto emitBlocks = [&](int64_t lb, int64_t ub, int64_t size) {
      TileShape blockShape = shape;
      blockShape.rows = size;
      if (ub - lb == size) {
        dims[d] = b.getIndexAttr(lb);
        emitLevel(b, level + 1, dims, blockShape);
      } else if (ub > lb) {
        forLoop(b, lb, ub, size, [&](OpBuilder &nb, Value iv) {
          SmallVector<OpFoldResult> inner = dims;
          inner[d] = iv;
          emitLevel(nb, level + 1, inner, blockShape);
        });
      }
    };
    int64_t large = split.extra * (split.base + 1);
    if (split.extra == 0 || split.extra == split.blocks) {
      emitBlocks(0, large, split.base + 1);
      emitBlocks(large, plan.ranges[d], split.base);
      return;
    }
    // Blocks of both sizes: one loop over all of them, block k starting at
    // row k * base + min(k, extra), the first `extra` a row larger. As one
    // loop rather than two, aotc-cpu-parallelize-kernels can share its
    // iterations out with those of the loops around it (a 7x7 image's 49
    // rows in 4 blocks of 6 and 5 of 5, by 5 tiles of output channels: 45
    // tasks, where 5 tasks split 3:2 between 2 workers).
    forLoop(b, 0, split.blocks, 1, [&](OpBuilder &nb, Value k) {
      AffineExpr block = nb.getAffineDimExpr(0);
      Value row = affine::AffineMinOp::create(
          nb, loc,
          AffineMap::get(1, 0,
                         {block * (split.base + 1),
                          block * split.base + split.extra},
                         nb.getContext()),
          ValueRange{k});
      Value isLarge = arith::CmpIOp::create(
          nb, loc, arith::CmpIPredicate::slt, k,
          arith::ConstantIndexOp::create(nb, loc, split.extra));
      auto branch = scf::IfOp::create(nb, loc, TypeRange{}, isLarge,
                                      /*withElseRegion=*/true);
      SmallVector<OpFoldResult> inner = dims;
      inner[d] = row;
      for (auto [block, size] :
           {std::pair(&branch.getThenRegion().front(), split.base + 1),
            std::pair(&branch.getElseRegion().front(), split.base)}) {
        OpBuilder bb = OpBuilder::atBlockTerminator(block);
        TileShape blockShape = shape;
        blockShape.rows = size;
        emitLevel(bb, level + 1, inner, blockShape);
      }
    });
  }

  /// One register tile at `dims` (the tile's first row and vector).
  void emitTile(OpBuilder &b, ArrayRef<OpFoldResult> dims,
                const TileShape &shape) {
    tile = shape;
    int64_t rows = tile.rows, vectors = tile.vectors;
    auto initialValues = [&](OpBuilder &ib, bool partial) {
      SmallVector<Value> values;
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < vectors; ++j) {
          SmallVector<OpFoldResult> at = elementDims(ib, dims, i, j);
          values.push_back(partial ? readOperand(ib, *generic.getDpsInitOperand(0),
                                                 at, j)
                                   : initialValue(ib, at, j));
        }
      return values;
    };
    SmallVector<Value> acc;
    if (plan.readsOutput && firstBlock && plan.init) {
      // A block of the reduction after the first continues from the
      // partial sums the previous one stored.
      SmallVector<Type> types(rows * vectors);
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < vectors; ++j)
          types[i * vectors + j] =
              vectorOfMemRef(generic.getDpsInitOperand(0)->get());
      auto branch = scf::IfOp::create(b, loc, types, firstBlock,
                                      /*withElseRegion=*/true);
      for (auto [region, partial] : {std::pair(&branch.getThenRegion(), false),
                                     std::pair(&branch.getElseRegion(), true)}) {
        OpBuilder bb = OpBuilder::atBlockEnd(&region->front());
        scf::YieldOp::create(bb, loc, initialValues(bb, partial));
      }
      acc = llvm::to_vector(llvm::map_range(
          branch.getResults(), [](OpResult r) { return Value(r); }));
    } else if (plan.readsOutput) {
      acc = initialValues(b, /*partial=*/false);
    }
    SmallVector<OpFoldResult> reductionDims(dims.begin(), dims.end());
    SmallVector<Value> results = emitReductions(b, 0, reductionDims, acc);
    auto store = [&](OpBuilder &sb, bool epilogue) {
      for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < vectors; ++j) {
          Value result = results[i * vectors + j];
          SmallVector<OpFoldResult> at = elementDims(sb, dims, i, j);
          if (plan.storedEpilogue) {
            SmallVector<Value> where = getValueOrCreateConstantIndexOp(
                sb, loc, outputIndices(sb, at));
            Value column = where.pop_back_val();
            aotc::cpu::emitKernelEpilogue(sb, loc, *plan.storedEpilogue,
                                          result, where, column, plan.lanes);
            continue;
          }
          if (epilogue && plan.epilogue)
            result = evaluateOnTile(sb, plan.epilogue, outputIndices(sb, at),
                                    j, result);
          writeOutput(sb, result, at, j);
        }
      }
    };
    if (!lastBlock || !plan.epilogue) {
      store(b, /*epilogue=*/true);
      return;
    }
    // Only the last block of the reduction has the whole sum to finish.
    auto branch = scf::IfOp::create(b, loc, TypeRange{}, lastBlock,
                                    /*withElseRegion=*/true);
    OpBuilder tb = OpBuilder::atBlockTerminator(&branch.getThenRegion().front());
    store(tb, /*epilogue=*/true);
    OpBuilder eb = OpBuilder::atBlockTerminator(&branch.getElseRegion().front());
    store(eb, /*epilogue=*/false);
  }

  /// The accumulator of the tile element at `at` before the reduction: what
  /// the fused initialization computes, else the output's value.
  Value initialValue(OpBuilder &b, ArrayRef<OpFoldResult> at, int64_t j) {
    if (auto fill = dyn_cast_or_null<linalg::FillOp>(plan.init))
      return broadcast(b, fill.getInputs()[0]);
    if (auto init = dyn_cast_or_null<linalg::GenericOp>(plan.init))
      return evaluateOnTile(b, init, outputIndices(b, at), j, Value());
    return readOperand(b, *generic.getDpsInitOperand(0), at, j);
  }

  /// The output's indices of the tile element at loop values `at`.
  SmallVector<OpFoldResult> outputIndices(OpBuilder &b,
                                          ArrayRef<OpFoldResult> at) {
    return getAsOpFoldResult(indices(b, *generic.getDpsInitOperand(0), at));
  }

  /// Evaluates the elementwise generic `op` (an initialization or an
  /// epilogue of the output) on one vector of the tile, whose first lane is
  /// at output indices `at`; `out` stands for the output's value there.
  Value evaluateOnTile(OpBuilder &b, linalg::GenericOp op,
                       ArrayRef<OpFoldResult> at, int64_t j, Value out) {
    AffineMap outMap =
        generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
    unsigned position = *outMap.getResultPosition(
        getAffineDimExpr(plan.vectorDim, generic.getContext()));
    IRMapping mapping;
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      // An epilogue reading the output's own buffer as an input (in place
      // after bufferization) reads the accumulator: the buffer is not
      // written until after the epilogue.
      if (out && input->get() == op.getDpsInitOperand(0)->get()) {
        mapping.map(op.getMatchingBlockArgument(input), out);
        continue;
      }
      SmallVector<Value> where = vb.apply(b, map, at);
      Value value;
      if (!map.isFunctionOfDim(position))
        value = broadcast(b, memref::LoadOp::create(b, loc, input->get(), where));
      else if (!masked(j))
        value = vector::LoadOp::create(b, loc, vectorOfMemRef(input->get()),
                                       input->get(), where);
      else
        value = vector::MaskedLoadOp::create(
            b, loc, vectorOfMemRef(input->get()), input->get(), where,
            maskFor(b, tile.lastLanes),
            zeros(b, vectorOfMemRef(input->get())));
      mapping.map(op.getMatchingBlockArgument(input), value);
    }
    if (out)
      mapping.map(op.getMatchingBlockArgument(op.getDpsInitOperand(0)), out);
    for (Operation &bodyOp : op.getBody()->without_terminator())
      cloneOnVectors(b, bodyOp, mapping);
    return vectorOf(b, op.getBody()->getTerminator()->getOperand(0), mapping);
  }

  SmallVector<Value> emitReductions(OpBuilder &b, unsigned level,
                                    SmallVector<OpFoldResult> &dims,
                                    ValueRange acc) {
    if (level == plan.reductionDims.size())
      return computeStep(b, dims, acc);
    unsigned d = plan.reductionDims[level];
    // The block loops outside the tile set the hoisted loops' values and
    // the first iteration of the chunked one.
    if (level < plan.hoistedReductions)
      return emitReductions(b, level + 1, dims, acc);
    if (level == plan.hoistedReductions && plan.reductionChunk) {
      Value start = getValueOrCreateConstantIndexOp(b, loc, dims[d]);
      return vb.forLoop(b, 0, plan.reductionChunk, 1, acc,
                        [&](OpBuilder &nb, Value iv, ValueRange iters) {
                          SmallVector<OpFoldResult> inner = dims;
                          inner[d] = arith::AddIOp::create(nb, loc, start, iv)
                                         .getResult();
                          return emitReductions(nb, level + 1, inner, iters);
                        });
    }
    if (plan.ranges[d] == 1) {
      dims[d] = b.getIndexAttr(0);
      return emitReductions(b, level + 1, dims, acc);
    }
    return vb.forLoop(b, 0, plan.ranges[d], 1, acc,
                      [&](OpBuilder &nb, Value iv, ValueRange iters) {
                        SmallVector<OpFoldResult> inner = dims;
                        inner[d] = iv;
                        return emitReductions(nb, level + 1, inner, iters);
                      });
  }

  /// The body on every (row, vector) of the tile, for one point of the
  /// reduction loops.
  SmallVector<Value> computeStep(OpBuilder &b, ArrayRef<OpFoldResult> dims,
                                 ValueRange acc) {
    if (plan.prefetched)
      emitPrefetch(b, dims);
    DenseMap<std::tuple<unsigned, int64_t, int64_t>, Value> loaded;
    Block *body = generic.getBody();
    SmallVector<Value> results;
    for (int64_t i = 0; i < tile.rows; ++i) {
      for (int64_t j = 0; j < tile.vectors; ++j) {
        IRMapping mapping;
        for (OpOperand *input : generic.getDpsInputOperands()) {
          unsigned n = input->getOperandNumber();
          auto key = std::make_tuple(n, plan.onRow[n] ? i : -1,
                                     plan.onVector[n] ? j : -1);
          Value &value = loaded[key];
          if (!value)
            value = readOperand(b, *input, elementDims(b, dims, i, j), j);
          mapping.map(generic.getMatchingBlockArgument(input), value);
        }
        if (plan.readsOutput)
          mapping.map(generic.getMatchingBlockArgument(
                          generic.getDpsInitOperand(0)),
                      acc[i * tile.vectors + j]);
        for (Operation &op : body->without_terminator())
          cloneOnVectors(b, op, mapping);
        results.push_back(
            vectorOf(b, body->getTerminator()->getOperand(0), mapping));
      }
    }
    return results;
  }

  /// Prefetches into L2 the part of the next tile's slice of the
  /// prefetched input that this step of this tile is responsible for.
  void emitPrefetch(OpBuilder &b, ArrayRef<OpFoldResult> dims) {
    MLIRContext *ctx = b.getContext();
    AffineExpr index = getAffineConstantExpr(0, ctx);
    SmallVector<OpFoldResult> operands;
    int64_t inner = 1;
    for (unsigned d : llvm::reverse(plan.reductionDims)) {
      index = index + getAffineDimExpr(operands.size(), ctx) * inner;
      operands.push_back(dims[d]);
      inner *= plan.ranges[d];
    }
    for (int loop : llvm::reverse(plan.loops)) {
      if (plan.prefetchBlockElements && loop == kVectorBlocks)
        break;
      unsigned d = loop == kVectorBlocks ? plan.vectorDim
                   : loop == kRowBlocks  ? *plan.rowDim
                                         : unsigned(loop);
      // Row blocks are `base` or `base + 1` rows apart: the first row over
      // `base` numbers them (repeating a number at worst: a prefetch twice).
      int64_t block =
          loop == kVectorBlocks ? plan.vectors * plan.lanes
          : loop == kRowBlocks
              ? splitRows(plan.ranges[*plan.rowDim], plan.rows).base
              : 1;
      index = index +
              getAffineDimExpr(operands.size(), ctx).floorDiv(block) * inner;
      operands.push_back(dims[d]);
      inner *= loopTrips(plan, loop);
    }
    int64_t size =
        cast<MemRefType>(flatPrefetched.getType()).getNumElements();
    // One prefetch per line of the step's share, within the slice (the
    // last steps' share may round past its end).
    index = index * plan.prefetchStep;
    if (plan.prefetchBlockElements) {
      // After the current block of vectors' slice.
      index = index + (getAffineDimExpr(operands.size(), ctx).floorDiv(
                           plan.vectors * plan.lanes) +
                       1) * plan.prefetchBlockElements;
      operands.push_back(dims[plan.vectorDim]);
    }
    for (int64_t line = 0; line < plan.prefetchStep; line += kLineFloats) {
      OpFoldResult at = affine::makeComposedFoldedAffineMin(
          b, loc,
          AffineMap::get(operands.size(), 0,
                         {index + line, getAffineConstantExpr(size - 1, ctx)},
                         ctx),
          operands);
      memref::PrefetchOp::create(
          b, loc, flatPrefetched,
          ValueRange{getValueOrCreateConstantIndexOp(b, loc, at)},
          /*isWrite=*/false, /*localityHint=*/2, /*isDataCache=*/true);
    }
  }

  void cloneOnVectors(OpBuilder &b, Operation &op, IRMapping &mapping) {
    vb.cloneOnVectors(b, op, mapping);
  }
  Value vectorOf(OpBuilder &b, Value value, IRMapping &mapping) {
    return vb.vectorOf(b, value, mapping);
  }
  Value broadcast(OpBuilder &b, Value scalar) { return vb.splat(b, scalar); }

  /// The loop values of element (row i, vector j) of the tile at `dims`.
  SmallVector<OpFoldResult> elementDims(OpBuilder &b,
                                        ArrayRef<OpFoldResult> dims, int64_t i,
                                        int64_t j) {
    SmallVector<OpFoldResult> result(dims.begin(), dims.end());
    if (plan.rowDim)
      result[*plan.rowDim] = vb.offset(b, dims[*plan.rowDim], i);
    result[plan.vectorDim] = vb.offset(b, dims[plan.vectorDim], j * plan.lanes);
    return result;
  }

  SmallVector<Value> indices(OpBuilder &b, OpOperand &operand,
                             ArrayRef<OpFoldResult> dims) {
    return vb.apply(b, generic.getMatchingIndexingMap(&operand), dims);
  }

  Value maskFor(OpBuilder &b, int64_t lanes) { return vb.mask(b, lanes); }

  /// The element offsets of the lanes of a scattered output.
  Value scatterOffsets(OpBuilder &b) {
    auto type = VectorType::get({plan.lanes}, b.getIndexType());
    SmallVector<Attribute> offsets;
    for (int64_t lane = 0; lane < (int64_t)plan.lanes; ++lane)
      offsets.push_back(b.getIndexAttr(lane * plan.outputStride));
    return arith::ConstantOp::create(b, loc, type,
                                     DenseElementsAttr::get(type, offsets));
  }

  /// The mask of vector j's lanes: all of them but in a masked tail.
  Value laneMask(OpBuilder &b, int64_t j) {
    return maskFor(b, masked(j) ? tile.lastLanes : plan.lanes);
  }

  bool masked(int64_t j) const {
    return j + 1 == tile.vectors && tile.lastLanes < (int64_t)plan.lanes;
  }

  Value readOperand(OpBuilder &b, OpOperand &operand,
                    ArrayRef<OpFoldResult> dims, int64_t j) {
    Value memref = operand.get();
    SmallVector<Value> at = indices(b, operand, dims);
    unsigned n = operand.getOperandNumber();
    if (!plan.onVector[n])
      return broadcast(b, memref::LoadOp::create(b, loc, memref, at));
    VectorType type = vectorOfMemRef(memref);
    if (&operand == generic.getDpsInitOperand(0) && plan.outputStride)
      return vector::GatherOp::create(b, loc, type, memref, at,
                                      scatterOffsets(b), laneMask(b, j),
                                      zeros(b, type));
    if (int64_t step = plan.step[n]; step == 2 && !masked(j)) {
      // A stride of 2 (a strided convolution's rows): a load from the
      // first lane's element and one ending at the last lane's, and one
      // two-source shuffle picking the even elements. No masked load:
      // vmaskmovps takes the FMA ports of AVX2 cores (a 512-channel
      // stride-2 1-D convolution: 98 -> 70 ms).
      int64_t lanes = plan.lanes;
      Value first = vector::LoadOp::create(b, loc, type, memref, at);
      SmallVector<Value> last(at);
      last.back() = arith::AddIOp::create(
          b, loc, last.back(), arith::ConstantIndexOp::create(b, loc, lanes - 1));
      Value second = vector::LoadOp::create(b, loc, type, memref, last);
      SmallVector<int64_t> picked;
      for (int64_t lane = 0; lane < lanes; ++lane)
        picked.push_back(lane < lanes / 2 ? 2 * lane : 2 * lane + 1);
      return vector::ShuffleOp::create(b, loc, first, second, picked);
    }
    if (int64_t step = plan.step[n]; step > 1) {
      // One wide load of every element from the first to the last lane's,
      // then the lanes picked out of it.
      int64_t lanes = masked(j) ? tile.lastLanes : plan.lanes;
      auto wideType =
          VectorType::get({step * plan.lanes}, type.getElementType());
      Value zero = zeros(b, wideType);
      Value mask = vector::ConstantMaskOp::create(
          b, loc, VectorType::get({step * plan.lanes}, b.getI1Type()),
          ArrayRef<int64_t>{step * (lanes - 1) + 1});
      Value wide = vector::MaskedLoadOp::create(b, loc, wideType, memref, at,
                                                mask, zero);
      SmallVector<int64_t> picked;
      for (int64_t lane = 0; lane < (int64_t)plan.lanes; ++lane)
        picked.push_back(lane * step);
      return vector::ShuffleOp::create(b, loc, wide, wide, picked);
    }
    if (!masked(j))
      return vector::LoadOp::create(b, loc, type, memref, at);
    return vector::MaskedLoadOp::create(b, loc, type, memref, at,
                                        maskFor(b, tile.lastLanes),
                                        zeros(b, type));
  }

  void writeOutput(OpBuilder &b, Value value, ArrayRef<OpFoldResult> dims,
                   int64_t j) {
    OpOperand &out = *generic.getDpsInitOperand(0);
    SmallVector<Value> at = indices(b, out, dims);
    if (plan.outputStride) {
      vector::ScatterOp::create(b, loc, Type(), out.get(), at, scatterOffsets(b),
                                laneMask(b, j), value);
      return;
    }
    if (!masked(j))
      vector::StoreOp::create(b, loc, value, out.get(), at);
    else
      vector::MaskedStoreOp::create(b, loc, out.get(), at,
                                    maskFor(b, tile.lastLanes), value);
  }

  void forLoop(OpBuilder &b, int64_t lb, int64_t ub, int64_t step,
               function_ref<void(OpBuilder &, Value)> build) {
    // Only the loops outside the register tile use this: blocks of rows,
    // of vectors and parallel loops, all independent iterations.
    vb.forLoop(
        b, lb, ub, step, ValueRange{},
        [&](OpBuilder &nb, Value iv, ValueRange) {
          build(nb, iv);
          return SmallVector<Value>{};
        },
        /*parallel=*/true);
  }

  linalg::GenericOp generic;
  const KernelPlan &plan;
  Location loc;
  VectorBuilder vb;
  TileShape tile;
  Value flatPrefetched;
  /// Inside the blocks of a blocked reduction: whether this is the first
  /// block (the fused initialization) and the last (the epilogue).
  Value firstBlock, lastBlock;
};

struct VectorKernelsPass final
    : aotc::impl::VectorKernelsPassBase<VectorKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (vectorBits != 128 && vectorBits != 256 && vectorBits != 512) {
      getOperation().emitError("aotc-cpu-vector-kernels: vector-bits must be "
                               "128, 256 or 512, not ")
          << vectorBits;
      return signalPassFailure();
    }
    // Contractions first, so that each can take over the initialization
    // and epilogue around it before those are vectorized on their own.
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (generic.getNumReductionLoops() != 0)
        generics.push_back(generic);
    });
    // A fill left alone (no contraction took it as its initialization) is
    // aotc-cpu-vectorize-fills' or, zero over contiguous bytes, one memset:
    // as a kernel, a [12, 49, 49] fill became 3 vectors and a one-lane
    // masked store per row, which LLVM unrolled over all 588 rows into one
    // block that its instruction selection took minutes over (Swin-T's
    // window attention on AVX-512).
    getOperation().walk([&](linalg::GenericOp generic) {
      if (generic.getNumReductionLoops() == 0 && !aotc::filledValue(generic))
        generics.push_back(generic);
    });
    llvm::SmallPtrSet<Operation *, 16> erased;
    for (linalg::GenericOp generic : generics) {
      if (erased.contains(generic))
        continue;
      std::optional<KernelPlan> plan =
          planKernel(generic, vectorBits, registers, prefetch,
                     blockReductions);
      if (plan) {
        findFusableNeighbors(generic, *plan);
        if (plan->blocksReductions())
          ++numBlockedReductions;
        OpBuilder b(generic);
        KernelEmitter(generic, *plan).emit(b);
        Operation *stored = plan->storedEpilogue
                                ? plan->storedEpilogue->generic.getOperation()
                                : nullptr;
        for (Operation *fused :
             {plan->init, plan->epilogue.getOperation(), stored}) {
          if (!fused)
            continue;
          erased.insert(fused);
          fused->erase();
          ++numFused;
        }
      } else if (!emitVectorReduction(generic, vectorBits, registers) &&
                 !emitVectorTransposition(generic, vectorBits) &&
                 !emitVectorResize(generic, vectorBits)) {
        continue;
      }
      generic->erase();
      ++numKernels;
    }
  }
};

} // namespace
