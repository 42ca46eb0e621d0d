//===- Winograd.cpp - tg Winograd transforms to linalg --------------------===//
//
// Lowers tg.winograd_input and tg.winograd_output to one contraction each:
// a sum over the 36 elements of a 6x6 tile, weighted by a constant table
// of the products of two rows of the transform matrix (`B^T[p, i] *
// B^T[q, j]`, `A^T[a, p] * A^T[b, q]`), accumulated into zeros. That is
// the ops' definition, which any linalg lowering computes; the generic is
// marked (kWinogradTransformAttrName) so that the CPU target emits it as
// one kernel computing the sums separably, rows then columns, instead
// (aotc-cpu-winograd-kernels), and nothing tiles or fuses it before.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Dialect/TG/IR/Winograd.h"
#include "aotc/Transforms/LinalgQueries.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;
using namespace aotc::tg::winograd;

namespace {

/// `table[r, s, i, j] = m[r][i] * m[s][j]` as an f32 constant.
template <size_t Rows>
Value buildProductTable(OpBuilder &b, Location loc,
                        const std::array<std::array<double, kTile>, Rows> &m) {
  SmallVector<float> values;
  for (int64_t r = 0; r < int64_t(Rows); ++r)
    for (int64_t s = 0; s < int64_t(Rows); ++s)
      for (int64_t i = 0; i < kTile; ++i)
        for (int64_t j = 0; j < kTile; ++j)
          values.push_back(float(m[r][i] * m[s][j]));
  auto type = RankedTensorType::get({int64_t(Rows), int64_t(Rows), kTile, kTile},
                                    b.getF32Type());
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef(values)));
}

/// The marked contraction `out[dims of outMap] += table[tableMap] *
/// in[inMap]` over 8 loops, the last two (the tile's) reductions.
Value buildTransform(OpBuilder &b, Location loc, StringRef which, Value input,
                     Value table, RankedTensorType outType,
                     ArrayRef<AffineExpr> inExprs,
                     ArrayRef<AffineExpr> tableExprs) {
  MLIRContext *context = b.getContext();
  constexpr unsigned kLoops = 8;
  SmallVector<AffineMap> maps{
      AffineMap::get(kLoops, 0, inExprs, context),
      AffineMap::get(kLoops, 0, tableExprs, context),
      AffineMap::getMultiDimIdentityMap(kLoops, context).getMajorSubMap(6)};
  SmallVector<utils::IteratorType> iterators(6, utils::IteratorType::parallel);
  iterators.append(2, utils::IteratorType::reduction);
  Value init = createFilledTensor(
      b, loc, outType, createScalarConstant(b, loc, b.getF32Type(), 0));
  auto generic = linalg::GenericOp::create(
      b, loc, outType, ValueRange{input, table}, init, maps, iterators,
      [](OpBuilder &b, Location loc, ValueRange args) {
        Value product = arith::MulFOp::create(b, loc, args[0], args[1]);
        linalg::YieldOp::create(
            b, loc, ValueRange{arith::AddFOp::create(b, loc, args[2], product)});
      });
  generic->setAttr(kWinogradTransformAttrName, b.getStringAttr(which));
  generic->setAttr(kKeepOperandsAttrName, b.getUnitAttr());
  return generic.getResult(0);
}

struct WinogradInputOpLowering final
    : OpConversionPattern<tg::WinogradInputOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::WinogradInputOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto d = [&](unsigned i) { return rewriter.getAffineDimExpr(i); };
    // Loops (p, q, n, y, x, c, i, j).
    Value result = buildTransform(
        rewriter, loc, "input", adaptor.getInput(),
        buildProductTable(rewriter, loc, kBT), op.getType(),
        {d(2), d(3) * kBlock + d(6), d(4) * kBlock + d(7), d(5)},
        {d(0), d(1), d(6), d(7)});
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct WinogradOutputOpLowering final
    : OpConversionPattern<tg::WinogradOutputOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::WinogradOutputOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto input = cast<RankedTensorType>(adaptor.getInput().getType());
    auto d = [&](unsigned i) { return rewriter.getAffineDimExpr(i); };
    // Loops (n, y, a, x, b, k, p, q): the blocks' rows and columns apart.
    auto blocks = RankedTensorType::get(
        {input.getDimSize(2), input.getDimSize(3), kBlock, input.getDimSize(4),
         kBlock, input.getDimSize(5)},
        input.getElementType());
    Value result = buildTransform(
        rewriter, loc, "output", adaptor.getInput(),
        buildProductTable(rewriter, loc, kAT), blocks,
        {d(6), d(7), d(0), d(1), d(3), d(5)}, {d(2), d(4), d(6), d(7)});
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
        op, op.getType(), result,
        ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3, 4}, {5}});
    return success();
  }
};

} // namespace

void aotc::populateTGWinogradToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<WinogradInputOpLowering, WinogradOutputOpLowering>(
      patterns.getContext());
}
