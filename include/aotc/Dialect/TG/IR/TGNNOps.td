//===- TGNNOps.td - Neural-network ops of the tg dialect ----*- tablegen -*-===//
//
// Neural-network ops of the tg dialect: convolution, transposed convolution,
// pooling and resize. Included from TGOps.td. They follow ONNX's layout and
// semantics (channels first: N x C x D1 x ... x Dn) with everything that
// ONNX resolves at import time (auto_pad, output_shape, sizes vs. scales)
// already resolved into explicit attributes. Verifiers and type inference
// are in TGNNOps.cpp; the lowering in Conversion/TGToLinalg/NN.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGNNOPS_TD
#define AOTC_DIALECT_TG_IR_TGNNOPS_TD

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def TG_PoolKind : I32EnumAttr<"PoolKind", "pooling kind: max or avg", [
      I32EnumAttrCase<"max", 0>, I32EnumAttrCase<"avg", 1>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_PoolKindAttr : EnumAttr<TG_Dialect, TG_PoolKind, "pool_kind"> {
  let description = [{
    How `tg.pool` combines a window: its maximum or its average. Written as
    a bare keyword in the op's custom form (`tg.pool max ...`).
  }];
}

def TG_ResizeMode : I32EnumAttr<"ResizeMode",
    "resize interpolation: nearest, linear or cubic", [
      I32EnumAttrCase<"nearest", 0>, I32EnumAttrCase<"linear", 1>,
      I32EnumAttrCase<"cubic", 2>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_ResizeModeAttr : EnumAttr<TG_Dialect, TG_ResizeMode, "resize_mode"> {
  let description = [{
    How `tg.resize` computes an output element from the input coordinate it
    maps to: the nearest input element, or (multi-)linear or (multi-)cubic
    interpolation of the neighbouring ones.
  }];
}

def TG_CoordinateTransform : I32EnumAttr<"CoordinateTransform",
    "resize coordinate transformation: half_pixel, half_pixel_symmetric, "
    "pytorch_half_pixel, align_corners, asymmetric, tf_half_pixel_for_nn or "
    "tf_crop_and_resize", [
      I32EnumAttrCase<"half_pixel", 0>,
      I32EnumAttrCase<"half_pixel_symmetric", 1>,
      I32EnumAttrCase<"pytorch_half_pixel", 2>,
      I32EnumAttrCase<"align_corners", 3>,
      I32EnumAttrCase<"asymmetric", 4>,
      I32EnumAttrCase<"tf_half_pixel_for_nn", 5>,
      I32EnumAttrCase<"tf_crop_and_resize", 6>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_CoordinateTransformAttr
    : EnumAttr<TG_Dialect, TG_CoordinateTransform, "coordinate_transform"> {
  let description = [{
    How `tg.resize` maps an output coordinate `x` of an axis to an input
    coordinate, as ONNX's `coordinate_transformation_mode`, with `in` and
    `out` the axis' input and output sizes, `scale` its scale and
    `length = in * scale` the unrounded output length (equal to `out` when
    the scale was derived from the sizes), as in ONNX's reference:

    - `half_pixel`: `(x + 0.5) / scale - 0.5`
    - `half_pixel_symmetric`: like `half_pixel`, shifted so that the sampled
      region is centred: `c * (1 - out / length) + (x + 0.5) / scale - 0.5`
      with `c = in / 2`
    - `pytorch_half_pixel`: `half_pixel`, but `0` when `length <= 1`
    - `align_corners`: `x * (in - 1) / (length - 1)`, `0` when
      `length == 1`
    - `asymmetric`: `x / scale`
    - `tf_half_pixel_for_nn`: `(x + 0.5) / scale`
    - `tf_crop_and_resize`: samples the region `[start, end]` of the axis
      given by `roi` in coordinates normalized to `[0, 1]`:
      `start * (in - 1) + x * (end - start) * (in - 1) / (length - 1)`,
      or the region's centre when `length == 1`. Coordinates outside
      `[0, in - 1]` yield `extrapolation_value`.
  }];
}

def TG_NearestMode : I32EnumAttr<"NearestMode",
    "resize rounding: round_prefer_floor, round_prefer_ceil, floor or ceil", [
      I32EnumAttrCase<"round_prefer_floor", 0>,
      I32EnumAttrCase<"round_prefer_ceil", 1>,
      I32EnumAttrCase<"floor", 2>, I32EnumAttrCase<"ceil", 3>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_NearestModeAttr
    : EnumAttr<TG_Dialect, TG_NearestMode, "nearest_mode"> {
  let description = [{
    How `tg.resize nearest` rounds an input coordinate to an index: to the
    nearest integer with ties going down (`round_prefer_floor`) or up
    (`round_prefer_ceil`), or always down (`floor`) or up (`ceil`).
  }];
}

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

def TG_ConvOp : TG_Op<"conv",
    [SameOperandsAndResultElementType, InferTypeOpAdaptor]> {
  let summary = "N-d grouped convolution in ONNX layout";
  let description = [{
    Convolves `input`, `N x C x D1 x ... x Dn` (n = 1, 2 or 3 spatial
    dimensions, any n >= 1 is accepted), with `weight`,
    `M x C/group x k1 x ... x kn`, and adds the optional `bias` of `M`
    elements to every output channel, as ONNX `Conv` does:

    ```
    result[b, m, o...] = bias[m] + sum over c < C/group, j... of
        padded[b, g * C/group + c, o_i * strides[i] + j_i * dilations[i] ...]
        * weight[m, c, j...]            with g = m / (M/group)
    ```

    where `padded` is `input` with `pads[i]` zeros before and
    `pads[n + i]` zeros after spatial dimension `i`. `strides` and
    `dilations` have n positive entries, `pads` 2n non-negative ones, and
    `group` divides both C and M. Spatial output dimension `i` is
    `floor((D_i + pads[i] + pads[n + i] - dilations[i] * (k_i - 1) - 1) /
    strides[i]) + 1`, which must be at least 1. All operands share the
    result's element type, in which the sum accumulates (integers wrap),
    except that f16 and bf16 accumulate in f32 and round once.

    ```mlir
    %y = tg.conv %x, %w, %b strides = [2, 2] dilations = [1, 1]
        pads = [1, 1, 1, 1]
        : tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>
    // %y : tensor<1x16x4x4xf32>
    %d = tg.conv %x, %dw strides = [1, 1] dilations = [1, 1]
        pads = [0, 0, 0, 0] group = 3
        : tensor<1x3x8x8xf32>, tensor<3x1x3x3xf32>
    // %d : tensor<1x3x6x6xf32>
    ```
  }];
  let arguments = (ins TG_NumericTensor:$input, TG_NumericTensor:$weight,
                       Optional<TG_NumericTensor>:$bias,
                       DenseI64ArrayAttr:$strides,
                       DenseI64ArrayAttr:$dilations,
                       DenseI64ArrayAttr:$pads,
                       DefaultValuedAttr<I64Attr, "1">:$group);
  let results = (outs TG_NumericTensor:$result);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? `strides` `=` $strides
    `dilations` `=` $dilations `pads` `=` $pads (`group` `=` $group^)?
    attr-dict `:` type($input) `,` type($weight) (`,` type($bias)^)?
  }];
  // An empty result folds to an empty constant: nothing to compute.
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The result type for these operands and attributes (`bias` may be
    /// null), or failure with an error at `loc` when given: the rule of
    /// `inferReturnTypes` and the verifier, for importers that check a node
    /// before they build the op.
    static ::llvm::FailureOr<::mlir::RankedTensorType> inferResultType(
        std::optional<::mlir::Location> loc, ::mlir::Type input,
        ::mlir::Type weight, ::mlir::Type bias,
        ::llvm::ArrayRef<int64_t> strides, ::llvm::ArrayRef<int64_t> dilations,
        ::llvm::ArrayRef<int64_t> pads, int64_t group);
  }];
}

def TG_ConvTransposeOp : TG_Op<"conv_transpose",
    [SameOperandsAndResultElementType, InferTypeOpAdaptor]> {
  let summary = "N-d grouped transposed convolution in ONNX layout";
  let description = [{
    The gradient of `tg.conv` with respect to its input, as ONNX
    `ConvTranspose`: `input` is `N x C x D1 x ... x Dn`, `weight` is
    `C x M/group x k1 x ... x kn` and the optional `bias` has `M` elements.
    Every input element scatters `input[b, c, i...] * weight[c, m', j...]`
    to output channel `g * M/group + m'` (g = c / (C/group)) at position
    `i_s * strides[s] + j_s * dilations[s] - pads[s]` along each spatial
    dimension s; positions outside the output are dropped. Spatial output
    dimension `s` is

    ```
    strides[s] * (D_s - 1) + output_padding[s] + dilations[s] * (k_s - 1)
        + 1 - pads[s] - pads[n + s]
    ```

    and must be at least 1. `strides` and `dilations` have n positive
    entries, `pads` 2n and `output_padding` n non-negative ones. Sums
    accumulate like `tg.conv`'s (f16 and bf16 in f32). An ONNX
    `output_shape` or `auto_pad` is resolved into `pads` and
    `output_padding` by the importer.

    ```mlir
    %y = tg.conv_transpose %x, %w strides = [2, 2] dilations = [1, 1]
        pads = [0, 0, 0, 0] output_padding = [1, 1]
        : tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>
    // %y : tensor<1x2x8x8xf32>
    ```
  }];
  let arguments = (ins TG_NumericTensor:$input, TG_NumericTensor:$weight,
                       Optional<TG_NumericTensor>:$bias,
                       DenseI64ArrayAttr:$strides,
                       DenseI64ArrayAttr:$dilations,
                       DenseI64ArrayAttr:$pads,
                       DenseI64ArrayAttr:$output_padding,
                       DefaultValuedAttr<I64Attr, "1">:$group);
  let results = (outs TG_NumericTensor:$result);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? `strides` `=` $strides
    `dilations` `=` $dilations `pads` `=` $pads
    `output_padding` `=` $output_padding (`group` `=` $group^)?
    attr-dict `:` type($input) `,` type($weight) (`,` type($bias)^)?
  }];
  // An empty result folds to an empty constant: nothing to compute.
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The result type for these operands and attributes (`bias` may be
    /// null), or failure with an error at `loc` when given: the rule of
    /// `inferReturnTypes` and the verifier, for importers that check a node
    /// before they build the op.
    static ::llvm::FailureOr<::mlir::RankedTensorType> inferResultType(
        std::optional<::mlir::Location> loc, ::mlir::Type input,
        ::mlir::Type weight, ::mlir::Type bias,
        ::llvm::ArrayRef<int64_t> strides, ::llvm::ArrayRef<int64_t> dilations,
        ::llvm::ArrayRef<int64_t> pads,
        ::llvm::ArrayRef<int64_t> outputPadding, int64_t group);
  }];
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

def TG_WinogradInputOp : TG_Op<"winograd_input",
    [SameOperandsAndResultElementType]> {
  let summary = "Winograd F(4x4, 3x3) input transform of a channels-last image";
  let description = [{
    The input transform `B^T d B` of Winograd's F(4x4, 3x3) for every 6x6
    tile `d` of `input`, `N x H x W x C` f32 with `H = 4 * TH + 2` and
    `W = 4 * TW + 2` (tiles overlap by 2: tile `(y, x)` starts at row
    `4 * y` and column `4 * x`), per channel:

    ```
    result[p, q, n, y, x, c] = sum over i, j < 6 of
        B^T[p, i] * B^T[q, j] * input[n, 4 * y + i, 4 * x + j, c]
    ```

    The result is `6 x 6 x N x TH x TW x C`. `B^T` is aotc's F(4, 3)
    matrix (Toom-Cook over the points 0, 1, -1, 1/2, -2 and infinity;
    `include/aotc/Dialect/TG/IR/Winograd.h`). aotc-tg-winograd-convs makes
    it; the CPU target emits it as one kernel that computes the sums
    separably, rows then columns (`aotc-cpu-winograd-kernels`).

    ```mlir
    %t = tg.winograd_input %x : tensor<1x10x14x8xf32> -> tensor<6x6x1x2x3x8xf32>
    ```
  }];
  let arguments = (ins TG_FloatTensor:$input);
  let results = (outs TG_FloatTensor:$result);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TG_WinogradOutputOp : TG_Op<"winograd_output",
    [SameOperandsAndResultElementType]> {
  let summary = "Winograd F(4x4, 3x3) output transform to a channels-last image";
  let description = [{
    The output transform `A^T m A` of Winograd's F(4x4, 3x3): `input`,
    `6 x 6 x N x TH x TW x K` f32 (the products of the transformed tiles
    and weights), becomes the `N x 4TH x 4TW x K` image whose 4x4 block
    `(y, x)` is tile `(y, x)`'s, per channel:

    ```
    result[n, 4 * y + a, 4 * x + b, k] = sum over p, q < 6 of
        A^T[a, p] * A^T[b, q] * input[p, q, n, y, x, k]
    ```

    `A^T` is aotc's F(4, 3) matrix (`include/aotc/Dialect/TG/IR/Winograd.h`).
    The CPU target emits it as one kernel (`aotc-cpu-winograd-kernels`).

    ```mlir
    %y = tg.winograd_output %m : tensor<6x6x1x2x3x16xf32> -> tensor<1x8x12x16xf32>
    ```
  }];
  let arguments = (ins TG_FloatTensor:$input);
  let results = (outs TG_FloatTensor:$result);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TG_PoolOp : TG_Op<"pool",
    [SameOperandsAndResultElementType, InferTypeOpAdaptor]> {
  let summary = "N-d max or average pooling in ONNX layout";
  let description = [{
    Slides a window of `kernel` elements, spread by `dilations`, over the
    spatial dimensions of `input` (`N x C x D1 x ... x Dn`) in steps of
    `strides`, and yields the maximum (`max`) or the average (`avg`) of
    each window, as ONNX `MaxPool` and `AveragePool` do. `pads[i]` and
    `pads[n + i]` pad spatial dimension `i` before and after. Padding never
    wins a maximum (it reads as -inf, or the smallest integer). An average
    divides by the number of window elements inside the input, or, with
    `count_include_pad`, inside the padded input.

    Spatial output dimension `i` is `floor(e / strides[i]) + 1` with
    `e = D_i + pads[i] + pads[n + i] - dilations[i] * (k_i - 1) - 1`, which
    must be non-negative; with `ceil_mode`, `ceil` replaces `floor`, except
    that a last window starting after the input and its leading padding is
    dropped. Such a window's part past the trailing padding is neither read
    nor counted.

    `kernel`, `strides` and `dilations` have n positive entries, `pads` 2n
    non-negative ones. `max` accepts any numeric element type, `avg` floats
    only; f16 and bf16 averages are computed in f32.

    ```mlir
    %m = tg.pool max %x kernel = [3, 3] strides = [2, 2] dilations = [1, 1]
        pads = [1, 1, 1, 1] : tensor<1x8x16x16xf32>
    // %m : tensor<1x8x8x8xf32>
    %a = tg.pool avg %x kernel = [2, 2] strides = [2, 2] dilations = [1, 1]
        pads = [0, 0, 0, 0] ceil_mode count_include_pad : tensor<1x8x5x5xf32>
    // %a : tensor<1x8x3x3xf32>
    ```
  }];
  let arguments = (ins TG_PoolKindAttr:$kind, TG_NumericTensor:$input,
                       DenseI64ArrayAttr:$kernel, DenseI64ArrayAttr:$strides,
                       DenseI64ArrayAttr:$dilations, DenseI64ArrayAttr:$pads,
                       UnitAttr:$ceil_mode, UnitAttr:$count_include_pad);
  let results = (outs TG_NumericTensor:$result);
  // The kind attribute prints its own leading space.
  let assemblyFormat = [{
    `` $kind $input `kernel` `=` $kernel `strides` `=` $strides
    `dilations` `=` $dilations `pads` `=` $pads
    (`ceil_mode` $ceil_mode^)? (`count_include_pad` $count_include_pad^)?
    attr-dict `:` type($input)
  }];
  let extraClassDeclaration = [{
    /// The result type for these operands and attributes, or failure with
    /// an error at `loc` when given: the rule of `inferReturnTypes` and the
    /// verifier, for importers that check a node before they build the op.
    static ::llvm::FailureOr<::mlir::RankedTensorType> inferResultType(
        std::optional<::mlir::Location> loc, PoolKind kind, ::mlir::Type input,
        ::llvm::ArrayRef<int64_t> kernel, ::llvm::ArrayRef<int64_t> strides,
        ::llvm::ArrayRef<int64_t> dilations, ::llvm::ArrayRef<int64_t> pads,
        bool ceilMode);
  }];
}

def TG_PoolIndicesOp : TG_Op<"pool_indices", [InferTypeOpAdaptor]> {
  let summary = "Where each window of a max pool has its maximum";
  let description = [{
    The second output of ONNX `MaxPool`: for each window of `tg.pool max`
    with the same attributes, the flat index into `input` of the window's
    maximum, the first one in row-major window order when several elements
    tie. Only elements inside the input count (padding never wins). The
    index counts the batch and channel axes row-major
    (`(b * C + c) * D1 * ... * Dn + spatial`), and the spatial offset is
    row-major, or column-major with `column_major` (ONNX's
    `storage_order = 1`: `h + w * H` for 2-d). The result has the pool's
    shape and i64 elements.

    ```mlir
    %i = tg.pool_indices %x kernel = [2, 2] strides = [2, 2]
        dilations = [1, 1] pads = [0, 0, 0, 0] column_major
        : tensor<1x3x4x4xf32>
    // %i : tensor<1x3x2x2xi64>
    ```
  }];
  let arguments = (ins TG_NumericTensor:$input,
                       DenseI64ArrayAttr:$kernel, DenseI64ArrayAttr:$strides,
                       DenseI64ArrayAttr:$dilations, DenseI64ArrayAttr:$pads,
                       UnitAttr:$ceil_mode, UnitAttr:$column_major);
  let results = (outs StaticShapeTensorOf<[I64]>:$result);
  let assemblyFormat = [{
    $input `kernel` `=` $kernel `strides` `=` $strides
    `dilations` `=` $dilations `pads` `=` $pads
    (`ceil_mode` $ceil_mode^)? (`column_major` $column_major^)?
    attr-dict `:` type($input)
  }];
}

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

def TG_ResizeOp : TG_Op<"resize",
    [SameOperandsAndResultElementType, InferTypeOpAdaptor]> {
  let summary = "Nearest, linear or cubic resampling to a static shape";
  let description = [{
    Resamples `input` to the shape `sizes`, as ONNX `Resize` does. For
    every axis, an output coordinate `x` maps to an input coordinate by
    `coordinate_transform` using the axis' input and output sizes and
    `scales` (ONNX's scale for the axis: the given one, or output size over
    input size when the sizes were given).

    - `nearest` rounds the input coordinate per `nearest_mode` (default
      `round_prefer_floor`) and clamps it to the axis, then copies that
      element. Any element type.
    - `linear` interpolates linearly between the two neighbouring elements
      along every axis whose mapping is not the identity (bilinear for two
      such axes, trilinear for three), clamping neighbours to the axis.
    - `cubic` interpolates along every such axis with the four neighbouring
      elements and Keys' cubic kernel with parameter `cubic_coeff_a`
      (default -0.75), neighbours past the edges reading the edge element.

    Linear and cubic resizes are separable: an output element sums, over
    every combination of one tap per axis, the product of the taps' weights
    times the input element they pick, exactly as ONNX's reference does:
    the taps of an axis are the input coordinate's nearest neighbours,
    preferring the lower ones, with the input padded by repeating its edge
    elements. With `exclude_outside`, taps in that padding weigh zero and
    the others are renormalized to sum to one. With `antialias`, an axis
    that shrinks (scale below 1) widens its kernel by `1 / scale` (more
    taps), which are normalized to sum to one. Floats only; f16 and bf16
    interpolate in f32.

    `tf_crop_and_resize` needs `roi`, the region of every axis (all starts,
    then all ends, normalized to `[0, 1]`), and an output element whose
    coordinate on some axis falls outside the input is
    `extrapolation_value`. `roi` is given only with `tf_crop_and_resize`.

    `sizes` and `scales` have one entry per input dimension; sizes are
    positive and scales positive and finite.

    ```mlir
    %r = tg.resize linear %x sizes = [1, 3, 8, 8]
        scales = [1.0, 1.0, 2.0, 2.0] coordinate_transform = half_pixel
        : tensor<1x3x4x4xf32>
    // %r : tensor<1x3x8x8xf32>
    %n = tg.resize nearest %x sizes = [1, 3, 2, 2]
        scales = [1.0, 1.0, 0.5, 0.5] coordinate_transform = asymmetric
        nearest_mode = floor : tensor<1x3x4x4xf32>
    // %n : tensor<1x3x2x2xf32>
    %c = tg.resize cubic %x sizes = [1, 3, 2, 2]
        scales = [1.0, 1.0, 0.5, 0.5] coordinate_transform = half_pixel
        cubic_coeff_a = -5.000000e-01 exclude_outside antialias
        : tensor<1x3x4x4xf32>
    // %c : tensor<1x3x2x2xf32>
    %t = tg.resize linear %x sizes = [1, 3, 3, 3]
        scales = [1.0, 1.0, 0.75, 0.75] coordinate_transform = tf_crop_and_resize
        roi = [0.0, 0.0, 0.4, 0.6, 1.0, 1.0, 1.2, 1.7]
        extrapolation_value = 1.000000e+01 : tensor<1x3x4x4xf32>
    // %t : tensor<1x3x3x3xf32>
    ```
  }];
  let arguments = (ins TG_ResizeModeAttr:$mode, TG_Tensor:$input,
                       DenseI64ArrayAttr:$sizes, DenseF64ArrayAttr:$scales,
                       TG_CoordinateTransformAttr:$coordinate_transform,
                       DefaultValuedAttr<TG_NearestModeAttr,
                           "::aotc::tg::NearestMode::round_prefer_floor">
                           :$nearest_mode,
                       DefaultValuedAttr<F64Attr, "-0.75">:$cubic_coeff_a,
                       UnitAttr:$exclude_outside, UnitAttr:$antialias,
                       OptionalAttr<DenseF64ArrayAttr>:$roi,
                       DefaultValuedAttr<F64Attr, "0.0">:$extrapolation_value);
  let results = (outs TG_Tensor:$result);
  // The enum attributes print their own leading space.
  let assemblyFormat = [{
    `` $mode $input `sizes` `=` $sizes `scales` `=` $scales
    `coordinate_transform` `=` `` $coordinate_transform
    (`nearest_mode` `=` `` $nearest_mode^)?
    (`cubic_coeff_a` `=` $cubic_coeff_a^)?
    (`exclude_outside` $exclude_outside^)? (`antialias` $antialias^)?
    (`roi` `=` $roi^)?
    (`extrapolation_value` `=` $extrapolation_value^)?
    attr-dict `:` type($input)
  }];
  let builders = [
    OpBuilder<(ins "ResizeMode":$mode, "::mlir::Value":$input,
                   "::llvm::ArrayRef<int64_t>":$sizes,
                   "::llvm::ArrayRef<double>":$scales,
                   "CoordinateTransform":$coordinate_transform,
                   "NearestMode":$nearest_mode), [{
      build($_builder, $_state, mode, input, sizes, scales,
            coordinate_transform, nearest_mode,
            /*cubic_coeff_a=*/::llvm::APFloat(-0.75),
            /*exclude_outside=*/false, /*antialias=*/false,
            /*roi=*/::mlir::DenseF64ArrayAttr(),
            /*extrapolation_value=*/::llvm::APFloat(0.0));
    }]>
  ];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The result type for these operands and attributes, or failure with
    /// an error at `loc` when given: the rule of `inferReturnTypes` and the
    /// verifier, for importers that check a node before they build the op.
    static ::llvm::FailureOr<::mlir::RankedTensorType> inferResultType(
        std::optional<::mlir::Location> loc, ResizeMode mode,
        ::mlir::Type input, ::llvm::ArrayRef<int64_t> sizes,
        ::llvm::ArrayRef<double> scales);
    /// Checks the attributes of linear and cubic resizes and of
    /// tf_crop_and_resize against `rank`: antialias and exclude_outside
    /// only for linear or cubic, `roi` (2 * rank entries) exactly with
    /// tf_crop_and_resize. Reports at `loc` when given.
    static ::mlir::LogicalResult verifyResizeOptions(
        std::optional<::mlir::Location> loc, ResizeMode mode, int64_t rank,
        CoordinateTransform transform, bool antialias, bool excludeOutside,
        std::optional<::llvm::ArrayRef<double>> roi);
  }];
}

#endif // AOTC_DIALECT_TG_IR_TGNNOPS_TD
