//===- TGDialect.h - tg dialect declaration ---------------------*- C++ -*-===//
//
// Declares the tg dialect class and its enums. Include TGOps.h for the ops.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGDIALECT_H
#define AOTC_DIALECT_TG_IR_TGDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"

#include "aotc/Dialect/TG/IR/TGEnums.h.inc"
#include "aotc/Dialect/TG/IR/TGOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "aotc/Dialect/TG/IR/TGAttrs.h.inc"

#endif // AOTC_DIALECT_TG_IR_TGDIALECT_H
