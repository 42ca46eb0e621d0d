//===- VNNIQDQMatmuls.cpp - QDQ matmuls as int32 matmuls of 8-bit values --===//
//
// Implements `aotc-cpu-vnni-qdq-matmuls` (Passes.td has the contract): a
// float32 matmul of dequantized 8-bit values by a constant whose columns
// are int8 values times a scale becomes an int32 matmul of the widened
// 8-bit values by the int8 constant, which aotc-cpu-vnni-matmuls then
// computes with vpdpbusd, and one elementwise op applying the scales.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "QDQMatching.h"
#include "VNNISupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_VNNIQDQMATMULSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// An all-parallel generic of `resultType` over `inputs` (read through
/// `maps`) whose body `build` computes the element.
Value buildElementwise(
    OpBuilder &b, Location loc, RankedTensorType resultType,
    ValueRange inputs, ArrayRef<AffineMap> inputMaps,
    function_ref<Value(OpBuilder &, Location, ValueRange)> build) {
  int64_t rank = resultType.getRank();
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(b.getMultiDimIdentityMap(rank));
  Value empty = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                        resultType.getElementType());
  return linalg::GenericOp::create(
             b, loc, resultType, inputs, ValueRange{empty}, maps,
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(nested, nestedLoc,
                                       build(nested, nestedLoc, args));
             })
      .getResult(0);
}

struct VNNIQDQMatmulsPass final
    : aotc::impl::VNNIQDQMatmulsPassBase<VNNIQDQMatmulsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, unsigned>> matmuls;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (std::optional<unsigned> batch = aotc::getMatmulBatchRank(generic, Float32Type::get(generic.getContext())))
        matmuls.push_back({generic, *batch});
    });
    for (auto [matmul, batch] : matmuls)
      if (succeeded(rewrite(matmul, batch)))
        ++numRewritten;
  }

  static LogicalResult rewrite(linalg::GenericOp matmul, unsigned batch) {
    std::optional<aotc::Dequantized> x =
        aotc::matchDequantized(matmul.getDpsInputs()[0]);
    ElementsAttr weightsAttr;
    if (!x || !matchPattern(matmul.getDpsInputs()[1], m_Constant(&weightsAttr)))
      return failure();
    auto weightsType = cast<ShapedType>(weightsAttr.getType());
    int64_t k = weightsType.getDimSize(0), n = weightsType.getDimSize(1);
    // aotc-cpu-vnni-matmuls' kernels take 4k rows and 16k columns: the
    // int8 matrix gets zero columns up to a multiple of 16 (a classifier's
    // 1000 columns: 1008), whose sums are computed and dropped. Other row
    // counts would stay int32 loops, slower than the float kernels, and so
    // would fewer than 16 columns, mostly padding.
    if (k % 4 != 0 || n < aotc::kVNNILanes)
      return failure();
    int64_t paddedN = llvm::alignTo(n, aotc::kVNNILanes);
    std::optional<ArrayRef<float>> values =
        aotc::getFloatElements(weightsAttr);
    if (!values)
      return failure();
    // One scale per column: quantize the columns as rows.
    SmallVector<float> columns(values->size());
    for (int64_t row = 0; row < k; ++row)
      for (int64_t column = 0; column < n; ++column)
        columns[column * k + row] = (*values)[row * n + column];
    // Within a few float32 steps: the scale of a QuantizeLinear after the
    // matmul may have been folded into the int8 weights (a classifier's).
    std::optional<aotc::QuantizedChannels> quantized =
        aotc::quantizeChannels(columns, n, aotc::kFoldedWeightUlps);
    if (!quantized)
      return failure();

    OpBuilder b(matmul);
    Location loc = matmul.getLoc();
    MLIRContext *context = b.getContext();
    Type i8 = b.getI8Type(), i32 = b.getI32Type(), f32 = b.getF32Type();
    // A: the 8-bit values widened, minus the zero point.
    auto aType = cast<RankedTensorType>(x->q.getType());
    int64_t aRank = aType.getRank();
    bool isUnsigned = x->isUnsigned;
    int32_t zero = x->zero;
    Value a = buildElementwise(
        b, loc, RankedTensorType::get(aType.getShape(), i32), {x->q},
        {b.getMultiDimIdentityMap(aRank)},
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          Value wide =
              isUnsigned
                  ? arith::ExtUIOp::create(nb, nloc, i32, args[0]).getResult()
                  : arith::ExtSIOp::create(nb, nloc, i32, args[0]).getResult();
          if (!zero)
            return wide;
          return arith::SubIOp::create(
              nb, nloc, wide,
              arith::ConstantOp::create(nb, nloc, nb.getI32IntegerAttr(zero)));
        });
    // B: the int8 values, [K, N] padded to [K, paddedN], widened.
    SmallVector<int8_t> rows(k * paddedN, 0);
    for (int64_t row = 0; row < k; ++row)
      for (int64_t column = 0; column < n; ++column)
        rows[row * paddedN + column] = quantized->values[column * k + row];
    auto bType = RankedTensorType::get({k, paddedN}, i8);
    Value bValues = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(bType, ArrayRef<int8_t>(rows)));
    Value bWide = buildElementwise(
        b, loc, RankedTensorType::get({k, paddedN}, i32), {bValues},
        {b.getMultiDimIdentityMap(2)},
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          return arith::ExtSIOp::create(nb, nloc, i32, args[0]);
        });
    // acc = A x B in int32, as the importer writes MatMulInteger.
    auto resultType = cast<RankedTensorType>(matmul.getResult(0).getType());
    SmallVector<int64_t> accShape(resultType.getShape());
    accShape.back() = paddedN;
    auto accType = RankedTensorType::get(accShape, i32);
    Value accInit = aotc::buildZeroAccumulator(b, loc, accType.getShape());
    auto acc = linalg::GenericOp::create(
        b, loc, accType, ValueRange{a, bWide}, ValueRange{accInit},
        matmul.getIndexingMapsArray(), matmul.getIteratorTypesArray(),
        [](OpBuilder &nb, Location nloc, ValueRange args) {
          Value product = arith::MulIOp::create(nb, nloc, args[0], args[1]);
          linalg::YieldOp::create(
              nb, nloc, arith::AddIOp::create(nb, nloc, args[2], product)
                            .getResult());
        });
    // C = float(acc) * (scale * wscale[n]) + the matmul's initial value.
    SmallVector<float> scales(n);
    for (int64_t column = 0; column < n; ++column)
      scales[column] = x->scale * quantized->scales[column];
    Value scalesValue = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(RankedTensorType::get({n}, f32),
                               ArrayRef<float>(scales)));
    int64_t rank = resultType.getRank();
    // The sums of the real columns.
    Value sums = acc.getResult(0);
    if (paddedN != n)
      sums = tensor::ExtractSliceOp::create(
          b, loc, sums, SmallVector<OpFoldResult>(rank, b.getIndexAttr(0)),
          getAsIndexOpFoldResult(context, resultType.getShape()),
          SmallVector<OpFoldResult>(rank, b.getIndexAttr(1)));
    AffineMap identity = b.getMultiDimIdentityMap(rank);
    Value result = buildElementwise(
        b, loc, resultType,
        {sums, scalesValue, matmul.getDpsInits()[0]},
        {identity,
         AffineMap::get(rank, 0, {getAffineDimExpr(rank - 1, context)},
                        context),
         identity},
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          Value real = arith::SIToFPOp::create(nb, nloc, f32, args[0]);
          Value scaled = arith::MulFOp::create(nb, nloc, real, args[1]);
          return arith::AddFOp::create(nb, nloc, scaled, args[2]);
        });
    (void)batch;
    matmul.getResult(0).replaceAllUsesWith(result);
    matmul.erase();
    return success();
  }
};

} // namespace
