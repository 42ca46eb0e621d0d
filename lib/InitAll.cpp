//===- InitAll.cpp - register every aotc dialect and pass -----------------===//
//
// Implements InitAll.h. The upstream dialect list is what the pipelines can
// produce, so a module dumped after any stage parses again in aotc-opt.
//
//===----------------------------------------------------------------------===//

#include "aotc/InitAll.h"

#include "aotc/Analysis/Passes.h"
#include "aotc/Conversion/Passes.h"
#include "aotc/Dialect/TG/IR/TGDialect.h"
#include "aotc/Dialect/TG/Transforms/Passes.h"
#include "aotc/Pipelines/Pipelines.h"
#include "aotc/Target/CPU/Passes.h"
#include "aotc/Target/CUDA/Passes.h"
#include "aotc/Transforms/Passes.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void aotc::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<tg::TGDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // The CUDA pipeline translates its gpu.module to LLVM IR (and PTX) in a
  // pass, gpu-module-to-binary.
  mlir::registerAllToLLVMIRTranslations(registry);
}

void aotc::registerAllPasses() {
  mlir::registerAllPasses();
  registerAotcAnalysisPasses();
  registerAotcConversionPasses();
  registerAotcCPUPasses();
  registerAotcCUDAPasses();
  registerAotcTGTransformsPasses();
  registerAotcTransformsPasses();
  registerPipelines();
  registerGPUPipelines();
}
