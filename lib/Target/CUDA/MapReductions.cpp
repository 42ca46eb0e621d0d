//===- MapReductions.cpp - reductions computed by cooperating threads -----===//
//
// Implements `aotc-cuda-map-reductions`: a linalg.generic reduction on
// buffers whose combiner is an associative arith op becomes a gpu.launch in
// which a warp or a block of threads computes each output element (strided
// partial reductions, a shuffle tree per warp, shared memory across warps),
// and a full reduction of many elements is split over many blocks whose
// partial results a second launch reduces. Runs after
// aotc-cuda-prepare-kernels (parallel loops first) and before the generic
// ops become loops; aotc-cuda-map-to-grid keeps these launches as they are.
// Assumes static shapes (every loop range a constant) and reassociation of
// the combiner (allowed for floats too, as on the CPU).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAMAPREDUCTIONSPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

constexpr int64_t kWarpSize = 32;
/// Threads per block of a reduction kernel; a block holds 8 warps.
constexpr int64_t kBlockSize = 256;
/// Shorter reductions stay on one thread per output (aotc-cuda-map-to-grid):
/// a warp would have little to share.
constexpr int64_t kMinExtent = 128;
/// From this extent on, a block reduces each output; below it, a warp.
constexpr int64_t kBlockExtent = 1024;
/// A block reduces at least this many elements per thread before an output
/// is split over several blocks.
constexpr int64_t kElementsPerThread = 16;
/// How many blocks a split reduction aims for: enough for any GPU's SMs.
constexpr int64_t kTargetBlocks = 1024;
/// A reduction not read along its contiguous dimension stays one thread per
/// output when it has this many outputs: those threads read consecutive
/// addresses, where a warp per output would read with a stride.
constexpr int64_t kStridedMaxOutputs = 1024;

/// A linalg.generic the pass maps: one output, reduced by `combiner`, an op
/// of the body that combines the output's block argument with a value the
/// rest of the body (the prologue) computes elementwise.
struct Reduction {
  linalg::GenericOp op;
  Operation *combiner;
  /// The combiner's operand that is not the accumulator.
  Value element;
  /// The combiner's neutral element.
  TypedAttr identity;
  SmallVector<unsigned> parallelDims, reductionDims;
  SmallVector<int64_t> parallelExtents, reductionExtents;
};

/// `op` as a Reduction, or nullopt when the pass leaves it alone.
std::optional<Reduction> matchReduction(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0)
    return std::nullopt;
  Reduction r;
  r.op = op;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [dim, type] : llvm::enumerate(op.getIteratorTypesArray())) {
    if (ShapedType::isDynamic(ranges[dim]))
      return std::nullopt;
    bool parallel = type == utils::IteratorType::parallel;
    (parallel ? r.parallelDims : r.reductionDims).push_back(dim);
    (parallel ? r.parallelExtents : r.reductionExtents).push_back(ranges[dim]);
  }
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap outputMap = op.getMatchingIndexingMap(init);
  for (unsigned dim : r.reductionDims)
    if (outputMap.isFunctionOfDim(dim))
      return std::nullopt;
  for (OpOperand *input : op.getDpsInputOperands())
    if (input->get() == init->get())
      return std::nullopt; // read and written: blocks would race
  // The body: ... prologue ..., %r = combiner(%acc, %x), yield %r, where
  // the accumulator's only use is the combiner.
  Block *body = op.getBody();
  BlockArgument acc = op.getMatchingBlockArgument(init);
  Value yielded = body->getTerminator()->getOperand(0);
  Operation *combiner = yielded.getDefiningOp();
  if (!combiner || combiner->getBlock() != body ||
      combiner->getNumOperands() != 2 || !acc.hasOneUse() ||
      acc.getUses().begin()->getOwner() != combiner || !yielded.hasOneUse() ||
      combiner->getNumRegions() != 0)
    return std::nullopt;
  std::optional<TypedAttr> identity = arith::getNeutralElement(combiner);
  if (!identity)
    return std::nullopt;
  r.combiner = combiner;
  r.element = combiner->getOperand(combiner->getOperand(0) == acc ? 1 : 0);
  r.identity = *identity;
  return r;
}

/// Whether the reduction's innermost loop walks the contiguous dimension of
/// every buffer it reads (consecutive threads then read consecutive
/// addresses).
bool readsContiguously(const Reduction &r) {
  unsigned innermost = r.reductionDims.back();
  linalg::GenericOp op = r.op;
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!isa<MemRefType>(input->get().getType()))
      continue;
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isFunctionOfDim(innermost))
      continue;
    if (map.getNumResults() == 0 ||
        map.getResults().back() !=
            getAffineDimExpr(innermost, map.getContext()))
      return false;
  }
  return true;
}

/// How the threads of a kernel share the reduction of `outputs` elements
/// of `extent` terms each: a group of `groupSize` threads (a warp or a
/// block) per part, `splits` parts per output.
struct Mapping {
  int64_t outputs, extent, groupSize, splits;
};

/// The mapping of `r`, or nullopt when it stays one thread per output.
std::optional<Mapping> chooseMapping(const Reduction &r) {
  int64_t outputs = 1, extent = 1;
  for (int64_t e : r.parallelExtents)
    outputs *= e;
  for (int64_t e : r.reductionExtents)
    extent *= e;
  if (outputs == 0 || extent < kMinExtent)
    return std::nullopt;
  if (outputs >= kStridedMaxOutputs && !readsContiguously(r))
    return std::nullopt;
  if (extent < kBlockExtent)
    return Mapping{outputs, extent, kWarpSize, 1};
  int64_t splits = std::min<int64_t>(extent / (kBlockSize * kElementsPerThread),
                                     llvm::divideCeil(kTargetBlocks, outputs));
  return Mapping{outputs, extent, kBlockSize, std::max<int64_t>(splits, 1)};
}

/// Builds one reduction kernel: the gpu.launch for a Mapping, whose threads
/// reduce `element(o, i)` (output o's term i, both linear indices) with the
/// combiner and whose group leaders call `finish(o, part, value)`.
class KernelBuilder {
public:
  using ElementFn = function_ref<Value(OpBuilder &, Value o, Value i)>;
  using FinishFn =
      function_ref<void(OpBuilder &, Value o, Value part, Value value)>;

  KernelBuilder(const Reduction &r, Location loc) : r(r), loc(loc) {}

  /// The gpu.launch before `b`'s insertion point.
  void build(OpBuilder &b, const Mapping &m, ElementFn element,
             FinishFn finish) {
    int64_t groups = m.outputs * m.splits;
    int64_t groupsPerBlock = std::min(kBlockSize / m.groupSize, groups);
    int64_t blocks = llvm::divideCeil(groups, groupsPerBlock);
    int64_t warps = m.groupSize / kWarpSize;
    Type type = r.combiner->getResult(0).getType();
    SmallVector<Type> shared;
    if (warps > 1)
      shared.push_back(
          MemRefType::get({warps}, type, MemRefLayoutAttrInterface(),
                          gpu::AddressSpaceAttr::get(
                              b.getContext(), gpu::AddressSpace::Workgroup)));
    Value one = constant(b, 1);
    auto launch = gpu::LaunchOp::create(
        b, loc, constant(b, blocks), one, one,
        constant(b, groupsPerBlock * m.groupSize), one, one,
        /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
        /*asyncDependencies=*/{}, shared);
    OpBuilder k = OpBuilder::atBlockBegin(&launch.getBody().front());
    gpu::TerminatorOp::create(k, loc);
    k.setInsertionPointToStart(&launch.getBody().front());

    Value thread = launch.getThreadIds().x;
    Value group = thread, member = thread;
    if (groupsPerBlock > 1) {
      // One op per statement: ops created in one argument list come out in
      // an order that differs between compilers.
      Value warp =
          arith::DivUIOp::create(k, loc, thread, constant(k, m.groupSize));
      Value firstGroup = arith::MulIOp::create(k, loc, launch.getBlockIds().x,
                                               constant(k, groupsPerBlock));
      group = arith::AddIOp::create(k, loc, firstGroup, warp);
      member = arith::RemUIOp::create(k, loc, thread, constant(k, m.groupSize));
    } else {
      group = launch.getBlockIds().x;
    }
    // Whole groups past the end (warps of the last block) skip everything:
    // the condition is uniform in each warp, as shuffles need.
    if (blocks * groupsPerBlock != groups) {
      auto inside = scf::IfOp::create(
          k, loc,
          arith::CmpIOp::create(k, loc, arith::CmpIPredicate::ult, group,
                                constant(k, groups)),
          /*withElseRegion=*/false);
      k.setInsertionPoint(inside.thenBlock()->getTerminator());
    }
    Value output = group, part = constant(k, 0);
    if (m.splits > 1) {
      output = arith::DivUIOp::create(k, loc, group, constant(k, m.splits));
      part = arith::RemUIOp::create(k, loc, group, constant(k, m.splits));
    }
    // Thread `member` of part `part` reduces terms first, first + stride,
    // ...: consecutive threads read consecutive terms.
    Value first = arith::AddIOp::create(
        k, loc, arith::MulIOp::create(k, loc, part, constant(k, m.groupSize)),
        member);
    auto loop = scf::ForOp::create(k, loc, first, constant(k, m.extent),
                                   constant(k, m.splits * m.groupSize),
                                   ValueRange{identity(k)});
    {
      OpBuilder inner = OpBuilder::atBlockBegin(loop.getBody());
      Value term = element(inner, output, loop.getInductionVar());
      scf::YieldOp::create(inner, loc,
                           combine(inner, loop.getRegionIterArgs()[0], term));
    }
    Value value = reduceWarp(k, loop.getResult(0), kWarpSize);
    Value lane = arith::RemUIOp::create(k, loc, thread, constant(k, kWarpSize));
    Value firstLane = arith::CmpIOp::create(k, loc, arith::CmpIPredicate::eq,
                                            lane, constant(k, 0));
    if (warps == 1) {
      auto leader = scf::IfOp::create(k, loc, firstLane, false);
      OpBuilder l(leader.thenBlock()->getTerminator());
      finish(l, output, part, value);
      return;
    }
    // Across the block's warps: each warp's sum in shared memory, then the
    // first warp reduces them.
    Value buffer = launch.getWorkgroupAttributions()[0];
    Value warp = arith::DivUIOp::create(k, loc, thread, constant(k, kWarpSize));
    {
      auto leader = scf::IfOp::create(k, loc, firstLane, false);
      OpBuilder l(leader.thenBlock()->getTerminator());
      memref::StoreOp::create(l, loc, value, buffer, warp);
    }
    gpu::BarrierOp::create(k, loc);
    auto firstWarp = scf::IfOp::create(
        k, loc,
        arith::CmpIOp::create(k, loc, arith::CmpIPredicate::eq, warp,
                              constant(k, 0)),
        false);
    OpBuilder w(firstWarp.thenBlock()->getTerminator());
    auto read = scf::IfOp::create(
        w, loc, TypeRange{type},
        arith::CmpIOp::create(w, loc, arith::CmpIPredicate::ult, lane,
                              constant(w, warps)),
        /*withElseRegion=*/true);
    {
      OpBuilder t = read.getThenBodyBuilder();
      scf::YieldOp::create(
          t, loc, ValueRange{memref::LoadOp::create(t, loc, buffer, lane)});
      OpBuilder e = read.getElseBodyBuilder();
      scf::YieldOp::create(e, loc, identity(e));
    }
    Value total = reduceWarp(w, read.getResult(0), warps);
    auto leader = scf::IfOp::create(w, loc, firstLane, false);
    OpBuilder l(leader.thenBlock()->getTerminator());
    finish(l, output, part, total);
  }

  /// The combiner applied to (accumulator, term).
  Value combine(OpBuilder &b, Value accumulator, Value term) {
    IRMapping mapping;
    for (Value operand : r.combiner->getOperands())
      mapping.map(operand, operand == r.element ? term : accumulator);
    return b.clone(*r.combiner, mapping)->getResult(0);
  }

  Value constant(OpBuilder &b, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }

private:
  Value identity(OpBuilder &b) {
    return arith::ConstantOp::create(b, loc, r.identity);
  }

  /// `value` combined over the first `lanes` lanes of each warp (a power of
  /// two): a butterfly of xor shuffles, after which every lane holds it.
  Value reduceWarp(OpBuilder &b, Value value, int64_t lanes) {
    for (int64_t offset = lanes / 2; offset > 0; offset /= 2)
      value = combine(b, value, shuffleXor(b, value, offset));
    return value;
  }

  /// gpu.shuffle xor; types narrower than 32 bits travel widened.
  Value shuffleXor(OpBuilder &b, Value value, int64_t offset) {
    Type type = value.getType();
    Value wide = value;
    if (type.getIntOrFloatBitWidth() < 32) {
      if (isa<FloatType>(type))
        wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
      else
        wide = arith::ExtUIOp::create(b, loc, b.getI32Type(), value);
    }
    Value shuffled = gpu::ShuffleOp::create(b, loc, wide, offset, kWarpSize,
                                            gpu::ShuffleMode::XOR)
                         .getShuffleResult();
    if (wide == value)
      return shuffled;
    if (isa<FloatType>(type))
      return arith::TruncFOp::create(b, loc, type, shuffled);
    return arith::TruncIOp::create(b, loc, type, shuffled);
  }

  const Reduction &r;
  Location loc;
};

/// Row-major indices of `linear` in a space of `extents`.
SmallVector<Value> delinearize(OpBuilder &b, KernelBuilder &k, Location loc,
                               Value linear, ArrayRef<int64_t> extents) {
  SmallVector<Value> indices(extents.size());
  for (int64_t d = extents.size() - 1; d >= 0; --d) {
    if (d == 0) {
      indices[d] = linear;
      break;
    }
    indices[d] =
        arith::RemUIOp::create(b, loc, linear, k.constant(b, extents[d]));
    linear = arith::DivUIOp::create(b, loc, linear, k.constant(b, extents[d]));
  }
  return indices;
}

/// The results of `map` at the loop indices `ivs`.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> ivs) {
  SmallVector<Value> results;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      results.push_back(ivs[dim.getPosition()]);
    else
      results.push_back(affine::AffineApplyOp::create(
          b, loc, AffineMap::get(map.getNumDims(), 0, expr), ivs));
  }
  return results;
}

struct CUDAMapReductionsPass final
    : aotc::impl::CUDAMapReductionsPassBase<CUDAMapReductionsPass> {
  void runOnOperation() override {
    SmallVector<Reduction, 4> reductions;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<Reduction> r = matchReduction(op))
        reductions.push_back(std::move(*r));
    });
    for (Reduction &r : reductions)
      if (std::optional<Mapping> m = chooseMapping(r))
        mapReduction(r, *m);
  }

private:
  /// Replaces `r.op` by the kernel(s) of mapping `m`.
  void mapReduction(const Reduction &r, const Mapping &m) {
    linalg::GenericOp op = r.op;
    Location loc = op.getLoc();
    OpBuilder b(op);
    KernelBuilder kernel(r, loc);
    Value output = op.getDpsInitOperand(0)->get();
    AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    unsigned numLoops = op.getNumLoops();

    // Term i of output o: the body's prologue at the loop indices.
    auto element = [&](OpBuilder &e, Value o, Value i) -> Value {
      SmallVector<Value> ivs(numLoops);
      for (auto [dim, index] :
           llvm::zip(r.parallelDims,
                     delinearize(e, kernel, loc, o, r.parallelExtents)))
        ivs[dim] = index;
      for (auto [dim, index] :
           llvm::zip(r.reductionDims,
                     delinearize(e, kernel, loc, i, r.reductionExtents)))
        ivs[dim] = index;
      IRMapping mapping;
      for (OpOperand *input : op.getDpsInputOperands()) {
        Value value = input->get();
        if (isa<MemRefType>(value.getType()))
          value = memref::LoadOp::create(
              e, loc, value,
              applyMap(e, loc, op.getMatchingIndexingMap(input), ivs));
        mapping.map(op.getMatchingBlockArgument(input), value);
      }
      for (Operation &bodyOp : op.getBody()->without_terminator()) {
        if (&bodyOp == r.combiner)
          continue;
        if (auto index = dyn_cast<linalg::IndexOp>(bodyOp))
          mapping.map(index.getResult(), ivs[index.getDim()]);
        else
          e.clone(bodyOp, mapping);
      }
      return mapping.lookupOrDefault(r.element);
    };
    // The output's initial value combined with the reduced value.
    auto store = [&](OpBuilder &s, Value o, Value /*part*/, Value value) {
      SmallVector<Value> ivs(numLoops, kernel.constant(s, 0));
      for (auto [dim, index] :
           llvm::zip(r.parallelDims,
                     delinearize(s, kernel, loc, o, r.parallelExtents)))
        ivs[dim] = index;
      SmallVector<Value> indices = applyMap(s, loc, outputMap, ivs);
      Value initial = memref::LoadOp::create(s, loc, output, indices);
      memref::StoreOp::create(s, loc, kernel.combine(s, initial, value), output,
                              indices);
    };

    if (m.splits == 1) {
      kernel.build(b, m, element, store);
      ++(m.groupSize == kWarpSize ? numWarpReductions : numBlockReductions);
      op.erase();
      return;
    }
    // Split: each part's result goes to partials[o][part], then a second
    // kernel reduces each output's `splits` partials.
    Type type = r.combiner->getResult(0).getType();
    Value partials = memref::AllocOp::create(
        b, loc, MemRefType::get({m.outputs, m.splits}, type));
    kernel.build(
        b, m, element, [&](OpBuilder &s, Value o, Value part, Value value) {
          memref::StoreOp::create(s, loc, value, partials, ValueRange{o, part});
        });
    Mapping second{m.outputs, m.splits,
                   m.splits >= kBlockExtent ? kBlockSize : kWarpSize, 1};
    kernel.build(
        b, second,
        [&](OpBuilder &e, Value o, Value i) -> Value {
          return memref::LoadOp::create(e, loc, partials, ValueRange{o, i});
        },
        store);
    ++numSplitReductions;
    op.erase();
  }
};

} // namespace
