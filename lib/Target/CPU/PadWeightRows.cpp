//===- PadWeightRows.cpp - weight rows that do not alias in the caches ----===//
//
// Implements `aotc-cpu-pad-weight-rows`: constant weights read row after
// row by a register-tiled matmul get a row stride that is not a multiple of
// 1 KiB, by padding each row with one cache line; the graph reads them
// through a slice. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cstring>

namespace aotc {
#define GEN_PASS_DEF_PADWEIGHTROWSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Rows whose byte stride is a multiple of this alias in an L1 cache of 64
/// sets of 64-byte lines (4 KiB per way) with at most 4 distinct set groups.
constexpr int64_t kAliasingStride = 1024;
/// The padding added to each row: one cache line of f32.
constexpr int64_t kPadElements = 16;

/// The dimension of `input` to pad, and by how many elements, when it is a
/// weight whose rows alias: either read row after row along the kernel's
/// vector dimension (a matmul's `B[k, n]`: pad `n`), or one row per register
/// row with its elements broadcast (a convolution's `W[co, ci, kh, kw]`:
/// pad `ci` so that each `co` row moves by at least a cache line).
std::optional<std::pair<unsigned, int64_t>> paddingFor(linalg::GenericOp generic,
                                                       OpOperand *input) {
  auto type = dyn_cast<RankedTensorType>(input->get().getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 2 ||
      !type.getElementType().isF32())
    return std::nullopt;
  AffineMap map = generic.getMatchingIndexingMap(input);
  AffineMap outMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  SmallVector<utils::IteratorType> iterators =
      generic.getIteratorTypesArray();
  auto isParallel = [&](AffineExpr expr) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    return dim && iterators[dim.getPosition()] == utils::IteratorType::parallel;
  };
  int64_t rank = type.getRank();
  // Rows along the vector dimension.
  int64_t rowBytes = type.getShape().back() * 4;
  if (rowBytes % kAliasingStride == 0 && type.getDimSize(rank - 2) >= 8 &&
      outMap.getNumResults() && isParallel(map.getResults().back()) &&
      map.getResults().back() == outMap.getResults().back())
    return std::make_pair(unsigned(rank - 1), kPadElements);
  // One row per register row.
  int64_t inner = 1;
  for (int64_t d = 2; d < rank; ++d)
    inner *= type.getDimSize(d);
  rowBytes = type.getDimSize(1) * inner * 4;
  if (rowBytes % kAliasingStride == 0 && type.getDimSize(0) >= 8 &&
      isParallel(map.getResult(0)) &&
      outMap.isFunctionOfDim(cast<AffineDimExpr>(map.getResult(0)).getPosition()))
    return std::make_pair(1u, llvm::divideCeil(kPadElements, inner));
  return std::nullopt;
}

/// A copy of `constant` with dimension `dim` grown by `count` zeros, read
/// through a slice of its original shape.
Value padDimension(OpBuilder &b, arith::ConstantOp constant, unsigned dim,
                   int64_t count) {
  auto type = cast<RankedTensorType>(constant.getType());
  int64_t outer = 1, inner = 1;
  for (unsigned d = 0; d < dim; ++d)
    outer *= type.getDimSize(d);
  for (int64_t d = dim + 1; d < type.getRank(); ++d)
    inner *= type.getDimSize(d);
  int64_t slab = type.getDimSize(dim) * inner;
  int64_t paddedSlab = (type.getDimSize(dim) + count) * inner;
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] += count;
  auto paddedType = RankedTensorType::get(shape, type.getElementType());
  ArrayRef<char> bytes = *aotc::tg::getRawElementBytes(constant.getValue());
  SmallVector<char> padded(paddedType.getNumElements() * 4, 0);
  for (int64_t o = 0; o < outer; ++o)
    std::memcpy(padded.data() + o * paddedSlab * 4,
                bytes.data() + o * slab * 4, slab * 4);
  ElementsAttr value = aotc::tg::buildConstant(
      paddedType, padded,
      aotc::tg::getConstantNameHint(constant.getValue(), "weights"));
  Location loc = constant.getLoc();
  Value paddedConstant = arith::ConstantOp::create(b, loc, value);
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
  for (int64_t size : type.getShape())
    sizes.push_back(b.getIndexAttr(size));
  return tensor::ExtractSliceOp::create(b, loc, type, paddedConstant, offsets,
                                        sizes, strides);
}

struct PadWeightRowsPass final
    : aotc::impl::PadWeightRowsPassBase<PadWeightRowsPass> {
  void runOnOperation() override {
    DenseMap<Operation *, Value> padded;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (!generic.hasPureTensorSemantics() ||
          generic.getNumReductionLoops() == 0 ||
          generic.getNumDpsInits() != 1)
        return;
      for (OpOperand *input : generic.getDpsInputOperands()) {
        auto constant = input->get().getDefiningOp<arith::ConstantOp>();
        if (!constant || !aotc::tg::getRawElementBytes(constant.getValue()))
          continue;
        std::optional<std::pair<unsigned, int64_t>> padding =
            paddingFor(generic, input);
        if (!padding)
          continue;
        Value &slice = padded[constant];
        if (!slice) {
          OpBuilder b(constant);
          slice = padDimension(b, constant, padding->first, padding->second);
          ++numPadded;
        }
        input->set(slice);
      }
    });
    for (auto [constant, slice] : padded)
      if (constant->use_empty())
        constant->erase();
  }
};

} // namespace
