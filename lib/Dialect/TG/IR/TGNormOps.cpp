//===- TGNormOps.cpp - tg normalization ops -------------------------------===//
//
// Type inference of the ops in TGNormOps.td. The three ops share one rule:
// the result has the input's type, and `axis` names a dimension of it. The
// rule reports a user-facing error at `loc` (when given) and fails; the ops'
// `inferReturnTypes` call it, so it is checked both while the custom form is
// parsed and by the verifier. Messages follow TGTypeInference.cpp:
// lowercase, what was expected first, then what was found.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace aotc::tg;

/// The result type of a normalization along (or from) `axis` of `inputType`:
/// the input's own type, when `axis` is in [0, rank). `what` names the
/// normalization in the error.
static LogicalResult inferNormalizationType(std::optional<Location> loc,
                                            StringRef what, Type inputType,
                                            int64_t axis,
                                            SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input = getStaticTensorType(loc, inputType);
  if (failed(input))
    return failure();
  int64_t rank = input->getRank();
  if (rank == 0) {
    if (loc)
      mlir::emitError(*loc) << "expected an input of rank at least 1 for "
                            << what << " (it needs an axis), got " << *input;
    return failure();
  }
  if (axis < 0 || axis >= rank) {
    if (loc)
      mlir::emitError(*loc)
          << "expected " << what << " axis in [0, " << rank
          << ") for an input of rank " << rank << ", got " << axis;
    return failure();
  }
  types.push_back(*input);
  return success();
}

LogicalResult SoftmaxOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  return inferNormalizationType(loc, "softmax", adaptor.getInput().getType(),
                                adaptor.getAxis(), types);
}

LogicalResult LogSoftmaxOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &types) {
  return inferNormalizationType(loc, "log-softmax",
                                adaptor.getInput().getType(), adaptor.getAxis(),
                                types);
}

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  return inferNormalizationType(loc, "layer normalization",
                                adaptor.getInput().getType(), adaptor.getAxis(),
                                types);
}
