//===- RaiseNormalizations.cpp - decomposed softmax and layer normalization ===//
//
// Implements `aotc-tg-...`. (Stub: filled in by its owner.)
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/Transforms/Passes.h"

namespace aotc {
#define GEN_PASS_DEF_RAISENORMALIZATIONSPASS
#include "aotc/Dialect/TG/Transforms/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

struct RaiseNormalizationsPass final : aotc::impl::RaiseNormalizationsPassBase<RaiseNormalizationsPass> {
  void runOnOperation() override {}
};

} // namespace
