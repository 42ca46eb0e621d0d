//===- VNNISupport.cpp - shared by the VNNI passes ------------------------===//

#include "VNNISupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

void aotc::buildVNNIDotBody(OpBuilder &b, Location loc, ValueRange args) {
  Type i32 = b.getI32Type();
  Value u = arith::ExtUIOp::create(b, loc, i32, args[0]);
  Value w = arith::ExtSIOp::create(b, loc, i32, args[1]);
  Value product = arith::MulIOp::create(b, loc, u, w);
  linalg::YieldOp::create(
      b, loc, arith::AddIOp::create(b, loc, args[2], product).getResult());
}

namespace {

/// Whether `generic`'s body is `acc + a * b` (either order) with `MulOp`
/// and `AddOp`, a and b its inputs, acc its output.
template <typename MulOp, typename AddOp>
bool isMultiplyAccumulate(linalg::GenericOp generic) {
  Block *body = generic.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<AddOp>();
  if (!add || body->getOperations().size() != 3)
    return false;
  Value acc = generic.getMatchingBlockArgument(generic.getDpsInitOperand(0));
  Value product = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  auto mul = product.getDefiningOp<MulOp>();
  Value a = generic.getMatchingBlockArgument(generic.getDpsInputOperand(0));
  Value b = generic.getMatchingBlockArgument(generic.getDpsInputOperand(1));
  return mul && (add.getLhs() == acc || add.getRhs() == acc) &&
         ((mul.getLhs() == a && mul.getRhs() == b) ||
          (mul.getLhs() == b && mul.getRhs() == a));
}

} // namespace

std::optional<unsigned> aotc::getMatmulBatchRank(linalg::GenericOp generic,
                                                 Type elementType) {
  unsigned loops = generic.getNumLoops();
  if (!generic.hasPureTensorSemantics() || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || loops < 3 ||
      generic.getNumReductionLoops() != 1 ||
      generic.getIteratorTypesArray()[loops - 1] !=
          utils::IteratorType::reduction)
    return std::nullopt;
  unsigned batch = loops - 3;
  MLIRContext *context = generic.getContext();
  SmallVector<AffineExpr> outer;
  for (unsigned d = 0; d < batch; ++d)
    outer.push_back(getAffineDimExpr(d, context));
  AffineExpr m = getAffineDimExpr(batch, context),
             n = getAffineDimExpr(batch + 1, context),
             k = getAffineDimExpr(batch + 2, context);
  auto withOuter = [&](AffineExpr row, AffineExpr column) {
    SmallVector<AffineExpr> results(outer);
    results.append({row, column});
    return AffineMap::get(loops, 0, results, context);
  };
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[0] != withOuter(m, k) ||
      maps[1] != AffineMap::get(loops, 0, {k, n}, context) ||
      maps[2] != withOuter(m, n))
    return std::nullopt;
  for (Value operand : generic->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape() || type.getElementType() != elementType)
      return std::nullopt;
  }
  bool body = elementType.isInteger(32)
                  ? isMultiplyAccumulate<arith::MulIOp, arith::AddIOp>(generic)
              : elementType.isF32()
                  ? isMultiplyAccumulate<arith::MulFOp, arith::AddFOp>(generic)
                  : false;
  if (!body)
    return std::nullopt;
  return batch;
}

Value aotc::buildZeroAccumulator(OpBuilder &b, Location loc,
                                 ArrayRef<int64_t> shape) {
  Type i32 = b.getI32Type();
  return linalg::FillOp::create(
             b, loc,
             ValueRange{arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0))},
             ValueRange{tensor::EmptyOp::create(b, loc, shape, i32)})
      .getResult(0);
}
