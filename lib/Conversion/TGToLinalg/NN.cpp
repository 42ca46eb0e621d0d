//===- NN.cpp - tg NN ops to linalg -------------------------------===//
//
// Lowers the ops of TGNNOps.td to linalg on tensors.
//
//===----------------------------------------------------------------------===//

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "Utils.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace aotc;

void aotc::populateTGNNToLinalgPatterns(RewritePatternSet &patterns) {
  (void)patterns;
}
