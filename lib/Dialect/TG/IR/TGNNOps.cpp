//===- TGNNOps.cpp - Neural-network ops of the tg dialect --------------------===//
//
// Verifiers and type inference of the ops in TGNNOps.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

using namespace mlir;
using namespace aotc::tg;
