//===- Passes.td - graph-level rewrites on tg ----------------*- tablegen -*-===//
//
// Passes that rewrite tg graphs before they are lowered: recognizing
// compositions that have a better lowering as one op, and preparing weights
// at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD
#define AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Normalizations (softmax, layer normalization)
//===----------------------------------------------------------------------===//

def RaiseNormalizationsPass
    : Pass<"aotc-tg-raise-normalizations", "mlir::func::FuncOp"> {
  let summary = "Recognize decomposed softmax and layer normalization";
  let dependentDialects = ["aotc::tg::TGDialect"];
}

//===----------------------------------------------------------------------===//
// Compile-time weight preparation
//===----------------------------------------------------------------------===//

def FoldAffineIntoWeightsPass
    : Pass<"aotc-tg-fold-affine-into-weights", "mlir::func::FuncOp"> {
  let summary = "Fold per-channel scales and shifts (inference BatchNorm) "
                "into the preceding convolution's or matmul's weights";
  let dependentDialects = ["aotc::tg::TGDialect"];
}

#endif // AOTC_DIALECT_TG_TRANSFORMS_PASSES_TD
