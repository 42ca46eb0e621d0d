//===- ConcatBuffers.cpp - concatenations their pieces are written into ---===//
//
// Implements ConcatBuffers.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/ConcatBuffers.h"

#include "aotc/Analysis/PaddedBuffers.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace {

/// Whether `insert` can be a link of a chain in `block`.
bool isLink(tensor::InsertSliceOp insert, Block *block) {
  return insert && insert.hasUnitStride() && insert.getOffsets().empty() &&
         insert.getSizes().empty() && insert->getBlock() == block;
}

bool isSplatConstant(Value value) {
  SplatElementsAttr splat;
  return matchPattern(value, m_Constant(&splat)) &&
         isa<FloatType, IntegerType>(splat.getElementType());
}

} // namespace

SmallVector<tensor::InsertSliceOp>
aotc::findConcatChain(tensor::InsertSliceOp insert) {
  Block *block = insert->getBlock();
  if (!isLink(insert, block))
    return {};
  // Back to the first link, then forward to the last.
  tensor::InsertSliceOp first = insert;
  while (auto previous =
             first.getDest().getDefiningOp<tensor::InsertSliceOp>()) {
    if (!isLink(previous, block) || !previous.getResult().hasOneUse())
      break;
    first = previous;
  }
  if (!first.getDest().getDefiningOp<tensor::EmptyOp>())
    return {};
  SmallVector<tensor::InsertSliceOp> chain{first};
  Value value = first.getResult();
  while (value.hasOneUse()) {
    auto next = dyn_cast<tensor::InsertSliceOp>(*value.getUsers().begin());
    if (!isLink(next, block) || next.getDest() != value)
      break;
    chain.push_back(next);
    value = next.getResult();
  }
  if (chain.size() < 2 || !llvm::is_contained(chain, insert))
    return {};
  return chain;
}

Value aotc::getReshapedPiece(Value source) {
  if (auto collapse = source.getDefiningOp<tensor::CollapseShapeOp>())
    return collapse.getSrc();
  if (auto expand = source.getDefiningOp<tensor::ExpandShapeOp>())
    return expand.getSrc();
  return nullptr;
}

/// Whether each contiguous run of `insert`'s place in its destination is
/// at least 64 bytes (a vector register): a producer computing into it
/// stores whole vectors. A concatenation along a trailing unit dimension
/// (the phases of a transposed convolution, interleaved) would make its
/// producer store every other element: 8x slower than its copy.
static bool hasContiguousRuns(tensor::InsertSliceOp insert) {
  RankedTensorType source = insert.getSourceType(),
                   dest = insert.getDestType();
  if (source.getRank() != dest.getRank() || !source.hasStaticShape())
    return false;
  int64_t run = 1;
  for (int64_t d = source.getRank() - 1; d >= 0; --d) {
    run *= source.getDimSize(d);
    if (source.getDimSize(d) != dest.getDimSize(d))
      break;
  }
  return run * source.getElementTypeBitWidth() >= 64 * 8;
}

OpOperand *aotc::findPieceRootUse(tensor::InsertSliceOp insert) {
  if (!hasContiguousRuns(insert))
    return nullptr;
  Value source = insert.getSource();
  if (OpOperand *use = findDestinationRootUse(source))
    return use;
  Value reshaped = getReshapedPiece(source);
  return reshaped ? findDestinationRootUse(reshaped) : nullptr;
}

Operation *aotc::findPieceAnchor(tensor::InsertSliceOp insert) {
  OpOperand *use = findPieceRootUse(insert);
  return use ? insert->getBlock()->findAncestorOpInBlock(*use->getOwner())
             : nullptr;
}

static bool isRebuilt(ArrayRef<tensor::InsertSliceOp> chain) {
  return llvm::any_of(chain, [](tensor::InsertSliceOp link) {
    return aotc::findPieceAnchor(link) || isSplatConstant(link.getSource());
  });
}

bool aotc::isConcatPieceInPlace(tensor::InsertSliceOp insert) {
  SmallVector<tensor::InsertSliceOp> chain = findConcatChain(insert);
  if (!isRebuilt(chain))
    return false;
  if (isSplatConstant(insert.getSource()))
    return true;
  // A value inserted twice is computed into its first place only.
  for (tensor::InsertSliceOp link : chain) {
    if (link == insert)
      break;
    if (link.getSource() == insert.getSource())
      return false;
  }
  Operation *anchor = findPieceAnchor(insert);
  if (!anchor)
    return false;
  if (findDestinationRootUse(insert.getSource()))
    return true;
  // A reshaped piece's place must exist before its producer starts: follow
  // aotc-cpu-concat-in-place, which inserts the pieces in the order their
  // producers start, each right after its source (or the previous insert).
  SmallVector<std::pair<Operation *, tensor::InsertSliceOp>> anchored;
  for (tensor::InsertSliceOp link : chain)
    if (Operation *linkAnchor = findPieceAnchor(link))
      anchored.push_back({linkAnchor, link});
  llvm::stable_sort(anchored, [](auto &a, auto &b) {
    return a.first->isBeforeInBlock(b.first);
  });
  Block *block = insert->getBlock();
  // The op the chain so far ends right after (null: the concatenation's
  // empty, made right before the first producer).
  Operation *last = nullptr;
  for (auto [linkAnchor, link] : anchored) {
    if (link == insert)
      return !last || last->isBeforeInBlock(linkAnchor);
    Operation *def = link.getSource().getDefiningOp();
    def = def ? block->findAncestorOpInBlock(*def) : nullptr;
    if (def && (!last || last->isBeforeInBlock(def)))
      last = def;
  }
  return false;
}

bool aotc::isConcatPieceFilled(tensor::InsertSliceOp insert) {
  return isSplatConstant(insert.getSource()) &&
         !findConcatChain(insert).empty();
}
