//===- TGOps.td - tg dialect operations --------------------*- tablegen -*-===//
//
// Operations of the tg dialect. Result types are inferred everywhere the
// operands and attributes determine them (InferTypeOpAdaptor); the few ops
// whose result shape is itself the op's meaning (reshape, broadcast_to, cast)
// take it from the result type. Shape rules live in TGTypeInference.cpp so
// verifiers, builders and importers share them.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGOPS_TD
#define AOTC_DIALECT_TG_IR_TGOPS_TD

include "aotc/Dialect/TG/IR/TGBase.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def TG_ComparePredicate : I32EnumAttr<"ComparePredicate",
    "comparison predicate: eq, ne, lt, le, gt or ge", [
      I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
      I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
      I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_ComparePredicateAttr
    : EnumAttr<TG_Dialect, TG_ComparePredicate, "predicate"> {
  let description = [{
    The relation `tg.compare` tests: equal, not equal, less than, less or
    equal, greater than, greater or equal. Written as a bare keyword in the
    op's custom form (`tg.compare lt, ...`).
  }];
}

def TG_ReduceKind : I32EnumAttr<"ReduceKind",
    "reduction kind: sum, max, min, mean or prod", [
      I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>,
      I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"mean", 3>,
      I32EnumAttrCase<"prod", 4>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_ReduceKindAttr : EnumAttr<TG_Dialect, TG_ReduceKind, "reduce_kind"> {
  let description = [{
    How `tg.reduce` combines the elements it reduces. `mean` is the sum
    divided by the number of reduced elements. Written as a bare keyword in
    the op's custom form (`tg.reduce sum ...`).
  }];
}

//===----------------------------------------------------------------------===//
// Constant
//===----------------------------------------------------------------------===//

def TG_ConstantOp : TG_Op<"constant", [ConstantLike, InferTypeOpAdaptor]> {
  let summary = "Tensor constant";
  let description = [{
    Produces the tensor held by `value`: any `ElementsAttr` whose type is a
    statically shaped tensor of a tg element type, such as a dense literal, a
    splat, or a `dense_resource` blob for large weights. The result type is
    the attribute's type.

    ```mlir
    %w = tg.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %z = tg.constant dense<0> : tensor<16xi8>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops (broadcasting)
//===----------------------------------------------------------------------===//

/// An elementwise op of two operands that broadcast NumPy-style. `summary`
/// names the operation, `semantics` is its formula and `notes` a paragraph
/// on the element types' details and the folds.
class TG_BinaryOp<string mnemonic, string opSummary, string semantics,
                  string notes, list<Trait> traits = []>
    : TG_Op<mnemonic, !listconcat(traits,
          [SameOperandsAndResultElementType, InferTypeOpAdaptor])> {
  let summary = "Elementwise " # opSummary # " with broadcasting";
  let description = [{
    Computes `}] # semantics # [{` elementwise. The operands share an element
    type (f16, bf16, f32, f64, i8, i16, i32 or i64) and broadcast NumPy-style:
    shapes align at the trailing dimension, missing leading dimensions count
    as 1, and a dimension of size 1 stretches to the other operand's size.
    The result has the broadcast shape and the operands' element type.

    }] # notes # [{

    ```mlir
    %r = tg.}] # mnemonic # [{ %a, %b : tensor<4x3xf32>, tensor<3xf32>
    // %r : tensor<4x3xf32>
    ```
  }];
  let arguments = (ins TG_NumericTensor:$lhs, TG_NumericTensor:$rhs);
  let results = (outs TG_NumericTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)";
  let hasFolder = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> loc,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return ::aotc::tg::inferBroadcastResultType(
          loc, {adaptor.getLhs().getType(), adaptor.getRhs().getType()},
          /*elementType=*/nullptr, types);
    }
  }];
}

def TG_AddOp : TG_BinaryOp<"add", "addition", "lhs + rhs", [{
    Integers wrap around on overflow. Adding a splat zero of the result's
    type folds away (`x + 0 -> x`, `0 + x -> x`); a zero that broadcasts the
    other operand to a larger shape does not.
  }], [Commutative]>;
def TG_SubOp : TG_BinaryOp<"sub", "subtraction", "lhs - rhs", [{
    Integers wrap around on overflow. Subtracting a splat zero of the
    result's type folds away (`x - 0 -> x`).
  }]>;
def TG_MulOp : TG_BinaryOp<"mul", "multiplication", "lhs * rhs", [{
    Integers wrap around on overflow. Multiplying by a splat one of the
    result's type folds away (`x * 1 -> x`, `1 * x -> x`).
  }], [Commutative]>;
def TG_DivOp : TG_BinaryOp<"div", "division", "lhs / rhs", [{
    Integer division is signed and truncates toward zero; dividing an integer
    by zero, or the minimum value by -1, is undefined behavior, so such
    constants are left for run time rather than folded. Dividing by a splat
    one folds away (`x / 1 -> x`).
  }]>;
def TG_MaxOp : TG_BinaryOp<"max", "maximum", "max(lhs, rhs)", [{
    Integers compare as signed. For floats a NaN in either operand gives NaN
    (IEEE 754-2019 `maximum`), and `+0.0` is larger than `-0.0`.
    `max(x, x)` folds to `x`.
  }], [Commutative]>;
def TG_MinOp : TG_BinaryOp<"min", "minimum", "min(lhs, rhs)", [{
    Integers compare as signed. For floats a NaN in either operand gives NaN
    (IEEE 754-2019 `minimum`), and `-0.0` is smaller than `+0.0`.
    `min(x, x)` folds to `x`.
  }], [Commutative]>;
def TG_PowOp : TG_BinaryOp<"pow", "power", "lhs ** rhs", [{
    Floats follow C's `pow`; integers follow `math.ipowi` (a signed
    exponent, wrapping on overflow) and are not constant-folded. Raising to
    a splat one folds away (`x ** 1 -> x`).
  }]>;

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

/// An elementwise op of one operand whose result type is the operand's.
class TG_UnaryOp<string mnemonic, Type operandType, string opSummary,
                 string semantics, string notes = "">
    : TG_Op<mnemonic, [SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "Elementwise " # opSummary;
  let description = [{
    Computes `}] # semantics # [{` for every element `x`. The result has the
    operand's type. Constant operands with at most 1024 elements (or splats of
    any size) fold.

    }] # notes # [{

    ```mlir
    %r = tg.}] # mnemonic # [{ %x : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins operandType:$input);
  let results = (outs operandType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

def TG_NegOp : TG_UnaryOp<"neg", TG_NumericTensor, "negation", "-x",
    "Accepts floats and integers other than i1; integers wrap around.">;
def TG_AbsOp : TG_UnaryOp<"abs", TG_NumericTensor, "absolute value", "|x|",
    [{Accepts floats and integers other than i1; the absolute value of the
    minimum integer is itself.}]>;
def TG_ExpOp : TG_UnaryOp<"exp", TG_FloatTensor, "exponential", "e ** x",
    "Accepts floats only.">;
def TG_LogOp : TG_UnaryOp<"log", TG_FloatTensor, "natural logarithm",
    "ln(x)", "Accepts floats only; `log(0)` is `-inf`, `log(x < 0)` is NaN.">;
def TG_SqrtOp : TG_UnaryOp<"sqrt", TG_FloatTensor, "square root", "sqrt(x)",
    "Accepts floats only; the square root of a negative number is NaN.">;
def TG_RsqrtOp : TG_UnaryOp<"rsqrt", TG_FloatTensor, "reciprocal square root",
    "1 / sqrt(x)", "Accepts floats only.">;
def TG_TanhOp : TG_UnaryOp<"tanh", TG_FloatTensor, "hyperbolic tangent",
    "tanh(x)", "Accepts floats only.">;
def TG_SigmoidOp : TG_UnaryOp<"sigmoid", TG_FloatTensor, "logistic sigmoid",
    "1 / (1 + e ** -x)", "Accepts floats only.">;
def TG_ReluOp : TG_UnaryOp<"relu", TG_NumericTensor, "rectified linear unit",
    "max(x, 0)", "Accepts floats and integers other than i1; NaN stays NaN.">;
def TG_ErfOp : TG_UnaryOp<"erf", TG_FloatTensor, "Gauss error function",
    "erf(x)", "Accepts floats only.">;

//===----------------------------------------------------------------------===//
// Compare and select
//===----------------------------------------------------------------------===//

def TG_CompareOp : TG_Op<"compare",
    [SameOperandsElementType, InferTypeOpAdaptor]> {
  let summary = "Elementwise comparison with broadcasting";
  let description = [{
    Compares `lhs` and `rhs` elementwise with `predicate` (`eq`, `ne`, `lt`,
    `le`, `gt` or `ge`) after NumPy broadcasting and yields an i1 tensor of
    the broadcast shape. The operands share an element type, which may be
    any tg element type.

    Float comparisons are ordered (false when either side is NaN) except
    `ne`, which is true when either side is NaN. Integers compare as signed,
    except i1, where `false < true`.

    ```mlir
    %m = tg.compare gt, %a, %b : tensor<4xf32>, tensor<f32>
    // %m : tensor<4xi1>
    ```
  }];
  let arguments = (ins TG_ComparePredicateAttr:$predicate, TG_Tensor:$lhs,
                       TG_Tensor:$rhs);
  let results = (outs TG_BoolTensor:$result);
  // The predicate attribute prints its own leading space.
  let assemblyFormat = [{
    `` $predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)
  }];
}

def TG_SelectOp : TG_Op<"select", [InferTypeOpAdaptor]> {
  let summary = "Elementwise choice between two tensors";
  let description = [{
    Yields `on_true` where `condition` is true and `on_false` elsewhere. The
    three operands broadcast NumPy-style to a common shape, the result's.
    `condition` is an i1 tensor; `on_true` and `on_false` share an element
    type, which is the result's.

    ```mlir
    %r = tg.select %m, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<f32>
    // %r : tensor<4xf32>
    ```
  }];
  let arguments = (ins TG_BoolTensor:$condition, TG_Tensor:$on_true,
                       TG_Tensor:$on_false);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = [{
    $condition `,` $on_true `,` $on_false attr-dict `:`
    type($condition) `,` type($on_true) `,` type($on_false)
  }];
}

//===----------------------------------------------------------------------===//
// Contraction and reduction
//===----------------------------------------------------------------------===//

def TG_MatmulOp : TG_Op<"matmul",
    [SameOperandsAndResultElementType, InferTypeOpAdaptor]> {
  let summary = "Batched matrix multiplication with broadcast batch dimensions";
  let description = [{
    Multiplies the matrices in the two innermost dimensions,
    `[..., M, K] x [..., K, N] -> [..., M, N]`, like `numpy.matmul`. Both
    operands have rank at least 2 and the same element type; the leading
    (batch) dimensions broadcast NumPy-style, so a rank-2 operand is shared
    by every matrix of the other. Accumulation is in the element type and
    integers wrap around.

    ```mlir
    %c = tg.matmul %a, %b : tensor<8x4x16xf32>, tensor<16x32xf32>
    // %c : tensor<8x4x32xf32>
    ```
  }];
  let arguments = (ins TG_NumericTensor:$lhs, TG_NumericTensor:$rhs);
  let results = (outs TG_NumericTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)";
}

def TG_ReduceOp : TG_Op<"reduce", [InferTypeOpAdaptor]> {
  let summary = "Reduction over a set of axes";
  let description = [{
    Reduces `input` over `axes` with `kind`: `sum`, `max`, `min`, `mean`
    (the sum divided by the number of reduced elements, truncated toward
    zero for integers) or `prod`. `max` and `min` propagate NaN. The axes
    are distinct and in `[0, rank)`, in any order. With `keepdims` the reduced
    dimensions stay as size 1, otherwise they are dropped. An empty `axes`
    reduces nothing and folds to the input.

    ```mlir
    %s = tg.reduce sum %x axes = [1] keepdims : tensor<4x8xf32>
    // %s : tensor<4x1xf32>
    %m = tg.reduce max %x axes = [0, 1] : tensor<4x8xf32>
    // %m : tensor<f32>
    ```
  }];
  let arguments = (ins TG_ReduceKindAttr:$kind, TG_NumericTensor:$input,
                       DenseI64ArrayAttr:$axes, UnitAttr:$keepdims);
  let results = (outs TG_NumericTensor:$result);
  // The kind attribute prints its own leading space.
  let assemblyFormat = [{
    `` $kind $input `axes` `=` $axes (`keepdims` $keepdims^)? attr-dict `:`
    type($input)
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

def TG_ReshapeOp : TG_Op<"reshape", [SameOperandsAndResultElementType]> {
  let summary = "Reinterpret a tensor with a new shape";
  let description = [{
    Returns the elements of `input`, in row-major order, with the result's
    shape. The input and the result have the same number of elements and
    the same element type.

    A reshape to the input's own type folds away, a chain of reshapes
    becomes one, and a reshape of a constant folds (at most 1024 elements,
    or a splat of any size).

    ```mlir
    %r = tg.reshape %x : tensor<2x3xf32> -> tensor<6xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TG_TransposeOp : TG_Op<"transpose", [InferTypeOpAdaptor]> {
  let summary = "Permute the dimensions of a tensor";
  let description = [{
    Result dimension `i` is input dimension `permutation[i]`, as in
    `numpy.transpose`. `permutation` is a permutation of `[0, rank)`.

    An identity permutation folds away, a chain of transposes becomes one
    transpose of the composed permutation, and a transpose of a splat
    constant folds.

    ```mlir
    %t = tg.transpose %x permutation = [1, 0] : tensor<2x3xf32>
    // %t : tensor<3x2xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = [{
    $input `permutation` `=` $permutation attr-dict `:` type($input)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TG_BroadcastToOp : TG_Op<"broadcast_to",
    [SameOperandsAndResultElementType]> {
  let summary = "Broadcast a tensor to a shape";
  let description = [{
    Broadcasts `input` NumPy-style to the result's shape: the shapes align at
    the trailing dimension, and every input dimension either equals the
    result's or is 1. The result's rank is at least the input's. A broadcast
    to the input's own type folds away, and a broadcast of a splat constant
    folds.

    ```mlir
    %b = tg.broadcast_to %x : tensor<3xf32> -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TG_ConcatOp : TG_Op<"concat",
    [SameOperandsAndResultElementType, InferTypeOpAdaptor]> {
  let summary = "Concatenate tensors along an axis";
  let description = [{
    Joins one or more tensors of equal rank and element type along `axis`,
    in `[0, rank)`; every other dimension must agree. A concatenation of a
    single tensor folds to it.

    ```mlir
    %c = tg.concat %a, %b axis = 1 : tensor<2x3xf32>, tensor<2x5xf32>
    // %c : tensor<2x8xf32>
    ```
  }];
  let arguments = (ins Variadic<TG_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$inputs `axis` `=` $axis attr-dict `:` type($inputs)";
  let hasFolder = 1;
}

def TG_SliceOp : TG_Op<"slice",
    [SameOperandsAndResultElementType, InferTypeOpAdaptor]> {
  let summary = "Strided slice with static bounds";
  let description = [{
    Takes, along every dimension `d`, the elements
    `start[d], start[d] + stride[d], ...` below `limit[d]`. `start`, `limit`
    and `stride` have one entry per input dimension, the bounds satisfy
    `0 <= start <= limit <= dim` and the strides are positive, so result
    dimension `d` is `ceil((limit[d] - start[d]) / stride[d])`.

    A slice that keeps the whole input folds away, and a slice of a splat
    constant folds.

    ```mlir
    %s = tg.slice %x start = [0, 1] limit = [4, 5] stride = [2, 1]
        : tensor<4x8xf32>
    // %s : tensor<2x4xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input, DenseI64ArrayAttr:$start,
                       DenseI64ArrayAttr:$limit, DenseI64ArrayAttr:$stride);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = [{
    $input `start` `=` $start `limit` `=` $limit `stride` `=` $stride
    attr-dict `:` type($input)
  }];
  let hasFolder = 1;
}

def TG_CastOp : TG_Op<"cast", [SameOperandsAndResultShape]> {
  let summary = "Elementwise element-type conversion";
  let description = [{
    Converts every element to the result's element type; the shape is
    unchanged. Floats round to nearest even, floats convert to integers by
    truncating toward zero, integers sign-extend or truncate, and any
    nonzero value becomes `true` when cast to i1 (i1 itself converts as
    0 or 1). A cast to the input's own type folds away.

    ```mlir
    %i = tg.cast %x : tensor<4xf32> -> tensor<4xi32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

// Op families kept in their own files.
include "aotc/Dialect/TG/IR/TGNNOps.td"
include "aotc/Dialect/TG/IR/TGIndexingOps.td"

#endif // AOTC_DIALECT_TG_IR_TGOPS_TD
