//===- Sampling.cpp - ONNX sampling op converters -------------------------===//
//
// Converters from ONNX nodes to tg ops; see NodeImporter.h for the interface.
//
// - GridSample (opset 16: 4-D, modes bilinear/nearest/bicubic; opset 20:
//   N-d, modes linear/nearest/cubic) maps to tg.grid_sample.
// - AffineGrid (opset 20) is a composition: the constant homogeneous base
//   grid of normalized output coordinates (x, y[, z], 1), computed here in
//   double precision, multiplied by theta with tg.matmul. `size` must be
//   known at compile time.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

namespace {

//===----------------------------------------------------------------------===//
// GridSample
//===----------------------------------------------------------------------===//

/// Parses GridSample's `mode`, accepting both opset 16 and opset 20 names.
FailureOr<tg::GridSampleMode> getGridSampleMode(NodeContext &ctx) {
  std::string mode = ctx.getString("mode", "linear");
  if (mode == "nearest")
    return tg::GridSampleMode::nearest;
  if (mode == "linear" || mode == "bilinear")
    return tg::GridSampleMode::linear;
  if (mode == "cubic" || mode == "bicubic")
    return tg::GridSampleMode::cubic;
  return ctx.emitError() << "unknown mode '" << mode << "'";
}

/// Parses GridSample's `padding_mode`.
FailureOr<tg::GridSamplePadding> getGridSamplePadding(NodeContext &ctx) {
  std::string padding = ctx.getString("padding_mode", "zeros");
  if (std::optional<tg::GridSamplePadding> parsed =
          tg::symbolizeGridSamplePadding(padding))
    return *parsed;
  return ctx.emitError() << "unknown padding_mode '" << padding << "'";
}

LogicalResult convertGridSample(NodeContext &ctx) {
  FailureOr<tg::GridSampleMode> mode = getGridSampleMode(ctx);
  FailureOr<tg::GridSamplePadding> padding = getGridSamplePadding(ctx);
  if (failed(mode) || failed(padding))
    return failure();
  Value input = ctx.getInput(0), grid = ctx.getInput(1);
  if (failed(tg::GridSampleOp::inferResultType(
          ctx.getLoc(), *mode, input.getType(), grid.getType())))
    return failure();
  bool alignCorners = ctx.getInt("align_corners", 0) != 0;
  ctx.setOutput(0, ctx.create<tg::GridSampleOp>(*mode, input, grid, *padding,
                                                alignCorners));
  return success();
}

//===----------------------------------------------------------------------===//
// AffineGrid
//===----------------------------------------------------------------------===//

/// The `size` normalized coordinates of an axis of AffineGrid's output, as
/// ONNX's reference computes them: the element centres of `[-1, 1]` split
/// into `size` elements, or with `alignCorners` the corner elements at -1
/// and 1 (-1 alone when `size` is 1).
SmallVector<double> normalizedCoordinates(int64_t size, bool alignCorners) {
  SmallVector<double> values(size);
  for (int64_t i = 0; i < size; ++i)
    values[i] = alignCorners ? (size == 1 ? -1.0 : -1.0 + 2.0 * i / (size - 1))
                             : -1.0 + (2.0 * i + 1.0) / size;
  return values;
}

LogicalResult convertAffineGrid(NodeContext &ctx) {
  Composer c{ctx};
  Value theta = ctx.getInput(0);
  FailureOr<SmallVector<int64_t>> size = ctx.getConstantInts(1);
  if (failed(size))
    return failure();
  if (size->size() != 4 && size->size() != 5)
    return ctx.emitError() << "expected size with 4 (N, C, H, W) or 5 "
                              "(N, C, D, H, W) entries, got "
                           << size->size();
  int64_t spatial = size->size() - 2;
  ArrayRef<int64_t> thetaShape = shapeOf(theta);
  int64_t batch = (*size)[0];
  if (!isFloatValue(theta) || thetaShape.size() != 3 ||
      thetaShape[0] != batch || thetaShape[1] != spatial ||
      thetaShape[2] != spatial + 1)
    return ctx.emitError() << "expected a float theta of shape " << batch << "x"
                           << spatial << "x" << spatial + 1 << " for size of "
                           << size->size() << " entries, got "
                           << theta.getType();
  ArrayRef<int64_t> outSpatial = ArrayRef(*size).drop_front(2);
  for (int64_t dim : outSpatial)
    if (dim <= 0)
      return ctx.emitError() << "expected positive spatial sizes";
  bool alignCorners = ctx.getInt("align_corners", 0) != 0;

  // The base grid, transposed: row k holds coordinate k (x, y[, z], then
  // the homogeneous 1) of every output position, in row-major order.
  int64_t positions = 1;
  for (int64_t dim : outSpatial)
    positions *= dim;
  SmallVector<SmallVector<double>> axes;
  for (int64_t dim : outSpatial)
    axes.push_back(normalizedCoordinates(dim, alignCorners));
  SmallVector<double> base((spatial + 1) * positions, 1.0);
  for (int64_t p = 0; p < positions; ++p) {
    int64_t rest = p;
    for (int64_t axis = spatial - 1; axis >= 0; --axis) {
      int64_t dim = outSpatial[axis];
      // Coordinate 0 (x) is the innermost axis.
      base[(spatial - 1 - axis) * positions + p] = axes[axis][rest % dim];
      rest /= dim;
    }
  }
  auto baseType = RankedTensorType::get({spatial + 1, positions},
                                        ctx.getBuilder().getF64Type());
  Value baseGrid = c.cast(
      ctx.createConstant(DenseElementsAttr::get(baseType, ArrayRef(base))),
      elementTypeOf(theta));

  // (N x r x (r+1)) . ((r+1) x P) -> N x r x P -> N x P x r -> N x O... x r.
  Value grid = c.transpose(c.matmul(theta, baseGrid), {0, 2, 1});
  SmallVector<int64_t> shape{batch};
  llvm::append_range(shape, outSpatial);
  shape.push_back(spatial);
  ctx.setOutput(0, c.reshape(grid, shape));
  return success();
}

} // namespace

void aotc::onnximport::registerSamplingConverters(ConverterRegistry &registry) {
  registry.add("GridSample", {2, 2}, convertGridSample);
  registry.add("AffineGrid", {2, 2}, convertAffineGrid);
}
