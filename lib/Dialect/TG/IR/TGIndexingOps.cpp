//===- TGIndexingOps.cpp - Indexing ops of the tg dialect --------------------===//
//
// Verifiers and type inference of the ops in TGIndexingOps.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

using namespace mlir;
using namespace aotc::tg;
