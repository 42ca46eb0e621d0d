//===- TGSamplingOps.td - tg sampling ops ------------------*- tablegen -*-===//
//
// Ops that sample a tensor at computed coordinates (grid sampling).
// Included from TGOps.td. Verifiers and type inference are in
// TGSamplingOps.cpp; the lowering in Conversion/TGToLinalg/Sampling.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGSAMPLINGOPS_TD
#define AOTC_DIALECT_TG_IR_TGSAMPLINGOPS_TD

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def TG_GridSampleMode : I32EnumAttr<"GridSampleMode",
    "grid sample interpolation: nearest, linear or cubic", [
      I32EnumAttrCase<"nearest", 0>, I32EnumAttrCase<"linear", 1>,
      I32EnumAttrCase<"cubic", 2>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_GridSampleModeAttr
    : EnumAttr<TG_Dialect, TG_GridSampleMode, "grid_sample_mode"> {
  let description = [{
    How `tg.grid_sample` computes an output element from the input
    coordinate it samples: the nearest input element (ties to even), or
    (multi-)linear interpolation of the 2 neighbours per axis, or
    (multi-)cubic interpolation of the 4 neighbours per axis with Keys'
    kernel (a = -0.75). ONNX opset 16 calls linear and cubic `bilinear`
    and `bicubic`.
  }];
}

def TG_GridSamplePadding : I32EnumAttr<"GridSamplePadding",
    "grid sample padding: zeros, border or reflection", [
      I32EnumAttrCase<"zeros", 0>, I32EnumAttrCase<"border", 1>,
      I32EnumAttrCase<"reflection", 2>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_GridSamplePaddingAttr
    : EnumAttr<TG_Dialect, TG_GridSamplePadding, "grid_sample_padding"> {
  let description = [{
    What `tg.grid_sample` reads outside the input: zeros, the edge element
    (`border`), or the input mirrored at its borders (`reflection`).
  }];
}

//===----------------------------------------------------------------------===//
// Grid sampling
//===----------------------------------------------------------------------===//

def TG_GridSampleOp : TG_Op<"grid_sample", [InferTypeOpAdaptor]> {
  let summary = "Samples an N-d input at the normalized coordinates of a grid";
  let description = [{
    Samples `input`, `N x C x D1 x ... x Dr` (r >= 1 spatial dimensions),
    at the coordinates of `grid`, `N x O1 x ... x Or x r`, as ONNX
    `GridSample` does (opset 16 for r = 2, opset 20 for any r). The result
    is `N x C x O1 x ... x Or`:

    ```
    result[b, c, o...] = sample(input[b, c], grid[b, o...])
    ```

    The last grid dimension holds normalized coordinates in `[-1, 1]`,
    innermost axis first: `grid[..., 0]` is the coordinate along `Dr` (x,
    the width), `grid[..., 1]` along `Dr-1` (y), and so on. A coordinate
    `g` on an axis of size `L` maps to the input coordinate
    `(g + 1) / 2 * (L - 1)` with `align_corners` (-1 and 1 are the centres
    of the corner elements), else `((g + 1) * L - 1) / 2` (-1 and 1 are the
    outer edges of the corner elements).

    `nearest` rounds the coordinate half to even; `linear` and `cubic`
    interpolate the 2 or 4 neighbours per axis (separably, as a product of
    per-axis weights; cubic uses Keys' kernel with a = -0.75). A coordinate
    outside the borders (`[0, L - 1]` with `align_corners`, else
    `[-0.5, L - 0.5]`) is first clamped to `[0, L - 1]` (`border`) or
    reflected at the borders (`reflection`). A neighbour index outside the
    input then reads zero (`zeros`), the edge element (`border`) or the
    element mirrored at the borders (`reflection`).

    `grid` has a float element type and `grid[0]` equals `N`. `linear` and
    `cubic` need a float `input`; `nearest` accepts any element type.
    Coordinates are computed in f32 (f64 when either operand is f64) and
    f16 and bf16 inputs interpolate in f32.

    ```mlir
    %y = tg.grid_sample linear %x, %grid padding = zeros
        : tensor<1x3x4x4xf32>, tensor<1x6x6x2xf32>
    // %y : tensor<1x3x6x6xf32>
    %z = tg.grid_sample cubic %x, %grid padding = reflection align_corners
        : tensor<1x3x4x4xf32>, tensor<1x6x6x2xf32>
    // %z : tensor<1x3x6x6xf32>
    ```
  }];
  let arguments = (ins TG_GridSampleModeAttr:$mode, TG_Tensor:$input,
                       TG_Tensor:$grid, TG_GridSamplePaddingAttr:$padding,
                       UnitAttr:$align_corners);
  let results = (outs TG_Tensor:$result);
  // The enum attributes print their own leading space.
  let assemblyFormat = [{
    `` $mode $input `,` $grid `padding` `=` `` $padding
    (`align_corners` $align_corners^)?
    attr-dict `:` type($input) `,` type($grid)
  }];
  let extraClassDeclaration = [{
    /// The result type for these operands, or failure with an error at
    /// `loc` when given: the rule of `inferReturnTypes` (and so of the
    /// verifier), for importers that check a node before they build the op.
    static ::llvm::FailureOr<::mlir::RankedTensorType> inferResultType(
        std::optional<::mlir::Location> loc, GridSampleMode mode,
        ::mlir::Type input, ::mlir::Type grid);
  }];
}

#endif // AOTC_DIALECT_TG_IR_TGSAMPLINGOPS_TD
