//===- GenerateEntryPoint.cpp - the C entry point of a compiled graph -----===//
//
// Implements `aotc-cpu-generate-entry-point`: wraps the graph function (on
// tensors) in `int NAME_run(const void *const *inputs, void *const *outputs,
// void *temp)`. The wrapper builds a memref descriptor of the static shape
// around each caller pointer, so after bufferization the graph reads its
// inputs and writes its results directly in the caller's buffers. `temp` is
// marked `aotc.arena` for aotc-cpu-plan-memory (PlanMemory.cpp).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Target/CPU/HostEntryPoint.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace aotc {
#define GEN_PASS_DEF_GENERATEENTRYPOINTPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

struct GenerateEntryPointPass final
    : aotc::impl::GenerateEntryPointPassBase<GenerateEntryPointPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    auto graph = module.lookupSymbol<func::FuncOp>(entry);
    if (failed(aotc::verifyEntryGraph(module, graph, entry)))
      return signalPassFailure();
    std::string runName = symbolPrefix + "_run";
    if (module.lookupSymbol(runName)) {
      module.emitError() << "expected no symbol named '" << runName
                         << "', which the entry point needs";
      return signalPassFailure();
    }

    func::FuncOp run = aotc::buildEntryPoint(module, graph, runName,
                                             /*numPointers=*/3);
    // `temp` is the scratch arena that aotc-cpu-plan-memory lays the
    // temporaries out in.
    run.setArgAttr(2, "aotc.arena", UnitAttr::get(context));
    // aotc-cpu-parallelize-kernels finds it by this.
    run->setAttr("aotc.entry_point", UnitAttr::get(context));
  }
};

} // namespace
