//===- GenerateEntryPoint.cpp - the CUDA entry point of a graph -----------===//
//
// Implements `aotc-cuda-generate-entry-point`: wraps the graph function (on
// tensors) in `int NAME_run_on_stream(const void *const *inputs, void *const
// *outputs, void *temp, void *stream)`. Like the CPU target's entry point,
// it views each caller pointer (a device pointer here) as a memref of the
// tensor's static shape, so after bufferization the kernels read the inputs
// and write the results in the caller's buffers. The runtime calls that use
// `temp` and `stream` are added by aotc-cuda-lower-host (LowerHost.cpp).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"

#include "aotc/Target/CPU/HostEntryPoint.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAGENERATEENTRYPOINTPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

struct CUDAGenerateEntryPointPass final
    : aotc::impl::CUDAGenerateEntryPointPassBase<CUDAGenerateEntryPointPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    auto graph = module.lookupSymbol<func::FuncOp>(entry);
    if (failed(aotc::verifyEntryGraph(module, graph, entry)))
      return signalPassFailure();
    for (StringRef suffix : {"_run", "_run_on_stream"}) {
      std::string symbol = symbolPrefix + suffix.str();
      if (module.lookupSymbol(symbol)) {
        module.emitError() << "expected no symbol named '" << symbol
                           << "', which the entry points need";
        return signalPassFailure();
      }
    }

    func::FuncOp run = aotc::buildEntryPoint(
        module, graph, symbolPrefix + "_run_on_stream", /*numPointers=*/4);
    run->setAttr("aotc.cuda.entry", UnitAttr::get(context));
  }
};

} // namespace
