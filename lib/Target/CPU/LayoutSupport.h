//===- LayoutSupport.h - what the CPU layout passes share -------*- C++ -*-===//
//
// Queries shared by the passes that choose how a contraction's operands are
// stored (aotc-cpu-channel-blocked-weights, aotc-cpu-pack-matmul-panels,
// aotc-cpu-block-channels).
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_LAYOUTSUPPORT_H
#define AOTC_LIB_TARGET_CPU_LAYOUTSUPPORT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace aotc {

/// Whether `input` of `generic` is a statically shaped f32 tensor of rank 2
/// or more that `generic` reads through a projected permutation, and
/// `generic` writes its first output through one too: the operands whose
/// layout the passes can change by permuting or blocking dimensions.
bool isPermutedF32Operand(mlir::linalg::GenericOp generic,
                          mlir::OpOperand *input);

/// The fraction of lanes used by `extent` elements in whole vectors of
/// `lanes`.
double laneUse(int64_t extent, int64_t lanes);

/// The contraction that `use` is an input of: a linalg.generic on tensors
/// with reduction loops and one output; null otherwise.
mlir::linalg::GenericOp contractionReading(mlir::OpOperand &use);

/// The channel block for `channels`: four vectors of `lanes` when they
/// divide it, else two, else one (0: not blocked). Producer and consumer
/// compute it from the same channel count, so their blocks agree and the
/// conversions between them cancel.
int64_t channelBlock(int64_t channels, int64_t lanes);

/// Whether `generic` is on static f32 tensors, reads two inputs and writes
/// one result, and has `loops` loops, the first `parallel` of them parallel
/// and the rest reductions.
bool hasContractionShape(mlir::linalg::GenericOp generic, unsigned loops,
                         unsigned parallel);

/// Whether `value`, through elementwise ops, is inserted into a larger
/// tensor (a concat): its slice of the concat's buffer is plain NCHW, so a
/// blocked result would be converted once more per tile.
bool feedsConcat(mlir::Value value, unsigned depth = 0);

/// A 1x1 convolution over fewer pixels than this (a 7x7 image) stays NCHW
/// with the 3x3 convolutions there (kMinRowPixels): ResNet-50's last stage
/// ran 20% slower with its 1x1 convolutions blocked and converted around
/// each 3x3 one.
inline constexpr int64_t kMinPointwisePixels = 64;

/// A 2-D convolution in NCHW / FCHW form, as linalg generalizes
/// linalg.conv_2d_nchw_fchw: loops (n, f, oh, ow, c, kh, kw), the image
/// read at (n, c, oh * s + kh * d, ow * s + kw * d), the filter at
/// (f, c, kh, kw), the result written at (n, f, oh, ow).
bool isNCHWConv(mlir::linalg::GenericOp generic);

/// A 1x1 convolution as aotc-cpu-flatten-pointwise-convs leaves it: loops
/// (n, f, p, c) over the flattened image, reading the image at (n, c, p),
/// a constant filter at (f, c), writing (n, f, p); f32, static.
bool isFlatPointwiseConv(mlir::linalg::GenericOp generic);

/// A depthwise 2-D convolution as aotc-convert-tg-to-linalg builds it
/// (groups = channels): loops (n, c, oh, ow, g, kh, kw) with g of one
/// iteration, the image read at (n, c + g, oh * s + kh * d, ow * s + kw *
/// d), a constant filter at (c, g, kh, kw), the result written at (n, c,
/// oh, ow).
bool isNCHWDepthwiseConv(mlir::linalg::GenericOp generic);

/// Whether a blocked layout moves through `op` (the producer of a pack's
/// source, the user of an unpack's result): an elementwise generic (the
/// bias broadcast that initializes a convolution, ReLU, a residual add), a
/// pad of the spatial dimensions, a reshape.
bool isLayoutTransparent(mlir::Operation *op);

/// Whether aotc-cpu-block-channels computes the depthwise convolution
/// `generic` on blocks of channels with vectors of `lanes`: its channels
/// fill whole vectors, its result is not concatenated, and the 1x1
/// convolutions that produce its image and read its result (flattened or
/// not yet) join the blocked chain, so that it converts no layout (an
/// inverted-residual block of MobileNetV2 between 32 and 192 channels; not
/// one next to 24 channels, where a conversion cost more than the blocked
/// kernel saved).
bool blocksDepthwiseConv(mlir::linalg::GenericOp generic, int64_t lanes);

} // namespace aotc

#endif // AOTC_LIB_TARGET_CPU_LAYOUTSUPPORT_H
