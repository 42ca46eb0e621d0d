//===- TGDialect.cpp - tg dialect registration ----------------------------===//
//
// Registers the tg ops and enum attributes, and materializes folded
// constants as `tg.constant`.
//
//===----------------------------------------------------------------------===//

#include "aotc/Dialect/TG/IR/TGDialect.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace aotc::tg;

#include "aotc/Dialect/TG/IR/TGOpsDialect.cpp.inc"
#include "aotc/Dialect/TG/IR/TGEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "aotc/Dialect/TG/IR/TGAttrs.cpp.inc"

void TGDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "aotc/Dialect/TG/IR/TGOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "aotc/Dialect/TG/IR/TGAttrs.cpp.inc"
      >();
}

Operation *TGDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}
