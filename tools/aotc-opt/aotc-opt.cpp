//===- aotc-opt.cpp - the opt-style driver for aotc's passes --------------===//
//
// Parses MLIR, runs any aotc or upstream pass or registered pipeline, and
// prints the result. The lit suite runs aotc's passes through this tool.
//
//===----------------------------------------------------------------------===//

#include "aotc/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  aotc::registerAllPasses();
  mlir::DialectRegistry registry;
  aotc::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "aotc optimizer driver\n", registry));
}
