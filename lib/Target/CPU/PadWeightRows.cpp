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

/// Whether `input` of `generic` is a weight read row after row along the
/// kernel's vector dimension with an aliasing row stride.
bool needsPadding(linalg::GenericOp generic, OpOperand *input) {
  auto type = dyn_cast<RankedTensorType>(input->get().getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 2 ||
      !type.getElementType().isF32())
    return false;
  int64_t rowBytes = type.getShape().back() * 4;
  if (rowBytes % kAliasingStride != 0 || type.getDimSize(type.getRank() - 2) < 8)
    return false;
  AffineMap map = generic.getMatchingIndexingMap(input);
  AffineMap outMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  auto outLast = outMap.getNumResults()
                     ? dyn_cast<AffineDimExpr>(outMap.getResults().back())
                     : nullptr;
  return last && outLast && last == outLast &&
         generic.getIteratorTypesArray()[last.getPosition()] ==
             utils::IteratorType::parallel;
}

/// A padded copy of `constant` (each row followed by kPadElements zeros)
/// read through a slice of its original shape.
Value padRows(OpBuilder &b, arith::ConstantOp constant) {
  auto type = cast<RankedTensorType>(constant.getType());
  int64_t row = type.getShape().back();
  int64_t rows = type.getNumElements() / row;
  SmallVector<int64_t> shape(type.getShape());
  shape.back() += kPadElements;
  auto paddedType = RankedTensorType::get(shape, type.getElementType());
  ArrayRef<char> bytes = *aotc::tg::getRawElementBytes(constant.getValue());
  SmallVector<char> padded(paddedType.getNumElements() * 4, 0);
  for (int64_t r = 0; r < rows; ++r)
    std::memcpy(padded.data() + r * (row + kPadElements) * 4,
                bytes.data() + r * row * 4, row * 4);
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
        if (!constant || !needsPadding(generic, input) ||
            !aotc::tg::getRawElementBytes(constant.getValue()))
          continue;
        Value &slice = padded[constant];
        if (!slice) {
          OpBuilder b(constant);
          slice = padRows(b, constant);
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
