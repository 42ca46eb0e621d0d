//===- Signal.cpp - ONNX signal-processing op converters -------*- C++ -*-===//
//
// Converters for ONNX's signal ops: the windows (HannWindow, HammingWindow,
// BlackmanWindow), MelWeightMatrix, DFT, STFT, CenterCropPad and Col2Im; see
// NodeImporter.h for the interface and docs/ops-signal.md for the choices.
//
// Every shape is static and the sizes these ops take (window length, DFT
// length, frame step, image shape) must be known at compile time, so:
//
// - the windows and MelWeightMatrix are constants, computed the way ONNX's
//   function bodies and reference implementation compute them;
// - DFT and STFT are a matmul against a constant matrix of cosines and sines
//   (the transformed axis moved last, real and imaginary parts interleaved
//   as ONNX lays them out), STFT's frames a gather with constant indices;
// - CenterCropPad is one tg.pad (a negative count crops);
// - Col2Im gathers, for every image element, the columns that land on it
//   (a zero where none does) and sums them.
//
//===----------------------------------------------------------------------===//

#include "../Composer.h"
#include "../NodeImporter.h"
#include "../TensorImport.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "onnx/onnx_pb.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <numeric>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Dense constant matrices larger than this many elements are refused as
/// unsupported rather than built.
constexpr int64_t kMaxMatrixElements = int64_t(1) << 26;

int64_t product(ArrayRef<int64_t> values) {
  return std::accumulate(values.begin(), values.end(), int64_t(1),
                         std::multiplies<int64_t>());
}

/// A constant of float type `element` and `shape` holding `values` (row
/// major), each rounded to nearest.
Value createFloatConstant(NodeContext &ctx, Type element,
                          ArrayRef<int64_t> shape, ArrayRef<double> values) {
  const llvm::fltSemantics &semantics =
      cast<FloatType>(element).getFloatSemantics();
  SmallVector<APFloat> elements;
  elements.reserve(values.size());
  for (double value : values) {
    APFloat v(value);
    bool lost;
    v.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
    elements.push_back(v);
  }
  return ctx.createConstant(
      DenseElementsAttr::get(RankedTensorType::get(shape, element), elements));
}

/// Input `i` as one compile-time integer.
FailureOr<int64_t> getConstantScalar(NodeContext &ctx, unsigned i,
                                     StringRef what) {
  FailureOr<SmallVector<int64_t>> values = ctx.getConstantInts(i);
  if (failed(values))
    return failure();
  if (values->size() != 1)
    return ctx.emitError() << "expected " << what << " to be a scalar, got "
                           << values->size() << " values";
  return values->front();
}

/// The element type that attribute `output_datatype` names (float by
/// default), or a null type when tg has none.
Type getOutputDataType(NodeContext &ctx) {
  return getElementType(ctx.getContext(), ctx.getInt("output_datatype",
                                                     onnx::TensorProto::FLOAT));
}

LogicalResult unsupportedOutputDataType(NodeContext &ctx) {
  return ctx.unsupported(
      "output_datatype " +
      getDataTypeName(ctx.getInt("output_datatype", onnx::TensorProto::FLOAT)));
}

/// cos and sin of 2*pi*m/n, exact at multiples of a quarter turn (so that
/// the imaginary part of a real signal's DC and Nyquist bins is exactly 0).
std::pair<double, double> unitRoot(int64_t m, int64_t n) {
  m %= n;
  if ((4 * m) % n == 0) {
    switch ((4 * m) / n) {
    case 0:
      return {1.0, 0.0};
    case 1:
      return {0.0, 1.0};
    case 2:
      return {-1.0, 0.0};
    default:
      return {0.0, -1.0};
    }
  }
  double angle =
      2.0 * llvm::numbers::pi * static_cast<double>(m) / static_cast<double>(n);
  return {std::cos(angle), std::sin(angle)};
}

/// The matrix of a forward DFT of length `length` on rows of `n` complex
/// (channels 2) or real (channels 1) values, interleaved as ONNX lays them
/// out: row i * channels + c is input element i's real (c = 0) or imaginary
/// part, column 2 * k + c output bin k's. Inputs from `length` on are
/// dropped, missing ones are zeros; `bins` bins are kept. Row i is scaled by
/// `window[i]` when a window is given.
SmallVector<double> dftMatrix(int64_t n, int64_t channels, int64_t length,
                              int64_t bins, bool inverse,
                              ArrayRef<double> window = {}) {
  int64_t cols = 2 * bins;
  SmallVector<double> matrix(n * channels * cols, 0.0);
  double scale = inverse ? 1.0 / static_cast<double>(length) : 1.0;
  double sign = inverse ? 1.0 : -1.0; // e^{sign * 2 pi j k i / length}
  for (int64_t i = 0; i < std::min(n, length); ++i) {
    double w = window.empty() ? scale : scale * window[i];
    for (int64_t k = 0; k < bins; ++k) {
      auto [c, s] = unitRoot(k * i, length);
      s *= sign;
      // (a + jb)(c + js) = (ac - bs) + j(as + bc).
      double *re = &matrix[(i * channels) * cols + 2 * k];
      re[0] = w * c;
      re[1] = w * s;
      if (channels == 2) {
        double *im = re + cols;
        im[0] = -w * s;
        im[1] = w * c;
      }
    }
  }
  for (double &value : matrix)
    value += 0.0; // -0 to +0, for readable constants.
  return matrix;
}

/// The matrix of NumPy's irfft of length `length` from `n` one-sided bins:
/// rows as dftMatrix's, column j output element j. Bins from
/// length / 2 + 1 on are dropped; the conjugate half counts twice, and the
/// imaginary parts of the DC and Nyquist bins are ignored.
SmallVector<double> irfftMatrix(int64_t n, int64_t channels, int64_t length) {
  SmallVector<double> matrix(n * channels * length, 0.0);
  for (int64_t k = 0; k < std::min(n, length / 2 + 1); ++k) {
    bool single = k == 0 || 2 * k == length;
    double w = (single ? 1.0 : 2.0) / static_cast<double>(length);
    for (int64_t j = 0; j < length; ++j) {
      auto [c, s] = unitRoot(k * j, length);
      matrix[(k * channels) * length + j] = w * c;
      if (channels == 2)
        matrix[(k * channels + 1) * length + j] = single ? 0.0 : -w * s + 0.0;
    }
  }
  return matrix;
}

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

/// A generalized cosine window a0 - a1 cos(t) + a2 cos(2t), t = 2 pi n / N,
/// computed in float step by step as the ONNX function bodies do, then cast
/// to `output_datatype`.
LogicalResult convertCosineWindow(NodeContext &ctx, float a0, float a1,
                                  float a2) {
  FailureOr<int64_t> size = getConstantScalar(ctx, 0, "size");
  if (failed(size))
    return failure();
  if (failed(ctx.checkedSize({*size}, "a window", kMaxMatrixElements)))
    return failure();
  Type element = getOutputDataType(ctx);
  if (!element)
    return unsupportedOutputDataType(ctx);

  const float tau = 6.2831854820251465f; // The bodies' float constant.
  float periodicSize = static_cast<float>(*size);
  float denominator =
      ctx.getInt("periodic", 1) ? periodicSize : periodicSize - 1.0f;
  float increment = tau / denominator;
  SmallVector<double> values;
  for (int64_t i = 0; i < *size; ++i) {
    float angle = static_cast<float>(i) * increment;
    float twoAngle = angle * 2.0f;
    float a1Term = a1 * std::cos(angle);
    float a2Term = a2 * std::cos(twoAngle);
    float difference = a0 - a1Term;
    values.push_back(difference + a2Term);
  }
  Type f32 = Float32Type::get(ctx.getContext());
  Value window = createFloatConstant(ctx, f32, {*size}, values);
  ctx.setOutput(0, Composer{ctx}.cast(window, element));
  return success();
}

//===----------------------------------------------------------------------===//
// MelWeightMatrix
//===----------------------------------------------------------------------===//

/// ONNX's reference implementation: the mel scale's edges in float (the
/// inputs are float scalars), the bin centers in double, floored to DFT
/// bins, and triangles between them.
LogicalResult convertMelWeightMatrix(NodeContext &ctx) {
  FailureOr<int64_t> numMelBins = getConstantScalar(ctx, 0, "num_mel_bins");
  if (failed(numMelBins))
    return failure();
  FailureOr<int64_t> dftLength = getConstantScalar(ctx, 1, "dft_length");
  if (failed(dftLength))
    return failure();
  FailureOr<int64_t> sampleRate = getConstantScalar(ctx, 2, "sample_rate");
  if (failed(sampleRate))
    return failure();
  FailureOr<SmallVector<double>> lower = ctx.getConstantFloats(3);
  if (failed(lower))
    return failure();
  FailureOr<SmallVector<double>> upper = ctx.getConstantFloats(4);
  if (failed(upper))
    return failure();
  if (lower->size() != 1 || upper->size() != 1)
    return ctx.emitError()
           << "expected lower_edge_hertz and upper_edge_hertz to be scalars";
  if (*numMelBins <= 0 || *dftLength <= 0 || *sampleRate <= 0)
    return ctx.emitError() << "expected positive num_mel_bins, dft_length "
                              "and sample_rate, got "
                           << *numMelBins << ", " << *dftLength << ", "
                           << *sampleRate;
  Type element = getOutputDataType(ctx);
  if (!element)
    return unsupportedOutputDataType(ctx);
  if (failed(ctx.checkedSize({*dftLength / 2 + 1, *numMelBins},
                             "a mel weight matrix", kMaxMatrixElements)))
    return failure();

  auto toMel = [](double hertz) {
    float h = static_cast<float>(hertz);
    float ratio = h / 700.0f;
    float log = std::log10(1.0f + ratio);
    return 2595.0f * log;
  };
  float lowMel = toMel(lower->front());
  float highMel = toMel(upper->front());
  int64_t numPoints = *numMelBins + 2;
  float melStep = (highMel - lowMel) / static_cast<float>(numPoints);

  SmallVector<int64_t> points;
  for (int64_t i = 0; i < numPoints; ++i) {
    double mel = static_cast<double>(i) * static_cast<double>(melStep) +
                 static_cast<double>(lowMel);
    double hertz = 700.0 * (std::pow(10.0, mel / 2595.0) - 1.0);
    double bin = std::floor(static_cast<double>(*dftLength + 1) * hertz /
                            static_cast<double>(*sampleRate));
    // Checked before the bands are walked bin by bin: an edge frequency far
    // past the sample rate would make that walk endless.
    if (!(bin >= 0 && bin <= static_cast<double>(*dftLength / 2 + 1)))
      return ctx.emitError()
             << "the mel bands reach past the " << *dftLength / 2 + 1
             << " DFT bins (lower_edge_hertz " << lower->front()
             << " and upper_edge_hertz " << upper->front()
             << " must lie in [0, sample_rate / 2])";
    points.push_back(static_cast<int64_t>(bin));
  }

  int64_t numBins = *dftLength / 2 + 1;
  SmallVector<double> matrix(numBins * *numMelBins, 0.0);
  bool inRange = true;
  auto set = [&](int64_t bin, int64_t mel, double value) {
    if (bin < 0 || bin >= numBins)
      inRange = false;
    else
      matrix[bin * *numMelBins + mel] = value;
  };
  for (int64_t i = 0; i < *numMelBins; ++i) {
    int64_t low = points[i], center = points[i + 1], high = points[i + 2];
    if (center == low)
      set(center, i, 1.0);
    else
      for (int64_t j = low; j <= center; ++j)
        set(j, i,
            static_cast<double>(j - low) / static_cast<double>(center - low));
    if (high > center)
      for (int64_t j = center; j < high; ++j)
        set(j, i,
            static_cast<double>(high - j) / static_cast<double>(high - center));
  }
  if (!inRange)
    return ctx.emitError() << "the mel bands reach past the " << numBins
                           << " DFT bins (upper_edge_hertz " << upper->front()
                           << " above half the sample rate?)";

  Type f64 = Float64Type::get(ctx.getContext());
  Value weights =
      createFloatConstant(ctx, isa<FloatType>(element) ? element : f64,
                          {numBins, *numMelBins}, matrix);
  ctx.setOutput(0, Composer{ctx}.cast(weights, element));
  return success();
}

//===----------------------------------------------------------------------===//
// DFT
//===----------------------------------------------------------------------===//

/// Applies `matrix` (rows = shape[axis] * channels, columns = bins *
/// outChannels) along `axis` of `x` (the last dimension holding the
/// channels) and returns the result with `bins` along `axis` and
/// `outChannels` last.
Value applyAlongAxis(NodeContext &ctx, Value x, int64_t axis,
                     ArrayRef<double> matrix, int64_t bins,
                     int64_t outChannels) {
  ArrayRef<int64_t> shape = shapeOf(x);
  int64_t rank = shape.size();
  int64_t n = shape[axis], channels = shape.back();
  SmallVector<int64_t> permutation, outerShape;
  for (int64_t d = 0; d < rank - 1; ++d)
    if (d != axis) {
      permutation.push_back(d);
      outerShape.push_back(shape[d]);
    }
  permutation.push_back(axis);
  permutation.push_back(rank - 1);
  Value moved = ctx.create<tg::TransposeOp>(x, permutation);
  int64_t rows = product(outerShape);
  Value flat = reshapeTo(ctx, moved, {rows, n * channels});
  Value weights = createFloatConstant(
      ctx, elementTypeOf(x), {n * channels, bins * outChannels}, matrix);
  Value transformed = ctx.create<tg::MatmulOp>(flat, weights);
  SmallVector<int64_t> resultShape(outerShape);
  resultShape.push_back(bins);
  resultShape.push_back(outChannels);
  Value result = reshapeTo(ctx, transformed, resultShape);
  // Back to the input's order: dimension d of the result is `axis`'s at
  // position rank - 2, the channels' at rank - 1, and the others' in order.
  SmallVector<int64_t> back(rank);
  for (int64_t d = 0, other = 0; d < rank - 1; ++d)
    back[d] = d == axis ? rank - 2 : other++;
  back[rank - 1] = rank - 1;
  return ctx.create<tg::TransposeOp>(result, back);
}

/// DFT: forward, inverse, one-sided (real to complex) and NumPy's irfft
/// (inverse and one-sided: one-sided bins to a real signal).
LogicalResult convertDFT(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  if (!isa<FloatType>(type.getElementType()))
    return ctx.emitError() << "expected a float input, got "
                           << type.getElementType();
  int64_t rank = type.getRank();
  if (rank < 2 || (type.getShape().back() != 1 && type.getShape().back() != 2))
    return ctx.emitError() << "expected an input of rank at least 2 whose "
                              "last dimension is 1 (real) or 2 (complex), got "
                           << type;
  int64_t axis;
  if (ctx.getOpset() >= 20) {
    axis = -2;
    if (ctx.hasInput(2)) {
      FailureOr<int64_t> value = getConstantScalar(ctx, 2, "axis");
      if (failed(value))
        return failure();
      axis = *value;
    }
  } else {
    axis = ctx.getInt("axis", 1);
  }
  if (axis < -rank || axis > rank - 2 || axis == -1)
    return ctx.emitError() << "axis " << axis << " is out of range [" << -rank
                           << ", -2] or [0, " << rank - 2 << "]";
  if (axis < 0)
    axis += rank;

  bool inverse = ctx.getInt("inverse", 0) != 0;
  bool onesided = ctx.getInt("onesided", 0) != 0;
  int64_t n = type.getDimSize(axis);
  int64_t channels = type.getShape().back();
  int64_t length = inverse && onesided ? 2 * (n - 1) : n;
  if (ctx.hasInput(1)) {
    FailureOr<int64_t> value = getConstantScalar(ctx, 1, "dft_length");
    if (failed(value))
      return failure();
    length = *value;
  }
  if (length <= 0)
    return ctx.emitError() << "expected a positive DFT length, got " << length;

  int64_t bins = inverse || !onesided ? length : length / 2 + 1;
  int64_t outChannels = inverse && onesided ? 1 : 2;
  if (failed(ctx.checkedSize({n, channels, bins, outChannels},
                             "a DFT matrix", kMaxMatrixElements)))
    return failure();
  SmallVector<double> matrix =
      inverse && onesided ? irfftMatrix(n, channels, length)
                          : dftMatrix(n, channels, length, bins, inverse);
  ctx.setOutput(
      0, applyAlongAxis(ctx, ctx.getInput(0), axis, matrix, bins, outChannels));
  return success();
}

//===----------------------------------------------------------------------===//
// STFT
//===----------------------------------------------------------------------===//

/// STFT: the frames gathered with constant indices, weighted by the window
/// (folded into the DFT matrix when it is a constant) and transformed.
LogicalResult convertSTFT(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  Type element = type.getElementType();
  if (!isa<FloatType>(element))
    return ctx.emitError() << "expected a float signal, got " << element;
  if (type.getRank() != 3 ||
      (type.getDimSize(2) != 1 && type.getDimSize(2) != 2))
    return ctx.emitError() << "expected a signal of shape [batch, length, 1 "
                              "or 2], got "
                           << type;
  int64_t batch = type.getDimSize(0), signalLength = type.getDimSize(1),
          channels = type.getDimSize(2);
  FailureOr<int64_t> step = getConstantScalar(ctx, 1, "frame_step");
  if (failed(step))
    return failure();
  if (*step <= 0)
    return ctx.emitError() << "expected a positive frame_step, got " << *step;

  std::optional<int64_t> frameLength;
  if (ctx.hasInput(3)) {
    FailureOr<int64_t> value = getConstantScalar(ctx, 3, "frame_length");
    if (failed(value))
      return failure();
    frameLength = *value;
  }
  Value window;
  if (ctx.hasInput(2)) {
    window = ctx.getInput(2);
    RankedTensorType windowType = ctx.getInputType(2);
    if (windowType.getRank() != 1 || windowType.getElementType() != element ||
        (frameLength && windowType.getDimSize(0) != *frameLength))
      return ctx.emitError()
             << "expected a window of shape ["
             << (frameLength ? *frameLength : windowType.getDimSize(0))
             << "] and the signal's element type, got " << windowType;
    frameLength = windowType.getDimSize(0);
  }
  if (!frameLength)
    frameLength = signalLength;
  if (*frameLength <= 0 || *frameLength > signalLength)
    return ctx.emitError() << "expected a frame length in [1, " << signalLength
                           << "], got " << *frameLength;

  int64_t frames = 1 + (signalLength - *frameLength) / *step;
  bool onesided = ctx.getInt("onesided", 1) != 0;
  int64_t bins = onesided ? *frameLength / 2 + 1 : *frameLength;
  if (failed(ctx.checkedSize({*frameLength, channels, bins, 2},
                             "an STFT's DFT matrix", kMaxMatrixElements)))
    return failure();

  // A constant window scales the matrix's rows; another multiplies the
  // frames.
  SmallVector<double> windowValues;
  if (window) {
    if (std::optional<DenseElementsAttr> values = ctx.getConstantInput(2)) {
      for (const APFloat &v : values->getValues<APFloat>())
        windowValues.push_back(v.convertToDouble());
      window = nullptr;
    }
  }

  SmallVector<int64_t> indices;
  for (int64_t f = 0; f < frames; ++f)
    for (int64_t i = 0; i < *frameLength; ++i)
      indices.push_back(f * *step + i);
  Value frameIndices =
      Composer{ctx}.i64Constant(indices, {frames, *frameLength});
  // [batch, frames, frameLength, channels]
  Value framed = ctx.create<tg::GatherOp>(ctx.getInput(0), frameIndices, 1);
  if (window)
    framed = ctx.create<tg::MulOp>(framed,
                                   reshapeTo(ctx, window, {*frameLength, 1}));

  SmallVector<double> matrix =
      dftMatrix(*frameLength, channels, *frameLength, bins,
                /*inverse=*/false, windowValues);
  Value flat =
      reshapeTo(ctx, framed, {batch * frames, *frameLength * channels});
  Value weights = createFloatConstant(
      ctx, element, {*frameLength * channels, bins * 2}, matrix);
  Value spectrum = ctx.create<tg::MatmulOp>(flat, weights);
  ctx.setOutput(0, reshapeTo(ctx, spectrum, {batch, frames, bins, 2}));
  return success();
}

//===----------------------------------------------------------------------===//
// CenterCropPad
//===----------------------------------------------------------------------===//

/// Pads (zeros, the extra element on the right) or crops (the extra element
/// taken from the right) each of `axes` to the requested size, centered.
LogicalResult convertCenterCropPad(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  int64_t rank = type.getRank();
  FailureOr<SmallVector<int64_t>> sizes = ctx.getConstantInts(1);
  if (failed(sizes))
    return failure();
  SmallVector<int64_t> axes;
  if (std::optional<SmallVector<int64_t>> attr = ctx.getInts("axes")) {
    axes = *attr;
  } else {
    for (int64_t d = 0; d < rank; ++d)
      axes.push_back(d);
  }
  if (sizes->size() != axes.size())
    return ctx.emitError() << "expected " << axes.size()
                           << " sizes (one per axis), got " << sizes->size();
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  SmallVector<bool> seen(rank, false);
  for (auto [axis, size] : llvm::zip_equal(axes, *sizes)) {
    if (axis < -rank || axis >= rank)
      return ctx.emitError()
             << "axis " << axis << " is out of range for rank " << rank;
    if (axis < 0)
      axis += rank;
    if (seen[axis])
      return ctx.emitError() << "axis " << axis << " is repeated";
    seen[axis] = true;
    if (size < 0)
      return ctx.emitError() << "expected non-negative sizes, got " << size;
    int64_t dim = type.getDimSize(axis);
    if (size >= dim) {
      low[axis] = (size - dim) / 2;
      high[axis] = size - dim - low[axis];
    } else {
      int64_t start = (dim - size) / 2;
      low[axis] = -start;
      high[axis] = -(dim - size - start);
    }
  }
  OpBuilder &b = ctx.getBuilder();
  Value zero = ctx.createSplat(type.getElementType(), 0);
  ctx.setOutput(
      0, ctx.create<tg::PadOp>(
             tg::PadModeAttr::get(ctx.getContext(), tg::PadMode::constant),
             ctx.getInput(0), zero, b.getDenseI64ArrayAttr(low),
             b.getDenseI64ArrayAttr(high)));
  return success();
}

//===----------------------------------------------------------------------===//
// Col2Im
//===----------------------------------------------------------------------===//

/// Col2Im: for every image element, the (at most one per block offset)
/// column entries that land on it are gathered, a zero standing in for
/// missing ones, and summed in block-offset order as the reference does.
LogicalResult convertCol2Im(NodeContext &ctx) {
  RankedTensorType type = ctx.getInputType(0);
  if (type.getRank() != 3)
    return ctx.emitError() << "expected an input of shape [N, C * "
                              "prod(block_shape), L], got "
                           << type;
  FailureOr<SmallVector<int64_t>> image = ctx.getConstantInts(1);
  if (failed(image))
    return failure();
  FailureOr<SmallVector<int64_t>> block = ctx.getConstantInts(2);
  if (failed(block))
    return failure();
  int64_t nd = image->size();
  if (nd == 0 || static_cast<int64_t>(block->size()) != nd)
    return ctx.emitError() << "expected image_shape and block_shape of the "
                              "same non-zero length, got "
                           << nd << " and " << block->size();
  SmallVector<int64_t> dilations =
      ctx.getInts("dilations").value_or(SmallVector<int64_t>(nd, 1));
  SmallVector<int64_t> strides =
      ctx.getInts("strides").value_or(SmallVector<int64_t>(nd, 1));
  SmallVector<int64_t> pads =
      ctx.getInts("pads").value_or(SmallVector<int64_t>(2 * nd, 0));
  if (static_cast<int64_t>(dilations.size()) != nd ||
      static_cast<int64_t>(strides.size()) != nd ||
      static_cast<int64_t>(pads.size()) != 2 * nd)
    return ctx.emitError() << "expected " << nd << " dilations and strides and "
                           << 2 * nd << " pads";
  SmallVector<int64_t> blocksPerDim;
  for (int64_t i = 0; i < nd; ++i) {
    if ((*image)[i] <= 0 || (*block)[i] <= 0 || dilations[i] <= 0 ||
        strides[i] <= 0)
      return ctx.emitError() << "expected positive image_shape, block_shape, "
                                "dilations and strides";
    int64_t span = dilations[i] * ((*block)[i] - 1) + 1;
    int64_t count =
        ((*image)[i] + pads[i] + pads[nd + i] - span) / strides[i] + 1;
    if (count <= 0)
      return ctx.emitError() << "no block fits along image dimension " << i;
    blocksPerDim.push_back(count);
  }
  int64_t blockSize = product(*block), numBlocks = product(blocksPerDim);
  int64_t batch = type.getDimSize(0);
  if (type.getDimSize(1) % blockSize != 0 || type.getDimSize(2) != numBlocks)
    return ctx.emitError() << "expected an input of shape [N, C * " << blockSize
                           << ", " << numBlocks << "], got " << type;
  int64_t channels = type.getDimSize(1) / blockSize;
  int64_t pixels = product(*image);

  // indices[p][o]: the column entry of block offset o that lands on image
  // element p (entry o * numBlocks + b of a row), or the zero appended at
  // the end of the row when none does.
  int64_t zeroIndex = blockSize * numBlocks;
  SmallVector<int64_t> indices(pixels * blockSize, zeroIndex);
  SmallVector<int64_t> offset(nd), position(nd);
  for (int64_t o = 0; o < blockSize; ++o) {
    for (int64_t i = nd - 1, rest = o; i >= 0; --i) {
      offset[i] = rest % (*block)[i];
      rest /= (*block)[i];
    }
    for (int64_t b = 0; b < numBlocks; ++b) {
      int64_t pixel = 0;
      bool inside = true;
      for (int64_t i = nd - 1, rest = b, stride = 1; i >= 0; --i) {
        int64_t at = rest % blocksPerDim[i];
        rest /= blocksPerDim[i];
        int64_t p = at * strides[i] - pads[i] + offset[i] * dilations[i];
        inside &= p >= 0 && p < (*image)[i];
        pixel += p * stride;
        stride *= (*image)[i];
      }
      if (inside)
        indices[pixel * blockSize + o] = o * numBlocks + b;
    }
  }

  Type element = type.getElementType();
  int64_t rows = batch * channels;
  Value columns =
      reshapeTo(ctx, ctx.getInput(0), {rows, blockSize * numBlocks});
  Value zeros = ctx.createSplat(element, 0, {rows, 1});
  Value padded = ctx.create<tg::ConcatOp>(ValueRange{columns, zeros}, 1);
  Value gathered = ctx.create<tg::GatherOp>(
      padded, Composer{ctx}.i64Constant(indices, {pixels, blockSize}), 1);
  Value summed = ctx.create<tg::ReduceOp>(tg::ReduceKind::sum, gathered,
                                          ArrayRef<int64_t>{2},
                                          /*keepdims=*/false);
  SmallVector<int64_t> resultShape{batch, channels};
  resultShape.append(image->begin(), image->end());
  ctx.setOutput(0, reshapeTo(ctx, summed, resultShape));
  return success();
}

} // namespace

void aotc::onnximport::registerSignalConverters(ConverterRegistry &registry) {
  registry.add("HannWindow", {1, 1}, [](NodeContext &ctx) {
    return convertCosineWindow(ctx, 0.5f, 0.5f, 0.0f);
  });
  registry.add("HammingWindow", {1, 1}, [](NodeContext &ctx) {
    return convertCosineWindow(ctx, 25.0f / 46.0f, 21.0f / 46.0f, 0.0f);
  });
  registry.add("BlackmanWindow", {1, 1}, [](NodeContext &ctx) {
    return convertCosineWindow(ctx, 0.42f, 0.5f, 0.08f);
  });
  registry.add("MelWeightMatrix", {5, 5}, convertMelWeightMatrix);
  registry.add("DFT", {{1, {1, 2}}, {20, {1, 3}}}, convertDFT);
  registry.add("STFT", {2, 4}, convertSTFT);
  registry.add("CenterCropPad", {2, 2}, convertCenterCropPad);
  registry.add("Col2Im", {3, 3}, convertCol2Im);
}
