//===- VNNIMatmuls.cpp - uint8 x int8 matmuls in VNNI's layout ------------===//
//
// Implements `aotc-cpu-vnni-matmuls` (Passes.td has the contract): an int32
// matmul of a uint8 matrix (minus a zero point) by a constant int8 matrix
// becomes a uint8 x int8 contraction over the constant stored as VNNI's
// dot-product instructions read it, `[N / 16, K / 4, 16 x 4]`, and a
// subtraction of the zero point times each column's sum.
// aotc-cpu-vnni-kernels then emits the contraction as vpdpbusd.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "VNNISupport.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_VNNIMATMULSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The 8-bit tensor that `value` widens to i32 with the cast `ExtOp`, and
/// the rank-0 zero point it subtracts (null: none), when `value` is an
/// elementwise generic on static tensors yielding `ext(x)` or `ext(x) -
/// zero`. `x` is an input (that tensor is returned), or computed in the body
/// (a fused QuantizeLinear: a copy of the generic yielding `x` computes the
/// tensor, before `value`'s generic).
template <typename ExtOp>
std::optional<std::pair<Value, Value>> matchWidening(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumReductionLoops() != 0 || generic.getNumDpsInits() != 1 ||
      !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
           .isIdentity() ||
      !generic.getMatchingBlockArgument(generic.getDpsInitOperand(0))
           .use_empty())
    return std::nullopt;
  auto outType = cast<RankedTensorType>(value.getType());
  if (!outType.hasStaticShape())
    return std::nullopt;
  Block *body = generic.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Value result = yield.getOperand(0);
  Value zero;
  if (auto sub = result.getDefiningOp<arith::SubIOp>()) {
    // The zero point: a rank-0 input, or a constant (then made one).
    IntegerAttr constant;
    if (matchPattern(sub.getRhs(), m_Constant(&constant))) {
      OpBuilder b(generic);
      zero = arith::ConstantOp::create(
          b, generic.getLoc(),
          DenseElementsAttr::get(RankedTensorType::get({}, constant.getType()),
                                 ArrayRef<Attribute>{constant}));
    } else {
      auto arg = dyn_cast<BlockArgument>(sub.getRhs());
      if (!arg || arg.getOwner() != body)
        return std::nullopt;
      OpOperand *operand = generic.getMatchingOpOperand(arg);
      if (!generic.isDpsInput(operand) ||
          cast<RankedTensorType>(operand->get().getType()).getRank() != 0)
        return std::nullopt;
      zero = operand->get();
    }
    result = sub.getLhs();
  }
  auto ext = result.getDefiningOp<ExtOp>();
  if (!ext || !ext.getType().isInteger(32) ||
      !ext.getIn().getType().isInteger(8) || !ext->hasOneUse())
    return std::nullopt;
  // x is an input read through the identity map.
  if (auto arg = dyn_cast<BlockArgument>(ext.getIn())) {
    OpOperand *operand = generic.getMatchingOpOperand(arg);
    if (arg.getOwner() != body || !generic.isDpsInput(operand) ||
        !generic.getMatchingIndexingMap(operand).isIdentity())
      return std::nullopt;
    return std::pair(operand->get(), zero);
  }
  // x is computed: the same generic, yielding x into an 8-bit tensor.
  OpBuilder b(generic);
  Location loc = generic.getLoc();
  Value empty = tensor::EmptyOp::create(b, loc, outType.getShape(),
                                        ext.getIn().getType());
  auto narrow = cast<linalg::GenericOp>(b.clone(*generic));
  narrow.getDpsInitsMutable()[0].set(empty);
  narrow.getResult(0).setType(
      RankedTensorType::get(outType.getShape(), ext.getIn().getType()));
  Block *narrowBody = narrow.getBody();
  BlockArgument outArg = narrowBody->getArgument(narrowBody->getNumArguments() - 1);
  outArg.setType(ext.getIn().getType());
  // The clone's ops map one to one onto the original's: find x's copy.
  auto position = std::distance(body->begin(), ext->getIterator());
  Operation *narrowExt = &*std::next(narrowBody->begin(), position);
  auto narrowYield = cast<linalg::YieldOp>(narrowBody->getTerminator());
  narrowYield->setOperand(0, narrowExt->getOperand(0));
  return std::pair(narrow.getResult(0), zero);
}

/// The i8 constant `[K, N]` stored as `[P / 16, K / 4, 16, 4]` with its
/// columns padded with zeros to `P`: element (k, n) at `[n / 16][k / 4][n %
/// 16][k % 4]`.
Value packForVNNI(OpBuilder &b, Location loc, ElementsAttr matrix,
                  ArrayRef<char> bytes, int64_t paddedColumns) {
  auto type = cast<ShapedType>(matrix.getType());
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  SmallVector<char> packed(rows * paddedColumns, 0);
  for (int64_t k = 0; k < rows; ++k)
    for (int64_t n = 0; n < columns; ++n)
      packed[((n / aotc::kVNNILanes) * (rows / 4) + k / 4) * 64 +
             (n % aotc::kVNNILanes) * 4 + k % 4] = bytes[k * columns + n];
  auto packedType = RankedTensorType::get(
      {paddedColumns / aotc::kVNNILanes, rows / 4, aotc::kVNNILanes, 4},
      type.getElementType());
  ElementsAttr value = aotc::tg::buildConstant(
      packedType, packed, aotc::tg::getConstantNameHint(matrix, "weights"));
  return arith::ConstantOp::create(b, loc, value);
}

/// The column sums of the i8 constant `[K, N]`, as an i32 constant `[N]`.
Value columnSums(OpBuilder &b, Location loc, ElementsAttr matrix,
                 ArrayRef<char> bytes) {
  auto type = cast<ShapedType>(matrix.getType());
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  SmallVector<int32_t> sums(columns, 0);
  for (int64_t k = 0; k < rows; ++k)
    for (int64_t n = 0; n < columns; ++n)
      sums[n] += static_cast<int8_t>(bytes[k * columns + n]);
  auto sumType = RankedTensorType::get({columns}, b.getI32Type());
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(sumType, ArrayRef<int32_t>(sums)));
}

/// A copy of the int8 tensor `value` with its sign bits flipped: x + 128 as
/// uint8.
Value flipSigns(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                        type.getElementType());
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, type, ValueRange{value}, ValueRange{empty},
             ArrayRef<AffineMap>{identity, identity}, iterators,
             [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               Value sign = arith::ConstantOp::create(
                   nested, nestedLoc, nested.getI8IntegerAttr(-128));
               linalg::YieldOp::create(
                   nested, nestedLoc,
                   arith::XOrIOp::create(nested, nestedLoc, args[0], sign)
                       .getResult());
             })
      .getResult(0);
}

/// Whether `init` is all zeros: a fill, or a generic yielding a constant,
/// of zero.
bool isZeroInit(Value init) {
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    return matchPattern(fill.getInputs()[0], m_Zero());
  auto generic = init.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 0 ||
      generic->getNumResults() != 1)
    return false;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  return matchPattern(yield.getOperand(0), m_Zero());
}

/// `value` `[b..., m, n]` collapsed to `[b... * m, n]`.
Value collapseRows(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() == 2)
    return value;
  ReassociationIndices rows;
  for (int64_t d = 0; d + 1 < type.getRank(); ++d)
    rows.push_back(d);
  return tensor::CollapseShapeOp::create(
      b, loc, value,
      ArrayRef<ReassociationIndices>{rows, {type.getRank() - 1}});
}

struct VNNIMatmulsPass final
    : aotc::impl::VNNIMatmulsPassBase<VNNIMatmulsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> matmuls;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (aotc::getMatmulBatchRank(generic, IntegerType::get(generic.getContext(), 32)))
        matmuls.push_back(generic);
    });
    for (linalg::GenericOp matmul : matmuls)
      if (succeeded(rewrite(matmul)))
        ++numRewritten;
  }

  /// C = A' * B' with A' = ext(a) [- zero] and B' = ext_s(b) for a constant
  /// int8 b becomes acc = u x b (uint8 x int8, VNNI layout) and C = acc -
  /// (zero + s) * colsum(b), where u is a, or a + 128 (s = 128) when a is
  /// int8; batch dimensions of A are rows.
  static LogicalResult rewrite(linalg::GenericOp matmul) {
    // A widening may reach A through a reshape (a classifier's pooled
    // `[1, C, 1, 1]` collapsed to `[1, C]`): the 8-bit values are reshaped
    // alike.
    Value widened = matmul.getDpsInputs()[0];
    auto collapse = widened.getDefiningOp<tensor::CollapseShapeOp>();
    if (collapse)
      widened = collapse.getSrc();
    std::optional<std::pair<Value, Value>> lhs =
        matchWidening<arith::ExtUIOp>(widened);
    int32_t signOffset = 0;
    if (!lhs) {
      lhs = matchWidening<arith::ExtSIOp>(widened);
      signOffset = 128;
    }
    auto rhs = matchWidening<arith::ExtSIOp>(matmul.getDpsInputs()[1]);
    if (!lhs || !rhs || rhs->second)
      return failure();
    ElementsAttr matrix;
    if (!matchPattern(rhs->first, m_Constant(&matrix)) ||
        matrix.getShapedType().getRank() != 2)
      return failure();
    std::optional<ArrayRef<char>> bytes = aotc::tg::getRawElementBytes(matrix);
    int64_t k = matrix.getShapedType().getDimSize(0),
            n = matrix.getShapedType().getDimSize(1);
    if (!bytes || int64_t(bytes->size()) != k * n || k % 4 != 0)
      return failure();
    // Columns in whole blocks of 16: padding columns of zero weights, whose
    // sums into a zero accumulator are computed and dropped (a classifier's
    // 1000 classes, 1008 computed).
    int64_t paddedN = llvm::alignTo(n, aotc::kVNNILanes);
    if (paddedN != n && !isZeroInit(matmul.getDpsInits()[0]))
      return failure();

    OpBuilder b(matmul);
    Location loc = matmul.getLoc();
    MLIRContext *context = b.getContext();
    Value a = lhs->first;
    if (collapse)
      a = tensor::CollapseShapeOp::create(b, loc, a,
                                          collapse.getReassociationIndices());
    if (signOffset)
      a = flipSigns(b, loc, a);
    a = collapseRows(b, loc, a);
    Value init = collapseRows(b, loc, matmul.getDpsInits()[0]);
    auto initType = cast<RankedTensorType>(init.getType());
    if (paddedN != n)
      init = aotc::buildZeroAccumulator(b, loc,
                                        {initType.getDimSize(0), paddedN});
    Value packed = packForVNNI(b, loc, matrix, *bytes, paddedN);
    // (m, nb, j, k4, i): a[m, 4 k4 + i] * packed[nb, k4, j, i] summed into
    // out[m, 16 nb + j].
    AffineExpr m = getAffineDimExpr(0, context), nb = getAffineDimExpr(1, context),
               j = getAffineDimExpr(2, context), k4 = getAffineDimExpr(3, context),
               i = getAffineDimExpr(4, context);
    SmallVector<AffineMap> maps = {
        AffineMap::get(5, 0, {m, k4 * 4 + i}, context),
        AffineMap::get(5, 0, {nb, k4, j, i}, context),
        AffineMap::get(5, 0, {m, nb * aotc::kVNNILanes + j}, context)};
    SmallVector<utils::IteratorType> iterators = {
        utils::IteratorType::parallel, utils::IteratorType::parallel,
        utils::IteratorType::parallel, utils::IteratorType::reduction,
        utils::IteratorType::reduction};
    auto dot = linalg::GenericOp::create(
        b, loc, init.getType(), ValueRange{a, packed}, ValueRange{init}, maps,
        iterators, aotc::buildVNNIDotBody);
    dot->setAttr(aotc::kVNNIAttrName, b.getUnitAttr());
    Value result = dot.getResult(0);
    if (paddedN != n)
      result = tensor::ExtractSliceOp::create(
          b, loc, initType, result,
          ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(0)},
          ArrayRef<OpFoldResult>{b.getIndexAttr(initType.getDimSize(0)),
                                 b.getIndexAttr(n)},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1), b.getIndexAttr(1)});
    auto resultType = cast<RankedTensorType>(matmul.getResult(0).getType());
    int64_t rank = resultType.getRank();
    if (rank != 2) {
      ReassociationIndices rows;
      for (int64_t d = 0; d + 1 < rank; ++d)
        rows.push_back(d);
      result = tensor::ExpandShapeOp::create(
          b, loc, resultType, result,
          ArrayRef<ReassociationIndices>{rows, {rank - 1}});
    }
    Value zero = lhs->second;
    linalg::GenericOp correction;
    if (zero || signOffset) {
      // C[..., n] = acc[..., n] - (zero + signOffset) * colsum[n].
      Value sums = columnSums(b, loc, matrix, *bytes);
      Value empty = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                            resultType.getElementType());
      AffineMap identity = b.getMultiDimIdentityMap(rank);
      SmallVector<Value> inputs = {result, sums};
      SmallVector<AffineMap> correctionMaps = {
          identity,
          AffineMap::get(rank, 0, {getAffineDimExpr(rank - 1, context)},
                         context)};
      if (zero) {
        inputs.push_back(zero);
        correctionMaps.push_back(AffineMap::get(rank, 0, {}, context));
      }
      correctionMaps.push_back(identity);
      correction = linalg::GenericOp::create(
          b, loc, resultType, inputs, ValueRange{empty}, correctionMaps,
          SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
          [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
            Value offset = arith::ConstantOp::create(
                nested, nestedLoc, nested.getI32IntegerAttr(signOffset));
            Value shift = !zero ? offset
                          : signOffset
                              ? arith::AddIOp::create(nested, nestedLoc,
                                                      args[2], offset)
                                    .getResult()
                              : args[2];
            shift = arith::MulIOp::create(nested, nestedLoc, shift, args[1]);
            linalg::YieldOp::create(
                nested, nestedLoc,
                arith::SubIOp::create(nested, nestedLoc, args[0], shift)
                    .getResult());
          });
      result = correction.getResult(0);
    }
    matmul.getResult(0).replaceAllUsesWith(result);
    matmul.erase();
    // The correction joins the elementwise op that reads it (the cast to
    // float and the scales of a quantized graph), as fusion would have.
    if (correction && result.hasOneUse()) {
      OpOperand &use = *result.getUses().begin();
      if (isa<linalg::GenericOp>(use.getOwner()) &&
          linalg::areElementwiseOpsFusable(&use)) {
        IRRewriter rewriter(b.getContext());
        Operation *consumer = use.getOwner();
        rewriter.setInsertionPoint(consumer);
        FailureOr<linalg::ElementwiseOpFusionResult> fused =
            linalg::fuseElementwiseOps(rewriter, &use);
        if (succeeded(fused)) {
          for (auto [original, replacement] : fused->replacements)
            rewriter.replaceAllUsesExcept(original, replacement,
                                          fused->fusedOp);
          rewriter.eraseOp(consumer);
          if (correction->use_empty())
            rewriter.eraseOp(correction);
        }
      }
    }
    return success();
  }
};

} // namespace
