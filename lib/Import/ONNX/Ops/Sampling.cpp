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
// - DeformConv (opset 19, 2-D) is GridSample of each offset group's
//   channels at the taps' offset places, then a grouped matmul.
// - RoiAlign (opsets 10 and 16, sampling_ratio > 0: the grid
//   torchvision's detectors use) is a composition. In avg mode: Bilinear interpolation
//   at a sample point is separable: the weight of pixel p along one axis
//   is the tent max(0, 1 - |c - p|) of the sample coordinate c clamped to
//   the image (zero for a sample beyond one pixel outside it), so each
//   roi's average over its sampling grid is A_y X A_x^T, with A_y [rois,
//   output_height, H] and A_x [rois, output_width, W] the tents summed over
//   the samples. The roi's image is picked by a one-hot factor folded into
//   A_y, so the whole op is two matmuls and no gather. Max mode takes the
//   largest weighted corner pixel of each sample, as onnxruntime does
//   (roiAlignMax): a gather of the four corners of every sample and a max
//   reduction.
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

//===----------------------------------------------------------------------===//
// RoiAlign
//===----------------------------------------------------------------------===//

/// The sample coordinates of RoiAlign along one axis, [rois, out, grid]:
/// start + o * bin + (i + 0.5) * bin / grid for output cell o and sample i,
/// with bin = extent / out; and 1 (in the coordinates' type) where the
/// sample lies within one pixel of the image of `size` pixels, else 0.
/// `start` and `extent` are the rois' start and size along the axis
/// ([rois, 1], in pixels).
static std::pair<Value, Value> roiSamplePoints(Composer &c, Value start,
                                               Value extent, int64_t out,
                                               int64_t grid, int64_t size) {
  int64_t rois = shapeOf(start)[0];
  Type type = elementTypeOf(start);
  Value bin = c.div(extent, c.scalar(extent, double(out))); // [R, 1]
  Value cell = c.cast(c.reshape(c.iota({out}), {1, out, 1}), type);
  Value sample = c.cast(c.reshape(c.iota({grid}), {1, 1, grid}), type);
  Value bin3 = c.reshape(bin, {rois, 1, 1});
  Value at = c.add(
      c.add(c.reshape(start, {rois, 1, 1}), c.mul(cell, bin3)),
      c.mul(c.add(sample, c.scalar(sample, 0.5)),
            c.div(bin3, c.scalar(bin3, double(grid)))));
  Value inside = c.cast(
      c.ctx.create<tg::AndOp>(
          c.compare(tg::ComparePredicate::ge, at, c.scalar(at, -1.0)),
          c.compare(tg::ComparePredicate::le, at, c.scalar(at, double(size)))),
      type);
  return {at, inside};
}

/// A [rois, out, size] of RoiAlign along one axis: for roi r and output
/// cell o, the bilinear weight of each of the `size` pixels summed over the
/// `grid` samples of the cell. `start` and `extent` are the rois' start and
/// size along the axis ([rois, 1], in pixels).
static Value roiTents(Composer &c, Value start, Value extent, int64_t out,
                      int64_t grid, int64_t size) {
  int64_t rois = shapeOf(start)[0];
  Type type = elementTypeOf(start);
  auto [at, inside] = roiSamplePoints(c, start, extent, out, grid, size);
  Value clamped = c.min(c.max(at, c.scalar(at, 0.0)),
                        c.scalar(at, double(size - 1)));
  Value pixel = c.cast(c.reshape(c.iota({size}), {1, 1, 1, size}), type);
  Value tent = c.max(
      c.sub(c.scalar(at, 1.0),
            c.abs(c.sub(c.reshape(clamped, {rois, out, grid, 1}), pixel))),
      c.scalar(at, 0.0));
  tent = c.mul(tent, c.reshape(inside, {rois, out, grid, 1}));
  return c.reshape(c.reduce(tg::ReduceKind::sum, tent, {2}),
                   {rois, out, size});
}

/// The sample points of RoiAlign along one axis, as onnxruntime's max mode
/// reads them: for roi r, output cell o and sample i ([rois, out, grid]),
/// the lower and upper pixel (i64) and their bilinear weights, zero for a
/// sample more than one pixel outside the image.
struct RoiSamples {
  Value low, high, lowWeight, highWeight;
};

static RoiSamples roiSamples(Composer &c, Value start, Value extent,
                             int64_t out, int64_t grid, int64_t size) {
  auto [at, inside] = roiSamplePoints(c, start, extent, out, grid, size);
  // At the last pixel or past it, both corners are the last pixel.
  Value last = c.scalar(at, double(size - 1));
  Value clamped = c.max(at, c.scalar(at, 0.0));
  Value low = c.min(c.ctx.create<tg::FloorOp>(clamped), last);
  Value high = c.min(c.add(low, c.scalar(low, 1.0)), last);
  Value frac = c.sub(c.min(clamped, last), low);
  Type i64 = IntegerType::get(c.ctx.getContext(), 64);
  return {c.cast(low, i64), c.cast(high, i64), c.mul(c.sub(c.scalar(frac, 1.0),
                                                          frac),
                                                    inside),
          c.mul(frac, inside)};
}

/// RoiAlign's max mode, as onnxruntime and ONNX's reference compute it:
/// at each sample the largest of the four weighted corner pixels w_k * v_k
/// (not the interpolated value), then the largest over the cell's samples.
/// The corners are gathered from X as [N * H * W, C] rows; the products are
/// reduced over samples and corners.
static Value roiAlignMax(Composer &c, Value x, Value batchIndices,
                         const RoiSamples &ys, const RoiSamples &xs,
                         int64_t outH, int64_t outW, int64_t grid) {
  ArrayRef<int64_t> shape = shapeOf(x);
  int64_t batch = shape[0], channels = shape[1], height = shape[2],
          width = shape[3];
  int64_t rois = shapeOf(batchIndices)[0];
  Type i64 = IntegerType::get(c.ctx.getContext(), 64);
  // Corners k = (low, low), (low, high), (high, low), (high, high) of
  // (y, x), on a last axis of 4: y terms [R, oh, gy, 1, 1, 4], x terms
  // [R, 1, 1, ow, gx, 4].
  auto yTerm = [&](Value a, Value b) {
    return c.concat({c.reshape(a, {rois, outH, grid, 1, 1, 1}),
                     c.reshape(a, {rois, outH, grid, 1, 1, 1}),
                     c.reshape(b, {rois, outH, grid, 1, 1, 1}),
                     c.reshape(b, {rois, outH, grid, 1, 1, 1})},
                    5);
  };
  auto xTerm = [&](Value a, Value b) {
    return c.concat({c.reshape(a, {rois, 1, 1, outW, grid, 1}),
                     c.reshape(b, {rois, 1, 1, outW, grid, 1}),
                     c.reshape(a, {rois, 1, 1, outW, grid, 1}),
                     c.reshape(b, {rois, 1, 1, outW, grid, 1})},
                    5);
  };
  Value image = c.reshape(c.cast(batchIndices, i64), {rois, 1, 1, 1, 1, 1});
  image = c.min(c.max(image, c.scalar(image, 0)),
                c.scalar(image, double(batch - 1)));
  Value row = c.add(c.mul(image, c.scalar(image, double(height))),
                    yTerm(ys.low, ys.high));
  Value flat = c.add(c.mul(row, c.scalar(row, double(width))),
                     xTerm(xs.low, xs.high)); // [R, oh, gy, ow, gx, 4]
  Value weight = c.mul(yTerm(ys.lowWeight, ys.highWeight),
                       xTerm(xs.lowWeight, xs.highWeight));
  SmallVector<int64_t> corners = {rois, outH, grid, outW, grid, 4};
  Value pixels = c.reshape(c.transpose(x, {0, 2, 3, 1}),
                           {batch * height * width, channels});
  // [R, oh, gy, ow, gx, 4, C], read where the product needs it: the gather
  // fuses into the product and the reduction.
  Value values = c.ctx.create<tg::GatherOp>(
      pixels, c.broadcastTo(flat, corners), 0);
  Value weighted = c.mul(values, c.reshape(weight, {rois, outH, grid, outW,
                                                     grid, 4, 1}));
  Value best = c.reduce(tg::ReduceKind::max, weighted, {2, 4, 5});
  return c.transpose(c.reshape(best, {rois, outH, outW, channels}),
                     {0, 3, 1, 2});
}

LogicalResult convertRoiAlign(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0), rois = ctx.getInput(1),
        batchIndices = ctx.getInput(2);
  if (!isFloatValue(x) || rankOf(x) != 4)
    return ctx.emitError() << "expected a float input [N, C, H, W], got "
                           << x.getType();
  ArrayRef<int64_t> xs = shapeOf(x);
  int64_t batch = xs[0], channels = xs[1], height = xs[2], width = xs[3];
  if (shapeOf(rois).size() != 2 || shapeOf(rois)[1] != 4 ||
      elementTypeOf(rois) != elementTypeOf(x))
    return ctx.emitError() << "expected rois [num_rois, 4] of the input's "
                              "type, got "
                           << rois.getType();
  int64_t count = shapeOf(rois)[0];
  if (shapeOf(batchIndices) != ArrayRef<int64_t>{count} ||
      !isa<IntegerType>(elementTypeOf(batchIndices)))
    return ctx.emitError() << "expected integer batch_indices [" << count
                           << "], got " << batchIndices.getType();
  std::string poolMode = ctx.getString("mode", "avg");
  if (poolMode != "avg" && poolMode != "max")
    return ctx.emitError() << "unknown mode '" << poolMode << "'";
  int64_t outH = ctx.getInt("output_height", 1),
          outW = ctx.getInt("output_width", 1),
          ratio = ctx.getInt("sampling_ratio", 0);
  if (outH < 1 || outW < 1)
    return ctx.emitError() << "expected positive output_height and "
                              "output_width, got "
                           << outH << " and " << outW;
  if (ratio <= 0)
    return ctx.unsupported("sampling_ratio=0 (a sampling grid that depends "
                           "on each roi's size at run time)");
  // Opset 10 has no coordinate_transformation_mode and behaves as
  // output_half_pixel.
  std::string mode = ctx.getOpset() >= 16
                         ? ctx.getString("coordinate_transformation_mode",
                                         "half_pixel")
                         : "output_half_pixel";
  if (mode != "half_pixel" && mode != "output_half_pixel")
    return ctx.emitError() << "unknown coordinate_transformation_mode '"
                           << mode << "'";
  bool halfPixel = mode == "half_pixel";
  double scale = ctx.getFloat("spatial_scale", 1.0);

  auto column = [&](int64_t i) {
    return c.mul(c.sliceAxis(rois, 1, i, 1), c.scalar(rois, scale));
  };
  Value offset = c.scalar(rois, halfPixel ? 0.5 : 0.0);
  Value x1 = c.sub(column(0), offset), y1 = c.sub(column(1), offset);
  Value w = c.sub(c.sub(column(2), offset), x1),
        h = c.sub(c.sub(column(3), offset), y1);
  if (!halfPixel) {
    w = c.max(w, c.scalar(w, 1.0));
    h = c.max(h, c.scalar(h, 1.0));
  }
  if (poolMode == "max") {
    if (failed(ctx.checkedSize({count, outH, ratio, outW, ratio, 4, channels},
                               "RoiAlign's max-mode samples")))
      return failure();
    ctx.setOutput(0, roiAlignMax(c, x, batchIndices,
                                 roiSamples(c, y1, h, outH, ratio, height),
                                 roiSamples(c, x1, w, outW, ratio, width),
                                 outH, outW, ratio));
    return success();
  }
  Value ay = roiTents(c, y1, h, outH, ratio, height); // [R, oh, H]
  Value ax = roiTents(c, x1, w, outW, ratio, width);  // [R, ow, W]

  // Fold the roi's image into A_y: [R * oh, N * H].
  Type i64 = IntegerType::get(ctx.getContext(), 64);
  Value image = c.compare(
      tg::ComparePredicate::eq,
      c.reshape(c.cast(batchIndices, i64), {count, 1, 1, 1}),
      c.reshape(c.iota({batch}), {1, 1, batch, 1}));
  Value ayAll = c.mul(c.reshape(ay, {count, outH, 1, height}),
                      c.cast(image, elementTypeOf(x)));
  ayAll = c.reshape(ayAll, {count * outH, batch * height});
  // X as [N * H, C * W]; rows of A_y times it: [R, oh * C, W].
  Value xRows = c.reshape(c.transpose(x, {0, 2, 1, 3}),
                          {batch * height, channels * width});
  Value rowsDone = c.reshape(c.matmul(ayAll, xRows),
                             {count, outH * channels, width});
  // Times A_x^T: [R, oh * C, ow] -> [R, C, oh, ow], averaged.
  Value y = c.matmul(rowsDone, c.transpose(ax, {0, 2, 1}));
  y = c.transpose(c.reshape(y, {count, outH, channels, outW}), {0, 2, 1, 3});
  ctx.setOutput(0, c.mul(y, c.scalar(y, 1.0 / double(ratio * ratio))));
  return success();
}

//===----------------------------------------------------------------------===//
// DeformConv
//===----------------------------------------------------------------------===//

/// DeformConv (opset 19), 2-D: a convolution whose kernel taps read the
/// input at offsets given per output position. As ONNX's reference defines
/// it, tap k of output (i, j) reads X bilinearly (corners outside the image
/// count as zero) at (top + i * stride + k_h * dilation + dy, ...), times
/// the mask. That is GridSample (linear, zeros, align_corners) of each
/// offset group's channels on a grid of [taps * OH, OW] points, after which
/// the convolution is a grouped matmul of the weights with the sampled
/// columns.
LogicalResult convertDeformConv(NodeContext &ctx) {
  Composer c{ctx};
  Value x = ctx.getInput(0), w = ctx.getInput(1), offset = ctx.getInput(2);
  if (!isFloatValue(x) || rankOf(x) != 4)
    return ctx.unsupported("an input other than a float [N, C, H, W] (2-D)");
  ArrayRef<int64_t> xs = shapeOf(x), ws = shapeOf(w), os = shapeOf(offset);
  int64_t n = xs[0], channels = xs[1], height = xs[2], width = xs[3];
  int64_t group = ctx.getInt("group", 1),
          offsetGroup = ctx.getInt("offset_group", 1);
  if (rankOf(w) != 4 || elementTypeOf(w) != elementTypeOf(x) ||
      elementTypeOf(offset) != elementTypeOf(x) || rankOf(offset) != 4)
    return ctx.emitError() << "expected W [M, C / group, kH, kW] and offset "
                              "[N, 2 * offset_group * kH * kW, oH, oW] of "
                              "the input's type, got "
                           << w.getType() << " and " << offset.getType();
  int64_t m = ws[0], kh = ws[2], kw = ws[3], oh = os[2], ow = os[3];
  int64_t taps = kh * kw;
  if (group < 1 || offsetGroup < 1 || channels % group != 0 ||
      channels % offsetGroup != 0 || m % group != 0 ||
      ws[1] * group != channels)
    return ctx.emitError() << "expected group and offset_group to divide the "
                              "channels (" << channels << ") and group the "
                              "outputs (" << m << "), with W [M, C / group, "
                              "kH, kW]; got group " << group
                           << ", offset_group " << offsetGroup << " and W "
                           << w.getType();
  if (os[0] != n || os[1] != 2 * offsetGroup * taps)
    return ctx.emitError() << "expected offset [" << n << ", "
                           << 2 * offsetGroup * taps << ", oH, oW], got "
                           << offset.getType();
  if (auto kernel = ctx.getInts("kernel_shape");
      kernel && (*kernel != SmallVector<int64_t>{kh, kw}))
    return ctx.emitError() << "expected kernel_shape to match W's ["
                           << kh << ", " << kw << "]";
  SmallVector<int64_t> strides = ctx.getInts("strides").value_or(
                           SmallVector<int64_t>{1, 1}),
                       dilations = ctx.getInts("dilations").value_or(
                           SmallVector<int64_t>{1, 1}),
                       pads = ctx.getInts("pads").value_or(
                           SmallVector<int64_t>{0, 0, 0, 0});
  if (strides.size() != 2 || dilations.size() != 2 || pads.size() != 4)
    return ctx.emitError() << "expected 2 strides, 2 dilations and 4 pads";
  // The output the geometry gives must be the offset's.
  for (int d = 0; d < 2; ++d) {
    int64_t size = d ? width : height, k = d ? kw : kh;
    int64_t span = (k - 1) * dilations[d] + 1;
    if (strides[d] < 1 || dilations[d] < 1 ||
        (size + pads[d] + pads[d + 2] - span) / strides[d] + 1 !=
            (d ? ow : oh))
      return ctx.emitError() << "expected the offset's output size to be "
                                "what the kernel, strides, dilations and "
                                "pads give";
  }
  if (failed(ctx.checkedSize({n, channels, taps, oh, ow}, "sampled columns")))
    return failure();
  Value mask;
  if (ctx.hasInput(4)) {
    mask = ctx.getInput(4);
    if (shapeOf(mask) != ArrayRef<int64_t>{n, offsetGroup * taps, oh, ow} ||
        elementTypeOf(mask) != elementTypeOf(x))
      return ctx.emitError() << "expected mask [" << n << ", "
                             << offsetGroup * taps << ", " << oh << ", " << ow
                             << "], got " << mask.getType();
  }

  // Sample coordinates [N, G, taps, oH, oW]: the tap's place plus its
  // offset (offset holds (dy, dx) per tap).
  Type type = elementTypeOf(x);
  auto place = [&](int axis) {
    // [1, 1, taps, oH, 1] for rows, [1, 1, taps, 1, oW] for columns.
    int64_t out = axis ? ow : oh;
    SmallVector<double> values;
    for (int64_t t = 0; t < taps; ++t)
      for (int64_t o = 0; o < out; ++o)
        values.push_back(double(-pads[axis] + o * strides[axis] +
                                (axis ? t % kw : t / kw) * dilations[axis]));
    SmallVector<int64_t> shape = {1, 1, taps, axis ? 1 : oh, axis ? ow : 1};
    auto tensorType = RankedTensorType::get(shape, type);
    SmallVector<Attribute> attrs;
    for (double v : values)
      attrs.push_back(FloatAttr::get(type, v));
    return ctx.createConstant(DenseElementsAttr::get(tensorType, attrs));
  };
  Value deltas = c.reshape(offset, {n, offsetGroup, taps, 2, oh, ow});
  auto delta = [&](int axis) {
    return c.reshape(c.sliceAxis(deltas, 3, axis, 1),
                     {n, offsetGroup, taps, oh, ow});
  };
  // align_corners: pixel p of `size` is at 2 p / (size - 1) - 1.
  auto normalized = [&](Value at, int64_t size) {
    double scale = size > 1 ? 2.0 / double(size - 1) : 0.0;
    return c.reshape(c.sub(c.mul(at, c.scalar(at, scale)), c.scalar(at, 1.0)),
                     {n * offsetGroup, taps * oh, ow, 1});
  };
  Value grid = c.concat(
      {normalized(c.add(delta(1), place(1)), width),
       normalized(c.add(delta(0), place(0)), height)},
      3); // (x, y)
  Value sampled = ctx.create<tg::GridSampleOp>(
      tg::GridSampleMode::linear,
      c.reshape(x, {n * offsetGroup, channels / offsetGroup, height, width}),
      grid, tg::GridSamplePadding::zeros, /*alignCorners=*/true);
  if (mask) {
    sampled = c.mul(
        c.reshape(sampled, {n, offsetGroup, channels / offsetGroup, taps, oh,
                            ow}),
        c.reshape(mask, {n, offsetGroup, 1, taps, oh, ow}));
  }
  // Columns [N, group, C / group * taps, oH * oW] times the weights
  // [1, group, M / group, C / group * taps].
  int64_t perGroup = channels / group * taps;
  Value columns = c.reshape(sampled, {n, group, perGroup, oh * ow});
  Value weights = c.reshape(w, {1, group, m / group, perGroup});
  Value y = c.reshape(c.matmul(weights, columns), {n, m, oh, ow});
  if (ctx.hasInput(3)) {
    Value bias = ctx.getInput(3);
    if (shapeOf(bias) != ArrayRef<int64_t>{m} ||
        elementTypeOf(bias) != type)
      return ctx.emitError() << "expected B [" << m << "], got "
                             << bias.getType();
    y = c.add(y, c.reshape(bias, {1, m, 1, 1}));
  }
  ctx.setOutput(0, y);
  return success();
}

} // namespace

void aotc::onnximport::registerSamplingConverters(ConverterRegistry &registry) {
  registry.add("GridSample", {2, 2}, convertGridSample);
  registry.add("AffineGrid", {2, 2}, convertAffineGrid);
  registry.add("RoiAlign", {3, 3}, convertRoiAlign);
  registry.add("DeformConv", {3, 5}, convertDeformConv);
}
