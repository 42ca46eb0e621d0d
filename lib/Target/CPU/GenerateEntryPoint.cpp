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

    Location loc = graph.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    auto run = func::FuncOp::create(
        b, loc, runName,
        b.getFunctionType({ptrType, ptrType, ptrType}, {b.getI32Type()}));
    // `temp` is the scratch arena that aotc-cpu-plan-memory lays the
    // temporaries out in.
    run.setArgAttr(2, "aotc.arena", b.getUnitAttr());
    Block *body = run.addEntryBlock();
    b.setInsertionPointToStart(body);
    aotc::callGraphOnCallerBuffers(b, loc, graph, body->getArgument(0),
                                   body->getArgument(1));
    Value ok = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
    func::ReturnOp::create(b, loc, ok);
    // The pipeline's inliner folds the graph into the entry point; once
    // private and uncalled, symbol-dce drops it. So it does every other
    // function of the module that the graph does not call: only NAME_run is
    // compiled, whatever else the file holds.
    for (auto func : module.getOps<func::FuncOp>())
      if (func != run)
        func.setPrivate();
  }
};

} // namespace
