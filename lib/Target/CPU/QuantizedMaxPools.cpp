//===- QuantizedMaxPools.cpp - max pooling of 8-bit images ----------------===//
//
// Implements `aotc-cpu-quantized-max-pools` (Passes.td has the contract):
// a max pooling of a dequantized 8-bit image pools the 8-bit image (a
// dequantization is increasing, so the maximum of the dequantized values is
// the dequantized maximum), with channels innermost when the image was
// transposed out of that layout for it.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "QDQMatching.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

namespace aotc {
#define GEN_PASS_DEF_QUANTIZEDMAXPOOLSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// NCHW to NHWC and back, as linalg.transpose permutations.
constexpr int64_t kToNCHW[] = {0, 3, 1, 2};
constexpr int64_t kToNHWC[] = {0, 2, 3, 1};

/// Whether `generic` is a max pooling as aotc-convert-tg-to-linalg builds
/// it: inputs (image, window) where only the window's shape matters, an
/// f32 output initialized by a constant fill, body `max(out, image)`.
bool isMaxPool(linalg::GenericOp generic) {
  if (!generic.hasPureTensorSemantics() || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() == 0 ||
      !getElementTypeOrSelf(generic.getResult(0).getType()).isF32())
    return false;
  Block *body = generic.getBody();
  if (body->getOperations().size() != 2 ||
      !body->getArgument(1).use_empty())
    return false;
  auto max = dyn_cast<arith::MaximumFOp>(body->front());
  Value image = body->getArgument(0), out = body->getArgument(2);
  return max &&
         cast<linalg::YieldOp>(body->getTerminator()).getOperand(0) ==
             max.getResult() &&
         ((max.getLhs() == out && max.getRhs() == image) ||
          (max.getLhs() == image && max.getRhs() == out)) &&
         generic.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
}

/// Whether the pooling's maps are NCHW's: loops (n, c, oh, ow, kh, kw), the
/// image at (n, c, f(oh, kh), g(ow, kw)), the window at (kh, kw), the
/// result at (n, c, oh, ow).
bool isNCHWPool(linalg::GenericOp generic) {
  if (generic.getNumLoops() != 6)
    return false;
  MLIRContext *context = generic.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, context); };
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  return maps[0].getNumResults() == 4 && maps[0].getResult(0) == dim(0) &&
         maps[0].getResult(1) == dim(1) &&
         maps[1] == AffineMap::get(6, 0, {dim(4), dim(5)}, context) &&
         maps[2] == AffineMap::get(6, 0, {dim(0), dim(1), dim(2), dim(3)},
                                   context);
}

struct QuantizedMaxPoolsPass final
    : aotc::impl::QuantizedMaxPoolsPassBase<QuantizedMaxPoolsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> pools;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (isMaxPool(generic))
        pools.push_back(generic);
    });
    for (linalg::GenericOp pool : pools)
      if (succeeded(rewrite(pool)))
        ++numRewritten;
  }

  static LogicalResult rewrite(linalg::GenericOp pool) {
    // The image: pad(transpose?(dequantize(q))), padded with -inf (an
    // ignored border).
    std::optional<aotc::DequantizedImage> image =
        aotc::matchDequantizedImage(pool.getDpsInputs()[0]);
    if (!image)
      return failure();
    tensor::PadOp pad = image->pad;
    linalg::TransposeOp transpose = image->transpose;
    if (pad) {
      FloatAttr padValue;
      Value value = pad.getConstantPaddingValue();
      if (!value || !matchPattern(value, m_Constant(&padValue)) ||
          !padValue.getValue().isInfinity() ||
          !padValue.getValue().isNegative())
        return failure();
    }
    const aotc::Dequantized *x = &image->x;
    // Pooled with channels innermost when the image comes from that
    // layout (a VNNI contraction's) and the pooling is NCHW's.
    bool nhwc = transpose &&
                transpose.getPermutation() == ArrayRef<int64_t>(kToNCHW) &&
                isNCHWPool(pool);
    if (transpose && !nhwc)
      return failure();

    OpBuilder b(pool);
    Location loc = pool.getLoc();
    MLIRContext *context = b.getContext();
    Type i8 = b.getI8Type(), f32 = b.getF32Type();
    // The 8-bit image, padded with its smallest value: never the maximum
    // of a window, which holds at least one element of the image.
    Value q = x->q;
    if (pad) {
      SmallVector<OpFoldResult> low = pad.getMixedLowPad(),
                                high = pad.getMixedHighPad();
      if (nhwc) {
        SmallVector<OpFoldResult> nhwcLow, nhwcHigh;
        for (int64_t d : kToNHWC) {
          nhwcLow.push_back(low[d]);
          nhwcHigh.push_back(high[d]);
        }
        low = nhwcLow;
        high = nhwcHigh;
      }
      Value smallest = arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(i8, x->isUnsigned ? 0 : -128));
      q = tensor::PadOp::create(b, loc, Type(), q, low, high, smallest);
    }

    SmallVector<AffineMap> maps = pool.getIndexingMapsArray();
    auto resultType = cast<RankedTensorType>(pool.getResult(0).getType());
    auto fill = pool.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
    Value init = pool.getDpsInits()[0];
    if (nhwc) {
      // Loops (n, oh, ow, c, kh, kw) from (n, c, oh, ow, kh, kw).
      auto dim = [&](unsigned d) { return getAffineDimExpr(d, context); };
      SmallVector<AffineExpr> renamed = {dim(0), dim(3), dim(1),
                                         dim(2), dim(4), dim(5)};
      AffineExpr row = maps[0].getResult(2).replaceDims(renamed),
                 column = maps[0].getResult(3).replaceDims(renamed);
      maps = {AffineMap::get(6, 0, {dim(0), row, column, dim(3)}, context),
              maps[1],
              AffineMap::get(6, 0, {dim(0), dim(1), dim(2), dim(3)}, context)};
      resultType = RankedTensorType::get(
          {resultType.getDimSize(0), resultType.getDimSize(2),
           resultType.getDimSize(3), resultType.getDimSize(1)},
          f32);
      init = linalg::FillOp::create(
                 b, loc, fill.getInputs()[0],
                 ValueRange{tensor::EmptyOp::create(
                     b, loc, resultType.getShape(), f32)})
                 .getResult(0);
    }
    auto maxOp = cast<arith::MaximumFOp>(pool.getBody()->front());
    arith::FastMathFlags flags = maxOp.getFastmath();
    bool isUnsigned = x->isUnsigned;
    auto pooled = linalg::GenericOp::create(
        b, loc, resultType, ValueRange{q, pool.getDpsInputs()[1]},
        ValueRange{init}, maps, pool.getIteratorTypesArray(),
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value value =
              aotc::buildFloatOf8Bit(nested, nestedLoc, args[0], isUnsigned);
          Value max = arith::MaximumFOp::create(nested, nestedLoc, args[2],
                                                value, flags);
          linalg::YieldOp::create(nested, nestedLoc, max);
        });

    // Dequantized after the pooling, as before it: (float(q) - z) * s.
    float zero = static_cast<float>(x->zero), scale = x->scale;
    AffineMap identity = b.getMultiDimIdentityMap(resultType.getRank());
    Value result =
        linalg::GenericOp::create(
            b, loc, resultType, ValueRange{pooled.getResult(0)},
            ValueRange{tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                               f32)},
            ArrayRef<AffineMap>{identity, identity},
            SmallVector<utils::IteratorType>(resultType.getRank(),
                                             utils::IteratorType::parallel),
            [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
              Value value = args[0];
              if (zero != 0)
                value = arith::SubFOp::create(
                    nested, nestedLoc, value,
                    arith::ConstantOp::create(nested, nestedLoc,
                                              nested.getF32FloatAttr(zero)));
              value = arith::MulFOp::create(
                  nested, nestedLoc, value,
                  arith::ConstantOp::create(nested, nestedLoc,
                                            nested.getF32FloatAttr(scale)));
              linalg::YieldOp::create(nested, nestedLoc, value);
            })
            .getResult(0);
    if (nhwc) {
      auto nchwType = cast<RankedTensorType>(pool.getResult(0).getType());
      result = linalg::TransposeOp::create(
                   b, loc, result,
                   tensor::EmptyOp::create(b, loc, nchwType.getShape(), f32),
                   kToNCHW)
                   ->getResult(0);
    }
    pool.getResult(0).replaceAllUsesWith(result);
    pool.erase();
    for (Operation *op : {pad.getOperation(), transpose.getOperation()})
      if (op && op->use_empty())
        op->erase();
    return success();
  }
};

} // namespace
