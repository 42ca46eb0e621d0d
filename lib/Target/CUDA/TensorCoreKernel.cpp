//===- TensorCoreKernel.cpp - contractions on tensor cores ----------------===//
//
// The tensor-core kernel of aotc-cuda-tile-contractions: a contraction
// whose body is `out + a * b` (operands possibly extended to the
// accumulator's type first) of f16 operands (f32 with tf32 allowed)
// becomes warp-level nvgpu.mma.sync: m16n8k16 for f16, m16n8k8 for tf32. Each warp owns a (16 * fragsM) x (8 * fragsN) part of the block
// tile; the fragments are read from workgroup memory with plain loads
// following the PTX ISA's fragment layouts (groupID = lane / 4,
// threadID_in_group = lane % 4):
//
//   A (16 x k), register r:  row groupID + 8 * (r & 1),
//                            cols w * tig + 4w * (r >> 1) + [0, w)
//   B (k x 8),  register r:  rows w * tig + 4w * r + [0, w), col groupID
//   C (16 x 8), register r:  row groupID + 8 * r, cols 2 * tig + [0, 2)
//
// where w is the number of elements per 32-bit register (2 for f16,
// 1 for tf32) and k = 8w. Both operand tiles are stored [row][k] in
// workgroup memory with rows padded by 16 bytes, so the eight rows a
// fragment load touches fall in distinct banks.
//
//===----------------------------------------------------------------------===//

#include "ContractionKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace aotc {
namespace {

/// The block's shape: warpsM x warpsN warps, each fragsM x fragsN mma
/// tiles of 16 x 8, K in steps of tileK.
struct MmaTiling {
  int64_t warpsM, warpsN, fragsM, fragsN, tileK;
  int64_t tileM() const { return warpsM * fragsM * 16; }
  int64_t tileN() const { return warpsN * fragsN * 8; }
  int64_t threads() const { return warpsM * warpsN * 32; }
};

/// `v`, looking through one arith.extf.
Value skipExtension(Value v) {
  if (auto ext = v.getDefiningOp<arith::ExtFOp>())
    return ext.getIn();
  return v;
}

/// Whether the body of `c` is `out + a * b` with the product and the sum in
/// the output's type, each input used once, possibly extended.
bool isMultiplyAdd(const Contraction &c) {
  linalg::GenericOp op = c.op;
  Block *body = op.getBody();
  auto add = body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value acc = body->getArgument(Contraction::kOutput);
  Value product = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  if ((add.getLhs() == acc) == (add.getRhs() == acc))
    return false;
  auto mul = product.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return false;
  Value x = skipExtension(mul.getLhs()), y = skipExtension(mul.getRhs());
  BlockArgument in0 = body->getArgument(0), in1 = body->getArgument(1);
  // Every op of the body is one of these four to six.
  size_t ops = body->getOperations().size() - 1;
  size_t expected = 2 + (mul.getLhs() != x) + (mul.getRhs() != y);
  return ((x == in0 && y == in1) || (x == in1 && y == in0)) &&
         ops == expected && acc.hasOneUse();
}

/// Builds the mma kernel of `c` with `t` for operands of `w` elements per
/// register, accumulating in `accType`.
void buildMmaKernel(const Contraction &c, const MmaTiling &t, int64_t w,
                    Type accType, bool tf32) {
  Location loc = c.op->getLoc();
  int64_t kStep = 8 * w;
  int64_t tilesM = llvm::divideCeil(c.m, t.tileM());
  int64_t tilesN = llvm::divideCeil(c.n, t.tileN());
  Type aType = getElementTypeOrSelf(c.op->getOperand(c.aOperand).getType());
  Type bType = getElementTypeOrSelf(c.op->getOperand(c.bOperand).getType());
  int64_t pad = 16 / (aType.getIntOrFloatBitWidth() / 8);
  MemRefType aShared = workgroupMemRef({t.tileM(), t.tileK + pad}, aType);
  MemRefType bShared = workgroupMemRef({t.tileN(), t.tileK + pad}, bType);
  gpu::LaunchOp launch = createTiledLaunch(
      c, c.batch * tilesM * tilesN, t.threads(), {aShared, bShared});
  Value aTile = launch.getWorkgroupAttributions()[0];
  Value bTile = launch.getWorkgroupAttributions()[1];

  OpBuilder b(launch.getBody().front().getTerminator());
  auto constant = [&](int64_t v) { return indexConstant(b, loc, v); };
  auto add = [&](Value x, int64_t y) {
    return y == 0 ? x
                  : arith::AddIOp::create(b, loc, x, constant(y)).getResult();
  };
  auto mul = [&](Value x, int64_t y) {
    return arith::MulIOp::create(b, loc, x, constant(y)).getResult();
  };
  auto rem = [&](Value x, int64_t y) {
    return arith::RemUIOp::create(b, loc, x, constant(y)).getResult();
  };
  auto div = [&](Value x, int64_t y) {
    return arith::DivUIOp::create(b, loc, x, constant(y)).getResult();
  };
  Value tid = launch.getThreadIds().x;
  Value bid = launch.getBlockIds().x;
  Value rest = div(bid, tilesN);
  Value batch = div(rest, tilesM);
  Value m0 = mul(rem(rest, tilesM), t.tileM());
  Value n0 = mul(rem(bid, tilesN), t.tileN());
  Value warp = div(tid, 32), lane = rem(tid, 32);
  Value group = div(lane, 4), inGroup = rem(lane, 4);
  // The warp's first row and column inside the block tile.
  Value warpRow = mul(div(warp, t.warpsN), t.fragsM * 16);
  Value warpCol = mul(rem(warp, t.warpsN), t.fragsN * 8);
  // This thread's rows of C: row group + 8r of each m16 fragment; its
  // columns 2 * inGroup + {0, 1} of each n8 fragment.
  Value rowBase = arith::AddIOp::create(b, loc, warpRow, group);
  Value colBase = arith::AddIOp::create(b, loc, warpCol, mul(inGroup, 2));
  bool partialM = c.m % t.tileM() != 0, partialN = c.n % t.tileN() != 0;
  auto cRow = [&](int64_t i, int64_t r) { return add(rowBase, i * 16 + 8 * r); };
  auto cCol = [&](int64_t j, int64_t e) { return add(colBase, j * 8 + e); };

  // The outputs' initial values, as C fragments.
  Value zero = constant(0);
  auto cType = VectorType::get({2, 2}, accType);
  SmallVector<Value> accs;
  for (int64_t i = 0; i < t.fragsM; ++i)
    for (int64_t j = 0; j < t.fragsN; ++j) {
      SmallVector<Value> elements;
      for (int64_t r = 0; r < 2; ++r)
        for (int64_t e = 0; e < 2; ++e) {
          Value row = arith::AddIOp::create(b, loc, m0, cRow(i, r));
          Value col = arith::AddIOp::create(b, loc, n0, cCol(j, e));
          elements.push_back(loadInitial(b, loc, c, {batch, row, col}, partialM, partialN));
        }
      accs.push_back(vector::FromElementsOp::create(b, loc, cType, elements));
    }

  // A fragment of `tile` ([row][k]) at `row0`, k `k0`: `regs` registers of
  // w elements, register r at row row0 + rowStep(r), k k0 + kStep(r).
  auto fragment = [&](OpBuilder &fb, Value tile, Type element, Value row0,
                      Value k0, int64_t regs,
                      function_ref<std::pair<int64_t, int64_t>(int64_t)> at) {
    auto type = VectorType::get({regs, w}, element);
    Value frag = arith::ConstantOp::create(fb, loc, type, fb.getZeroAttr(type));
    for (int64_t r = 0; r < regs; ++r) {
      auto [rowOffset, kOffset] = at(r);
      Value row = arith::AddIOp::create(fb, loc, row0,
                                        indexConstant(fb, loc, rowOffset));
      Value k = arith::AddIOp::create(fb, loc, k0,
                                      indexConstant(fb, loc, kOffset));
      // A register's elements are consecutive along k, w * tig apart.
      Value reg = vector::LoadOp::create(
          fb, loc, VectorType::get({w}, element), tile, ValueRange{row, k},
          /*nontemporal=*/false,
          llvm::MaybeAlign(w * element.getIntOrFloatBitWidth() / 8));
      frag = vector::InsertOp::create(fb, loc, reg, frag, r);
    }
    return frag;
  };
  Value kLane = mul(inGroup, w); // w * threadID_in_group
  Value aRow0 = arith::AddIOp::create(b, loc, warpRow, group);
  Value bRow0 = arith::AddIOp::create(b, loc, warpCol, group);

  // One K tile starting at k0, of which `valid` steps are inside K: the
  // copies pad past K with zeros (a multiply-add adds nothing for them),
  // and only the mma steps holding a valid k run.
  auto kTile = [&](Value k0, int64_t valid, ValueRange in) {
    copyTileToShared(b, loc, c,
                     {c.aOperand, t.tileM(), t.tileK, c.m, true, true}, aTile,
                     tid, t.threads(), batch, m0, k0, valid);
    copyTileToShared(b, loc, c,
                     {c.bOperand, t.tileN(), t.tileK, c.n, true, true}, bTile,
                     tid, t.threads(), batch, n0, k0, valid);
    gpu::BarrierOp::create(b, loc);
    SmallVector<Value> out(in);
    int64_t steps = llvm::divideCeil(valid, kStep);
    for (int64_t ks = 0; ks < steps; ++ks) {
      Value kk = add(kLane, ks * kStep);
      SmallVector<Value> as, bs;
      for (int64_t i = 0; i < t.fragsM; ++i)
        as.push_back(fragment(b, aTile, aType, add(aRow0, i * 16), kk, 4,
                              [&](int64_t r) {
                                return std::make_pair(8 * (r & 1),
                                                      4 * w * (r >> 1));
                              }));
      for (int64_t j = 0; j < t.fragsN; ++j)
        bs.push_back(fragment(b, bTile, bType, add(bRow0, j * 8), kk, 2,
                              [&](int64_t r) {
                                return std::make_pair(int64_t(0), 4 * w * r);
                              }));
      for (int64_t i = 0; i < t.fragsM; ++i)
        for (int64_t j = 0; j < t.fragsN; ++j) {
          Value &acc = out[i * t.fragsN + j];
          acc = nvgpu::MmaSyncOp::create(b, loc, as[i], bs[j], acc,
                                         ArrayRef<int64_t>{16, 8, kStep},
                                         tf32);
        }
    }
    return out;
  };
  int64_t fullTiles = c.k / t.tileK, remainder = c.k % t.tileK;
  if (fullTiles > 0) {
    auto loop = scf::ForOp::create(
        b, loc, zero, constant(fullTiles), constant(1), accs,
        [&](OpBuilder &lb, Location, Value kt, ValueRange acc) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(lb.getInsertionBlock(), lb.getInsertionPoint());
          SmallVector<Value> next = kTile(mul(kt, t.tileK), t.tileK, acc);
          // The next tile overwrites what slower warps may still read.
          gpu::BarrierOp::create(b, loc);
          scf::YieldOp::create(b, loc, next);
        });
    accs.assign(loop.getResults().begin(), loop.getResults().end());
  }
  if (remainder > 0)
    accs = kTile(constant(fullTiles * t.tileK), remainder, accs);

  // The results, where they exist.
  for (int64_t i = 0; i < t.fragsM; ++i)
    for (int64_t j = 0; j < t.fragsN; ++j)
      for (int64_t r = 0; r < 2; ++r)
        for (int64_t e = 0; e < 2; ++e) {
          OpBuilder::InsertionGuard guard(b);
          Value row = arith::AddIOp::create(b, loc, m0, cRow(i, r));
          Value col = arith::AddIOp::create(b, loc, n0, cCol(j, e));
          SmallVector<Value> conditions;
          if (partialM)
            conditions.push_back(arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::ult, row, constant(c.m)));
          if (partialN)
            conditions.push_back(arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::ult, col, constant(c.n)));
          Value value = vector::ExtractOp::create(
              b, loc, accs[i * t.fragsN + j], ArrayRef<int64_t>{r, e});
          if (!conditions.empty()) {
            Value inside = conditions.front();
            if (conditions.size() == 2)
              inside = arith::AndIOp::create(b, loc, inside, conditions[1]);
            auto ifOp =
                scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
            b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
          }
          storeResult(b, loc, c, value, {batch, row, col});
        }
  eraseContraction(c);
  (void)sinkOperationsIntoLaunchOp(launch, [](Operation *op) {
    return op->hasTrait<OpTrait::ConstantLike>();
  });
}

} // namespace

bool tryTensorCoreKernel(const Contraction &c, bool tf32) {
  Type aType = getElementTypeOrSelf(c.op->getOperand(c.aOperand).getType());
  Type bType = getElementTypeOrSelf(c.op->getOperand(c.bOperand).getType());
  Type accType =
      getElementTypeOrSelf(c.op->getOperand(Contraction::kOutput).getType());
  if (aType != bType || !isMultiplyAdd(c))
    return false;
  // mma.sync's operand and accumulator types: f16 x f16 into f16 or f32,
  // tf32 x tf32 into f32. (bf16 x bf16 into f32 exists too, but MLIR 22's
  // nvgpu-to-nvvm conversion cannot type it: bf16 stays on the SIMT path.)
  int64_t w;
  if (aType.isF16() && (accType.isF16() || accType.isF32()))
    w = 2;
  else if (tf32 && aType.isF32() && accType.isF32())
    w = 1;
  else
    return false;
  // 128 x 128 tiles of 8 warps for large problems, 64 x 64 of 4 otherwise;
  // a warp computes 64 x 32 or 32 x 32, K steps of 32 (16 for tf32).
  MmaTiling t = c.m >= 128 && c.n >= 128 ? MmaTiling{2, 4, 4, 4, 16 * w}
                                         : MmaTiling{2, 2, 2, 4, 16 * w};
  buildMmaKernel(c, t, w, accType, w == 1);
  return true;
}

} // namespace aotc
