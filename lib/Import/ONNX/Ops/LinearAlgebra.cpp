//===- LinearAlgebra.cpp - ONNX Det ---------------------------------------===//
//
// Det of [..., n, n] matrices by Gaussian elimination with partial pivoting,
// unrolled over the n columns (n is static) as tg ops on the whole batch:
// per column, the row of the largest magnitude at or below the diagonal is
// swapped up (tg.arg_reduce, tg.gather_elements), the sign flips with each
// swap, and the rows below are eliminated. The determinant is the sign times
// the product of the pivots; a zero pivot makes it 0 (the elimination then
// divides by 1 instead, so no NaN reaches the product).
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

/// The largest matrix Det eliminates (its unrolled code grows as n^2).
static constexpr int64_t kMaxDetSize = 64;

static LogicalResult convertDet(NodeContext &ctx) {
  Composer c{ctx};
  Value a = ctx.getInput(0);
  int64_t rank = rankOf(a);
  if (!isFloatValue(a) || rank < 2 || shapeOf(a)[rank - 1] !=
                                          shapeOf(a)[rank - 2])
    return ctx.emitError() << "expected float square matrices [..., n, n], "
                              "got "
                           << a.getType();
  int64_t n = shapeOf(a)[rank - 1];
  if (n > kMaxDetSize)
    return ctx.unsupported("matrices larger than " +
                           llvm::Twine(kMaxDetSize) + "x" +
                           llvm::Twine(kMaxDetSize));
  SmallVector<int64_t> batch(shapeOf(a).drop_back(2));
  int64_t rowAxis = rank - 2, colAxis = rank - 1;
  SmallVector<int64_t> columnShape(rank, 1);
  columnShape[rowAxis] = n;
  Value rows = c.reshape(c.iota({n}), columnShape); // [1.., n, 1]
  Value sign = c.scalar(a, 1);
  Value det = c.scalar(a, 1);
  for (int64_t k = 0; k < n; ++k) {
    // The pivot: the largest |a[i, k]| for i >= k.
    Value column = c.sliceAxis(a, colAxis, k, 1); // [..., n, 1]
    Value below = c.compare(tg::ComparePredicate::ge, rows,
                            c.scalar(rows, k));
    Value candidates = c.select(below, c.abs(column), c.scalar(a, -1));
    Value p = ctx.create<tg::ArgReduceOp>(tg::ArgReduceKind::max, candidates,
                                          rowAxis, /*keepdims=*/true);
    // Swap rows k and p.
    Value isK = c.compare(tg::ComparePredicate::eq, rows, c.scalar(rows, k));
    Value isP = c.compare(tg::ComparePredicate::eq, rows, p);
    Value source = c.select(isK, p, c.select(isP, c.scalar(rows, k), rows));
    SmallVector<int64_t> full(shapeOf(a));
    a = ctx.create<tg::GatherElementsOp>(a, c.broadcastTo(source, full),
                                         rowAxis);
    Value swapped =
        c.compare(tg::ComparePredicate::ne, p, c.scalar(p, k)); // [..., 1, 1]
    sign = c.mul(sign, c.select(swapped, c.scalar(a, -1), c.scalar(a, 1)));
    // Eliminate below the pivot.
    Value pivotRow = c.sliceAxis(a, rowAxis, k, 1);    // [..., 1, n]
    Value pivot = c.sliceAxis(pivotRow, colAxis, k, 1); // [..., 1, 1]
    det = c.mul(det, pivot);
    Value zero = c.compare(tg::ComparePredicate::eq, pivot, c.scalar(a, 0));
    Value divisor = c.select(zero, c.scalar(a, 1), pivot);
    Value factors = c.div(c.sliceAxis(a, colAxis, k, 1), divisor);
    Value after = c.compare(tg::ComparePredicate::gt, rows, c.scalar(rows, k));
    factors = c.select(after, factors, c.scalar(a, 0));
    a = c.sub(a, c.mul(factors, pivotRow));
  }
  ctx.setOutput(0, c.reshape(c.mul(sign, det), batch));
  return success();
}

void aotc::onnximport::registerLinearAlgebraConverters(
    ConverterRegistry &registry) {
  registry.add("Det", {1, 1}, convertDet);
}
