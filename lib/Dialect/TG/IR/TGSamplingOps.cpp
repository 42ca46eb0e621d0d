//===- TGSamplingOps.cpp - tg sampling ops --------------------------------===//
//
// Verifiers and type inference of the ops in TGSamplingOps.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGOps.h"

using namespace mlir;
using namespace aotc::tg;
