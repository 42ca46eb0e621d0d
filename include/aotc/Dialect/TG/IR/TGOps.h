//===- TGOps.h - tg dialect operations --------------------------*- C++ -*-===//
//
// Declares the tg ops generated from TGOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_TGOPS_H
#define AOTC_DIALECT_TG_IR_TGOPS_H

#include "aotc/Dialect/TG/IR/TGDialect.h"
#include "aotc/Dialect/TG/IR/TGTypeInference.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "aotc/Dialect/TG/IR/TGOps.h.inc"

#endif // AOTC_DIALECT_TG_IR_TGOPS_H
