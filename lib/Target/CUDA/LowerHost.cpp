//===- LowerHost.cpp - host code over libaotc_cuda_runtime ----------------===//
//
// Implements `aotc-cuda-lower-host`: turns the entry point, which still
// holds gpu.launch_func ops, memref.alloc temporaries and memref.get_global
// constants, into host code that calls libaotc_cuda_runtime
// (include/aotc/Runtime/aotc_cuda_runtime.h), and embeds the runtime's
// aotc_cuda_image: kernel names, PTX, optional cubin and the weights. The
// image's layout here must match aotc_cuda_image in that header.
//
// Assumes what the GPU pipeline guarantees at this point: one entry point
// marked `aotc.cuda.entry`, straight-line (one block), every kernel in one
// gpu.binary holding PTX, and kernels compiled with the bare-pointer
// calling convention (a memref argument is its aligned pointer).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"

#include "aotc/Target/CUDA/Toolkit.h"
#include "aotc/Transforms/BufferPlacement.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringExtras.h"

namespace aotc {
#define GEN_PASS_DEF_CUDALOWERHOSTPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Offsets of weights and temporaries are multiples of this (cuMemAlloc's
/// alignment), so kernels may later use vector loads on any buffer.
constexpr uint64_t kAlignment = 256;

/// Must equal AOTC_CUDA_IMAGE_VERSION in aotc_cuda_runtime.h.
constexpr uint32_t kImageVersion = 1;

/// Bytes one element of `type` takes in device memory, as the LLVM lowering
/// lays it out (i1 takes a byte); 0 for types the pass cannot place.
uint64_t getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return 0;
}

/// The bytes of a buffer of `type`, or nullopt when it is not a static,
/// identity-layout memref of a scalar type.
std::optional<uint64_t> getBufferBytes(MemRefType type) {
  uint64_t element = getElementBytes(type.getElementType());
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() || !element)
    return std::nullopt;
  return type.getNumElements() * element;
}

/// Appends the bytes of a constant's value, laid out as the device reads
/// them, to `out`; fails on a value the pass cannot serialize.
LogicalResult appendConstantBytes(Attribute value, std::string &out) {
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return failure();
    ArrayRef<char> data = blob->getData();
    out.append(data.begin(), data.end());
    return success();
  }
  auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value);
  if (!dense)
    return failure();
  Type element = dense.getElementType();
  int64_t count = dense.getNumElements();
  if (element.isInteger(1)) {
    for (bool b : dense.getValues<bool>())
      out.push_back(b ? 1 : 0);
    return success();
  }
  uint64_t bytes = getElementBytes(element);
  if (!bytes || element.isIndex() ||
      element.getIntOrFloatBitWidth() != bytes * 8)
    return failure();
  ArrayRef<char> raw = dense.getRawData();
  if (dense.isSplat()) {
    for (int64_t i = 0; i < count; ++i)
      out.append(raw.begin(), raw.begin() + bytes);
    return success();
  }
  out.append(raw.begin(), raw.end());
  return success();
}

/// Pads `blob` with zeros to the next multiple of kAlignment.
void alignBlob(std::string &blob) {
  blob.resize(llvm::alignTo(blob.size(), kAlignment), '\0');
}

struct CUDALowerHostPass final
    : aotc::impl::CUDALowerHostPassBase<CUDALowerHostPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  LogicalResult collectKernels();
  LogicalResult collectWeights();
  LogicalResult collectTemporaries();
  void declareRuntime();
  void createImage(StringRef cubin);
  void rewriteEntry();
  void createWrappers();

  /// A `!llvm.ptr` to the start of `base` + `offset` bytes, viewed as a
  /// memref of `type`.
  Value viewAt(OpBuilder &b, Location loc, Value base, uint64_t offset,
               MemRefType type);
  void lowerLaunch(gpu::LaunchFuncOp launch);

  func::FuncOp entry;
  gpu::BinaryOp binary;
  std::string ptx;
  /// Kernel names in launch-index order, and each one's index.
  SmallVector<StringRef> kernelNames;
  llvm::StringMap<unsigned> kernelIndex;
  /// The weights blob and each global's offset in it.
  std::string weights;
  llvm::StringMap<uint64_t> weightOffsets;
  SmallVector<memref::GlobalOp> globals;
  /// Each temporary's offset in the arena (planned from the temporaries'
  /// live ranges, see BufferPlacement.h), and the arena's size.
  llvm::DenseMap<Operation *, uint64_t> tempOffsets;
  uint64_t tempBytes = 0;

  func::FuncOp beginFn, weightsFn, tempFn, launchFn, endFn;
  Value call, weightsBase, tempBase;
  /// Shared so that the pass stays copyable (pass managers clone passes).
  std::shared_ptr<LLVMTypeConverter> converter;
};

LogicalResult CUDALowerHostPass::collectKernels() {
  ModuleOp module = getOperation();
  auto binaries = llvm::to_vector(module.getOps<gpu::BinaryOp>());
  if (binaries.size() > 1)
    return binaries[1].emitError(
        "expected the kernels of a graph in one gpu.binary");
  if (!binaries.empty()) {
    binary = binaries.front();
    auto objects = binary.getObjects().getAsRange<gpu::ObjectAttr>();
    if (llvm::range_size(objects) != 1 ||
        (*objects.begin()).getFormat() != gpu::CompilationTarget::Assembly)
      return binary.emitError("expected one object in PTX form (run "
                              "gpu-module-to-binary with format=isa)");
    ptx = (*objects.begin()).getObject().getValue().str();
    // Math on the GPU calls libdevice, linked only where the CUDA toolkit
    // is installed; without it the PTX would fail to load.
    SmallVector<StringRef> lines;
    StringRef(ptx).split(lines, '\n');
    for (StringRef line : lines) {
      size_t at = line.find("__nv_");
      if (!line.starts_with(".extern .func") || at == StringRef::npos)
        continue;
      StringRef name = line.drop_front(at).take_while(
          [](char c) { return llvm::isAlnum(c) || c == '_'; });
      return binary.emitError()
             << "--target cuda needs libdevice for " << name
             << " (math on the GPU): install the CUDA toolkit or point "
                "CUDA_HOME at it";
    }
  }
  WalkResult walk = entry.walk([&](gpu::LaunchFuncOp launch) {
    if (!binary || launch.getKernelModuleName() != binary.getSymName()) {
      launch.emitError("expected the kernel in the graph's gpu.binary");
      return WalkResult::interrupt();
    }
    StringRef name = launch.getKernelName().getValue();
    if (kernelIndex.try_emplace(name, kernelNames.size()).second)
      kernelNames.push_back(name);
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult CUDALowerHostPass::collectWeights() {
  ModuleOp module = getOperation();
  WalkResult walk = entry.walk([&](memref::GetGlobalOp get) {
    StringRef name = get.getName();
    if (weightOffsets.contains(name))
      return WalkResult::advance();
    auto global = module.lookupSymbol<memref::GlobalOp>(name);
    if (!global || !global.getConstant() || !global.getInitialValue() ||
        !getBufferBytes(global.getType())) {
      get.emitError() << "--target cuda does not support the global @" << name
                      << " yet (expected a constant of static shape)";
      return WalkResult::interrupt();
    }
    uint64_t offset = weights.size();
    if (failed(appendConstantBytes(*global.getInitialValue(), weights)) ||
        weights.size() - offset != *getBufferBytes(global.getType())) {
      get.emitError() << "--target cuda cannot serialize the value of @"
                      << name;
      return WalkResult::interrupt();
    }
    alignBlob(weights);
    weightOffsets[name] = offset;
    globals.push_back(global);
    return WalkResult::advance();
  });
  weightBytes = weights.size();
  return failure(walk.wasInterrupted());
}

LogicalResult CUDALowerHostPass::collectTemporaries() {
  SmallVector<Operation *> allocs;
  SmallVector<aotc::BufferLifetime> lifetimes;
  aotc::BlockLiveness liveness(entry.getBody().front());
  // Kernels run one after the other on the call's stream, in the order of
  // their launches, and the host never touches a temporary: a buffer is
  // live from the first to the last top-level op (a launch, or a view the
  // launches use) that uses it.
  auto isAccess = [](Operation *user, Value value) {
    return isa<gpu::LaunchFuncOp>(user) ||
           aotc::isPlainBufferAccess(user, value);
  };
  WalkResult walk = entry.walk([&](Operation *op) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op))
      return WalkResult::advance();
    auto type = cast<MemRefType>(op->getResult(0).getType());
    std::optional<uint64_t> bytes = getBufferBytes(type);
    if (!bytes || op->getParentOp() != entry) {
      op->emitError() << "--target cuda does not support a temporary of type "
                      << type << (bytes ? " inside a region" : "") << " yet";
      return WalkResult::interrupt();
    }
    aotc::BufferLifetime lifetime;
    lifetime.bytes = *bytes;
    SmallVector<Operation *> deallocs;
    if (!liveness
             .computeLiveRange(op->getResult(0), isAccess, lifetime, deallocs)
             .empty()) {
      // A use the liveness cannot follow: the buffer keeps its bytes for the
      // whole call.
      lifetime.start = 0;
      lifetime.end = liveness.size() - 1;
    }
    allocs.push_back(op);
    lifetimes.push_back(lifetime);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  aotc::BufferPlacement placement = aotc::placeBuffers(lifetimes, kAlignment);
  for (auto [op, offset] : llvm::zip(allocs, placement.offsets))
    tempOffsets[op] = offset;
  tempBytes = placement.size;
  for (const aotc::BufferLifetime &lifetime : lifetimes)
    unsharedTempBytes += llvm::alignTo(lifetime.bytes, kAlignment);
  return success();
}

void CUDALowerHostPass::declareRuntime() {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto declare = [&](StringRef name, TypeRange inputs,
                     TypeRange results) -> func::FuncOp {
    if (auto existing = module.lookupSymbol<func::FuncOp>(name))
      return existing;
    auto fn = func::FuncOp::create(b, module.getLoc(), name,
                                   b.getFunctionType(inputs, results));
    fn.setPrivate();
    return fn;
  };
  beginFn = declare("aotc_cuda_begin", {ptr, ptr, ptr, ptr, ptr, i64}, {i32});
  weightsFn = declare("aotc_cuda_weights", {ptr}, {ptr});
  tempFn = declare("aotc_cuda_temp", {ptr}, {ptr});
  launchFn = declare("aotc_cuda_launch",
                     {ptr, i32, i32, i32, i32, i32, i32, i32, i32, ptr}, {i32});
  endFn = declare("aotc_cuda_end", {ptr, i32}, {i32});
}

/// An internal constant byte array holding `bytes`.
static LLVM::GlobalOp createBytes(OpBuilder &b, Location loc, StringRef name,
                                  StringRef bytes, uint64_t alignment) {
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
  return LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                LLVM::Linkage::Internal, name,
                                b.getStringAttr(bytes), alignment);
}

void CUDALowerHostPass::createImage(StringRef cubin) {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();
  Location loc = module.getLoc();
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();

  std::string names;
  for (StringRef name : kernelNames)
    names += name.str() + '\0';
  if (names.empty())
    names.push_back('\0');
  std::string ptxText = ptx.empty() ? "" : ptx + '\0';
  createBytes(b, loc, "__aotc_kernel_names", names, 1);
  if (!ptxText.empty())
    createBytes(b, loc, "__aotc_ptx", ptxText, 1);
  if (!cubin.empty())
    createBytes(b, loc, "__aotc_cubin", cubin, 8);
  if (!weights.empty())
    createBytes(b, loc, "__aotc_weights", weights, 64);

  // struct aotc_cuda_image { u32 version, num_kernels; const char
  // *kernel_names, *ptx; const void *cubin; u64 cubin_size; const void
  // *weights; u64 weights_size; }
  auto imageType = LLVM::LLVMStructType::getLiteral(
      ctx, {i32, i32, ptr, ptr, ptr, i64, ptr, i64});
  auto image = LLVM::GlobalOp::create(b, loc, imageType, /*isConstant=*/true,
                                      LLVM::Linkage::Internal, "__aotc_image",
                                      Attribute(), /*alignment=*/8);
  b.setInsertionPointToStart(b.createBlock(&image.getInitializerRegion()));
  Value value = LLVM::PoisonOp::create(b, loc, imageType);
  auto insert = [&](Value field, int64_t position) {
    value = LLVM::InsertValueOp::create(b, loc, value, field, position);
  };
  auto address = [&](StringRef name, bool present) -> Value {
    if (!present)
      return LLVM::ZeroOp::create(b, loc, ptr);
    return LLVM::AddressOfOp::create(b, loc, ptr, name);
  };
  insert(LLVM::ConstantOp::create(b, loc, i32, kImageVersion), 0);
  insert(LLVM::ConstantOp::create(b, loc, i32, kernelNames.size()), 1);
  insert(address("__aotc_kernel_names", true), 2);
  insert(address("__aotc_ptx", !ptxText.empty()), 3);
  insert(address("__aotc_cubin", !cubin.empty()), 4);
  insert(LLVM::ConstantOp::create(b, loc, i64, cubin.size()), 5);
  insert(address("__aotc_weights", !weights.empty()), 6);
  insert(LLVM::ConstantOp::create(b, loc, i64, weights.size()), 7);
  LLVM::ReturnOp::create(b, loc, value);

  // The module handle, loaded on the first call.
  b.setInsertionPointToEnd(module.getBody());
  auto slot = LLVM::GlobalOp::create(b, loc, ptr, /*isConstant=*/false,
                                     LLVM::Linkage::Internal, "__aotc_module",
                                     Attribute(), /*alignment=*/8);
  b.setInsertionPointToStart(b.createBlock(&slot.getInitializerRegion()));
  LLVM::ReturnOp::create(b, loc, LLVM::ZeroOp::create(b, loc, ptr).getResult());
}

Value CUDALowerHostPass::viewAt(OpBuilder &b, Location loc, Value base,
                                uint64_t offset, MemRefType type) {
  MLIRContext *ctx = b.getContext();
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Value ptr =
      LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)});
  Value descriptor =
      MemRefDescriptor::fromStaticShape(b, loc, *converter, type, ptr);
  return UnrealizedConversionCastOp::create(b, loc, type, descriptor)
      .getResult(0);
}

void CUDALowerHostPass::lowerLaunch(gpu::LaunchFuncOp launch) {
  MLIRContext *ctx = &getContext();
  OpBuilder b(launch);
  Location loc = launch.getLoc();
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto toI32 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(b, loc, i32, index);
  };
  Value one = LLVM::ConstantOp::create(b, loc, i64, 1);
  ValueRange operands = launch.getKernelOperands();
  Value args = LLVM::AllocaOp::create(
      b, loc, ptrType, ptrType,
      LLVM::ConstantOp::create(b, loc, i64,
                               std::max<int64_t>(1, operands.size())),
      /*alignment=*/8);
  for (auto [i, operand] : llvm::enumerate(operands)) {
    Value value = operand;
    if (isa<MemRefType>(value.getType())) {
      Value index =
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, value);
      Value address = arith::IndexCastOp::create(b, loc, i64, index);
      value = LLVM::IntToPtrOp::create(b, loc, ptrType, address);
    } else if (value.getType().isIndex()) {
      value = arith::IndexCastOp::create(b, loc, i64, value);
    }
    Value slot = LLVM::AllocaOp::create(b, loc, ptrType, value.getType(), one,
                                        /*alignment=*/8);
    LLVM::StoreOp::create(b, loc, value, slot);
    Value entry =
        LLVM::GEPOp::create(b, loc, ptrType, ptrType, args,
                            ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
    LLVM::StoreOp::create(b, loc, slot, entry);
  }
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  Value kernel = arith::ConstantIntOp::create(
      b, loc, i32, kernelIndex.lookup(launch.getKernelName().getValue()));
  Value shared = launch.getDynamicSharedMemorySize()
                     ? launch.getDynamicSharedMemorySize()
                     : arith::ConstantIntOp::create(b, loc, i32, 0).getResult();
  func::CallOp::create(b, loc, launchFn,
                       ValueRange{call, kernel, toI32(grid.x), toI32(grid.y),
                                  toI32(grid.z), toI32(block.x), toI32(block.y),
                                  toI32(block.z), shared, args});
  launch.erase();
  ++numLaunches;
}

void CUDALowerHostPass::rewriteEntry() {
  MLIRContext *ctx = &getContext();
  Location loc = entry.getLoc();
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
  // The implementation both entry points call: (inputs, outputs, temp,
  // stream, synchronize).
  entry.setName("__aotc_" + symbolPrefix + "_call");
  entry.setPrivate();
  entry->removeAttr("aotc.cuda.entry");
  (void)entry.insertArgument(4, i32, DictionaryAttr(), loc);
  Block &body = entry.getBody().front();
  Value stream = body.getArgument(3), temp = body.getArgument(2);
  Value synchronize = body.getArgument(4);

  OpBuilder b = OpBuilder::atBlockBegin(&body);
  call = LLVM::AllocaOp::create(
      b, loc, ptrType, LLVM::LLVMArrayType::get(ptrType, 8),
      LLVM::ConstantOp::create(b, loc, i64, 1), /*alignment=*/8);
  Value slot = LLVM::AddressOfOp::create(b, loc, ptrType, "__aotc_module");
  Value image = LLVM::AddressOfOp::create(b, loc, ptrType, "__aotc_image");
  Value bytes = LLVM::ConstantOp::create(b, loc, i64, tempBytes);
  func::CallOp::create(b, loc, beginFn,
                       ValueRange{call, slot, image, stream, temp, bytes});
  weightsBase = func::CallOp::create(b, loc, weightsFn, call).getResult(0);
  tempBase = func::CallOp::create(b, loc, tempFn, call).getResult(0);

  SmallVector<Operation *> toErase;
  entry.walk([&](Operation *op) {
    if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
      OpBuilder at(get);
      get.replaceAllUsesWith(viewAt(at, get.getLoc(), weightsBase,
                                    weightOffsets.lookup(get.getName()),
                                    get.getType()));
      toErase.push_back(get);
    } else if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      OpBuilder at(op);
      op->getResult(0).replaceAllUsesWith(
          viewAt(at, op->getLoc(), tempBase, tempOffsets.lookup(op),
                 cast<MemRefType>(op->getResult(0).getType())));
      toErase.push_back(op);
    } else if (isa<memref::DeallocOp>(op)) {
      toErase.push_back(op);
    }
  });
  // Deallocations first: they use the buffers. (The others are set apart
  // on the way: an erased op can no longer be asked what it is.)
  SmallVector<Operation *> others;
  for (Operation *op : llvm::reverse(toErase)) {
    if (isa<memref::DeallocOp>(op))
      op->erase();
    else
      others.push_back(op);
  }
  for (Operation *op : llvm::reverse(others))
    op->erase();
  SmallVector<gpu::LaunchFuncOp> launches;
  entry.walk([&](gpu::LaunchFuncOp launch) { launches.push_back(launch); });
  for (gpu::LaunchFuncOp launch : launches)
    lowerLaunch(launch);
  entry.walk([&](func::ReturnOp ret) {
    OpBuilder at(ret);
    Value status = func::CallOp::create(at, ret.getLoc(), endFn,
                                        ValueRange{call, synchronize})
                       .getResult(0);
    ret->setOperands(status);
  });
}

void CUDALowerHostPass::createWrappers() {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();
  Location loc = entry.getLoc();
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto wrapper = [&](StringRef name, unsigned numArgs, bool sync) {
    SmallVector<Type> inputs(numArgs, ptrType);
    auto fn = func::FuncOp::create(b, loc, name,
                                   b.getFunctionType(inputs, {b.getI32Type()}));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(fn.addEntryBlock());
    SmallVector<Value> args(fn.getArguments());
    if (numArgs == 3)
      args.push_back(LLVM::ZeroOp::create(b, loc, ptrType));
    args.push_back(arith::ConstantIntOp::create(b, loc, b.getI32Type(), sync));
    Value status = func::CallOp::create(b, loc, entry, args).getResult(0);
    func::ReturnOp::create(b, loc, status);
  };
  wrapper(symbolPrefix + "_run_on_stream", 4, /*sync=*/false);
  wrapper(symbolPrefix + "_run", 3, /*sync=*/true);
}

void CUDALowerHostPass::runOnOperation() {
  ModuleOp module = getOperation();
  for (auto fn : module.getOps<func::FuncOp>())
    if (fn->hasAttr("aotc.cuda.entry")) {
      if (entry) {
        fn.emitError("expected one function marked aotc.cuda.entry");
        return signalPassFailure();
      }
      entry = fn;
    }
  if (!entry) {
    module.emitError("expected a function marked aotc.cuda.entry (made by "
                     "aotc-cuda-generate-entry-point)");
    return signalPassFailure();
  }
  if (!entry.getBody().hasOneBlock() || entry.getNumArguments() != 4) {
    entry.emitError("expected the entry point of "
                    "aotc-cuda-generate-entry-point, with one block");
    return signalPassFailure();
  }
  if (failed(collectKernels()) || failed(collectWeights()) ||
      failed(collectTemporaries()))
    return signalPassFailure();

  std::string cubin;
  if (!ptxas.empty() && !ptx.empty()) {
    bool unsupportedArch = false;
    llvm::Expected<std::string> compiled =
        aotc::cuda::compilePTX(ptxas, ptx, gpuArch, unsupportedArch);
    if (!compiled) {
      module.emitError() << llvm::toString(compiled.takeError());
      return signalPassFailure();
    }
    cubin = std::move(*compiled);
    if (unsupportedArch)
      module.emitWarning() << ptxas << " cannot compile for " << gpuArch
                           << ": the object embeds the PTX alone, which the "
                              "driver compiles on the GPU";
  }

  converter = std::make_shared<LLVMTypeConverter>(&getContext());
  declareRuntime();
  createImage(cubin);
  rewriteEntry();
  createWrappers();

  if (binary)
    binary.erase();
  for (memref::GlobalOp global : globals)
    if (SymbolTable::symbolKnownUseEmpty(global, module))
      global.erase();
  module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  module->setAttr(
      "aotc.temp_bytes",
      IntegerAttr::get(IntegerType::get(&getContext(), 64), tempBytes));
}

} // namespace
