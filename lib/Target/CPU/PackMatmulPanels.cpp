//===- PackMatmulPanels.cpp - runtime matmul operands in panels -----------===//
//
// Implements `aotc-cpu-pack-matmul-panels`: a matmul's runtime right-hand
// side whose rows alias in the caches, or span too many pages, is read
// through a copy in contiguous panels of columns, which aotc-tile-and-fuse
// makes once per tile. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "LayoutSupport.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <cstring>

namespace aotc {
#define GEN_PASS_DEF_PACKMATMULPANELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Panel rows a multiple of this many bytes apart share a few sets of each
/// cache (as in aotc-cpu-pad-weight-rows).
constexpr int64_t kAliasingStride = 1024;
/// Panel rows spread over more than this touch more pages than a core's
/// second-level TLB maps (512 of 4 KiB).
constexpr int64_t kMaxPanelSpanBytes = 2 * 1024 * 1024;
/// Rows a multiple of kAliasingStride apart share at most 4 of the 64 sets
/// of a 12-way L1: up to this many of them stay in it.
constexpr int64_t kAliasingRowsInL1 = 48;
/// Fewer output rows than this do not repay the copy.
constexpr int64_t kMinReuseRows = 32;
/// The columns of a panel: four cache lines a row, four AVX-512 or eight
/// AVX2 vectors (a 6x4 register tile, or two 6x2 tiles that share each
/// load of the left-hand side's rows). Wider panels overflow L2 with long
/// reductions (2048 rows of 128 columns: 1 MiB).
constexpr int64_t kPanelColumns = 64;
/// A whole transposed copy has at least one AVX-512 vector of columns.
constexpr int64_t kMinWholeColumns = 16;

/// The output elements that reuse each element of `input` of `generic`:
/// the product of the output's loops the input does not depend on (the
/// output rows that read each panel).
int64_t getReuse(linalg::GenericOp generic, OpOperand *input) {
  AffineMap map = generic.getMatchingIndexingMap(input);
  AffineMap outMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  int64_t reuse = 1;
  for (AffineExpr expr : outMap.getResults()) {
    unsigned loop = cast<AffineDimExpr>(expr).getPosition();
    if (!map.isFunctionOfDim(loop))
      reuse *= ranges[loop];
  }
  return reuse;
}

/// Whether `input` of the contraction `generic` is read as `[..., k, n]`
/// with `n` the output's innermost loop, a multiple of `width`, and `k` a
/// reduction loop: a matmul's right-hand side.
bool readsColumns(linalg::GenericOp generic, OpOperand *input, int64_t width) {
  if (!aotc::isPermutedF32Operand(generic, input))
    return false;
  auto type = cast<RankedTensorType>(input->get().getType());
  AffineMap map = generic.getMatchingIndexingMap(input);
  AffineMap outMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  int64_t rank = type.getRank();
  unsigned column = map.getDimPosition(rank - 1);
  unsigned row = map.getDimPosition(rank - 2);
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  return column == outMap.getDimPosition(outMap.getNumResults() - 1) &&
         iterators[row] == utils::IteratorType::reduction &&
         type.getDimSize(rank - 1) % width == 0;
}

/// Whether `input`, a runtime right-hand side of `generic`, has a layout
/// that costs the kernel enough for a copy in panels to pay.
bool wantsPanels(linalg::GenericOp generic, OpOperand *input, int64_t width) {
  if (matchPattern(input->get(), m_Constant()) ||
      !readsColumns(generic, input, width))
    return false;
  auto type = cast<RankedTensorType>(input->get().getType());
  int64_t columns = type.getShape().back();
  int64_t rows = type.getShape().drop_back().back();
  int64_t reuse = getReuse(generic, input);
  int64_t rowBytes = columns * 4;
  return reuse >= kMinReuseRows &&
         ((rowBytes % kAliasingStride == 0 && rows > kAliasingRowsInL1) ||
          rows * rowBytes > kMaxPanelSpanBytes);
}

/// A runtime right-hand side read transposed whose `n` is not a multiple
/// of the panel width is copied whole, `[..., K, N]`, when it is at most
/// this many bytes (per the loops outside it: a head of attention's `K^T`).
constexpr int64_t kMaxWholeTransposedBytes = 128 * 1024;

/// How a runtime right-hand side read transposed is copied: the positions
/// (of its dimensions) of `n` and `k`, and the panel width (`n` itself when
/// the copy is one panel).
struct TransposedRead {
  unsigned nPosition, kPosition;
  int64_t width;
};

/// How to copy `input` of the contraction `generic` when it is a runtime
/// value read transposed, `[..., n, ..., k]` with `k` innermost (the
/// right-hand side of `Q K^T`) and `n` the output's innermost loop, and at
/// least kMinReuseRows output rows reuse each panel: in panels of `width`
/// columns when `n` is a multiple of it, else whole when small and at least
/// `minColumns` wide (one vector).
std::optional<TransposedRead> readsTransposed(linalg::GenericOp generic,
                                              OpOperand *input, int64_t width,
                                              int64_t minColumns) {
  if (matchPattern(input->get(), m_Constant()) ||
      !aotc::isPermutedF32Operand(generic, input))
    return std::nullopt;
  auto type = cast<RankedTensorType>(input->get().getType());
  AffineMap map = generic.getMatchingIndexingMap(input);
  AffineMap outMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  int64_t rank = type.getRank();
  unsigned k = map.getDimPosition(rank - 1);
  unsigned n = outMap.getDimPosition(outMap.getNumResults() - 1);
  std::optional<unsigned> nPosition = map.getResultPosition(
      getAffineDimExpr(n, generic.getContext()));
  if (iterators[k] != utils::IteratorType::reduction || !nPosition ||
      getReuse(generic, input) < kMinReuseRows)
    return std::nullopt;
  int64_t columns = type.getDimSize(*nPosition);
  if (columns % width != 0) {
    int64_t bytes = columns * type.getDimSize(rank - 1) * 4;
    if (columns < minColumns || bytes > kMaxWholeTransposedBytes)
      return std::nullopt;
    width = columns;
  }
  return TransposedRead{*nPosition, unsigned(rank - 1), width};
}

/// A copy of `value`, read as `[..., n, ..., k]` (positions `n` and `k`,
/// k innermost), in panels of `width` columns of n: `[others..., n /
/// width, k, width]`, or `[others..., k, n]` when `width` is all of n.
Value packTransposedPanels(OpBuilder &b, Location loc, Value value,
                           unsigned nPosition, unsigned kPosition,
                           int64_t width, bool whole) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  MLIRContext *context = b.getContext();
  SmallVector<int64_t> shape;
  SmallVector<unsigned> others;
  for (int64_t d = 0; d < rank; ++d)
    if (d != nPosition && d != kPosition) {
      others.push_back(d);
      shape.push_back(type.getDimSize(d));
    }
  if (!whole)
    shape.push_back(type.getDimSize(nPosition) / width);
  shape.append({type.getDimSize(kPosition), width});
  int64_t copyRank = shape.size();
  // The copy's loops are its own dimensions: (others..., [panel,] k,
  // column).
  SmallVector<AffineExpr> read(rank);
  for (auto [i, d] : llvm::enumerate(others))
    read[d] = getAffineDimExpr(i, context);
  AffineExpr column = getAffineDimExpr(copyRank - 1, context);
  read[nPosition] =
      whole ? column
            : getAffineDimExpr(copyRank - 3, context) * width + column;
  read[kPosition] = getAffineDimExpr(copyRank - 2, context);
  AffineMap readMap = AffineMap::get(copyRank, 0, read, context);
  AffineMap writeMap = AffineMap::getMultiDimIdentityMap(copyRank, context);
  Value empty = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  SmallVector<utils::IteratorType> iterators(copyRank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, empty.getType(), ValueRange{value}, ValueRange{empty},
             ArrayRef<AffineMap>{readMap, writeMap}, iterators,
             [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(nested, nestedLoc, args[0]);
             })
      .getResult(0);
}

/// `map`, reading `[..., n, ..., k]`, reading the transposed panels
/// instead: `(others..., n floordiv width, k, n mod width)`, or
/// `(others..., k, n)` from a whole copy (`width` is all of n).
AffineMap transposedPanelMap(AffineMap map, unsigned nPosition,
                             unsigned kPosition, int64_t width, bool whole) {
  SmallVector<AffineExpr> results;
  for (unsigned d = 0; d < map.getNumResults(); ++d)
    if (d != nPosition && d != kPosition)
      results.push_back(map.getResult(d));
  AffineExpr column = map.getResult(nPosition);
  if (whole)
    results.append({map.getResult(kPosition), column});
  else
    results.append(
        {column.floorDiv(width), map.getResult(kPosition), column % width});
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), results,
                        map.getContext());
}

/// `constant`, a `[..., K, N]` matrix (or a batch of them), stored in
/// panels of `width` columns, `[..., N / width, K, width]`, permuted at
/// compile time.
Value packConstantPanels(OpBuilder &b, arith::ConstantOp constant,
                         int64_t width) {
  auto type = cast<RankedTensorType>(constant.getType());
  int64_t rank = type.getRank();
  int64_t rows = type.getDimSize(rank - 2), columns = type.getDimSize(rank - 1);
  int64_t matrices = type.getNumElements() / (rows * columns);
  SmallVector<int64_t> shape(type.getShape().drop_back(2));
  shape.append({columns / width, rows, width});
  auto panelType = RankedTensorType::get(shape, type.getElementType());
  ArrayRef<char> bytes = *aotc::tg::getRawElementBytes(constant.getValue());
  SmallVector<char> panels(bytes.size());
  for (int64_t m = 0; m < matrices; ++m) {
    const char *from = bytes.data() + m * rows * columns * 4;
    char *to = panels.data() + m * rows * columns * 4;
    for (int64_t p = 0; p < columns / width; ++p)
      for (int64_t k = 0; k < rows; ++k)
        std::memcpy(to + ((p * rows + k) * width) * 4,
                    from + (k * columns + p * width) * 4, width * 4);
  }
  ElementsAttr value = aotc::tg::buildConstant(
      panelType, panels,
      aotc::tg::getConstantNameHint(constant.getValue(), "weights"));
  return arith::ConstantOp::create(b, constant.getLoc(), value);
}

/// `constant`, a `[K, N]` matrix, stored transposed, `[N, K]`, permuted at
/// compile time.
Value transposeConstant(OpBuilder &b, arith::ConstantOp constant) {
  auto type = cast<RankedTensorType>(constant.getType());
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  auto transposedType =
      RankedTensorType::get({columns, rows}, type.getElementType());
  ArrayRef<char> bytes = *aotc::tg::getRawElementBytes(constant.getValue());
  SmallVector<char> transposed(bytes.size());
  for (int64_t k = 0; k < rows; ++k)
    for (int64_t n = 0; n < columns; ++n)
      std::memcpy(transposed.data() + (n * rows + k) * 4,
                  bytes.data() + (k * columns + n) * 4, 4);
  ElementsAttr value = aotc::tg::buildConstant(
      transposedType, transposed,
      aotc::tg::getConstantNameHint(constant.getValue(), "weights"));
  return arith::ConstantOp::create(b, constant.getLoc(), value);
}

/// A copy of `value`, of shape `[..., K, N]`, in panels of `width` columns:
/// `[..., N / width, K, width]`.
Value packPanels(OpBuilder &b, Location loc, Value value, int64_t width) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape(type.getShape().drop_back(2));
  shape.append({type.getDimSize(rank - 1) / width, type.getDimSize(rank - 2),
                width});
  MLIRContext *context = b.getContext();
  // (batch..., panel, k, column) -> (batch..., k, panel * width + column).
  SmallVector<AffineExpr> read;
  for (int64_t d = 0; d < rank - 2; ++d)
    read.push_back(getAffineDimExpr(d, context));
  read.push_back(getAffineDimExpr(rank - 1, context));
  read.push_back(getAffineDimExpr(rank - 2, context) * width +
                 getAffineDimExpr(rank, context));
  AffineMap readMap = AffineMap::get(rank + 1, 0, read, context);
  AffineMap writeMap = AffineMap::getMultiDimIdentityMap(rank + 1, context);
  Value empty =
      tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  SmallVector<utils::IteratorType> iterators(rank + 1,
                                             utils::IteratorType::parallel);
  auto copy = linalg::GenericOp::create(
      b, loc, empty.getType(), ValueRange{value}, ValueRange{empty},
      ArrayRef<AffineMap>{readMap, writeMap}, iterators,
      [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        linalg::YieldOp::create(nested, nestedLoc, args[0]);
      });
  return copy.getResult(0);
}

/// `map`, reading `[..., k, n]`, reading the panels instead:
/// `(..., n floordiv width, k, n mod width)`.
AffineMap panelMap(AffineMap map, int64_t width) {
  SmallVector<AffineExpr> results(map.getResults().drop_back(2));
  AffineExpr row = map.getResult(map.getNumResults() - 2);
  AffineExpr column = map.getResults().back();
  results.append({column.floorDiv(width), row, column % width});
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), results,
                        map.getContext());
}

struct PackMatmulPanelsPass final
    : aotc::impl::PackMatmulPanelsPassBase<PackMatmulPanelsPass> {
  void runOnOperation() override {
    int64_t width = kPanelColumns;
    SmallVector<std::pair<linalg::GenericOp, unsigned>> candidates;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (!generic.hasPureTensorSemantics() ||
          generic.getNumReductionLoops() == 0 ||
          generic.getNumDpsInits() != 1 || generic.getNumDpsInputs() < 2)
        return;
      for (OpOperand *input : generic.getDpsInputOperands())
        if (wantsPanels(generic, input, width))
          candidates.push_back({generic, input->getOperandNumber()});
    });
    for (auto [generic, operand] : candidates) {
      OpOperand &input = generic->getOpOperand(operand);
      OpBuilder b(generic);
      Value panels = packPanels(b, generic.getLoc(), input.get(), width);
      readThroughPanels(generic, input, panels, width);
      ++numPacked;
    }

    // Runtime right-hand sides read transposed (`Q K^T`: k innermost) would
    // be read a row of k at a time, one output column per vector; the copy
    // in panels puts n innermost, for the register-tiled outer products.
    SmallVector<std::tuple<linalg::GenericOp, unsigned, TransposedRead>>
        transposed;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (!generic.hasPureTensorSemantics() ||
          generic.getNumReductionLoops() == 0 ||
          generic.getNumDpsInits() != 1 || generic.getNumDpsInputs() != 2)
        return;
      for (OpOperand *input : generic.getDpsInputOperands())
        if (auto read = readsTransposed(generic, input, width,
                                        kMinWholeColumns)) {
          transposed.push_back({generic, input->getOperandNumber(), *read});
          return;
        }
    });
    for (auto [generic, operand, read] : transposed) {
      OpOperand &input = generic->getOpOperand(operand);
      OpBuilder b(generic);
      bool whole = read.width != width;
      Value panels =
          packTransposedPanels(b, generic.getLoc(), input.get(),
                               read.nPosition, read.kPosition, read.width,
                               whole);
      SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
      maps[operand] = transposedPanelMap(maps[operand], read.nPosition,
                                         read.kPosition, read.width, whole);
      generic.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
      input.set(panels);
      ++numTransposed;
    }

    // Constant matrices read only as right-hand sides are stored in panels
    // at compile time: each panel one contiguous stream.
    // Those whose columns do not fill panels and that only matrix-vector
    // products read (a classifier's 1000 columns) are stored transposed
    // instead: each output is then a dot product of two contiguous rows,
    // where a tile of columns would read a few lines out of every row.
    SmallVector<arith::ConstantOp> constants, vectorProducts;
    getOperation().walk([&](arith::ConstantOp constant) {
      auto type = dyn_cast<RankedTensorType>(constant.getType());
      if (!type || type.getRank() < 2 || constant->use_empty() ||
          !aotc::tg::getRawElementBytes(constant.getValue()))
        return;
      // A batch of matrices (Winograd's transformed weights) is stored in
      // panels too; only a 2-D one is ever stored transposed.
      bool panels = true, vectorProduct = type.getRank() == 2;
      for (OpOperand &use : constant->getUses()) {
        linalg::GenericOp generic = aotc::contractionReading(use);
        if (!generic || !readsColumns(generic, &use, 1))
          return;
        panels &= readsColumns(generic, &use, width);
        vectorProduct &= getReuse(generic, &use) == 1;
      }
      if (panels)
        constants.push_back(constant);
      else if (vectorProduct)
        vectorProducts.push_back(constant);
    });
    for (arith::ConstantOp constant : vectorProducts) {
      OpBuilder b(constant);
      Value transposed = transposeConstant(b, constant);
      for (OpOperand &use : llvm::make_early_inc_range(constant->getUses())) {
        auto generic = cast<linalg::GenericOp>(use.getOwner());
        SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
        AffineMap &map = maps[use.getOperandNumber()];
        map = AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                             {map.getResult(1), map.getResult(0)},
                             map.getContext());
        generic.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
        use.set(transposed);
      }
      constant->erase();
      ++numConstantsTransposed;
    }
    for (arith::ConstantOp constant : constants) {
      OpBuilder b(constant);
      Value panels = packConstantPanels(b, constant, width);
      for (OpOperand &use : llvm::make_early_inc_range(constant->getUses()))
        readThroughPanels(cast<linalg::GenericOp>(use.getOwner()), use, panels,
                          width);
      constant->erase();
      ++numConstantsPacked;
    }
  }

  /// Makes `generic` read its operand `input` from `panels` instead.
  static void readThroughPanels(linalg::GenericOp generic, OpOperand &input,
                                Value panels, int64_t width) {
    SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
    unsigned operand = input.getOperandNumber();
    maps[operand] = panelMap(maps[operand], width);
    Builder b(generic.getContext());
    generic.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
    input.set(panels);
  }
};

} // namespace
