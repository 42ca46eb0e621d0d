//===- TGSelectionOps.cpp - ops whose result extent depends on data -------===//
//
// Type inference of the ops in TGSelectionOps.td: nonzero and
// non_max_suppression. Both return their result at its bounded shape plus a
// rank-0 i64 count; the bound is part of the type, so it is checked here
// against the same tensor size limit as every other result.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace aotc::tg;

/// Reports `msg` at `loc` when a location is given; always fails.
static LogicalResult fail(std::optional<Location> loc, const Twine &msg) {
  if (loc)
    emitError(*loc) << msg;
  return failure();
}

/// The types of a bounded result of `shape` and its count, checked against
/// the tensor size limit.
static LogicalResult inferBounded(MLIRContext *context,
                                  std::optional<Location> loc,
                                  ArrayRef<int64_t> shape,
                                  SmallVectorImpl<Type> &types) {
  auto i64 = IntegerType::get(context, 64);
  auto result = RankedTensorType::get(shape, i64);
  if (failed(checkTensorByteSize(loc, result, kMaxTensorBytes, "results")))
    return failure();
  types.push_back(result);
  types.push_back(RankedTensorType::get({}, i64));
  return success();
}

LogicalResult NonZeroOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input =
      getStaticTensorType(loc, adaptor.getInput().getType());
  if (failed(input))
    return failure();
  if (input->getRank() == 0)
    return fail(loc, "expected an input of rank 1 or more, got " +
                         Twine("a rank-0 tensor"));
  return inferBounded(context, loc,
                      {input->getRank(), input->getNumElements()}, types);
}

LogicalResult NonMaxSuppressionOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> boxes =
      getStaticTensorType(loc, adaptor.getBoxes().getType());
  FailureOr<RankedTensorType> scores =
      getStaticTensorType(loc, adaptor.getScores().getType());
  if (failed(boxes) || failed(scores))
    return failure();
  ArrayRef<int64_t> b = boxes->getShape(), s = scores->getShape();
  if (b.size() != 3 || b[2] != 4 || s.size() != 3 || s[0] != b[0] ||
      s[2] != b[1])
    return fail(loc, "expected boxes of shape [B, N, 4] and scores of shape "
                     "[B, C, N]");
  if (!boxes->getElementType().isF32() || !scores->getElementType().isF32())
    return fail(loc, "expected f32 boxes and scores");
  for (Value scalar : {adaptor.getMaxOutputBoxesPerClass(),
                       adaptor.getIouThreshold(), adaptor.getScoreThreshold()})
    if (auto type = dyn_cast<RankedTensorType>(scalar.getType());
        !type || type.getRank() != 0 ||
        (scalar != adaptor.getMaxOutputBoxesPerClass() &&
         !type.getElementType().isF32()))
      return fail(loc, "expected rank-0 max_output_boxes_per_class (i64) "
                       "and thresholds (f32)");
  int64_t perClass = adaptor.getPerClass();
  if (perClass < 0 || perClass > b[1])
    return fail(loc, "expected per_class in [0, " + Twine(b[1]) +
                         "] (the number of boxes), got " + Twine(perClass));
  int64_t rows = 0;
  if (llvm::MulOverflow(b[0], s[1], rows) ||
      llvm::MulOverflow(rows, perClass, rows))
    return fail(loc, "expected B * C * per_class to fit in int64");
  return inferBounded(context, loc, {rows, 3}, types);
}
