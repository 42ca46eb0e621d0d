//===- Sampling.cpp - tg sampling ops to linalg ---------------------------===//
//
// Lowers the ops of TGSamplingOps.td to linalg on tensors.
//
//===----------------------------------------------------------------------===//

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "Utils.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace aotc;

void aotc::populateTGSamplingToLinalgPatterns(RewritePatternSet &patterns) {
  (void)patterns;
}
