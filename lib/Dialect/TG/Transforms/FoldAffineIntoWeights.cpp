//===- FoldAffineIntoWeights.cpp - per-channel affine folded into weights ===//
//
// Implements `aotc-tg-...`. (Stub: filled in by its owner.)
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

namespace aotc {
#define GEN_PASS_DEF_FOLDAFFINEINTOWEIGHTSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

struct FoldAffineIntoWeightsPass final : aotc::impl::FoldAffineIntoWeightsPassBase<FoldAffineIntoWeightsPass> {
  void runOnOperation() override {}
};

} // namespace
