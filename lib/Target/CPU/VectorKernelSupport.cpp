//===- VectorKernelSupport.cpp - shared by the vector kernel emitters -----===//
//
// Implements VectorKernelSupport.h.
//
//===----------------------------------------------------------------------===//

#include "VectorKernelSupport.h"

#include "aotc/Transforms/ParallelLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace aotc::cpu {

/// The coefficient of dimension `dim` in `expr` when `expr` is linear in it
/// (other dimensions may appear in any way that does not involve `dim`).
std::optional<int64_t> linearCoefficient(AffineExpr expr, unsigned dim) {
  if (auto d = dyn_cast<AffineDimExpr>(expr))
    return d.getPosition() == dim ? 1 : 0;
  if (isa<AffineConstantExpr, AffineSymbolExpr>(expr))
    return 0;
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<int64_t> lhs = linearCoefficient(binary.getLHS(), dim);
  std::optional<int64_t> rhs = linearCoefficient(binary.getRHS(), dim);
  if (!lhs || !rhs)
    return std::nullopt;
  if (expr.getKind() == AffineExprKind::Add)
    return *lhs + *rhs;
  if (*lhs == 0 && *rhs == 0)
    return 0;
  if (expr.getKind() == AffineExprKind::Mul) {
    if (auto c = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      return *lhs * c.getValue();
    if (auto c = dyn_cast<AffineConstantExpr>(binary.getLHS()))
      return *rhs * c.getValue();
  }
  return std::nullopt;
}

/// The coefficient of `dim` in `expr` within a lane-aligned vector of
/// `lanes` lanes: `dim floordiv B` counts as 0 and `dim mod B` as 1 when B is
/// a multiple of `lanes` (a blocked layout); otherwise linearCoefficient.
static std::optional<int64_t> laneCoefficient(AffineExpr expr, unsigned dim,
                                              int64_t lanes) {
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (lanes > 0 && binary &&
      (expr.getKind() == AffineExprKind::FloorDiv ||
       expr.getKind() == AffineExprKind::Mod)) {
    auto d = dyn_cast<AffineDimExpr>(binary.getLHS());
    auto block = dyn_cast<AffineConstantExpr>(binary.getRHS());
    if (d && d.getPosition() == dim && block && block.getValue() > 0 &&
        block.getValue() % lanes == 0)
      return expr.getKind() == AffineExprKind::Mod ? 1 : 0;
  }
  return linearCoefficient(expr, dim);
}

std::optional<int64_t> stepAlong(AffineMap map, MemRefType type, unsigned dim,
                                 int64_t lanes) {
  int64_t step = 0;
  for (auto [i, expr] : llvm::enumerate(map.getResults())) {
    std::optional<int64_t> c = laneCoefficient(expr, dim, lanes);
    if (!c)
      return std::nullopt;
    if (*c == 0)
      continue;
    if (i + 1 != map.getNumResults() || *c < 1)
      return std::nullopt;
    step = *c;
  }
  if (step == 0)
    return 0;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.empty() ||
      strides.back() != 1)
    return std::nullopt;
  return step;
}

/// Integer division and remainder trap on the garbage lanes of a masked
/// tail; everything else elementwise computes them harmlessly.
bool isVectorizableBodyOp(Operation &op) {
  if (isa<arith::ConstantOp>(op))
    return op.getNumResults() == 1 && op.getResult(0).getType().isIntOrFloat();
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
          arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op))
    return false;
  if (!op.hasTrait<OpTrait::Elementwise>() || op.getNumRegions() != 0)
    return false;
  auto scalar = [](Type type) { return type.isIntOrFloat(); };
  return llvm::all_of(op.getOperandTypes(), scalar) &&
         llvm::all_of(op.getResultTypes(), scalar);
}

bool hasVectorizableBody(linalg::GenericOp generic) {
  Block *body = generic.getBody();
  for (Operation &op : body->without_terminator()) {
    if (!isVectorizableBodyOp(op))
      return false;
    for (Value operand : op.getOperands())
      if (operand.getParentBlock() != body && !operand.getType().isIntOrFloat())
        return false;
  }
  return true;
}

Value VectorBuilder::splat(OpBuilder &b, Value scalar) const {
  return vector::BroadcastOp::create(
      b, loc, VectorType::get({lanes}, scalar.getType()), scalar);
}

Value VectorBuilder::vectorOf(OpBuilder &b, Value value,
                              IRMapping &mapping) const {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  Value vector = splat(b, value);
  mapping.map(value, vector);
  return vector;
}

void VectorBuilder::cloneOnVectors(OpBuilder &b, Operation &op,
                                   IRMapping &mapping) const {
  if (isa<arith::ConstantOp>(op)) {
    mapping.map(op.getResult(0), splat(b, b.clone(op)->getResult(0)));
    return;
  }
  OperationState state(loc, op.getName());
  for (Value operand : op.getOperands())
    state.addOperands(vectorOf(b, operand, mapping));
  state.addAttributes(op.getAttrs());
  for (Type type : op.getResultTypes())
    state.addTypes(VectorType::get({lanes}, type));
  Operation *clone = b.create(state);
  for (auto [from, to] : llvm::zip(op.getResults(), clone->getResults()))
    mapping.map(from, to);
}

Value VectorBuilder::mask(OpBuilder &b, int64_t active) const {
  return vector::ConstantMaskOp::create(
      b, loc, VectorType::get({lanes}, b.getI1Type()),
      ArrayRef<int64_t>{active});
}

OpFoldResult VectorBuilder::offset(OpBuilder &b, OpFoldResult base,
                                   int64_t by) const {
  if (by == 0)
    return base;
  return affine::makeComposedFoldedAffineApply(
      b, loc, b.getAffineDimExpr(0) + by, {base});
}

SmallVector<Value> VectorBuilder::apply(OpBuilder &b, AffineMap map,
                                        ArrayRef<OpFoldResult> dims) const {
  SmallVector<Value> result;
  for (AffineExpr expr : map.getResults())
    result.push_back(getValueOrCreateConstantIndexOp(
        b, loc,
        affine::makeComposedFoldedAffineApply(
            b, loc, AffineMap::get(map.getNumDims(), 0, expr), dims)));
  return result;
}

SmallVector<Value> VectorBuilder::forLoop(
    OpBuilder &b, int64_t lb, int64_t ub, int64_t step, ValueRange init,
    function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)> build,
    bool parallel) const {
  Value lower = arith::ConstantIndexOp::create(b, loc, lb);
  Value upper = arith::ConstantIndexOp::create(b, loc, ub);
  Value stride = arith::ConstantIndexOp::create(b, loc, step);
  auto loop = scf::ForOp::create(
      b, loc, lower, upper, stride, init,
      [&](OpBuilder &nb, Location, Value iv, ValueRange iters) {
        scf::YieldOp::create(nb, loc, build(nb, iv, iters));
      });
  if (parallel)
    markParallelLoop(loop);
  return SmallVector<Value>(loop.getResults());
}

bool isZeroFill(Operation *op, Value out) {
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.hasPureBufferSemantics() && fill.getOutputs()[0] == out &&
           (matchPattern(fill.getInputs()[0], m_Zero()) ||
            matchPattern(fill.getInputs()[0], m_AnyZeroFloat()));
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureBufferSemantics() ||
      generic.getNumDpsInputs() != 0 || generic.getNumDpsInits() != 1 ||
      generic.getDpsInits()[0] != out ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !generic.getIndexingMapsArray()[0].isIdentity())
    return false;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  return matchPattern(yield.getOperand(0), m_Zero()) ||
         matchPattern(yield.getOperand(0), m_AnyZeroFloat());
}

Operation *getZeroFillBefore(linalg::GenericOp generic, Value out) {
  for (Operation *op = generic->getPrevNode(); op; op = op->getPrevNode()) {
    if (isZeroFill(op, out))
      return op;
    bool usesOut = false;
    op->walk([&](Operation *nested) {
      usesOut |= llvm::is_contained(nested->getOperands(), out);
    });
    if (usesOut)
      return nullptr;
  }
  return nullptr;
}

} // namespace aotc::cpu
