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
/// on the element types' details and the folds. `tensorType` constrains the
/// operands and the result, and `elementTypes` lists its element types for
/// the description.
class TG_BinaryOp<string mnemonic, string opSummary, string semantics,
                  string notes, list<Trait> traits = [],
                  Type tensorType = TG_NumericTensor,
                  string elementTypes = "f16, bf16, f32, f64, i8, i16, i32 or i64">
    : TG_Op<mnemonic, !listconcat(traits,
          [SameOperandsAndResultElementType, InferTypeOpAdaptor])> {
  let summary = "Elementwise " # opSummary # " with broadcasting";
  let description = [{
    Computes `}] # semantics # [{` elementwise. The operands share an element
    type (}] # elementTypes # [{) and broadcast NumPy-style:
    shapes align at the trailing dimension, missing leading dimensions count
    as 1, and a dimension of size 1 stretches to the other operand's size.
    The result has the broadcast shape and the operands' element type.

    }] # notes # [{

    ```mlir
    %r = tg.}] # mnemonic # [{ %a, %b : tensor<4x3xf32>, tensor<3xf32>
    // %r : tensor<4x3xf32>
    ```
  }];
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let results = (outs tensorType:$result);
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
    Integer division is signed and truncates toward zero, or unsigned with
    `unsigned_operands` (the ONNX importer sets it for uint tensors);
    dividing an integer by zero, or the minimum value by -1, is undefined
    behavior, so such constants are left for run time rather than folded.
    Dividing by a splat one folds away (`x / 1 -> x`).
  }]> {
  let arguments = (ins TG_NumericTensor:$lhs, TG_NumericTensor:$rhs,
                       UnitAttr:$unsigned_operands);
}
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

def TG_ModOp : TG_Op<"mod",
    [SameOperandsAndResultElementType, InferTypeOpAdaptor]> {
  let summary = "Elementwise remainder with broadcasting";
  let description = [{
    Computes the remainder of `lhs / rhs` elementwise, after NumPy
    broadcasting (see `tg.add`), like ONNX `Mod`:

    - without `fmod` (integers only), the remainder has the sign of the
      divisor, like Python's `%` and `numpy.mod`: `-7 mod 3 = 2`,
      `7 mod -3 = -2`;
    - with `fmod`, the remainder has the sign of the dividend, like C's
      `fmod` and `%`: `-7 fmod 3 = -1`. Floats require `fmod`; their
      remainder is exact, `x fmod 0` is NaN and `x fmod inf` is `x`.

    An integer remainder by 0 (undefined in C) is 0, as in NumPy; so is the
    remainder of the minimum integer by -1. With `unsigned_operands` (uint
    tensors) the integers are unsigned and the remainder is that of unsigned
    division. Constant operands fold.

    ```mlir
    %r = tg.mod %a, %b : tensor<4xi32>, tensor<i32>
    %f = tg.mod %x, %y fmod : tensor<4xf32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins TG_NumericTensor:$lhs, TG_NumericTensor:$rhs,
                       UnitAttr:$fmod, UnitAttr:$unsigned_operands);
  let results = (outs TG_NumericTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fmod` $fmod^)? attr-dict `:` type($lhs) `,` type($rhs)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise logical, bitwise and shift ops
//===----------------------------------------------------------------------===//

/// Tensors of i1 (logical ops) or of any integer width (bitwise ops).
def TG_BitwiseTensor : StaticShapeTensorOf<[TG_Int]>;
/// Tensors of i8, i16, i32 or i64, for shifts.
def TG_ShiftTensor : StaticShapeTensorOf<[TG_NonBoolInt]>;

def TG_AndOp : TG_BinaryOp<"and", "logical or bitwise and", "lhs & rhs", [{
    On i1 this is the logical and; on wider integers it is bitwise.
    `and(x, x)` folds to `x`, and constant operands fold.
  }], [Commutative], TG_BitwiseTensor, "i1, i8, i16, i32 or i64">;
def TG_OrOp : TG_BinaryOp<"or", "logical or bitwise or", "lhs | rhs", [{
    On i1 this is the logical or; on wider integers it is bitwise.
    `or(x, x)` folds to `x`, and constant operands fold.
  }], [Commutative], TG_BitwiseTensor, "i1, i8, i16, i32 or i64">;
def TG_XorOp : TG_BinaryOp<"xor", "logical or bitwise exclusive or",
    "lhs ^ rhs", [{
    On i1 this is the logical exclusive or (true where the operands differ);
    on wider integers it is bitwise. Constant operands fold.
  }], [Commutative], TG_BitwiseTensor, "i1, i8, i16, i32 or i64">;
def TG_ShiftLeftOp : TG_BinaryOp<"shift_left", "logical left shift",
    "lhs << rhs", [{
    The bits of `lhs` move toward the most significant end and zeros shift
    in. tg integers are signless: both operands are read as unsigned bit
    patterns, like ONNX `BitShift` on unsigned types, so a shift amount of
    at least the bit width (including any negative amount) gives 0, as in
    NumPy. Constant operands fold.
  }], [], TG_ShiftTensor, "i8, i16, i32 or i64">;
def TG_ShiftRightOp : TG_BinaryOp<"shift_right", "logical right shift",
    "lhs >> rhs", [{
    A logical shift: the bits of `lhs`, read as an unsigned bit pattern,
    move toward the least significant end and zeros shift in (the sign bit
    is not replicated), like ONNX `BitShift` on unsigned types. The amount is
    unsigned too, so an amount of at least the bit width (including any
    negative amount) gives 0, as in NumPy. Constant operands fold.
  }], [], TG_ShiftTensor, "i8, i16, i32 or i64">;

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

// Rounding. Integers and infinities are their own rounding, NaN stays NaN
// and the sign of zero is kept (`floor(-0.0) = -0.0`, `ceil(-0.5) = -0.0`).
def TG_FloorOp : TG_UnaryOp<"floor", TG_FloatTensor, "floor",
    "floor(x)", [{Accepts floats only; rounds toward negative infinity, keeps
    the sign of zero and leaves NaN and infinities as they are.}]>;
def TG_CeilOp : TG_UnaryOp<"ceil", TG_FloatTensor, "ceiling",
    "ceil(x)", [{Accepts floats only; rounds toward positive infinity, so
    `ceil(-0.5)` is `-0.0`, and leaves NaN and infinities as they are.}]>;
def TG_RoundOp : TG_UnaryOp<"round", TG_FloatTensor,
    "rounding to nearest, ties to even", "round_half_even(x)", [{Accepts
    floats only. Halfway cases go to the even neighbour, like ONNX `Round`
    and `numpy.round`: `round(0.5) = 0`, `round(1.5) = round(2.5) = 2`,
    `round(-0.5) = -0.0`. NaN and infinities are left as they are. The
    lowering is inline code (no call to `roundeven`, which C99 lacks).}]>;

def TG_SignOp : TG_UnaryOp<"sign", TG_NumericTensor, "sign",
    "x > 0 ? 1 : x < 0 ? -1 : x", [{Accepts floats and integers other than
    i1. Zero maps to itself (`sign(-0.0) = -0.0`) and NaN stays NaN.}]>;

// Trigonometric and hyperbolic functions, computed by libm in the element
// type's precision (f16 and bf16 in f32). Out-of-domain arguments give NaN.
def TG_SinOp : TG_UnaryOp<"sin", TG_FloatTensor, "sine", "sin(x)",
    "Accepts floats only; x is in radians.">;
def TG_CosOp : TG_UnaryOp<"cos", TG_FloatTensor, "cosine", "cos(x)",
    "Accepts floats only; x is in radians.">;
def TG_TanOp : TG_UnaryOp<"tan", TG_FloatTensor, "tangent", "tan(x)",
    "Accepts floats only; x is in radians.">;
def TG_AsinOp : TG_UnaryOp<"asin", TG_FloatTensor, "arcsine", "asin(x)",
    "Accepts floats only; NaN outside `[-1, 1]`.">;
def TG_AcosOp : TG_UnaryOp<"acos", TG_FloatTensor, "arccosine", "acos(x)",
    "Accepts floats only; NaN outside `[-1, 1]`.">;
def TG_AtanOp : TG_UnaryOp<"atan", TG_FloatTensor, "arctangent", "atan(x)",
    "Accepts floats only; `atan(±inf) = ±pi/2`.">;
def TG_SinhOp : TG_UnaryOp<"sinh", TG_FloatTensor, "hyperbolic sine",
    "sinh(x)", "Accepts floats only.">;
def TG_CoshOp : TG_UnaryOp<"cosh", TG_FloatTensor, "hyperbolic cosine",
    "cosh(x)", "Accepts floats only.">;
def TG_AsinhOp : TG_UnaryOp<"asinh", TG_FloatTensor,
    "inverse hyperbolic sine", "asinh(x)", "Accepts floats only.">;
def TG_AcoshOp : TG_UnaryOp<"acosh", TG_FloatTensor,
    "inverse hyperbolic cosine", "acosh(x)",
    "Accepts floats only; NaN below 1.">;
def TG_AtanhOp : TG_UnaryOp<"atanh", TG_FloatTensor,
    "inverse hyperbolic tangent", "atanh(x)",
    "Accepts floats only; `atanh(±1) = ±inf`, NaN outside `[-1, 1]`.">;

def TG_NotOp : TG_UnaryOp<"not", TG_BitwiseTensor, "logical or bitwise not",
    "~x", [{On i1 this is the logical not; on wider integers it flips every
    bit (`~x = -x - 1`). `not(not(x))` folds to `x`.}]>;

//===----------------------------------------------------------------------===//
// Float classification
//===----------------------------------------------------------------------===//

def TG_IsNanOp : TG_Op<"is_nan", [SameOperandsAndResultShape,
                                  InferTypeOpAdaptor]> {
  let summary = "Elementwise test for NaN";
  let description = [{
    Yields an i1 tensor of the input's shape that is true where the element
    is a NaN (of either sign, quiet or signaling). Constant inputs fold.

    ```mlir
    %m = tg.is_nan %x : tensor<4xf32>
    // %m : tensor<4xi1>
    ```
  }];
  let arguments = (ins TG_FloatTensor:$input);
  let results = (outs TG_BoolTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

def TG_IsInfOp : TG_Op<"is_inf", [SameOperandsAndResultShape,
                                  InferTypeOpAdaptor]> {
  let summary = "Elementwise test for infinities";
  let description = [{
    Yields an i1 tensor of the input's shape that is true where the element
    is `+inf` (when `detect_positive`) or `-inf` (when `detect_negative`),
    like ONNX `IsInf`. Both flags default to true and are printed only when
    false; with both false the result is all false. Constant inputs fold.

    ```mlir
    %m = tg.is_inf %x : tensor<4xf32>
    %p = tg.is_inf %x {detect_negative = false} : tensor<4xf32>
    ```
  }];
  let arguments = (ins TG_FloatTensor:$input,
                       DefaultValuedAttr<BoolAttr, "true">:$detect_positive,
                       DefaultValuedAttr<BoolAttr, "true">:$detect_negative);
  let results = (outs TG_BoolTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

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
    except i1, where `false < true`, and with `unsigned_operands` (the ONNX
    importer sets it for uint tensors), which compares them as unsigned.
    Constant operands fold.

    ```mlir
    %m = tg.compare gt, %a, %b : tensor<4xf32>, tensor<f32>
    // %m : tensor<4xi1>
    %u = tg.compare lt, %x, %y {unsigned_operands} : tensor<4xi8>, tensor<4xi8>
    ```
  }];
  let arguments = (ins TG_ComparePredicateAttr:$predicate, TG_Tensor:$lhs,
                       TG_Tensor:$rhs, UnitAttr:$unsigned_operands);
  let results = (outs TG_BoolTensor:$result);
  // The predicate attribute prints its own leading space.
  let assemblyFormat = [{
    `` $predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)
  }];
  let hasFolder = 1;
}

def TG_SelectOp : TG_Op<"select", [InferTypeOpAdaptor]> {
  let summary = "Elementwise choice between two tensors";
  let description = [{
    Yields `on_true` where `condition` is true and `on_false` elsewhere. The
    three operands broadcast NumPy-style to a common shape, the result's.
    `condition` is an i1 tensor; `on_true` and `on_false` share an element
    type, which is the result's. Constant operands fold; so does a splat
    constant condition, or equal `on_true` and `on_false`, when the chosen
    operand already has the result's type.

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
  let hasFolder = 1;
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

def TG_MatmulNBitsOp : TG_Op<"matmul_nbits"> {
  let summary = "Matrix product with block-quantized 2-, 4- or 8-bit weights";
  let description = [{
    `[..., K] x W^T -> [..., N]` in f32, where the weight `W [N, K]` is
    stored as `bits`-bit codes packed into bytes (the first code of a byte
    in its low bits), in blocks of `B` consecutive codes along `K`, each
    block with its own scale and zero point, as onnxruntime's `MatMulNBits`
    stores it:

    ```
    W[n, b * B + j * (8 / bits) + p] =
        ((packed[n, b, j] >> (p * bits)) & (2^bits - 1) - zero_points[n, b])
        * scales[n, b]
    ```

    `packed` is `[N, blocks, B * bits / 8]` bytes (read as unsigned),
    `scales` and `zero_points` are `[N, blocks]` f32, and
    `K = blocks * B`: the caller pads its rows with zeros to whole blocks.
    Without `zero_points` every zero point is `2^(bits - 1)`. The weights
    stay packed in memory; the CPU target dequantizes them in registers
    (`aotc-cpu-nbit-matmul-kernels`).

    ```mlir
    %y = tg.matmul_nbits %a, %w, %s bits = 4
        : tensor<1x64xf32>, tensor<24x2x16xi8>, tensor<24x2xf32>
        -> tensor<1x24xf32>
    ```
  }];
  let arguments = (ins TG_FloatTensor:$input, TG_Tensor:$packed,
                       TG_FloatTensor:$scales,
                       Optional<TG_FloatTensor>:$zero_points,
                       I64Attr:$bits);
  let results = (outs TG_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $packed `,` $scales (`,` $zero_points^)? `bits` `=` $bits
    attr-dict `:` type($input) `,` type($packed) `,` type($scales)
    (`,` type($zero_points)^)? `->` type($result)
  }];
  let hasVerifier = 1;
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

def TG_DynamicSliceOp : TG_Op<"dynamic_slice",
    [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "Slice at offsets known only at run time";
  let description = [{
    The block of the result's shape whose first element is
    `input[offsets...]`: one `index` offset per input dimension, the result
    of the input's rank and no larger in any dimension. An offset is clamped
    into `[0, dim - size]` (as XLA's DynamicSlice does), so the slice never
    leaves the input. Recurrences read their time step with it, inside an
    `scf.for` over time.

    Constant offsets make it a `tg.slice` (canonicalization).

    ```mlir
    %step = tg.dynamic_slice %x[%t, %c0, %c0]
        : tensor<64x2x16xf32> -> tensor<1x2x16xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input, Variadic<Index>:$offsets);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = [{
    $input `[` $offsets `]` attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TG_DynamicUpdateSliceOp : TG_Op<"dynamic_update_slice",
    [AllTypesMatch<["dest", "result"]>,
     AllElementTypesMatch<["update", "dest"]>]> {
  let summary = "`dest` with a block replaced at offsets known at run time";
  let description = [{
    `dest` with the block of `update`'s shape at `offsets` (one `index` per
    dimension, clamped into `[0, dim - size]` as in `tg.dynamic_slice`)
    replaced by `update`. A recurrence writes each step's output into the
    sequence it carries through its `scf.for` with it; bufferization then
    updates that one buffer in place.

    ```mlir
    %y1 = tg.dynamic_update_slice %h into %y[%t, %c0, %c0]
        : tensor<1x2x32xf32> into tensor<64x2x32xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$update, TG_Tensor:$dest,
                       Variadic<Index>:$offsets);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = [{
    $update `into` $dest `[` $offsets `]` attr-dict `:` type($update)
    `into` type($dest)
  }];
  let hasVerifier = 1;
}

def TG_CastOp : TG_Op<"cast", [SameOperandsAndResultShape]> {
  let summary = "Elementwise element-type conversion";
  let description = [{
    Converts every element to the result's element type; the shape is
    unchanged. Floats round to nearest even, floats convert to integers by
    truncating toward zero, integers sign-extend or truncate, and any
    nonzero value becomes `true` when cast to i1 (i1 itself converts as
    0 or 1). A cast to the input's own type folds away.

    tg integers are signless; `unsigned_input` reads the input's integers as
    unsigned (they zero-extend and convert to floats as unsigned values), and
    `unsigned_result` makes floats convert to unsigned integers. The ONNX
    importer sets them for uint8/16/32/64 tensors.

    ```mlir
    %i = tg.cast %x : tensor<4xf32> -> tensor<4xi32>
    %f = tg.cast %u {unsigned_input} : tensor<4xi8> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input, UnitAttr:$unsigned_input,
                       UnitAttr:$unsigned_result);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

def TG_BitcastOp : TG_Op<"bitcast", [SameOperandsAndResultShape]> {
  let summary = "Elementwise reinterpretation of bits as another type";
  let description = [{
    Reads the bits of every element as the result's element type, which must
    be as wide: `f32` and `i32`, `f16` and `i16`, `f64` and `i64`. `i1`
    counts as 8 bits (a boolean tensor stores one byte per element): to
    `i8` it is 0 or 1, and an `i8` becomes the `i1` of its lowest bit. A
    bitcast to the input's own type folds away.

    ```mlir
    %i = tg.bitcast %x : tensor<4xf32> -> tensor<4xi32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

// Op families kept in their own files.
include "aotc/Dialect/TG/IR/TGNNOps.td"
include "aotc/Dialect/TG/IR/TGIndexingOps.td"
include "aotc/Dialect/TG/IR/TGSamplingOps.td"
include "aotc/Dialect/TG/IR/TGNormOps.td"
include "aotc/Dialect/TG/IR/TGSelectionOps.td"

#endif // AOTC_DIALECT_TG_IR_TGOPS_TD
