//===- TGOps.td - tg dialect operations ----------------------*- tablegen -*-===//
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
    "comparison predicate", [
      I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
      I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
      I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_ComparePredicateAttr
    : EnumAttr<TG_Dialect, TG_ComparePredicate, "predicate">;

def TG_ReduceKind : I32EnumAttr<"ReduceKind", "reduction kind", [
      I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>,
      I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"mean", 3>,
      I32EnumAttrCase<"prod", 4>]> {
  let cppNamespace = "::aotc::tg";
  let genSpecializedAttr = 0;
}
def TG_ReduceKindAttr : EnumAttr<TG_Dialect, TG_ReduceKind, "reduce_kind">;

//===----------------------------------------------------------------------===//
// Constant
//===----------------------------------------------------------------------===//

def TG_ConstantOp : TG_Op<"constant", [ConstantLike, InferTypeOpAdaptor]> {
  let summary = "A tensor constant";
  let description = [{
    Produces the tensor held by `value`, any `ElementsAttr` (a dense literal,
    a splat, or a `dense_resource` blob for large weights). The result type
    is the attribute's type.

    ```mlir
    %0 = tg.constant dense<[1.0, 2.0]> : tensor<2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops (broadcasting)
//===----------------------------------------------------------------------===//

class TG_BinaryOp<string mnemonic, Type operandType, string semantics,
                  list<Trait> traits = []>
    : TG_Op<mnemonic, !listconcat(traits,
          [SameOperandsAndResultElementType, InferTypeOpAdaptor])> {
  let summary = "Elementwise " # semantics # " with broadcasting";
  let description = [{
    Computes `}] # semantics # [{` elementwise. The operands broadcast
    NumPy-style: shapes align at the trailing dimension, missing leading
    dimensions count as 1, and a dimension of size 1 stretches to the other
    operand's size. The result has the broadcast shape and the operands'
    element type.

    ```mlir
    %r = tg.}] # mnemonic # [{ %a, %b : tensor<4x3xf32>, tensor<3xf32>
    ```
  }];
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$result);
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

def TG_AddOp : TG_BinaryOp<"add", TG_NumericTensor, "lhs + rhs",
                           [Commutative]>;
def TG_SubOp : TG_BinaryOp<"sub", TG_NumericTensor, "lhs - rhs">;
def TG_MulOp : TG_BinaryOp<"mul", TG_NumericTensor, "lhs * rhs",
                           [Commutative]>;
def TG_DivOp : TG_BinaryOp<"div", TG_NumericTensor,
                           "lhs / rhs (integers truncate toward zero)">;
def TG_MaxOp : TG_BinaryOp<"max", TG_NumericTensor,
                           "max(lhs, rhs) (NaN propagates)", [Commutative]>;
def TG_MinOp : TG_BinaryOp<"min", TG_NumericTensor,
                           "min(lhs, rhs) (NaN propagates)", [Commutative]>;
def TG_PowOp : TG_BinaryOp<"pow", TG_NumericTensor, "lhs ** rhs">;

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

class TG_UnaryOp<string mnemonic, Type operandType, string semantics>
    : TG_Op<mnemonic, [SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "Elementwise " # semantics;
  let description = [{
    Computes `}] # semantics # [{` for every element. The result has the
    operand's type.

    ```mlir
    %r = tg.}] # mnemonic # [{ %x : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins operandType:$input);
  let results = (outs operandType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasFolder = 1;
}

def TG_NegOp : TG_UnaryOp<"neg", TG_NumericTensor, "-x">;
def TG_AbsOp : TG_UnaryOp<"abs", TG_NumericTensor, "|x|">;
def TG_ExpOp : TG_UnaryOp<"exp", TG_FloatTensor, "e ** x">;
def TG_LogOp : TG_UnaryOp<"log", TG_FloatTensor, "ln(x)">;
def TG_SqrtOp : TG_UnaryOp<"sqrt", TG_FloatTensor, "sqrt(x)">;
def TG_RsqrtOp : TG_UnaryOp<"rsqrt", TG_FloatTensor, "1 / sqrt(x)">;
def TG_TanhOp : TG_UnaryOp<"tanh", TG_FloatTensor, "tanh(x)">;
def TG_SigmoidOp : TG_UnaryOp<"sigmoid", TG_FloatTensor, "1 / (1 + e ** -x)">;
def TG_ReluOp : TG_UnaryOp<"relu", TG_NumericTensor, "max(x, 0)">;
def TG_ErfOp : TG_UnaryOp<"erf", TG_FloatTensor, "erf(x)">;

//===----------------------------------------------------------------------===//
// Compare and select
//===----------------------------------------------------------------------===//

def TG_CompareOp : TG_Op<"compare",
    [SameOperandsElementType, InferTypeOpAdaptor]> {
  let summary = "Elementwise comparison with broadcasting";
  let description = [{
    Compares `lhs` and `rhs` elementwise with `predicate` (eq, ne, lt, le, gt,
    ge) after NumPy broadcasting and yields an i1 tensor of the broadcast
    shape. Float comparisons are ordered (false when either side is NaN)
    except `ne`, which is true for NaN. Integers compare as signed.

    ```mlir
    %m = tg.compare gt, %a, %b : tensor<4xf32>, tensor<f32>
    ```
  }];
  let arguments = (ins TG_ComparePredicateAttr:$predicate, TG_Tensor:$lhs,
                       TG_Tensor:$rhs);
  let results = (outs TG_BoolTensor:$result);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs)
  }];
}

def TG_SelectOp : TG_Op<"select", [InferTypeOpAdaptor]> {
  let summary = "Elementwise choice between two tensors";
  let description = [{
    Yields `on_true` where `condition` is true and `on_false` elsewhere. All
    three operands broadcast NumPy-style to a common shape; `on_true` and
    `on_false` share an element type, which is the result's.

    ```mlir
    %r = tg.select %m, %a, %b : tensor<4xi1>, tensor<4xf32>, tensor<f32>
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
  let summary = "Batched matrix multiplication with broadcast batch dims";
  let description = [{
    Multiplies the matrices in the two innermost dimensions:
    `[..., M, K] x [..., K, N] -> [..., M, N]`. Both operands have rank at
    least 2; the leading (batch) dimensions broadcast NumPy-style, like
    `numpy.matmul`. Accumulation is in the element type.

    ```mlir
    %c = tg.matmul %a, %b : tensor<8x4x16xf32>, tensor<16x32xf32>
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
    (sum divided by the number of reduced elements) or `prod`. Axes are
    distinct and in `[0, rank)`; an empty list reduces nothing. With
    `keepdims` the reduced dimensions stay as size 1, otherwise they are
    dropped.

    ```mlir
    %s = tg.reduce sum %x axes = [1] keepdims : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins TG_ReduceKindAttr:$kind, TG_NumericTensor:$input,
                       DenseI64ArrayAttr:$axes, UnitAttr:$keepdims);
  let results = (outs TG_NumericTensor:$result);
  let assemblyFormat = [{
    $kind $input `axes` `=` $axes (`keepdims` $keepdims^)? attr-dict `:`
    type($input)
  }];
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

def TG_ReshapeOp : TG_Op<"reshape", [SameOperandsAndResultElementType]> {
  let summary = "Reinterpret a tensor with a new shape";
  let description = [{
    Returns the elements of `input`, in row-major order, with the result's
    shape. The element counts must match.

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

    ```mlir
    %t = tg.transpose %x permutation = [1, 0] : tensor<2x3xf32>
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
    Broadcasts `input` NumPy-style to the result's shape, which must be
    what broadcasting the input against it gives (the result's shape).

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
    Joins one or more tensors of equal rank along `axis`; every other
    dimension must agree.

    ```mlir
    %c = tg.concat %a, %b axis = 1 : tensor<2x3xf32>, tensor<2x5xf32>
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
    `start[d], start[d] + stride[d], ...` below `limit[d]`. Bounds satisfy
    `0 <= start <= limit <= dim` and strides are positive, so the result
    dimension is `ceil((limit - start) / stride)`.

    ```mlir
    %s = tg.slice %x start = [0, 1] limit = [4, 5] stride = [2, 1]
        : tensor<4x8xf32>
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
    Converts every element to the result's element type: floats round to
    nearest, float to integer truncates toward zero, integers sign-extend or
    truncate, and any nonzero value becomes `true` when cast to i1.

    ```mlir
    %i = tg.cast %x : tensor<4xf32> -> tensor<4xi32>
    ```
  }];
  let arguments = (ins TG_Tensor:$input);
  let results = (outs TG_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

#endif // AOTC_DIALECT_TG_IR_TGOPS_TD
