//===- TGSamplingOps.cpp - tg sampling ops --------------------------------===//
//
// Verifiers and type inference of the ops in TGSamplingOps.td. Each op's
// shape rule is a free function here that reports a user-facing error at
// `loc` (when given) and fails; the ops' `inferReturnTypes` call it, so the
// rule is checked both while the custom form is parsed and by the verifier.
// Messages follow TGTypeInference.cpp: lowercase, what was expected first,
// then what was found.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace aotc::tg;

//===----------------------------------------------------------------------===//
// GridSampleOp
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
GridSampleOp::inferResultType(std::optional<Location> loc, GridSampleMode mode,
                              Type inputType, Type gridType) {
  auto fail = [&](auto &&...parts) -> FailureOr<RankedTensorType> {
    if (loc)
      (mlir::emitError(*loc) << ... << parts);
    return failure();
  };
  FailureOr<RankedTensorType> input = getStaticTensorType(loc, inputType);
  if (failed(input))
    return failure();
  FailureOr<RankedTensorType> grid = getStaticTensorType(loc, gridType);
  if (failed(grid))
    return failure();
  int64_t rank = input->getRank();
  if (rank < 3)
    return fail("expected an input of rank at least 3 (N x C x D1 ...), got ",
                *input);
  int64_t spatial = rank - 2;
  if (grid->getRank() != rank)
    return fail("expected a grid of rank ", rank, " (N x O1 x ... x O", spatial,
                " x ", spatial, ") for an input of rank ", rank, ", got ",
                *grid);
  if (grid->getDimSize(0) != input->getDimSize(0))
    return fail("expected a grid with the input's batch size ",
                input->getDimSize(0), ", got ", *grid);
  if (grid->getDimSize(rank - 1) != spatial)
    return fail("expected a grid whose last dimension is ", spatial,
                " (one coordinate per spatial axis), got ", *grid);
  if (!isa<FloatType>(grid->getElementType()))
    return fail("expected a float element type for the grid, got ",
                grid->getElementType());
  if (mode != GridSampleMode::nearest &&
      !isa<FloatType>(input->getElementType()))
    return fail("expected a float element type for ",
                stringifyGridSampleMode(mode), " grid sampling, got ",
                input->getElementType());
  for (int64_t dim : input->getShape().drop_front(2))
    if (dim == 0)
      return fail("expected non-empty spatial dimensions to sample, got ",
                  *input);
  SmallVector<int64_t> shape(input->getShape().take_front(2));
  llvm::append_range(shape, grid->getShape().slice(1, spatial));
  return RankedTensorType::get(shape, input->getElementType());
}

LogicalResult GridSampleOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> type =
      inferResultType(loc, adaptor.getMode(), adaptor.getInput().getType(),
                      adaptor.getGrid().getType());
  if (failed(type))
    return failure();
  types.push_back(*type);
  return success();
}
