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
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

namespace aotc {
#define GEN_PASS_DEF_VNNIMATMULSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The operands of `generic` when it is an elementwise op on static
/// tensors of one input (and, optionally, a rank-0 second one) whose body
/// is `ext(in)` or `ext(in) - in2` to i32, with `ext` the cast `ExtOp`.
template <typename ExtOp>
std::optional<std::pair<Value, Value>> matchWidening(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumReductionLoops() != 0 || generic.getNumDpsInits() != 1 ||
      generic.getNumDpsInputs() < 1 || generic.getNumDpsInputs() > 2)
    return std::nullopt;
  OpOperand *input = generic.getDpsInputOperand(0);
  if (!generic.getMatchingIndexingMap(input).isIdentity() ||
      !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
           .isIdentity() ||
      !getElementTypeOrSelf(input->get().getType()).isInteger(8))
    return std::nullopt;
  Block *body = generic.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Value result = yield.getOperand(0);
  Value shift;
  if (generic.getNumDpsInputs() == 2) {
    auto sub = result.getDefiningOp<arith::SubIOp>();
    OpOperand *second = generic.getDpsInputOperand(1);
    if (!sub || sub.getRhs() != generic.getMatchingBlockArgument(second) ||
        cast<RankedTensorType>(second->get().getType()).getRank() != 0)
      return std::nullopt;
    shift = second->get();
    result = sub.getLhs();
  }
  auto ext = result.getDefiningOp<ExtOp>();
  if (!ext || ext.getIn() != generic.getMatchingBlockArgument(input) ||
      !ext.getType().isInteger(32) ||
      body->getOperations().size() != (shift ? 3u : 2u))
    return std::nullopt;
  return std::pair(input->get(), shift);
}

/// Whether `generic` is `C[m, n] += A[m, k] * B[k, n]` on static i32
/// tensors, A and B 2-D.
bool isI32Matmul(linalg::GenericOp generic) {
  if (!generic.hasPureTensorSemantics() || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || generic.getNumLoops() != 3 ||
      generic.getNumReductionLoops() != 1 ||
      generic.getIteratorTypesArray()[2] != utils::IteratorType::reduction)
    return false;
  MLIRContext *context = generic.getContext();
  AffineExpr m = getAffineDimExpr(0, context), n = getAffineDimExpr(1, context),
             k = getAffineDimExpr(2, context);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[0] != AffineMap::get(3, 0, {m, k}, context) ||
      maps[1] != AffineMap::get(3, 0, {k, n}, context) ||
      maps[2] != AffineMap::get(3, 0, {m, n}, context))
    return false;
  for (Value operand : generic->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape() || !type.getElementType().isInteger(32))
      return false;
  }
  Block *body = generic.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddIOp>();
  if (!add || body->getOperations().size() != 3)
    return false;
  Value acc = generic.getMatchingBlockArgument(generic.getDpsInitOperand(0));
  Value product = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  auto mul = product.getDefiningOp<arith::MulIOp>();
  Value a = generic.getMatchingBlockArgument(generic.getDpsInputOperand(0));
  Value b = generic.getMatchingBlockArgument(generic.getDpsInputOperand(1));
  return mul && (add.getLhs() == acc || add.getRhs() == acc) &&
         ((mul.getLhs() == a && mul.getRhs() == b) ||
          (mul.getLhs() == b && mul.getRhs() == a));
}

/// The i8 constant `[K, N]` stored as `[N / 16, K / 4, 16, 4]`: element
/// (k, n) at `[n / 16][k / 4][n % 16][k % 4]`.
Value packForVNNI(OpBuilder &b, Location loc, ElementsAttr matrix,
                  ArrayRef<char> bytes) {
  auto type = cast<ShapedType>(matrix.getType());
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  SmallVector<char> packed(bytes.size());
  for (int64_t k = 0; k < rows; ++k)
    for (int64_t n = 0; n < columns; ++n)
      packed[((n / aotc::kVNNILanes) * (rows / 4) + k / 4) * 64 +
             (n % aotc::kVNNILanes) * 4 + k % 4] = bytes[k * columns + n];
  auto packedType = RankedTensorType::get(
      {columns / aotc::kVNNILanes, rows / 4, aotc::kVNNILanes, 4},
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

struct VNNIMatmulsPass final
    : aotc::impl::VNNIMatmulsPassBase<VNNIMatmulsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> matmuls;
    getOperation().walk([&](linalg::GenericOp generic) {
      if (isI32Matmul(generic))
        matmuls.push_back(generic);
    });
    for (linalg::GenericOp matmul : matmuls)
      if (succeeded(rewrite(matmul)))
        ++numRewritten;
  }

  /// C = A' * B' with A' = ext_u(a) [- zero], B' = ext_s(b) for a constant
  /// b: becomes acc = a x b (uint8 x int8, VNNI layout), C = acc - zero *
  /// colsum(b).
  static LogicalResult rewrite(linalg::GenericOp matmul) {
    auto lhs = matchWidening<arith::ExtUIOp>(matmul.getDpsInputs()[0]);
    auto rhs = matchWidening<arith::ExtSIOp>(matmul.getDpsInputs()[1]);
    if (!lhs || !rhs || rhs->second)
      return failure();
    ElementsAttr matrix;
    if (!matchPattern(rhs->first, m_Constant(&matrix)))
      return failure();
    std::optional<ArrayRef<char>> bytes = aotc::tg::getRawElementBytes(matrix);
    auto aType = cast<RankedTensorType>(lhs->first.getType());
    int64_t k = aType.getDimSize(1), n = matrix.getShapedType().getDimSize(1);
    if (!bytes || k % 4 != 0 || n % aotc::kVNNILanes != 0)
      return failure();

    OpBuilder b(matmul);
    Location loc = matmul.getLoc();
    MLIRContext *context = b.getContext();
    Value packed = packForVNNI(b, loc, matrix, *bytes);
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
    Value init = matmul.getDpsInits()[0];
    auto dot = linalg::GenericOp::create(
        b, loc, init.getType(), ValueRange{lhs->first, packed}, ValueRange{init},
        maps, iterators,
        [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Type i32 = nested.getI32Type();
          Value a = arith::ExtUIOp::create(nested, nestedLoc, i32, args[0]);
          Value w = arith::ExtSIOp::create(nested, nestedLoc, i32, args[1]);
          Value product = arith::MulIOp::create(nested, nestedLoc, a, w);
          linalg::YieldOp::create(
              nested, nestedLoc,
              arith::AddIOp::create(nested, nestedLoc, args[2], product)
                  .getResult());
        });
    dot->setAttr(aotc::kVNNIAttrName, b.getUnitAttr());
    Value result = dot.getResult(0);
    if (Value zero = lhs->second) {
      // C[m, n] = acc[m, n] - zero * colsum[n].
      Value sums = columnSums(b, loc, matrix, *bytes);
      auto resultType = cast<RankedTensorType>(result.getType());
      Value empty = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                            resultType.getElementType());
      AffineExpr row = getAffineDimExpr(0, context),
                 column = getAffineDimExpr(1, context);
      SmallVector<AffineMap> correctionMaps = {
          AffineMap::get(2, 0, {row, column}, context),
          AffineMap::get(2, 0, {}, context),
          AffineMap::get(2, 0, {column}, context),
          AffineMap::get(2, 0, {row, column}, context)};
      result =
          linalg::GenericOp::create(
              b, loc, resultType, ValueRange{result, zero, sums},
              ValueRange{empty}, correctionMaps,
              {utils::IteratorType::parallel, utils::IteratorType::parallel},
              [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
                Value shift =
                    arith::MulIOp::create(nested, nestedLoc, args[1], args[2]);
                linalg::YieldOp::create(
                    nested, nestedLoc,
                    arith::SubIOp::create(nested, nestedLoc, args[0], shift)
                        .getResult());
              })
              .getResult(0);
    }
    matmul.getResult(0).replaceAllUsesWith(result);
    matmul.erase();
    return success();
  }
};

} // namespace
