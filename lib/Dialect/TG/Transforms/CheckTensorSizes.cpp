//===- CheckTensorSizes.cpp - every tensor within aotc's limits -----------===//
//
// Implements `aotc-check-tensor-sizes` (Passes.td has the contract).
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

#include "aotc/Dialect/TG/IR/TGTypeInference.h"

#include "mlir/IR/BuiltinOps.h"

namespace aotc {
#define GEN_PASS_DEF_CHECKTENSORSIZESPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

namespace {
struct CheckTensorSizesPass final
    : aotc::impl::CheckTensorSizesPassBase<CheckTensorSizesPass> {
  void runOnOperation() override {
    if (mlir::failed(aotc::tg::checkTensorSizes(getOperation())))
      signalPassFailure();
  }
};
} // namespace
