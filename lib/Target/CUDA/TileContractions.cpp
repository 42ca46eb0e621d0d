//===- TileContractions.cpp - contractions as tiled kernels ---------------===//
//
// Implements `aotc-cuda-tile-contractions`: each contraction linalg.generic
// on buffers (matmul, batch matmul, transposed operands, convolution as an
// implicit GEMM; ContractionKernel.h says what qualifies) becomes a
// gpu.launch that stages tiles of both operands in workgroup memory: on
// tensor cores (TensorCoreKernel.cpp) when the body is a multiply-add of
// f16 (or f32 with tf32 allowed), else on the SIMT cores here, each thread
// a register micro-tile computed with the generic's own body. The kernel
// also computes the accumulator's initialization and the elementwise
// epilogue around it (ContractionKernel.h). Assumes the generic's parallel
// loops come first (aotc-cuda-prepare-kernels).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"

#include "ContractionKernel.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "aotc-cuda-tile-contractions"

namespace aotc {
#define GEN_PASS_DEF_CUDATILECONTRACTIONSPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;
using namespace aotc;

namespace {

/// The SIMT kernel's shape: a tileM x tileN block tile, K in steps of
/// tileK, each thread threadM x threadN outputs strided across the tile
/// (rows tm, tm + tileM/threadM, ...), so a warp reads consecutive
/// workgroup words and stores consecutive output elements.
struct SimtTiling {
  int64_t tileM = 64, tileN = 64, tileK = 16;
  int64_t threadM = 4, threadN = 4;
};

/// Builds the SIMT kernel of `c` in place of its generic.
///
/// Every thread first reads its outputs' current values (the generic's
/// semantics: the body accumulates into them), then for each K tile the
/// block copies the A and B tiles into workgroup memory ([k][row + 1]: the
/// padding keeps column-wise stores free of bank conflicts), waits at a
/// barrier, and each thread applies the body to its micro-tile for every k
/// of the tile, in order: each output sees exactly the sequence of body
/// applications the generic performs, so any body (not only a
/// multiply-add) keeps its meaning. The K tiles are all full but the last
/// one, whose loop stops at K (no padding value is assumed). Rows and
/// columns past M or N in a partial tile read clamped, valid addresses and
/// are not stored.
void buildSimtKernel(const Contraction &c, const SimtTiling &t) {
  Location loc = c.op->getLoc();
  int64_t threadsM = t.tileM / t.threadM, threadsN = t.tileN / t.threadN;
  int64_t threads = threadsM * threadsN;
  int64_t tilesM = llvm::divideCeil(c.m, t.tileM);
  int64_t tilesN = llvm::divideCeil(c.n, t.tileN);
  Type aType = getElementTypeOrSelf(c.op->getOperand(c.aOperand).getType());
  Type bType = getElementTypeOrSelf(c.op->getOperand(c.bOperand).getType());
  MemRefType aShared = workgroupMemRef({t.tileK, t.tileM + 1}, aType);
  MemRefType bShared = workgroupMemRef({t.tileK, t.tileN + 1}, bType);
  gpu::LaunchOp launch = createTiledLaunch(
      c, c.batch * tilesM * tilesN, threads, {aShared, bShared});
  Value aTile = launch.getWorkgroupAttributions()[0];
  Value bTile = launch.getWorkgroupAttributions()[1];

  OpBuilder b(launch.getBody().front().getTerminator());
  auto constant = [&](int64_t v) { return indexConstant(b, loc, v); };
  auto add = [&](Value x, Value y) {
    return arith::AddIOp::create(b, loc, x, y).getResult();
  };
  auto mul = [&](Value x, int64_t y) {
    return arith::MulIOp::create(b, loc, x, constant(y)).getResult();
  };
  Value tid = launch.getThreadIds().x;
  Value bid = launch.getBlockIds().x;
  // Blocks in row-major (batch, M tile, N tile) order.
  Value nTile = arith::RemUIOp::create(b, loc, bid, constant(tilesN));
  Value rest = arith::DivUIOp::create(b, loc, bid, constant(tilesN));
  Value mTile = arith::RemUIOp::create(b, loc, rest, constant(tilesM));
  Value batch = arith::DivUIOp::create(b, loc, rest, constant(tilesM));
  Value m0 = mul(mTile, t.tileM), n0 = mul(nTile, t.tileN);
  Value tn = arith::RemUIOp::create(b, loc, tid, constant(threadsN));
  Value tm = arith::DivUIOp::create(b, loc, tid, constant(threadsN));
  bool partialM = c.m % t.tileM != 0, partialN = c.n % t.tileN != 0;
  SmallVector<Value> rows, cols, rowsInTile, colsInTile;
  for (int64_t i = 0; i < t.threadM; ++i) {
    rowsInTile.push_back(add(tm, constant(i * threadsM)));
    rows.push_back(add(m0, rowsInTile.back()));
  }
  for (int64_t j = 0; j < t.threadN; ++j) {
    colsInTile.push_back(add(tn, constant(j * threadsN)));
    cols.push_back(add(n0, colsInTile.back()));
  }

  // The outputs' initial values.
  Value zero = constant(0);
  SmallVector<Value> accs;
  for (Value row : rows)
    for (Value col : cols)
      accs.push_back(loadInitial(b, loc, c, {batch, row, col}, partialM, partialN));

  // One K tile of `depth` valid steps starting at k0.
  auto kTile = [&](Value k0, int64_t depth, ValueRange in) {
    copyTileToShared(b, loc, c, {c.aOperand, t.tileM, t.tileK, c.m, false},
                     aTile, tid, threads, batch, m0, k0, depth);
    copyTileToShared(b, loc, c, {c.bOperand, t.tileN, t.tileK, c.n, false},
                     bTile, tid, threads, batch, n0, k0, depth);
    gpu::BarrierOp::create(b, loc);
    auto loop = scf::ForOp::create(
        b, loc, zero, constant(depth), constant(1), in,
        [&](OpBuilder &lb, Location, Value kk, ValueRange acc) {
          SmallVector<Value> as, bs, next;
          for (Value row : rowsInTile)
            as.push_back(memref::LoadOp::create(lb, loc, aTile, {kk, row}));
          for (Value col : colsInTile)
            bs.push_back(memref::LoadOp::create(lb, loc, bTile, {kk, col}));
          for (auto [i, a] : llvm::enumerate(as))
            for (auto [j, bv] : llvm::enumerate(bs)) {
              Value x = c.aOperand == 0 ? a : bv, y = c.aOperand == 0 ? bv : a;
              next.push_back(
                  applyBody(lb, c.op, {x, y, acc[i * t.threadN + j]}));
            }
          scf::YieldOp::create(lb, loc, next);
        });
    return SmallVector<Value>(loop.getResults());
  };
  int64_t fullTiles = c.k / t.tileK, remainder = c.k % t.tileK;
  if (fullTiles > 0) {
    auto loop = scf::ForOp::create(
        b, loc, zero, constant(fullTiles), constant(1), accs,
        [&](OpBuilder &lb, Location, Value kt, ValueRange acc) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(lb.getInsertionBlock(), lb.getInsertionPoint());
          SmallVector<Value> next = kTile(mul(kt, t.tileK), t.tileK, acc);
          // The next tile overwrites what slower threads may still read.
          gpu::BarrierOp::create(b, loc);
          scf::YieldOp::create(b, loc, next);
        });
    accs.assign(loop.getResults().begin(), loop.getResults().end());
  }
  if (remainder > 0)
    accs = kTile(constant(fullTiles * t.tileK), remainder, accs);

  // The results, where they exist.
  for (auto [i, row] : llvm::enumerate(rows))
    for (auto [j, col] : llvm::enumerate(cols)) {
      OpBuilder::InsertionGuard guard(b);
      SmallVector<Value> conditions;
      if (partialM)
        conditions.push_back(arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::ult, row, constant(c.m)));
      if (partialN)
        conditions.push_back(arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::ult, col, constant(c.n)));
      if (!conditions.empty()) {
        Value inside = conditions.front();
        if (conditions.size() == 2)
          inside = arith::AndIOp::create(b, loc, inside, conditions.back());
        auto ifOp = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
        b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      }
      storeResult(b, loc, c, accs[i * t.threadN + j], {batch, row, col});
    }
  eraseContraction(c);
  (void)sinkOperationsIntoLaunchOp(launch, [](Operation *op) {
    return op->hasTrait<OpTrait::ConstantLike>();
  });
}

struct CUDATileContractionsPass final
    : aotc::impl::CUDATileContractionsPassBase<CUDATileContractionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk(
        [&](linalg::GenericOp op) { generics.push_back(op); });
    // Generics a kernel absorbed (erased) before the loop reached them.
    llvm::SmallPtrSet<Operation *, 8> absorbed;
    for (linalg::GenericOp op : generics) {
      if (absorbed.contains(op))
        continue;
      std::string why;
      std::optional<Contraction> c = matchContraction(op, why);
      LLVM_DEBUG(if (!c) llvm::dbgs() << "not a contraction (" << why
                                      << "): " << op << "\n");
      // Matrix-vector products and tiny problems keep one thread per
      // output: most of a tile would idle.
      if (!c || c->m < minExtent || c->n < minExtent)
        continue;
      findInitAndEpilogue(*c);
      for (linalg::GenericOp fused : {c->init, c->epilogue})
        if (fused) {
          absorbed.insert(fused);
          ++numFused;
        }
      // A padded input is read through its source: its fill and copy may
      // go away with the contraction.
      findPaddedOperands(*c);
      for (const std::optional<PaddedOperand> &p : c->padded)
        if (p) {
          absorbed.insert(p->fill);
          absorbed.insert(p->copy);
          ++numPaddedOperands;
        }
      if (tensorCores && tryTensorCoreKernel(*c, tf32)) {
        ++numTensorCoreKernels;
        continue;
      }
      // 128 x 128 tiles of 8 x 8 outputs per thread where the problem
      // fills them (twice the multiply-adds per shared-memory load), else
      // 64 x 64 tiles of 4 x 4.
      buildSimtKernel(*c, c->m >= 128 && c->n >= 128
                              ? SimtTiling{128, 128, 8, 8, 8}
                              : SimtTiling{64, 64, 16, 4, 4});
      ++numSimtKernels;
    }
  }
};

} // namespace
