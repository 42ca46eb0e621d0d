//===- NBitMatmul.cpp - tg.matmul_nbits to linalg -------------------------===//
//
// Lowers tg.matmul_nbits to one contraction that reads the packed codes
// themselves: no dequantized weight is ever stored.
//
//   A [M, K] (the input's rows flattened) is first regrouped as
//   A' [M, blocks, 8 / bits, bytes]: A'[m, b, p, j] = A[m, b*B + j*(8/bits) + p],
//   the inputs each field p of byte j multiplies, contiguous along j (a
//   transpose of a reshape, M x K elements: small next to the weights).
//
//   C[m, n] += A'[m, b, p, j] *
//              (((packed[n, b, j] >> p*bits) & mask) - zero[n, b]) * scale[n, b]
//
// over loops (m, n, b, p, j). Every indexing map is a projected permutation
// and the field is chosen by `linalg.index p`, so the generic is correct for
// every target as it stands; it is marked kNBitMatmulAttrName (no tiling or
// fusion touches it) for the CPU target's register kernel.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Transforms/LinalgQueries.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

struct MatmulNBitsOpLowering final : OpConversionPattern<tg::MatmulNBitsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::MatmulNBitsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    Value input = adaptor.getInput(), packed = adaptor.getPacked();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto packedType = cast<RankedTensorType>(packed.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type f32 = rewriter.getF32Type();
    int64_t bits = op.getBits(), fields = 8 / bits;
    int64_t n = packedType.getDimSize(0), blocks = packedType.getDimSize(1),
            bytes = packedType.getDimSize(2), k = inputType.getShape().back();
    int64_t m = inputType.getNumElements() / k;

    // The rows, [M, K], as [M, blocks, bytes, fields] and then A'.
    SmallVector<ReassociationIndices> rows;
    if (inputType.getRank() == 1) {
      rows = {{0, 1}};
      input = tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get({1, k}, f32), input, rows);
    } else if (inputType.getRank() > 2) {
      rows.emplace_back();
      for (int64_t d = 0; d + 1 < inputType.getRank(); ++d)
        rows.back().push_back(d);
      rows.push_back({inputType.getRank() - 1});
      input = tensor::CollapseShapeOp::create(rewriter, loc, input, rows);
    }
    Value grouped = tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get({m, blocks, bytes, fields}, f32),
        input, ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}});
    Value regrouped = linalg::TransposeOp::create(
                          rewriter, loc, grouped,
                          createEmptyTensor(rewriter, loc,
                                            RankedTensorType::get(
                                                {m, blocks, fields, bytes}, f32)),
                          ArrayRef<int64_t>{0, 1, 3, 2})
                          .getResult()[0];

    auto flatType = RankedTensorType::get({m, n}, f32);
    Value init = createFilledTensor(rewriter, loc, flatType,
                                    createScalarConstant(rewriter, loc, f32, 0));
    auto map = [&](ArrayRef<unsigned> dims) {
      SmallVector<AffineExpr> exprs;
      for (unsigned d : dims)
        exprs.push_back(getAffineDimExpr(d, context));
      return AffineMap::get(5, 0, exprs, context);
    };
    // Loops (m, n, b, p, j).
    SmallVector<Value> inputs{regrouped, packed, adaptor.getScales()};
    SmallVector<AffineMap> maps{map({0, 2, 3, 4}), map({1, 2, 4}),
                                map({1, 2})};
    Value zeroPoints = adaptor.getZeroPoints();
    if (zeroPoints) {
      inputs.push_back(zeroPoints);
      maps.push_back(map({1, 2}));
    }
    maps.push_back(map({0, 1}));
    SmallVector<utils::IteratorType> iterators(2,
                                               utils::IteratorType::parallel);
    iterators.append(3, utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, flatType, inputs, init, maps, iterators,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Type i32 = b.getI32Type();
          Value field = linalg::IndexOp::create(b, loc, 3);
          Value shift = arith::MulIOp::create(
              b, loc,
              arith::IndexCastUIOp::create(b, loc, i32, field),
              arith::ConstantIntOp::create(b, loc, i32, bits));
          Value byte = arith::ExtUIOp::create(b, loc, i32, args[1]);
          Value code = arith::AndIOp::create(
              b, loc, arith::ShRUIOp::create(b, loc, byte, shift),
              arith::ConstantIntOp::create(b, loc, i32, (1 << bits) - 1));
          Value zero =
              zeroPoints ? args[3]
                         : arith::ConstantOp::create(
                               b, loc, b.getF32FloatAttr(1 << (bits - 1)))
                               .getResult();
          Value weight = arith::MulFOp::create(
              b, loc,
              arith::SubFOp::create(
                  b, loc, arith::UIToFPOp::create(b, loc, f32, code), zero),
              args[2]);
          Value acc = args.back();
          linalg::YieldOp::create(
              b, loc,
              ValueRange{arith::AddFOp::create(
                  b, loc, acc, arith::MulFOp::create(b, loc, args[0], weight))});
        });
    generic->setAttr(kNBitMatmulAttrName, rewriter.getI64IntegerAttr(bits));
    generic->setAttr(kKeepOperandsAttrName, rewriter.getUnitAttr());

    Value result = generic.getResult(0);
    if (resultType.getRank() != 2) {
      SmallVector<ReassociationIndices> out;
      if (resultType.getRank() == 1) {
        out = {{0, 1}};
        result = tensor::CollapseShapeOp::create(rewriter, loc, resultType,
                                                 result, out);
      } else {
        out.emplace_back();
        for (int64_t d = 0; d + 1 < resultType.getRank(); ++d)
          out.back().push_back(d);
        out.push_back({resultType.getRank() - 1});
        result = tensor::ExpandShapeOp::create(rewriter, loc, resultType,
                                               result, out);
      }
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void aotc::populateTGNBitMatmulToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<MatmulNBitsOpLowering>(patterns.getContext());
}
