//===- CollapseTranspositionDims.cpp - longer loops for transpositions ----===//
//
// Implements `aotc-cpu-collapse-transposition-dims` (Passes.td has the
// contract): an elementwise transposition on buffers gets every run of
// loops that stays adjacent and contiguous in all its operands merged into
// one loop, so the vector transposition kernels see rows as long as the
// data's, not as long as a producer's tiles.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace aotc {
#define GEN_PASS_DEF_COLLAPSETRANSPOSITIONDIMSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The loop along which `map` reads consecutive elements of the identity-
/// or strided-layout buffer `type` (its innermost result, when that is a
/// loop and the buffer's innermost stride is 1).
std::optional<unsigned> contiguousLoop(AffineMap map, MemRefType type) {
  if (map.getNumResults() == 0)
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(map.getResults().back());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!dim || failed(type.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1)
    return std::nullopt;
  return dim.getPosition();
}

/// Whether `generic` is an elementwise transposition this pass handles:
/// buffers of static shape, all loops parallel, no index reads, every map
/// a projected permutation, the output's written through a permutation,
/// and some input read along the output's contiguous loop whose own
/// contiguous loop is another (not a bias or a row's statistics, which
/// are the same along the output's rows).
bool isTransposition(linalg::GenericOp generic) {
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1 ||
      generic.hasIndexSemantics() || generic.getNumLoops() < 2 ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return false;
  for (OpOperand &operand : generic->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.hasStaticShape() ||
        !generic.getMatchingIndexingMap(&operand).isProjectedPermutation())
      return false;
  }
  OpOperand *init = generic.getDpsInitOperand(0);
  AffineMap outMap = generic.getMatchingIndexingMap(init);
  if (!outMap.isPermutation())
    return false;
  std::optional<unsigned> outLoop =
      contiguousLoop(outMap, cast<MemRefType>(init->get().getType()));
  if (!outLoop)
    return false;
  return llvm::any_of(generic.getDpsInputOperands(), [&](OpOperand *input) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    std::optional<unsigned> loop =
        contiguousLoop(map, cast<MemRefType>(input->get().getType()));
    return loop && *loop != *outLoop && map.isFunctionOfDim(*outLoop);
  });
}

/// Whether the loops `group` are read by `map` as adjacent results in the
/// same order, and the buffer `type` can be viewed with those dimensions
/// merged. A map that reads none of them (a broadcast along them) does not
/// constrain them.
bool canMerge(AffineMap map, MemRefType type, ArrayRef<unsigned> group) {
  std::optional<unsigned> first =
      map.getResultPosition(getAffineDimExpr(group.front(), map.getContext()));
  if (!first)
    return llvm::none_of(group, [&](unsigned loop) {
      return map.isFunctionOfDim(loop);
    });
  if (*first + group.size() > map.getNumResults())
    return false;
  for (auto [i, loop] : llvm::enumerate(group))
    if (map.getResult(*first + i) != getAffineDimExpr(loop, map.getContext()))
      return false;
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (d > int64_t(*first) && d < int64_t(*first + group.size()))
      reassociation.back().push_back(d);
    else
      reassociation.push_back({d});
  }
  return memref::CollapseShapeOp::isGuaranteedCollapsible(type, reassociation);
}

/// The runs of two or more loops of `generic` that are adjacent, in the
/// output's order, and mergeable in all its operands, each as long as it
/// can be, as positions of the output's dimensions.
SmallVector<ReassociationIndices> mergeableRuns(linalg::GenericOp generic,
                                                AffineMap outMap) {
  SmallVector<ReassociationIndices> runs;
  SmallVector<unsigned> loops;
  for (AffineExpr result : outMap.getResults())
    loops.push_back(cast<AffineDimExpr>(result).getPosition());
  auto canExtend = [&](ArrayRef<unsigned> group) {
    return llvm::all_of(generic->getOpOperands(), [&](OpOperand &operand) {
      return canMerge(generic.getMatchingIndexingMap(&operand),
                      cast<MemRefType>(operand.get().getType()), group);
    });
  };
  int64_t begin = 0, e = loops.size();
  for (int64_t end = 1; end <= e; ++end) {
    if (end < e &&
        canExtend(ArrayRef<unsigned>(loops).slice(begin, end - begin + 1)))
      continue;
    if (end - begin > 1)
      runs.push_back(llvm::to_vector(llvm::seq<int64_t>(begin, end)));
    begin = end;
  }
  return runs;
}

/// The runs among `runs` (positions of the output's dimensions) that make
/// a loop along which an operand is contiguous longer: the others (unit
/// dimensions merged with a loop, or loops along which nothing is read
/// contiguously) would change the kernel without helping it.
SmallVector<ReassociationIndices>
lengtheningRuns(linalg::GenericOp generic, AffineMap outMap,
                ArrayRef<ReassociationIndices> runs) {
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  llvm::SmallDenseSet<unsigned> contiguous;
  for (OpOperand &operand : generic->getOpOperands())
    if (std::optional<unsigned> loop =
            contiguousLoop(generic.getMatchingIndexingMap(&operand),
                           cast<MemRefType>(operand.get().getType())))
      contiguous.insert(*loop);
  SmallVector<ReassociationIndices> kept;
  for (const ReassociationIndices &run : runs) {
    int64_t extent = 1;
    for (int64_t position : run)
      extent *= ranges[outMap.getDimPosition(position)];
    if (llvm::any_of(run, [&](int64_t position) {
          unsigned loop = outMap.getDimPosition(position);
          return contiguous.contains(loop) && ranges[loop] < extent;
        }))
      kept.push_back(run);
  }
  return kept;
}

struct CollapseTranspositionDimsPass final
    : aotc::impl::CollapseTranspositionDimsPassBase<
          CollapseTranspositionDimsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (isTransposition(generic))
        generics.push_back(generic);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp generic : generics) {
      AffineMap outMap =
          generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
      SmallVector<ReassociationIndices> runs =
          lengtheningRuns(generic, outMap, mergeableRuns(generic, outMap));
      if (runs.empty())
        continue;
      // The loops in the output's order first, so that each run is a
      // sequence of consecutive loops.
      SmallVector<unsigned> order;
      for (AffineExpr result : outMap.getResults())
        order.push_back(cast<AffineDimExpr>(result).getPosition());
      rewriter.setInsertionPoint(generic);
      FailureOr<linalg::GenericOp> interchanged =
          linalg::interchangeGenericOp(rewriter, generic, order);
      if (failed(interchanged))
        continue;
      generic = *interchanged;
      FailureOr<linalg::CollapseResult> collapsed =
          linalg::collapseOpIterationDims(generic, runs, rewriter);
      if (failed(collapsed))
        continue;
      for (NamedAttribute attr : generic->getDiscardableAttrs())
        collapsed->collapsedOp->setAttr(attr.getName(), attr.getValue());
      rewriter.eraseOp(generic);
      ++numCollapsed;
    }
  }
};

} // namespace
