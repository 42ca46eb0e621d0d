//===- LowerStridedCopies.cpp - strided memref.copy to linalg.copy --------===//
//
// Implements `aotc-cpu-lower-strided-copies`, so that no compiled graph calls
// the `memrefCopy` helper of MLIR's runner library.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Transforms/ParallelLoops.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace aotc {
#define GEN_PASS_DEF_LOWERSTRIDEDCOPIESPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// True when the LLVM lowering turns a copy of `type` into a memcpy.
bool isContiguous(Type type) {
  auto memref = cast<MemRefType>(type);
  return memref.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(memref);
}

/// Rows up to this many elements are copied as one vector (LLVM splits it
/// into the target's registers).
constexpr int64_t kMaxRowElements = 256;

/// Whether a copy between `source` and `target` moves whole rows: the
/// innermost dimension static, no longer than kMaxRowElements, and
/// contiguous on both sides (a padded window's interior, a channel-blocked
/// image's slice).
bool copiesWholeRows(MemRefType source, MemRefType target) {
  int64_t rank = source.getRank();
  if (rank == 0 || source.getShape().back() != target.getShape().back() ||
      ShapedType::isDynamic(source.getShape().back()) ||
      source.getShape().back() > kMaxRowElements ||
      !source.getElementType().isIntOrFloat() ||
      source.getElementType().getIntOrFloatBitWidth() % 8 != 0)
    return false; // a vector of i1 is bit-packed, a buffer of i1 is not
  for (MemRefType type : {source, target}) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        strides.back() != 1)
      return false;
  }
  return true;
}

/// Copies row by row: loops over the outer dimensions (dynamic extents
/// read from the source), one vector load and store per row. LLVM would
/// not vectorize the scalar loops of a linalg.copy between buffers it
/// cannot prove disjoint.
void emitRowCopies(OpBuilder &b, memref::CopyOp copy) {
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  auto type = cast<MemRefType>(source.getType());
  int64_t rank = type.getRank();
  auto rowType =
      VectorType::get({type.getShape().back()}, type.getElementType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(rank - 1, zero), steps(rank - 1, one), ubs;
  for (int64_t d = 0; d + 1 < rank; ++d)
    ubs.push_back(type.isDynamicDim(d)
                      ? Value(memref::DimOp::create(b, loc, source, d))
                      : arith::ConstantIndexOp::create(b, loc,
                                                       type.getDimSize(d)));
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps,
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        SmallVector<Value> at(ivs.begin(), ivs.end());
        at.push_back(zero);
        Value row = vector::LoadOp::create(nb, nloc, rowType, source, at);
        vector::StoreOp::create(nb, nloc, row, target, at);
      });
  // Rows are copied independently (aotc-cpu-parallelize-kernels).
  for (scf::ForOp loop : nest.loops)
    aotc::markParallelLoop(loop);
}

struct LowerStridedCopiesPass final
    : aotc::impl::LowerStridedCopiesPassBase<LowerStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      if (!isContiguous(copy.getSource().getType()) ||
          !isContiguous(copy.getTarget().getType()))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder b(copy);
      if (copiesWholeRows(cast<MemRefType>(copy.getSource().getType()),
                          cast<MemRefType>(copy.getTarget().getType())))
        emitRowCopies(b, copy);
      else
        linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                               copy.getTarget());
      copy.erase();
      ++numCopiesLowered;
    }
  }
};

} // namespace
