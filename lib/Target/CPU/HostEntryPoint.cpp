//===- HostEntryPoint.cpp - pieces of a generated C entry point -----------===//
//
// Implements HostEntryPoint.h.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/HostEntryPoint.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

LogicalResult aotc::verifyEntryGraph(ModuleOp module, func::FuncOp graph,
                                     StringRef entry) {
  if (!graph || graph.isExternal())
    return module.emitError() << "expected a func.func @" << entry
                              << " with a body to compile";
  for (Type type : llvm::concat<const Type>(graph.getArgumentTypes(),
                                            graph.getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return graph.emitError() << "expected statically shaped tensor "
                                  "arguments and results, got "
                               << type;
  }
  return success();
}

Value aotc::loadPointer(OpBuilder &b, Location loc, Value array,
                        int64_t index) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value slot =
      LLVM::GEPOp::create(b, loc, ptrType, ptrType, array,
                          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
  return LLVM::LoadOp::create(b, loc, ptrType, slot);
}

Value aotc::viewAsMemRef(OpBuilder &b, Location loc,
                         const LLVMTypeConverter &converter, Value ptr,
                         RankedTensorType type) {
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  Value descriptor =
      MemRefDescriptor::fromStaticShape(b, loc, converter, memrefType, ptr);
  return UnrealizedConversionCastOp::create(b, loc, memrefType, descriptor)
      .getResult(0);
}

void aotc::callGraphOnCallerBuffers(OpBuilder &b, Location loc,
                                    func::FuncOp graph, Value inputs,
                                    Value outputs) {
  LLVMTypeConverter converter(b.getContext());
  SmallVector<Value> tensors;
  for (auto [i, type] : llvm::enumerate(graph.getArgumentTypes())) {
    auto tensorType = cast<RankedTensorType>(type);
    Value memref = viewAsMemRef(b, loc, converter,
                                loadPointer(b, loc, inputs, i), tensorType);
    tensors.push_back(bufferization::ToTensorOp::create(
        b, loc, tensorType, memref, /*restrict=*/true, /*writable=*/false));
  }
  SmallVector<Value> destinations;
  for (auto [i, type] : llvm::enumerate(graph.getResultTypes()))
    destinations.push_back(viewAsMemRef(b, loc, converter,
                                        loadPointer(b, loc, outputs, i),
                                        cast<RankedTensorType>(type)));
  auto call = func::CallOp::create(b, loc, graph, tensors);
  for (auto [result, memref] : llvm::zip(call.getResults(), destinations)) {
    auto store = bufferization::MaterializeInDestinationOp::create(
        b, loc, result, memref);
    store.setRestrict(true);
    store.setWritable(true);
  }
}

func::FuncOp aotc::buildEntryPoint(ModuleOp module, func::FuncOp graph,
                                   StringRef name, unsigned numPointers) {
  Location loc = graph.getLoc();
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  SmallVector<Type> pointers(numPointers,
                             LLVM::LLVMPointerType::get(b.getContext()));
  auto run = func::FuncOp::create(
      b, loc, name, b.getFunctionType(pointers, {b.getI32Type()}));
  Block *body = run.addEntryBlock();
  b.setInsertionPointToStart(body);
  callGraphOnCallerBuffers(b, loc, graph, body->getArgument(0),
                           body->getArgument(1));
  Value ok = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  func::ReturnOp::create(b, loc, ok);
  for (auto func : module.getOps<func::FuncOp>())
    if (func != run)
      func.setPrivate();
  return run;
}
