//===- TGBase.td - tg dialect, types and base op -----------*- tablegen -*-===//
//
// The `tg` ("tensor graph") dialect: the graph-level IR that aotc's importers
// produce and its code generators consume. Every op works on ranked,
// statically shaped tensors and has value semantics.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGBASE_TD
#define AOTC_DIALECT_TG_IR_TGBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def TG_Dialect : Dialect {
  let name = "tg";
  let cppNamespace = "::aotc::tg";
  let summary = "Tensor graph: aotc's graph-level dialect";
  let description = [{
    `tg` describes a machine-learning graph as a function of ranked,
    statically shaped tensors. Ops have value semantics and no side effects,
    and every op whose result type follows from its operands and attributes
    infers it, so a builder only names the inputs. Only `tg.reshape`,
    `tg.broadcast_to` and `tg.cast`, whose result type is their meaning,
    spell it out.

    Elementwise ops broadcast their operands the way NumPy and ONNX do:
    shapes align at the trailing dimension, missing leading dimensions count
    as 1, and a dimension of size 1 stretches to match the other operand.
    `[4, 1, 3]` and `[2, 1]` broadcast to `[4, 2, 3]`.

    The element types are f16, bf16, f32, f64 and the signless integers i1,
    i8, i16, i32 and i64. Arithmetic ops take every type but i1; exp, log and
    the other transcendental ops take floats only. Integers are signed where
    signedness matters (division, comparison, max/min, widening casts),
    except i1, which reads as 0 or 1 (so `false < true`). Integer arithmetic
    wraps around on overflow.

    Folding evaluates ops on constants with at most 1024 elements, or on
    splats of any size; larger constants (weights) are left alone rather
    than copied. Folds never change a value's type, treat `+0.0` and `-0.0`
    alike when dropping `x + 0`, and leave undefined integer behavior
    (division by zero) and NaNs that the host would invent (`sqrt(-1)`) to
    run time.

    The dialect is lowered to `linalg` by `aotc-convert-tg-to-linalg`.
  }];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// The summaries name the accepted element types the way users write them, so
// an operand constraint reads "statically shaped tensor of f16, bf16, f32 or
// f64 values" in diagnostics and in the generated documentation.
def TG_Float : AnyTypeOf<[F16, BF16, F32, F64], "f16, bf16, f32 or f64">;
def TG_Bool : AnyTypeOf<[I1], "i1">;
def TG_NonBoolInt : AnyTypeOf<[I8, I16, I32, I64], "i8, i16, i32 or i64">;
def TG_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "i1, i8, i16, i32 or i64">;
def TG_Element : AnyTypeOf<[TG_Float, TG_Int],
    "f16, bf16, f32, f64, i1, i8, i16, i32 or i64">;
def TG_Numeric : AnyTypeOf<[TG_Float, TG_NonBoolInt],
    "f16, bf16, f32, f64, i8, i16, i32 or i64">;

/// Any tensor tg accepts.
def TG_Tensor : StaticShapeTensorOf<[TG_Element]>;
/// Tensors of floats, for transcendental ops.
def TG_FloatTensor : StaticShapeTensorOf<[TG_Float]>;
/// Tensors of i1, for masks.
def TG_BoolTensor : StaticShapeTensorOf<[TG_Bool]>;
/// Tensors with arithmetic: every element type but i1.
def TG_NumericTensor : StaticShapeTensorOf<[TG_Numeric]>;

//===----------------------------------------------------------------------===//
// Base op
//===----------------------------------------------------------------------===//

/// Every tg op is pure and ranked-static; the shared traits live here once.
class TG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TG_Dialect, mnemonic, !listconcat([Pure], traits)>;

#endif // AOTC_DIALECT_TG_IR_TGBASE_TD
