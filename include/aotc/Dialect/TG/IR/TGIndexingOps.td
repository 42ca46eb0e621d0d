//===- TGIndexingOps.td - Indexing ops of the tg dialect ----*- tablegen -*-===//
//
// Indexing ops of the tg dialect: gathers, scatters, pad, arg-reductions,
// scans, top-k and einsum. Included from TGOps.td. Verifiers, type inference and folds
// live in lib/Dialect/TG/IR/TGIndexingOps.cpp; the lowering to linalg in
// lib/Conversion/TGToLinalg/Indexing.cpp.
//
// Indices read at run time are never trusted: an index outside the valid
// range (after negative indices wrap once) is clamped to it, so a bad index
// reads a wrong element rather than memory outside the tensor. ONNX leaves
// such indices undefined.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGINDEXINGOPS_TD
#define AOTC_DIALECT_TG_IR_TGINDEXINGOPS_TD

//===----------------------------------------------------------------------===//
// Types and enums
//===----------------------------------------------------------------------===//

/// Tensors of indices.
def TG_IndexTensor : StaticShapeTensorOf<[I32, I64]>;
/// Tensors of i64, the result of arg_reduce and topk.
def TG_I64Tensor : StaticShapeTensorOf<[I64]>;

def TG_PadMode : I32EnumAttr<"PadMode",
    "padding mode: constant, reflect, edge or wrap", [
      I32EnumAttrCase<"constant", 0>, I32EnumAttrCase<"reflect", 1>,
      I32EnumAttrCase<"edge", 2>, I32EnumAttrCase<"wrap", 3>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_PadModeAttr : EnumAttr<TG_Dialect, TG_PadMode, "pad_mode"> {
  let description = [{
    What `tg.pad` writes outside the input: a constant, the input mirrored
    at its border without repeating the border element (`reflect`), the
    border element repeated (`edge`), or the input repeated periodically
    (`wrap`). The names and meanings are NumPy's `np.pad` modes.
  }];
}

def TG_ArgReduceKind : I32EnumAttr<"ArgReduceKind",
    "arg-reduction kind: max or min", [
      I32EnumAttrCase<"max", 0>, I32EnumAttrCase<"min", 1>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_ArgReduceKindAttr
    : EnumAttr<TG_Dialect, TG_ArgReduceKind, "arg_reduce_kind"> {
  let description = [{
    Whether `tg.arg_reduce` finds the position of the largest (`max`) or the
    smallest (`min`) element.
  }];
}

def TG_ScanKind : I32EnumAttr<"ScanKind", "scan kind: sum or prod", [
      I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"prod", 1>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_ScanKindAttr : EnumAttr<TG_Dialect, TG_ScanKind, "scan_kind"> {
  let description = [{
    How `tg.cumulative` combines the elements it scans: running sums
    (`sum`, ONNX CumSum) or running products (`prod`, ONNX CumProd).
  }];
}

def TG_ScatterReduction : I32EnumAttr<"ScatterReduction",
    "scatter reduction: none, add, mul, max or min", [
      I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"add", 1>,
      I32EnumAttrCase<"mul", 2>, I32EnumAttrCase<"max", 3>,
      I32EnumAttrCase<"min", 4>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_ScatterReductionAttr
    : EnumAttr<TG_Dialect, TG_ScatterReduction, "scatter_reduction"> {
  let description = [{
    How `tg.scatter_elements` and `tg.scatter_nd` combine an update with the
    element it lands on: replace it (`none`), or add, multiply, or keep the
    larger or smaller of the two. The names are ONNX's `reduction` values.
  }];
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

def TG_GatherOp : TG_Op<"gather", [InferTypeOpAdaptor]> {
  let summary = "Gather slices of a tensor along an axis";
  let description = [{
    Takes, along `axis`, the slices of `data` that `indices` name, like
    `numpy.take(data, indices, axis)` and ONNX Gather. The result shape is
    `data.shape[:axis] + indices.shape + data.shape[axis + 1:]` and its
    element type is the data's. `axis` is in `[0, rank(data))`; `indices`
    are i32 or i64 of any shape (rank 0 removes the axis). A negative index
    counts from the end (`i + data.shape[axis]`); an index still out of
    range is clamped to `[0, data.shape[axis])`.

    A gather of constants folds when the result has at most 1024 elements,
    so ONNX shape computations (`Shape -> Gather -> Concat -> Reshape`)
    fold at import time.

    ```mlir
    %r = tg.gather %x, %i axis = 1 : tensor<3x5xf32>, tensor<2xi64>
    // %r : tensor<3x2xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$data, TG_IndexTensor:$indices,
                       I64Attr:$axis);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = [{
    $data `,` $indices `axis` `=` $axis attr-dict `:` type($data) `,`
    type($indices)
  }];
  let hasFolder = 1;
}

def TG_GatherElementsOp : TG_Op<"gather_elements", [InferTypeOpAdaptor]> {
  let summary = "Gather single elements along an axis";
  let description = [{
    ONNX GatherElements, `numpy.take_along_axis`: `result[p] = data[p with
    p[axis] replaced by indices[p]]`. `data` and `indices` have the same
    rank; every dimension of `indices` other than `axis` is at most the
    data's. The result has the shape of `indices` and the data's element
    type. Negative indices count from the end; out-of-range indices clamp.

    ```mlir
    %r = tg.gather_elements %x, %i axis = 1 : tensor<3x5xf32>, tensor<3x2xi64>
    // %r : tensor<3x2xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$data, TG_IndexTensor:$indices,
                       I64Attr:$axis);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = [{
    $data `,` $indices `axis` `=` $axis attr-dict `:` type($data) `,`
    type($indices)
  }];
}

def TG_GatherNDOp : TG_Op<"gather_nd", [InferTypeOpAdaptor]> {
  let summary = "Gather slices addressed by index tuples";
  let description = [{
    ONNX GatherND. The last dimension of `indices`, `k`, is the length of
    each index tuple; a tuple addresses the first `k` dimensions of `data`
    after the `batch_dims` leading dimensions, which `data` and `indices`
    share. With `b = batch_dims`, the result shape is
    `indices.shape[:-1] + data.shape[b + k:]`. `indices` has rank at least
    1, `b < min(rank(data), rank(indices))` and `b + k <= rank(data)`.
    Negative indices count from the end; out-of-range indices clamp.

    ```mlir
    %r = tg.gather_nd %x, %i batch_dims = 0 : tensor<4x5x6xf32>, tensor<3x2xi64>
    // %r : tensor<3x6xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$data, TG_IndexTensor:$indices,
                       I64Attr:$batch_dims);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = [{
    $data `,` $indices `batch_dims` `=` $batch_dims attr-dict `:`
    type($data) `,` type($indices)
  }];
}

//===----------------------------------------------------------------------===//
// Scatters
//===----------------------------------------------------------------------===//

def TG_ScatterElementsOp : TG_Op<"scatter_elements", [InferTypeOpAdaptor]> {
  let summary = "Scatter single elements into a copy of a tensor along an axis";
  let description = [{
    ONNX ScatterElements, the inverse of `tg.gather_elements`: the result is
    `data` with, for every position `p` of `updates`, the element at `p`
    with `p[axis]` replaced by `indices[p]` combined with `updates[p]` by
    `reduction` (`none` replaces it). `indices` and `updates` have one
    shape, of the data's rank, no larger than the data in every dimension
    but the axis. The result has the data's type.

    Updates apply one at a time in row-major order of `updates`, so when
    several land on one element with `none` the last one wins (ONNX leaves
    that undefined). Negative indices count from the end; out-of-range
    indices clamp, so no update writes outside the result.

    ```mlir
    %r = tg.scatter_elements add %x, %i, %u axis = 1
        : tensor<3x5xf32>, tensor<3x2xi64>, tensor<3x2xf32>
    // %r : tensor<3x5xf32>
    ```
  }];
  let arguments = (ins TG_ScatterReductionAttr:$reduction, TG_Tensor:$data,
                       TG_IndexTensor:$indices, TG_Tensor:$updates,
                       I64Attr:$axis);
  let results = (outs TG_Tensor:$result);
  // The reduction attribute prints its own leading space.
  let assemblyFormat = [{
    `` $reduction $data `,` $indices `,` $updates `axis` `=` $axis attr-dict
    `:` type($data) `,` type($indices) `,` type($updates)
  }];
}

def TG_ScatterNDOp : TG_Op<"scatter_nd", [InferTypeOpAdaptor]> {
  let summary = "Scatter slices addressed by index tuples into a copy of a tensor";
  let description = [{
    ONNX ScatterND, the inverse of `tg.gather_nd` without batch dimensions.
    The last dimension of `indices`, `k`, is the length of each index tuple,
    which addresses the first `k` dimensions of `data` (`k <= rank(data)`);
    `updates` has the shape `indices.shape[:-1] + data.shape[k:]`. The
    result is `data` with every slice `updates[i]` combined into the slice
    `data[indices[i]]` by `reduction` (`none` replaces it). The result has
    the data's type.

    Updates apply one at a time in row-major order of `updates`, so when
    several land on one element with `none` the last one wins (ONNX leaves
    that undefined). Negative indices count from the end; out-of-range
    indices clamp.

    ```mlir
    %r = tg.scatter_nd none %x, %i, %u
        : tensor<4x5x6xf32>, tensor<3x2xi64>, tensor<3x6xf32>
    // %r : tensor<4x5x6xf32>
    ```
  }];
  let arguments = (ins TG_ScatterReductionAttr:$reduction, TG_Tensor:$data,
                       TG_IndexTensor:$indices, TG_Tensor:$updates);
  let results = (outs TG_Tensor:$result);
  // The reduction attribute prints its own leading space.
  let assemblyFormat = [{
    `` $reduction $data `,` $indices `,` $updates attr-dict `:` type($data)
    `,` type($indices) `,` type($updates)
  }];
}

//===----------------------------------------------------------------------===//
// Pad
//===----------------------------------------------------------------------===//

def TG_PadOp : TG_Op<"pad", [InferTypeOpAdaptor]> {
  let summary = "Pad (or crop) a tensor at both ends of every dimension";
  let description = [{
    Adds `low[d]` elements before and `high[d]` elements after dimension `d`
    of `input`; a negative count removes that many elements instead, so
    result dimension `d` is `low[d] + input.shape[d] + high[d]`, which must
    not be negative. `low` and `high` have one entry per dimension. The new
    elements come from `mode`, as in `numpy.pad`:

    - `constant`: `value`, a rank-0 tensor of the input's element type
      (zero when it is omitted). Only this mode takes a value.
    - `reflect`: the input mirrored at its border, the border element not
      repeated (`[a, b, c]` padded by 2 on both sides is
      `[c, b, a, b, c, b, a]`); padding further than the dimension keeps
      reflecting. A padded dimension of size 1 repeats its element.
    - `edge`: the border element repeated.
    - `wrap`: the input repeated periodically.

    Modes other than `constant` need a non-empty input dimension wherever
    they pad.

    ```mlir
    %p = tg.pad constant %x, %zero low = [0, 1] high = [2, -1]
        : tensor<2x3xf32>, tensor<f32>
    // %p : tensor<4x3xf32>
    %r = tg.pad reflect %x low = [1, 1] high = [1, 1] : tensor<2x3xf32>
    // %r : tensor<4x5xf32>
    ```
  }];
  let arguments = (ins TG_PadModeAttr:$mode, TG_Tensor:$input,
                       Optional<TG_Tensor>:$value, DenseI64ArrayAttr:$low,
                       DenseI64ArrayAttr:$high);
  let results = (outs TG_Tensor:$result);
  // The mode attribute prints its own leading space.
  let assemblyFormat = [{
    `` $mode $input (`,` $value^)? `low` `=` $low `high` `=` $high attr-dict
    `:` type($input) (`,` type($value)^)?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Arg-reductions, scans and top-k
//===----------------------------------------------------------------------===//

def TG_ArgReduceOp : TG_Op<"arg_reduce", [InferTypeOpAdaptor]> {
  let summary = "Position of the largest or smallest element along an axis";
  let description = [{
    ONNX ArgMax / ArgMin: the i64 index, along `axis`, of the largest
    (`max`) or smallest (`min`) element of `input`. Among equal elements the
    first wins, or the last with `select_last_index`. A NaN counts as the
    extreme for both kinds, as in `numpy.argmax` and `numpy.argmin`: the
    first NaN wins (the last with `select_last_index`). With `keepdims` the
    axis stays as size 1, otherwise it is dropped. The axis is not empty.

    ```mlir
    %i = tg.arg_reduce max %x axis = 1 keepdims : tensor<3x5xf32>
    // %i : tensor<3x1xi64>
    ```
  }];
  let arguments = (ins TG_ArgReduceKindAttr:$kind, TG_NumericTensor:$input,
                       I64Attr:$axis, UnitAttr:$keepdims,
                       UnitAttr:$select_last_index);
  let results = (outs TG_I64Tensor:$result);
  // The kind attribute prints its own leading space.
  let assemblyFormat = [{
    `` $kind $input `axis` `=` $axis (`keepdims` $keepdims^)?
    (`select_last_index` $select_last_index^)? attr-dict `:` type($input)
  }];
}

def TG_CumulativeOp : TG_Op<"cumulative",
    [SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "Running sum or product along an axis";
  let description = [{
    ONNX CumSum (and CumProd): element `j` along `axis` is the sum (`sum`)
    or product (`prod`) of the input elements `0..j`. With `exclusive`
    element `j` itself is left out (the first result is 0 for sums, 1 for
    products); with `reverse` the scan runs from the end of the axis.
    The result has the input's type; integers wrap around.

    The lowering is a single `linalg.generic` that reduces over the whole
    axis for every output element, so it costs `O(n^2)` along the axis.

    ```mlir
    %c = tg.cumulative sum %x axis = 1 exclusive : tensor<3x5xf32>
    ```
  }];
  let arguments = (ins TG_ScanKindAttr:$kind, TG_NumericTensor:$input,
                       I64Attr:$axis, UnitAttr:$exclusive, UnitAttr:$reverse);
  let results = (outs TG_NumericTensor:$result);
  // The kind attribute prints its own leading space.
  let assemblyFormat = [{
    `` $kind $input `axis` `=` $axis (`exclusive` $exclusive^)?
    (`reverse` $reverse^)? attr-dict `:` type($input)
  }];
  let hasVerifier = 1;
}

def TG_TopKOp : TG_Op<"topk", [InferTypeOpAdaptor]> {
  let summary = "The k largest or smallest elements along an axis";
  let description = [{
    ONNX TopK with a static `k`: `values` holds the `k` largest elements of
    `input` along `axis` (the smallest with `largest = false`) and
    `indices` their i64 positions; both have the input's shape with the axis
    replaced by `k`, `0 <= k <= input.shape[axis]`. The elements are always
    ordered best first, and equal elements by position (lower index first),
    which is also a valid result for ONNX's `sorted = 0`. A NaN counts as
    larger than every number, as in `numpy.sort`.

    The lowering ranks every element against every other along the axis, so
    it costs `O(n^2)` along the axis.

    ```mlir
    %v, %i = tg.topk %x k = 2 axis = 1 largest : tensor<3x5xf32>
    // %v : tensor<3x2xf32>, %i : tensor<3x2xi64>
    ```
  }];
  let arguments = (ins TG_NumericTensor:$input, I64Attr:$k, I64Attr:$axis,
                       UnitAttr:$largest);
  let results = (outs TG_NumericTensor:$values, TG_I64Tensor:$indices);
  let assemblyFormat = [{
    $input `k` `=` $k `axis` `=` $axis (`largest` $largest^)? attr-dict `:`
    type($input)
  }];
}

//===----------------------------------------------------------------------===//
// Einsum
//===----------------------------------------------------------------------===//

def TG_EinsumOp : TG_Op<"einsum",
    [SameOperandsElementType, InferTypeOpAdaptor]> {
  let summary = "Einstein summation";
  let description = [{
    `numpy.einsum` and ONNX Einsum over one or more operands of one element
    type. `equation` has one comma-separated term of lowercase or uppercase
    letters per operand and optionally `->` and the output term; without it
    the output is the letters that occur exactly once, in alphabetical
    order. Letters of the output are distinct and occur in some operand;
    every other letter is summed over. A letter repeated within a term takes
    the diagonal. Every occurrence of a letter has the same size.

    `...` in a term stands for the operand's remaining leading dimensions;
    these broadcast NumPy-style across operands and come first in an
    implicit output. Spaces are ignored.

    ```mlir
    %c = tg.einsum "bij,bjk->bik" %a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>
    // %c : tensor<2x3x5xf32>
    %t = tg.einsum "ii" %m : tensor<3x3xf32>
    // %t : tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<TG_NumericTensor>:$inputs, StrAttr:$equation);
  let results = (outs TG_NumericTensor:$result);
  let assemblyFormat = "$equation $inputs attr-dict `:` type($inputs)";
  let extraClassDeclaration = [{
    /// An equation resolved against operand shapes. Labels are integers:
    /// 0..51 for 'A'..'Z' and 'a'..'z', 52 + i for dimension i of the
    /// broadcast `...` dimensions.
    struct Spec {
      /// The label of every dimension of every operand.
      ::llvm::SmallVector<::llvm::SmallVector<int64_t>> inputs;
      /// The labels of the result's dimensions.
      ::llvm::SmallVector<int64_t> output;
      /// The size of each label (-1 for labels that do not occur).
      ::llvm::SmallVector<int64_t> sizes;
    };
    /// Parses `equation` for operands of `shapes`; reports errors at `loc`
    /// when given.
    static ::llvm::LogicalResult
    parseEquation(std::optional<::mlir::Location> loc,
                  ::llvm::StringRef equation,
                  ::llvm::ArrayRef<::llvm::ArrayRef<int64_t>> shapes,
                  Spec &spec);
    /// The spec of this (verified) op.
    Spec getSpec();
  }];
}

#endif // AOTC_DIALECT_TG_IR_TGINDEXINGOPS_TD
