//===- TGNormOps.td - tg normalization ops ------------------*- tablegen -*-===//
//
// Normalizations of the tg dialect: softmax, log-softmax and layer
// normalization. Each is one op, rather than the composition of reductions
// and elementwise ops that it means, so that its lowering can read the data
// twice instead of four or five times: one reduction computes both statistics
// (the maximum and the sum of exponentials, or the mean and the variance) and
// one elementwise pass applies them (docs/ops-normalization.md). Included
// from TGOps.td. Type inference and verification are in TGNormOps.cpp; the
// lowering in Conversion/TGToLinalg/Normalization.cpp; the pass that raises
// the decomposed forms to these ops in Dialect/TG/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGNORMOPS_TD
#define AOTC_DIALECT_TG_IR_TGNORMOPS_TD

//===----------------------------------------------------------------------===//
// Softmax
//===----------------------------------------------------------------------===//

/// Softmax and log-softmax along one axis. `formula` is the op's result for
/// the description.
class TG_SoftmaxOpBase<string mnemonic, string opSummary, string formula,
                       string notes>
    : TG_Op<mnemonic, [InferTypeOpAdaptor]> {
  let summary = opSummary;
  let description = [{
    Computes }] # formula # [{ along `axis`, in `[0, rank)`, where the
    maximum `m` and the sum of exponentials `s` are taken over the elements
    of the input that differ only in their index along `axis`:

    ```
    m = max_j x[..., j, ...]
    s = sum_j exp(x[..., j, ...] - m)
    ```

    The input has a float element type and rank at least 1; the result has
    the input's type. f16 and bf16 are computed in f32 and rounded once.
    Subtracting the maximum keeps `exp` from overflowing. Special values
    follow that formula as NumPy evaluates it: a NaN makes its whole slice
    NaN, `-inf` elements contribute nothing to `s` (unless the whole slice is
    `-inf`, which gives NaN, since `-inf - -inf` is), and a `+inf` element
    makes its slice NaN.

    }] # notes # [{

    The lowering reads the input twice: one reduction computes `m` and `s`
    together, rescaling the running sum whenever the maximum grows
    (`s' = s * exp(m - m') + exp(x - m')` with `m' = max(m, x)`), and one
    elementwise pass computes the result from `x`, `m` and `s`.

    ```mlir
    %p = tg.}] # mnemonic # [{ %x axis = 1 : tensor<8x10xf32>
    // %p : tensor<8x10xf32>
    ```
  }];
  let arguments = (ins TG_FloatTensor:$input, I64Attr:$axis);
  let results = (outs TG_FloatTensor:$result);
  let assemblyFormat = "$input `axis` `=` $axis attr-dict `:` type($input)";
}

def TG_SoftmaxOp : TG_SoftmaxOpBase<"softmax", "Softmax along an axis",
    "`exp(x - m) / s`", [{
    Every slice along `axis` of the result sums to 1 (up to rounding). This
    is ONNX `Softmax` from opset 13 and `torch.softmax(x, dim = axis)`; ONNX
    before opset 13 is this op on the input reshaped to 2-D.
  }]>;

def TG_LogSoftmaxOp : TG_SoftmaxOpBase<"log_softmax",
    "Logarithm of the softmax along an axis", "`x - m - log(s)`", [{
    This is `log(softmax(x))` without computing the softmax, so it stays
    finite where the softmax underflows to 0. ONNX `LogSoftmax`,
    `torch.log_softmax`.
  }]>;

//===----------------------------------------------------------------------===//
// Layer normalization
//===----------------------------------------------------------------------===//

def TG_LayerNormOp : TG_Op<"layer_norm", [InferTypeOpAdaptor]> {
  let summary = "Normalization over the trailing axes";
  let description = [{
    Normalizes every slice of `input` spanned by the axes from `axis` (in
    `[0, rank)`) to the last one to zero mean and unit variance:

    ```
    result = (x - mean) / sqrt(var + epsilon)
    ```

    with the mean and the (biased, population) variance taken over the
    `N = dims[axis] * ... * dims[rank - 1]` elements of the slice. The input
    has a float element type and rank at least 1; the result has its type.
    f16 and bf16 are normalized in f32 and rounded once, as ONNX's default
    `stash_type` asks; the statistics are summed in f64 for every type. A
    NaN or infinity makes its slice NaN.

    This is ONNX `LayerNormalization` and `torch.nn.LayerNorm` without the
    elementwise affine part: their `* scale + bias` are a `tg.mul` and a
    `tg.add` after this op, which fuse into its elementwise pass when the
    graph is lowered (and keep ONNX's rounding, which applies them in the
    input's type after the normalized value is rounded to it).

    The lowering reads the input twice. The first pass sums, per slice, the
    deviations `x - k` from the slice's first element `k` (S1) and their
    squares (S2); the second computes `mean = k + S1/N` and
    `var = S2/N - (S1/N)^2` per slice and `(x - mean) * rsqrt(var + epsilon)`
    per element, with the mean held as the sum of two values of the compute
    type so that `x - mean` is exact to its own rounding. Shifting by a value
    of the slice keeps the variance from cancelling catastrophically when
    the mean is large against the standard deviation
    (docs/ops-normalization.md has the error analysis).

    ```mlir
    %n = tg.layer_norm %x axis = 2 epsilon = 1.0e-05 : tensor<2x16x64xf32>
    // %n : tensor<2x16x64xf32>, each x[i, j, :] normalized
    %m = tg.layer_norm %x axis = 1 epsilon = 1.0e-05 : tensor<2x16x64xf32>
    // %m : tensor<2x16x64xf32>, each x[i, :, :] normalized
    ```
  }];
  let arguments = (ins TG_FloatTensor:$input, I64Attr:$axis,
                       F64Attr:$epsilon);
  let results = (outs TG_FloatTensor:$result);
  let assemblyFormat = [{
    $input `axis` `=` $axis `epsilon` `=` $epsilon attr-dict `:` type($input)
  }];
}

#endif // AOTC_DIALECT_TG_IR_TGNORMOPS_TD
