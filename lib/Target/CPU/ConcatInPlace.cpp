//===- ConcatInPlace.cpp - concatenations their pieces are written into ---===//
//
// Implements `aotc-cpu-concat-in-place`: the `tensor.insert_slice` chain of
// a concatenation is rebuilt so that empty-tensor elimination can make
// each piece's producer write straight into its place. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Analysis/ConcatBuffers.h"
#include "aotc/Analysis/PaddedBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace aotc {
#define GEN_PASS_DEF_CONCATINPLACEPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The inserts of one concatenation (aotc::findConcatChain).
using Chain = SmallVector<tensor::InsertSliceOp>;

/// One insert of a chain and its anchor (aotc::findPieceAnchor).
struct Piece {
  tensor::InsertSliceOp insert;
  Operation *anchor = nullptr;
};

/// `op`'s ancestor in `block`, or null.
Operation *ancestorIn(Block *block, Operation *op) {
  return op ? block->findAncestorOpInBlock(*op) : nullptr;
}

struct ConcatInPlacePass final
    : aotc::impl::ConcatInPlacePassBase<ConcatInPlacePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    Block *block = &func.getBody().front();
    // The first insert of each chain: into a tensor.empty (which CSE may
    // have made the root of several).
    SmallVector<tensor::InsertSliceOp> firsts;
    for (auto empty : block->getOps<tensor::EmptyOp>())
      for (Operation *user : empty->getUsers())
        if (auto insert = dyn_cast<tensor::InsertSliceOp>(user);
            insert && insert.getDest() == empty.getResult())
          firsts.push_back(insert);
    SmallVector<Chain> chains;
    for (tensor::InsertSliceOp first : firsts) {
      Chain chain = aotc::findConcatChain(first);
      if (!chain.empty() && chain.front() == first)
        chains.push_back(std::move(chain));
    }
    // Each chain that is a prefix of longer ones goes to the longest of
    // them, which is rebuilt first.
    SmallVector<SmallVector<unsigned>> prefixes(chains.size());
    for (auto [a, chain] : llvm::enumerate(chains)) {
      std::optional<unsigned> host;
      for (auto [b, other] : llvm::enumerate(chains))
        if (isPrefixOf(chain, other) &&
            (!host || other.size() > chains[*host].size()))
          host = b;
      if (host)
        prefixes[*host].push_back(a);
    }
    IRRewriter rewriter(&getContext());
    SmallVector<bool> erased(chains.size(), false);
    for (auto [b, chain] : llvm::enumerate(chains)) {
      if (prefixes[b].empty())
        continue;
      SmallVector<Chain *> nested;
      for (unsigned a : prefixes[b])
        nested.push_back(&chains[a]);
      SmallVector<bool> replaced = rebuild(chain, nested, rewriter);
      erased[b] = true;
      for (auto [a, done] : llvm::zip(prefixes[b], replaced)) {
        if (!done)
          continue;
        eraseChain(chains[a], rewriter);
        erased[a] = true;
      }
    }
    for (auto [index, chain] : llvm::enumerate(chains))
      if (!erased[index])
        rebuild(chain, {}, rewriter);
  }

  /// Whether `chain`'s pieces are the first pieces of `other` (a longer
  /// chain), in the same places, and its shape is `other`'s cut short
  /// along one dimension: so `chain`'s value is a slice of `other`'s once
  /// those pieces are inserted (a DenseNet block's layers each concatenate
  /// all the features before them).
  static bool isPrefixOf(const Chain &chain, const Chain &other) {
    if (chain.size() >= other.size())
      return false;
    tensor::InsertSliceOp end = chain.back(), otherEnd = other.back();
    RankedTensorType type = end.getResultType();
    RankedTensorType otherType = otherEnd.getResultType();
    if (type.getElementType() != otherType.getElementType() ||
        type.getRank() != otherType.getRank())
      return false;
    unsigned shorter = 0;
    for (auto [size, otherSize] :
         llvm::zip(type.getShape(), otherType.getShape())) {
      if (size == otherSize)
        continue;
      if (size > otherSize || ++shorter > 1)
        return false;
    }
    if (shorter != 1)
      return false;
    for (auto [a, b] : llvm::zip(chain, other)) {
      tensor::InsertSliceOp insert = a, otherInsert = b;
      if (insert.getSource() != otherInsert.getSource() ||
          insert.getStaticOffsets() != otherInsert.getStaticOffsets() ||
          insert.getStaticSizes() != otherInsert.getStaticSizes() ||
          insert.getStaticStrides() != otherInsert.getStaticStrides())
        return false;
    }
    return true;
  }

  /// Erases a chain whose value nothing reads any more.
  static void eraseChain(const Chain &chain, IRRewriter &rewriter) {
    tensor::InsertSliceOp first = chain.front();
    auto root = first.getDest().getDefiningOp<tensor::EmptyOp>();
    for (tensor::InsertSliceOp insert : llvm::reverse(chain))
      rewriter.eraseOp(insert);
    if (root && root->use_empty())
      rewriter.eraseOp(root);
  }

  /// Rebuilds `chain` when some of its pieces have a producer that can
  /// write into it. Each of `nested` (chains that are prefixes of it,
  /// isPrefixOf) becomes a slice of it, taken once its pieces are
  /// inserted, where that precedes every reader of the nested chain's
  /// value: the result says which did (their chains are left unread).
  SmallVector<bool> rebuild(const Chain &chain, ArrayRef<Chain *> nested,
                            IRRewriter &rewriter) {
    SmallVector<bool> replaced(nested.size(), false);
    tensor::InsertSliceOp first = chain.front();
    auto root = first.getDest().getDefiningOp<tensor::EmptyOp>();
    Block *block = root->getBlock();
    SmallVector<Piece> anchored, rest;
    for (tensor::InsertSliceOp insert : chain) {
      Operation *anchor = aotc::findPieceAnchor(insert);
      (anchor ? anchored : rest).push_back({insert, anchor});
    }
    if (anchored.empty() &&
        llvm::none_of(rest, [](const Piece &piece) {
          return aotc::isConcatPieceFilled(piece.insert);
        }))
      return replaced;
    // In the order their producers start writing: each piece's place must
    // exist (the chain so far) before that.
    llvm::stable_sort(anchored, [](const Piece &a, const Piece &b) {
      return a.anchor->isBeforeInBlock(b.anchor);
    });

    // The concatenation's buffer, made right before the first producer.
    // (or where it was, when no piece is computed into it: its constants
    // are still filled rather than copied).
    rewriter.setInsertionPoint(anchored.empty() ? first.getOperation()
                                                : anchored.front().anchor);
    RankedTensorType type = root.getType();
    Value current = tensor::EmptyOp::create(rewriter, root.getLoc(),
                                            type.getShape(),
                                            type.getElementType());
    Operation *last = current.getDefiningOp();
    DominanceInfo dominance(getOperation());
    // The pieces inserted so far, by their place in `chain`.
    SmallVector<bool> inserted(chain.size(), false);
    auto sliceNested = [&]() {
      for (auto [index, prefix] : llvm::enumerate(nested)) {
        if (replaced[index] ||
            !llvm::all_of(ArrayRef<bool>(inserted).take_front(prefix->size()),
                          [](bool done) { return done; }))
          continue;
        tensor::InsertSliceOp end = prefix->back();
        RankedTensorType type = end.getResultType();
        rewriter.setInsertionPointAfter(last);
        SmallVector<OpFoldResult> zeros(type.getRank(),
                                        rewriter.getIndexAttr(0));
        SmallVector<OpFoldResult> ones(type.getRank(),
                                       rewriter.getIndexAttr(1));
        auto slice = tensor::ExtractSliceOp::create(
            rewriter, end.getLoc(), type, current, zeros,
            getAsIndexOpFoldResult(rewriter.getContext(), type.getShape()),
            ones);
        bool dominates = llvm::all_of(end->getUsers(), [&](Operation *user) {
          return dominance.properlyDominates(slice.getOperation(), user);
        });
        if (!dominates) {
          rewriter.eraseOp(slice);
          continue;
        }
        rewriter.replaceAllUsesWith(end.getResult(), slice.getResult());
        replaced[index] = true;
        ++numNestedConcats;
      }
    };
    auto append = [&](tensor::InsertSliceOp old, Value source) {
      // After the source and the chain so far.
      Operation *def = ancestorIn(block, source.getDefiningOp());
      Operation *after = def && last->isBeforeInBlock(def) ? def : last;
      rewriter.setInsertionPointAfter(after);
      auto insert = tensor::InsertSliceOp::create(
          rewriter, old.getLoc(), source, current, old.getMixedOffsets(),
          old.getMixedSizes(), old.getMixedStrides());
      current = insert.getResult();
      last = insert;
      inserted[llvm::find(chain, old) - chain.begin()] = true;
      sliceNested();
      return insert;
    };
    // With nested concatenations to slice, the pieces that exist before
    // the buffer (the block's input, an argument) go in first: a nested
    // one is sliced once all its pieces are in, before its readers.
    if (!nested.empty()) {
      auto isEarly = [&](const Piece &piece) {
        tensor::InsertSliceOp insert = piece.insert;
        Value source = insert.getSource();
        Operation *def = ancestorIn(block, source.getDefiningOp());
        return !aotc::isConcatPieceFilled(insert) &&
               (!def || def->isBeforeInBlock(last));
      };
      for (Piece &piece : rest)
        if (isEarly(piece))
          append(piece.insert, piece.insert.getSource());
      llvm::erase_if(rest, isEarly);
    }
    for (Piece &piece : anchored) {
      Value source = piece.insert.getSource();
      OpOperand *use = aotc::findPieceRootUse(piece.insert);
      Value reshaped = aotc::findDestinationRootUse(source)
                           ? Value()
                           : aotc::getReshapedPiece(source);
      // The same value inserted twice (its first insert is in place, and
      // the source is now read from there), or a reshaped piece whose
      // producer starts before the chain so far exists: copied.
      if (!use || (reshaped && !last->isBeforeInBlock(piece.anchor))) {
        append(piece.insert, source);
        continue;
      }
      if (reshaped) {
        // Empty-tensor elimination cannot see through the reshape: the
        // producer gets the reshaped place itself.
        rewriter.setInsertionPoint(use->getOwner());
        Location loc = piece.insert.getLoc();
        Value place = tensor::ExtractSliceOp::create(
            rewriter, loc, cast<RankedTensorType>(source.getType()), current,
            piece.insert.getMixedOffsets(), piece.insert.getMixedSizes(),
            piece.insert.getMixedStrides());
        auto producedType = cast<RankedTensorType>(reshaped.getType());
        if (auto collapse = source.getDefiningOp<tensor::CollapseShapeOp>())
          place = tensor::ExpandShapeOp::create(
              rewriter, loc, producedType, place,
              collapse.getReassociationIndices());
        else
          place = tensor::CollapseShapeOp::create(
              rewriter, loc, producedType, place,
              source.getDefiningOp<tensor::ExpandShapeOp>()
                  .getReassociationIndices());
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(place); });
      } else if (auto empty =
                     use->get().getDefiningOp<tensor::EmptyOp>();
                 !empty->hasOneUse()) {
        // The piece's own empty (CSE may have merged equal ones), so that
        // only its producer writes into the concatenation.
        rewriter.setInsertionPoint(use->getOwner());
        auto own = cast<tensor::EmptyOp>(rewriter.clone(*empty));
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(own); });
      }
      tensor::InsertSliceOp insert = append(piece.insert, source);
      // Later readers of the piece read it from the concatenation: read as
      // the piece itself, one-shot bufferization would see the insert as
      // a write to its buffer before their read, and copy it.
      Operation *inserted = insert;
      Operation *old = piece.insert;
      auto isLaterReader = [&](OpOperand &operand) {
        Operation *user = operand.getOwner();
        return user != inserted && user != old &&
               dominance.properlyDominates(inserted, user);
      };
      if (llvm::any_of(source.getUses(), isLaterReader)) {
        rewriter.setInsertionPointAfter(insert);
        Value interior = tensor::ExtractSliceOp::create(
            rewriter, insert.getLoc(), insert.getResult(),
            insert.getMixedOffsets(), insert.getMixedSizes(),
            insert.getMixedStrides());
        rewriter.replaceUsesWithIf(source, interior, isLaterReader);
      }
      ++numPiecesInPlace;
    }
    for (Piece &piece : rest) {
      Value source = piece.insert.getSource();
      // A splat constant (a padding's zeros) is filled in place rather
      // than copied from the object's constant data.
      SplatElementsAttr splat;
      if (aotc::isConcatPieceFilled(piece.insert) &&
          matchPattern(source, m_Constant(&splat))) {
        rewriter.setInsertionPointAfter(last);
        auto pieceType = cast<RankedTensorType>(source.getType());
        Value empty = tensor::EmptyOp::create(
            rewriter, piece.insert.getLoc(), pieceType.getShape(),
            pieceType.getElementType());
        Value value = arith::ConstantOp::create(
            rewriter, piece.insert.getLoc(), splat.getSplatValue<TypedAttr>());
        source = linalg::FillOp::create(rewriter, piece.insert.getLoc(),
                                        value, empty)
                     .getResult(0);
        last = source.getDefiningOp();
        ++numConstantsFilled;
      }
      append(piece.insert, source);
    }
    tensor::InsertSliceOp end = chain.back();
    rewriter.replaceAllUsesWith(end.getResult(), current);
    for (tensor::InsertSliceOp insert : llvm::reverse(chain))
      rewriter.eraseOp(insert);
    if (root->use_empty())
      rewriter.eraseOp(root);
    return replaced;
  }
};

} // namespace
