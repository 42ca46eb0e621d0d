//===- VectorizeFills.cpp - buffer fills as vector stores along rows ------===//
//
// Implements `aotc-cpu-vectorize-fills`. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "FillSupport.h"

#include "aotc/Transforms/ParallelLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_VECTORIZEFILLSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Elements stored by one vector.store: LLVM splits it into registers.
constexpr int64_t kMaxChunkElements = 256;

/// How many times LLVM unrolls a fill loop. Left to itself it unrolls a
/// padded window's border (56 rows of one vector each) fully, into a block
/// of some 900 stores that its instruction scheduler takes quadratic time
/// over (0.6 s of ResNet-50's compile); a store-bound loop gains nothing
/// past a few iterations.
constexpr unsigned kFillUnrollCount = 4;

/// Whether filling `buffer` with `value` is better done along rows than
/// by LLVM: a buffer whose innermost dimension is static and contiguous. A
/// zero fill of a contiguous buffer stays: it becomes one memset.
bool isRowFill(Value buffer, Value value) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || type.getRank() == 0 ||
      ShapedType::isDynamic(type.getShape().back()))
    return false;
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return false; // a vector of i1 is bit-packed, a buffer of i1 is not
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return false;
  bool contiguous = type.getLayout().isIdentity() ||
                    memref::isStaticShapeAndContiguousRowMajor(type);
  bool zero = matchPattern(value, m_PosZeroFloat()) ||
              matchPattern(value, m_Zero());
  return !(contiguous && zero);
}

/// Loops over the outer dimensions (extents read from the buffer); each row
/// is stored in chunks of at most kMaxChunkElements.
void emitRowFill(OpBuilder &b, Location loc, Value buffer, Value scalar) {
  auto type = cast<MemRefType>(buffer.getType());
  int64_t rank = type.getRank(), row = type.getShape().back();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(rank - 1, zero), steps(rank - 1, one), ubs;
  for (int64_t d = 0; d + 1 < rank; ++d)
    ubs.push_back(type.isDynamicDim(d)
                      ? Value(memref::DimOp::create(b, loc, buffer, d))
                      : arith::ConstantIndexOp::create(b, loc,
                                                       type.getDimSize(d)));
  int64_t chunk = std::min(row, kMaxChunkElements);
  auto chunkType = VectorType::get({chunk}, type.getElementType());
  Value full = vector::BroadcastOp::create(b, loc, chunkType, scalar);
  Value tail;
  if (row % chunk != 0)
    tail = vector::BroadcastOp::create(
        b, loc, VectorType::get({row % chunk}, type.getElementType()), scalar);
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        SmallVector<Value> at(ivs.begin(), ivs.end());
        at.push_back(zero);
        for (int64_t start = 0; start < row; start += chunk) {
          at.back() = arith::ConstantIndexOp::create(nb, nloc, start);
          vector::StoreOp::create(nb, nloc, start + chunk <= row ? full : tail,
                                  buffer, at);
        }
      });
  // Rows are filled independently (aotc-cpu-parallelize-kernels).
  auto unroll = LLVM::LoopAnnotationAttr::get(
      b.getContext(), /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
      LLVM::LoopUnrollAttr::get(b.getContext(), /*disable=*/{},
                                b.getI32IntegerAttr(kFillUnrollCount),
                                /*runtimeDisable=*/{}, /*full=*/{},
                                /*followupUnrolled=*/{},
                                /*followupRemainder=*/{}, /*followupAll=*/{}),
      /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{}, /*pipeline=*/{},
      /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
  for (scf::ForOp loop : nest.loops) {
    aotc::markParallelLoop(loop);
    loop->setAttr("loop_annotation", unroll);
  }
}

struct VectorizeFillsPass final
    : aotc::impl::VectorizeFillsPassBase<VectorizeFillsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, Value>> fills;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!op.hasPureBufferSemantics())
        return;
      Value value = aotc::filledValue(op);
      if (value && isRowFill(op.getDpsInitOperand(0)->get(), value))
        fills.push_back({op, value});
    });
    for (auto [op, value] : fills) {
      OpBuilder b(op);
      emitRowFill(b, op.getLoc(), op.getDpsInitOperand(0)->get(), value);
      op->erase();
      ++numFillsVectorized;
    }
  }
};

} // namespace
